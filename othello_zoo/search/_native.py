"""A leaf batch's descents in C (``_native.c`` beside this file): the CPU's compiled search walks its trees here.

The compiled search on the CPU ran a leaf batch's descents as a ``torch.while_loop`` in inductor's C++: about 35 us
a descent on a one-root tree of 33 nodes (each level's selection over the node's actions in small generated loops,
the carried statistics copied each turn) and some 0.2 ms a call of dynamo's and the wrapper's own cost, half a
millisecond of every leaf batch of 8. The same descents in plain C take about a microsecond each, and the loop's
compilation (three minutes with inductor's cache cold) is not needed at all.

:func:`native_descents` runs them where it can: on the CPU, float32 statistics, the bitboard engine's words, and the
selection rules it knows (:func:`~othello_zoo.search.puct_selection` and the Gumbel root's, which say so by their
``native`` attribute); else it returns ``None`` and the compiled loop runs. The choices are the eager search's bit
for bit: the same float32 operations in the same order, built without contracting a multiply and an add
(``-ffp-contract=off``), and the same virtual losses, pending leaves and links
(``tests/test_native_search.py`` holds them so against the eager search and the compiled loop; an evaluator's NaN
aside, which the eager back-up also scatters, times 0, into the first tree's first edge). The library is built
once a machine like the endgame solver's (:func:`othello_zoo.runtime.native.build_library`); where it cannot be,
the compiled loop runs, as it did before.
"""

from __future__ import annotations

import ctypes
import functools
import math
import weakref
from pathlib import Path
from typing import Any, NamedTuple

import torch
from torch import Tensor

from othello_zoo.engine.fused import rays
from othello_zoo.runtime.native import build_library
from othello_zoo.search._config import SearchConfig
from othello_zoo.search._tree import Tree
from othello_zoo.search._wins import with_wins

__all__ = [
    "ENABLED",
    "NativeBatch",
    "native_descents",
    "native_finish",
    "native_ready",
    "native_search_available",
    "native_search_status",
    "walks_in_c",
]

ENABLED = True
"""Whether a compiled CPU search walks its leaf batches here (a test sets it off to run the compiled loop)."""

SOURCE = Path(__file__).with_name("_native.c")
_FLAGS = ("-O2", "-std=c99", "-ffp-contract=off")

_pointer = ctypes.c_void_p  # every array is passed as an address (Tensor.data_ptr()), its type the C code's


class _Tree(ctypes.Structure):
    _fields_ = [(name, ctypes.c_int) for name in ("trees", "nodes", "actions", "squares")] + [
        (name, _pointer)
        for name in (
            "prior",
            "visits",
            "value_sum",
            "child",
            "legal",
            "terminal",
            "terminal_value",
            "depth",
            "parent",
            "size",
            "max_depth",
            "discs",
            "moves",
            "player",
            "terminated",
            "forfeited",
            "rays",
        )
    ]


class _Rule(ctypes.Structure):
    _fields_ = [
        ("gumbel", ctypes.c_int),
        ("c_puct", ctypes.c_float),
        ("noisy", _pointer),
        ("considered", _pointer),
        ("schedule", _pointer),
        ("schedule_length", ctypes.c_int),
        ("c_visit", ctypes.c_float),
        ("c_scale", ctypes.c_float),
    ]


class _Batch(ctypes.Structure):
    _fields_ = [
        (name, _pointer)
        for name in (
            "path_nodes",
            "path_actions",
            "ends",
            "own",
            "opp",
            "terminated",
            "forfeited",
            "planes",
            "mask",
            "wins",
        )
    ]


@functools.cache
def _library() -> tuple[Any, str]:
    """The library with its two functions' argument types set, or ``None``; and where it was built or why not
    (once a process)."""
    library, said = build_library(SOURCE, "search", _FLAGS)
    if library is None:
        return None, said
    tree, rule, batch, number = ctypes.POINTER(_Tree), ctypes.POINTER(_Rule), ctypes.POINTER(_Batch), ctypes.c_int
    library.othello_zoo_descents.argtypes = [tree, rule, rule, number, number, number, batch]
    library.othello_zoo_finish.argtypes = [tree, number, number, number, batch, _pointer, _pointer, _pointer]
    library.othello_zoo_descents.restype = library.othello_zoo_finish.restype = ctypes.c_int
    return library, said


def native_search_available() -> bool:
    """Whether compiled CPU searches walk their leaf batches in C here (the library built, or loaded from the
    cache: the first call of a machine builds it)."""
    return ENABLED and _library()[0] is not None


def walks_in_c(device: torch.device | str, board_size: int, config: SearchConfig) -> bool:
    """Whether a compiled search (``compile=True``) of ``board_size`` boards on ``device`` with ``config`` walks its
    trees in C, nothing of it compiled by torch: the library here, the CPU, boards up to 8 x 8 (the bitboard words)
    and float32 statistics. The evaluator runs eagerly between the walks, so that any evaluator does, one without a
    traceable form too. Its searches are then the eager ones bit for bit, faster: the trainer's self-play and
    matches and the AlphaZero agent search so by default."""
    cpu = torch.device(device).type == "cpu"
    return cpu and board_size <= 8 and config.dtype == torch.float32 and native_search_available()


def native_search_status() -> str:
    """Whether the compiled CPU search walks its trees in C, and why not where it does not (``othello-zoo doctor``)."""
    library, said = _library() if ENABLED else (None, "turned off (search._native.ENABLED)")
    if library is not None:
        return f"compiled CPU searches walk their leaf batches in C: {said}"
    return f"compiled CPU searches walk their leaf batches in torch's compiled loop: {said}"


_TREES: weakref.WeakKeyDictionary[Tree, tuple[_Tree, Any] | None] = weakref.WeakKeyDictionary()
_RULES: weakref.WeakKeyDictionary[Any, tuple[_Rule, tuple[Tensor, ...]] | None] = weakref.WeakKeyDictionary()


def _tree_view(tree: Tree, board_size: int) -> _Tree | None:
    """The C view of ``tree`` (made once a tree: its tensors never change, their contents do), or ``None`` where its
    tensors are not what the C code reads (float32 statistics, contiguous, the bitboard engine's words)."""
    if tree in _TREES:
        known = _TREES[tree]
        return None if known is None else known[0]
    states = tree.states
    fields: tuple[Tensor, ...] = (tree.prior, tree.visits, tree.value_sum, tree.child, tree.legal, tree.terminal)
    fields += (tree.terminal_value, tree.depth, tree.parent, tree.size, tree.max_depth, states.discs, states.moves)
    fields += (states.current_player, states.terminated, states.forfeited)
    dtypes: tuple[torch.dtype, ...] = (torch.float32,) * 3 + (torch.int64, torch.bool, torch.bool, torch.float32)
    dtypes += (torch.int64,) * 7 + (torch.bool, torch.bool)
    usable = all(
        t.dtype == d and t.is_contiguous() and t.device.type == "cpu" for t, d in zip(fields, dtypes, strict=True)
    )
    if not usable or states.discs.dim() != 2:
        _TREES[tree] = None
        return None
    table = [word & (2**64 - 1) for ray in rays(board_size) for word in ray]
    directions = (ctypes.c_uint64 * len(table))(*table)
    addresses = [t.data_ptr() for t in fields] + [ctypes.addressof(directions)]
    view = _Tree(tree.trees, tree.nodes, tree.actions, board_size * board_size, *addresses)
    _TREES[tree] = (view, directions)
    return view


def _rule(selection: object, trees: int) -> _Rule | None:
    """The C form of a selection function that has one (its ``native`` attribute: ``("puct", c_puct)`` or
    ``("gumbel", root)``), made once a function; ``None`` for any other rule."""
    try:
        if selection in _RULES:
            known = _RULES[selection]
            return None if known is None else known[0]
    except TypeError:  # not weakly referable: no native attribute either
        return None
    made = _made_rule(getattr(selection, "native", None), trees)
    _RULES[selection] = made
    return None if made is None else made[0]


def _made_rule(native: object, trees: int) -> tuple[_Rule, tuple[Tensor, ...]] | None:
    if not isinstance(native, tuple):
        return None
    if native[0] == "puct":
        return _Rule(0, native[1], None, None, None, 0, 0.0, 0.0), ()
    root = native[1]
    kept = (root.noisy, root.considered, root.schedule)
    dtypes = (torch.float32, torch.bool, torch.int64)
    alike = all(t.dtype == d and t.is_contiguous() for t, d in zip(kept, dtypes, strict=True))
    if root.noisy.shape[0] != trees or not alike:
        return None
    addresses = (t.data_ptr() for t in kept)
    return _Rule(1, 0.0, *addresses, root.schedule.shape[1], root.c_visit, root.c_scale), kept


class NativeBatch(NamedTuple):
    """A leaf batch walked in C (:func:`native_descents`), for its evaluation and :func:`native_finish`."""

    planes: Tensor  # int8 (P, 2, n, n): the new nodes' mover's planes, leaf-major (P = leaves x trees rows)
    mask: Tensor  # bool (P, A): their legal actions
    wins: Tensor | None  # bool (P, A): their winning placements (exact_wins), or None
    view: _Tree
    batch: _Batch  # the paths, new nodes and boards, where the C code wrote them
    leaves: int
    levels: int
    batched: bool  # a leaf batch (virtual losses, pending new nodes), else one simulation a tree
    buffers: tuple[Tensor, Tensor]  # what the batch's addresses point into


def _parts(tree: Tree, root_selection: object, interior_selection: object, board_size: int) -> Any:
    """``(library, tree view, root rule, interior rule)`` where the C walk applies to ``tree`` with these rules, else
    ``None``."""
    library = _library()[0] if ENABLED and tree.tree_index.device.type == "cpu" else None
    if library is None:
        return None
    view = _tree_view(tree, board_size)
    root, interior = _rule(root_selection, tree.trees), _rule(interior_selection, tree.trees)
    return None if view is None or root is None or interior is None else (library, view, root, interior)


def native_ready(tree: Tree, root_selection: object, interior_selection: object, board_size: int) -> bool:
    """Whether :func:`native_descents` walks ``tree``'s leaf batches with these rules (else the compiled loop)."""
    return _parts(tree, root_selection, interior_selection, board_size) is not None


def native_descents(
    tree: Tree,
    root_selection: object,
    interior_selection: object,
    leaves: int,
    levels: int,
    board_size: int,
    exact: bool = False,
    batched: bool = True,
) -> NativeBatch | None:
    """A leaf batch's ``leaves`` descents of ``levels`` levels in every tree of ``tree``, in C: the tree changed as
    the compiled loop changes it (virtual losses, pending new nodes, links, boards), and the new nodes' planes and
    legal actions for the evaluator, leaf-major as the loop gives them, with their winning placements where
    ``exact``; or ``None`` where the C code does not apply (then nothing is changed). With ``batched=False``, one
    simulation a tree (``leaves`` 1): the descent and expansion of the search one simulation at a time, with no
    virtual loss and no pending node.
    """
    parts = _parts(tree, root_selection, interior_selection, board_size)
    if parts is None:
        return None
    library, view, root, interior = parts
    rows, actions, squares = leaves * tree.trees, tree.actions, board_size * board_size
    # Two buffers: the int64 paths, ends and the new boards' discs; the bytes of their ends, planes, masks and wins.
    words = torch.empty(2 * rows * levels + 7 * rows, dtype=torch.int64)
    nodes, path_actions, ends, discs = words.split((rows * levels, rows * levels, 5 * rows, 2 * rows))
    width = actions if exact else 0  # the wins' bytes a row
    data = torch.empty(rows * (2 + 2 * squares + actions + width), dtype=torch.uint8)
    flags, planes, mask, wins = data.split((2 * rows, 2 * squares * rows, actions * rows, width * rows))
    addresses = [t.data_ptr() for t in (nodes, path_actions, ends)]
    addresses += [discs.data_ptr() + 8 * rows * i for i in range(2)]
    addresses += [flags.data_ptr() + rows * i for i in range(2)]
    addresses += [planes.data_ptr(), mask.data_ptr(), wins.data_ptr() if exact else None]
    batch = _Batch(*addresses)
    if library.othello_zoo_descents(view, root, interior, leaves, levels, int(batched), batch) < 0:
        raise RuntimeError(f"a search tree of {tree.nodes} nodes is full: no room for {leaves} more simulations")
    planes = planes.view(torch.int8).view(rows, 2, board_size, board_size)
    as_mask = mask.view(torch.bool).view(rows, actions)
    known = wins.view(torch.bool).view(rows, actions) if exact else None
    return NativeBatch(planes, as_mask, known, view, batch, leaves, levels, batched, (words, data))


def native_finish(tree: Tree, walked: NativeBatch, logits: Tensor, value: Tensor) -> None:
    """The end of a leaf batch walked in C: the evaluator's ``logits`` and ``value`` for its rows made exact on the
    wins (where it has them), the prior worked out as the eager search does (torch's softmax), then the new nodes
    stored and the values backed up in C, the virtual losses taken back."""
    library, _ = _library()
    if walked.wins is not None:
        logits, value = with_wins(logits, value, walked.wins)
    prior = torch.softmax(logits.to(tree.dtype).masked_fill(~walked.mask, -math.inf), dim=1).contiguous()
    value = value.to("cpu", tree.dtype).contiguous()
    scratch = torch.empty(2 * value.shape[0], dtype=torch.float32)
    addresses = (prior.data_ptr(), value.data_ptr(), scratch.data_ptr())
    batched = int(walked.batched)
    library.othello_zoo_finish(walked.view, walked.leaves, walked.levels, batched, walked.batch, *addresses)
