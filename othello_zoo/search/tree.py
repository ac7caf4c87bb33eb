"""The tensors of a batched search tree and its four phases (see :mod:`othello_zoo.search`).

``N`` trees grow side by side, one per root position, each with room for ``M`` nodes: the root,
one node per simulation, and a last *sink* node that absorbs the writes of trees with nothing to
write in a phase, so that no phase needs a mask that shapes its tensors (and no host read). Edge
statistics are ``(N, M, A)`` tensors over the ``A = n*n + 1`` actions; a node's board lives in one
engine state of ``N * M`` boards, row ``tree * M + node``.

Values are from the side of the player to move at a node; every action, a forced pass included,
hands the move to the other player, so a value changes sign at every edge on the way up.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import torch
from torch import Tensor

from othello_zoo import engine

__all__ = ["Evaluator", "Subtree", "Tree"]

Evaluator = Callable[[Tensor, Tensor], tuple[Tensor, Tensor]]


class Tree:
    """``N`` search trees of up to ``capacity`` nodes each (plus the sink), on the roots' device."""

    def __init__(self, roots: engine.State, capacity: int, dtype: torch.dtype) -> None:
        n_trees, board_size = roots.batch_size, roots.board_size
        self.trees, self.nodes = n_trees, capacity + 1  # the last node is the sink
        self.sink = capacity
        actions = board_size * board_size + 1
        self.actions = actions
        device = roots.device
        shape = (n_trees, self.nodes, actions)
        # A node's prior and legal actions are written when it is added (set_node) and never read
        # before: left unfilled, which saves a pass over the largest tensors of a big search.
        self.prior = torch.empty(shape, dtype=dtype, device=device)
        self.visits = torch.zeros(shape, dtype=dtype, device=device)
        self.value_sum = torch.zeros(shape, dtype=dtype, device=device)
        self.child = torch.full(shape, -1, dtype=torch.int64, device=device)
        self.legal = torch.empty(shape, dtype=torch.bool, device=device)
        self.terminal = torch.zeros((n_trees, self.nodes), dtype=torch.bool, device=device)
        self.terminal_value = torch.zeros((n_trees, self.nodes), dtype=dtype, device=device)
        self.depth = torch.zeros((n_trees, self.nodes), dtype=torch.int64, device=device)
        self.parent = torch.zeros((n_trees, self.nodes), dtype=torch.int64, device=device)
        self.size = torch.ones(n_trees, dtype=torch.int64, device=device)  # nodes in use, the root included
        self.max_depth = torch.zeros(n_trees, dtype=torch.int64, device=device)
        self.tree_index = torch.arange(n_trees, device=device)
        # Every node's board starts as its root's; rows are overwritten as nodes are added.
        self.states = roots[self.tree_index.repeat_interleave(self.nodes)]
        self.dtype = dtype

    # -- storage ----------------------------------------------------------------------------------
    def rows(self, node: Tensor) -> Tensor:
        """int64 ``(N,)``: the row of each tree's ``node`` in :attr:`states` (and in the node
        statistics seen as ``(N * M, A)``)."""
        return self.tree_index * self.nodes + node

    def edges(self, name: str, rows: Tensor) -> Tensor:
        """``(N, A)``: the edge statistic ``name`` of the nodes at ``rows`` (:meth:`rows`), one per
        tree (``index_select`` on the ``(N * M, A)`` view: several times faster on CPU than
        indexing with two index tensors)."""
        statistic: Tensor = getattr(self, name)
        return statistic.view(-1, self.actions).index_select(0, rows)

    def write_state(self, node: Tensor, state: engine.State) -> None:
        """Stores ``state`` (one board per tree) as the boards of ``node``."""
        rows = self.rows(node)
        for name in ("discs", "moves", "rays", "current_player", "terminated", "forfeited"):
            getattr(self.states, name)[rows] = getattr(state, name)

    def set_node(self, node: Tensor, state: engine.State, evaluator: Evaluator, check: bool = False) -> Tensor:
        """Evaluates ``state`` (one board per tree) as each tree's ``node``: stores its legal actions,
        prior and end; returns its value (the exact result where the game is over). The evaluator's output
        shapes are checked every time (no synchronisation); with ``check``, its values too (finite logits,
        values in [-1, 1]: one synchronisation, which the search makes once a run, at the roots)."""
        observation, mask = engine.mover_view(state)
        logits, value = _checked(evaluator, evaluator(observation, mask), mask, check)
        prior = torch.softmax(logits.to(self.dtype).masked_fill(~mask, -math.inf), dim=1)
        over = state.terminated
        result = engine.outcome(state).to(self.dtype)
        t, rows = self.tree_index, self.rows(node)
        self.prior.view(-1, self.actions).index_copy_(0, rows, prior)
        self.legal.view(-1, self.actions).index_copy_(0, rows, mask)
        self.terminal[t, node] = over
        self.terminal_value[t, node] = result
        return torch.where(over, result, value.to(self.dtype))

    def advance(self, actions: Tensor) -> Subtree:
        """The part of each tree under the root's edge ``actions`` (int64 ``(N,)``), to search on
        from the position it leads to (``MCTS.run(..., reuse=...)``); chain :meth:`Subtree.advance`
        for the next plies. Nothing is copied until the search takes it."""
        return Subtree(self, (actions,))

    _NODE_FIELDS = ("prior", "visits", "value_sum", "child", "legal", "terminal", "terminal_value", "depth", "parent")

    def regrow(self, roots: engine.State, path: tuple[Tensor, ...], room: int) -> Tree:
        """A new tree holding, for each tree, the subtree reached from the root along ``path`` (one
        action per tree and ply), renumbered from 0 in the same order, with ``room`` nodes to spare;
        a tree where the path leaves the searched part starts from ``roots`` alone. ``roots`` are
        the positions at the path's end (checked against the kept nodes: one host read)."""
        t, k = self.tree_index, len(path)
        top = torch.zeros(self.trees, dtype=torch.int64, device=t.device)
        for actions in path:  # the new root: -1 where the path leaves the tree
            top = torch.where(top >= 0, self.child[t, top.clamp(min=0), actions], -1)
        # Each node's ancestor at depth k (itself above it): the new root for the nodes kept.
        nodes = torch.arange(self.nodes, device=t.device).expand(self.trees, -1)
        ancestor = nodes
        for _ in range(int(self.max_depth.max()) - k):  # the one host read (besides the check)
            deeper = self.depth.gather(1, ancestor) > k
            ancestor = torch.where(deeper, self.parent.gather(1, ancestor), ancestor)
        kept = (ancestor == top.unsqueeze(1)) & (nodes < self.size.unsqueeze(1)) & (top >= 0).unsqueeze(1)
        renumber = kept.long().cumsum(1) - 1  # the new index of a kept node
        count = kept.sum(1)
        tree = Tree(roots, int(count.max()) + room, self.dtype)
        # source[t, j]: the old index of new node j (the new root where nothing is kept).
        source = top.clamp(min=0).unsqueeze(1).expand(-1, tree.nodes).clone()
        source.scatter_(1, torch.where(kept, renumber, tree.sink), nodes)
        source[:, tree.sink] = self.sink
        filled = torch.arange(tree.nodes, device=t.device) < count.unsqueeze(1)
        for name in self._NODE_FIELDS:
            old, new = getattr(self, name), getattr(tree, name)
            index = source.view(*source.shape, *[1] * (old.dim() - 2)).expand(-1, -1, *old.shape[2:])
            moved = old.gather(1, index)
            mask = filled.view(*filled.shape, *[1] * (old.dim() - 2))
            new.copy_(torch.where(mask, moved, new))
        relink = renumber.gather(1, tree.child.clamp(min=0).flatten(1)).view_as(tree.child)
        tree.child = torch.where(tree.child >= 0, relink, -1)
        tree.parent = torch.where(filled, renumber.gather(1, tree.parent), 0)
        tree.depth = torch.where(filled, tree.depth - k, 0)
        tree.size = count.clamp(min=1)
        tree.max_depth = tree.depth.amax(1)
        tree.states = self.states[(t.unsqueeze(1) * self.nodes + source).flatten()]
        return tree

    # -- the phases of one simulation -----------------------------------------------------------
    def select(self, levels: int, c_puct: float, root_action: Tensor | None = None) -> tuple[Tensor, ...]:
        """Descends every tree by PUCT for ``levels`` levels (enough for the deepest path); at the
        root, ``root_action`` (int64 ``(N,)``) instead where given (the Gumbel root policy).

        Returns ``(path_nodes, path_actions, depth, leaf_node, expand)``: the edges walked
        ``(N, levels)``, their number per tree, the node the descent ended on, and whether it
        ended on an edge not yet expanded (else on a finished game, or a finished root).
        """
        t = self.tree_index
        n_trees = self.trees
        device = t.device
        node = torch.zeros(n_trees, dtype=torch.int64, device=device)
        active = ~self.terminal[:, 0]
        depth = torch.zeros(n_trees, dtype=torch.int64, device=device)
        expand = torch.zeros(n_trees, dtype=torch.bool, device=device)
        path_nodes = torch.zeros((n_trees, levels), dtype=torch.int64, device=device)
        path_actions = torch.zeros((n_trees, levels), dtype=torch.int64, device=device)
        for level in range(levels):
            rows = self.rows(node)
            visits, value_sum = self.edges("visits", rows), self.edges("value_sum", rows)
            total = visits.sum(1, keepdim=True).clamp(min=1.0)
            q = value_sum / visits.clamp(min=1.0)  # 0 on an unvisited edge, whose value sum is 0
            u = c_puct * self.edges("prior", rows) * total.sqrt() / (1.0 + visits)
            score = torch.where(self.edges("legal", rows), q + u, -math.inf)
            action = score.argmax(1) if level or root_action is None else root_action
            path_nodes[:, level] = node
            path_actions[:, level] = action
            following = self.child[t, node, action]
            new_edge = active & (following < 0)
            expand |= new_edge
            depth += active.long()
            go_on = active & (following >= 0)
            node = torch.where(go_on, following, node)
            active = go_on & ~self.terminal[t, node]  # a finished game ends the descent
        return path_nodes, path_actions, depth, node, expand

    def expand(self, leaf: Tensor, action: Tensor, expand: Tensor, depth: Tensor) -> tuple[Tensor, engine.State]:
        """Adds the child ``action`` of ``leaf`` in every tree where ``expand``; returns the new
        nodes (the sink elsewhere) and their boards."""
        t = self.tree_index
        target = torch.where(expand, self.size, self.sink)
        parent = self.states[self.rows(leaf)]
        # Elsewhere the action may not be legal at the leaf (a finished game): pass it, and drop it.
        child = engine.step(parent, torch.where(expand, action, self.actions - 1), illegal_action="lose")
        self.child[t, torch.where(expand, leaf, self.sink), action] = target
        self.write_state(target, child)
        self.depth[t, target] = depth
        self.parent[t, target] = leaf
        self.size += expand.long()
        self.max_depth = torch.maximum(self.max_depth, torch.where(expand, depth, 0))
        return target, child

    def backup(self, path_nodes: Tensor, path_actions: Tensor, depth: Tensor, value: Tensor) -> None:
        """Adds one visit and the leaf's ``value`` (from the side of its mover) to every edge of the
        path, the sign changing at each edge; one scatter for all trees."""
        levels = path_nodes.shape[1]
        step = torch.arange(levels, device=depth.device)
        on_path = step < depth.unsqueeze(1)
        sign = 1.0 - 2.0 * ((depth.unsqueeze(1) - step) % 2).to(self.dtype)
        rows = self.tree_index.unsqueeze(1) * self.nodes + path_nodes
        flat = (rows * self.actions + path_actions).masked_fill(~on_path, 0)
        # Steps off the path land on entry 0 of the first node with a weight of 0.
        weight = on_path.to(self.dtype)
        self.visits.view(-1).scatter_add_(0, flat.flatten(), weight.flatten())
        self.value_sum.view(-1).scatter_add_(0, flat.flatten(), (weight * sign * value.unsqueeze(1)).flatten())


class Subtree:
    """A searched tree seen from ``path`` (one int64 ``(N,)`` action tensor per ply) below its
    roots: what :meth:`Tree.advance` returns, for ``MCTS.run(roots, reuse=...)``."""

    def __init__(self, tree: Tree, path: tuple[Tensor, ...]) -> None:
        for actions in path[-1:]:  # the ply just added (the earlier ones were checked as they came)
            _check_path_actions(tree, actions)
        self.tree, self.path = tree, path

    def advance(self, actions: Tensor) -> Subtree:
        """One more ply: the part under ``actions`` (int64 ``(N,)``)."""
        return Subtree(self.tree, (*self.path, actions))


def _check_path_actions(tree: Tree, actions: object) -> None:
    """``actions`` of a subtree's ply: int64 ``(N,)`` on the trees' device, each an action ``0..A-1`` (one host
    read)."""
    trees, count = tree.trees, tree.actions
    if not isinstance(actions, Tensor) or actions.dtype != torch.int64 or tuple(actions.shape) != (trees,):
        shown = f"{actions.dtype} {tuple(actions.shape)}" if isinstance(actions, Tensor) else type(actions).__name__
        raise ValueError(f"a subtree's actions must be int64 of shape ({trees},), one a tree, got {shown}")
    if actions.device != tree.prior.device:
        raise ValueError(f"a subtree's actions are on {actions.device}, the trees on {tree.prior.device}")
    bad = (actions < 0) | (actions >= count)
    if bool(bad.any()):
        first = int(bad.nonzero()[0, 0])
        raise ValueError(f"a subtree's actions are 0..{count - 1}; tree {first} got {int(actions[first])}")


def _checked(evaluator: Evaluator, output: object, mask: Tensor, values: bool) -> tuple[Tensor, Tensor]:
    """``(logits, value)`` of ``evaluator`` for ``mask`` (bool ``(B, A)``), refused with its name unless they are
    tensors of shapes ``(B, A)`` and ``(B,)`` and, with ``values``, finite logits (of the legal actions) and values
    in [-1, 1]."""
    name = getattr(evaluator, "__qualname__", None) or type(evaluator).__name__
    batch, actions = mask.shape
    if not (isinstance(output, tuple) and len(output) == 2 and all(isinstance(t, Tensor) for t in output)):
        raise TypeError(f"the evaluator {name} must return (logits, value) tensors, got {type(output).__name__}")
    logits, value = output
    if tuple(logits.shape) != (batch, actions) or tuple(value.shape) != (batch,):
        raise ValueError(
            f"the evaluator {name} returned logits {tuple(logits.shape)} and value {tuple(value.shape)} for "
            f"{batch} positions: expected ({batch}, {actions}) and ({batch},)"
        )
    if values:
        finite = (torch.isfinite(logits) | ~mask).all() & torch.isfinite(value).all()  # illegal logits: -inf is fine
        if not bool(finite & (value.abs() <= 1 + 1e-4).all()):
            problem = "NaN or infinite logits or values" if not bool(finite) else "values outside [-1, 1]"
            raise ValueError(f"the evaluator {name} returned {problem} (values are results for the mover, -1 to 1)")
    return logits, value
