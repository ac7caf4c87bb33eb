"""Players: uniformly random, greedy, Monte Carlo tree search and alpha-beta.

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

from typing import Any

from othello_zoo._checks import check_seed
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
from othello_zoo.agents.mcts import MCTSAgent

__all__ = [
    "AGENTS",
    "Agent",
    "AlphaBetaAgent",
    "BoardAgent",
    "GreedyAgent",
    "MCTSAgent",
    "POSITIONAL_8x8",
    "RandomAgent",
    "act_in_env",
    "board_from_observation",
    "greedy_actions",
    "make_agent",
    "positional_weights",
    "random_actions",
]

AGENTS: dict[str, type] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "mcts": MCTSAgent,
    "alphabeta": AlphaBetaAgent,
}


def make_agent(name: str, seed: int | None = None, **kwargs: Any) -> Any:
    """An agent by name (``"random"``, ``"greedy"``, ``"mcts"``, ``"alphabeta"``); ``kwargs`` go to its
    constructor."""
    if not isinstance(name, str) or name not in AGENTS:
        raise ValueError(f"agent must be one of {sorted(AGENTS)}, got {name!r}")
    if name == "greedy":
        if kwargs:
            raise TypeError(f"the greedy agent takes no options, got {sorted(kwargs)}")
        check_seed("seed", seed)
        return GreedyAgent()
    return AGENTS[name](seed=seed, **kwargs)
