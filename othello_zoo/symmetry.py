"""The 8 symmetries of the board at the path users import, ``othello_zoo.symmetry``: the code and its documentation
are :mod:`othello_zoo.core.symmetry`."""

from __future__ import annotations

from othello_zoo.core.symmetry import (
    NAMES,
    START_SYMMETRIES,
    all_symmetries,
    compose,
    inverse,
    source_table,
    square_permutation,
    transform_actions,
    transform_boards,
    transform_policy,
    transform_square,
)

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
