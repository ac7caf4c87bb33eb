"""The contract between the engine and its rules kernels.

A kernel knows how one backend lays out a batch of boards and how it finds moves and plays them;
:mod:`othello_zoo.engine` is written against :class:`Kernel` only. Two implement it:
:class:`othello_zoo._bitboard.BitboardKernel` (int64 words, n <= 8) and
:class:`othello_zoo._conv.ConvKernel` (sandwich kernels, any size). The single-board path,
:class:`othello_zoo.board.Board`, plays one board on Python ints with :mod:`othello_zoo._scalar`.

Every board is seen from its side to move: ``discs[:, 0]`` are the mover's, ``discs[:, 1]`` the
opponent's, and the next position is returned from the next mover's side. Shapes, for a batch of
``B`` boards of ``n x n``:

=========  ======================================  =====================================
name       bitboard                                conv
=========  ======================================  =====================================
``discs``  int64 ``(B, 2)`` bit sets                bool ``(B, 2, n*n)`` planes
``moves``  int64 ``(B,)`` bit set                   bool ``(B, n*n)``
``rays``   bool ``(B, 0)``: flips are recomputed    bool ``(B, n*n, slots)`` kernel matches
=========  ======================================  =====================================
"""

from __future__ import annotations

from typing import Protocol

import torch
from torch import Tensor

__all__ = ["Kernel", "sample_from_mask"]


class Kernel(Protocol):
    """What the engine asks of a rules kernel (see the module docstring for the layouts)."""

    name: str  # the backend: "bitboard", "conv" or "conv2d"
    board_size: int  # n
    device: torch.device

    def encode(self, planes: Tensor) -> Tensor:
        """bool ``(B, 2, n*n)`` planes (mover, opponent) -> ``discs``."""
        ...

    def decode(self, discs: Tensor) -> Tensor:
        """``discs`` -> bool ``(B, 2, n*n)`` planes (mover, opponent)."""
        ...

    def legal_moves(self, discs: Tensor) -> tuple[Tensor, Tensor, Tensor]:
        """``(moves, rays, game_over)`` for the side owning ``discs[:, 0]``; ``game_over`` is bool
        ``(B,)``: neither side has a placement (:func:`othello_zoo.rules.game_over`)."""
        ...

    def play(self, discs: Tensor, rays: Tensor, actions: Tensor) -> Tensor:
        """``discs`` after the mover plays ``actions`` int64 ``(B,)`` (``n*n`` passes), seen from the
        next mover. ``rays`` are those :meth:`legal_moves` returned for ``discs``."""
        ...

    def mover_view(self, discs: Tensor, moves: Tensor) -> tuple[Tensor, Tensor]:
        """``(planes int8 (B, 2, n*n), placements bool (B, n*n))`` of the side to move, in as few
        operations as the kernel can."""
        ...

    def mover_counts(self, discs: Tensor) -> Tensor:
        """int64 ``(B, 2)`` disc counts: (mover, opponent)."""
        ...

    def difference(self, discs: Tensor) -> Tensor:
        """float32 ``(B,)``: the mover's discs minus the opponent's."""
        ...

    def legal_mask(self, moves: Tensor) -> Tensor:
        """bool ``(B, n*n)``: the legal placements."""
        ...

    def has_moves(self, moves: Tensor) -> Tensor:
        """bool ``(B,)``: the mover has a legal placement."""
        ...

    def placement_legal(self, moves: Tensor, actions: Tensor) -> Tensor:
        """bool ``(B,)``: ``actions`` (in ``0..n*n``) is a legal placement."""
        ...

    def random_moves(self, moves: Tensor, uniform: Tensor) -> Tensor:
        """int64 ``(B,)``: the legal placement of rank ``floor(uniform * count)`` in each board, or
        the null action ``n*n`` where there is none; ``uniform`` is float ``(B,)`` in ``[0, 1)``."""
        ...


def sample_from_mask(mask: Tensor, uniform: Tensor) -> Tensor:
    """int64 ``(B,)``: the action of rank ``floor(uniform * count)`` among each row's legal actions.

    >>> sample_from_mask(torch.tensor([[False, True, True]]), torch.tensor([0.6])).tolist()
    [2]
    """
    running = mask.cumsum(1, dtype=torch.int16)
    count = running[:, -1]
    rank = torch.minimum((uniform * count).to(torch.int16), count - 1)  # u * count may round up to count
    return (running <= rank.unsqueeze(1)).sum(1)
