"""``othello-zoo bench --compare-azg [PATH]``: the cost of a move through the alpha-zero-general
adapter (:class:`othello_zoo.compat.alphazero.OthelloGame`), and beside it, from a checkout of
`alpha-zero-general <https://github.com/suragnair/alpha-zero-general>`_ at ``PATH`` (a folder
holding its ``Game.py`` and ``othello/OthelloGame.py``), the cost of a move through that
framework's own ``othello.OthelloGame``, and the ratio of the two.

A move is what a game loop or a tree search asks of a new position: ``getGameEnded``, then
``getValidMoves``, then ``getNextState`` for the action played. Both games answer for the same
seeded list of positions reached by random play (:func:`unseen_plies`), chosen so that none of them
is a position the adapter has seen before, nor one a previous ``getNextState`` led to: the adapter
remembers positions, and a position it remembers costs it almost nothing. Each round gives the
adapter a fresh :class:`~othello_zoo.compat.alphazero.OthelloGame` (its memory empty); the two
games' rounds alternate, and each keeps its fastest round (``timeit``'s convention), so a busy moment
of a shared machine weighs on both alike.
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from othello_zoo.compat.alphazero import OthelloGame
from othello_zoo.core.board import Board
from othello_zoo.core.rules import BLACK

__all__ = [
    "ADAPTER",
    "AZG",
    "RATIO",
    "GameInterface",
    "Ply",
    "azg_checkout",
    "compat_per_move",
    "load_azg_game",
    "print_compat",
    "unseen_plies",
    "us_per_move",
]

ADAPTER = "othello_zoo.compat.alphazero.OthelloGame"
AZG = "alpha-zero-general othello.OthelloGame"
RATIO = "ratio (othello_zoo / alpha-zero-general)"


class GameInterface(Protocol):
    """The three methods of alpha-zero-general's ``Game`` that a move asks for."""

    def getGameEnded(self, board: Any, player: int) -> Any: ...  # noqa: N802

    def getValidMoves(self, board: Any, player: int) -> Any: ...  # noqa: N802

    def getNextState(self, board: Any, player: int, action: int) -> Any: ...  # noqa: N802


@dataclass(frozen=True)
class Ply:
    """A position and the action played from it."""

    board: np.ndarray  # int8 (n, n): 1 for player 1 (black), -1 for player -1 (white), 0 empty
    player: int  # who moves: 1 or -1
    action: int  # 0 .. n*n - 1 a placement, n*n the pass


def _numpy_board(board: Board) -> np.ndarray:
    """int8 ``(n, n)``: black's discs 1, white's -1."""
    planes = board.planes(BLACK).astype(np.int8)
    numpy_board: np.ndarray = (planes[0] - planes[1]).reshape(board.board_size, board.board_size)
    return numpy_board


def unseen_plies(count: int, board_size: int = 8, seed: int = 0) -> list[Ply]:
    """``count`` plies of random games (uniform legal actions, passes included, seeded), each from a
    position that is neither an earlier ply's position nor where an earlier ply's action leads
    (positions compared as the mover sees them, as the adapter remembers them)."""
    rng = random.Random(seed)
    seen: set[tuple[int, int]] = set()
    plies: list[Ply] = []
    while len(plies) < count:
        board = Board.start(board_size)
        while not board.terminated and len(plies) < count:
            action = rng.choice(board.legal_actions())
            after = board.step(action)
            here, there = (board.own, board.opp), (after.own, after.opp)
            if here not in seen and there not in seen:
                seen.update((here, there))
                player = 1 if board.current_player == BLACK else -1
                plies.append(Ply(_numpy_board(board), player, action))
            board = after
    return plies


def us_per_move(game: GameInterface, plies: Sequence[Ply], boards: Sequence[Any] | None = None) -> float:
    """Microseconds per ply of ``getGameEnded``, ``getValidMoves`` and ``getNextState`` (the ply's
    action) on each ply's position; ``boards`` stands in for the plies' boards (another dtype)."""
    arrays = boards if boards is not None else [ply.board for ply in plies]
    moves = [(board, ply.player, ply.action) for board, ply in zip(arrays, plies, strict=True)]
    ended, valid, following = game.getGameEnded, game.getValidMoves, game.getNextState
    start = time.perf_counter()
    for board, player, action in moves:
        ended(board, player)
        valid(board, player)
        following(board, player, action)
    return (time.perf_counter() - start) / len(moves) * 1e6


def azg_checkout(text: str) -> str:
    """The ``--compare-azg`` argument: a folder holding ``othello/OthelloGame.py`` (a usage message
    and exit status 2 otherwise), or ``""`` (the flag given without one: the adapter alone)."""
    if text and not (Path(text) / "othello" / "OthelloGame.py").is_file():
        raise argparse.ArgumentTypeError(f"{text!r} holds no othello/OthelloGame.py (an alpha-zero-general checkout)")
    return text


def load_azg_game(path: str | Path) -> type[Any]:
    """alpha-zero-general's ``othello.OthelloGame`` class from the checkout at ``path`` (its
    ``othello/OthelloGame.py``, and the ``Game.py`` it imports). ``sys.path`` and the modules already
    imported are left as they were (its module appends ``..`` to ``sys.path``).

    Raises:
        FileNotFoundError: ``path`` holds no ``othello/OthelloGame.py``.
    """
    folder = Path(path).resolve()
    if not (folder / "othello" / "OthelloGame.py").is_file():
        raise FileNotFoundError(f"{str(path)!r} holds no othello/OthelloGame.py (an alpha-zero-general checkout)")
    names = ("Game", "othello")
    ours = [name for name in sys.modules if name in names or name.startswith("othello.")]
    kept_modules, kept_path = {name: sys.modules.pop(name) for name in ours}, list(sys.path)
    sys.path.insert(0, str(folder))
    try:
        module = importlib.import_module("othello.OthelloGame")
    finally:
        sys.path[:] = kept_path
        for name in [name for name in sys.modules if name in names or name.startswith("othello.")]:
            del sys.modules[name]
        sys.modules.update(kept_modules)
    game_class: type[Any] = module.OthelloGame
    return game_class


def compat_per_move(
    azg_path: str | Path | None = None,
    board_size: int = 8,
    positions: int = 400,
    repeats: int = 5,
    seed: int = 0,
) -> dict[str, float]:
    """Microseconds per move of the adapter (:data:`ADAPTER`) and, with ``azg_path``, of
    alpha-zero-general's own game (:data:`AZG`) and their ratio (:data:`RATIO`): each the fastest of
    ``repeats`` rounds over the same :func:`unseen_plies`. alpha-zero-general gets its own board
    type (int64 arrays, as its ``getInitBoard`` gives); the adapter its own (int8)."""
    plies = unseen_plies(positions, board_size, seed)
    azg_class = load_azg_game(azg_path) if azg_path is not None else None
    azg_boards = [ply.board.astype(np.int64) for ply in plies]
    warm_up = unseen_plies(20, board_size, seed + 1)  # code paths taken once, tables built
    us_per_move(OthelloGame(board_size), warm_up)
    if azg_class is not None:
        us_per_move(azg_class(board_size), warm_up, [ply.board.astype(np.int64) for ply in warm_up])
    adapter, azg = float("inf"), float("inf")
    for _ in range(repeats):
        adapter = min(adapter, us_per_move(OthelloGame(board_size), plies))
        if azg_class is not None:
            azg = min(azg, us_per_move(azg_class(board_size), plies, azg_boards))
    if azg_class is None:
        return {ADAPTER: adapter}
    return {ADAPTER: adapter, AZG: azg, RATIO: adapter / azg}


def print_compat(azg_path: str | Path | None, board_size: int = 8, **settings: int) -> dict[str, float]:
    """Measures (:func:`compat_per_move`) and prints the rows; returns them."""
    figures = compat_per_move(azg_path, board_size, **settings)
    print(
        f"\nalpha-zero-general Game, {board_size}x{board_size}: getGameEnded + getValidMoves + getNextState "
        "per move on unseen positions of random play (us per move)"
    )
    for name, value in figures.items():
        if name == RATIO:
            print(f"  {name:<42} {value:8.2f}x")
        else:
            print(f"  {name:<42} {value:8.1f} us")
    if azg_path is None:
        print("  (--compare-azg PATH, a folder holding alpha-zero-general's checkout: its own game beside it)")
    return figures
