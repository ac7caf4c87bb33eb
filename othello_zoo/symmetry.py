"""The 8 symmetries of the square board, as maps of squares.

Symmetry ``k`` in ``0..7`` is ``k % 4`` quarter turns clockwise, then a reflection in the main
diagonal (``a1``-``h8``) when ``k >= 4``. The start position is kept by 4 of them
(:data:`START_SYMMETRIES`): the identity, the half turn and the two diagonal reflections.

>>> [transform_square(37, 8, k) for k in START_SYMMETRIES]  # f5 and its images
[37, 26, 44, 19]
"""

from __future__ import annotations

import functools

import numpy as np

__all__ = ["NAMES", "START_SYMMETRIES", "square_permutation", "transform_actions", "transform_square"]

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


def _rc(row: int, col: int, n: int, k: int) -> tuple[int, int]:
    for _ in range(k % 4):
        row, col = col, n - 1 - row  # a quarter turn clockwise
    if k >= 4:
        row, col = col, row
    return row, col


def transform_square(square: int, n: int, k: int) -> int:
    """The image of ``square`` under symmetry ``k``; the null action ``n*n`` maps to itself."""
    if not 0 <= k < 8:
        raise ValueError(f"symmetry must be in 0..7, got {k}")
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
