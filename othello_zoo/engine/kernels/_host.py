"""numpy forms of two per-step operations on CPU tensors: drawing an action from a mask
(``engine.sample_actions``, the conv kernel's random moves) and the words of the bitboard kernel's
colour view (the vector env's dict step). The torch forms they mirror stay for other devices.

Both do on the host what the torch forms do, with the same results, in fewer and cheaper
operations: numpy's operations on a few thousand int64 words cost about a microsecond each, torch's
about three, and ``packbits`` packs a strided mask in one pass. They apply where
:func:`usable` says so (CPU, the numpy path on, a little-endian host, numpy >= 2.0).
"""

from __future__ import annotations

import sys

import numpy as np
import torch
from torch import Tensor

from othello_zoo.engine.words import BITWISE_COUNT, byte_select_table, numpy_bridge, on_host

__all__ = ["colour_words", "random_moves", "sample_from_mask", "usable"]

_ONES = np.uint64(0x0101010101010101)  # 1 in every byte
_HIGH = np.uint64(0x8080808080808080)  # the high bit of every byte
_BRIDGE = numpy_bridge()


_SELECT = byte_select_table().ravel()  # entry 8 * v + r: the r-th set bit of byte v


def usable(*tensors: Tensor) -> bool:
    """Whether the host forms apply to these tensors now."""
    host = all(on_host(t.device) for t in tensors)
    return host and _BRIDGE and BITWISE_COUNT and sys.byteorder == "little"


def sample_from_mask(mask: Tensor, uniform: Tensor) -> tuple[Tensor, Tensor]:
    """:func:`othello_zoo.engine.kernels.base.sample_from_mask` for a CPU mask of at most 72 columns: the same
    actions and counts (int64 ``(B,)``, uint8 ``(B,)``).

    The mask is packed by ``packbits`` into a word of its first 64 columns and a byte of the rest;
    the rank is found in the word by byte counts summed in its own bytes and a bytewise comparison
    (the numpy form of :func:`othello_zoo.engine.words.random_bit`'s ``_byte_of_rank``), then within the
    byte by the same table.
    """
    bits = mask.numpy()
    batch, columns = bits.shape
    high = np.zeros(batch, dtype=np.uint8)  # columns 64 to 71
    if columns >= 64:  # packbits takes 64 columns in about half the time of 65
        low_bytes = np.packbits(bits[:, :64], axis=1, bitorder="little")  # (B, 8), contiguous
        for column in range(64, columns):
            high |= bits[:, column].view(np.uint8) << np.uint8(column - 64)
    else:
        low_bytes = np.zeros((batch, 8), dtype=np.uint8)
        low_bytes[:, : -(-columns // 8)] = np.packbits(bits, axis=1, bitorder="little")
    low = low_bytes.view(np.uint64)[:, 0]
    running = np.bitwise_count(low_bytes).view(np.uint64)[:, 0] * _ONES  # byte i: set bits of bytes 0..i
    in_low = (running >> np.uint64(56)).astype(np.int16)
    count = in_low + np.bitwise_count(high)
    # The rank as sample_from_mask draws it: floor(u * count) in float32, at most count - 1.
    rank = np.minimum((uniform.numpy() * count.astype(np.float32)).astype(np.int16), np.maximum(count, 1) - 1)
    actions = _bit_of_rank(low, running, rank)
    on_high = rank >= in_low  # past the first 64 columns, or no legal action at all (rank 0, none in the word)
    if columns <= 65:  # the env's masks: column 64 where it is the one legal past the word, else none (A)
        actions = np.where(on_high, columns - high.astype(np.int64), actions)
    else:
        high_rank = (rank - in_low) & 7
        actions = np.where(on_high, 64 + _SELECT.take(high.astype(np.int64) * 8 + high_rank), actions)
        actions = np.where(count == 0, columns, actions)
    return torch.from_numpy(actions), torch.from_numpy(count.astype(np.uint8))


def random_moves(moves: Tensor, uniform: Tensor, null: int) -> Tensor:
    """:meth:`othello_zoo.engine.kernels.bitboard.BitboardKernel.random_moves` on CPU words (int64 ``(B,)``): the
    set bit of rank ``min(floor(uniform * count), count - 1)`` in each word, or ``null`` where a word is empty
    (the same ranks as :func:`sample_from_mask`, from the words as they lie: nothing to pack)."""
    low = np.ascontiguousarray(moves.numpy()).view(np.uint64)
    running = np.bitwise_count(low.view(np.uint8)).view(np.uint64) * _ONES  # byte i: set bits of bytes 0..i
    count = (running >> np.uint64(56)).astype(np.int16)
    # As the torch form ranks: floor(u * count), at most count - 1 and at least 0.
    rank = np.clip((uniform.numpy() * count.astype(np.float32)).astype(np.int16), 0, np.maximum(count, 1) - 1)
    return torch.from_numpy(np.where(count == 0, null, _bit_of_rank(low, running, rank)))


def _bit_of_rank(low: np.ndarray, running: np.ndarray, rank: np.ndarray) -> np.ndarray:
    """int64: the position of the set bit of rank ``rank`` in each uint64 word ``low``, given its running byte
    counts (byte ``i`` of ``running``: the set bits of bytes ``0..i``); a rank at or past a word's count gives
    a position in its top byte, which the callers replace."""
    # The byte holding the rank: the number of bytes whose running count is at most it.
    at_most = ((rank.astype(np.uint64) * _ONES) | _HIGH) - running
    shift = np.minimum(np.bitwise_count(at_most & _HIGH), 7).astype(np.uint64) << np.uint64(3)
    before = ((running << np.uint64(8)) >> shift) & np.uint64(0xFF)
    value = (low >> shift) & np.uint64(0xFF)
    in_byte = _SELECT.take((value << np.uint64(3)) + ((rank.astype(np.uint64) - before) & np.uint64(7)))
    position: np.ndarray = shift.astype(np.int64) + in_byte
    return position


def colour_words(discs: Tensor, moves: Tensor, black_to_move: Tensor) -> Tensor:
    """int64 ``(B, 6)``: the words of ``BitboardKernel.colour_view`` on 8 x 8 boards (black's
    discs, white's, black's, black's placements, then white's placements and both null actions as
    bits 256-321 of the stream), from the mover's ``discs (B, 2)``, its ``moves`` and the colour."""
    both, placements, black_moves_now = discs.numpy(), moves.numpy(), black_to_move.numpy()
    mover, opponent = both[:, 0], both[:, 1]
    words = np.empty((both.shape[0], 6), dtype=np.int64)
    black = np.where(black_moves_now, mover, opponent)
    words[:, 0] = words[:, 2] = black
    np.bitwise_xor(black, mover ^ opponent, out=words[:, 1])
    black_moves = np.where(black_moves_now, placements, 0)
    words[:, 3] = black_moves
    white_moves = placements ^ black_moves
    np.add(white_moves << 1, black_moves == 0, out=words[:, 4])
    np.add((white_moves >> 63) & 1, (white_moves == 0).astype(np.int64) << 1, out=words[:, 5])
    return torch.from_numpy(words)
