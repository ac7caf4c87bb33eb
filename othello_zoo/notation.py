"""Squares, move sequences and position text at the path users import, ``othello_zoo.notation``: the code and its
documentation are :mod:`othello_zoo.core.notation`."""

from __future__ import annotations

from othello_zoo.core.notation import (
    BLACK,
    MAX_BOARD_SIZE,
    MIN_BOARD_SIZE,
    PASS,
    WHITE,
    action_to_str,
    check_board_size,
    format_moves,
    format_position,
    index_to_square,
    parse_moves,
    parse_position,
    square_names,
    square_to_index,
)

__all__ = [
    "BLACK",
    "MAX_BOARD_SIZE",
    "MIN_BOARD_SIZE",
    "PASS",
    "WHITE",
    "action_to_str",
    "check_board_size",
    "format_moves",
    "format_position",
    "index_to_square",
    "parse_moves",
    "parse_position",
    "square_names",
    "square_to_index",
]
