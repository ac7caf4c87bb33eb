"""Helpers for testing engines and environments: perft and random play.

Perft counts the leaves of the game tree to a fixed depth, expanding a whole ply as one batch.
A forced pass counts as a ply and a finished game as one leaf (the published convention for
Othello perft: 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288 from the start position).
"""

from __future__ import annotations

import torch

from othello_zoo import engine
from othello_zoo.engine import Backend, State

__all__ = ["PERFT_START", "expand", "perft", "random_play"]

PERFT_START: tuple[int, ...] = (1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571284)


def expand(state: State) -> State:
    """All children of all boards: one board per legal action (a finished board is its own child)."""
    boards, actions = engine.legal_action_mask(state).nonzero(as_tuple=True)
    return engine.step(state[boards], actions)


def perft(depth: int, state: State | None = None, backend: Backend = "auto", chunk: int = 1 << 16) -> int:
    """Leaf count of the game tree ``depth`` plies below ``state`` (default: the start).

    Boards are expanded a ply at a time in chunks of at most ``chunk`` boards; the last ply is
    counted from the legal-action masks without being played.

    >>> [perft(d) for d in range(1, 6)]
    [4, 12, 56, 244, 1396]
    """
    if depth < 0:
        raise ValueError(f"depth must be >= 0, got {depth}")
    state = state if state is not None else engine.init(1, backend=backend)
    if depth == 0:
        return state.batch_size
    frontier = [state]
    for _ in range(depth - 1):
        children = [expand(part[i : i + chunk]) for part in frontier for i in range(0, part.batch_size, chunk)]
        frontier = children
    return sum(
        int(engine.legal_action_mask(part[i : i + chunk]).sum())
        for part in frontier
        for i in range(0, part.batch_size, chunk)
    )


def random_play(state: State, plies: int, generator: torch.Generator) -> State:
    """``state`` after ``plies`` uniformly random legal actions on every board."""
    for _ in range(plies):
        state = engine.step(state, engine.random_actions(state, generator))
    return state
