"""Subtree reuse: the part of a searched tree under the moves played, regrown as the trees of the next search."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import torch
from torch import Tensor

from othello_zoo import engine
from othello_zoo.search._tree import NODE_FIELDS, Tree, new_tree, write_state

__all__ = ["Subtree", "advance", "grown", "regrow", "reuse_subtree"]


@dataclass(frozen=True, eq=False)
class Subtree:
    """A searched tree seen from ``path`` below its roots: what ``SearchResult.subtree(actions)`` returns, for
    ``BatchedSearch.run(roots, reuse=...)``. Nothing is copied until a search takes it."""

    tree: Tree  # the searched trees
    path: tuple[Tensor, ...]  # one int64 (N,) action tensor per ply below the roots

    def __post_init__(self) -> None:
        for actions in self.path[-1:]:  # the ply just added (the earlier ones were checked as they came)
            _check_path_actions(self.tree, actions)

    def advance(self, actions: Tensor) -> Subtree:
        """One more ply: the part under ``actions`` (int64 ``(N,)``)."""
        return Subtree(self.tree, (*self.path, actions))


def advance(tree: Tree, actions: Tensor) -> Subtree:
    """The part of each tree under the root's edge ``actions`` (int64 ``(N,)``), to search on from the position
    it leads to; chain :meth:`Subtree.advance` for the next plies."""
    return Subtree(tree, (actions,))


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


def check_subtree(reuse: object) -> Subtree:
    """``reuse`` if it is a :class:`Subtree`, else a ``TypeError`` saying how to get one."""
    if not isinstance(reuse, Subtree):
        raise TypeError(f"reuse must be a Subtree (result.subtree(actions)), got {type(reuse).__name__}")
    return reuse


def reuse_subtree(roots: engine.State, reuse: Subtree, room: int) -> Tree:
    """The trees of a search of ``roots`` that goes on from ``reuse``, with ``room`` nodes to spare: the kept
    nodes renumbered, and each root's board written anew. ``roots`` must be the positions the path leads to
    (checked against the kept nodes: one host read)."""
    old = check_subtree(reuse).tree
    if old.trees != roots.batch_size or old.states.device != roots.device:
        raise ValueError(
            f"reuse holds {old.trees} trees on {old.states.device}, "
            f"the roots are {roots.batch_size} boards on {roots.device}"
        )
    tree = regrow(old, roots, reuse.path, room)
    kept = tree.states[tree.tree_index * tree.nodes]
    differ = (tree.size > 1) & ~(
        (kept.discs == roots.discs).flatten(1).all(1) & (kept.current_player == roots.current_player)
    )
    if bool(differ.any()):
        raise ValueError(f"boards {differ.nonzero().flatten().tolist()} are not the positions the reused moves lead to")
    write_state(tree, torch.zeros_like(tree.size), roots)
    return tree


def grown(tree: Tree, room: int) -> Tree:
    """The same trees with ``room`` free nodes each beyond the fullest one's: every node kept, in its place. A
    time-budgeted search grows its trees so between leaf batches (no virtual loss is pending then)."""
    return regrow(tree, tree.states[tree.tree_index * tree.nodes], (), room)


def regrow(old: Tree, roots: engine.State, path: tuple[Tensor, ...], room: int) -> Tree:
    """A new tree holding, for each tree of ``old``, the subtree reached from the root along ``path`` (one action
    per tree and ply), renumbered from 0 in the same order, with ``room`` nodes to spare; a tree where the path
    leaves the searched part starts from ``roots`` alone. ``old`` is not changed."""
    t, k = old.tree_index, len(path)
    top = torch.zeros(old.trees, dtype=torch.int64, device=t.device)
    for actions in path:  # the new root: -1 where the path leaves the tree
        top = torch.where(top >= 0, old.child[t, top.clamp(min=0), actions], -1)
    # Each node's ancestor at depth k (itself above it): the new root for the nodes kept.
    nodes = torch.arange(old.nodes, device=t.device).expand(old.trees, -1)
    ancestor = nodes
    for _ in range(int(old.max_depth.max()) - k):  # the one host read (besides the check)
        deeper = old.depth.gather(1, ancestor) > k
        ancestor = torch.where(deeper, old.parent.gather(1, ancestor), ancestor)
    kept = (ancestor == top.unsqueeze(1)) & (nodes < old.size.unsqueeze(1)) & (top >= 0).unsqueeze(1)
    renumber = kept.long().cumsum(1) - 1  # the new index of a kept node
    count = kept.sum(1)
    tree = new_tree(roots, int(count.max()) + room, old.dtype)
    # source[t, j]: the old index of new node j (the new root where nothing is kept).
    source = top.clamp(min=0).unsqueeze(1).expand(-1, tree.nodes).clone()
    source.scatter_(1, torch.where(kept, renumber, tree.sink), nodes)
    source[:, tree.sink] = old.sink
    filled = torch.arange(tree.nodes, device=t.device) < count.unsqueeze(1)
    for name in NODE_FIELDS:
        before, after = getattr(old, name), getattr(tree, name)
        index = source.view(*source.shape, *[1] * (before.dim() - 2)).expand(-1, -1, *before.shape[2:])
        moved = before.gather(1, index)
        mask = filled.view(*filled.shape, *[1] * (before.dim() - 2))
        after.copy_(torch.where(mask, moved, after))
    relink = renumber.gather(1, tree.child.clamp(min=0).flatten(1)).view_as(tree.child)
    depth = torch.where(filled, tree.depth - k, 0)
    return dataclasses.replace(
        tree,
        child=torch.where(tree.child >= 0, relink, -1),
        parent=torch.where(filled, renumber.gather(1, tree.parent).clamp(min=0), 0),  # the new root's: 0
        depth=depth,
        size=count.clamp(min=1),
        max_depth=depth.amax(1),
        states=old.states[(t.unsqueeze(1) * old.nodes + source).flatten()],
    )
