"""Batched Monte Carlo tree search on the engine: one tree per root position, all grown at once.

:class:`BatchedSearch` runs AlphaZero's search (PUCT) or Gumbel AlphaZero's (the Gumbel root) over ``N`` root
positions together, with the settings of a :class:`SearchConfig`. The trees are plain data (a :class:`Tree`:
edge statistics ``(N, nodes, A)``, child indices, one engine state per node), and every phase of a simulation
(select, expand, evaluate, back up) is one batched operation over all the trees, with no Python loop over
boards or trees and no host synchronisation: the only host read is the depth of the deepest path, once per
simulation, to know how many levels the descent takes. It runs wherever the engine does (CPU or CUDA).

The evaluator is any function ``(observation, mask) -> (logits, value)`` (:data:`Evaluator`): a network (the
mover's int8 planes ``(B, 2, n, n)`` and bool mask ``(B, n*n + 1)`` in, float logits ``(B, n*n + 1)`` and a value
in ``[-1, 1]`` for the player to move out), or :func:`rollout_evaluator`, random games played to the end on the
engine. Finished games are valued exactly (+1 / -1 / 0 by disc count), whatever the evaluator says, and a forced
pass is an edge like any other. :func:`exact_wins` wraps an evaluator so that a position one move from its mover's
win (a wipeout in reach, say: :func:`winning_moves` finds the moves) is valued +1 with its prior on those moves,
whatever the wrapped evaluator says; the AlphaZero agent's network is wrapped so. :class:`CachedEvaluator` keeps
an evaluator's answers for the positions it has seen (a tree reaches a position by several orders of the same
moves) and answers them again without it: the agent's evaluator on the CPU.

>>> import torch
>>> from othello_zoo import engine
>>> search = BatchedSearch(rollout_evaluator(8, generator=torch.Generator().manual_seed(0)), simulations=32)
>>> result = search.run(engine.init(2))
>>> result.visits.sum(1).tolist()
[32.0, 32.0]
>>> sorted(set(select_actions(result).tolist()) - {19, 26, 37, 44})
[]

The parts, for a search of one's own (the shape of mctx's): :func:`run_search` is the loop, and takes the
rules as functions: a root and an interior :data:`SelectionFn` (``(tree, node, depth) -> action``), the
evaluator and a :data:`StepFn` (``(state, actions) -> state``, default :func:`engine_step`).
:func:`puct_policy` and :func:`gumbel_policy` compose it with :func:`puct_selection` and the Gumbel root;
:class:`BatchedSearch` runs the one its config names.

>>> roots = engine.init(3)
>>> evaluate = rollout_evaluator(8)
>>> tree = new_tree(roots, capacity=9, dtype=torch.float32)
>>> _ = evaluate_nodes(tree, torch.zeros(3, dtype=torch.int64), roots, evaluate)
>>> first_legal = lambda tree, node, depth: tree.legal[tree.tree_index, node].to(torch.int8).argmax(1)
>>> tree = run_search(tree, evaluate, 8, root_selection=first_legal, interior_selection=puct_selection(1.25))
>>> tree.visits[:, 0].nonzero().tolist()  # every simulation through d3 (19), the first legal move
[[0, 19], [1, 19], [2, 19]]

``agents.MCTSAgent`` is the package's other tree search: UCT with random playouts, one board at a time.
"""

from __future__ import annotations

from othello_zoo.search._cache import CACHE_POSITIONS, MAX_CACHE_POSITIONS, CachedEvaluator
from othello_zoo.search._compiled import COMPILE_MODES, Compile, check_compile
from othello_zoo.search._config import DTYPES, FIRST_ROOM, MAX_SECONDS, MAX_SIMULATIONS, ROOT_POLICIES, SearchConfig
from othello_zoo.search._evaluate import Evaluator, evaluate_nodes, traceable
from othello_zoo.search._loop import StepFn, engine_step, run_search
from othello_zoo.search._native import native_search_status, walks_in_c
from othello_zoo.search._noise import dirichlet
from othello_zoo.search._policies import BatchedSearch, SearchResult, gumbel_policy, puct_policy, select_actions
from othello_zoo.search._reuse import Subtree
from othello_zoo.search._rollout import rollout_evaluator
from othello_zoo.search._select import SelectionFn, puct_selection
from othello_zoo.search._tree import Tree, new_tree
from othello_zoo.search._wins import exact_wins, winning_moves

__all__ = [
    "CACHE_POSITIONS",
    "COMPILE_MODES",
    "DTYPES",
    "FIRST_ROOM",
    "MAX_CACHE_POSITIONS",
    "MAX_SECONDS",
    "MAX_SIMULATIONS",
    "ROOT_POLICIES",
    "BatchedSearch",
    "CachedEvaluator",
    "Compile",
    "Evaluator",
    "SearchConfig",
    "SearchResult",
    "SelectionFn",
    "StepFn",
    "Subtree",
    "Tree",
    "check_compile",
    "dirichlet",
    "engine_step",
    "evaluate_nodes",
    "exact_wins",
    "gumbel_policy",
    "native_search_status",
    "new_tree",
    "puct_policy",
    "puct_selection",
    "rollout_evaluator",
    "run_search",
    "select_actions",
    "traceable",
    "walks_in_c",
    "winning_moves",
]
