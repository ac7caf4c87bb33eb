"""The bitboard kernel: one int64 word per side, shift-and-mask in the 8 directions at once.

Square ``s`` is bit ``s`` of the word (``a1`` is bit 0, ``h8`` bit 63 on the 8 x 8 board; boards
smaller than 8 x 8 use the low ``n * n`` bits). The directions are a leading tensor dimension, in
two groups of 4 (a group's sets are ``(4, B)``, each row contiguous), so a fill over all of them
costs twice the torch operations of one direction.

A direction with square offset ``delta`` moves a set by ``x << delta`` (``delta > 0``) or
``x >> -delta`` (``delta < 0``); both are written ``(x << left) >> right`` with one of the two
amounts zero (a Python-int 0, whose shift is left out), so the 4 directions that shift left
share one expression and the 4 that shift right another. torch's ``>>`` on int64 is arithmetic
(it copies the sign bit), and ``<<`` drops bits past 63. Both are harmless here because every
shifted set is first masked to squares whose step in that direction stays on the board
(``INTERIOR``), or the result is masked to squares that have an on-board source (``TARGET``).

Legal placements use Kogge-Stone occluded fills (3 doubling rounds reach the 6 opponent discs
that can lie between a placement and the closing disc); flips run the same fill from the
placed disc and keep each direction whose ray is closed by one of the mover's discs.

The rules (:func:`occluded_fill`, :func:`ray_moves`, :func:`ray_flips`) use bitwise operators
only, so they run on int64 tensors with a direction dimension (:class:`BitboardKernel`) and on
anything else that has those operators: the single-board path (:mod:`othello_zoo.core.scalar`) traces
:func:`ray_moves` into straight-line code on Python ints, and the property tests hold both to the
reference rules.
"""

from __future__ import annotations

import functools
import sys
from typing import Any

import numpy as np
import torch
from torch import Tensor

from othello_zoo.core import rules
from othello_zoo.core.fill import occluded_fill, ray_flips, ray_moves
from othello_zoo.core.rules import direction_tables
from othello_zoo.engine.fused import colour_words
from othello_zoo.engine.kernels import _host
from othello_zoo.engine.kernels.base import colour_view_of
from othello_zoo.engine.words import (
    BITWISE_COUNT,
    NUMPY_PATH,
    ByteTables,
    lookup,
    numpy_bridge,
    popcount,
    random_bit,
    signed,
    unsigned,
)

__all__ = [
    "CHUNK",
    "MAX_BOARD_SIZE",
    "NUMPY_PATH",
    "BitboardKernel",
    "bitboard_kernel",
    "check_bitboard_size",
    "occluded_fill",
    "ray_flips",
    "ray_moves",
]


MAX_BOARD_SIZE = 8  # the bitboard kernel holds a board in one int64 word


def check_bitboard_size(board_size: int) -> int:
    """``board_size`` if one int64 word holds the board, else a ``ValueError`` pointing to the conv kernel."""
    if board_size > MAX_BOARD_SIZE:
        raise ValueError(
            f"the bitboard backend holds boards up to 8x8 in one int64 word, got board_size={board_size}; "
            "use backend='conv' (or 'auto') for larger boards"
        )
    return board_size


CHUNK = 4096  # boards per pass of the rules on the host: a pass's (B, 8) temporaries stay in the cache


def _chunked(rule: Any, *batches: Tensor) -> Tensor:
    """``rule(*batches)`` over :data:`CHUNK` boards at a time, joined."""
    if batches[0].shape[0] <= CHUNK:
        return rule(*batches)  # type: ignore[no-any-return]
    return torch.cat([rule(*parts) for parts in zip(*(b.split(CHUNK) for b in batches), strict=True)])


class BitboardKernel:
    """Rules on int64 bitboards for boards up to 8 x 8.

    ``discs`` is int64 ``(B, 2)``: the mover's discs, then the opponent's. ``moves`` is int64
    ``(B,)``, the mover's legal placements as a bit set. The kernel keeps no rays, so ``rays``
    is an empty ``(B, 0)`` tensor.

    Attributes:
        numpy_capable: numpy can unpack and count bits on the tensors' own memory (CPU,
            little-endian, torch built with numpy); :attr:`host_numpy` says whether it does now.
    """

    name = "bitboard"

    def __init__(self, board_size: int, device: torch.device) -> None:
        check_bitboard_size(board_size)
        n = board_size
        self.board_size = n
        self.device = device
        left, right, interior, target = direction_tables(n)
        interior = [signed(v) for v in interior]
        target = [signed(v) for v in target]

        def tensor(values: list[int]) -> Tensor:
            return torch.tensor(values, dtype=torch.int64, device=device)

        # Two groups of 4 directions (left shifts, right shifts): shift amounts (4, 1) for 1, 2, 4 steps.
        self.groups = []
        for shifts_left in (True, False):
            ds = [d for d in range(8) if (left[d] > 0) == shifts_left]
            amounts = [tensor([k * (left[d] or right[d]) for d in ds]).view(4, 1) for k in (1, 2, 4)]
            zeros = [0, 0, 0]
            pair = (amounts, zeros) if shifts_left else (zeros, amounts)
            self.groups.append(
                (*pair, tensor([interior[d] for d in ds]).view(4, 1), tensor([target[d] for d in ds]).view(4, 1))
            )
        # Bit of each action; the null action places nothing.
        self.square_bit = tensor([signed(1 << s) for s in range(n * n)] + [0])
        self.bit_index = torch.arange(n * n, dtype=torch.int64, device=device)
        self.bit_index_64 = torch.arange(64, dtype=torch.int64, device=device)
        # On CPU a few whole-batch steps run in numpy on the tensors' own memory (no copy, no
        # synchronisation: it is already the host's): unpacking bits and counting them.
        self.numpy_capable = device.type == "cpu" and sys.byteorder == "little" and numpy_bridge()
        self.tables = ByteTables(device)

    @property
    def host_numpy(self) -> bool:
        """Whether this kernel takes the numpy path now (see :func:`othello_zoo.engine.numpy_path`)."""
        return self.numpy_capable and NUMPY_PATH.enabled

    # -- conversions ---------------------------------------------------------------------------
    def encode(self, planes: Tensor) -> Tensor:
        """bool ``(B, 2, n*n)`` planes (mover, opponent) -> int64 ``(B, 2)`` words (on the host path
        numpy's ``packbits``, some 40 times faster than a shift and a sum per square)."""
        if not (self.host_numpy and sys.byteorder == "little"):
            return (planes.to(torch.int64) << self.bit_index).sum(-1)
        packed = np.packbits(planes.contiguous().numpy(), axis=-1, bitorder="little")  # (B, 2, ceil(n*n / 8))
        words = np.zeros((*packed.shape[:2], 8), dtype=np.uint8)
        words[..., : packed.shape[-1]] = packed
        return torch.from_numpy(words.view(np.int64).reshape(packed.shape[:2]))

    def decode(self, discs: Tensor) -> Tensor:
        """int64 ``(B, 2)`` words -> bool ``(B, 2, n*n)`` planes."""
        planes = self.bits(discs)
        return planes if self.board_size == 8 else planes[..., : self.board_size**2]

    def bits(self, words: Tensor) -> Tensor:
        """bool ``(*words.shape, 64)``: bit ``k`` of each int64 word at position ``k``.

        On CPU numpy's ``unpackbits`` does it in one vectorised pass, reading the words' memory
        without a copy; elsewhere one table look-up per byte; a shift per square on big-endian hosts.
        """
        if sys.byteorder != "little":
            return ((words.unsqueeze(-1) >> self.bit_index_64) & 1).bool()
        if self.host_numpy:
            data = words.contiguous().numpy().view(np.uint8)
            return torch.from_numpy(np.unpackbits(data, bitorder="little")).view(torch.bool).view(*words.shape, 64)
        return lookup(self.tables.byte_spread, words.unsqueeze(-1).view(torch.uint8)).view(torch.bool)

    def bits_of_bytes(self, data: Tensor) -> Tensor:
        """bool ``(B, 8 * k)``: the bits of uint8 ``data (B, k)``, bit ``j`` of byte ``i`` at ``8 * i + j``."""
        if self.host_numpy:
            return (
                torch.from_numpy(np.unpackbits(data.numpy(), bitorder="little"))
                .view(torch.bool)
                .view(data.shape[0], -1)
            )
        return lookup(self.tables.byte_spread, data).view(torch.bool).view(data.shape[0], -1)

    def mover_view(self, discs: Tensor, moves: Tensor) -> tuple[Tensor, Tensor]:
        """``(planes int8 (B, 2, n*n), placements bool (B, n*n))``. On a GPU the discs and moves of
        8 x 8 boards are unpacked by one table look-up together, which saves launches; on CPU
        separately, which saves a copy."""
        if self.board_size != 8:
            return self.decode(discs).view(torch.int8), self.legal_mask(moves)
        if self.host_numpy or sys.byteorder != "little":
            return self.bits(discs).view(torch.int8), self.bits(moves)
        words = torch.cat((discs, moves.unsqueeze(1)), dim=1)  # (B, 3): mover, opponent, moves
        bits = self.bits(words)
        return bits[:, :2].view(torch.int8), bits[:, 2]

    def colour_view(
        self, discs: Tensor, moves: Tensor, black_to_move: Tensor, words: Tensor | None = None
    ) -> tuple[Tensor, Tensor, Tensor]:
        """``(planes int8 (B, 3, n*n), masks bool (B, 2, n*n+1), counts int64 (B, 2))`` (see
        :func:`colour_view_of`).

        On 8 x 8 boards one unpacking of six words a board (the 322 bits used among them) gives the
        planes and the masks: black's discs, white's, black's, then black's placements and its null
        action (one bit) and white's placements and null action. Each mask's 65 entries are then
        consecutive bytes of the result, so the planes and both masks are views of it. ``words``: those words
        (``othello_zoo.engine.fused.colour_words``) where a compiled step made them already.
        """
        if self.board_size != 8 or sys.byteorder != "little":
            planes, placements = self.mover_view(discs, moves)
            return colour_view_of(planes, placements, self.has_moves(moves), black_to_move)
        if words is None:
            words = self._colour_words(discs, moves, black_to_move)
        # All six words unpacked (B, 384): the 322 bits used and 62 more, without copying the 41 bytes out first.
        bits = self.bits_of_bytes(words.contiguous().view(torch.uint8))
        planes = bits[:, : 3 * 64].view(torch.int8).view(-1, 3, 64)
        masks = bits[:, 3 * 64 : 3 * 64 + 2 * 65].view(-1, 2, 65)
        return planes, masks, self.mover_counts(words[:, :2])

    def _colour_words(self, discs: Tensor, moves: Tensor, black_to_move: Tensor) -> Tensor:
        """int64 ``(B, 6)``: black's discs, white's, black's, black's placements, then bits 256-321 of
        the stream: black's null action (set: it has no placement), white's placements, its null."""
        if _host.usable(discs):  # the same words, in numpy's cheaper operations
            return _host.colour_words(discs, moves, black_to_move)
        return colour_words(discs[:, 0], discs[:, 1], moves, black_to_move)

    def mover_counts(self, discs: Tensor) -> Tensor:
        """int64 ``(B, 2)`` disc counts (mover, opponent)."""
        if self.host_numpy and BITWISE_COUNT:
            return torch.from_numpy(np.bitwise_count(unsigned(discs)).astype(np.int64))
        return popcount(discs)

    def difference(self, discs: Tensor) -> Tensor:
        """float32 ``(B,)``: the mover's discs minus the opponent's.

        One table look-up per 16-bit chunk gives 8 byte-sized counts per board (the opponent's
        biased to stay positive), which a multiply sums into the top byte: about half the
        operations of two popcounts and a subtraction. On CPU numpy's ``bitwise_count`` (a
        vectorised popcount) does it faster still.
        """
        if self.host_numpy and BITWISE_COUNT:
            counts = np.bitwise_count(unsigned(discs))
            return torch.from_numpy(np.subtract(counts[:, 0], counts[:, 1], dtype=np.float32))
        chunks = discs.contiguous().view(torch.int16).int()  # (B, 8): the mover's 4 chunks, then the opponent's
        chunks += self.tables.chunk_offset
        packed = torch.index_select(self.tables.chunk_count, 0, chunks.view(-1)).view(torch.int64)  # (B,) 8 counts
        # Every byte is at most 16 and every running sum at most 128, so no byte carries into the next and
        # the top byte of the product is the sum of all 8 (in whatever byte order the host keeps them).
        packed *= 0x0101010101010101
        packed >>= 56  # the sum, up to 128: the shift is arithmetic, so keep the low byte
        packed &= 0xFF
        return torch.sub(packed, 64, out=torch.empty(packed.shape, dtype=torch.float32, device=packed.device))

    # -- rules ---------------------------------------------------------------------------------
    def placements(self, own: Tensor, opp: Tensor) -> Tensor:
        """Legal placements (bit set, same shape as ``own``) of the side owning ``own``."""
        mine, theirs = own.reshape(1, -1), opp.reshape(1, -1)
        (l0, r0, i0, _), (l1, r1, i1, _) = self.groups
        ends: Tensor = ray_moves(mine, theirs & i0, l0, r0) | ray_moves(mine, theirs & i1, l1, r1)  # (4, B)
        ends = ends[:2] | ends[2:]
        return (~(mine | theirs) & (ends[:1] | ends[1:])).view(own.shape)

    def flips(self, own: Tensor, opp: Tensor, placed: Tensor) -> Tensor:
        """Opponent discs flipped by placing the bit set ``placed`` (one bit or none)."""
        mine, theirs, at = own.reshape(1, -1), opp.reshape(1, -1), placed.reshape(1, -1)
        (l0, r0, i0, t0), (l1, r1, i1, t1) = self.groups
        # The runs of different directions are disjoint, so their sum is their union.
        runs: Tensor = ray_flips(mine & t0, theirs & i0, at, l0, r0) + ray_flips(mine & t1, theirs & i1, at, l1, r1)
        return runs.sum(0).view(own.shape)

    def legal_moves(self, discs: Tensor) -> tuple[Tensor, Tensor, Tensor]:
        """``(moves, rays, game_over)`` of boards whose mover owns ``discs[:, 0]`` (no rays kept:
        :meth:`play` finds the flips again, which costs less than carrying them).

        The opponent's placements matter only where the mover has none (a pass, or the end). On
        the host path (:attr:`host_numpy`), where picking those boards out costs no
        synchronisation, only they are searched for the opponent (about 1 board in 50 in random
        games), and large batches go through in chunks of :data:`CHUNK` boards that stay in the
        cache; elsewhere both sides of every board are searched at once.
        """
        rays = discs.new_zeros((discs.shape[0], 0), dtype=torch.bool)
        if not self.host_numpy:
            both = self.placements(discs, discs.flip(-1))
            return both[:, 0], rays, rules.game_over(both[:, 0], both[:, 1])
        own, opp = discs[:, 0], discs[:, 1]
        moves = _chunked(self.placements, own, opp)
        over = moves == 0
        idle = over.nonzero().squeeze(1)
        over[idle] = self.placements(opp[idle], own[idle]) == 0
        return moves, rays, over

    def encode_bits(self, own: list[int], opp: list[int], moves: list[int]) -> tuple[Tensor, Tensor, Tensor]:
        """``(discs, moves, rays)`` straight from the bit sets: the words are the ints (no search)."""
        words = torch.tensor([[signed(a), signed(b)] for a, b in zip(own, opp, strict=True)], dtype=torch.int64)
        placements = torch.tensor([signed(m) for m in moves], dtype=torch.int64)
        words, placements = words.view(-1, 2).to(self.device), placements.to(self.device)
        return words, placements, words.new_zeros((words.shape[0], 0), dtype=torch.bool)

    def play(self, discs: Tensor, rays: Tensor, actions: Tensor) -> Tensor:
        """Discs after the mover plays ``actions`` (``n*n`` passes), seen from the next mover
        (in chunks of :data:`CHUNK` boards on the host path, as :meth:`legal_moves`)."""
        return _chunked(self._play, discs, actions) if self.host_numpy else self._play(discs, actions)

    def _play(self, discs: Tensor, actions: Tensor) -> Tensor:
        own, opp = discs[:, 0], discs[:, 1]
        placed = lookup(self.square_bit, actions)
        flipped = self.flips(own, opp, placed)
        return torch.stack((opp ^ flipped, own | placed | flipped), dim=1)

    def legal_mask(self, moves: Tensor) -> Tensor:
        """bool ``(B, n*n)`` legal placements."""
        mask = self.bits(moves)
        return mask if self.board_size == 8 else mask[:, : self.board_size**2]

    def has_moves(self, moves: Tensor) -> Tensor:
        """bool ``(B,)``: the mover has a legal placement."""
        return moves != 0

    def random_moves(self, moves: Tensor, uniform: Tensor) -> Tensor:
        """int64 ``(B,)``: the legal placement of rank ``floor(uniform * count)`` in each set, or
        the null action where the set is empty (:func:`~othello_zoo.engine.words.random_bit`: arithmetic
        on the words, never one value per square; numpy's form of the same arithmetic on the host)."""
        if _host.usable(moves, uniform):
            return _host.random_moves(moves, uniform, self.board_size**2)
        return random_bit(moves, uniform, self.tables.byte_select_flat).clamp_(max=self.board_size**2)

    def placement_legal(self, moves: Tensor, actions: Tensor) -> Tensor:
        """bool ``(B,)``: ``actions`` (in ``0..n*n``) is a legal placement."""
        return (moves & lookup(self.square_bit, actions)) != 0


@functools.cache
def bitboard_kernel(board_size: int, device: torch.device) -> BitboardKernel:
    """The kernel for ``board_size`` on ``device``, built once."""
    return BitboardKernel(board_size, device)
