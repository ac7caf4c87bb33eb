"""The facts of the game, each written once: geometry, the start, the end and the result.

Every other module asks this one: the kernels (:mod:`othello_zoo.engine`), the single board
(:mod:`othello_zoo.core.board`), the environments, the agents and solvers, the ``compat`` adapters.
None of them works out a start position, a winner, a sign or a margin of its own.

The functions on results take Python numbers or torch tensors alike (a batch of boards), so the
single-board path and the batched engine share them line for line.

Facts and where they live:

=====================================  ===============================================
fact                                   function
=====================================  ===============================================
the 8 directions, rays on the board    :data:`DIRECTIONS`, :func:`ray`, :func:`rays_from`
the start position                     :func:`start_squares`, :func:`start_bits`
the end of the game                    :func:`game_over`
the result for the side to move        :func:`mover_result` (sign or margin; forfeits)
the other player's reward              :func:`split_result`
rewards by colour                      :func:`by_colour`
the exact score (empties to winner)    :func:`exact_score`
=====================================  ===============================================

>>> start_squares(8)
((28, 35), (27, 36))
>>> mover_result(12, forfeited=False, board_size=8)
1.0
>>> split_result(mover_result(-3, forfeited=False, board_size=8), forfeited=False)
(-1.0, 1.0)
>>> exact_score(30, 20, 64)  # 14 empties go to the winner
24
"""

from __future__ import annotations

import functools
from typing import TypeVar, overload

import torch
from torch import Tensor

__all__ = [
    "AGENTS",
    "BLACK",
    "DIRECTIONS",
    "WHITE",
    "by_colour",
    "direction_tables",
    "exact_score",
    "game_over",
    "game_over_where",
    "mover_result",
    "outcome_sign",
    "ray",
    "rays_from",
    "split_result",
    "start_bits",
    "start_squares",
]

BLACK, WHITE = 0, 1  # colours; black moves first
AGENTS: tuple[str, str] = ("black_0", "white_0")  # the PettingZoo agent of each colour

# (row step, column step): N, S, W, E, NW, NE, SW, SE. Rows grow downwards (rank 1 is row 0).
DIRECTIONS: tuple[tuple[int, int], ...] = ((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (-1, 1), (1, -1), (1, 1))

Number = TypeVar("Number", float, Tensor)  # an int counts as a float
Value = TypeVar("Value", int, float, Tensor)


# -- geometry ---------------------------------------------------------------------------------------
def ray(n: int, square: int, dr: int, dc: int, length: int) -> list[int]:
    """The ``length`` squares after ``square`` along ``(dr, dc)``, or ``[]`` if the ray leaves the board.

    >>> ray(8, 0, 1, 1, 3)
    [9, 18, 27]
    >>> ray(8, 7, 0, 1, 1)
    []
    """
    whole = rays_from(n, square)[DIRECTIONS.index((dr, dc))]
    return list(whole[:length]) if len(whole) >= length else []


@functools.cache
def rays_from(n: int, square: int) -> tuple[tuple[int, ...], ...]:
    """The squares after ``square`` in each of the 8 :data:`DIRECTIONS`, up to the edge of the board.

    >>> rays_from(4, 0)[3], rays_from(4, 0)[7]
    ((1, 2, 3), (5, 10, 15))
    """
    row, col = divmod(square, n)
    rays = []
    for dr, dc in DIRECTIONS:
        on_board = (t for t in range(1, n) if 0 <= row + t * dr < n and 0 <= col + t * dc < n)
        rays.append(tuple((row + t * dr) * n + col + t * dc for t in on_board))
    return tuple(rays)


# -- the start --------------------------------------------------------------------------------------
@functools.cache
def start_squares(n: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """``(black, white)`` squares of the start: the central 2 x 2, black on e4 and d5 (n = 8).

    >>> start_squares(4)
    ((6, 9), (5, 10))
    """
    c = n // 2 - 1
    d4, e4, d5, e5 = c * n + c, c * n + c + 1, (c + 1) * n + c, (c + 1) * n + c + 1
    return (e4, d5), (d4, e5)


def start_bits(n: int) -> tuple[int, int]:
    """``(black, white)`` bit sets of the start (bit ``s`` is square ``s``); black moves first.

    >>> [hex(bits) for bits in start_bits(8)]
    ['0x810000000', '0x1008000000']
    """
    black, white = start_squares(n)
    return sum(1 << s for s in black), sum(1 << s for s in white)


# -- the end ----------------------------------------------------------------------------------------
@overload
def game_over(mover_moves: int, opponent_moves: int) -> bool: ...
@overload
def game_over(mover_moves: Tensor, opponent_moves: Tensor) -> Tensor: ...
def game_over(mover_moves: int | Tensor, opponent_moves: int | Tensor) -> bool | Tensor:
    """The game is over when neither side has a placement (a full board included): nobody is
    asked to pass twice. Takes the two sides' legal placements as bit sets (Python ints, or int64
    tensors ``(B,)``), where 0 means none, or bool tensors ``(B,)``: the side has a placement.

    >>> game_over(0, 0), game_over(0, 0b100)
    (True, False)
    """
    if isinstance(mover_moves, Tensor):
        return (mover_moves | opponent_moves) == 0  # also for bool "has a move" tensors
    return mover_moves == 0 and opponent_moves == 0


def game_over_where(mover_moves: Tensor, opponent_moves: Tensor) -> Tensor:
    """:func:`game_over` on int64 ``(B,)`` placement sets, written as ``torch.where(mover has none, opponent has
    none, False)``: the opponent's moves matter only where the mover has none (a few boards in a hundred), and
    under ``torch.compile`` the C++ compiler computes a ``where``'s operand in a branch taken only there (the
    compiled engine step, :func:`othello_zoo.engine.fused.play_words`). The same values as :func:`game_over`.

    >>> game_over_where(torch.tensor([0, 0, 4]), torch.tensor([0, 8, 0])).tolist()
    [True, False, False]
    """
    return torch.where(mover_moves == 0, opponent_moves == 0, False)


# -- the result -------------------------------------------------------------------------------------
def outcome_sign(difference: Number) -> Number:
    """+1 / -1 / 0 for a disc difference above, below or at zero (a float, or a float tensor).

    >>> outcome_sign(-7), outcome_sign(0)
    (-1.0, 0.0)
    """
    if isinstance(difference, Tensor):
        return torch.sign(difference.float())
    return float((difference > 0) - (difference < 0))


def mover_result(difference: Number, forfeited: bool | Tensor, board_size: int, margin: bool = False) -> Number:
    """The result of a finished game for its player to move, from that player's disc difference.

    +1 / -1 / 0 by disc count, or with ``margin=True`` the difference divided by ``n * n``
    (in -1..1). A forfeit (an illegal action, always by the player to move, who keeps the turn)
    is -1 whatever the discs. On tensors every argument is a ``(B,)`` batch.

    >>> mover_result(10, forfeited=True, board_size=8), mover_result(-16, False, 8, margin=True)
    (-1.0, -0.25)
    """
    value = difference / board_size**2 if margin else outcome_sign(difference)
    if isinstance(value, Tensor):
        return torch.where(forfeited, -1.0, value.float())  # type: ignore[arg-type]
    return -1.0 if forfeited else float(value)  # type: ignore[return-value]


def split_result(result: Number, forfeited: bool | Tensor) -> tuple[Number, Number]:
    """``(player to move, other player)`` rewards from :func:`mover_result`: a zero-sum game, except
    that a forfeit gives the other player 0 (PettingZoo's rule for illegal moves).

    The other's reward is written ``0.0 - result``, so that a draw gives 0.0, never -0.0.

    >>> split_result(1.0, False), split_result(-1.0, True), split_result(0.0, False)
    ((1.0, -1.0), (-1.0, 0.0), (0.0, 0.0))
    """
    if isinstance(result, Tensor):
        return result, torch.where(forfeited, 0.0, 0.0 - result)  # type: ignore[arg-type, return-value]
    return result, (0.0 if forfeited else 0.0 - result)  # type: ignore[return-value]


def by_colour(to_move: Value, other: Value, current_player: int | Tensor) -> tuple[Value, Value]:
    """``(black, white)`` from the rewards of the player to move and of the other player.

    >>> by_colour(1.0, -1.0, WHITE)
    (-1.0, 1.0)
    """
    if isinstance(current_player, Tensor):
        black_moves = current_player == BLACK
        return torch.where(black_moves, to_move, other), torch.where(black_moves, other, to_move)  # type: ignore[arg-type, return-value]
    return (to_move, other) if current_player == BLACK else (other, to_move)


def exact_score(own: int, opp: int, squares: int) -> int:
    """The disc difference of a finished game for the owner of ``own`` discs (counts), with the
    ``squares - own - opp`` empty squares credited to the winner: the convention of the FFO
    endgame suite and of tournament scores.

    >>> exact_score(20, 30, 64), exact_score(25, 25, 64)
    (-24, 0)
    """
    diff = own - opp
    empties = squares - own - opp
    return diff + empties if diff > 0 else diff - empties if diff < 0 else 0


@functools.cache
def direction_tables(n: int) -> tuple[list[int], list[int], list[int], list[int]]:
    """Per direction: left and right shift amounts (one is 0) and the unsigned bit masks
    ``interior`` (squares with a neighbour on both sides along it: the ones a run can hold) and
    ``target`` (squares reached by one step along it from a square of the board)."""
    left, right, interior, target = [], [], [], []
    for dr, dc in DIRECTIONS:
        delta = dr * n + dc
        left.append(max(delta, 0))
        right.append(max(-delta, 0))
        inner = outer = 0
        for s in range(n * n):
            if ray(n, s, dr, dc, 1) and ray(n, s, -dr, -dc, 1):
                inner |= 1 << s
            if ray(n, s, -dr, -dc, 1):
                outer |= 1 << s
        interior.append(inner)
        target.append(outer)
    return left, right, interior, target
