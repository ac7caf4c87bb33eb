"""The learned 8 x 8 evaluation of alpha-beta: pattern tables fitted to the WTHOR tournament games.

A position is read through 46 lines and blocks of squares (the *instances* of eleven pattern shapes: an edge with
its two X-squares, a corner's 3 x 3 and 2 x 5 blocks, the second to fourth rows and the diagonals of four to eight
squares, each in every orientation of the board). Each instance's squares, empty, the mover's or the opponent's,
make a base-3 index into its shape's table, and the value for the mover is the sum of the 46 table entries, plus a
weight on mobility (the mover's placements less the opponent's) and on potential mobility (the empty squares beside
the opponent's discs less those beside the mover's), plus a bias. Each of :data:`STAGES` stages of the game (four
discs each) has tables of its own.

The values are final disc differences in thousandths, the unit of the search's finished games (1000 times the
score), so that a won ending and a promising midgame compare. The tables ship with the package
(``othello_zoo/data/patterns.npz``, numbers only: read with ``allow_pickle=False``) and are fitted by
``docs/scripts/fit_patterns.py`` to the 9,113 games of WTHOR 2004 (their theoretical scores, perfect play from 24
empties, for the positions before that; the final score after). :func:`pattern_value` is the evaluation in Python;
the C search (:func:`othello_zoo.agents.native.native_midgame`) reads the same tables and gives the same values.

The C endgame solver orders its moves and makes its ProbCut cuts with tables of the same shapes fitted to exact
scores instead (:data:`ENDGAME_TABLES`, ``othello_zoo/data/endgame-patterns.npz``): the games' positions of 20 empties
or fewer and those one other move away from them at 14 or fewer, each solved exactly
(``docs/scripts/label_endgames.py``, then ``fit_patterns.py --labels``). Off the games' line, where most of a
solver's tree lies, they miss the exact score by 8 to 9.5 discs where the tables above miss it by 11 to 14.

>>> len(INSTANCES), TOTAL, stage_of(60), stage_of(20)
(46, 167265, 0, 10)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

import numpy as np

__all__ = [
    "ENDGAME_TABLES",
    "INSTANCES",
    "OFFSETS",
    "SHAPES",
    "STAGES",
    "TABLES",
    "TOTAL",
    "UNIT",
    "PatternTables",
    "instance_indices",
    "load_tables",
    "pattern_value",
    "stage_of",
]

TABLES = Path(__file__).resolve().parents[1] / "data" / "patterns.npz"
"""The evaluation's tables: alpha-beta's and the AlphaZero agent's mixed value."""
ENDGAME_TABLES = TABLES.with_name("endgame-patterns.npz")
"""The endgame solver's tables (its move order and ProbCut), fitted to exact scores."""

STAGES = 15
"""Stages of the game with tables of their own: stage ``min(14, (60 - empties) // 4)``."""

UNIT = 8
"""The search's units (thousandths of a disc) in one unit of the tables (1/125 of a disc: an int16 holds 262
discs)."""


def _line(*squares: tuple[int, int]) -> tuple[int, ...]:
    return tuple(row * 8 + column for row, column in squares)


SHAPES: dict[str, tuple[int, ...]] = {
    "edge+2x": _line(*((0, c) for c in range(8)), (1, 1), (1, 6)),
    "corner 3x3": _line(*((r, c) for r in range(3) for c in range(3))),
    "corner 2x5": _line(*((r, c) for r in range(2) for c in range(5))),
    "row 2": _line(*((1, c) for c in range(8))),
    "row 3": _line(*((2, c) for c in range(8))),
    "row 4": _line(*((3, c) for c in range(8))),
    "diagonal 8": _line(*((i, i) for i in range(8))),
    "diagonal 7": _line(*((i, i + 1) for i in range(7))),
    "diagonal 6": _line(*((i, i + 2) for i in range(6))),
    "diagonal 5": _line(*((i, i + 3) for i in range(5))),
    "diagonal 4": _line(*((i, i + 4) for i in range(4))),
}
"""Each shape's squares in one orientation (square = row * 8 + column); the first square is the lowest digit of
the index."""


def _image(square: int, symmetry: int) -> int:
    """Square under one of the board's eight symmetries (bit 0: mirror the columns, 1: the rows, 2: transpose)."""
    row, column = divmod(square, 8)
    if symmetry & 1:
        column = 7 - column
    if symmetry & 2:
        row = 7 - row
    if symmetry & 4:
        row, column = column, row
    return row * 8 + column


def _instances() -> tuple[tuple[str, tuple[int, ...]], ...]:
    found: list[tuple[str, tuple[int, ...]]] = []
    for name, squares in SHAPES.items():
        seen: set[frozenset[int]] = set()
        for symmetry in range(8):
            image = tuple(_image(s, symmetry) for s in squares)
            if frozenset(image) not in seen:  # a symmetric shape's mirror image covers the same squares
                seen.add(frozenset(image))
                found.append((name, image))
    return tuple(found)


INSTANCES = _instances()
"""Every placement of every shape on the board: ``(shape, squares)``, 46 of them."""

_SIZES = [3 ** len(squares) for squares in SHAPES.values()]
OFFSETS: dict[str, int] = dict(zip(SHAPES, np.cumsum([0, *_SIZES[:-1]]).tolist(), strict=True))
"""Each shape's first entry in a stage's tables (the shapes' tables lie one after another)."""
TOTAL = sum(_SIZES)
"""Entries in one stage's tables."""


def stage_of(empties: int) -> int:
    """The stage of a position with ``empties`` empty squares."""
    return min(STAGES - 1, max(0, (60 - empties) // 4))


@dataclass(frozen=True, eq=False)
class PatternTables:
    """The fitted tables: ``weights[stage, entry]`` (int16) and ``scalars[stage]`` (int32: mobility, potential
    mobility, bias), all in units of 1/125 of a disc."""

    weights: np.ndarray
    scalars: np.ndarray


@functools.cache
def load_tables(path: Path = TABLES) -> PatternTables:
    """The shipped tables (read once), checked for their shapes and types: a file that is not what it should be
    raises ``ValueError`` naming what it found."""
    try:
        with np.load(path, allow_pickle=False) as saved:
            weights, scalars = saved["weights"], saved["scalars"]
    except (OSError, KeyError, ValueError) as error:
        raise ValueError(f"{path} is not a pattern table file: {error}") from error
    if weights.shape != (STAGES, TOTAL) or weights.dtype != np.int16:
        found = f"weights of shape {weights.shape} and type {weights.dtype}"
        raise ValueError(f"{path}: {found}, not int16 {(STAGES, TOTAL)}")
    if scalars.shape != (STAGES, 3) or scalars.dtype != np.int32:
        found = f"scalars of shape {scalars.shape} and type {scalars.dtype}"
        raise ValueError(f"{path}: {found}, not int32 {(STAGES, 3)}")
    weights.setflags(write=False)
    scalars.setflags(write=False)
    return PatternTables(weights, scalars)


def instance_indices(own: int, opp: int) -> list[int]:
    """Each instance's entry in a stage's tables for the mover ``own`` (0 empty, 1 the mover's, 2 the opponent's
    in each digit)."""
    found = []
    for name, squares in INSTANCES:
        index = 0
        for square in reversed(squares):
            index = index * 3 + (own >> square & 1) + 2 * (opp >> square & 1)
        found.append(OFFSETS[name] + index)
    return found


def pattern_value(own: int, opp: int, tables: PatternTables, mobility: int = 0, potential: int = 0) -> int:
    """The value for the mover ``own`` in the search's units; ``mobility`` and ``potential`` are the two counts'
    differences for the mover (the caller has them)."""
    empties = 64 - (own | opp).bit_count()
    stage = stage_of(empties)
    row = tables.weights[stage]
    total = sum(int(row[i]) for i in instance_indices(own, opp))
    m, p, bias = (int(v) for v in tables.scalars[stage])
    return UNIT * (total + m * mobility + p * potential + bias)
