"""Board geometry shared by the kernels: the 8 directions and rays along them."""

from __future__ import annotations

__all__ = ["DIRECTIONS", "ray"]

# (row step, column step): N, S, W, E, NW, NE, SW, SE. Rows grow downwards (rank 1 is row 0).
DIRECTIONS: tuple[tuple[int, int], ...] = ((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (-1, 1), (1, -1), (1, 1))


def ray(n: int, square: int, dr: int, dc: int, length: int) -> list[int]:
    """The ``length`` squares after ``square`` along ``(dr, dc)``, or ``[]`` if the ray leaves the board.

    >>> ray(8, 0, 1, 1, 3)
    [9, 18, 27]
    >>> ray(8, 7, 0, 1, 1)
    []
    """
    row, col = divmod(square, n)
    out = []
    for t in range(1, length + 1):
        r, c = row + t * dr, col + t * dc
        if not (0 <= r < n and 0 <= c < n):
            return []
        out.append(r * n + c)
    return out
