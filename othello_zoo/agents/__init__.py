"""Players: uniformly random, greedy, Monte Carlo tree search (batched, and plain UCT), alpha-beta and AlphaZero.

One board: every agent has ``act(observation) -> action``, where ``observation`` is what a
PettingZoo loop has in hand (the dict ``{"observation", "action_mask"}`` of the agent about to
act: ``env.last()[0]`` in the AEC env, ``observations[agent]`` in the Parallel env), or a board of
the environments (``env.unwrapped.board``) or the play window; agents are seedable.
``act_batch(observation, action_mask)`` chooses for a batch, such as the vector env's
``observe_movers()``. :func:`random_actions` and :func:`greedy_actions` choose for every board of
an engine ``State`` at once, for evaluation loops over the vector env.

>>> from othello_zoo import othello_v0
>>> env = othello_v0.env()
>>> env.reset(seed=0)
>>> agent = make_agent("greedy")
>>> for name in env.agent_iter():
...     observation, reward, termination, truncation, info = env.last()
...     env.step(None if termination or truncation else agent.act(observation))
>>> info["scores"]
(31, 33)
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from typing import Any

from othello_zoo.agents.alphabeta import AlphaBetaAgent
from othello_zoo.agents.baseline import (
    Agent,
    BoardAgent,
    GreedyAgent,
    POSITIONAL_8x8,
    RandomAgent,
    act_in_env,
    board_from_observation,
    greedy_actions,
    positional_weights,
    random_actions,
)
from othello_zoo.agents.endgame import Solution
from othello_zoo.agents.mcts import MCTSAgent
from othello_zoo.agents.uct import UCTAgent
from othello_zoo.core.checks import check_seed

__all__ = [
    "AGENT_CLASSES",
    "Agent",
    "AgentRegistry",
    "AlphaBetaAgent",
    "AlphaZeroAgent",
    "BoardAgent",
    "GreedyAgent",
    "MCTSAgent",
    "POSITIONAL_8x8",
    "RandomAgent",
    "Solution",
    "UCTAgent",
    "act_in_env",
    "board_from_observation",
    "greedy_actions",
    "make_agent",
    "positional_weights",
    "random_actions",
]


class AgentRegistry(Mapping[str, type]):
    """Agent classes by name, each given as ``"module:Class"`` and imported when first looked up, so that an
    agent built on a higher layer (the AlphaZero agent of ``othello_zoo.alphazero``) joins without this
    folder importing it. :meth:`register` adds one."""

    def __init__(self, entry_points: Mapping[str, str]) -> None:
        self._entry_points = dict(entry_points)

    def register(self, name: str, entry_point: str) -> None:
        """Add (or replace) ``name``: ``entry_point`` is ``"package.module:Class"``."""
        if not isinstance(entry_point, str) or entry_point.count(":") != 1:
            raise ValueError(f"entry_point must be 'package.module:Class', got {entry_point!r}")
        self._entry_points[name] = entry_point

    def __getitem__(self, name: str) -> type:
        module, _, attribute = self._entry_points[name].partition(":")
        found: type = getattr(importlib.import_module(module), attribute)
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(self._entry_points)

    def __len__(self) -> int:
        return len(self._entry_points)

    def __repr__(self) -> str:
        return f"AgentRegistry({self._entry_points!r})"


AGENT_CLASSES = AgentRegistry(
    {
        "random": "othello_zoo.agents.baseline:RandomAgent",
        "greedy": "othello_zoo.agents.baseline:GreedyAgent",
        "mcts": "othello_zoo.agents.mcts:MCTSAgent",
        "alphabeta": "othello_zoo.agents.alphabeta:AlphaBetaAgent",
        "az": "othello_zoo.alphazero.agent:AlphaZeroAgent",
        "uct": "othello_zoo.agents.uct:UCTAgent",
    }
)
"""The built-in agents' classes by the names :func:`make_agent` takes (a read-only mapping; the classes are
imported on first use)."""


def __getattr__(name: str) -> Any:
    """``AlphaZeroAgent``, imported on first use: it is built on :mod:`othello_zoo.alphazero`, which imports this
    folder."""
    if name == "AlphaZeroAgent":
        return AGENT_CLASSES["az"]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def make_agent(name: str, seed: int | None = None, **kwargs: Any) -> Any:
    """An agent by name (``"random"``, ``"greedy"``, ``"mcts"``, ``"alphabeta"``, ``"az"``, ``"uct"``); ``kwargs``
    go to its constructor (``make_agent("az", board_size=6)`` loads the shipped 6 x 6 network)."""
    if not isinstance(name, str) or name not in AGENT_CLASSES:
        raise ValueError(f"agent must be one of {sorted(AGENT_CLASSES)}, got {name!r}")
    if name == "greedy":
        if kwargs:
            raise TypeError(f"the greedy agent takes no options, got {sorted(kwargs)}")
        check_seed("seed", seed)
        return GreedyAgent()
    return AGENT_CLASSES[name](seed=seed, **kwargs)
