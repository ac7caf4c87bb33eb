"""The exact 8 x 8 endgame solver in C (``endgame_native.c`` beside this file), built on first use, and alpha-beta's
midgame search in the same library (:func:`native_midgame`).

:class:`~othello_zoo.agents.endgame.EndgameSolver` hands 8 x 8 positions of :data:`NATIVE_EMPTIES` empties or more
to it: the same scores by the same kind of search (negamax alpha-beta, principal variation search, a transposition
table, fastest-first and parity move ordering, a last-square routine) on 64-bit words, with more in it (enhanced
transposition cutoffs, a bound from stable discs, two-ply move ordering far from the end, and from 16 empties the
moves ranked by a shallow search with the learned evaluation of alpha-beta), some forty times the
Python solver's speed, so that the agents solve from 18-20 empties within a move's time. The source is compiled
once a machine (``othello_zoo.runtime.native.build_library``: the C compiler on the ``PATH``, the user's cache),
with ``-mpopcnt``, ``-mavx2`` and the bit-manipulation sets (``-mbmi``, ``-mbmi2``, ``-mlzcnt``) where the CPU has them.
Where there is no compiler, or the build fails, the Python solver runs instead: :func:`native_status` says why, and
a warning says it once. ``OTHELLO_ZOO_NATIVE=0`` in the environment turns the C solver off.
"""

from __future__ import annotations

import ctypes
import functools
import os
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import torch

from othello_zoo.core.checks import check_int
from othello_zoo.runtime.native import build_library, cpu_flags

if TYPE_CHECKING:
    from othello_zoo.agents.patterns import PatternTables

__all__ = [
    "MAX_THREADS",
    "NATIVE_EMPTIES",
    "PARALLEL_EMPTIES",
    "SORTED_DEPTH",
    "check_threads",
    "native_available",
    "native_evaluate",
    "native_midgame",
    "native_midgame_values",
    "native_solve",
    "native_stable",
    "native_status",
]

NATIVE_EMPTIES = 10
"""From this many empties an 8 x 8 solve runs in C; below it the Python solver is as quick (its table kept between
the positions of a game, no library call)."""

SORTED_DEPTH = 3
"""From this many plies to go the midgame searches (alpha-beta's, and the solver's for its move order) sort the moves
by the evaluation of the positions they leave."""


MAX_THREADS = 64
"""The most threads a solve takes."""

PARALLEL_EMPTIES = 16
"""From this many empties a solve with ``threads`` above 1 runs in parallel; below it one thread solves it (a solve
of fewer empties takes a few milliseconds: starting threads would cost more than they give)."""

SOURCE = Path(__file__).with_name("endgame_native.c")
_FLAGS = ("-O3", "-std=c99", *(() if os.name == "nt" else ("-pthread",)))
_Solve = Callable[[int, int, int, int], tuple[int, int, int]]


def solve_function(library: ctypes.CDLL) -> Any:
    """The library's ``othello_zoo_solve`` with its argument and result types set: ``(own, opp, alpha, beta, guess,
    weights, patterns, sorted_depth, threads, &move, &nodes) -> score`` (``patterns`` ``None``: fastest first
    alone)."""
    function = library.othello_zoo_solve
    word, number = ctypes.c_uint64, ctypes.c_int
    table, patterns = ctypes.POINTER(number), ctypes.POINTER(_Patterns)
    function.argtypes = [word, word, number, number, number, table, patterns, number, number]
    function.argtypes += [ctypes.POINTER(number), ctypes.POINTER(word)]
    function.restype = number
    return function


@functools.cache
def _library() -> tuple[ctypes.CDLL | None, str]:
    """The built library, or ``None`` and why not (built once a process, loaded from the cache after)."""
    flags = (*_FLAGS, *cpu_flags())
    library, said = build_library(SOURCE, "endgame", flags)
    if library is None:
        return None, said
    solve_function(library)
    stable = library.othello_zoo_stable
    stable.argtypes = [ctypes.c_uint64, ctypes.c_uint64]
    stable.restype = ctypes.c_uint64
    table, patterns = ctypes.POINTER(ctypes.c_int), ctypes.POINTER(_Patterns)
    midgame = library.othello_zoo_midgame
    midgame.argtypes = [
        ctypes.c_uint64,
        ctypes.c_uint64,
        ctypes.c_int,
        ctypes.c_int,
        table,
        patterns,
        ctypes.POINTER(ctypes.c_int),
        ctypes.POINTER(ctypes.c_uint64),
    ]
    midgame.restype = ctypes.c_int
    evaluate = library.othello_zoo_evaluate
    evaluate.argtypes = [ctypes.c_uint64, ctypes.c_uint64, table, patterns]
    evaluate.restype = ctypes.c_int
    values = library.othello_zoo_midgame_values
    values.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_int, table, patterns]
    values.argtypes += [ctypes.c_void_p]
    values.restype = None
    vector = "AVX2 flips" if "-mavx2" in flags else "portable flips"
    library.othello_zoo_pext.restype = ctypes.c_int
    if library.othello_zoo_pext():  # the build's own word (the C source decides where pext runs)
        vector += ", pext patterns"
    return library, said.replace(" into ", f" ({vector}) into ", 1)


def native_available() -> bool:
    """Whether the C solver runs here (built on first use)."""
    return _library()[0] is not None


def native_status() -> str:
    """Whether the C solver runs here, and why not where it does not (``othello-zoo doctor`` prints it)."""
    library, why = _library()
    return f"C solver {'in use' if library is not None else 'off'}: {why}"


@functools.cache
def _warn_once(why: str) -> None:
    warnings.warn(f"the endgame solver runs in Python, some hundred times slower ({why})", stacklevel=3)


def check_threads(threads: object) -> int:
    """``threads`` as a solve takes it: an int from 1 to :data:`MAX_THREADS` (a ``TypeError`` or ``ValueError``
    naming it otherwise)."""
    return check_int("threads", threads, low=1, high=MAX_THREADS)


def native_solve(
    own: int,
    opp: int,
    alpha: int,
    beta: int,
    guess: int | None = None,
    evaluation: bool = True,
    threads: int = 1,
) -> tuple[int, int, int] | None:
    """``(score, move, nodes)`` of the 8 x 8 position (the mover's discs ``own``, the opponent's ``opp``, as bit
    sets) by the C solver, as :meth:`~othello_zoo.agents.endgame.EndgameSolver.solve` gives them; ``None`` where
    it is not available (said once in a warning). A ``guess`` of the score inside a window wider than 2 makes the
    solver ask null-window questions from it (MTD(f)) instead of searching the window at once: the same score, a move
    that reaches it, fewer positions the closer the guess. With ``evaluation`` (the default) the moves of positions
    of 16 empties or more are also ranked by a shallow search with the learned evaluation's tables fitted to exact
    endgame scores (:data:`~othello_zoo.agents.patterns.ENDGAME_TABLES`): the same score, fewer positions (those
    searches not counted in ``nodes``);
    and from 20 empties a guess's questions are asked selectively first (ProbCut: nodes cut where that evaluation's
    shallow search lies 10 discs or more beyond the window), then exactly from the selective answer, the selective
    search's moves tried first (1.5 times as fast on FFO #49); in the exact search, a node of 18 empties or more whose
    table move is not known to reach the question's bound probes its moves with that selective search first (a fifth
    fewer positions on FFO #49; the probes' positions counted in ``nodes``).

    ``threads`` above 1 (at most :data:`MAX_THREADS`) solves a position of :data:`PARALLEL_EMPTIES` empties or more
    with that many threads sharing the transposition table (young brothers wait: a node of 12 empties or more shares
    its moves after the first with the threads waiting for work): the same score, a best move (where several are
    best, any of them), a few percent more positions; about 1.8 times as fast with 2 threads on 2 free cores, and no
    faster where the cores are busy. Without POSIX threads (Windows) one thread solves every position.
    """
    threads = check_threads(threads)
    library, why = _library()
    if library is None:
        _warn_once(why)
        return None
    move, nodes = ctypes.c_int(-1), ctypes.c_uint64(0)
    start = -1001 if guess is None else max(-1001, min(1001, guess))  # outside every window: no guess
    weights, patterns = _order() if evaluation else (None, None)
    window = max(alpha, -1000), min(beta, 1000)
    if 64 - (own | opp).bit_count() < PARALLEL_EMPTIES:
        threads = 1
    score = library.othello_zoo_solve(own, opp, *window, start, weights, patterns, SORTED_DEPTH, threads, move, nodes)
    if score < -1000:
        raise MemoryError("the C endgame solver could not allocate its transposition table (64 MiB)")
    return score, move.value, nodes.value


def native_stable(discs: int, filled: int) -> int | None:
    """The discs of ``discs`` (a bit set; ``filled``: every disc on the board) that the C solver counts as stable,
    never to be flipped, for its bound on the score: on the edges exactly those that no sequence of placements along
    the edge flips (from a table of the 3^8 lines), those whose four lines are full, and, grown from them, a disc with
    a full line, the board's edge or a stable disc of its colour beside it in each of the four line directions.
    ``None`` where the C solver is not available."""
    library, _ = _library()
    if library is None:
        return None
    return int(library.othello_zoo_stable(discs, filled))


@functools.cache
def _weights(weights: tuple[int, ...]) -> ctypes.Array[ctypes.c_int]:
    """The positional table as the C search reads it (64 ints, made once a table)."""
    if len(weights) != 64:
        raise ValueError(f"the midgame search takes 64 weights (an 8 x 8 board), got {len(weights)}")
    return (ctypes.c_int * 64)(*weights)


class _Patterns(ctypes.Structure):
    """The learned evaluation's tables as the C search reads them (``Patterns`` in ``endgame_native.c``)."""

    _fields_ = [
        ("instances", ctypes.c_int),
        ("total", ctypes.c_int),
        ("unit", ctypes.c_int),
        ("digits", ctypes.POINTER(ctypes.c_int)),
        ("offsets", ctypes.POINTER(ctypes.c_int)),
        ("stage_of", ctypes.POINTER(ctypes.c_int)),
        ("weights", ctypes.POINTER(ctypes.c_int16)),
        ("scalars", ctypes.POINTER(ctypes.c_int)),
        ("masks", ctypes.POINTER(ctypes.c_uint64)),
        ("ternary", ctypes.POINTER(ctypes.c_uint16)),
        ("ternary_at", ctypes.POINTER(ctypes.c_int)),
    ]


_MAX_INSTANCES, _SQUARE_DIGITS = 64, 12  # MAX_INSTANCES and SQUARE_DIGITS in the C source


@functools.cache
def _patterns(tables: PatternTables) -> _Patterns:
    """The C form of ``tables`` (made once a table; the arrays it points into are kept on it)."""
    import numpy as np

    from othello_zoo.agents import patterns

    if len(patterns.INSTANCES) > _MAX_INSTANCES:
        raise ValueError(f"the C evaluation reads {_MAX_INSTANCES} pattern instances at most")
    digits = np.full((64, _SQUARE_DIGITS, 2), -1, dtype=np.intc)  # each square: (instance, 3 ** place) pairs
    placed = [0] * 64
    for i, (_, instance) in enumerate(patterns.INSTANCES):
        for place, square in enumerate(instance):
            digits[square, placed[square]] = (i, 3**place)
            placed[square] += 1
    offsets = np.array([patterns.OFFSETS[name] for name, _ in patterns.INSTANCES], dtype=np.intc)
    stage_of = np.array([patterns.stage_of(e) for e in range(65)], dtype=np.intc)
    weights = np.ascontiguousarray(tables.weights, dtype=np.int16)
    scalars = np.ascontiguousarray(tables.scalars, dtype=np.intc)
    masks = np.array([sum(1 << square for square in instance) for _, instance in patterns.INSTANCES], dtype=np.uint64)
    ternary, ternary_at = _ternary(tuple(instance for _, instance in patterns.INSTANCES))
    arrays = (digits, offsets, stage_of, weights, scalars, masks, ternary, ternary_at)
    made = _Patterns(
        len(patterns.INSTANCES),
        patterns.TOTAL,
        patterns.UNIT,
        *(a.ctypes.data_as(ctypes.POINTER(np.ctypeslib.as_ctypes_type(a.dtype))) for a in arrays),
    )
    made._arrays = arrays  # type: ignore[attr-defined]
    return made


def _ternary(instances: tuple[tuple[int, ...], ...]) -> tuple[Any, Any]:
    """The C evaluation's pext tables of ``instances`` (each a shape's squares, the first the lowest digit): for each,
    ``2 ** len(squares)`` entries, entry ``b`` the sum of ``3 ** place`` over the squares whose bits are set in ``b``
    (bit ``j``: the instance's ``j``-th square in square order, as pext gathers them); and each one's first entry.

    >>> table, at = _ternary(((9, 1),))  # square 1 is digit 1 (3), square 9 digit 0 (1); square order: 1, 9
    >>> table.tolist(), at.tolist()
    ([0, 3, 1, 4], [0])
    """
    import numpy as np

    tables: list[Any] = []
    at = [0]
    for squares in instances:
        if 3 ** len(squares) > 1 << 16:
            raise ValueError(f"the C evaluation reads patterns of 10 squares at most, got {len(squares)}")
        values = np.array([3 ** squares.index(square) for square in sorted(squares)], dtype=np.int64)
        bits = (np.arange(2 ** len(squares))[:, None] >> np.arange(len(squares))) & 1
        tables.append(bits @ values)
        at.append(at[-1] + len(tables[-1]))
    at.pop()  # (the end of the last)
    return np.concatenate(tables).astype(np.uint16), np.array(at, dtype=np.intc)


def _positional() -> ctypes.Array[ctypes.c_int]:
    """The positional table as the C searches' move order reads it."""
    from othello_zoo.agents.baseline import POSITIONAL_8x8

    return _weights(tuple(v for row in POSITIONAL_8x8 for v in row))


@functools.cache
def _order() -> tuple[ctypes.Array[ctypes.c_int], Any]:
    """The positional table and the endgame tables (fitted to exact scores) as the solver's move order and ProbCut
    read them (made once a process)."""
    from othello_zoo.agents.patterns import ENDGAME_TABLES, load_tables

    return _positional(), ctypes.byref(_patterns(load_tables(ENDGAME_TABLES)))


def native_midgame(
    own: int,
    opp: int,
    depth: int,
    weights: tuple[int, ...],
    tables: PatternTables | None,
    sorted_depth: int,
) -> tuple[int, int, int] | None:
    """``(value, move, nodes)`` of alpha-beta's midgame search of the 8 x 8 position (the mover's discs ``own``, the
    opponent's ``opp``; the mover has a placement) ``depth`` plies deep with the positional table ``weights`` and the
    learned evaluation's ``tables`` (``None``: the hand-made evaluation), the moves ordered by the evaluation of their
    positions from ``sorted_depth`` plies to go: the value, move and node count of
    :class:`othello_zoo.agents.alphabeta.AlphaBetaAgent`'s search in Python, the same search in C. ``None`` where
    the C library is not available."""
    library, _ = _library()
    if library is None:
        return None
    move, nodes = ctypes.c_int(-1), ctypes.c_uint64(0)
    learned = None if tables is None else ctypes.byref(_patterns(tables))
    value = library.othello_zoo_midgame(own, opp, depth, sorted_depth, _weights(weights), learned, move, nodes)
    return value, move.value, nodes.value


def native_midgame_values(
    own: torch.Tensor, opp: torch.Tensor, depth: int, tables: PatternTables, sorted_depth: int = SORTED_DEPTH
) -> torch.Tensor | None:
    """int32 ``(B,)``: the value for its mover of each 8 x 8 position (the mover's discs ``own[i]``, the opponent's
    ``opp[i]``: int64 words on the CPU, ``(B,)``), alpha-beta's midgame search of ``depth`` plies (0: the static
    evaluation) with the learned evaluation's ``tables``, in thousandths of a disc: a mover without a placement
    passes, a finished game is worth 1000 times its score. One library call for the batch; ``None`` where the C
    library is not available."""
    for name, words in (("own", own), ("opp", opp)):  # the C code reads their memory as B 64-bit words
        if words.dtype != torch.int64 or words.device.type != "cpu" or words.shape != (own.shape[0],):
            found = f"{words.dtype} {tuple(words.shape)} on {words.device}"
            raise ValueError(f"{name} must be int64 words (B,) on the CPU, as own {tuple(own.shape)}; got {found}")
    library, _ = _library()
    if library is None:
        return None
    own, opp = own.contiguous(), opp.contiguous()
    values = torch.empty(own.shape[0], dtype=torch.int32)
    weights, learned = _positional(), ctypes.byref(_patterns(tables))  # the positional table: the move order
    library.othello_zoo_midgame_values(
        own.data_ptr(), opp.data_ptr(), own.shape[0], depth, sorted_depth, weights, learned, values.data_ptr()
    )
    return values


def native_evaluate(own: int, opp: int, weights: tuple[int, ...], tables: PatternTables | None = None) -> int | None:
    """The static value of the 8 x 8 position for the mover, as :func:`native_midgame` scores its horizon; ``None``
    where the C library is not available."""
    library, _ = _library()
    if library is None:
        return None
    learned = None if tables is None else ctypes.byref(_patterns(tables))
    return int(library.othello_zoo_evaluate(own, opp, _weights(weights), learned))
