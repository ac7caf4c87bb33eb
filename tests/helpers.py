"""Small helpers for the tests: positions, data files, the example scripts."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from othello_zoo import notation

DATA = Path(__file__).parent / "data"
EXAMPLES = Path(__file__).parent.parent / "examples"


def load_example(name: str) -> ModuleType:
    """The script ``examples/<name>.py`` as a module (its ``main(argv)`` is what the tests call)."""
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def position(rows: list[str], side: str = "X") -> str:
    """Position text from rows of the board drawn top (rank 1) to bottom, e.g. ``"--XO----"``."""
    return "".join(r.replace(" ", "") for r in rows) + " " + side


def empty_rows(n: int = 8) -> list[str]:
    return ["-" * n for _ in range(n)]


def put(rows: list[str], square: str, disc: str) -> list[str]:
    n = len(rows)
    index = notation.square_to_index(square, n)
    r, c = divmod(index, n)
    out = [list(row) for row in rows]
    out[r][c] = disc
    return ["".join(row) for row in out]


def draw(text: str) -> list[str]:
    """Rows of a position text's board, for readable failure messages."""
    board = text.split()[0]
    n = int(len(board) ** 0.5)
    return [board[i * n : (i + 1) * n] for i in range(n)]
