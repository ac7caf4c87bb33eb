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

__all__ = ["Evaluator", "Tree"]

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
        self.prior = torch.zeros(shape, dtype=dtype, device=device)
        self.visits = torch.zeros(shape, dtype=dtype, device=device)
        self.value_sum = torch.zeros(shape, dtype=dtype, device=device)
        self.child = torch.full(shape, -1, dtype=torch.int64, device=device)
        self.legal = torch.zeros(shape, dtype=torch.bool, device=device)
        self.terminal = torch.zeros((n_trees, self.nodes), dtype=torch.bool, device=device)
        self.terminal_value = torch.zeros((n_trees, self.nodes), dtype=dtype, device=device)
        self.depth = torch.zeros((n_trees, self.nodes), dtype=torch.int64, device=device)
        self.size = torch.ones(n_trees, dtype=torch.int64, device=device)  # nodes in use, the root included
        self.max_depth = torch.zeros(n_trees, dtype=torch.int64, device=device)
        self.tree_index = torch.arange(n_trees, device=device)
        # Every node's board starts as its root's; rows are overwritten as nodes are added.
        self.states = roots[self.tree_index.repeat_interleave(self.nodes)]
        self.dtype = dtype

    # -- storage ----------------------------------------------------------------------------------
    def rows(self, node: Tensor) -> Tensor:
        """int64 ``(N,)``: the row of each tree's ``node`` in :attr:`states`."""
        return self.tree_index * self.nodes + node

    def write_state(self, node: Tensor, state: engine.State) -> None:
        """Stores ``state`` (one board per tree) as the boards of ``node``."""
        rows = self.rows(node)
        for name in ("discs", "moves", "rays", "current_player", "terminated", "forfeited"):
            getattr(self.states, name)[rows] = getattr(state, name)

    def set_node(self, node: Tensor, state: engine.State, evaluator: Evaluator) -> Tensor:
        """Evaluates ``state`` (one board per tree) as each tree's ``node``: stores its legal actions,
        prior and end; returns its value (the exact result where the game is over)."""
        observation, mask = engine.mover_view(state)
        logits, value = evaluator(observation, mask)
        prior = torch.softmax(logits.to(self.dtype).masked_fill(~mask, -math.inf), dim=1)
        over = state.terminated
        result = engine.outcome(state).to(self.dtype)
        t = self.tree_index
        self.prior[t, node] = prior
        self.legal[t, node] = mask
        self.terminal[t, node] = over
        self.terminal_value[t, node] = result
        return torch.where(over, result, value.to(self.dtype))

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
            visits, value_sum = self.visits[t, node], self.value_sum[t, node]
            total = visits.sum(1, keepdim=True).clamp(min=1.0)
            q = torch.where(visits > 0, value_sum / visits.clamp(min=1.0), 0.0)
            u = c_puct * self.prior[t, node] * total.sqrt() / (1.0 + visits)
            score = torch.where(self.legal[t, node], q + u, -math.inf)
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
