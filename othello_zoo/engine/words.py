"""Bit-level helpers on int64 words for the bitboard kernel: table look-ups, popcount, and the
process-wide switch of the CPU's numpy path (:func:`othello_zoo.engine.numpy_path`)."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator

import numpy as np
import torch
from torch import Tensor

__all__ = [
    "BITWISE_COUNT",
    "NUMPY_PATH",
    "ByteTables",
    "byte_select_table",
    "lookup",
    "numpy_bridge",
    "numpy_path",
    "on_host",
    "popcount",
    "positions_of_bytes",
    "random_bit",
    "random_bit_set",
    "running_byte_counts",
    "signed",
    "unpack_bits",
    "unsigned",
]


class _NumpyPath:
    """The process-wide choice of :func:`othello_zoo.engine.numpy_path` (on by default)."""

    enabled = True


NUMPY_PATH = _NumpyPath()


def on_host(device: torch.device) -> bool:
    """Whether work on ``device`` takes the host path now: on CPU, where picking boards out by
    index costs no synchronisation and numpy can do the work, unless
    :func:`othello_zoo.engine.numpy_path` turns it off."""
    return device.type == "cpu" and NUMPY_PATH.enabled


def byte_select_table() -> np.ndarray:
    """uint8 ``(256, 8)``: entry ``[v, r]`` is the position of the ``r``-th set bit of byte ``v`` (0
    where there is none)."""
    table = np.zeros((256, 8), dtype=np.uint8)
    for value in range(256):
        for rank, position in enumerate(p for p in range(8) if value >> p & 1):
            table[value, rank] = position
    return table


def positions_of_bytes(device: torch.device) -> Tensor:
    """int64 ``(8,)``: 0..7."""
    return torch.arange(8, dtype=torch.int64, device=device)


BITWISE_COUNT = hasattr(np, "bitwise_count")  # numpy >= 2.0


def numpy_bridge() -> bool:
    """Whether this torch build can view CPU tensors as numpy arrays."""
    try:
        torch.zeros(1, dtype=torch.int64).numpy()
    except (RuntimeError, TypeError):  # a torch built without numpy, or against an incompatible one
        return False
    return True


def signed(value: int) -> int:
    """The int64 whose two's complement bits are ``value`` (0 <= value < 2**64): a mask or a set of squares written
    as a Python int, as an int64 tensor holds it.

    >>> signed(1 << 63), signed(5)
    (-9223372036854775808, 5)
    """
    return value - (1 << 64) if value >= 1 << 63 else value


def unsigned(words: Tensor) -> np.ndarray:
    """The uint64 numpy view of int64 CPU ``words`` (shared memory)."""
    return words.contiguous().numpy().view(np.uint64)


def lookup(table: Tensor, index: Tensor) -> Tensor:
    """``table[index]`` for a 1-D ``table`` and integer ``index`` of any shape (uint8 bytes are
    widened to int32, which index_select takes directly)."""
    if index.dtype == torch.uint8:
        index = index.int()
    return torch.index_select(table, 0, index.reshape(-1)).view(index.shape)


def popcount(words: Tensor) -> Tensor:
    """int64: the number of set bits of each int64 word (SWAR: a few shifts, masks and a multiply).

    >>> popcount(torch.tensor([0, 1, 0xFF, -1])).tolist()
    [0, 1, 8, 64]
    """
    return running_byte_counts(words) >> 56  # the top byte: the count of all 8


_ONES = 0x0101010101010101  # 1 in every byte
_HIGH = 0x8080808080808080 - (1 << 64)  # the high bit of every byte, as an int64


def random_bit(words: Tensor, uniform: Tensor, byte_select_flat: Tensor) -> Tensor:
    """int64: the position of the set bit of rank ``min(floor(uniform * count), count - 1)`` (from
    the lowest) in each int64 word, or 64 where a word is empty.

    All in SWAR arithmetic on the words (about 35 whole-batch operations, no ``(B, 8)`` temporary):
    per-byte counts, their running sums in the bytes of one word, the byte holding the rank found by
    a bytewise comparison, then ``byte_select_flat`` (:class:`ByteTables`) within that byte.

    >>> table = ByteTables(torch.device("cpu")).byte_select_flat
    >>> random_bit(torch.tensor([0b1011, 0, 1 << 40]), torch.tensor([0.5, 0.5, 0.9]), table).tolist()
    [1, 64, 40]
    """
    shift, index, total = _ranked_byte(words, uniform)
    return torch.where(total == 0, 64, shift + lookup(byte_select_flat, index))


def random_bit_set(words: Tensor, uniform: Tensor, byte_select_bit: Tensor) -> Tensor:
    """int64: the bit that :func:`random_bit` finds, as a one-bit set (0 where a word is empty),
    with ``byte_select_bit`` (:class:`ByteTables`): a few operations fewer where the caller wants
    the bit rather than its position.

    >>> table = ByteTables(torch.device("cpu")).byte_select_bit
    >>> random_bit_set(torch.tensor([0b1011, 0, 1 << 40]), torch.tensor([0.5, 0.5, 0.9]), table).tolist()
    [2, 0, 1099511627776]
    """
    shift, index, _ = _ranked_byte(words, uniform)
    return lookup(byte_select_bit, index) << shift


def _ranked_byte(words: Tensor, uniform: Tensor) -> tuple[Tensor, Tensor, Tensor]:
    """``(shift, index, count)`` of the bit of rank ``min(floor(uniform * count), count - 1)`` in
    each word (:func:`_byte_of_rank`) and the word's set bits. An empty word gives shift 56 and
    index 0."""
    running = running_byte_counts(words)
    total = running >> 56
    rank = torch.minimum((uniform * total).to(torch.int64), total - 1).clamp_(min=0)
    shift, index = _byte_of_rank(words, running, rank)
    return shift, index, total


def running_byte_counts(words: Tensor) -> Tensor:
    """int64: byte ``i`` of each result holds the set bits of bytes ``0..i`` of the word (at most
    64, so no byte carries into the next and no high bit is set; the top byte is the count)."""
    x = words - ((words >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return x * _ONES


def _byte_of_rank(words: Tensor, running: Tensor, rank: Tensor) -> tuple[Tensor, Tensor]:
    """``(shift, index)`` of the set bit of rank ``rank`` (int64, from 0, below the word's count) in
    each word, given :func:`running_byte_counts`: its byte as a shift (0, 8, ..., 56) and ``8 *
    byte value + rank within the byte``, the index of :class:`ByteTables`' select tables."""
    # The byte holding the rank is the number of bytes whose running count is at most the rank:
    # ``(rank | 0x80) - count`` keeps each byte's high bit exactly where count <= rank (both < 128).
    at_most = (rank * _ONES) | _HIGH
    at_most -= running
    at_most &= _HIGH
    at_most >>= 7
    at_most &= _ONES
    shift = ((at_most * _ONES) >> 56).clamp_(max=7) * 8  # 8 bytes only where the word is empty
    within = rank - (((running << 8) >> shift) & 0xFF)  # the rank among the bits of that byte
    value = (words >> shift) & 0xFF
    return shift, value * 8 + within


def unpack_bits(words: Tensor) -> Tensor:
    """bool ``(*words.shape[:-1], 64 * words.shape[-1])``: the bits of int64 ``words``, bit ``k`` of
    word ``j`` at position ``64 * j + k``. On a little-endian CPU numpy's ``unpackbits`` (when the
    numpy path is on and this torch has numpy), elsewhere a shift per bit.

    >>> unpack_bits(torch.tensor([[5, -1]])).sum().item(), unpack_bits(torch.tensor([[5, 0]]))[0, :4].tolist()
    (66, [True, False, True, False])
    """
    shape = (*words.shape[:-1], 64 * words.shape[-1])
    if on_host(words.device) and sys.byteorder == "little" and _NUMPY_BRIDGE:
        data = words.contiguous().numpy().view(np.uint8).reshape(-1)  # flat: numpy unpacks it faster than by rows
        return torch.from_numpy(np.unpackbits(data, bitorder="little")).view(torch.bool).view(shape)
    shifts = torch.arange(64, dtype=torch.int64, device=words.device)
    return ((words.unsqueeze(-1) >> shifts) & 1).bool().view(shape)


_NUMPY_BRIDGE = numpy_bridge()


class ByteTables:
    """The look-up tables over byte values (and 16-bit chunks) that unpack, count and select bits."""

    def __init__(self, device: torch.device) -> None:
        # Byte value -> its 8 bits, to unpack a word (little-endian bytes: squares 0-7 first).
        byte = torch.arange(256, device=device)
        self.byte_bits = (byte.unsqueeze(1) >> torch.arange(8, device=device)) & 1 == 1  # (256, 8)
        self.byte_count = self.byte_bits.sum(1, dtype=torch.int16)  # (256,) set bits per byte
        # The same tables for :func:`lookup` (index_select with int32 indices, far faster on CPU
        # than advanced indexing or torch.take): the 8 bits of a byte spread over the 8 bytes of
        # an int64 (viewed as bools), counts, and positions.
        self.byte_spread = (self.byte_bits.to(torch.int64) << (8 * positions_of_bytes(device))).sum(1)
        # byte_select[v, r]: position of the r-th set bit of byte v (0 where there is none).
        ranks = self.byte_bits.cumsum(1) - 1
        positions = torch.arange(8, device=device)
        self.byte_select = torch.from_numpy(byte_select_table()).to(device, torch.int64)
        self.byte_select_flat = self.byte_select.flatten()
        # The same as one-bit sets, 0 past a byte's last set bit (and for the byte 0).
        present = ranks.unsqueeze(1) == torch.arange(8, device=device).view(1, 8, 1)  # [v, r, position]
        present &= self.byte_bits.unsqueeze(1)
        self.byte_select_bit = (present.to(torch.int64) << positions).sum(2).flatten()
        # Disc difference by 16-bit chunks (see ``BitboardKernel.difference``): entry ``v + 32768``
        # holds the set bits of the int16 ``v`` (a chunk of the mover's word), entry ``v + 98304``
        # 16 minus them (a chunk of the opponent's); the 8 entries of a board sum to difference + 64.
        chunk = torch.arange(1 << 16, device=device)
        chunk_count = (self.byte_count[chunk & 255] + self.byte_count[chunk >> 8]).to(torch.int8).roll(1 << 15)
        self.chunk_count = torch.cat((chunk_count, 16 - chunk_count))
        self.chunk_offset = torch.tensor([1 << 15] * 4 + [3 << 15] * 4, dtype=torch.int32, device=device)


@contextlib.contextmanager
def numpy_path(enabled: bool) -> Iterator[None]:
    """Within the block, CPU bitboards take their host path (``True``, the default wherever it
    applies: numpy unpacks and counts bits, only boards where the mover has no placement are
    searched for the opponent's, large batches go in cache-sized chunks) or the path of other
    devices (``False``: torch table look-ups, both sides searched, no data-dependent shapes).

    Both give the same values (the tests hold them to each other); ``False`` keeps the kernel pure
    torch, for instance to trace it or to test the path a GPU takes on a CPU. The choice is
    process-wide while the block runs.

    >>> from othello_zoo import engine
    >>> with numpy_path(False):
    ...     engine.scores(engine.init(1)).tolist()
    [[2, 2]]
    """
    if not isinstance(enabled, bool):
        raise TypeError(f"enabled must be True or False, got {enabled!r}")
    before = NUMPY_PATH.enabled
    NUMPY_PATH.enabled = enabled
    try:
        yield
    finally:
        NUMPY_PATH.enabled = before
