"""The search tree as plain data: :class:`Tree`, a dataclass of tensors, and the storage helpers over it.

``N`` trees grow side by side, one per root position, each with room for ``M`` nodes: the root (node 0), one
node per simulation, and a last *sink* node (``M - 1``) that absorbs the writes of trees with nothing to write
in a phase, so that no phase needs a mask that shapes its tensors (and no host read). Edge statistics are
``(N, M, A)`` tensors over the ``A = n*n + 1`` actions; a node's board lives in one engine state of ``N * M``
boards, row ``tree * M + node``.

Values are from the side of the player to move at a node; every action, a forced pass included, hands the move
to the other player, so a value changes sign at every edge on the way up.

What grows a tree (descend, expand, evaluate, back up) are functions over it in :mod:`othello_zoo.search._loop`
and :mod:`othello_zoo.search._evaluate`; the selection rules are in ``_select`` and ``_gumbel``.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch
from torch import Tensor

from othello_zoo import engine

__all__ = ["NODE_FIELDS", "Tree", "edges", "new_tree", "node_rows", "write_state"]


@dataclass(frozen=True, eq=False)
class Tree:
    """``N`` search trees of ``M`` nodes each (the sink included), on the roots' device.

    The fields never change; the search's phases write into their tensors in place.
    """

    prior: Tensor  # float (N, M, A): each node's prior over its actions (written when the node is added)
    visits: Tensor  # float (N, M, A): the visits of each edge
    value_sum: Tensor  # float (N, M, A): the values backed up through each edge, from the node's mover's side
    child: Tensor  # int64 (N, M, A): the node each edge leads to; -1 where it is not expanded
    legal: Tensor  # bool (N, M, A): each node's legal actions (written when the node is added)
    terminal: Tensor  # bool (N, M): the node's game is over
    terminal_value: Tensor  # float (N, M): where it is over, its result for the mover there (+1 / -1 / 0)
    depth: Tensor  # int64 (N, M): the node's edges from the root
    parent: Tensor  # int64 (N, M): the node above it (0 for the root)
    size: Tensor  # int64 (N,): the nodes in use, the root included
    max_depth: Tensor  # int64 (N,): the depth of the deepest node
    tree_index: Tensor  # int64 (N,): 0 .. N - 1, the first index of every per-tree gather
    states: engine.State  # batch N * M: row tree * M + node holds that node's board

    @property
    def trees(self) -> int:
        """``N``: the number of trees (roots)."""
        return int(self.visits.shape[0])

    @property
    def nodes(self) -> int:
        """``M``: the nodes of each tree, the sink included."""
        return int(self.visits.shape[1])

    @property
    def actions(self) -> int:
        """``A = n*n + 1``: the actions of a node (the null action last)."""
        return int(self.visits.shape[2])

    @property
    def sink(self) -> int:
        """The sink node's index, ``M - 1``."""
        return self.nodes - 1

    @property
    def dtype(self) -> torch.dtype:
        """The statistics' dtype."""
        return self.visits.dtype


NODE_FIELDS = ("prior", "visits", "value_sum", "child", "legal", "terminal", "terminal_value", "depth", "parent")
"""The fields with one entry (or one row of ``A``) per node."""


def new_tree(roots: engine.State, capacity: int, dtype: torch.dtype) -> Tree:
    """Trees for the boards of ``roots`` with room for ``capacity`` nodes each (the root included) and the sink;
    every node's board starts as its root's, and no node is evaluated yet (see
    :func:`othello_zoo.search.evaluate_nodes`)."""
    n_trees, nodes = roots.batch_size, capacity + 1  # the last node is the sink
    device = roots.device
    shape = (n_trees, nodes, roots.board_size * roots.board_size + 1)
    tree_index = torch.arange(n_trees, device=device)
    return Tree(
        # A node's prior and legal actions are written when it is added and never read before: left
        # unfilled, which saves a pass over the largest tensors of a big search.
        prior=torch.empty(shape, dtype=dtype, device=device),
        visits=torch.zeros(shape, dtype=dtype, device=device),
        value_sum=torch.zeros(shape, dtype=dtype, device=device),
        child=torch.full(shape, -1, dtype=torch.int64, device=device),
        legal=torch.empty(shape, dtype=torch.bool, device=device),
        terminal=torch.zeros((n_trees, nodes), dtype=torch.bool, device=device),
        terminal_value=torch.zeros((n_trees, nodes), dtype=dtype, device=device),
        depth=torch.zeros((n_trees, nodes), dtype=torch.int64, device=device),
        parent=torch.zeros((n_trees, nodes), dtype=torch.int64, device=device),
        size=torch.ones(n_trees, dtype=torch.int64, device=device),
        max_depth=torch.zeros(n_trees, dtype=torch.int64, device=device),
        tree_index=tree_index,
        states=roots[tree_index.repeat_interleave(nodes)],
    )


def node_rows(tree: Tree, node: Tensor) -> Tensor:
    """int64 ``(N,)``: the row of each tree's ``node`` (int64 ``(N,)``) in ``tree.states``, and in the edge
    statistics seen as ``(N * M, A)``."""
    return tree.tree_index * tree.nodes + node


def edges(statistic: Tensor, rows: Tensor) -> Tensor:
    """``(N, A)``: the edge ``statistic`` (a ``(N, M, A)`` field) of the nodes at ``rows`` (:func:`node_rows`),
    one per tree (``index_select`` on the ``(N * M, A)`` view: several times faster on a CPU than indexing with
    two index tensors)."""
    return statistic.view(-1, statistic.shape[-1]).index_select(0, rows)


def write_state(tree: Tree, node: Tensor, state: engine.State) -> None:
    """Stores ``state`` (one board per tree) as the boards of each tree's ``node``."""
    rows = node_rows(tree, node)
    for name in engine.TENSOR_FIELDS:
        getattr(tree.states, name)[rows] = getattr(state, name)
