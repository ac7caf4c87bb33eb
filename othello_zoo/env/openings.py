"""Opening books: load, validate and draw openings to start games from.

A book is a list of move sequences. A book file has one sequence a line (``f5d6c3d3c4f4c5b3``);
blank lines and ``#`` comments (whole-line or trailing) are ignored. Every sequence is replayed
from the start position on load, and the first illegal move raises a ``ValueError`` naming the
file, the line and the move.

``"xot"`` is the shipped book: the XOT large list of 10,784 8-move openings that two strong
engines judged about even (by Matthias Berg and Borja Moreno; origin and licence notes in
``othello_zoo/data/XOT-SOURCE.txt``). Its openings all start with f5; an environment applies one
of the 4 symmetries of the start position to each drawn opening so that all four first moves
occur.

>>> book = load_book("xot")
>>> len(book), book.board_size, format_moves(book[0])
(10784, 8, 'f5d6c4d3c2b3b4b5')
"""

from __future__ import annotations

import functools
import os
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import numpy as np

from othello_zoo.core.board import Board
from othello_zoo.core.notation import check_board_size, format_moves, parse_moves
from othello_zoo.core.symmetry import START_SYMMETRIES, transform_actions

__all__ = ["BookNotFoundError", "BookSpec", "OpeningBook", "format_moves", "load_book", "replay", "resolve_book"]

BookSpec = str | os.PathLike[str] | Sequence[str]


@dataclass(frozen=True)
class OpeningBook:
    """Validated openings: each a list of actions playable from the start position."""

    openings: tuple[tuple[int, ...], ...]
    board_size: int = 8
    source: str = "<sequence>"

    def __len__(self) -> int:
        return len(self.openings)

    def __getitem__(self, index: int) -> tuple[int, ...]:
        return self.openings[index]

    def draw(self, rng: np.random.Generator, symmetries: bool = True) -> list[int]:
        """One opening drawn uniformly, under one of the start's 4 symmetries drawn uniformly."""
        opening = list(self.openings[int(rng.integers(len(self.openings)))])
        if symmetries:
            k = START_SYMMETRIES[int(rng.integers(len(START_SYMMETRIES)))]
            opening = transform_actions(opening, self.board_size, k)
        return opening


def replay(
    actions: Sequence[int], board_size: int = 8, where: str = "the opening", start: Board | None = None
) -> Board:
    """The board after playing ``actions`` from ``start`` (default: the start position, as a
    :class:`~othello_zoo.core.board.Board`); ``ValueError`` naming ``where`` at the first illegal move."""
    board: Board = start if start is not None else Board.start(board_size)
    for i, action in enumerate(actions):
        if not board.is_legal(action):
            legal = board.legal_actions()
            raise ValueError(
                f"{where}: move {i + 1} ({format_moves([action], board_size)}) is illegal; "
                f"legal there: {format_moves(legal, board_size)}"
            )
        board = board.step(action)
    return board


def _parse_line(text: str, board_size: int, where: str) -> list[int]:
    try:
        actions = parse_moves(text, board_size)
    except ValueError as error:
        raise ValueError(f"{where}: {error}") from None
    replay(actions, board_size, where)
    return actions


@functools.cache
def _shipped_book() -> OpeningBook:
    """The package's own book, read and not replayed (a fifth of the time): its every line is replayed in the tests
    (``tests/test_openings.py``)."""
    lines = resources.files("othello_zoo").joinpath("data/xot.txt").read_text().splitlines()
    return _book_from_lines(lines, 8, "xot", replayed=False)


def _book_from_lines(lines: Sequence[str], n: int, source: str, replayed: bool = True) -> OpeningBook:
    """The book of ``lines`` (comments after ``#``, blank lines skipped), each line parsed and, where ``replayed``,
    played out to check that every move is legal (a ``ValueError`` naming ``source`` and the line)."""
    openings = []
    for number, line in enumerate(lines, start=1):
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        where = f"{source}, line {number}"
        if replayed:
            openings.append(tuple(_parse_line(text, n, where)))
        else:
            try:
                openings.append(tuple(parse_moves(text, n)))
            except ValueError as error:
                raise ValueError(f"{where}: {error}") from None
    if not openings:
        raise ValueError(f"opening book {source} holds no openings")
    return OpeningBook(tuple(openings), n, source)


class BookNotFoundError(FileNotFoundError, ValueError):
    """A book path that does not exist: a ``FileNotFoundError``, and a ``ValueError`` as every bad argument."""


def _read_book_file(path: Path) -> list[str]:
    """The lines of a book file, read as UTF-8 (a byte-order mark is skipped); errors name the file."""
    if path.is_dir():
        raise ValueError(f"opening book {str(path)!r} is a directory, not a file of move sequences")
    if not path.exists():
        raise BookNotFoundError(f"opening book file not found: {str(path)!r} (or use 'xot', the shipped book)")
    try:
        data = path.read_bytes()
    except OSError as error:
        raise ValueError(f"opening book {str(path)!r} cannot be read: {error.strerror or error}") from None
    if data.startswith((b"\xff\xfe", b"\xfe\xff")) or b"\x00" in data[:4096]:
        raise ValueError(f"opening book {str(path)!r} is not UTF-8 text (UTF-16?): save it as UTF-8")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise ValueError(f"opening book {str(path)!r} is not UTF-8 text: a bad byte on line {line}") from None
    return text.splitlines()


def resolve_book(spec: BookSpec | OpeningBook | None, board_size: int) -> OpeningBook | None:
    """The book an env's ``opening_book`` argument names: ``None``, a loaded :class:`OpeningBook`
    (which must be for ``board_size``, checked already), or anything :func:`load_book` takes."""
    book = spec if spec is None or isinstance(spec, OpeningBook) else _load_book(spec, board_size)
    if book is not None and book.board_size != board_size:
        n, m = book.board_size, board_size
        raise ValueError(f"the opening book is for {n}x{n}, not {m}x{m}")
    return book


def load_book(spec: BookSpec, board_size: int = 8) -> OpeningBook:
    """Load and validate a book: ``"xot"``, a file path, or a sequence of move strings.

    Raises:
        ValueError: naming the file (or ``<sequence>``), the line and the offending move; or for
            an empty book, a file that is not UTF-8 text or is a directory, or ``"xot"`` on a board
            other than 8 x 8.
        FileNotFoundError: for a path that does not exist.
    """
    return _load_book(spec, check_board_size(board_size))


def _load_book(spec: BookSpec, n: int) -> OpeningBook:
    """:func:`load_book` for a checked board size ``n``."""
    if isinstance(spec, str) and spec == "xot":
        if n != 8:
            raise ValueError(f"the 'xot' book holds 8x8 openings, got board_size={n}")
        return _shipped_book()  # validated once per process
    if isinstance(spec, (str, os.PathLike)):
        path = Path(spec)
        lines = _read_book_file(path)
        source = str(path)
    elif isinstance(spec, Sequence):
        lines = list(spec)
        source = "<sequence>"
        if not all(isinstance(line, str) for line in lines):
            raise TypeError("an opening book sequence holds move strings such as 'f5d6c3'")
    else:
        raise TypeError(f"opening_book must be None, 'xot', a path or a sequence of move strings, got {spec!r}")
    return _book_from_lines(lines, n, source)
