"""Squares, move sequences and position text."""

from __future__ import annotations

import pytest

from othello_zoo import notation


@pytest.mark.parametrize(("square", "index"), [("a1", 0), ("h1", 7), ("a8", 56), ("f5", 37), ("H8", 63), ("d3", 19)])
def test_square_to_index__fixed_convention(square: str, index: int) -> None:
    assert notation.square_to_index(square) == index
    assert notation.index_to_square(index) == square.lower()


def test_square_to_index__larger_boards_use_more_files_and_two_digit_ranks() -> None:
    assert notation.square_to_index("a10", 10) == 90
    assert notation.square_to_index("p16", 16) == 255
    assert notation.index_to_square(255, 16) == "p16"
    assert notation.square_to_index("pass", 16) == 256


def test_parse_moves__sequences_with_passes_and_case() -> None:
    assert notation.parse_moves("F5d6 pass C3") == [37, 43, 64, 18]
    assert notation.parse_moves("a10b9j10", 10) == [90, 81, 99]
    assert notation.format_moves([37, 43, 64]) == "f5d6pass"
    assert notation.parse_moves("") == []


def test_position__round_trip() -> None:
    text = "---------------------------OX------XO--------------------------- X"
    cells, player, n = notation.parse_position(text)
    assert (player, n) == (0, 8)
    assert cells[27] == 2
    assert cells[28] == 1
    assert notation.format_position(cells, player) == text
    assert notation.parse_position(text.lower())[0] == cells  # case-insensitive on input
