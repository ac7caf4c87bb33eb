"""The tables of the sandwich-kernel backend (:mod:`othello_zoo.engine.kernels.conv`): which kernels fit at each
square and the columns they take, the matrix form's weights, magic numbers and flip sets, the seed
form's convolution kernels, and the arithmetic of the matrix product on each device."""

from __future__ import annotations

import functools
from typing import Any

import torch
from torch import Tensor

from othello_zoo.core.rules import DIRECTIONS, ray

__all__ = [
    "CENTRE_TAP",
    "SlotLayout",
    "as_words",
    "int8_product_works",
    "matmul_tables",
    "product_dtype",
    "seed_tables",
]

CENTRE_TAP = 32.0  # the weight of a kernel's own square: more than twice the largest magic number (15)


class SlotLayout:
    """The sandwich kernels of an ``n x n`` board and the slots they take at each square.

    Kernel ``k`` is ``kernels[k] = (direction, run length)``. ``per_square[s]`` lists the kernels
    that fit on the board from square ``s``; ``slot_kernel[s, j]`` is the kernel in slot ``j`` of
    ``s`` (-1: an unused slot); ``slots``, the most any square has, padded to a multiple of 8.

    Columns of the matmul form: each square's slots in groups of 8 (one int64 word of matches,
    gathered into one byte of its rays), as many groups as its kernels need. ``levels[b]`` is
    ``(first group, squares)``: the groups holding byte ``b`` of those squares' rays, in square
    order; ``column[s, j]`` is the column of slot ``j`` of ``s`` (-1 past its groups).
    """

    def __init__(self, n: int) -> None:
        self.n = n
        self.kernels = [(d, length) for d in range(8) for length in range(1, n - 1)]
        self.per_square = [
            [k for k, (d, length) in enumerate(self.kernels) if ray(n, s, *DIRECTIONS[d], length + 1)]
            for s in range(n * n)
        ]
        self.slots = -(-max(len(ks) for ks in self.per_square) // 8) * 8
        self.slot_kernel = torch.full((n * n, self.slots), -1, dtype=torch.int64)
        for s, ks in enumerate(self.per_square):
            self.slot_kernel[s, : len(ks)] = torch.tensor(ks, dtype=torch.int64)
        groups = [-(-len(ks) // 8) for ks in self.per_square]
        self.levels: list[tuple[int, list[int]]] = []
        self.column = torch.full((n * n, self.slots), -1, dtype=torch.int64)
        start = 0
        for byte in range(self.slots // 8):
            squares = [s for s in range(n * n) if groups[s] > byte]
            for rank, s in enumerate(squares):
                self.column[s, 8 * byte : 8 * byte + 8] = torch.arange(8) + 8 * (start + rank)
            self.levels.append((start, squares))
            start += len(squares)
        self.columns = 8 * start
        assert len(self.levels[0][1]) == n * n, "every square has a kernel from n = 3 on"

    def taps(self) -> list[tuple[int, int, int, list[int]]]:
        """``(square, slot, run length, squares)`` of every used slot: the kernel's ``L`` opponent
        squares and then the mover's closing square, walking away from ``square``."""
        n = self.n
        out = []
        for s, ks in enumerate(self.per_square):
            for j, k in enumerate(ks):
                d, length = self.kernels[k]
                out.append((s, j, length, ray(n, s, *DIRECTIONS[d], length + 1)))
        return out


def matmul_tables(layout: SlotLayout) -> tuple[Tensor, Tensor, Tensor]:
    """The matmul form: signed weights ``(n*n, columns)`` (+1 the mover's tap, -1 the
    opponent's), each column's magic number (-1 for unused slots: responses never reach it) and
    the flip set of each ``(square, slot)``, bool ``(n*n + 1, slots, padded n*n)`` (row ``n*n``:
    the null action flips nothing)."""
    nn, slots = layout.n**2, layout.slots
    weight = torch.zeros(nn, layout.columns)
    magic = torch.full((layout.columns,), -1.0)
    flip = torch.zeros(nn + 1, slots, -(-nn // 8) * 8, dtype=torch.bool)
    for s, j, length, squares in layout.taps():
        column = int(layout.column[s, j])
        weight[squares[:-1], column] = -1.0  # opponent discs, 1..L steps away
        weight[squares[-1], column] = 1.0  # the mover's disc, L + 1 steps away
        # The centre: a disc there moves the response by CENTRE_TAP, beyond any magic number (at
        # most n - 1), so an occupied square never matches; an empty one adds nothing.
        weight[s, column] = CENTRE_TAP
        magic[column] = length + 1
        flip[s, j, squares[:-1]] = True
    return weight, magic, flip


def as_words(sets: Tensor) -> Tensor:
    """Bool sets ``(..., m)`` over squares as int64 bit words ``(..., ceil(m / 64))`` (square ``s``:
    bit ``s % 64`` of word ``s // 64``)."""
    words = -(-sets.shape[-1] // 64)
    padded = torch.zeros((*sets.shape[:-1], 64 * words), dtype=torch.int64)
    padded[..., : sets.shape[-1]] = sets.to(torch.int64)
    padded = padded.view(*sets.shape[:-1], words, 64) << torch.arange(64)
    return padded.sum(-1)  # the bits are disjoint: the sum is their union (bit 63 wraps to the sign, as it should)


def seed_tables(layout: SlotLayout) -> tuple[Tensor, Tensor]:
    """The seed form: the 2 x n x n kernels, each anchored in the corner its direction points away
    from, and for each ``(square, slot)`` the index of its response in the flattened
    ``conv2d(padding=n - 1)`` output."""
    n = layout.n
    seed = torch.zeros(len(layout.kernels), 2, n, n)
    anchors = []
    for k, (d, length) in enumerate(layout.kernels):
        dr, dc = DIRECTIONS[d]
        cr, cc = (n - 1 if dr < 0 else 0), (n - 1 if dc < 0 else 0)
        for t in range(1, length + 2):
            seed[k, 0 if t == length + 1 else 1, cr + t * dr, cc + t * dc] = 1.0
        anchors.append((cr, cc))
    width = 2 * n - 1
    index = torch.zeros(layout.columns, dtype=torch.int64)
    for s, ks in enumerate(layout.per_square):
        r, c = divmod(s, n)
        for j, k in enumerate(ks):
            cr, cc = anchors[k]
            index[int(layout.column[s, j])] = k * width * width + (r + n - 1 - cr) * width + (c + n - 1 - cc)
    return seed, index


def product_dtype(device: torch.device) -> torch.dtype:
    """The product's operands: int8 (into int32) on CPUs with AVX-512 VNNI, else bfloat16 on GPUs
    and on CPUs with native bfloat16 matrix units, else float32. Every value is a small integer
    (``|response| <= CENTRE_TAP + n - 1``), exact in each.

    torch hands CPU int8 products (``torch._int_mm``) to oneDNN only where the CPU has AVX-512 VNNI
    and oneDNN is enabled; elsewhere it runs a plain loop, about 100 times slower than the
    bfloat16 product. On an AVX-512 VNNI CPU (2 threads, 2,048 boards of 8 x 8) the int8 product
    and its conversion to int8 take 191 + 69 us against 417 us for the bfloat16 product alone.
    """
    if device.type == "cpu" and torch.backends.mkldnn.is_available() and torch.backends.mkldnn.enabled:
        if int8_product_works():
            return torch.int8
        if torch.ops.mkldnn._is_mkldnn_bf16_supported():
            return torch.bfloat16
    if device.type == "cuda":
        return torch.bfloat16
    return torch.float32


@functools.cache
def int8_product_works() -> bool:
    """This CPU has AVX-512 VNNI and ``torch._int_mm`` multiplies int8 matrices on it exactly
    (tried once a process, on a small one)."""
    int_mm = getattr(torch, "_int_mm", None)
    capabilities: dict[str, Any] = getattr(torch.cpu, "get_capabilities", dict)()
    if int_mm is None or not capabilities.get("avx512_vnni", False):
        return False
    a = torch.arange(-8, 24, dtype=torch.int8).view(2, 16)
    b = torch.arange(-64, 64, dtype=torch.int8).view(16, 8)
    try:
        return bool(torch.equal(int_mm(a, b), a.to(torch.int32) @ b.to(torch.int32)))
    except RuntimeError:
        return False
