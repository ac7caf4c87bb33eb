"""The 8 symmetries of the square board: maps of squares, and batched maps of boards and policies.

Symmetry ``k`` in ``0..7`` is ``k % 4`` quarter turns clockwise, then a reflection in the main
diagonal (``a1``-``h8``) when ``k >= 4``. The start position is kept by 4 of them
(:data:`START_SYMMETRIES`): the identity, the half turn and the two diagonal reflections.

>>> [transform_square(37, 8, k) for k in START_SYMMETRIES]  # f5 and its images
[37, 26, 44, 19]

Boards, observations, masks and policies move together: the image of a board has on square
``transform_square(s, n, k)`` what the board had on ``s``, and the image of a policy (or action
mask) has there the entry the policy had for ``s``; the null action ``n*n`` (pass) stays in
place. So the legal moves of a transformed position are the transformed legal moves.

>>> import torch
>>> board = torch.arange(4).reshape(1, 2, 2)  # squares 0 1 / 2 3 of a 2 x 2 grid
>>> transform_boards(board, 1)[0].tolist()  # a quarter turn clockwise
[[2, 0], [3, 1]]
>>> transform_policy(torch.tensor([[10, 11, 12, 13, 99]]), 1).tolist()  # entry 99 is pass
[[12, 10, 13, 11, 99]]
"""

from __future__ import annotations

import functools
import math
from typing import overload

import numpy as np
import torch
from torch import Tensor

from othello_zoo.core.checks import check_int, integer_value

__all__ = [
    "NAMES",
    "START_SYMMETRIES",
    "all_symmetries",
    "compose",
    "inverse",
    "source_table",
    "square_permutation",
    "transform_actions",
    "transform_boards",
    "transform_policy",
    "transform_square",
]

NAMES = (
    "identity",
    "rotate 90",
    "rotate 180",
    "rotate 270",
    "reflect main diagonal",
    "reflect horizontal axis",
    "reflect anti-diagonal",
    "reflect vertical axis",
)
# identity, rotate 180, reflect in the main diagonal, reflect in the anti-diagonal
START_SYMMETRIES: tuple[int, ...] = (0, 2, 4, 6)


def _check_symmetry(k: object) -> int:
    value = integer_value(k)
    if value is None:
        raise TypeError(f"symmetry must be an int in 0..7, got {k!r} ({type(k).__name__})")
    if not 0 <= value < 8:
        raise ValueError(f"symmetry must be in 0..7, got {k}")
    return value


def _rc(row: int, col: int, n: int, k: int) -> tuple[int, int]:
    for _ in range(k % 4):
        row, col = col, n - 1 - row  # a quarter turn clockwise
    if k >= 4:
        row, col = col, row
    return row, col


def transform_square(square: int, n: int, k: int) -> int:
    """The image of ``square`` under symmetry ``k``; the null action ``n*n`` maps to itself.

    Raises:
        TypeError, ValueError: ``square`` not an int in ``0..n*n``, ``n`` not a positive int, a bad symmetry.
    """
    k = _check_symmetry(k)
    n = check_int("n", n, low=1)
    square = check_int("square", square, low=0, high=n * n)
    if square == n * n:
        return square
    row, col = _rc(*divmod(square, n), n, k)
    return row * n + col


@functools.cache
def square_permutation(n: int, k: int) -> np.ndarray:
    """int64 ``(n*n + 1,)``: entry ``s`` is the image of action ``s`` (the null action stays)."""
    return np.array([transform_square(s, n, k) for s in range(n * n + 1)], dtype=np.int64)


def transform_actions(actions: list[int], n: int, k: int) -> list[int]:
    """A move sequence under symmetry ``k``."""
    perm = square_permutation(n, k)
    return [int(perm[a]) for a in actions]


@functools.cache
def _compose_table() -> tuple[tuple[int, ...], ...]:
    # The 8 maps act faithfully on the 4 x 4 grid, so its permutations identify them.
    perms = [tuple(square_permutation(4, k).tolist()) for k in range(8)]
    index = {perm: k for k, perm in enumerate(perms)}
    return tuple(
        tuple(index[tuple(perms[second][s] for s in perms[first])] for second in range(8)) for first in range(8)
    )


def inverse(k: int) -> int:
    """The symmetry that undoes ``k``: quarter turns undo each other, reflections undo themselves.

    >>> [inverse(k) for k in range(8)]
    [0, 3, 2, 1, 4, 5, 6, 7]
    >>> transform_square(transform_square(5, 8, 1), 8, inverse(1))
    5
    """
    k = _check_symmetry(k)
    return (4 - k) % 4 if k < 4 else k


def compose(first: int, second: int) -> int:
    """The symmetry that applies ``first``, then ``second``.

    >>> compose(1, 1)  # two quarter turns make a half turn
    2
    >>> compose(1, 4) == 5 and transform_square(transform_square(9, 8, 1), 8, 4) == transform_square(9, 8, 5)
    True
    """
    return _compose_table()[_check_symmetry(first)][_check_symmetry(second)]


@functools.cache
def source_table(n: int) -> np.ndarray:
    """int64 ``(8, n*n + 1)``, read-only: ``table[k, t]`` is the action that symmetry ``k`` carries
    onto ``t``, so the image of a flat vector ``x`` is ``x[table[k]]`` (a gather).

    >>> table = source_table(8)
    >>> int(table[1, transform_square(37, 8, 1)]), int(table[5, 64])
    (37, 64)
    """
    table = np.stack([square_permutation(n, inverse(k)) for k in range(8)])
    table.setflags(write=False)
    return table


@functools.cache
def _source_tensor(n: int, device: torch.device) -> Tensor:
    return torch.from_numpy(source_table(n).copy()).to(device)


def _square_size(boards: Tensor) -> int:
    if boards.dim() < 2 or boards.shape[-1] != boards.shape[-2]:
        raise ValueError(f"boards must end in two equal dimensions (n, n), got shape {tuple(boards.shape)}")
    return int(boards.shape[-1])


def _policy_size(policy: Tensor) -> int:
    if policy.dim() < 1:
        raise ValueError("a policy needs a last dimension of n*n + 1 entries")
    size = int(policy.shape[-1])
    n = math.isqrt(max(size - 1, 0))
    if n < 1 or n * n + 1 != size:
        raise ValueError(f"a policy has n*n + 1 entries (the last one is pass), got {size}")
    return n


def _gather(flat: Tensor, k: int | Tensor, n: int, length: int) -> Tensor:
    """``flat`` (..., length) taken through the source table of ``k``; a tensor ``k`` picks one
    symmetry per entry of the first dimension."""
    table = _source_tensor(n, flat.device)[:, :length]
    if isinstance(k, Tensor):
        if k.dim() != 1 or k.shape[0] != flat.shape[0] or k.dtype != torch.int64:
            raise ValueError(
                f"per-board symmetries must be int64 with shape ({flat.shape[0]},), got {k.dtype} {tuple(k.shape)}"
            )
        rows = table.index_select(0, k.to(flat.device))  # (B, length)
        rows = rows.view(rows.shape[0], *[1] * (flat.dim() - 2), length).expand(flat.shape)
        return flat.gather(-1, rows)
    return flat.index_select(-1, table[_check_symmetry(k)])


def transform_boards(boards: Tensor, k: int | Tensor) -> Tensor:
    """Boards or observations under symmetry ``k``.

    Args:
        boards: any dtype, shape ``(..., n, n)``: boards ``(B, n, n)``, observations ``(B, C, n, n)``.
        k: a symmetry ``0..7`` for all, or int64 ``(B,)``, one per entry of the first dimension.

    Returns:
        A new tensor of the same shape and dtype: entry ``transform_square(s, n, k)`` holds what
        square ``s`` held.

    >>> import torch
    >>> obs = torch.zeros(2, 2, 4, 4, dtype=torch.int8)
    >>> obs[:, 0, 0, 1] = 1  # a disc on b1 in both
    >>> out = transform_boards(obs, torch.tensor([0, 2]))
    >>> out[0, 0].flatten().nonzero().flatten().tolist(), out[1, 0].flatten().nonzero().flatten().tolist()
    ([1], [14])
    """
    n = _square_size(boards)
    flat = boards.reshape(*boards.shape[:-2], n * n)
    return _gather(flat, k, n, n * n).view(boards.shape)


def transform_policy(policy: Tensor, k: int | Tensor) -> Tensor:
    """Policies, action masks or any per-action vectors ``(..., n*n + 1)`` under symmetry ``k``.

    The entry for square ``s`` moves to ``transform_square(s, n, k)``; the pass entry stays last.

    >>> import torch
    >>> mask = torch.zeros(1, 65, dtype=torch.bool)
    >>> mask[0, [19, 64]] = True
    >>> transform_policy(mask, 1)[0].nonzero().flatten().tolist()  # d3 turns to f4
    [29, 64]
    """
    n = _policy_size(policy)
    return _gather(policy, k, n, n * n + 1)


@overload
def all_symmetries(boards: Tensor, policy: Tensor) -> tuple[Tensor, Tensor]: ...
@overload
def all_symmetries(boards: Tensor, policy: None = None) -> tuple[Tensor, None]: ...
def all_symmetries(boards: Tensor, policy: Tensor | None = None) -> tuple[Tensor, Tensor | None]:
    """The 8 images of boards (and their policies) for data augmentation, symmetry first.

    Args:
        boards: ``(..., n, n)`` boards or observations.
        policy: ``(..., n*n + 1)`` policies or masks of the same boards, or None.

    Returns:
        ``(images, policies)``: ``images[k] == transform_boards(boards, k)``, shape ``(8, ..., n, n)``,
        and ``policies[k] == transform_policy(policy, k)`` (None without a policy). Flatten the first
        two dimensions (``.flatten(0, 1)``) for a batch of ``8 * B`` training examples.

    >>> import torch
    >>> obs = torch.zeros(3, 2, 6, 6)
    >>> pi = torch.full((3, 37), 1 / 37)
    >>> images, policies = all_symmetries(obs, pi)
    >>> tuple(images.shape), tuple(policies.shape)
    ((8, 3, 2, 6, 6), (8, 3, 37))
    """
    n = _square_size(boards)
    table = _source_tensor(n, boards.device)
    lead = boards.shape[:-2]
    flat = boards.reshape(*lead, n * n).index_select(-1, table[:, : n * n].reshape(-1))
    images = flat.view(*lead, 8, n, n).movedim(-3, 0).contiguous()
    if policy is None:
        return images, None
    if _policy_size(policy) != n:
        raise ValueError(f"policy has {policy.shape[-1]} entries, boards of size {n} need {n * n + 1}")
    policies = (
        policy.index_select(-1, table.reshape(-1)).view(*policy.shape[:-1], 8, n * n + 1).movedim(-2, 0).contiguous()
    )
    return images, policies
