"""The contract between the engine and its rules kernels.

A kernel knows how one backend lays out a batch of boards and how it finds moves and plays them;
:mod:`othello_zoo.engine` is written against :class:`Kernel` only. Two implement it:
:class:`othello_zoo.engine.kernels.bitboard.BitboardKernel` (int64 words, n <= 8) and
:class:`othello_zoo.engine.kernels.conv.ConvKernel` (sandwich kernels, any size). The single-board path,
:class:`othello_zoo.core.board.Board`, plays one board on Python ints with :mod:`othello_zoo.core.scalar`.

Every board is seen from its side to move: ``discs[:, 0]`` are the mover's, ``discs[:, 1]`` the
opponent's, and the next position is returned from the next mover's side. Shapes, for a batch of
``B`` boards of ``n x n``:

=========  ======================================  =====================================
name       bitboard                                conv
=========  ======================================  =====================================
``discs``  int64 ``(B, 2)`` bit sets                bool ``(B, 2, n*n)`` planes
``moves``  int64 ``(B,)`` bit set                   bool ``(B, n*n)``
``rays``   bool ``(B, 0)``: flips are recomputed    int64 ``(B, n*n)`` kernel matches as bits
=========  ======================================  =====================================
"""

from __future__ import annotations

from typing import Protocol

import torch
from torch import Tensor

from othello_zoo.engine.kernels import _host

__all__ = ["Kernel", "colour_view_of", "sample_from_mask"]


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
        ``(B,)``: neither side has a placement (:func:`othello_zoo.core.rules.game_over`)."""
        ...

    def encode_bits(self, own: list[int], opp: list[int], moves: list[int]) -> tuple[Tensor, Tensor, Tensor]:
        """``(discs, moves, rays)`` of boards given as bit sets (Python ints, bit ``s`` for square ``s``): the
        mover's discs, the opponent's, and the mover's placements (0 where it has none or the game is over)."""
        ...

    def play(self, discs: Tensor, rays: Tensor, actions: Tensor) -> Tensor:
        """``discs`` after the mover plays ``actions`` int64 ``(B,)`` (``n*n`` passes), seen from the
        next mover. ``rays`` are those :meth:`legal_moves` returned for ``discs``."""
        ...

    def mover_view(self, discs: Tensor, moves: Tensor) -> tuple[Tensor, Tensor]:
        """``(planes int8 (B, 2, n*n), placements bool (B, n*n))`` of the side to move, in as few
        operations as the kernel can."""
        ...

    def colour_view(self, discs: Tensor, moves: Tensor, black_to_move: Tensor) -> tuple[Tensor, Tensor, Tensor]:
        """``(planes int8 (B, 3, n*n), masks bool (B, 2, n*n+1), counts int64 (B, 2))``: the discs
        of black, white and black again (so that ``[:, 0:2]`` and ``[:, 1:3]`` are each colour's
        view), each colour's legal actions (the waiting colour's: the null action alone) and disc
        counts. See :func:`colour_view_of`."""
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


def sample_from_mask(mask: Tensor, uniform: Tensor) -> tuple[Tensor, Tensor]:
    """``(actions int64 (B,), counts (B,))``: the action of rank ``min(floor(uniform * count),
    count - 1)`` among each row's legal actions, counted from the first column (``A``, one past
    the last column, where a row has none), and each row's count of them (uint8 below 256
    columns, else int16). The rank of the bitboard kernel's ``random_moves``, so that both
    kernels draw the same moves from the same numbers.

    The leftmost column whose running count passes the rank, found by a binary search of each
    row's running count (about half the work of comparing every column); on the host, for up to
    72 columns, by :func:`othello_zoo.engine.kernels._host.sample_from_mask` (the mask packed into a word).

    >>> mask = torch.tensor([[False, True, True], [False, False, False]])
    >>> actions, counts = sample_from_mask(mask, torch.tensor([0.6, 0.6]))
    >>> actions.tolist(), counts.tolist()
    ([2, 3], [2, 0])
    """
    if mask.shape[1] <= 72 and _host.usable(mask, uniform):  # numpy on the host: fewer, cheaper steps
        return _host.sample_from_mask(mask, uniform)
    # Running counts in the narrowest type that holds them: uint8 cumsums the mask's own bytes.
    narrow = mask.shape[1] < 256
    running = mask.view(torch.uint8).cumsum(1, dtype=torch.uint8) if narrow else mask.cumsum(1, dtype=torch.int16)
    count = running[:, -1]
    # The running count to reach is the rank + 1, at most the count (should u * count round up to
    # it; in int16, where the + 1 cannot wrap); a row with no legal action asks for 1, which no
    # column holds, and gets A.
    wide = count.to(torch.int16)
    target = torch.minimum((uniform * wide).to(torch.int16) + 1, wide.clamp(min=1)).to(running.dtype)
    return torch.searchsorted(running, target.unsqueeze(1)).squeeze(1), count


def colour_view_of(
    planes: Tensor, placements: Tensor, has_moves: Tensor, black_to_move: Tensor
) -> tuple[Tensor, Tensor, Tensor]:
    """:meth:`Kernel.colour_view` from the mover's planes (``(B, 2, n*n)``: mover, opponent), its
    placements (bool ``(B, n*n)``) and whether it has any (bool ``(B,)``).

    >>> planes = torch.tensor([[[1, 0], [0, 1]]], dtype=torch.int8)  # the mover owns square 0
    >>> view, masks, counts = colour_view_of(planes, torch.tensor([[False, False]]),
    ...                                      torch.tensor([False]), torch.tensor([False]))
    >>> view.tolist(), masks.tolist()  # white to move: black owns square 1; white must pass
    ([[[0, 1], [1, 0], [0, 1]]], [[[False, False, True], [False, False, True]]])
    >>> counts.tolist()
    [[1, 1]]
    """
    batch, nn = placements.shape
    black = torch.where(black_to_move.view(-1, 1, 1), planes, planes.flip(1)).to(torch.int8)
    movers = torch.stack((black_to_move, ~black_to_move), dim=1)  # (B, 2): black moves, white moves
    masks = torch.empty((batch, 2, nn + 1), dtype=torch.bool, device=placements.device)
    torch.logical_and(placements.unsqueeze(1), movers.unsqueeze(2), out=masks[:, :, :nn])
    masks[:, :, nn] = ~(movers & has_moves.unsqueeze(1))
    return torch.cat((black, black[:, :1]), dim=1), masks, black.sum(-1, dtype=torch.int64)
