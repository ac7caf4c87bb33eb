"""The compiled search (othello_zoo.search._compiled, ``compile=True``): the eager search's simulations exactly.

The searches that compile are in the slow group: a first compilation takes minutes on a 2-core CPU with inductor's
cache cold, as on CI's fresh machine.

Each test runs a search eagerly and compiled from the same generator and holds the results equal bit for bit: visit
counts, mean values, the Gumbel move and its improved policy. The evaluator of the default group is exact (a prior
from a fixed table, the disc difference over the squares as the value: the same numbers compiled or not), so that
any difference is the search's own; the slow group does the same with a network.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
import warnings
from collections.abc import Iterator
from typing import Any

import pytest
import torch
from torch import Tensor

from othello_zoo import engine
from othello_zoo.alphazero import _compile_process
from othello_zoo.alphazero.agent import AGENT_SEARCH, COMPILE_ENV, AlphaZeroAgent, batched_search
from othello_zoo.alphazero.network import PolicyValueNet
from othello_zoo.core.board import Board
from othello_zoo.runtime.compiler import compiler_missing
from othello_zoo.runtime.threads import kept_settings, set_threads
from othello_zoo.search import (
    BatchedSearch,
    SearchConfig,
    _native,
    _policies,
    exact_wins,
    rollout_evaluator,
    traceable,
    winning_moves,
)
from othello_zoo.search import _compiled as compiled_module
from othello_zoo.testing import random_play


@pytest.fixture(autouse=True)
def no_compilation_left_running() -> Iterator[None]:
    """A compilation a test started in the background is waited for before the next test (it would pin the thread
    counts of the tests after it, and keep every compiled search of the process eager)."""
    yield
    for job in threading.enumerate():
        if job.name == "othello-zoo-compile":
            job.join(timeout=1800)


@pytest.fixture(autouse=True)
def shallow_levels(monkeypatch: pytest.MonkeyPatch) -> None:
    """These searches are shallow: their descents are compiled for 8 levels, a leaf batch's loop too (an eighth of
    the C++ of the default 64), since the first compilation of a process is most of these tests' time."""
    monkeypatch.setattr(compiled_module, "LEVELS", (8, 16, 32, 128, 512))
    monkeypatch.setattr(compiled_module, "LOOPED_LEVELS", 8)


def table_evaluator(board_size: int) -> Any:
    """An exact evaluator with a traceable form: logits from a fixed table of the squares, and the mover's disc
    difference over the squares as its value (both exact in float32, compiled or not)."""
    nn = board_size * board_size
    table = torch.arange(nn + 1, dtype=torch.float32).remainder(7) / 4

    def traced(observation: Tensor, mask: Tensor) -> tuple[Tensor, Tensor]:
        planes = observation.reshape(observation.shape[0], 2, nn).to(torch.float32)
        value = (planes[:, 0].sum(1) - planes[:, 1].sum(1)) / nn
        return table.to(observation.device).expand(mask.shape).masked_fill(~mask, -1e9), value

    def evaluate(observation: Tensor, mask: Tensor) -> tuple[Tensor, Tensor]:
        return traced(observation, mask)

    evaluate.traceable = traced  # type: ignore[attr-defined]
    return evaluate


def assert_same(eager: Any, compiled: Any) -> None:
    assert torch.equal(compiled.visits, eager.visits)
    assert torch.equal(compiled.q, eager.q)
    assert torch.equal(compiled.value, eager.value)
    assert torch.equal(compiled.prior, eager.prior)
    if eager.action is not None:
        assert torch.equal(compiled.action, eager.action)
        assert torch.equal(compiled.improved_policy, eager.improved_policy)


def random_states(count: int, board_size: int, seed: int, plies: int = 10) -> engine.State:
    """``count`` positions after ``plies`` random moves from the start."""
    return random_play(engine.init(count, board_size), plies, torch.Generator().manual_seed(seed))


def two_plies(search: BatchedSearch, boards: engine.State, seed: int) -> Any:
    """``search`` of ``boards``, then of the boards two plies on (its most visited moves), each search on from the
    subtree of the move played (subtree reuse); the last result."""
    generator = seeded(seed)
    result = search.run(boards, generator)
    for _ in range(2):
        actions = result.visits.argmax(1)
        boards = engine.step(boards, actions, illegal_action="lose")
        result = search.run(boards, generator, reuse=result.subtree(actions))
    return result


OVER = "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXOO X"
MUST_PASS = "--OOO------O-----XXX-------XX------XXX-------------------------- X"  # black has no move: it passes


def search_roots() -> engine.State:
    """What a search meets among its roots: the start, a game in play, a finished game and a forced pass. The
    slow tests search these same four boards, so that the descent they compile is one graph (inductor's cache
    serves the second test's from the first's)."""
    return engine.cat([engine.init(1), random_states(1, 8, seed=1), engine.from_text([OVER, MUST_PASS])])


def seeded(seed: int) -> torch.Generator:
    return torch.Generator().manual_seed(seed)


@pytest.mark.slow
def test_compiled__the_evaluator_inside_the_graph_as_eager(monkeypatch: pytest.MonkeyPatch) -> None:
    """The evaluation compiled inside the simulation (CUDA's way; on the CPU the evaluator runs eagerly between the
    compiled parts, COMPILED_NETWORK_POSITIONS), one simulation at a time and in leaf batches: the eager search's
    visits and values bit for bit."""
    monkeypatch.setitem(compiled_module.COMPILED_NETWORK_POSITIONS, "cpu", 64)
    evaluate, boards = table_evaluator(8), search_roots()
    gumbel = SearchConfig(simulations=12, root_policy="gumbel")
    for config in (gumbel, gumbel.replace(leaf_batch=5)):
        eager = BatchedSearch(evaluate, config).run(boards, seeded(3))
        compiled = BatchedSearch(evaluate, config, compile=True).run(boards, seeded(3))
        assert_same(eager, compiled)
        assert compiled.visits.sum(1).tolist() == [12.0, 12.0, 0.0, 12.0]


@pytest.mark.slow
def test_compiled__the_eager_search_bit_for_bit(monkeypatch: pytest.MonkeyPatch) -> None:
    """One compiled simulation through all a search meets, each run beside the eager search from the same
    generator: the Gumbel root, PUCT with root noise, leaf batches, a finished game and a forced pass among the
    roots, tree reuse over two plies and a time budget's growing trees (new tree sizes: the compiled parts made
    dynamic)."""
    evaluate, boards = table_evaluator(8), search_roots()
    gumbel = SearchConfig(simulations=12, root_policy="gumbel")
    puct = SearchConfig(simulations=12, dirichlet_fraction=0.25, reuse=True)
    # Leaf batches of 5, 5 and 2; and one of 40 (its paths sized for 128 levels, each descent walking 32).
    wide = SearchConfig(simulations=40, leaf_batch=40)
    for config in (gumbel, puct, gumbel.replace(leaf_batch=5), wide):
        eager = BatchedSearch(evaluate, config).run(boards, seeded(3))
        compiled = BatchedSearch(evaluate, config, compile=True).run(boards, seeded(3))
        assert_same(eager, compiled)
        assert compiled.visits.sum(1).tolist() == [config.simulations, config.simulations, 0.0, config.simulations]
        assert compiled.value[2] == 1.0  # a finished root: nothing to visit, its exact value (black wins 62-2)
        assert compiled.visits[3].nonzero().flatten().tolist() == [64]  # the pass, the forced root's one action
    graphs = torch._dynamo.utils.counters["stats"]["unique_graphs"]
    results = [two_plies(BatchedSearch(evaluate, puct, compile=compile), boards, 4) for compile in (False, True)]
    assert_same(*results)
    assert results[1].visits[2].sum() == 0
    more = puct.replace(simulations=30, reuse=False)
    assert_same(
        BatchedSearch(evaluate, more).run(boards, seeded(5)),
        BatchedSearch(evaluate, more, compile=True).run(boards, seeded(5)),
    )
    monkeypatch.setattr(_policies, "FIRST_ROOM", 8)  # trees of 8 nodes grown to 16, then to 30, as it runs
    timed = more.replace(seconds=1e4)
    assert_same(
        BatchedSearch(evaluate, more).run(boards, seeded(5)),
        BatchedSearch(evaluate, timed, compile=True).run(boards, seeded(5)),
    )
    # The grown trees of reuse and of the time budget, and another simulation count, ran on the graphs compiled
    # above (node count dynamic).
    assert torch._dynamo.utils.counters["stats"]["unique_graphs"] == graphs
    # Without the C library (search._native), a leaf batch's descents run as one compiled loop, and in larger trees
    # as one compiled call each.
    monkeypatch.setattr(_native, "ENABLED", False)
    batched = gumbel.replace(leaf_batch=5)
    for entries in (compiled_module.LOOPED_ENTRIES, 0):
        monkeypatch.setattr(compiled_module, "LOOPED_ENTRIES", entries)
        assert_same(
            BatchedSearch(evaluate, batched).run(boards, seeded(6)),
            BatchedSearch(evaluate, batched, compile=True).run(boards, seeded(6)),
        )


@pytest.mark.slow
def test_compiled__another_thread_count_checks_the_guards_and_searches_the_same() -> None:
    """A compiled search run at another thread count than its graphs were compiled at (``set_threads``, the
    commands' ``--threads``): dynamo guards on the count, so the first simulation at a new count checks the guards
    (its graphs compiled again) instead of skipping them into dynamo's RuntimeError."""
    evaluate, boards = table_evaluator(8), search_roots()
    config = SearchConfig(simulations=12, root_policy="gumbel", leaf_batch=5)
    eager = BatchedSearch(evaluate, config).run(boards, seeded(3))
    search = BatchedSearch(evaluate, config, compile=True)
    with kept_settings():
        for threads in (1, 2, 1):
            set_threads(threads)
            assert_same(eager, search.run(boards, seeded(3)))


def test_exact_wins__its_traceable_form_finds_the_same_moves() -> None:
    boards = engine.cat(
        [
            random_states(40, 8, seed=5, plies=52),
            engine.from_text(["XXXXXXXX" + "O" + "-" * 55 + " X", "OOOOOOOO" + "X" + "-" * 55 + " O"]),
        ]
    )
    observation, mask = engine.mover_view(boards)
    form = traceable(exact_wins(table_evaluator(8)))
    assert form is not None
    logits, value = form(observation, mask)
    eager_logits, eager_value = exact_wins(table_evaluator(8))(observation, mask)
    assert torch.equal(logits, eager_logits)
    assert torch.equal(value, eager_value)
    wins = winning_moves(boards)
    assert wins[-2:].nonzero().tolist() == [[0, 16], [1, 16]]
    assert torch.equal(value == 1, wins.any(1))


def test_compile__what_cannot_be_compiled_is_refused_by_name() -> None:
    rollouts = rollout_evaluator(8)
    with pytest.raises(ValueError, match="has no traceable form"):  # float64 statistics: not walked in C
        BatchedSearch(rollouts, simulations=2, dtype=torch.float64, compile=True).run(engine.init(1))
    walked = BatchedSearch(rollouts, simulations=2, compile=True).run(engine.init(1))  # walked in C: any evaluator
    assert walked.visits.sum() == 2
    with pytest.raises(ValueError, match="the roots are 10x10 boards of the 'conv' kernel"):
        BatchedSearch(table_evaluator(10), simulations=2, compile=True).run(engine.init(1, 10))
    with pytest.raises(ValueError, match="leave step at its default"):
        BatchedSearch(table_evaluator(8), simulations=2, compile=True, step=lambda s, a: s).run(engine.init(1))
    with pytest.raises(TypeError, match="compile must be True, False or 'background', got 'yes'"):
        BatchedSearch(table_evaluator(8), compile="yes")  # type: ignore[arg-type]
    assert traceable(rollouts) is None
    assert traceable(PolicyValueNet(4, 4, 0).evaluator()) is not None


def test_compile__a_compiler_that_fails_warns_once_and_the_search_goes_on_eagerly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def failing(*args: Any) -> None:
        raise torch._dynamo.exc.BackendCompilerFailed(failing, RuntimeError("no C++ compiler found"), None)

    evaluate = table_evaluator(4)
    monkeypatch.setattr(compiled_module.CompiledSimulation, "__call__", failing)
    monkeypatch.setattr(_native, "ENABLED", False)  # compiled by torch: the C walk compiles nothing
    with pytest.warns(UserWarning, match="could not be compiled"):
        result = BatchedSearch(evaluate, simulations=8, compile=True).run(engine.init(2, 4))
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # said once: the next search is eager at once
        again = BatchedSearch(evaluate, simulations=8, compile=True).run(engine.init(2, 4))
    eager = BatchedSearch(evaluate, simulations=8).run(engine.init(2, 4))
    assert_same(eager, result)
    assert_same(eager, again)


@pytest.mark.slow
def test_compiled__a_loop_that_fails_to_compile_leaves_the_descents_compiled_one_by_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A leaf batch's loop whose compilation fails is said once; its descents then run one compiled call each (the
    search stays compiled, the eager search's visits bit for bit)."""
    built = compiled_module.CompiledSimulation.__init__

    def failing_loop(self: Any, *args: Any) -> None:
        built(self, *args)

        def failing(*args: Any) -> None:
            raise torch._dynamo.exc.BackendCompilerFailed(failing, RuntimeError("lowering failed"), None)

        self._looped = failing

    monkeypatch.setattr(compiled_module.CompiledSimulation, "__init__", failing_loop)
    monkeypatch.setattr(_native, "ENABLED", False)  # the loop runs where the C library does not
    evaluate, boards = table_evaluator(8), search_roots()
    config = SearchConfig(simulations=12, root_policy="gumbel", leaf_batch=5)
    with pytest.warns(UserWarning, match="compiled loop could not be compiled") as said:
        compiled = BatchedSearch(evaluate, config, compile=True).run(boards, seeded(3))
    assert [str(w.message) for w in said if "searching eagerly" in str(w.message)] == []
    assert len([w for w in said if "compiled loop" in str(w.message)]) == 1
    assert_same(BatchedSearch(evaluate, config).run(boards, seeded(3)), compiled)
    simulation = compiled_module.compiled_simulation(evaluate, boards)
    assert simulation.failed is None
    assert simulation.simulation.loop_failed == "RuntimeError: lowering failed"


@pytest.mark.slow
def test_compiled__exact_wins_made_on_the_words_as_eager() -> None:
    """An exact_wins evaluator run eagerly in a compiled search: the compiled part makes the wins exact on the new
    nodes' words (othello_zoo.search._wins.made_exact), the eager search on the planes; bit for bit the same, in
    leaf batches (one compiled loop) and one simulation at a time."""
    evaluate = exact_wins(table_evaluator(8))
    wipeout = "XXXXXXXX" + "O" + "-" * 55 + " O"  # white must pass; black then takes white's last disc (a3)
    boards = engine.cat([engine.from_text([wipeout]), random_states(3, 8, seed=7, plies=50)])
    for config in (SearchConfig(simulations=16, leaf_batch=4), SearchConfig(simulations=6)):
        eager = BatchedSearch(evaluate, config).run(boards, seeded(8))
        compiled = BatchedSearch(evaluate, config, compile=True).run(boards, seeded(8))
        assert_same(eager, compiled)
        assert compiled.visits[0].nonzero().flatten().tolist() == [64]
        assert compiled.q[0, 64] == -1.0  # the pass leads to black's win in one: known exactly


@pytest.mark.slow
def test_compiled__the_64x4_network_gumbel_search_as_eager() -> None:
    """The bench's network (64 x 4, exact wins on top) in the Gumbel search of the same roots. The network compiled
    by inductor may differ from the eager one in the last bits of its outputs; the searches' visits and moves are
    held equal here, the values to 1e-5."""
    torch.manual_seed(0)
    network = exact_wins(PolicyValueNet(8, 64, 4).evaluator())
    boards, config = search_roots(), SearchConfig(simulations=12, root_policy="gumbel")
    eager = BatchedSearch(network, config).run(boards, seeded(3))
    compiled = BatchedSearch(network, config, compile=True).run(boards, seeded(3))
    assert torch.equal(compiled.visits, eager.visits)
    assert torch.equal(compiled.action, eager.action)
    assert torch.allclose(compiled.q, eager.q, atol=1e-5)
    assert compiled.visits.sum(1).tolist() == [12.0, 12.0, 0.0, 12.0]


@pytest.mark.slow
def test_compiled__in_the_background_eager_until_compiled_then_compiled_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``compile="background"``: the first search starts the compilation in a thread of its own and searches on
    eagerly; once it has finished the searches run compiled. Each gives the eager search's visits bit for bit, and
    while the compilation runs every adaptive entry keeps the thread count it is made at."""
    evaluate, boards = table_evaluator(8), search_roots()
    monkeypatch.setattr(_native, "ENABLED", False)  # compiled by torch: in C there is nothing to compile
    config = SearchConfig(simulations=10, leaf_batch=5)  # one shape of leaf batch: one compilation
    eager = BatchedSearch(evaluate, config).run(boards, seeded(3))
    search = BatchedSearch(evaluate, config, compile="background")
    assert repr(search).endswith("compile='background')")
    compiled = compiled_module.compiled_simulation(evaluate, boards)
    assert compiled.job is None
    assert_same(eager, search.run(boards, seeded(3)))
    job = compiled.job
    assert job is not None
    assert job.name == "othello-zoo-compile"
    assert not job.daemon
    job.join(timeout=1800)
    assert not job.is_alive()
    assert compiled.failed is None
    warm = set(compiled.simulation.warm)
    assert warm  # what the job compiled
    calls: list[str] = []
    run = compiled_module.CompiledSimulation.__call__

    def counted(self: Any, *args: Any) -> None:
        calls.append("compiled")
        run(self, *args)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(compiled_module.CompiledSimulation, "__call__", counted)
        patch.setattr(compiled_module, "simulate_leaves", lambda *args: calls.append("eager"))
        assert_same(eager, search.run(boards, seeded(3)))
    assert calls == ["compiled", "compiled"]  # none eagerly
    assert compiled.job is job  # nothing more to compile
    assert compiled.simulation.warm == warm


@pytest.mark.slow
def test_compiled__a_leaf_batch_loop_is_one_graph_for_every_depth(monkeypatch: pytest.MonkeyPatch) -> None:
    """On the CPU a leaf batch's descents loop over ``LOOPED_LEVELS`` levels however shallow the trees (their
    descents end where their paths do), so that a search growing deeper runs the one graph; the eager search's
    visits bit for bit."""
    monkeypatch.setattr(compiled_module, "LEVELS", (2, 4, 8, 16, 32, 128, 512))
    monkeypatch.setattr(_native, "ENABLED", False)  # the loop runs where the C library does not
    levels: list[int] = []
    run = compiled_module.CompiledSimulation.__call__

    def counted(self: Any, *args: Any) -> None:
        levels.append(args[1])
        run(self, *args)

    monkeypatch.setattr(compiled_module.CompiledSimulation, "__call__", counted)
    evaluate, boards = table_evaluator(8), search_roots()
    config = SearchConfig(simulations=24, leaf_batch=2)
    eager = BatchedSearch(evaluate, config).run(boards, seeded(7))
    compiled = BatchedSearch(evaluate, config, compile=True).run(boards, seeded(7))
    assert_same(eager, compiled)
    assert len(levels) == 13  # the first on a copy of the trees, which compiles; then a leaf batch a call
    assert levels[0] == 8  # its trees one edge deep: 2 levels, were the loop built for the depth at hand
    assert set(levels) <= {8, 16}  # 16: past 8 levels, one compiled call a descent


@pytest.mark.slow
def test_agent__compiled_in_the_background_plays_the_eager_agents_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    """The AlphaZero agent at ``compile="auto"``: its moves while the search compiles (eagerly) and after (compiled)
    are the moves of the agent that never compiles, tree reuse included. (Its compilation in this process: the
    process of its own that fills inductor's cache first would compile the default levels, not this file's
    shallow ones; tests/test_compile_process.py runs it.)"""
    monkeypatch.delenv(COMPILE_ENV, raising=False)
    monkeypatch.setattr(_compile_process, "start", lambda plan: None)
    monkeypatch.setattr(_native, "ENABLED", False)  # compiled by torch: in C there is nothing to compile
    search = AGENT_SEARCH.replace(simulations=48)
    boards = [Board.from_text(text) for text in engine.to_text(random_states(6, 8, seed=11, plies=8))]
    moves = {}
    calls: list[int] = []
    run = compiled_module.CompiledSimulation.__call__

    def counted(self: Any, *args: Any) -> None:
        calls.append(args[1])  # the levels
        run(self, *args)

    monkeypatch.setattr(compiled_module.CompiledSimulation, "__call__", counted)
    for compile in (False, "auto"):
        agent = AlphaZeroAgent(search=search, compile=compile)
        if compile == "auto":  # its compilation started as it was built, before its first search
            assert compiled_module.compiled_simulation(agent.search.evaluator, engine.init(1)).job is not None
        played = [agent.choose(board) for board in boards[:3]]
        if compile == "auto":
            assert agent.search.compile == "background"
            assert agent.batched_search.compile is False
            for job in threading.enumerate():
                if job.name == "othello-zoo-compile":
                    job.join(timeout=1800)
            calls.clear()
        for board in boards[3:]:
            played.append(agent.choose(board))
            for job in threading.enumerate():  # a deeper tree's graphs, compiled in the background in turn
                if job.name == "othello-zoo-compile":
                    job.join(timeout=1800)
        moves[compile] = played
    assert moves[False] == moves["auto"]
    assert len(moves[False]) == 6
    # Compiled after the first compilation (how many leaf batches depends on when each later compilation of a
    # new depth ends: 2 of the last three moves' 18 in a CI run with inductor's cache cold).
    assert calls


def test_agent__compile_auto_is_background_for_one_board_eager_for_batches(monkeypatch: pytest.MonkeyPatch) -> None:
    """Which searches ``compile="auto"`` compiles; building the agent starts the compilation of its one-board search
    (``compile_ahead``, here recorded instead)."""
    monkeypatch.delenv(COMPILE_ENV, raising=False)
    ahead: list[object] = []
    monkeypatch.setattr(BatchedSearch, "compile_ahead", lambda self, roots, before=None: ahead.append(self.compile))
    walked = AlphaZeroAgent()  # where the trees walk in C: both compiled, nothing to compile
    assert (walked.search.compile, walked.batched_search.compile) == (True, True)
    assert walked.batched_search.config == batched_search(walked.search.config)  # half, without the stop
    plain = AlphaZeroAgent(stop_when_decided=False)  # the same search both ways
    assert plain.search is plain.batched_search
    ahead.clear()
    monkeypatch.setattr(_native, "ENABLED", False)  # where they cannot: torch compiles the one-board search
    agent = AlphaZeroAgent()
    compiles = "background" if compiler_missing(torch.device("cpu")) is None else False
    assert (agent.search.compile, agent.batched_search.compile) == (compiles, False)
    assert ahead == [compiles]
    monkeypatch.setenv(COMPILE_ENV, "0")
    assert (AlphaZeroAgent().search.compile, AlphaZeroAgent().batched_search.compile) == (False, False)
    both = AlphaZeroAgent(compile=True)
    assert (both.search.compile, both.batched_search.compile) == (True, True)
    assert AlphaZeroAgent(board_size=6, compile="background").search.compile == "background"
    monkeypatch.delenv(COMPILE_ENV)
    monkeypatch.setenv("PATH", "")
    monkeypatch.delenv("CXX", raising=False)
    assert compiler_missing(torch.device("cpu")) == "no C++ compiler found (install g++ or clang++)"
    assert AlphaZeroAgent().search.compile is False  # no compiler: eagerly, nothing said
    with pytest.raises(TypeError, match="compile must be 'auto', True, False or 'background', got 'always'"):
        AlphaZeroAgent(compile="always")  # type: ignore[arg-type]


EXIT_DURING_COMPILATION = """
import sys, threading
from othello_zoo.alphazero.agent import AlphaZeroAgent
from othello_zoo.core.board import Board
agent = AlphaZeroAgent(simulations=16)  # two leaf batches, each slow beside the compilation (the GIL)
print(agent.choose(Board.start(8)), [t.name for t in threading.enumerate()][1:2], flush=True)
"""


@pytest.mark.slow
def test_agent__a_program_that_ends_while_its_search_compiles_exits_at_once_and_cleanly() -> None:
    """A compilation in a background thread is abandoned when the program's main thread ends (a daemon thread left
    inside torch had aborted the interpreter with "terminate called without an active exception")."""
    env = {k: v for k, v in os.environ.items() if k != COMPILE_ENV}
    env["TORCHINDUCTOR_FORCE_DISABLE_CACHES"] = "1"  # a cold compilation: minutes, were it waited for
    env["OTHELLO_ZOO_NATIVE"] = "0"  # the trees walked by torch's compiled code: in C there is nothing to compile
    began = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", EXIT_DURING_COMPILATION], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["19", "['othello-zoo-compile']"]  # d3, with the compilation under way
    assert "terminate" not in done.stderr
    assert "Traceback" not in done.stderr
    assert time.perf_counter() - began < 60
