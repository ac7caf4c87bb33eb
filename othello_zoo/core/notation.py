"""Squares, moves and position text: the project's fixed notation.

Squares are numbered ``row * n + col`` with row 0 at the top and column 0 on the left.
A square is written as a file letter (the column, ``a`` first) followed by a rank number
(the row, ``1`` first), so on the 8 x 8 board::

         a  b  c  d  e  f  g  h
      1  0  1  2  3  4  5  6  7
      2  8  9 10 11 12 13 14 15
      3 16 17 18 19 20 21 22 23
      4 24 25 26 27 28 29 30 31
      5 32 33 34 35 36 37 38 39
      6 40 41 42 43 44 45 46 47
      7 48 49 50 51 52 53 54 55
      8 56 57 58 59 60 61 62 63

Action ``n * n`` is the null action, written ``pass``. Input is case-insensitive; output is
lower case.

Position text is ``n * n`` characters row by row from ``a1`` (``X`` black, ``O`` white, ``-``
empty), one space and the side to move (``X`` or ``O``), the format of the standard endgame
test suites.

Examples:
    >>> square_to_index("f5")
    37
    >>> index_to_square(56)
    'a8'
    >>> parse_moves("f5d6C3 pass")
    [37, 43, 18, 64]
    >>> format_moves([37, 43, 64])
    'f5d6pass'
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Iterable, Sequence

from othello_zoo.core.checks import integer_value
from othello_zoo.core.rules import BLACK, WHITE

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

PASS = "pass"
MIN_BOARD_SIZE = 4
MAX_BOARD_SIZE = 16
FILES = "abcdefghijklmnop"
_TOKEN = re.compile(r"pass|[a-z][0-9]+", re.IGNORECASE)


def check_board_size(board_size: object) -> int:  # a NumPy integer or 0-d integer tensor is an int too
    """Return ``board_size`` if it is an even integer from 4 to 16, else raise.

    Raises:
        TypeError: if ``board_size`` is not an ``int``.
        ValueError: if it is odd or out of range.
    """
    value = integer_value(board_size)
    if value is None:
        raise TypeError(f"board_size must be an int, got {board_size!r} ({type(board_size).__name__})")
    board_size = value
    if board_size % 2 or not MIN_BOARD_SIZE <= board_size <= MAX_BOARD_SIZE:
        raise ValueError(f"board_size must be even and from {MIN_BOARD_SIZE} to {MAX_BOARD_SIZE}, got {board_size}")
    return board_size


def square_to_index(square: str, board_size: int = 8) -> int:
    """The square index of ``square`` (``"a1"`` is 0), or ``n * n`` for ``"pass"``.

    Raises:
        ValueError: if ``square`` is not a square of the board nor ``pass``.
    """
    n = check_board_size(board_size)
    text = square.strip().lower()
    if text == PASS:
        return n * n
    if len(text) >= 2 and text[0] in FILES[:n] and text[1:].isdigit():
        col, row = FILES.index(text[0]), int(text[1:]) - 1
        if 0 <= row < n and not text[1:].startswith("0"):
            return row * n + col
    raise ValueError(
        f"{square!r} is not a square of the {n}x{n} board (files a-{FILES[n - 1]}, ranks 1-{n}) nor 'pass'"
    )


def index_to_square(index: int, board_size: int = 8) -> str:
    """The name of square ``index`` (``n * n`` gives ``"pass"``).

    Raises:
        ValueError: if ``index`` is outside ``0..n*n``.
    """
    n = check_board_size(board_size)
    if not 0 <= index <= n * n:
        raise ValueError(f"action {index} is outside 0..{n * n} for the {n}x{n} board")
    if index == n * n:
        return PASS
    return f"{FILES[index % n]}{index // n + 1}"


action_to_str = index_to_square


def parse_moves(moves: str, board_size: int = 8) -> list[int]:
    """Parse a move sequence such as ``"f5d6c3"`` (``pass`` allowed, spaces ignored).

    Raises:
        ValueError: naming the first piece of text that is not a move.
    """
    n = check_board_size(board_size)
    text = "".join(moves.split())
    out: list[int] = []
    pos = 0
    while pos < len(text):
        # A move never starts with a digit, so reading all digits of a rank is unambiguous.
        match = _TOKEN.match(text, pos)
        if not match:
            raise ValueError(f"cannot read a move at position {pos} of {moves!r}: {text[pos : pos + 4]!r}")
        token = match.group()
        index = _square_indices(n).get(token)
        out.append(index if index is not None else square_to_index(token, n))  # the slow path: case, errors
        pos = match.end()
    return out


@functools.cache
def _square_indices(n: int) -> dict[str, int]:
    """The action of each square's name in lower case (``"pass"`` included), for a checked board size."""
    return {name: index for index, name in enumerate(square_names(n))}


@functools.cache
def square_names(board_size: int = 8) -> tuple[str, ...]:
    """The names of actions ``0..n*n`` (the last is ``"pass"``), built once per size."""
    return tuple(index_to_square(a, board_size) for a in range(board_size * board_size + 1))


def format_moves(actions: Iterable[int], board_size: int = 8, separator: str = "") -> str:
    """Write actions as a move sequence, concatenated (``"f5d6pass"``, the notation's form) or,
    for a person to read, ``separator``-separated.

    >>> format_moves([37, 43, 64]), format_moves([19, 26, 37, 44], separator=" ")
    ('f5d6pass', 'd3 c4 f5 e6')
    """
    return separator.join(index_to_square(int(a), board_size) for a in actions)


def parse_position(text: str) -> tuple[list[int], int, int]:
    """Read one position text.

    Returns:
        ``(cells, player, board_size)`` where ``cells`` holds ``n * n`` values (0 empty,
        1 black, 2 white) and ``player`` is 0 (black) or 1 (white) to move.

    Raises:
        ValueError: naming what is wrong with the text.
    """
    if not isinstance(text, str):
        raise TypeError(f"a position text must be a str, got {type(text).__name__}")
    parts = text.strip().split()
    if len(parts) != 2:
        raise ValueError(
            f"a position text is '<board> <side>' (board of n*n characters X, O, -; side X or O), got {text!r}"
        )
    board, side = parts
    size = math.isqrt(len(board))
    if size * size != len(board) or size % 2 or not MIN_BOARD_SIZE <= size <= MAX_BOARD_SIZE:
        raise ValueError(
            f"a position's board has n*n characters for an even n from 4 to 16, got {len(board)} in {text!r}"
        )
    bad = sorted(set(board.upper()) - set("XO-"))
    if bad:
        raise ValueError(f"a position's board uses only X, O and -, got {''.join(bad)!r} in {text!r}")
    if side.upper() not in ("X", "O"):
        raise ValueError(f"the side to move is X or O, got {side!r} in {text!r}")
    cells = [{"-": 0, "X": 1, "O": 2}[c] for c in board.upper()]
    return cells, BLACK if side.upper() == "X" else WHITE, size


def format_position(cells: Sequence[int], player: int) -> str:
    """Write ``cells`` (0 empty, 1 black, 2 white) and the side to move as position text."""
    return "".join("-XO"[c] for c in cells) + " " + "XO"[player]
