"""Selection functions: the rule that picks the action a descent takes at a node, passed to the search loop.

A selection function is ``(tree, node, depth) -> action``: ``node`` int64 ``(N,)`` is where each tree's descent
stands, ``depth`` (a Python int) how many edges below the root that is, and the result int64 ``(N,)`` the action
each tree takes there. The loop calls its root selection at depth 0 and its interior selection below; a
selection reads the tree and writes nothing, and makes no host synchronisation. :func:`puct_selection` is
AlphaZero's rule; the Gumbel root's is in :mod:`othello_zoo.search._gumbel`.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import torch
from torch import Tensor

from othello_zoo.search._tree import Tree, edges, node_rows

__all__ = ["SelectionFn", "puct_selection"]

SelectionFn = Callable[[Tree, Tensor, int], Tensor]
"""``(tree, node, depth) -> action``: the action (int64 ``(N,)``) of each tree at its ``node`` (int64 ``(N,)``),
``depth`` edges below the root."""


def puct_selection(c_puct: float) -> SelectionFn:
    """AlphaZero's rule: the legal action of highest ``Q + c_puct * P * sqrt(sum N) / (1 + N)`` (``Q = 0`` on an
    unvisited edge; on a node's first visit ``sqrt(sum N)`` counts as 1, so the first descent follows the prior),
    the first of a tie."""

    def select(tree: Tree, node: Tensor, depth: int) -> Tensor:
        rows = node_rows(tree, node)
        visits, value_sum = edges(tree.visits, rows), edges(tree.value_sum, rows)
        total = visits.sum(1, keepdim=True).clamp(min=1.0)
        q = value_sum / visits.clamp(min=1.0)  # 0 on an unvisited edge, whose value sum is 0
        u = c_puct * edges(tree.prior, rows) * total.sqrt() / (1.0 + visits)
        return torch.where(edges(tree.legal, rows), q + u, -math.inf).argmax(1)

    select.native = ("puct", c_puct)  # type: ignore[attr-defined]  # the same rule in C (search._native)
    return select
