"""Baseline players: uniformly random and greedy, for one board or for whole batches.

One board: :class:`RandomAgent` and :class:`GreedyAgent` share the small :class:`Agent`
interface, ``act(board) -> action``, for a board of the PettingZoo environments
(``env.unwrapped.board``) or the play window; :func:`act_in_env` plays one in an AEC env.

Batches: :func:`random_actions` and :func:`greedy_actions` take an engine ``State`` and return one
action per board, as opponents in evaluation loops over :func:`othello_zoo.othello_v0.vector_env`.

>>> import torch
>>> from othello_zoo import engine
>>> state = engine.from_text(["---------------------------OX------XXX-------------------------- O"])
>>> greedy_actions(state).tolist()  # white after f5: d6, f4 and f6 all flip one; f4 ranks first
[29]
"""

from __future__ import annotations

import functools
import random
from typing import Any, Protocol

import torch
from torch import Tensor

from othello_zoo import engine
from othello_zoo._scalar import as_scalar, scalar_rules
from othello_zoo._single import Board
from othello_zoo.engine import State

__all__ = [
    "Agent",
    "GreedyAgent",
    "POSITIONAL_8x8",
    "RandomAgent",
    "act_in_env",
    "greedy_actions",
    "positional_weights",
    "random_actions",
]

# A classic positional table: corners best, the squares next to them worst.
POSITIONAL_8x8 = (
    (100, -20, 10, 5, 5, 10, -20, 100),
    (-20, -50, -2, -2, -2, -2, -50, -20),
    (10, -2, 1, 1, 1, 1, -2, 10),
    (5, -2, 1, 0, 0, 1, -2, 5),
    (5, -2, 1, 0, 0, 1, -2, 5),
    (10, -2, 1, 1, 1, 1, -2, 10),
    (-20, -50, -2, -2, -2, -2, -50, -20),
    (100, -20, 10, 5, 5, 10, -20, 100),
)


@functools.cache
def positional_weights(board_size: int, device: torch.device) -> Tensor:
    """float32 ``(n*n + 1,)`` square weights (the 8x8 table; corners and their neighbours on other
    sizes), with 0 for the null action."""
    n = board_size
    if n == 8:
        values = [v for row in POSITIONAL_8x8 for v in row]
    else:
        values = []
        for r in range(n):
            for c in range(n):
                edge_r, edge_c = min(r, n - 1 - r), min(c, n - 1 - c)
                if edge_r == 0 and edge_c == 0:
                    values.append(100)
                elif edge_r <= 1 and edge_c <= 1:
                    values.append(-30)
                elif edge_r == 0 or edge_c == 0:
                    values.append(5)
                else:
                    values.append(0)
    return torch.tensor([*values, 0], dtype=torch.float32, device=device)


def random_actions(state: State, generator: torch.Generator) -> Tensor:
    """A uniformly random legal action per board (see :func:`othello_zoo.engine.random_actions`)."""
    return engine.random_actions(state, generator)


def greedy_actions(state: State) -> Tensor:
    """The legal action that flips the most discs, ties broken by the positional table (then by
    the lowest square). Plays every legal move of every board as one batch."""
    mask = engine.legal_action_mask(state)
    boards, actions = mask.nonzero(as_tuple=True)
    children = engine.step(state[boards], actions)
    mover = state.current_player[boards]
    gained = engine.scores(children).gather(1, mover.unsqueeze(1)).squeeze(1)  # the mover's discs after
    weights = positional_weights(state.board_size, state.device)
    # Flips dominate; the table (|w| <= 100) breaks ties; the lowest square breaks the rest. An
    # integer key keeps every digit (a float32 one would lose the last tie-break).
    key = gained * 1_000_000 + (weights[actions].long() + 500) * 1000 + (999 - actions)
    best = torch.full((state.batch_size,), -1, dtype=torch.int64, device=state.device)
    best = best.scatter_reduce(0, boards, key, reduce="amax")
    chosen = key == best[boards]
    out = torch.full((state.batch_size,), state.board_size**2, dtype=torch.int64, device=state.device)
    return out.scatter(0, boards[chosen], actions[chosen])


class Agent(Protocol):
    """A player: chooses a legal action for the side to move on one board."""

    name: str

    def act(self, board: Board) -> int: ...


class RandomAgent:
    """Uniformly random legal actions; ``seed`` makes it reproducible."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, board: Board) -> int:
        return self.rng.choice(board.legal_actions())


class GreedyAgent:
    """The legal action that flips the most discs; ties by the positional table, then the lowest
    square (the same choice as :func:`greedy_actions`)."""

    name = "greedy"

    def act(self, board: Board) -> int:
        legal = board.legal_actions()
        n = board.board_size
        if legal == [n * n]:
            return legal[0]
        scalar = as_scalar(board)
        rules = scalar_rules(n)
        weights = positional_weights(n, torch.device("cpu")).tolist()

        def key(action: int) -> tuple[int, float, int]:
            return rules.flips(scalar.own, scalar.opp, 1 << action).bit_count(), weights[action], -action

        return max(legal, key=key)


def act_in_env(agent: Agent, env: Any) -> int:
    """``agent``'s action for the agent to move in an ``othello_v0`` AEC or Parallel env."""
    return agent.act(env.unwrapped.board)
