"""The searches: the loop composed with the rules of a root policy, and what they return.

:func:`puct_policy` (AlphaZero: optional Dirichlet noise on the root prior, PUCT everywhere) and
:func:`gumbel_policy` (Gumbel AlphaZero: the Gumbel root, PUCT below) each set up the roots, run
:func:`~othello_zoo.search._loop.run_search` with their selection functions and sum the roots up as a
:class:`SearchResult`. :class:`BatchedSearch` holds an evaluator, a :class:`~othello_zoo.search.SearchConfig`
and a step function, and runs the policy its config names.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from typing import Any, NamedTuple

import torch
from torch import Tensor

from othello_zoo import engine
from othello_zoo.core.checks import check_real
from othello_zoo.runtime.threads import uses_adaptive_threads
from othello_zoo.search._compiled import Compile, check_compile, compiled_simulation, run_compiled
from othello_zoo.search._config import FIRST_ROOM, SearchConfig
from othello_zoo.search._evaluate import Answers, Evaluator, answering, check_output, evaluate_nodes, store_evaluation
from othello_zoo.search._gumbel import draw_gumbel_root, gumbel_result, gumbel_root_selection, opening_batches
from othello_zoo.search._loop import StepFn, engine_step, run_search
from othello_zoo.search._native import walks_in_c
from othello_zoo.search._noise import dirichlet
from othello_zoo.search._reuse import Subtree, advance, check_subtree, grown, reuse_subtree
from othello_zoo.search._select import SelectionFn, puct_selection
from othello_zoo.search._tree import Tree, new_tree

_clock = time.perf_counter  # the time budget's clock (a name of this module's, for a test's stand-in)

__all__ = ["POLICIES", "BatchedSearch", "SearchResult", "gumbel_policy", "puct_policy", "select_actions"]


class SearchResult(NamedTuple):
    """What a search returns, for each root (the root's mover's side throughout)."""

    visits: Tensor  # float (N, A): visits of each root action
    q: Tensor  # float (N, A): mean value of each root action (0 where unvisited)
    value: Tensor  # float (N,): the root's value: the visit-weighted mean of q (the evaluator's with no visits)
    prior: Tensor  # float (N, A): the root's prior, after the noise
    legal: Tensor  # bool (N, A): the root's legal actions
    action: Tensor | None = None  # int64 (N,): the Gumbel policy's move (None under PUCT)
    improved_policy: Tensor | None = None  # float (N, A): the Gumbel policy's training target
    tree: Tree | None = None  # the searched trees, with keep_tree=True

    def subtree(self, actions: Tensor) -> Subtree:
        """The searched trees under the root moves ``actions`` (int64 ``(N,)``), for the next
        search: ``search.run(next_roots, reuse=result.subtree(actions))``."""
        if self.tree is None:
            raise ValueError("this result kept no tree: run the search with keep_tree=True to reuse it")
        return advance(self.tree, actions)

    @property
    def policy(self) -> Tensor:
        """float ``(N, A)``: the training target: the Gumbel policy's improved policy, or the visits
        normalised (PUCT); on a root without visits (a finished game), its legal actions alike."""
        if self.improved_policy is not None:
            return self.improved_policy
        total = self.visits.sum(1, keepdim=True)
        fallback = self.legal.to(self.visits.dtype) / self.legal.sum(1, keepdim=True).clamp(min=1)
        return torch.where(total > 0, self.visits / total.clamp(min=1), fallback)


JOINED_TREES = 16
"""Up to this many trees (on the CPU, in leaf batches, without a time budget), a Gumbel search evaluates its roots
and their first visits in one evaluator call (:func:`_roots`): a call fewer a search, and one position no longer
evaluated alone. One tree, 32 simulations in leaf batches of 8, the 64 x 4 network: the root's own call had cost
about 1.3 ms of a 17.4 ms search. Above it, the roots' batch is already large (and the look-up of the answers
grows with the square of the batch)."""


def _roots(
    roots: engine.State,
    evaluator: Evaluator,
    config: SearchConfig,
    generator: torch.Generator | None,
    tree: Tree,
    first_visits: bool = False,
) -> tuple[Tensor, Answers | None]:
    """Evaluates the roots of ``tree`` (their values checked: the one synchronisation of a run's evaluations)
    and mixes the Dirichlet noise of ``config`` into their prior; returns their values, and with ``first_visits``
    (a Gumbel search's) the evaluations of the roots' children where :func:`_may_join`, made in the same
    call (else ``None``)."""
    root = torch.zeros(roots.batch_size, dtype=torch.int64, device=roots.device)
    answers = None
    observation, mask = engine.mover_view(roots) if first_visits and _may_join(roots, config) else (None, None)
    if observation is not None and mask is not None and _all_considered(mask, config):
        pairs = (mask & ~roots.terminated.unsqueeze(1)).nonzero()  # (K, 2): each live root's legal actions
        children = engine.step(roots[pairs[:, 0]], pairs[:, 1], illegal_action="lose")
        planes, masks = engine.mover_view(children)
        joined = torch.cat((mask, masks))
        logits, value = check_output(evaluator, evaluator(torch.cat((observation, planes)), joined), joined, True)
        n = roots.batch_size
        root_value = store_evaluation(tree, root, mask, logits[:n], value[:n], roots.terminated, engine.outcome(roots))
        answers = Answers(planes, logits[n:], value[n:])
    else:
        root_value = evaluate_nodes(tree, root, roots, evaluator, check=True)
    if config.dirichlet_fraction > 0:
        if generator is None:
            raise ValueError("dirichlet_fraction > 0 draws noise: pass a torch.Generator on the roots' device")
        noise = dirichlet(tree.legal[:, 0], config.dirichlet_alpha, generator).to(tree.dtype)
        fraction = config.dirichlet_fraction
        tree.prior[:, 0] = (1 - fraction) * tree.prior[:, 0] + fraction * noise
    return root_value, answers


def _may_join(roots: engine.State, config: SearchConfig) -> bool:
    """Whether a Gumbel search of ``roots`` may evaluate its roots' children with the roots (:data:`JOINED_TREES`):
    on the CPU, in leaf batches, without a time budget, up to that many trees. Its first simulations visit each
    considered action once (sequential halving), in leaf batches that hold nothing else (:func:`opening_batches`);
    where every legal action is considered (:func:`_all_considered`) those batches' positions are the roots'
    children, whatever the network says of them."""
    cpu = roots.device.type == "cpu"
    return cpu and config.leaf_batch > 1 and config.seconds is None and roots.batch_size <= JOINED_TREES


def _all_considered(mask: Tensor, config: SearchConfig) -> bool:
    """Whether every root of the legal actions ``mask`` considers all of them: no more than ``max_considered`` and
    the simulations (a host read of their counts)."""
    return int(mask.sum(1).max()) <= min(config.max_considered, config.simulations)


def _summary(
    tree: Tree, root_value: Tensor, action: Tensor | None, improved: Tensor | None, keep_tree: bool
) -> SearchResult:
    """The roots' statistics. Copies, so that a kept result does not keep the whole tree in memory."""
    visits, value_sum = tree.visits[:, 0], tree.value_sum[:, 0]
    q = torch.where(visits > 0, value_sum / visits.clamp(min=1), 0.0)
    total = visits.sum(1)
    value = torch.where(total > 0, value_sum.sum(1) / total.clamp(min=1), root_value)
    prior, legal = tree.prior[:, 0].clone(), tree.legal[:, 0].clone()
    return SearchResult(visits.clone(), q, value, prior, legal, action, improved, tree if keep_tree else None)


def _compiled(evaluator: Evaluator, roots: engine.State, step: StepFn, compile: Compile, config: SearchConfig) -> Any:
    """The compiled simulation where ``compile`` asks for one (checked: a ``ValueError`` says why a search cannot be
    compiled), else ``None``. Where the search's trees are walked in C (:func:`walks_in_c`: nothing is compiled by
    torch) one of its own, not kept: the process's cache of compiled simulations holds each evaluator for good, and
    self-play and matches make an evaluator a round."""
    if not check_compile(compile):
        return None
    if step is not engine_step:
        raise ValueError(
            f"compile={compile!r} compiles the engine's own step: leave step at its default, or search eagerly"
        )
    kept = not (roots.backend == "bitboard" and walks_in_c(roots.device, roots.board_size, config))
    return compiled_simulation(evaluator, roots, kept)


def _room(config: SearchConfig) -> int:
    """The free nodes a search's trees start with: one a simulation, or at most :data:`FIRST_ROOM` under a time
    budget (the trees grow as it runs)."""
    return config.simulations if config.seconds is None else min(config.simulations, FIRST_ROOM)


def _run(
    tree: Tree,
    evaluator: Evaluator,
    config: SearchConfig,
    root_selection: SelectionFn,
    interior_selection: SelectionFn,
    step: StepFn,
    compiled: Any,
    began: float,
    opening: tuple[int, ...] = (),
    background: bool = False,
    answers: Answers | None = None,
) -> Tree:
    """Runs the search's simulations in ``tree``: all of them, or leaf batch by leaf batch until the time since
    ``began`` (a :func:`time.perf_counter`) is spent (``config.seconds``, the trees grown when full) or every root's
    move is decided (``config.stop_when_decided``: :func:`decided`). Returns the
    trees (``tree`` itself unless they grew). ``opening``: the sizes of the first leaf batches, where they differ
    from ``config.leaf_batch`` (the Gumbel root's :func:`opening_batches`; not with a time budget); ``answers``: the
    evaluations those batches ask for, made with the roots' (:func:`_roots`)."""

    def simulations(count: int, leaf_batch: int = config.leaf_batch, answers: Answers | None = None) -> None:
        if compiled is None:
            evaluate = evaluator if answers is None else answering(answers, evaluator)
            run_search(tree, evaluate, count, root_selection, interior_selection, step, leaf_batch)
        else:
            run_compiled(
                tree, compiled, evaluator, count, root_selection, interior_selection, leaf_batch, background, answers
            )

    if config.seconds is None and not config.stop_when_decided:
        for size in opening:
            simulations(size, size, answers)
        simulations(config.simulations - sum(opening))
        return tree
    deadline = None if config.seconds is None else began + config.seconds
    left = config.simulations
    free = tree.nodes - 1 - int(tree.size.max())  # a simulation adds one node at most
    while left > 0 and not (config.stop_when_decided and decided(tree, left)):
        batch = min(config.leaf_batch, left)
        if free < batch:
            room = min(max(tree.nodes, batch), left)  # doubled, within the simulations left
            tree = grown(tree, room)
            free = tree.nodes - 1 - int(tree.size.max())
        simulations(batch)
        left, free = left - batch, free - batch
        if deadline is not None and _clock() >= deadline:
            break
    return tree


def decided(tree: Tree, left: int) -> bool:
    """Whether no root's most visited move can be overtaken in ``left`` more simulations (each adds one visit to
    one root move at most): its lead over the next exceeds ``left``, or the root has fewer than two legal moves."""
    legal = tree.legal[:, 0]
    visits = tree.visits[:, 0].masked_fill(~legal, -1)
    top = visits.topk(2, dim=1).values
    return bool(((top[:, 0] - top[:, 1] > left) | (legal.sum(1) < 2)).all())


def _check_roots(roots: object) -> engine.State:
    """The roots, their conv rays found where a compiled step left them to be found (the tree stores them)."""
    if not isinstance(roots, engine.State):
        raise TypeError(f"roots must be an engine State, got {type(roots).__name__}")
    return engine.with_rays(roots)


def _threads_key(
    roots: object, evaluator: object, config: SearchConfig | None = None, **options: Any
) -> Hashable | None:
    """What a search's thread count is chosen by (:func:`~othello_zoo.runtime.threads.uses_adaptive_threads`): on
    the CPU, the roots' count (to a power of two), board size, simulations, leaf batch and compilation; ``None``
    (the package's setting, the network's calls timed one by one) on other devices, for bad arguments (refused
    inside) and under a time budget (whose searches take their budget at any count)."""
    if not isinstance(roots, engine.State) or roots.device.type != "cpu":
        return None
    if not isinstance(config, SearchConfig | None) or (config is not None and config.seconds is not None):
        return None
    config = config if config is not None else SearchConfig()
    compile = options.get("compile", False)
    return ("search", roots.batch_size.bit_length(), roots.board_size, config.simulations, config.leaf_batch, compile)


@uses_adaptive_threads(_threads_key)
def puct_policy(
    roots: engine.State,
    evaluator: Evaluator,
    config: SearchConfig | None = None,
    *,
    generator: torch.Generator | None = None,
    reuse: Subtree | None = None,
    keep_tree: bool | None = None,
    step: StepFn = engine_step,
    compile: Compile = False,
) -> SearchResult:
    """AlphaZero's search of every board of ``roots``: PUCT at every node, Dirichlet noise on the root prior
    where ``config.dirichlet_fraction > 0`` (drawn from ``generator``, on the roots' device).

    Args:
        roots: the positions to search (any batch, device and board size).
        evaluator: ``(observation, mask) -> (logits, value)``.
        config: the settings (``SearchConfig()`` if ``None``); its ``root_policy`` must be ``"puct"``.
        generator: draws the root noise.
        reuse: a :class:`Subtree` of an earlier search whose path leads to ``roots``: its nodes are kept, and
            ``config.simulations`` are added to the visits they hold (a root whose moves were not searched
            starts afresh).
        keep_tree: keep the trees in the result, for ``result.subtree(actions)`` (default ``config.reuse``).
        step: ``(state, actions) -> state`` from a node to its child (default
            :func:`~othello_zoo.search.engine_step`).
        compile: run each simulation compiled by ``torch.compile`` (:mod:`othello_zoo.search._compiled`): the same
            simulations, on bitboard roots (boards up to 8 x 8) with an evaluator that has a traceable form and the
            default step; the first search of each shape compiles (see ``docs/performance.md``). ``"background"``:
            that compilation runs in a background thread, and the simulations run eagerly until it has finished.
    """
    config = config if config is not None else SearchConfig()
    if config.root_policy != "puct":
        raise ValueError(
            f"puct_policy runs the PUCT root; config.root_policy is {config.root_policy!r}: use gumbel_policy"
        )
    began = _clock()
    roots = _check_roots(roots)
    if reuse is None:
        tree = new_tree(roots, _room(config) + 1, config.dtype)
    else:
        tree = reuse_subtree(roots, reuse, _room(config))
    compiled = _compiled(evaluator, roots, step, compile, config)
    root_value, _ = _roots(roots, evaluator, config, generator, tree)
    select = puct_selection(config.c_puct)
    tree = _run(tree, evaluator, config, select, select, step, compiled, began, background=compile == "background")
    return _summary(tree, root_value, None, None, config.reuse if keep_tree is None else keep_tree)


@uses_adaptive_threads(_threads_key)
def gumbel_policy(
    roots: engine.State,
    evaluator: Evaluator,
    config: SearchConfig | None = None,
    *,
    generator: torch.Generator | None = None,
    reuse: Subtree | None = None,
    keep_tree: bool | None = None,
    step: StepFn = engine_step,
    compile: Compile = False,
) -> SearchResult:
    """Gumbel AlphaZero's search of every board of ``roots``: the Gumbel root (its noise drawn from
    ``generator``, on the roots' device; after the Dirichlet noise, where ``config.dirichlet_fraction > 0``),
    PUCT below it. The result carries the move to play (``action``) and the training target
    (``improved_policy``). ``reuse`` is refused: the Gumbel root starts each search afresh. The other arguments
    are :func:`puct_policy`'s; ``config.root_policy`` must be ``"gumbel"``."""
    config = config if config is not None else SearchConfig(root_policy="gumbel")
    if config.root_policy != "gumbel":
        raise ValueError(
            f"gumbel_policy runs the Gumbel root; config.root_policy is {config.root_policy!r}: use puct_policy"
        )
    roots = _check_roots(roots)
    if reuse is not None:
        check_subtree(reuse)
        raise ValueError("reuse works with root_policy='puct' (the Gumbel root starts each search afresh)")
    compiled = _compiled(evaluator, roots, step, compile, config)
    tree = new_tree(roots, config.simulations + 1, config.dtype)
    root_value, answers = _roots(roots, evaluator, config, generator, tree, first_visits=True)
    if generator is None:
        raise ValueError("root_policy='gumbel' draws Gumbel noise: pass a torch.Generator on the roots' device")
    c = config
    root = draw_gumbel_root(tree, c.simulations, generator, c.max_considered, c.gumbel_scale, c.c_visit, c.c_scale)
    counts = root.considered.sum(1)
    live = counts[counts > 0]  # a finished root considers none; of several trees, the fewest considered count
    opening = opening_batches(int(live.min()), c.leaf_batch, c.simulations) if live.numel() else ()
    select = gumbel_root_selection(root)
    background = compile == "background"
    _run(tree, evaluator, c, select, puct_selection(c.c_puct), step, compiled, _clock(), opening, background, answers)
    action, improved = gumbel_result(tree, root, root_value)
    action = torch.where(tree.terminal[:, 0], tree.actions - 1, action)  # a finished root: the null action
    return _summary(tree, root_value, action, improved, c.reuse if keep_tree is None else keep_tree)


class BatchedSearch:
    """Monte Carlo tree search (PUCT or Gumbel root) over a batch of roots, one tree each, all grown at once.

    Args:
        evaluator: ``(observation, mask) -> (logits, value)`` (see :data:`~othello_zoo.search.Evaluator`).
        config: the settings (``SearchConfig()`` if ``None``).
        step: ``(state, actions) -> state`` from a node to its child (default
            :func:`~othello_zoo.search.engine_step`).
        compile: each simulation compiled by ``torch.compile`` (``True``), or compiled in a background thread while
            the first searches run eagerly (``"background"``): see :func:`puct_policy`.
        **settings: settings that replace the config's, by name (``simulations=64``, ``root_policy="gumbel"``).

    >>> from othello_zoo import engine
    >>> from othello_zoo.search import rollout_evaluator
    >>> search = BatchedSearch(rollout_evaluator(8), simulations=8)
    >>> search.run(engine.init(2)).visits.sum(1).tolist()
    [8.0, 8.0]
    """

    def __init__(
        self,
        evaluator: Evaluator,
        config: SearchConfig | None = None,
        *,
        step: StepFn = engine_step,
        compile: Compile = False,
        **settings: Any,
    ) -> None:
        if not callable(evaluator):
            raise TypeError(f"evaluator must be a function (observation, mask) -> (logits, value), got {evaluator!r}")
        if config is not None and not isinstance(config, SearchConfig):
            raise TypeError(
                f"config must be a SearchConfig, got {config!r} ({type(config).__name__}); "
                "settings go by name: simulations=..."
            )
        if not callable(step):
            raise TypeError(f"step must be a function (state, actions) -> state, got {step!r}")
        self.compile = check_compile(compile)
        self.evaluator = evaluator
        self.config = (config if config is not None else SearchConfig()).replace(**settings)
        self.step = step

    def __repr__(self) -> str:
        return f"BatchedSearch({self.config}{f', compile={self.compile!r}' if self.compile else ''})"

    def run(
        self,
        roots: engine.State,
        generator: torch.Generator | None = None,
        reuse: Subtree | None = None,
        keep_tree: bool | None = None,
    ) -> SearchResult:
        """Searches every board of ``roots`` (any batch, device and board size) and returns the root statistics;
        ``generator`` (on the roots' device) draws the root noise.

        Subtree reuse: ``keep_tree=True`` (default: the config's ``reuse``) keeps the trees in the result; after
        the moves are played, ``reuse=result.subtree(actions)`` (chained ``.advance(...)`` for further plies)
        starts the next search from the part of each tree under them, adding ``simulations`` to the visits it
        holds (a root whose moves were not searched starts afresh). The new roots must be the positions those
        moves reach. PUCT roots only."""
        policy = POLICIES[self.config.root_policy]
        return policy(
            roots,
            self.evaluator,
            self.config,
            generator=generator,
            reuse=reuse,
            keep_tree=keep_tree,
            step=self.step,
            compile=self.compile,
        )

    def compile_ahead(self, roots: engine.State, before: Callable[[], object] | None = None) -> None:
        """With ``compile="background"``: starts compiling what a search of boards like ``roots`` runs, so that the
        compilation overlaps the program's other work, a person's first move say, instead of the first searches
        (the eager search beside a compilation runs several times slower: both need the GIL). It runs a search of
        one leaf batch, eagerly, whose result is dropped (beside the compilation it has started: 1 to 5 s for the
        agent's). Otherwise it does nothing.

        ``before``: run first in the compilation's thread, once: the agent's waits for a process of its own that
        fills inductor's cache on disk (:mod:`othello_zoo.alphazero._compile_process`), so that its compilation
        loads the graphs instead of lowering them beside its searches.

        >>> from othello_zoo import engine
        >>> from othello_zoo.search import rollout_evaluator
        >>> BatchedSearch(rollout_evaluator(8)).compile_ahead(engine.init(1))  # not "background": nothing to do"""
        if self.compile != "background":
            return
        roots = _check_roots(roots)
        generator = torch.Generator(device=roots.device).manual_seed(0)
        ahead = BatchedSearch(self.evaluator, self.config.warm_up(), step=self.step, compile=self.compile)
        if before is None:
            ahead.run(roots, generator, keep_tree=False)
            return
        compiled = compiled_simulation(self.evaluator, roots)
        compiled.before = before  # taken by the compilation this search starts, if it starts one
        try:
            ahead.run(roots, generator, keep_tree=False)
        finally:
            compiled.before = None


POLICIES: dict[str, Callable[..., SearchResult]] = {"puct": puct_policy, "gumbel": gumbel_policy}
"""The policy of each ``SearchConfig.root_policy`` (:data:`~othello_zoo.search.ROOT_POLICIES`), as
:class:`BatchedSearch` runs it."""


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
