"""The compiled simulation: one simulation of every tree as functions of tensors that ``torch.compile`` fuses.

The eager loop (:mod:`othello_zoo.search._loop`) runs a simulation as a few hundred small torch operations, each
dispatched from Python, plus the engine's step and views with their host-side fast paths: on one board it spends
about a millisecond a simulation on bookkeeping beside the network. Here the same simulation is written on the
bitboard words of the nodes (boards up to 8 x 8), so that inductor compiles it into a few loops (C++ on the CPU,
Triton on a GPU):

- the descent (:func:`~othello_zoo.search._loop.descend`, the same function, every level walked with no host read:
  ``levels`` is a constant of the compiled graph, taken from a few sizes, :data:`LEVELS`);
- the expansion on the words (:func:`othello_zoo.engine.fused.play_words`, the engine's step);
- the evaluation: the mover's planes and mask unpacked from the words, the evaluator's traceable form
  (:func:`traceable`), the prior, the exact result of a finished game;
- the back-up (:func:`~othello_zoo.search._loop.backup`, the same function).

It plays the eager search's simulations exactly: the same selection functions, the same arithmetic in the same
order, so that from the same generator a compiled search and an eager one give the same visit counts, bit for bit,
wherever the evaluator gives the same numbers compiled and eager (the tests hold them so with an exact evaluator;
a network compiled by inductor may round its last bit otherwise, see ``docs/performance.md``).
"""

from __future__ import annotations

import ctypes
import dataclasses
import threading
import time
import types
import warnings
from collections.abc import Callable, Hashable
from typing import Any, Literal, NamedTuple, TypeAlias

import torch
from torch import Tensor

from othello_zoo import engine
from othello_zoo.core import rules
from othello_zoo.engine.fused import Rays, WordsStep, bits, play_words, popcount, rays
from othello_zoo.runtime.compiler import compiling_in_background, started_in_background
from othello_zoo.runtime.threads import pinned_threads, uses_package_threads
from othello_zoo.search._evaluate import (
    Answers,
    Evaluator,
    answering,
    check_output,
    prepare_traced,
    store_evaluation,
    traceable,
)
from othello_zoo.search._loop import (
    VIRTUAL_LOSS,
    Path,
    backed_up,
    backup,
    descend,
    finish_leaves,
    link,
    simulate,
    simulate_leaves,
)
from othello_zoo.search._native import native_descents, native_finish
from othello_zoo.search._select import SelectionFn
from othello_zoo.search._tree import NODE_FIELDS, Tree
from othello_zoo.search._wins import made_exact, with_wins, words_wins

try:  # torch 2.4 and later; before it, a leaf batch's descents are one compiled call each
    from torch._higher_order_ops.while_loop import while_loop
except ImportError:  # pragma: no cover - the project's tests run a newer torch
    while_loop = None  # type: ignore[assignment]

__all__ = [
    "COMPILED_NETWORK_POSITIONS",
    "COMPILE_MODES",
    "COMPILE_TIMES",
    "LEVELS",
    "LOOPED_ENTRIES",
    "LOOPED_LEVELS",
    "Compile",
    "CompiledSimulation",
    "check_compile",
    "compiled_simulation",
    "levels_for",
    "looped",
    "run_compiled",
    "run_key",
    "signature",
    "simulate_words",
]

LEVELS = (16, 32, 64, 128, 512)
"""The descent depths the compiled simulation is built for: a simulation takes the smallest that holds its tree's
deepest path plus one (a host read a simulation; a leaf batch's plus its size), so that a few compilations serve
nearly every search. A level past a tree's path still costs its selection over the node's actions and the
generated code's allocation of that level's values, about 1.6 us a level of a one-tree descent (the compiled loop of
a leaf batch of 8 descents took 647 us at 32 levels, 444 us at 8 and 16): a 32-simulation search on one root, whose
paths stay under 16 levels, ran 1.09x faster with 16 among the depths (13.5 against 14.75 ms, one run alternating),
at the cost of one more compilation where a deeper tree also needs 32 (a few seconds with inductor's cache warm,
tens of seconds cold). A leaf batch's compiled loop on the CPU is built for :data:`LOOPED_LEVELS` whatever the depth:
its descents end where their paths do (:data:`DESCENT_CHUNK`)."""

DESCENT_CHUNK = 4
"""A compiled leaf batch's descents (the loop of :func:`_descend_expand_looped`, on the CPU) walk this many levels,
then chunks that double, each only where the descent is still going (:func:`~othello_zoo.search._loop.descend`'s
``chunk``: a branch of the generated C++). One tree's leaf batch of 8 descents (paths of 2 to 5 edges) took 271 us at
16 levels instead of 409, and 258 us at 32 instead of 648 (one thread of this project's 2-core AVX-512 CPU). The
descents compiled one call each walk every level: their branches would run in inductor's Python wrapper, and the
agent's moves were no faster with them (0.39-0.43 s against 0.39-0.41 s, alternating)."""

LOOP_OPERATORS = ("torch.ops.higher_order.while_loop", "torch.ops.higher_order.cond")
"""The higher-order operators of the loop's graph, marked cacheable for it: inductor leaves a graph with either out
of its cache on disk unless marked (their subgraphs' code is part of the key). Unmarked, ``cond`` had every process
lower the loop's two graphs again: about 60 s of Python with the cache warm, a minute in which a background
compilation held the GIL against the eager search beside it (the agent's first moves took 30-54 s instead of 1.3)."""

COMPILE_TIMES: dict[tuple[Any, ...], float] = {}
"""Seconds spent in each compiled simulation's first call (its compilation), this process."""


Compile: TypeAlias = bool | Literal["background"]
"""How a search runs its simulations: ``False`` eagerly; ``True`` compiled, the first search of each shape waiting
for its compilation; ``"background"`` compiled once a compilation in a background thread has finished, eagerly until
then (the same simulations either way: see the module)."""

COMPILE_MODES: tuple[Compile, ...] = (False, True, "background")


def check_compile(compile: object) -> Compile:
    """``compile`` if it is one of :data:`COMPILE_MODES`, else a ``TypeError`` naming it.

    >>> check_compile("background")
    'background'
    """
    if isinstance(compile, bool):
        return compile
    if isinstance(compile, str) and compile == "background":
        return "background"
    raise TypeError(f"compile must be True, False or 'background', got {compile!r}")


def levels_for(deepest: int) -> int:
    """The compiled descent depth for trees whose deepest node is ``deepest`` edges below its root.

    >>> levels_for(0), levels_for(15), levels_for(16), levels_for(32)
    (16, 16, 32, 64)
    """
    for levels in LEVELS:
        if deepest < levels:
            return levels
    raise ValueError(f"a path of {deepest} edges is deeper than the compiled search walks ({LEVELS[-1] - 1})")


def _expand_words(tree: Tree, path: Path, table: tuple[Rays, ...]) -> tuple[Tensor, WordsStep]:
    """:func:`~othello_zoo.search._loop.expand` on the bitboard words: the same nodes, boards and links."""
    action = path.actions.gather(1, (path.depth - 1).clamp(min=0).unsqueeze(1)).squeeze(1)
    target = torch.where(path.expand, tree.size, tree.sink)
    child = _expand_rows(tree, path, tree.tree_index, target, action, table)
    link(tree, path, action, target)
    return target, child


def simulate_words(
    tree: Tree,
    evaluate: Evaluator,
    levels: int,
    root_selection: SelectionFn,
    interior_selection: SelectionFn,
    board_size: int,
) -> None:
    """One simulation in every tree of ``tree`` (bitboard nodes): :func:`~othello_zoo.search._loop.simulate` with
    the expansion and the evaluation on the words and every one of ``levels`` levels walked (no host read). The
    eager form of what :class:`CompiledSimulation` runs compiled, in two parts."""
    path, target, child, observation, mask = _descend_expand(
        tree, levels, root_selection, interior_selection, board_size
    )
    _evaluate_finish(tree, evaluate, path, target, child, observation, mask, board_size)


def _descend_expand(
    tree: Tree, levels: int, root_selection: SelectionFn, interior_selection: SelectionFn, board_size: int
) -> tuple[Path, Tensor, WordsStep, Tensor, Tensor]:
    """The first part of a simulation: the descent and the expansion (one compiled graph per ``levels``)."""
    path = descend(tree, levels, root_selection, interior_selection, host_reads=False)
    return (path, *_expand(tree, path, board_size))


def _evaluate_finish(
    tree: Tree,
    evaluate: Evaluator,
    path: Path,
    target: Tensor,
    child: WordsStep,
    observation: Tensor,
    mask: Tensor,
    board_size: int,
) -> None:
    """The second part: the evaluation of the new nodes and the back-up (one compiled graph)."""
    logits, value = evaluate(observation, mask)
    _finish(tree, path, target, child, mask, logits, value, board_size)


def _expand(tree: Tree, path: Path, board_size: int) -> tuple[Tensor, WordsStep, Tensor, Tensor]:
    """The expansion, and the new nodes' planes and masks for the evaluator."""
    target, child = _expand_words(tree, path, rays(board_size))
    return target, child, *_mover_inputs(child, board_size)


def _mover_inputs(child: WordsStep, board_size: int) -> tuple[Tensor, Tensor]:
    """The evaluator's inputs for the boards ``child``: the mover's planes (int8 ``(B, 2, n, n)``) and the legal
    actions (bool ``(B, n*n + 1)``, the null action legal where there is no placement)."""
    nn = board_size * board_size
    planes = torch.stack((bits(child.own, nn), bits(child.opp, nn)), dim=1).to(torch.int8)
    mask = torch.cat((bits(child.moves, nn).bool(), (child.moves == 0).unsqueeze(1)), dim=1)
    return planes.view(-1, 2, board_size, board_size), mask


def _store(
    tree: Tree,
    target: Tensor,
    child: WordsStep,
    mask: Tensor,
    logits: Tensor,
    value: Tensor,
    board_size: int,
    trees: Tensor | None = None,
    exact: bool = False,
) -> Tensor:
    """The new nodes' prior, legal actions and ends stored (the eager search's :func:`store_evaluation`, the end
    read from the words); their values. ``exact``: the evaluator's output made exact on the words first (its
    :func:`~othello_zoo.search.exact_wins`, where the evaluator ran eagerly without it: :func:`made_exact`)."""
    if exact:
        logits, value = with_wins(logits, value, words_wins(child.own, child.opp, board_size))
    over = child.terminated
    difference = (popcount(child.own) - popcount(child.opp)).to(torch.float32)
    result = torch.where(over, rules.mover_result(difference, child.forfeited, board_size), 0.0)
    return store_evaluation(tree, target, mask, logits, value, over, result, trees)


def _finish(
    tree: Tree,
    path: Path,
    target: Tensor,
    child: WordsStep,
    mask: Tensor,
    logits: Tensor,
    value: Tensor,
    board_size: int,
    exact: bool = False,
) -> None:
    """The new nodes stored (:func:`_store`), and the values backed up."""
    leaf_value = _store(tree, target, child, mask, logits, value, board_size, exact=exact)
    backup(tree, path, torch.where(path.expand, leaf_value, tree.terminal_value[tree.tree_index, path.leaf]))


class Leaf(NamedTuple):
    """A descent of a leaf batch (or a leaf batch joined: :func:`_joined`)."""

    path: Path
    target: Tensor  # int64 (P,): the new node (the sink where nothing was expanded)
    child: WordsStep  # its words
    planes: Tensor  # int8 (P, 2, n, n): its mover's planes
    mask: Tensor  # bool (P, A): its legal actions


def _descend_expand_leaf(
    tree: Tree, levels: int, root_selection: SelectionFn, interior_selection: SelectionFn, board_size: int
) -> Leaf:
    """A descent of a leaf batch (:func:`~othello_zoo.search._loop.simulate_leaves`): descent and expansion, the
    new node marked finished until it is evaluated, a virtual loss on the path."""
    leaf = Leaf(*_descend_expand(tree, levels, root_selection, interior_selection, board_size))
    tree.terminal[tree.tree_index, leaf.target] = True
    backup(tree, leaf.path, torch.zeros_like(tree.terminal_value[:, 0]), offset=-VIRTUAL_LOSS)
    return leaf


def _descend_expand_looped(
    tree: Tree,
    levels: int,
    root_selection: SelectionFn,
    interior_selection: SelectionFn,
    board_size: int,
    path_nodes: Tensor,
    path_actions: Tensor,
    ends: Tensor,
) -> Leaf:
    """The descents of a leaf batch as one compiled loop (``torch.while_loop``: the generated code loops, so the
    graph holds one descent whatever the batch), then their expansions together; the batch :func:`_joined` of
    :func:`_descend_expand_leaf` would give, leaf-major. The loop's body cannot write the tree in place, so it
    carries what a descent changes for the descents after it (the visits and values of the virtual loss, the
    pending leaves, the sizes) and the tree takes them after the loop: copies of two edge statistics on each turn,
    which :data:`LOOPED_ENTRIES` bounds. The new links are read from the batch's own rows until the loop has
    ended (``descend``'s ``links``), which spares a copy of the largest field (the children, int64).
    The new nodes' boards are worked out after the loop: a descent of the batch never expands below a leaf of the
    same batch (that leaf is pending, a finished game to it), so every parent's board is already stored.

    ``path_nodes`` and ``path_actions`` (int64 ``(L, N, levels)``) and ``ends`` (int64 ``(L, 5, N)``: depth, leaf,
    expanded, target, action) are the loop's outputs, ``L`` the batch's descents (a dynamic size: one graph for every
    batch)."""
    t, sink, device = tree.tree_index, tree.sink, tree.tree_index.device
    first = torch.zeros((), dtype=torch.int64, device=device)
    zero = torch.zeros(tree.trees, dtype=tree.dtype, device=device)
    count = path_nodes.shape[0]

    def more(i: Tensor, *carried: Tensor) -> Tensor:
        return i < count

    def descent(
        i: Tensor,
        visits: Tensor,
        value_sum: Tensor,
        terminal: Tensor,
        size: Tensor,
        max_depth: Tensor,
        path_nodes: Tensor,
        path_actions: Tensor,
        ends: Tensor,
    ) -> tuple[Tensor, ...]:
        now = dataclasses.replace(tree, visits=visits, value_sum=value_sum, terminal=terminal)
        made = (ends[:, 1], ends[:, 4], torch.where(ends[:, 2] != 0, ends[:, 3], -1))  # the batch's links so far
        path = descend(
            now, levels, root_selection, interior_selection, host_reads=False, links=made, chunk=DESCENT_CHUNK
        )
        action = path.actions.gather(1, (path.depth - 1).clamp(min=0).unsqueeze(1)).squeeze(1)
        target = torch.where(path.expand, size, sink)
        terminal = terminal.index_put((t, target), torch.ones_like(path.expand))
        size = size + path.expand.long()
        max_depth = torch.maximum(max_depth, torch.where(path.expand, path.depth, 0))
        visits, value_sum = backed_up(now, path, zero, offset=-VIRTUAL_LOSS)
        row = i.view(1)
        path_nodes = path_nodes.index_put((row,), path.nodes.unsqueeze(0))
        path_actions = path_actions.index_put((row,), path.actions.unsqueeze(0))
        ended = torch.stack((path.depth, path.leaf, path.expand.long(), target, action))
        ends = ends.index_put((row,), ended.unsqueeze(0))
        return i + 1, visits, value_sum, terminal, size, max_depth, path_nodes, path_actions, ends

    carried = (tree.visits, tree.value_sum, tree.terminal, tree.size, tree.max_depth)
    _, *after, path_nodes, path_actions, ends = while_loop(
        more, descent, (first, *carried, path_nodes, path_actions, ends)
    )
    for field, value in zip(carried, after, strict=True):
        field.copy_(value)
    levels = path_nodes.shape[2]
    depth, leaf, expanded, target, action = ends.unbind(1)
    path = Path(
        path_nodes.reshape(-1, levels),
        path_actions.reshape(-1, levels),
        depth.reshape(-1),
        leaf.reshape(-1),
        expanded.reshape(-1).bool(),
    )
    trees = t.repeat(count)
    target, action = target.reshape(-1), action.reshape(-1)
    # The batch's links (each edge expanded once; the rows that expanded nothing write the sink into the sink's).
    tree.child.view(-1).index_put_(
        ((trees * tree.nodes + torch.where(path.expand, path.leaf, sink)) * tree.actions + action,), target
    )
    child_words = _expand_rows(tree, path, trees, target, action, rays(board_size))
    tree.depth[trees, target] = path.depth
    tree.parent[trees, target] = path.leaf
    return Leaf(path, target, child_words, *_mover_inputs(child_words, board_size))


def _expand_rows(
    tree: Tree, path: Path, trees: Tensor, target: Tensor, action: Tensor, table: tuple[Rays, ...]
) -> WordsStep:
    """The boards of the new nodes ``target`` of ``path`` by ``action`` (one row a descent, of tree ``trees``),
    played on the words and stored."""
    states, rows = tree.states, trees * tree.nodes + path.leaf
    discs = states.discs.index_select(0, rows)
    child = play_words(
        table,
        discs[:, 0],
        discs[:, 1],
        states.moves.index_select(0, rows),
        states.current_player.index_select(0, rows),
        states.terminated.index_select(0, rows),
        states.forfeited.index_select(0, rows),
        torch.where(path.expand, action, tree.actions - 1),
    )
    written = trees * tree.nodes + target
    states.discs[written] = torch.stack((child.own, child.opp), dim=1)
    states.moves[written] = child.moves
    states.current_player[written] = child.current_player
    states.terminated[written] = child.terminated
    states.forfeited[written] = child.forfeited
    return child


def _joined(tree: Tree, leaves: list[Leaf]) -> tuple[Leaf, Tensor]:
    """The descents of a leaf batch as one (``P = leaves * N`` rows), and the tree of each row."""
    path = Path(*(torch.cat([leaf.path[i] for leaf in leaves]) for i in range(len(Path._fields))))
    child = WordsStep(*(torch.cat([leaf.child[i] for leaf in leaves]) for i in range(len(WordsStep._fields))))
    target, planes, mask = (
        torch.cat([getattr(leaf, name) for leaf in leaves]) for name in ("target", "planes", "mask")
    )
    return Leaf(path, target, child, planes, mask), tree.tree_index.repeat(len(leaves))


def _evaluate_finish_leaves(tree: Tree, evaluate: Evaluator, leaves: list[Leaf], board_size: int) -> None:
    """The second part of a leaf batch: its new nodes evaluated together, stored and backed up."""
    (path, target, child, planes, mask), trees = _joined(tree, leaves)
    logits, value = evaluate(planes, mask)
    _finish_leaves(tree, path, target, child, mask, logits, value, board_size, trees)


def _evaluate_finish_joined(tree: Tree, evaluate: Evaluator, leaf: Leaf, trees: Tensor, board_size: int) -> None:
    """:func:`_evaluate_finish_leaves` of a batch already joined (:func:`_descend_expand_looped`)."""
    logits, value = evaluate(leaf.planes, leaf.mask)
    _finish_leaves(tree, leaf.path, leaf.target, leaf.child, leaf.mask, logits, value, board_size, trees)


def _finish_leaves(
    tree: Tree,
    path: Path,
    target: Tensor,
    child: WordsStep,
    mask: Tensor,
    logits: Tensor,
    value: Tensor,
    board_size: int,
    trees: Tensor,
    exact: bool = False,
) -> None:
    """The end of a leaf batch: its new nodes stored (:func:`_store`), and the values backed up
    (:func:`~othello_zoo.search._loop.finish_leaves`)."""
    leaf_value = _store(tree, target, child, mask, logits, value, board_size, trees, exact)
    finish_leaves(tree, path, target, trees, leaf_value)


def _own_code(function: Callable[..., Any], name: str) -> Callable[..., Any]:
    """``function`` under a code object of its own: dynamo keeps its compiled graphs (and their recompile limit)
    per code object, so that each compiled simulation has its own."""
    code = function.__code__.replace(co_name=name)
    return types.FunctionType(code, function.__globals__, name, function.__defaults__, function.__closure__)


_GRAPHS = frozenset(
    ("_first", "_second", "_finish", "_leaf", "_looped", "_second_joined", "_second_leaves", "_finish_leaves")
)
"""The compiled parts of a :class:`CompiledSimulation`, wrapped at the first use of any."""

COMPILED_NETWORK_POSITIONS = {"cpu": 0, "cuda": 16}
"""Up to this many positions an evaluation (the trees times the leaves a tree) runs compiled inside the simulation,
by device type (16 on others); above it, the evaluator runs eagerly between the compiled parts. On the CPU it never
runs inside: measured on this project's 2-core AVX2 CPU (64 x 4 network, 32 simulations, Gumbel root), the
network's eager form (:meth:`~othello_zoo.alphazero.network.PolicyValueNet.predict`: batch norm folded, oneDNN's
fused convolutions) ran one tree's leaf batches of 16 at 1.75x the search with the network compiled inside, one tree
one simulation at a time at 1.12x, and 64 and 1,024 trees faster too. On CUDA the value is not measured yet (the
evaluation inside the graph is what a captured CUDA graph needs)."""


LOOPED_ENTRIES = 1 << 19
"""Up to this many edge entries (trees x nodes x actions: one tree of about 8,000 nodes), a leaf batch's descents on
the CPU run as one compiled loop (:func:`_descend_expand_looped`), above it as one compiled call a descent. The loop
saves each call's own cost (dynamo's entry and the wrapper's allocations: about 107 us of a descent on the agent's
1,153-node trees, one thread of this project's 2-core AVX-512 CPU) and pays a copy of the carried visits and value
sums each turn, which grows with the trees. Measured with the agent's search (1,152 simulations, leaf batches of 8):
0.30 s a move looped against 0.38 s a call a descent without subtree reuse, and 1.18-1.24 s against 1.26 s with
3,000 simulations (3,001 nodes); in a game with subtree reuse (trees of up to some 2,300 nodes) 0.334 s against
0.453 s. The bound was 3 << 16 (3,024 nodes) until the agent's trees against the greedy agent passed it in the
middle of a game: the descents then needed graphs of their own, compiled there (39 s for that move with the
compilation in the background); 0.34 s a move either way where the trees stayed under both (against alpha-beta at
depth 3, three games each, alternating). Against the greedy agent its trees reached 3,923 nodes by its twentieth
move, all of them looped, at 0.31-0.56 s a move."""


LOOPED_LEVELS = 64
"""The levels a leaf batch's compiled loop is built for, whatever the depth of the trees it descends (deeper ones
run one compiled call a descent; inductor failed to lower the loop's body of 128 levels, ``KeyError:
'unbacked_bindings'``, after minutes). Its descents end where their paths do (:data:`DESCENT_CHUNK`), so that the
levels past a path cost nothing but their compilation, and one graph serves a whole game: built for the depth at
hand (16, then 32, then 128 levels), the agent's search had compiled three times in its first thirteen moves, each
compilation in the background slowing a move to 6-10 s with inductor's cache warm (the eager search beside a
compilation runs several times slower: both need the GIL). A game's trees on the 8 x 8 board stay within 64 levels
past its fourth ply (60 empty squares at most)."""


def looped(tree: Tree, levels: int) -> bool:
    """Whether a leaf batch's descents of ``levels`` levels in ``tree`` run as one compiled loop
    (:data:`LOOPED_ENTRIES`, :data:`LOOPED_LEVELS`)."""
    small = tree.trees * tree.nodes * tree.actions <= LOOPED_ENTRIES
    cpu = tree.tree_index.device.type == "cpu"
    return while_loop is not None and cpu and small and levels <= LOOPED_LEVELS


def network_inside(device: torch.device, positions: int) -> bool:
    """Whether an evaluation of ``positions`` positions on ``device`` runs inside the compiled graph
    (:data:`COMPILED_NETWORK_POSITIONS`)."""
    return positions <= COMPILED_NETWORK_POSITIONS.get(device.type, 16)


class CompiledSimulation:
    """A simulation of every tree, compiled: the descent and the expansion (one graph per depth of :data:`LEVELS`),
    then the evaluation and the back-up (one graph), for one evaluator, board size and device. Above
    :data:`COMPILED_NETWORK_POSITIONS` positions an evaluation, the evaluator itself runs eagerly between the
    compiled parts.

    A leaf batch's descents run as one compiled loop (:func:`_descend_expand_looped`) on the CPU where the trees are
    small and shallow enough (:func:`looped`), one compiled call a descent elsewhere (on a GPU the loop's condition
    would be a host read a turn).

    The parts are compiled at their first use (seconds with inductor's cache on disk warm, up to minutes cold), with
    the trees' node count dynamic from the start (:func:`_dynamic_nodes`: one graph for every simulation count); a
    new number of trees compiles graphs of its own.

    ``walks_only``: an evaluator without a traceable form is taken, for a search whose trees are walked in C
    (:meth:`walk`); nothing of it is compiled then, and a simulation that cannot be walked runs eagerly.
    """

    def __init__(self, evaluate: Evaluator, board_size: int, device: torch.device, walks_only: bool = False) -> None:
        form = traceable(evaluate)
        if form is None and not walks_only:
            raise ValueError(f"the evaluator {evaluate!r} has no traceable form to compile (see search.traceable)")
        self.board_size = board_size
        self.device = device
        self.evaluator = evaluate
        self.evaluate: Evaluator | None = form  # None: only walks in C (walks_only), else eagerly
        # Run eagerly, an exact_wins evaluator leaves its wins to the compiled part (on the words, not the planes).
        inner = made_exact(evaluate)
        self.eager, self.exact = (evaluate, False) if inner is None else (inner, True)
        self.warm: set[Hashable] = set()  # the keys (:func:`run_key`) run once with dynamo's guards checked
        self._shapes: set[Hashable] = set()  # and what they compiled (:meth:`compiled_for`)
        self._warm_descents: set[Hashable] = set()  # and each (depth, run key) a leaf batch's descent ran at
        self.loop_failed: str | None = None  # why the leaf batches' loop failed to compile (then never tried again)

    def __getattr__(self, name: str) -> Any:
        """The compiled graphs (``_first``, ``_looped``, ...), wrapped by ``torch.compile`` at the first use of any:
        a search whose trees are walked in C (:meth:`walk`) never calls ``torch.compile`` (which some Pythons and
        builds of torch refuse)."""
        if name not in _GRAPHS or "board_size" not in self.__dict__:
            raise AttributeError(name)
        self._wrap_graphs()
        return self.__dict__[name]

    def _wrap_graphs(self) -> None:
        """Wraps the simulation's parts in ``torch.compile`` (each compiled at its first call); a part already set
        (a test's stand-in) is kept."""
        tag = f"{self.board_size}x{self.board_size}_{self.device.type}_{id(self):x}"
        threaded: dict[str, str | int | bool | Callable[..., Any]] = {}
        serial: dict[str, str | int | bool | Callable[..., Any]] = {}
        if self.device.type == "cpu":
            threaded["cpp.dynamic_threads"] = True  # an OpenMP loop at the thread count of each call
            serial["cpp.threads"] = 1  # the tree's parts: loops of a few hundred entries, no OpenMP region

        def compiled(
            function: Callable[..., Any], name: str, options: dict[str, Any], dynamic: bool | None = None
        ) -> Callable[..., Any]:
            code = _own_code(function, f"{name}_{tag}")
            return torch.compile(code, fullgraph=True, dynamic=dynamic, options=options)

        # The loop in C++ (no Python between its turns); its graph kept in inductor's cache on disk like the others
        # (:data:`LOOP_OPERATORS`). Its levels stay a constant of the graph (dynamic=False: only the dimensions
        # marked dynamic are): a second depth had made them a symbol, on which the chunked descent's branches
        # (torch.cond) fail to trace.
        cacheable = dict.fromkeys(LOOP_OPERATORS, torch.__version__)
        looping = {**serial, "cpp_wrapper": True, "unsafe_marked_cacheable_functions": cacheable}
        graphs = {
            "_first": lambda: compiled(_descend_expand, "descend_expand", serial),
            "_second": lambda: compiled(_evaluate_finish, "evaluate_finish", threaded),
            "_finish": lambda: compiled(_finish, "finish", serial),
            "_leaf": lambda: compiled(_descend_expand_leaf, "descend_expand_leaf", serial),
            "_looped": lambda: compiled(_descend_expand_looped, "descend_expand_looped", looping, dynamic=False),
            "_second_joined": lambda: compiled(_evaluate_finish_joined, "evaluate_finish_joined", threaded),
            "_second_leaves": lambda: compiled(_evaluate_finish_leaves, "evaluate_finish_leaves", threaded),
            "_finish_leaves": lambda: compiled(_finish_leaves, "finish_leaves", serial),
        }
        for name, wrap in graphs.items():
            if name not in self.__dict__:
                self.__dict__[name] = wrap()

    def __call__(
        self,
        tree: Tree,
        levels: int,
        leaves: int,
        root_selection: SelectionFn,
        interior_selection: SelectionFn,
        key: Hashable,
        answers: Answers | None = None,
    ) -> None:
        """``leaves`` simulations in every tree (one at a time, or a leaf batch), ``levels`` levels of descent
        (:func:`levels_for` of its deepest node plus ``leaves - 1``); ``key``: :func:`run_key` of the call;
        ``answers``: evaluations made before (:func:`answering`), where the evaluator runs eagerly."""
        if key not in self.warm:  # compiles (or, for another tree size, reuses its graphs), every guard checked
            _dynamic_nodes(tree)
            began = time.perf_counter()
            self._run(tree, levels, leaves, root_selection, interior_selection, key, answers)
            shape = (levels, tree.trees, tree.nodes, leaves)
            COMPILE_TIMES.setdefault((self.board_size, str(self.device), *shape), time.perf_counter() - began)
            self.warm.add(key)
            self._shapes.add(self._shape(tree, key))
            return
        # The inputs have the types, dtypes and shapes, and the rules the Python values, of a run that compiled:
        # dynamo's check of its guards on some forty tensors (about a tenth of a millisecond a call) is skipped.
        with torch.compiler.set_stance("default", skip_guard_eval_unsafe=True):
            self._run(tree, levels, leaves, root_selection, interior_selection, key, answers)

    def compiled_for(self, tree: Tree, key: Hashable) -> bool:
        """Whether a simulation of ``key`` on ``tree`` runs on graphs already compiled, its first run only checking
        dynamo's guards (milliseconds): a key that differs from one run before only in the trees' node count (a
        dynamic size) and not in whether a leaf batch's descents loop (:func:`looped`)."""
        return self._shape(tree, key) in self._shapes

    @staticmethod
    def _shape(tree: Tree, key: Hashable) -> Hashable:
        assert isinstance(key, tuple)
        return (*key[:2], *key[3:], looped(tree, key[0]))

    def _run(
        self,
        tree: Tree,
        levels: int,
        leaves: int,
        root_selection: SelectionFn,
        interior_selection: SelectionFn,
        key: Hashable,
        answers: Answers | None = None,
    ) -> None:
        n, inside = self.board_size, network_inside(self.device, tree.trees * leaves)
        eager = self._eager(answers)
        if leaves > 1:
            loop = self._loop(tree, levels, leaves, root_selection, interior_selection, key)
            if loop is not None:
                joined, trees = loop
                if inside:
                    self._second_joined(tree, self.evaluate, joined, trees, n)
                    return
            else:
                batch = [self._descent(tree, levels, root_selection, interior_selection, key) for _ in range(leaves)]
                if inside:
                    self._second_leaves(tree, self.evaluate, batch, n)
                    return
                joined, trees = _joined(tree, batch)
            path, target, child, observation, mask = joined
            with torch.compiler.set_stance("force_eager"):  # the evaluator as it is, its thread setting included
                logits, value = eager(observation, mask)
            self._finish_leaves(tree, path, target, child, mask, logits, value, n, trees, self.exact)
            return
        path, target, child, observation, mask = self._first(tree, levels, root_selection, interior_selection, n)
        if inside:
            self._second(tree, self.evaluate, path, target, child, observation, mask, n)
            return
        with torch.compiler.set_stance("force_eager"):  # the evaluator as it is, its thread setting included
            logits, value = eager(observation, mask)
        self._finish(tree, path, target, child, mask, logits, value, n, self.exact)

    def _eager(self, answers: Answers | None) -> Evaluator:
        """The evaluator the simulation runs eagerly, answering from ``answers`` where they are given."""
        return self.eager if answers is None else answering(answers, self.eager)

    def walk(
        self,
        tree: Tree,
        levels: int,
        leaves: int,
        root_selection: SelectionFn,
        interior_selection: SelectionFn,
        answers: Answers | None = None,
    ) -> bool:
        """``leaves`` simulations in every tree (one at a time, or a leaf batch) with the trees' work in C
        (:mod:`othello_zoo.search._native`: descents, expansions, back-ups; ``levels``: the deepest path plus the
        batch) and the evaluator eagerly between; nothing of it compiled by torch. False, with nothing done, where
        the C code does not apply (no library, other rules or dtypes, another device)."""
        batched = leaves > 1
        walked = native_descents(
            tree, root_selection, interior_selection, leaves, levels, self.board_size, self.exact, batched
        )
        if walked is None:
            return False
        eager = self._eager(answers)
        with torch.compiler.set_stance("force_eager"):  # the evaluator as it is, its thread setting included
            output = eager(walked.planes, walked.mask)
        logits, value = check_output(self.evaluator, output, walked.mask, False)  # shapes: the C code reads them
        native_finish(tree, walked, logits, value)
        return True

    def _loop(
        self,
        tree: Tree,
        levels: int,
        leaves: int,
        root_selection: SelectionFn,
        interior_selection: SelectionFn,
        key: Hashable,
    ) -> tuple[Leaf, Tensor] | None:
        """A leaf batch's descents as one compiled loop (:func:`_descend_expand_looped`) and the tree of each row, or
        ``None`` where they run one call a descent: trees too large or too deep for it (:func:`looped`), or a loop
        that failed to compile (said once, in a warning; the search stays compiled)."""
        if self.loop_failed is not None or not looped(tree, levels):
            return None
        shape = (leaves, tree.trees, levels)
        nodes, actions = torch.zeros(shape, dtype=torch.int64), torch.zeros(shape, dtype=torch.int64)
        ends = torch.zeros((leaves, 5, tree.trees), dtype=torch.int64)
        if key not in self.warm:
            for buffer in (nodes, actions, ends):
                torch._dynamo.mark_dynamic(buffer, 0)  # one graph for every leaf batch
        try:
            joined = self._looped(
                tree, levels, root_selection, interior_selection, self.board_size, nodes, actions, ends
            )
        except torch._dynamo.exc.BackendCompilerFailed as error:  # raised while compiling: the tree is untouched
            inner = getattr(error, "inner_exception", None) or error
            self.loop_failed = f"{type(inner).__name__}: {(str(inner).strip().splitlines() or [''])[0]}"
            warnings.warn(
                f"a leaf batch's compiled loop could not be compiled ({self.loop_failed}); "
                "its descents run one compiled call each",
                stacklevel=2,
            )
            return None
        return joined, tree.tree_index.repeat(leaves)

    def prepare(
        self,
        tree: Tree,
        levels: int,
        leaves: int,
        root_selection: SelectionFn,
        interior_selection: SelectionFn,
        key: Hashable,
    ) -> None:
        """Compiles what a simulation of ``key`` runs, by one on ``tree`` (a scratch copy: it is changed): where a
        leaf batch's descents run one compiled call each, also the descent of every depth its tree may reach within
        ``levels`` (:meth:`_descent` walks only the levels its tree needs, and a deeper tree later in the same search
        would otherwise compile in the middle of it)."""
        self(tree, levels, leaves, root_selection, interior_selection, key)
        if leaves == 1 or (self.loop_failed is None and looped(tree, levels)):
            return
        for depth in LEVELS:
            if levels_for(int(tree.max_depth.max())) <= depth <= levels and (depth, key) not in self._warm_descents:
                copy = _cloned(tree)
                _dynamic_nodes(copy)
                with torch.compiler.set_stance("default"):
                    self._leaf(copy, depth, root_selection, interior_selection, self.board_size)
                self._warm_descents.add((depth, key))

    def _descent(
        self, tree: Tree, bound: int, root_selection: SelectionFn, interior_selection: SelectionFn, run: Hashable
    ) -> Leaf:
        """A descent of a leaf batch, its path ``bound`` levels long. On the CPU it walks only the levels its tree
        can need (:func:`levels_for` of the deepest node now, a host read of microseconds): ``bound`` holds the
        deepest node plus the whole batch, and a tree of subtree reuse past 17 levels deep had walked 128 levels
        for each of its descents instead of 32 (a move of the agent's 1,600-simulation search took 1.5x the eager
        384-simulation agent's time, about 1.07x since).
        ``run``: the batch's :func:`run_key`."""
        levels = bound if self.device.type != "cpu" else levels_for(int(tree.max_depth.max()))
        key = (levels, run)
        leaf: Leaf
        if key in self._warm_descents:
            leaf = self._leaf(tree, levels, root_selection, interior_selection, self.board_size)
        else:  # a depth this descent has not run at: dynamo checks its guards (and compiles it if it must)
            with torch.compiler.set_stance("default"):
                leaf = self._leaf(tree, levels, root_selection, interior_selection, self.board_size)
            self._warm_descents.add(key)
        if levels == bound:
            return leaf
        nodes, actions = (torch.nn.functional.pad(x, (0, bound - levels)) for x in leaf.path[:2])
        return leaf._replace(path=leaf.path._replace(nodes=nodes, actions=actions))  # the levels past it unread


def _dynamic_nodes(tree: Tree) -> None:
    """Marks the node dimension of ``tree``'s tensors dynamic for its next compilation: one graph then serves trees
    of any size (any simulation count, and the grown trees of subtree reuse), and inductor's cache on disk serves it
    to a later process whatever its simulation count. Compiled for the size at hand, each new simulation count cost
    a compilation of its own (about two minutes on a 2-core CPU, the cache holding only other sizes); the kernels
    walk the same entries either way. The number of trees stays static: a second tree count had made it dynamic
    too, and gcc 12 failed on one of the kernels of that graph (an internal compiler error in its loop unrolling,
    the descent of 64 trees after one), which left the search eager."""
    for name in NODE_FIELDS:
        torch._dynamo.mark_dynamic(getattr(tree, name), 1)
        torch._dynamo.mark_static(getattr(tree, name), 0)
    for name in ("size", "max_depth", "tree_index"):
        torch._dynamo.mark_static(getattr(tree, name), 0)
    for name in engine.TENSOR_FIELDS:
        torch._dynamo.mark_dynamic(getattr(tree.states, name), 0)


def _cloned(tree: Tree) -> Tree:
    """A copy of ``tree`` with tensors of its own (a compilation's scratch tree)."""
    copies = {f.name: getattr(tree, f.name).clone() for f in dataclasses.fields(tree) if f.name != "states"}
    return dataclasses.replace(tree, states=engine.clone(tree.states), **copies)


class _Compiled:
    """A :class:`CompiledSimulation`; ``failed`` says why compiling it failed (``reported`` once it was said);
    ``job``: its compilation in a background thread (``compile="background"``), while it runs; ``before``: what that
    job runs first, once (:meth:`~othello_zoo.search.BatchedSearch.compile_ahead`'s ``before``)."""

    def __init__(self, simulation: CompiledSimulation) -> None:
        self.simulation = simulation
        self.failed: str | None = None
        self.reported = False
        self.job: threading.Thread | None = None
        self.before: Callable[[], object] | None = None

    def report(self, stacklevel: int) -> None:
        """Warns once that the search goes on eagerly, and why."""
        if self.failed is not None and not self.reported:
            self.reported = True
            warnings.warn(
                f"the compiled search could not be compiled ({self.failed}); searching eagerly", stacklevel=stacklevel
            )

    def compile_in_background(
        self,
        tree: Tree,
        levels: int,
        leaves: int,
        root_selection: SelectionFn,
        interior_selection: SelectionFn,
        key: Hashable,
    ) -> None:
        """Starts compiling for ``key`` in a thread of its own (abandoned when the program ends:
        :func:`_abandon_at_exit`), on a copy of ``tree``, at torch's thread count in the searching thread now (the
        key's), which the job sets in its own thread and every thread's adaptive work keeps meanwhile, untimed
        (:class:`pinned_threads`: dynamo guards the graphs on the count; and a timing beside a compilation would
        mislead the choice). A failure is kept in ``failed`` and said by the next search."""
        scratch, threads, ended = _cloned(tree), torch.get_num_threads(), threading.Event()
        before, self.before = self.before, None

        def job() -> None:
            try:
                try:
                    if before is not None:
                        before()
                    with pinned_threads(threads), torch.no_grad():
                        self.simulation.prepare(scratch, levels, leaves, root_selection, interior_selection, key)
                except Exception as error:  # kept for the searching thread, which says it and goes on
                    self.failed = _reason(error)
                ended.set()
            except _Abandoned:
                ended.set()

        self.job = threading.Thread(target=job, name="othello-zoo-compile")
        self.job.start()
        started_in_background(self.job)
        _abandon_at_exit(self.job, ended)


class _Abandoned(BaseException):
    """Raised in a background compilation when the program ends (:func:`_abandon_at_exit`)."""


def _abandon_at_exit(job: threading.Thread, ended: threading.Event) -> None:
    """Ends ``job`` (a compilation, not a daemon thread) soon after the main thread has: a watcher raises
    :class:`_Abandoned` in it, at its next Python instruction, and the interpreter, which waits for it, then exits.
    ``ended``: set by the job once its work is over (nothing is raised in it then).

    A daemon thread left inside torch when the interpreter finalizes is stopped wherever it is: a compilation so
    stopped had ended the program with ``terminate called without an active exception`` (SIGABRT) once in five, and
    each exit waited about 3 s; the compilation now ends at its next Python instruction (within milliseconds while
    dynamo traces, at the end of a C++ compiler's run, seconds, where one runs). A graph half compiled is lost, not
    half written: inductor writes its cache entries whole."""
    main = threading.main_thread()

    def watch() -> None:
        while job.is_alive() and not ended.is_set():
            if not main.is_alive():
                ident = job.ident
                if ident is not None:
                    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(ident), ctypes.py_object(_Abandoned))
                return
            time.sleep(0.05)

    threading.Thread(target=watch, name="othello-zoo-compile-watch", daemon=True).start()


def _reason(error: BaseException) -> str:
    """The first line of what went wrong in a compilation."""
    inner = getattr(error, "inner_exception", None) or error
    text = str(inner).strip()
    return f"{type(inner).__name__}: {text.splitlines()[0]}" if text else type(inner).__name__


def signature(value: object) -> Hashable:
    """What a compiled graph depends on in a selection function (or a value it closes over): the code, the Python
    values, the tensors' dtypes, shapes and devices (not their contents, which are the graph's inputs).

    >>> from othello_zoo.search._select import puct_selection
    >>> signature(puct_selection(1.25)) == signature(puct_selection(1.25)) != signature(puct_selection(2.0))
    True
    """
    if isinstance(value, Tensor):
        return ("tensor", value.dtype, tuple(value.shape), value.device.type)
    if isinstance(value, types.FunctionType):
        return (value.__code__, tuple(signature(cell.cell_contents) for cell in value.__closure__ or ()))
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (type(value), tuple(signature(getattr(value, f.name)) for f in dataclasses.fields(value)))
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return (type(value), id(value))


def run_key(
    tree: Tree, levels: int, leaves: int, rules: tuple[Hashable, ...]
) -> tuple[int, int, int, int, tuple[Hashable, ...], int]:
    """The key of the compiled graphs a simulation runs: the depth, the trees' shapes, the leaf batch, the
    selection functions' :func:`signature` (a search with other rules is compiled anew, never run on a graph
    compiled for others) with what the evaluator's form depends on (:func:`prepare_traced`), and torch's thread
    count. Dynamo guards on the thread count: a search run at another count
    than its graphs were compiled at (``set_threads``, ``--threads``, the caller's torch setting) had its guards
    skipped and stopped with dynamo's ``RuntimeError`` ("Recompilation triggered with skip_guard_eval_unsafe");
    keyed by it, the first simulation at a new count checks the guards (its graphs compiled again, from inductor's
    cache on disk where they were before)."""
    return (levels, tree.trees, tree.nodes, leaves, rules, torch.get_num_threads())


_CACHE: dict[tuple[int, int, str], tuple[Evaluator, _Compiled]] = {}


def compiled_simulation(evaluator: Evaluator, roots: engine.State, kept: bool = True) -> _Compiled:
    """The compiled simulation of ``evaluator`` for searches of boards like ``roots``, built once a process (with
    ``kept=False`` anew, not kept: a search whose trees are walked in C, where any evaluator does, one without a
    traceable form running eagerly where a walk does not apply); a ``ValueError`` where the search cannot be compiled
    (another kernel than the bitboard one, no traceable form where the trees are not walked in C)."""
    if roots.backend != "bitboard":
        n = roots.board_size
        raise ValueError(
            f"compile=True runs the search on the bitboard kernel's words (boards up to 8x8); the roots are {n}x{n} "
            f"boards of the {roots.backend!r} kernel: build them with backend='bitboard' or 'auto', or search eagerly"
        )
    form = traceable(evaluator)
    if not kept:  # walked in C, the evaluator eagerly between: any evaluator
        return _Compiled(CompiledSimulation(evaluator, roots.board_size, roots.device, walks_only=form is None))
    if form is None:
        name = getattr(evaluator, "__qualname__", None) or type(evaluator).__name__
        raise ValueError(
            f"compile=True compiles the evaluator into the search, and the evaluator {name} has no traceable form "
            "(a `traceable` attribute: see othello_zoo.search.traceable); PolicyValueNet.evaluator() and exact_wins "
            "of it have one"
        )
    key = (id(form), roots.board_size, str(roots.device))
    if key not in _CACHE:  # the evaluator is held with it, so that its id stays its own
        _CACHE[key] = (form, _Compiled(CompiledSimulation(evaluator, roots.board_size, roots.device)))
    return _CACHE[key][1]


@uses_package_threads
def run_compiled(
    tree: Tree,
    compiled: _Compiled,
    evaluator: Evaluator,
    simulations: int,
    root_selection: SelectionFn,
    interior_selection: SelectionFn,
    leaf_batch: int = 1,
    background: bool = False,
    answers: Answers | None = None,
) -> Tree:
    """:func:`~othello_zoo.search.run_search` with each simulation (or leaf batch) compiled: the same simulations (a
    tree deeper than :data:`LEVELS` allows is searched on eagerly). A compiler that fails (none installed, say) is
    reported once as a warning and the search goes on eagerly. The compiled parts run under the package's thread
    setting (one thread by default: dynamo guards on the count, so that each count compiles its graphs), an eager
    evaluator inside them at the count its search chose (:func:`~othello_zoo.runtime.threads.uses_adaptive_threads`).

    ``background``: a simulation whose graphs are not compiled yet starts their compilation in a background thread
    (:meth:`_Compiled.compile_in_background`) and runs eagerly, as does every simulation until it has finished;
    the simulations are the same either way, only their speed differs. ``answers``: evaluations made before the
    simulations (:func:`~othello_zoo.search._evaluate.answering`)."""
    simulation, rules = compiled.simulation, None
    compiled.report(stacklevel=5)
    with torch.no_grad():
        done = 0
        while done < simulations:
            leaves = min(leaf_batch, simulations - done)
            deepest = int(tree.max_depth.max()) + leaves - 1  # a host read a simulation (microseconds on the CPU)
            done += leaves
            # The trees' work in C where it applies (search._native, the CPU): nothing compiled by torch.
            inside = network_inside(simulation.device, tree.trees * leaves)
            if not inside and simulation.walk(tree, deepest + 1, leaves, root_selection, interior_selection, answers):
                continue
            # While any compilation of the process runs in the background, nothing runs compiled (see
            # compiling_in_background); nor does an evaluator without a traceable form (form None).
            form = simulation.evaluate
            if form is not None and not compiling_in_background() and compiled.failed is None and deepest < LEVELS[-1]:
                if rules is None:  # the graphs depend on the selection functions and on what the evaluator reads
                    rules = (signature(root_selection), signature(interior_selection), prepare_traced(form))
                levels = levels_for(deepest)
                if leaves > 1 and levels <= LOOPED_LEVELS and looped(tree, LOOPED_LEVELS):
                    levels = LOOPED_LEVELS  # one loop for every depth it holds (its descents end where paths do)
                key = run_key(tree, levels, leaves, rules)
                if key in simulation.warm:
                    simulation(tree, levels, leaves, root_selection, interior_selection, key, answers)
                    continue
                if background and not simulation.compiled_for(tree, key):
                    compiled.compile_in_background(tree, levels, leaves, root_selection, interior_selection, key)
                elif _compiles(compiled, tree, levels, leaves, root_selection, interior_selection, key):
                    simulation(tree, levels, leaves, root_selection, interior_selection, key, answers)
                    continue
            evaluate = evaluator if answers is None else answering(answers, evaluator)
            if leaves == 1:  # eagerly (while a compilation runs, its threads pinned: see compile_in_background)
                simulate(tree, evaluate, deepest + 1, root_selection, interior_selection)
            else:
                simulate_leaves(tree, evaluate, leaves, deepest + 1, root_selection, interior_selection)
    return tree


def _compiles(
    compiled: _Compiled,
    tree: Tree,
    levels: int,
    leaves: int,
    root_selection: SelectionFn,
    interior_selection: SelectionFn,
    key: Hashable,
) -> bool:
    """Compiles ``compiled`` for ``key`` by a simulation on a copy of ``tree``; on a compiler's failure, warns once
    and returns False (the search goes on eagerly)."""
    try:
        compiled.simulation(_cloned(tree), levels, leaves, root_selection, interior_selection, key)
    except torch._dynamo.exc.BackendCompilerFailed as error:
        compiled.failed = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        compiled.report(stacklevel=5)
        return False
    return True
