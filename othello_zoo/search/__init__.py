"""Batched Monte Carlo tree search on the engine: one tree per root position, all grown at once.

:class:`MCTS` runs AlphaZero's search (PUCT) over ``N`` root positions together. The trees are
tensors (edge statistics ``(N, nodes, A)``, child indices, one engine state per node), and every
phase of a simulation (select, expand, evaluate, back up) is one batched operation over all the
trees, with no Python loop over boards or trees and no host synchronisation: the only host read
is the depth of the deepest path, once per simulation, to know how many levels the descent takes.
It runs wherever the engine does (CPU or CUDA).

The evaluator is any function ``(observation, mask) -> (logits, value)``: a network (the mover's
int8 planes ``(B, 2, n, n)`` and bool mask ``(B, n*n + 1)`` in, float logits ``(B, n*n + 1)`` and a
value in ``[-1, 1]`` for the player to move out), or :func:`rollout_evaluator`, random games
played to the end on the engine. Finished games are valued exactly (+1 / -1 / 0 by disc count),
whatever the evaluator says, and a forced pass is an edge like any other.

>>> from othello_zoo import engine
>>> search = MCTS(rollout_evaluator(8, generator=torch.Generator().manual_seed(0)), simulations=32)
>>> result = search.run(engine.init(2))
>>> result.visits.sum(1).tolist()
[32.0, 32.0]
>>> sorted(set(select_actions(result).tolist()) - {19, 26, 37, 44})
[]
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from typing import NamedTuple

import torch
from torch import Tensor

from othello_zoo import engine
from othello_zoo.core.checks import check_int, check_real
from othello_zoo.core.threads import uses_adaptive_threads, uses_package_threads
from othello_zoo.engine.kernels.bitboard import bitboard_kernel
from othello_zoo.search._gumbel import GumbelRoot
from othello_zoo.search._playout import random_playouts
from othello_zoo.search.tree import Evaluator, Subtree, Tree

__all__ = [
    "MAX_SIMULATIONS",
    "MCTS",
    "Evaluator",
    "SearchResult",
    "Subtree",
    "Tree",
    "dirichlet",
    "rollout_evaluator",
    "select_actions",
]


class SearchResult(NamedTuple):
    """What :meth:`MCTS.run` returns, for each root (the root's mover's side throughout)."""

    visits: Tensor  # float (N, A): visits of each root action
    q: Tensor  # float (N, A): mean value of each root action (0 where unvisited)
    value: Tensor  # float (N,): the root's value: the visit-weighted mean of q (the evaluator's with no visits)
    prior: Tensor  # float (N, A): the root's prior, after the noise
    legal: Tensor  # bool (N, A): the root's legal actions
    action: Tensor | None = None  # int64 (N,): the Gumbel policy's move (None under PUCT)
    improved_policy: Tensor | None = None  # float (N, A): the Gumbel policy's training target
    tree: Tree | None = None  # the searched trees, with run(..., keep_tree=True)

    def subtree(self, actions: Tensor) -> Subtree:
        """The searched trees under the root moves ``actions`` (int64 ``(N,)``), for the next
        search: ``MCTS.run(next_roots, reuse=result.subtree(actions))``."""
        if self.tree is None:
            raise ValueError("this result kept no tree: run the search with keep_tree=True to reuse it")
        return self.tree.advance(actions)

    @property
    def policy(self) -> Tensor:
        """float ``(N, A)``: the training target: the Gumbel policy's improved policy, or the visits
        normalised (PUCT); on a root without visits (a finished game), its legal actions alike."""
        if self.improved_policy is not None:
            return self.improved_policy
        total = self.visits.sum(1, keepdim=True)
        fallback = self.legal.to(self.visits.dtype) / self.legal.sum(1, keepdim=True).clamp(min=1)
        return torch.where(total > 0, self.visits / total.clamp(min=1), fallback)


MAX_SIMULATIONS = 1_000_000  # a root's tree holds one node a simulation: 10**6 nodes of ~1 KiB on 8 x 8


class MCTS:
    """AlphaZero's tree search (PUCT) over a batch of roots.

    Args:
        evaluator: ``(observation, mask) -> (logits, value)`` (see the module docstring).
        simulations: simulations per root, at least 1.
        c_puct: the exploration constant of ``Q + c_puct * P * sqrt(sum N) / (1 + N)``; on a node's
            first visit ``sqrt(sum N)`` counts as 1, so the first descent follows the prior.
        dirichlet_alpha: the concentration of the root noise, ``Dir(alpha)`` over the legal actions.
        dirichlet_fraction: the noise's share of the root prior, ``(1 - fraction) * P + fraction *
            noise`` (``0``, the default, adds none: self-play sets it).
        dtype: of the statistics (float32; float64 for exact comparisons).
        root_policy: ``"puct"`` (AlphaZero) or ``"gumbel"`` (Gumbel AlphaZero: Gumbel-top-k and
            sequential halving at the root, strong with few simulations; below the root, PUCT;
            see :mod:`othello_zoo.search._gumbel`). Gumbel searches draw from the ``generator`` of
            :meth:`run`, and :func:`select_actions` plays their chosen move.
        max_considered: the number of root actions the Gumbel policy considers.
        gumbel_scale: the scale of its Gumbel noise (0: deterministic, for evaluation).
    """

    def __init__(
        self,
        evaluator: Evaluator,
        simulations: int = 64,
        c_puct: float = 1.25,
        dirichlet_alpha: float = 0.3,
        dirichlet_fraction: float = 0.0,
        dtype: torch.dtype = torch.float32,
        root_policy: str = "puct",
        max_considered: int = 16,
        gumbel_scale: float = 1.0,
    ) -> None:
        if not callable(evaluator):
            raise TypeError(f"evaluator must be a function (observation, mask) -> (logits, value), got {evaluator!r}")
        self.evaluator = evaluator
        self.simulations = check_int("simulations", simulations, low=1, high=MAX_SIMULATIONS)
        self.c_puct = check_real("c_puct", c_puct, low=0.0)
        self.dirichlet_alpha = check_real("dirichlet_alpha", dirichlet_alpha, low=1e-6)
        self.dirichlet_fraction = check_real("dirichlet_fraction", dirichlet_fraction, low=0.0, high=1.0)
        if dtype not in (torch.float32, torch.float64):
            raise ValueError(f"dtype must be torch.float32 or torch.float64, got {dtype}")
        self.dtype = dtype
        if root_policy not in ("puct", "gumbel"):
            raise ValueError(f"root_policy must be 'puct' or 'gumbel', got {root_policy!r}")
        self.root_policy = root_policy
        self.max_considered = check_int("max_considered", max_considered, low=1)
        self.gumbel_scale = check_real("gumbel_scale", gumbel_scale, low=0.0)

    @uses_package_threads
    def run(
        self,
        roots: engine.State,
        generator: torch.Generator | None = None,
        reuse: Subtree | None = None,
        keep_tree: bool = False,
    ) -> SearchResult:
        """Searches every root of ``roots`` (any batch, device and board size) and returns the root
        statistics. ``generator`` (on the roots' device) draws the root noise.

        Subtree reuse: ``keep_tree=True`` keeps the trees in the result; after the moves are
        played, ``reuse=result.subtree(actions)`` (chained ``.advance(...)`` for further plies)
        starts the next search from the part of each tree under them, adding ``simulations``
        to the visits it holds (a root whose moves were not searched starts afresh). The new
        roots must be the positions those moves reach. PUCT roots only."""
        if not isinstance(roots, engine.State):
            raise TypeError(f"roots must be an engine State, got {type(roots).__name__}")
        root = torch.zeros(roots.batch_size, dtype=torch.int64, device=roots.device)
        tree = Tree(roots, self.simulations + 1, self.dtype) if reuse is None else self._regrow(roots, reuse)
        root_value = tree.set_node(root, roots, self.evaluator, check=True)  # its values checked once a run
        if self.dirichlet_fraction > 0:
            if generator is None:
                raise ValueError("dirichlet_fraction > 0 draws noise: pass a torch.Generator on the roots' device")
            noise = dirichlet(tree.legal[:, 0], self.dirichlet_alpha, generator).to(self.dtype)
            fraction = self.dirichlet_fraction
            tree.prior[:, 0] = (1 - fraction) * tree.prior[:, 0] + fraction * noise
        gumbel = None
        if self.root_policy == "gumbel":
            if generator is None:
                raise ValueError("root_policy='gumbel' draws Gumbel noise: pass a torch.Generator on the roots' device")
            gumbel = GumbelRoot(tree, self.simulations, generator, self.max_considered, self.gumbel_scale)
        for simulation in range(self.simulations):
            levels = int(tree.max_depth.max()) + 1  # the one host read of a simulation
            self.simulate(tree, levels, None if gumbel is None else gumbel.action(simulation))
        visits, value_sum = tree.visits[:, 0], tree.value_sum[:, 0]
        q = torch.where(visits > 0, value_sum / visits.clamp(min=1), 0.0)
        total = visits.sum(1)
        value = torch.where(total > 0, value_sum.sum(1) / total.clamp(min=1), root_value)
        action, improved = gumbel.result(root_value) if gumbel is not None else (None, None)
        if action is not None:  # a finished root has no move but the null action
            action = torch.where(tree.terminal[:, 0], tree.actions - 1, action)
        # Copies, so that a kept result does not keep the whole tree in memory.
        prior, legal = tree.prior[:, 0].clone(), tree.legal[:, 0].clone()
        kept = tree if keep_tree else None
        return SearchResult(visits.clone(), q, value, prior, legal, action, improved, kept)

    def _regrow(self, roots: engine.State, reuse: Subtree) -> Tree:
        if not isinstance(reuse, Subtree):
            raise TypeError(f"reuse must be a Subtree (result.subtree(actions)), got {type(reuse).__name__}")
        if self.root_policy != "puct":
            raise ValueError("reuse works with root_policy='puct' (the Gumbel root starts each search afresh)")
        old = reuse.tree
        if old.trees != roots.batch_size or old.states.device != roots.device:
            raise ValueError(
                f"reuse holds {old.trees} trees on {old.states.device}, "
                f"the roots are {roots.batch_size} boards on {roots.device}"
            )
        tree = old.regrow(roots, reuse.path, self.simulations)
        kept = tree.states[tree.tree_index * tree.nodes]
        differ = (tree.size > 1) & ~(
            (kept.discs == roots.discs).flatten(1).all(1) & (kept.current_player == roots.current_player)
        )
        if bool(differ.any()):
            raise ValueError(
                f"boards {differ.nonzero().flatten().tolist()} are not the positions the reused moves lead to"
            )
        tree.write_state(torch.zeros_like(tree.size), roots)
        return tree

    def simulate(self, tree: Tree, levels: int, root_action: Tensor | None = None) -> None:
        """One simulation in every tree: ``levels`` (at least the deepest path plus one) bounds the
        descent; ``root_action`` (the Gumbel policy's) overrides PUCT at the root. No host
        synchronisation."""
        path_nodes, path_actions, depth, leaf, expand = tree.select(levels, self.c_puct, root_action)
        action = path_actions.gather(1, (depth - 1).clamp(min=0).unsqueeze(1)).squeeze(1)
        target, child = tree.expand(leaf, action, expand, depth)
        value = tree.set_node(target, child, self.evaluator)
        value = torch.where(expand, value, tree.terminal_value[tree.tree_index, leaf])
        tree.backup(path_nodes, path_actions, depth, value)


def select_actions(result: SearchResult, temperature: float = 0.0, generator: torch.Generator | None = None) -> Tensor:
    """int64 ``(N,)``: an action per root: a Gumbel search's own move; else from the visits, the most
    visited (the first of a tie) with ``temperature=0``, or drawn in proportion to
    ``visits ** (1 / temperature)``; the null action on a root without visits (a finished game)."""
    temperature = check_real("temperature", temperature, low=0.0)
    if result.action is not None:  # the Gumbel policy's move: its noise already explores
        return result.action
    policy = result.policy
    if temperature == 0:
        return policy.argmax(1)
    if generator is None:
        raise ValueError("temperature > 0 draws actions: pass a torch.Generator on the result's device")
    # Gumbel-max in log space: exact for policy ** (1 / temperature), and no underflow at small temperatures.
    uniform = torch.rand(policy.shape, generator=generator, device=policy.device, dtype=policy.dtype)
    gumbel = -torch.log(-torch.log(uniform.clamp(min=1e-20, max=1 - 1e-7)))
    return (policy.log() / temperature + gumbel).argmax(1)


def dirichlet(mask: Tensor, alpha: float, generator: torch.Generator) -> Tensor:
    """float32 ``(N, A)``: a draw of ``Dir(alpha)`` over each row's ``True`` entries (0 elsewhere),
    from ``generator`` alone (Marsaglia and Tsang's gamma sampler, its rejection rounds batched).

    >>> noise = dirichlet(torch.tensor([[True, False, True]]), 0.3, torch.Generator().manual_seed(0))
    >>> float(noise.sum()), float(noise[0, 1])
    (1.0, 0.0)
    """
    alpha = check_real("alpha", alpha, low=0.0, open_low=True)
    shape, device = mask.shape, mask.device
    boost = alpha < 1  # Gamma(a) = Gamma(a + 1) * U ** (1 / a), taken in logs (U ** (1 / a) underflows)
    a = alpha + 1 if boost else alpha
    d = a - 1 / 3
    c = 1 / math.sqrt(9 * d)
    rounds = 16  # each round accepts with probability > 0.95: all 16 fail about once in 10**20 draws
    x = torch.randn((rounds, *shape), generator=generator, device=device)
    u = torch.rand((rounds, *shape), generator=generator, device=device)
    v = (1 + c * x) ** 3
    accept = (v > 0) & (u.log() < 0.5 * x * x + d - d * v + d * v.clamp(min=1e-30).log())
    first = accept.to(torch.int8).argmax(0, keepdim=True)
    log_gamma = torch.log(d * torch.where(accept.any(0), v.gather(0, first).squeeze(0), 1.0))
    if boost:
        log_gamma = log_gamma + torch.rand(shape, generator=generator, device=device).clamp(min=1e-30).log() / alpha
    noise = torch.softmax(log_gamma.masked_fill(~mask, -math.inf), dim=1)
    return torch.nan_to_num(noise)  # a row with no True entry: all 0


def rollout_evaluator(
    board_size: int, playouts: int = 1, generator: torch.Generator | None = None, backend: str = "auto"
) -> Evaluator:
    """An evaluator playing ``playouts`` random games to the end from each position on the engine:
    uniform logits, and the mean result (+1 / -1 / 0) for the player to move. It reads the host
    once every 8 plies to stop when every game is over."""
    playouts = check_int("playouts", playouts, low=1)
    resolved = engine.resolve_backend(backend, board_size)  # type: ignore[arg-type]
    generators = {} if generator is None else {generator.device: generator}

    def threads_key(observation: Tensor, *_: object) -> Hashable | None:  # exact integer play: threads by timing
        return ("rollouts", board_size, playouts, observation.shape[0].bit_length()) if observation.is_cpu else None

    @uses_adaptive_threads(threads_key)
    def evaluate(observation: Tensor, mask: Tensor) -> tuple[Tensor, Tensor]:
        batch, device = observation.shape[0], observation.device
        if observation.shape[-1] != board_size:
            n = observation.shape[-1]
            raise ValueError(f"this evaluator plays {board_size}x{board_size}, the observations are {n}x{n}")
        if device not in generators:  # seeded 0 on the observations' device where none was given
            generators[device] = torch.Generator(device=device).manual_seed(0)
        own = generators[device]
        planes = observation.flatten(2).bool().repeat(playouts, 1, 1)
        if resolved == "bitboard":  # the playout loop of _playout: only what a random game needs
            result = random_playouts(bitboard_kernel(board_size, device).encode(planes), board_size, own)
        else:
            black = torch.zeros(batch * playouts, dtype=torch.int64, device=device)
            state = engine.from_planes(planes, black, board_size, backend=resolved)
            for ply in range(2 * board_size * board_size):  # more than the longest game
                state = engine.step(state, engine.random_actions(state, own), illegal_action="lose")
                if ply % 8 == 7 and bool(state.terminated.all()):
                    break
            counts = engine.scores(state)  # the mover played black
            result = torch.sign(counts[:, 0] - counts[:, 1]).to(torch.float32)
        return torch.zeros(mask.shape, device=mask.device), result.view(playouts, batch).mean(0)

    return evaluate
