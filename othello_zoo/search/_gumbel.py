"""The Gumbel root (Danihelka et al., "Policy improvement by planning with Gumbel", ICLR 2022): sampling without
replacement by Gumbel-top-k at the root, sequential halving over the simulations, and the improved policy from
completed Q-values.

At the root, ``m = min(max_considered, legal actions)`` actions are considered: the top ``m`` of
``g + logits`` (``g`` Gumbel noise). The simulations are shared out by sequential halving: in each round every
action still considered gets the same number of visits, then the better half (by ``g + logits + sigma(q)``) goes
on. A simulation visits, among the considered actions that have the visit count the schedule calls for, the one
of highest ``g + logits + sigma(q)``; the move played is the best of the most visited. ``sigma(q) = (c_visit +
max N) * c_scale * q`` with ``q`` mapped from ``[-1, 1]`` to ``[0, 1]`` (``(q + 1) / 2``). Below the root the
search goes on by PUCT.

What is drawn once a search (the noise, the actions considered, the schedule) is a :class:`GumbelRoot`;
:func:`gumbel_root_selection` is the root's selection function over it, and :func:`gumbel_result` the move and
the training target at the end.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

import torch
from torch import Tensor

from othello_zoo.search._select import SelectionFn
from othello_zoo.search._tree import Tree

__all__ = ["GumbelRoot", "considered_visits", "draw_gumbel_root", "gumbel_result", "gumbel_root_selection"]
__all__ += ["opening_batches"]


@functools.cache
def considered_visits(considered: int, simulations: int) -> tuple[int, ...]:
    """For each simulation, the visit count the chosen root action has before it: sequential
    halving of ``simulations`` over ``considered`` actions.

    >>> considered_visits(4, 10)
    (0, 0, 0, 0, 1, 1, 2, 2, 3, 3)
    """
    if considered <= 1:
        return tuple(range(simulations))
    rounds = math.ceil(math.log2(considered))
    schedule: list[int] = []
    visits = [0] * considered
    remaining = considered
    while len(schedule) < simulations:
        per_action = max(1, simulations // (rounds * remaining))
        for _ in range(per_action):
            schedule.extend(visits[:remaining])
            for i in range(remaining):
                visits[i] += 1
        remaining = max(2, remaining // 2)
    return tuple(schedule[:simulations])


def opening_batches(considered: int, leaf_batch: int, simulations: int) -> tuple[int, ...]:
    """The leaf batches of a Gumbel search's first ``considered`` simulations: each of them is the first visit of
    a considered action (sequential halving visits every action once before any twice), and a batch that held an
    action's first visit and its second would send the second to a node still awaiting its evaluation (a collision:
    no new node, the network's work spent all the same). So these batches end where the first visits do, in powers
    of two up to ``leaf_batch`` (a few batch sizes for the compiled search to compile, whatever ``considered``).

    >>> opening_batches(4, 16, 32), opening_batches(6, 16, 32), opening_batches(16, 8, 32), opening_batches(3, 1, 32)
    ((4,), (4, 2), (8, 8), ())
    """
    if leaf_batch <= 1:
        return ()
    sizes: list[int] = []
    end = min(considered, simulations)
    while (done := sum(sizes)) < end:
        sizes.append(1 << (min(leaf_batch, end - done).bit_length() - 1))
    return tuple(sizes)


@dataclass(frozen=True, eq=False)
class GumbelRoot:
    """The root side of one Gumbel search over ``N`` trees: what is drawn once, before the simulations."""

    logits: Tensor  # float (N, A): the log of the root prior; -inf on the illegal actions
    noisy: Tensor  # float (N, A): gumbel_scale * g + logits (g Gumbel noise); -inf on the illegal actions
    considered: Tensor  # bool (N, A): the actions considered, the top m of noisy
    schedule: Tensor  # int64 (N, S): the visits the chosen root action has before each of the S simulations
    c_visit: float  # sigma(q) = (c_visit + max N) * c_scale * (q + 1) / 2
    c_scale: float


def draw_gumbel_root(
    tree: Tree,
    simulations: int,
    generator: torch.Generator,
    max_considered: int,
    gumbel_scale: float,
    c_visit: float,
    c_scale: float,
) -> GumbelRoot:
    """The Gumbel root of every tree of ``tree`` (its root prior already set), its noise drawn from
    ``generator`` (one uniform number per root action)."""
    legal = tree.legal[:, 0]
    logits = torch.log(tree.prior[:, 0].clamp(min=1e-30)).masked_fill(~legal, -math.inf)
    uniform = torch.rand(legal.shape, generator=generator, device=legal.device, dtype=tree.dtype)
    gumbel = -torch.log(-torch.log(uniform.clamp(min=1e-20, max=1 - 1e-7)))
    noisy = (gumbel_scale * gumbel + logits).masked_fill(~legal, -math.inf)
    considered = legal.sum(1).clamp(max=max_considered)  # (N,)
    rank = noisy.argsort(1, descending=True).argsort(1)
    rows = min(max_considered, tree.actions) + 1  # no root considers more actions than it has
    table = [considered_visits(m, simulations) for m in range(rows)]
    schedule = torch.tensor(table, dtype=torch.int64, device=legal.device)[considered]  # (N, S)
    return GumbelRoot(logits, noisy, legal & (rank < considered.unsqueeze(1)), schedule, c_visit, c_scale)


def _sigma(tree: Tree, root: GumbelRoot) -> Tensor:
    """``sigma(q)`` of every root action (0 for the unvisited)."""
    visits, value_sum = tree.visits[:, 0], tree.value_sum[:, 0]
    q = torch.where(visits > 0, value_sum / visits.clamp(min=1), 0.0)
    scale = (root.c_visit + visits.amax(1, keepdim=True)) * root.c_scale
    return scale * (q + 1) / 2


def gumbel_root_selection(root: GumbelRoot) -> SelectionFn:
    """The root's selection function: among the considered actions with the visit count the schedule calls for
    at this simulation, the one of highest ``g + logits + sigma(q)``. The simulation's number is the root's visits
    so far (each simulation adds one to a live root), so the function holds no count of its own."""
    last = root.schedule.shape[1] - 1

    def select(tree: Tree, node: Tensor, depth: int) -> Tensor:
        visits = tree.visits[:, 0]
        simulation = visits.sum(1).long().clamp(max=last)  # a finished root has none: 0
        due = root.schedule.gather(1, simulation.unsqueeze(1))
        candidates = root.considered & (visits == due)
        score = root.noisy + _sigma(tree, root)
        chosen = torch.where(candidates, score, -math.inf).argmax(1)
        # The schedule always leaves a candidate on a live root; a finished root takes any action.
        return torch.where(candidates.any(1), chosen, torch.where(root.considered, score, -math.inf).argmax(1))

    select.native = ("gumbel", root)  # type: ignore[attr-defined]  # the same rule in C (search._native)
    return select


def gumbel_result(tree: Tree, root: GumbelRoot, root_value: Tensor) -> tuple[Tensor, Tensor]:
    """``(actions (N,), improved policy (N, A))``: the best of the most visited considered actions, and
    ``softmax(logits + sigma(completed q))`` over the legal actions (``root_value``, float ``(N,)``, completes
    the q of the unvisited)."""
    visits, value_sum = tree.visits[:, 0], tree.value_sum[:, 0]
    most = torch.where(root.considered, visits, -1.0).amax(1, keepdim=True)
    best = root.considered & (visits == most)
    action = torch.where(best, root.noisy + _sigma(tree, root), -math.inf).argmax(1)
    # Completed Q: the visited actions' own; the unvisited get the mixed value of the root.
    visited = visits > 0
    q = torch.where(visited, value_sum / visits.clamp(min=1), 0.0)
    prior = torch.softmax(root.logits, dim=1)
    weight = (prior * visited).sum(1)
    policy_q = (prior * q * visited).sum(1) / weight.clamp(min=1e-30)
    total = visits.sum(1)
    mixed = (root_value + total * torch.where(weight > 0, policy_q, root_value)) / (1 + total)
    completed = torch.where(visited, q, mixed.unsqueeze(1))
    scale = (root.c_visit + visits.amax(1, keepdim=True)) * root.c_scale
    improved = torch.softmax(root.logits + scale * (completed + 1) / 2, dim=1)
    return action, improved
