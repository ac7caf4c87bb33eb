"""The Gumbel root policy of :class:`othello_zoo.search.MCTS` (Danihelka et al., "Policy improvement
by planning with Gumbel", ICLR 2022): sampling without replacement by Gumbel-top-k at the root,
sequential halving over the simulations, and the improved policy from completed Q-values.

At the root, ``m = min(max_considered, legal actions)`` actions are considered: the top ``m`` of
``g + logits`` (``g`` Gumbel noise). The simulations are shared out by sequential halving: in each
round every action still considered gets the same number of visits, then the better half (by
``g + logits + sigma(q)``) goes on. A simulation visits, among the considered actions that have the
visit count the schedule calls for, the one of highest ``g + logits + sigma(q)``; the move played
is the best of the most visited. ``sigma(q) = (c_visit + max N) * c_scale * q`` with ``q`` mapped
from ``[-1, 1]`` to ``[0, 1]`` (``(q + 1) / 2``). Below the root the tree search goes on by PUCT.
"""

from __future__ import annotations

import functools
import math

import torch
from torch import Tensor

from othello_zoo.search.tree import Tree

__all__ = ["GumbelRoot", "considered_visits"]


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


class GumbelRoot:
    """The root side of one Gumbel search over every tree of ``tree`` (root prior already set)."""

    def __init__(
        self,
        tree: Tree,
        simulations: int,
        generator: torch.Generator,
        max_considered: int = 16,
        gumbel_scale: float = 1.0,
        c_visit: float = 50.0,
        c_scale: float = 0.1,
    ) -> None:
        self.tree = tree
        self.c_visit, self.c_scale = c_visit, c_scale
        legal = tree.legal[:, 0]
        self.logits = torch.log(tree.prior[:, 0].clamp(min=1e-30)).masked_fill(~legal, -math.inf)
        uniform = torch.rand(legal.shape, generator=generator, device=legal.device, dtype=tree.dtype)
        gumbel = -torch.log(-torch.log(uniform.clamp(min=1e-20, max=1 - 1e-7)))
        self.noisy = (gumbel_scale * gumbel + self.logits).masked_fill(~legal, -math.inf)
        considered = legal.sum(1).clamp(max=max_considered)  # (N,)
        rank = self.noisy.argsort(1, descending=True).argsort(1)
        self.considered = legal & (rank < considered.unsqueeze(1))
        table = [considered_visits(m, simulations) for m in range(max_considered + 1)]
        self.schedule = torch.tensor(table, dtype=torch.int64, device=legal.device)[considered]  # (N, S)

    def sigma(self) -> Tensor:
        """``sigma(q)`` of every root action (0 for the unvisited)."""
        visits, value_sum = self.tree.visits[:, 0], self.tree.value_sum[:, 0]
        q = torch.where(visits > 0, value_sum / visits.clamp(min=1), 0.0)
        scale = (self.c_visit + visits.amax(1, keepdim=True)) * self.c_scale
        return scale * (q + 1) / 2

    def action(self, simulation: int) -> Tensor:
        """int64 ``(N,)``: the root action of simulation number ``simulation``."""
        due = self.schedule[:, simulation].unsqueeze(1)
        visits = self.tree.visits[:, 0]
        candidates = self.considered & (visits == due)
        score = self.noisy + self.sigma()
        chosen = torch.where(candidates, score, -math.inf).argmax(1)
        # The schedule always leaves a candidate on a live root; a finished root takes any action.
        return torch.where(candidates.any(1), chosen, torch.where(self.considered, score, -math.inf).argmax(1))

    def result(self, root_value: Tensor) -> tuple[Tensor, Tensor]:
        """``(actions (N,), improved policy (N, A))``: the best of the most visited considered
        actions, and ``softmax(logits + sigma(completed q))`` over the legal actions."""
        visits, value_sum = self.tree.visits[:, 0], self.tree.value_sum[:, 0]
        most = torch.where(self.considered, visits, -1.0).amax(1, keepdim=True)
        best = self.considered & (visits == most)
        action = torch.where(best, self.noisy + self.sigma(), -math.inf).argmax(1)
        # Completed Q: the visited actions' own; the unvisited get the mixed value of the root.
        visited = visits > 0
        q = torch.where(visited, value_sum / visits.clamp(min=1), 0.0)
        prior = torch.softmax(self.logits, dim=1)
        weight = (prior * visited).sum(1)
        policy_q = (prior * q * visited).sum(1) / weight.clamp(min=1e-30)
        total = visits.sum(1)
        mixed = (root_value + total * torch.where(weight > 0, policy_q, root_value)) / (1 + total)
        completed = torch.where(visited, q, mixed.unsqueeze(1))
        scale = (self.c_visit + visits.amax(1, keepdim=True)) * self.c_scale
        improved = torch.softmax(self.logits + scale * (completed + 1) / 2, dim=1)
        return action, improved
