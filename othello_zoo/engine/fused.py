"""The bitboard kernel's step on int64 words, written for ``torch.compile`` to fuse.

The eager engine runs a step as some 40 whole-batch torch operations, each a pass over memory, or on a GPU a kernel
launch. Here the step is one function of ``(B,)`` words with the 8 directions unrolled and every shift amount and
mask a Python-int constant, so that inductor fuses it into a few loops (C++ with OpenMP on the CPU, Triton on a
GPU), together with whatever its caller does around it. It is the bitboard kernel's rules
(:mod:`othello_zoo.core.fill`, boards up to 8 x 8) and plays exactly the eager engine's games: the same boards from
the same actions or the same random numbers (:func:`play_words`). Its callers: the vector env's compiled step on the
bitboard kernel's boards (:mod:`othello_zoo.env.fused`, which adds the env's rewards and autoreset), the Gymnasium
env's and the compiled search; boards past 8 x 8 take :mod:`othello_zoo.engine.wide`.

Every operation stays inside the int64 range (see :func:`popcount`): inductor writes C++ on ``int64_t``, where a
signed overflow is undefined behaviour the compiler may optimise on.
"""

from __future__ import annotations

from typing import NamedTuple

import torch
from torch import Tensor

from othello_zoo.core import rules
from othello_zoo.core.fill import occluded_fill, ray_moves
from othello_zoo.core.rules import direction_tables
from othello_zoo.engine.words import signed

__all__ = [
    "Rays",
    "WordsStep",
    "bits",
    "flips",
    "pack",
    "placements",
    "play_words",
    "popcount",
    "random_square",
    "rays",
    "running_counts",
    "square_of_rank",
]


class Rays(NamedTuple):
    """One direction of the board: its shift amounts and its masks, as int64-valued Python ints."""

    left: int
    right: int
    interior: int
    target: int


def _directions(n: int) -> tuple[Rays, ...]:
    left, right, interior, target = direction_tables(n)
    return tuple(
        Rays(lf, rt, signed(inner), signed(outer))
        for lf, rt, inner, outer in zip(left, right, interior, target, strict=True)
    )


_RAYS: dict[int, tuple[Rays, ...]] = {n: _directions(n) for n in (4, 6, 8)}  # every size one word holds


def rays(n: int) -> tuple[Rays, ...]:
    """The 8 directions of the ``n x n`` board (4, 6 or 8): shift amounts and masks as int64-valued Python ints,
    worked out at import, so that ``torch.compile`` finds them as constants (tracing their computation took tens of
    seconds)."""
    return _RAYS[n]


def _amounts(ray: Rays, rounds: int) -> tuple[list[int], list[int]]:
    return [ray.left << k for k in range(rounds)], [ray.right << k for k in range(rounds)]


def placements(own: Tensor, opp: Tensor, table: tuple[Rays, ...]) -> Tensor:
    """int64 ``(B,)``: the legal placements of the side owning ``own`` (the 8 directions unrolled)."""
    moves = torch.zeros_like(own)
    for ray in table:
        left, right = _amounts(ray, 3)
        moves = moves | ray_moves(own, opp & ray.interior, left, right)
    return moves & ~(own | opp)


def flips(own: Tensor, opp: Tensor, placed: Tensor, table: tuple[Rays, ...]) -> Tensor:
    """int64 ``(B,)``: the opponent discs that a disc of ``own`` on the single bit ``placed`` (or none) flips
    (:func:`~othello_zoo.core.fill.ray_flips`, its run kept by a select rather than ``-closed``, which overflows
    for the sign bit)."""
    flipped = torch.zeros_like(own)
    for ray in table:
        left, right = _amounts(ray, 3)
        pro = opp & ray.interior
        run = occluded_fill(placed, pro, left, right)
        closed = (run << ray.left if ray.left else run >> ray.right) & (own & ray.target)
        flipped = flipped | torch.where(closed != 0, run & pro, 0)
    return flipped


# Overflow-free bit counting. Inductor writes the step as C++ on int64_t, where a signed overflow is undefined
# behaviour that the compiler may optimise on: the engine's SWAR counts (a multiply by 0x0101...01 that wraps, a
# subtraction below INT64_MIN) gave wrong moves once compiled. Here no operation leaves the int64 range; left
# shifts past bit 63 drop bits, which GCC and Clang define.
_LOW63 = (1 << 63) - 1
_ONES7 = 0x0001010101010101  # 1 in each of the 7 low bytes
_HIGH7 = 0x0080808080808080  # the high bit of each of the 7 low bytes


def _byte_counts(words: Tensor) -> Tensor:
    """int64: byte ``i`` holds the set bits of byte ``i`` of each word."""
    low = words & _LOW63  # the sign bit counted apart: every value below stays non-negative
    x = low - ((low >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return x + (((words >> 63) & 1) << 56)


def popcount(words: Tensor) -> Tensor:
    """int64: the set bits of each word."""
    x = _byte_counts(words)
    x = x + (x >> 8)
    x = x + (x >> 16)
    x = x + (x >> 32)
    return x & 0x7F


def random_square(moves: Tensor, uniform: Tensor, select: Tensor) -> Tensor:
    """int64: the set bit of rank ``min(floor(uniform * count), count - 1)`` in each word, 64 where it is empty:
    :func:`othello_zoo.engine.words.random_bit` exactly, in overflow-free operations."""
    running = running_counts(moves)
    total = running >> 56
    rank = torch.minimum((uniform * total).to(torch.int64), total - 1).clamp(min=0)
    return torch.where(total == 0, 64, square_of_rank(moves, running, rank, select))


def running_counts(words: Tensor) -> Tensor:
    """int64: byte ``i`` holds the set bits of bytes ``0..i`` of each word (at most 64; the top byte: the count)."""
    running = _byte_counts(words)
    running = running + (running << 8)
    running = running + (running << 16)
    return running + (running << 32)


def square_of_rank(words: Tensor, running: Tensor, rank: Tensor, select: Tensor) -> Tensor:
    """int64: the position of the set bit of rank ``rank`` (below the word's count) in each word, ``running`` its
    :func:`running_counts`, ``select`` :class:`~othello_zoo.engine.words.ByteTables`' ``byte_select_flat``."""
    # The byte holding the rank: the number of low bytes whose running count is at most the rank (the top
    # byte's, the total, never is), found bytewise as (rank | 0x80) - count, with no borrow between bytes.
    at_most = (((rank * _ONES7) | _HIGH7) - (running & 0x00FFFFFFFFFFFFFF)) & _HIGH7
    at_most = at_most >> 7
    at_most = at_most + (at_most >> 8)
    at_most = at_most + (at_most >> 16)
    shift = ((at_most + (at_most >> 32)) & 0xF) * 8
    within = rank - (((running << 8) >> shift) & 0xFF)  # the rank among the bits of that byte
    value = (words >> shift) & 0xFF
    return shift + select[value * 8 + within]


def bits(words: Tensor, count: int) -> Tensor:
    """int64 ``(*words.shape, count)``: bits ``0..count-1`` of each word, 0 or 1."""
    index = torch.arange(count, dtype=torch.int64, device=words.device)
    return (words.unsqueeze(-1) >> index) & 1


class WordsStep(NamedTuple):
    """What :func:`play_words` returns: the next position's words and flags, and what was played."""

    own: Tensor  # int64 (B,): the next mover's discs
    opp: Tensor  # int64 (B,): the other side's
    moves: Tensor  # int64 (B,): the next mover's placements (0 on a frozen board)
    current_player: Tensor  # int64 (B,)
    terminated: Tensor  # bool (B,)
    forfeited: Tensor  # bool (B,)
    illegal: Tensor  # bool (B,): the action was illegal on an unfinished board (the board is then frozen, forfeited)
    actions: Tensor  # int64 (B,): the actions played (drawn ones included)


def play_words(
    table: tuple[Rays, ...],
    own: Tensor,
    opp: Tensor,
    moves: Tensor,
    current_player: Tensor,
    terminated: Tensor,
    forfeited: Tensor,
    actions: Tensor | None,
    uniform: Tensor | None = None,
    select_table: Tensor | None = None,
) -> WordsStep:
    """One engine step of ``B`` boards on words (``engine.step(..., illegal_action="lose")``).

    Args:
        table: the board's directions, :func:`rays` of its size (``n * n`` is read from them).
        own: the mover's discs, int64 ``(B,)`` (a bitboard ``State``'s ``discs[:, 0]``).
        opp: the other side's, ``discs[:, 1]``.
        moves: the mover's placements.
        current_player: the colour to move.
        terminated: whether each game is over.
        forfeited: whether it ended by a forfeit.
        actions: int64 ``(B,)``, or ``None`` to draw them from ``uniform`` (float32 ``(B,)``), as
            :func:`othello_zoo.engine.random_actions` does, with ``select_table`` (``ByteTables.byte_select_flat``).
    """
    nn = _squares(table)
    if actions is None:
        if uniform is None or select_table is None:
            raise ValueError("play_words draws the actions from uniform and select_table where actions is None")
        actions = random_square(moves, uniform, select_table).clamp(max=nn)
    clamped = actions.clamp(0, nn)
    bit = torch.where(clamped < nn, torch.ones_like(clamped) << clamped.clamp(max=nn - 1), 0)
    legal = torch.where(clamped == nn, moves == 0, (moves & bit) != 0)
    illegal = ~(legal & (actions == clamped)) & ~terminated
    flipped = flips(own, opp, bit, table)
    next_own, next_opp = opp ^ flipped, own | bit | flipped
    next_moves = placements(next_own, next_opp, table)
    # The game is over when neither side has a move, in the form whose other side's moves the C++ compiler
    # computes only where the next mover has none: a third of the loop's arithmetic saved.
    no_moves = rules.game_over_where(next_moves, placements(next_opp, next_own, table))
    frozen = terminated | illegal
    return WordsStep(
        torch.where(frozen, own, next_own),
        torch.where(frozen, opp, next_opp),
        next_moves.masked_fill(frozen, 0),
        torch.where(frozen, current_player, 1 - current_player),
        frozen | no_moves,
        forfeited | illegal,
        illegal,
        actions,
    )


def _squares(table: tuple[Rays, ...]) -> int:
    """``n * n`` of the board whose directions ``table`` holds (the north ray shifts right by ``n``)."""
    return table[0].right * table[0].right


def pack(planes: Tensor) -> Tensor:
    """int64 ``(...)``: the bit set of each plane of 0/1 entries ``(..., n*n)`` (any integer or bool dtype), square
    ``i`` as bit ``i``: the inverse of :func:`bits` (a sum of distinct powers of two, which never overflows)."""
    index = torch.arange(planes.shape[-1], dtype=torch.int64, device=planes.device)
    return (planes.to(torch.int64) << index).sum(-1)


def colour_words(mover: Tensor, opponent: Tensor, moves: Tensor, black_to_move: Tensor) -> Tensor:
    """int64 ``(B, 6)``: the words that both colours' views are unpacked from on 8 x 8 boards
    (:meth:`~othello_zoo.engine.kernels.bitboard.BitboardKernel.colour_view`): black's discs, white's, black's
    again, black's placements, then bits 256-321 of the stream: black's null action (set where it has no
    placement), white's placements, white's null action. From the mover's discs, the opponent's, the mover's
    placements and whether black moves (bool ``(B,)``); the compiled dict step makes them in its loop."""
    black = torch.where(black_to_move, mover, opponent)
    white = black ^ mover ^ opponent  # the discs that are not black's
    black_moves = moves * black_to_move
    white_moves = moves ^ black_moves
    low = (white_moves << 1) + (black_moves == 0).long()
    high = ((white_moves >> 63) & 1) + ((white_moves == 0).long() << 1)
    return torch.stack((black, white, black, black_moves, low, high), dim=1)
