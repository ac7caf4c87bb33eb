"""The search loop: simulations over a :class:`~othello_zoo.search._tree.Tree`, each one descent (by the
selection functions it is given), one expansion (by the step function it is given), one evaluation (by the
evaluator) and one back-up, for every tree at once.

No phase loops over trees or boards in Python, and none synchronises with the host: the only host read on a GPU is
the depth of the deepest path, once per simulation, to know how many levels the descent takes (on the CPU, where
a host read is cheap, the descent also stops as soon as every tree's has ended).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import torch
from torch import Tensor

from othello_zoo import engine
from othello_zoo.runtime.threads import uses_package_threads
from othello_zoo.search._evaluate import Evaluator, evaluate_nodes
from othello_zoo.search._select import SelectionFn
from othello_zoo.search._tree import Tree, node_rows, write_state

__all__ = [
    "VIRTUAL_LOSS",
    "Path",
    "StepFn",
    "backed_up",
    "backup",
    "descend",
    "engine_step",
    "expand",
    "finish_leaves",
    "link",
    "run_search",
    "simulate",
    "simulate_leaves",
]

StepFn = Callable[[engine.State, Tensor], engine.State]
"""``(state, actions) -> state``: the boards after the actions (int64 ``(B,)``), pure and batched; a finished
board comes back unchanged whatever its action, and an illegal action must not raise (the loop passes the null
action where a tree has nothing to expand)."""


def engine_step(state: engine.State, actions: Tensor) -> engine.State:
    """The loop's default step: :func:`othello_zoo.engine.step` with ``illegal_action="lose"`` (no host read)."""
    return engine.step(state, actions, illegal_action="lose")


class Path(NamedTuple):
    """One descent in every tree."""

    nodes: Tensor  # int64 (N, L): the node at each level (L levels; entries past the depth are not read)
    actions: Tensor  # int64 (N, L): the action taken there
    depth: Tensor  # int64 (N,): the edges walked
    leaf: Tensor  # int64 (N,): the node the descent ended on
    expand: Tensor  # bool (N,): it ended on an edge not yet expanded (else on a finished game or root)


def descend(
    tree: Tree,
    levels: int,
    root_selection: SelectionFn,
    interior_selection: SelectionFn,
    host_reads: bool | None = None,
    links: tuple[Tensor, Tensor, Tensor] | None = None,
    chunk: int | None = None,
) -> Path:
    """Descends every tree for ``levels`` levels (at least the deepest path plus one), choosing by
    ``root_selection`` at the root and ``interior_selection`` below, until an edge not yet expanded or a
    finished game. ``host_reads`` (default: on the CPU) stops the descent as soon as every tree's has ended, with a
    host read a level; without it every level is walked, as on a GPU. The same path either way (its entries past the
    depth aside, which nothing reads).

    ``links``: edges made since ``tree.child`` was last written, as ``(nodes, actions, children)``, int64
    ``(K, N)`` each (a child of -1 links nothing): read as if they were in ``tree.child`` (a compiled leaf batch's
    links, written after its loop).

    ``chunk`` (without host reads): the levels are walked ``chunk`` first, then in chunks that double, each only where
    a descent is still going (``torch.cond``): a compiled graph's early end, with no host read in Python. A descent
    of a compiled leaf batch on one tree, whose paths stay a few edges deep, walked 16 or 32 levels before it."""
    t = tree.tree_index
    n_trees, device = tree.trees, t.device
    node = torch.zeros(n_trees, dtype=torch.int64, device=device)
    active = ~tree.terminal[:, 0]
    depth = torch.zeros(n_trees, dtype=torch.int64, device=device)
    expand_edge = torch.zeros(n_trees, dtype=torch.bool, device=device)
    path_nodes = torch.zeros((n_trees, levels), dtype=torch.int64, device=device)
    path_actions = torch.zeros((n_trees, levels), dtype=torch.int64, device=device)

    def step(level: int, node: Tensor, active: Tensor, depth: Tensor, expand_edge: Tensor) -> tuple[Tensor, ...]:
        """One level: the action taken at ``node``, and the descent's node, state, depth and end after it."""
        action = (interior_selection if level else root_selection)(tree, node, level)
        following = tree.child[t, node, action]
        if links is not None:
            linked = (links[0] == node) & (links[1] == action)  # an edge of the batch is linked once at most
            made = torch.where(linked, links[2], -1).amax(0)
            following = torch.where(made >= 0, made, following)
        expand_edge = expand_edge | (active & (following < 0))
        depth = depth + active.long()
        go_on = active & (following >= 0)
        node = torch.where(go_on, following, node)
        return action, node, go_on & ~tree.terminal[t, node], depth, expand_edge  # a finished game ends the descent

    if chunk is None or host_reads or chunk >= levels:
        # On the CPU a host read costs microseconds and synchronises nothing: the descent stops when every tree's
        # has ended (levels past it would change nothing), which for one tree halves the levels walked (its paths
        # are shallower on average than its deepest one). On a GPU every level is walked, without a host read.
        stop_early = device.type == "cpu" if host_reads is None else host_reads
        for level in range(levels):
            if stop_early and level and not bool(active.any()):
                break
            path_nodes[:, level] = node
            action, node, active, depth, expand_edge = step(level, node, active, depth, expand_edge)
            path_actions[:, level] = action
        return Path(path_nodes, path_actions, depth, node, expand_edge)

    if links is not None:  # the branches of a cond take no inputs that share memory (views of one tensor)
        links = (links[0].clone(), links[1].clone(), links[2].clone())
    column = torch.arange(levels, device=device)

    def walk(first: int, *state: Tensor) -> tuple[Tensor, ...]:
        node, active, depth, expand_edge, path_nodes, path_actions = state
        last = min(max(2 * first, chunk), levels)
        for level in range(first, last):
            here = column == level
            path_nodes = torch.where(here, node.unsqueeze(1), path_nodes)
            action, node, active, depth, expand_edge = step(level, node, active, depth, expand_edge)
            path_actions = torch.where(here, action.unsqueeze(1), path_actions)
        state = (node, active, depth, expand_edge, path_nodes, path_actions)
        if last == levels:
            return state
        return torch.cond(  # type: ignore[no-any-return]
            active.any(),
            lambda *state: tuple(x.clone() for x in walk(last, *state)),
            lambda *state: tuple(x.clone() for x in state),
            state,
        )

    node, _, depth, expand_edge, path_nodes, path_actions = walk(
        0, node, active, depth, expand_edge, path_nodes, path_actions
    )
    return Path(path_nodes, path_actions, depth, node, expand_edge)


def expand(tree: Tree, path: Path, step: StepFn = engine_step) -> tuple[Tensor, engine.State]:
    """Adds the child of ``path``'s last edge in every tree where ``path.expand``; returns the new nodes (the sink
    elsewhere, int64 ``(N,)``) and their boards."""
    leaf, depth = path.leaf, path.depth
    action = path.actions.gather(1, (depth - 1).clamp(min=0).unsqueeze(1)).squeeze(1)
    target = torch.where(path.expand, tree.size, tree.sink)
    parent = tree.states[node_rows(tree, leaf)]
    # Elsewhere the action may not be legal at the leaf (a finished game): pass it, and drop it.
    child = step(parent, torch.where(path.expand, action, tree.actions - 1))
    write_state(tree, target, child)
    link(tree, path, action, target)
    return target, child


def link(tree: Tree, path: Path, action: Tensor, target: Tensor) -> None:
    """Links each new node ``target`` under ``path``'s leaf by ``action`` (where ``path.expand``; the sink
    elsewhere): the child index, its depth and parent, the trees' sizes and deepest paths. The eager expansion's and
    the compiled one's."""
    t, leaf, depth = tree.tree_index, path.leaf, path.depth
    tree.child[t, torch.where(path.expand, leaf, tree.sink), action] = target
    tree.depth[t, target] = depth
    tree.parent[t, target] = leaf
    tree.size.add_(path.expand.long())
    torch.maximum(tree.max_depth, torch.where(path.expand, depth, 0), out=tree.max_depth)


def _path_scatter(
    tree: Tree, path: Path, value: Tensor, offset: float, trees: Tensor | None
) -> tuple[Tensor, Tensor, Tensor]:
    """What :func:`backup` adds: the flat entry of each step of ``path`` in the ``(N * M * A)`` edge statistics
    (steps off the path land on entry 0 of the first node), its weight (1 on the path, 0 off it) and its value."""
    depth = path.depth
    step = torch.arange(path.nodes.shape[1], device=depth.device)
    on_path = step < depth.unsqueeze(1)
    sign = 1.0 - 2.0 * ((depth.unsqueeze(1) - step) % 2).to(tree.dtype)
    t = tree.tree_index if trees is None else trees
    rows = t.unsqueeze(1) * tree.nodes + path.nodes
    flat = (rows * tree.actions + path.actions).masked_fill(~on_path, 0)
    weight = on_path.to(tree.dtype)
    added = sign * value.unsqueeze(1) if offset == 0 else sign * value.unsqueeze(1) + offset
    return flat.flatten(), weight, (weight * added).flatten()


def backup(
    tree: Tree, path: Path, value: Tensor, visits: float = 1.0, offset: float = 0.0, trees: Tensor | None = None
) -> None:
    """Adds ``visits`` visits (one by default) and the leaf's ``value`` (float ``(P,)``, from the side of its mover)
    to every edge of ``path``, the sign changing at each edge, plus ``offset`` (from the side of the player who
    chose the edge); one scatter for all trees. ``trees`` (int64 ``(P,)``) names the tree of each path where
    there are several paths a tree (default: one a tree, ``tree.tree_index``)."""
    flat, weight, added = _path_scatter(tree, path, value, offset, trees)
    tree.visits.view(-1).scatter_add_(0, flat, (weight if visits == 1 else weight * visits).flatten())
    tree.value_sum.view(-1).scatter_add_(0, flat, added)


def backed_up(tree: Tree, path: Path, value: Tensor, offset: float = 0.0) -> tuple[Tensor, Tensor]:
    """:func:`backup` of one visit a path, one path a tree, as new tensors: ``(visits, value_sum)`` (the form a
    compiled loop's body can carry; ``tree`` unchanged)."""
    flat, weight, added = _path_scatter(tree, path, value, offset, None)
    visits = tree.visits.reshape(-1).scatter_add(0, flat, weight.flatten()).view(tree.visits.shape)
    return visits, tree.value_sum.reshape(-1).scatter_add(0, flat, added).view(tree.value_sum.shape)


VIRTUAL_LOSS = 1.0
"""What a descent of a leaf batch (:func:`simulate_leaves`) adds to each edge it walked until its leaf's value
is known: a visit and a loss (-1) for the player who chose the edge, so that the descents after it in the same
batch go elsewhere unless that edge stays much the best."""


def simulate(
    tree: Tree,
    evaluator: Evaluator,
    levels: int,
    root_selection: SelectionFn,
    interior_selection: SelectionFn,
    step: StepFn = engine_step,
    host_reads: bool | None = None,
) -> None:
    """One simulation in every tree: descend (``levels``: at least the deepest path plus one), expand, evaluate the
    new node, back up its value (a finished game's exact result where nothing was expanded). No host
    synchronisation (on the CPU, by default, a host read a level of the descent: ``host_reads`` of
    :func:`descend`)."""
    path = descend(tree, levels, root_selection, interior_selection, host_reads)
    target, child = expand(tree, path, step)
    value = evaluate_nodes(tree, target, child, evaluator)
    value = torch.where(path.expand, value, tree.terminal_value[tree.tree_index, path.leaf])
    backup(tree, path, value)


def simulate_leaves(
    tree: Tree,
    evaluator: Evaluator,
    leaves: int,
    levels: int,
    root_selection: SelectionFn,
    interior_selection: SelectionFn,
    step: StepFn = engine_step,
    host_reads: bool | None = None,
) -> None:
    """``leaves`` simulations in every tree with one evaluator call for all their new nodes (a leaf batch).

    The descents run one after another, each walked edge holding a virtual loss (:data:`VIRTUAL_LOSS`) until the
    back-up, so that the later descents spread over other leaves; each expands its leaf at once, marked as
    finished until it is evaluated, so that a later descent reaching it stops there (a collision) and backs up
    its value when it is known, as a second visit of the same leaf. ``levels``: at least the deepest path plus
    ``leaves``. The same number of simulations as ``leaves`` calls of :func:`simulate`, not the same ones: a
    descent does not see the values of the leaves before it in its batch."""
    t = tree.tree_index
    paths, targets, children = [], [], []
    zero = torch.zeros(tree.trees, dtype=tree.dtype, device=t.device)
    for _ in range(leaves):
        path = descend(tree, levels, root_selection, interior_selection, host_reads)
        target, child = expand(tree, path, step)
        tree.terminal[t, target] = True  # pending: a later descent of this batch stops on it
        backup(tree, path, zero, offset=-VIRTUAL_LOSS)
        paths.append(path)
        targets.append(target)
        children.append(child)
    path = Path(*(torch.cat(parts) for parts in zip(*paths, strict=True)))
    target, trees = torch.cat(targets), t.repeat(leaves)
    value = evaluate_nodes(tree, target, engine.cat(children), evaluator, trees=trees)
    finish_leaves(tree, path, target, trees, value)


def finish_leaves(tree: Tree, path: Path, target: Tensor, trees: Tensor, value: Tensor) -> None:
    """The back-up of a leaf batch (:func:`simulate_leaves`): ``value`` of each new node ``target`` (float
    ``(P,)``), the same value for a descent that stopped on it, the exact result for one that ended on a finished
    game; the virtual losses taken back."""
    tree.terminal_value[trees, target] = value  # for the collisions' sake; a finished game's value is its result
    leaf_value = torch.where(path.expand, value, tree.terminal_value[trees, path.leaf])
    tree.terminal_value[trees, target] = torch.where(tree.terminal[trees, target], value, 0.0)
    backup(tree, path, leaf_value, visits=0.0, offset=VIRTUAL_LOSS, trees=trees)


@uses_package_threads
def run_search(
    tree: Tree,
    evaluator: Evaluator,
    simulations: int,
    root_selection: SelectionFn,
    interior_selection: SelectionFn,
    step: StepFn = engine_step,
    leaf_batch: int = 1,
) -> Tree:
    """``simulations`` simulations in every tree of ``tree`` (its roots evaluated, with room for ``simulations``
    more nodes): the search loop, with the rules passed in. Returns ``tree``, grown in place.

    Args:
        tree: the trees; their roots evaluated (:func:`~othello_zoo.search.evaluate_nodes`).
        evaluator: ``(observation, mask) -> (logits, value)`` for each new node.
        simulations: the number of simulations.
        root_selection: the selection function at the root (depth 0).
        interior_selection: the selection function below the root.
        step: ``(state, actions) -> state``, the move from a node to its child (default :func:`engine_step`).
        leaf_batch: simulations a tree per evaluator call (:func:`simulate_leaves`); 1: one at a time.
    """
    done = 0
    while done < simulations:
        leaves = min(leaf_batch, simulations - done)
        levels = int(tree.max_depth.max()) + leaves  # the one host read of a simulation (or of a leaf batch)
        if leaves == 1:
            simulate(tree, evaluator, levels, root_selection, interior_selection, step)
        else:
            simulate_leaves(tree, evaluator, leaves, levels, root_selection, interior_selection, step)
        done += leaves
    return tree
