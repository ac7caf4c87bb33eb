"""Players: uniformly random, greedy, Monte Carlo tree search and alpha-beta.

One board: every agent has ``act(board) -> action`` for a board of the PettingZoo environments
(``env.unwrapped.board``) or the play window, and is seedable; :func:`act_in_env` plays one in an
AEC or Parallel env. Batches: :func:`random_actions` and :func:`greedy_actions` choose for every
board of an engine ``State`` at once, for evaluation loops over the vector env.
"""

from __future__ import annotations

from typing import Any

from othello_zoo.agents.alphabeta import AlphaBetaAgent
from othello_zoo.agents.baseline import (
    Agent,
    GreedyAgent,
    POSITIONAL_8x8,
    RandomAgent,
    act_in_env,
    greedy_actions,
    positional_weights,
    random_actions,
)
from othello_zoo.agents.mcts import MCTSAgent

__all__ = [
    "AGENTS",
    "Agent",
    "AlphaBetaAgent",
    "GreedyAgent",
    "MCTSAgent",
    "POSITIONAL_8x8",
    "RandomAgent",
    "act_in_env",
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
    if name not in AGENTS:
        raise ValueError(f"agent must be one of {sorted(AGENTS)}, got {name!r}")
    if name == "greedy":
        return GreedyAgent()
    return AGENTS[name](seed=seed, **kwargs)
