"""The agent's first compilation in a process of its own (othello_zoo.alphazero._compile_process): what it is
given, when it is started, how it ends. The compilation itself runs in the slow group
(tests/test_compiled_search.py), since it takes minutes with inductor's cache cold."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import types
import warnings
from pathlib import Path

import pytest

from othello_zoo.alphazero import _compile_process as process
from othello_zoo.alphazero import agent as agent_module
from othello_zoo.alphazero.agent import AGENT_SEARCH, COMPILE_ENV, AlphaZeroAgent
from othello_zoo.runtime.threads import kept_settings
from othello_zoo.search import BatchedSearch, _native

NETWORK = {"board_size": 8, "channels": 48, "blocks": 4}
SMALL_NETWORK = {"board_size": 8, "channels": 8, "blocks": 1}


@pytest.fixture(autouse=True)
def compiled_by_torch(monkeypatch: pytest.MonkeyPatch) -> None:
    """The agent's search compiled by torch, as where the C library cannot be built (search._native): the process
    exists for that search; where its trees are walked in C there is nothing to compile and no process starts."""
    monkeypatch.setattr(_native, "ENABLED", False)
    monkeypatch.setenv("OTHELLO_ZOO_NATIVE", "0")  # in the processes the tests start


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """inductor's cache directory, empty, for this test alone."""
    monkeypatch.setenv("TORCHINDUCTOR_CACHE_DIR", str(tmp_path))
    return tmp_path


@pytest.fixture
def plan() -> process.Recipe:
    """The shipped agent's plan at one thread."""
    return process.recipe(NETWORK, AGENT_SEARCH, True, 1)


def test_recipe__the_first_search_as_plain_data(plan: process.Recipe) -> None:
    assert json.loads(json.dumps(plan)) == plan  # what goes on the command line
    assert plan["network"] == NETWORK
    assert plan["exact_wins"] is True
    assert plan["threads"] == 1
    # compile_ahead's search: one leaf batch, no time budget, no reuse, whatever the agent's budget
    assert plan["search"]["simulations"] == AGENT_SEARCH.leaf_batch == 8
    assert (plan["search"]["seconds"], plan["search"]["reuse"], plan["search"]["dtype"]) == (None, False, "float32")
    assert process.recipe(NETWORK, AGENT_SEARCH.replace(simulations=400), True, 1) == plan


def test_marker__one_name_a_plan_and_setting_in_the_cache_directory(
    cache: Path, plan: process.Recipe, monkeypatch: pytest.MonkeyPatch
) -> None:
    name = process.marker(plan)
    assert name is not None
    assert name.parent == cache
    assert name.name.startswith("othello-zoo-agent-")
    assert process.marker(process.recipe(NETWORK, AGENT_SEARCH, True, 1)) == name
    others = {
        process.marker(process.recipe(NETWORK, AGENT_SEARCH, False, 1)),
        process.marker(process.recipe(NETWORK, AGENT_SEARCH, True, 2)),
        process.marker(process.recipe(NETWORK, AGENT_SEARCH.replace(leaf_batch=16), True, 1)),
    }
    monkeypatch.setenv("ATEN_CPU_CAPABILITY", "avx2")  # other kernels, another key of inductor's
    others.add(process.marker(plan))
    assert name not in others
    assert len(others) == 4


def test_start__not_where_the_cache_holds_the_plan_or_caches_are_off(
    cache: Path, plan: process.Recipe, monkeypatch: pytest.MonkeyPatch
) -> None:
    done = process.marker(plan)
    assert done is not None
    done.touch()
    started: list[object] = []
    monkeypatch.setattr(subprocess, "Popen", lambda *args, **kwargs: started.append(args))
    assert process.start(plan) is None
    done.unlink()
    from torch._inductor import config as inductor

    with inductor.patch(fx_graph_cache=False):
        assert process.start(plan) is None
    assert started == []


def test_start__the_same_interpreter_in_a_session_of_its_own_silent_one_compile_thread(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    plan = process.recipe(NETWORK, AGENT_SEARCH, True, 1)
    seen: dict[str, object] = {}

    def record(command: list[str], **options: object) -> str:
        seen.update(options, command=command)
        return "process"

    monkeypatch.setattr(subprocess, "Popen", record)
    assert process.start(plan) == "process"
    command = seen["command"]
    assert command == [sys.executable, "-c", process.LAUNCH, json.dumps(plan), str(os.getpid())]
    assert process.LAUNCH.startswith("import sys; from othello_zoo.alphazero._compile_process import main;")
    assert seen["start_new_session"] is True  # a Ctrl-C at the terminal reaches the game alone
    assert seen["stdin"] == seen["stdout"] == seen["stderr"] == subprocess.DEVNULL
    environment = seen["env"]
    assert isinstance(environment, dict)
    assert environment["TORCHINDUCTOR_COMPILE_THREADS"] == "1"

    def refused(*args: object, **kwargs: object) -> None:
        raise OSError("no more processes")

    monkeypatch.setattr(subprocess, "Popen", refused)
    assert process.start(plan) is None  # the agent compiles in its own process then


def test_main__usage_on_a_wrong_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert process.main([]) == 2
    assert process.main(["{}", "not-a-pid"]) == 2
    assert "usage: main([PLAN, PARENT_PID]): PLAN the JSON of a Recipe" in capsys.readouterr().err


def test_wait__kills_the_process_when_the_wait_is_cut_short(monkeypatch: pytest.MonkeyPatch) -> None:
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:

        def interrupted(seconds: float) -> None:
            raise KeyboardInterrupt

        monkeypatch.setattr(process, "time", types.SimpleNamespace(sleep=interrupted))  # this module's sleeps only
        with pytest.raises(KeyboardInterrupt):
            process.wait(child)
        assert child.poll() is not None  # killed and reaped
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


ORPHAN = """
import os, subprocess, sys
watched = "import sys, time; from othello_zoo.alphazero._compile_process import _watch_parent; "
watched += "_watch_parent(int(sys.argv[1])); time.sleep(60)"
command = [sys.executable, "-c", watched, str(os.getpid())]
child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
print(child.pid, flush=True)
"""


def _gone(pid: int) -> bool:
    """Whether process ``pid`` has ended (a zombie left unreaped counts as ended)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return True
    return state in ("Z", "X")


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc to see the process end")
def test_the_process_ends_soon_after_the_one_that_started_it() -> None:
    done = subprocess.run([sys.executable, "-c", ORPHAN], capture_output=True, text=True, timeout=60, check=True)
    pid = int(done.stdout)
    deadline = time.monotonic() + 30
    while not _gone(pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _gone(pid)


def test_agent__its_compilation_fills_the_cache_in_a_process_first(monkeypatch: pytest.MonkeyPatch) -> None:
    """Building the agent at ``compile="auto"`` hands ``compile_ahead`` a ``before`` that starts the process for the
    agent's plan and waits for it (both recorded here instead)."""
    monkeypatch.delenv(COMPILE_ENV, raising=False)
    monkeypatch.setattr(agent_module, "compiler_missing", lambda device: None)
    handed: list[object] = []
    monkeypatch.setattr(BatchedSearch, "compile_ahead", lambda self, roots, before=None: handed.append(before))
    plans: list[process.Recipe] = []
    waited: list[object] = []
    monkeypatch.setattr(process, "start", lambda plan: plans.append(plan) or "the process")
    monkeypatch.setattr(process, "wait", waited.append)
    agent = AlphaZeroAgent(leaf_batch=16, exact_wins=False)
    assert agent.search.compile == "background"
    (before,) = handed
    assert callable(before)
    assert plans == []
    before()
    assert plans == [process.recipe(agent.network.config(), AGENT_SEARCH.replace(leaf_batch=16), False, 1)]
    assert waited == ["the process"]
    monkeypatch.setattr(process, "start", lambda plan: None)  # the cache holds it: nothing to wait for
    before()
    assert waited == ["the process"]


def test_compile_plan__refuses_an_unknown_number_type() -> None:
    plan = process.recipe(NETWORK, AGENT_SEARCH, True, 1)
    plan["search"]["dtype"] = "int8"
    with pytest.raises(ValueError, match="dtype must be one of float32, float64, got 'int8'"):
        process.compile_plan(plan)


@pytest.mark.slow
def test_the_process_fills_the_cache_that_the_agent_then_loads(cache: Path) -> None:
    """For real, inductor's cache cold: the process compiles an agent's first search and leaves its marker, and the
    same search compiled in this process afterwards loads every graph from the cache (none lowered again: a process
    whose graphs came out under other keys, as ``python -m`` gave them, filled a cache never read). The agent's
    search with one leaf a batch and a small network: the same graphs but the leaf batch's width and the network's
    layers, and a third of the shipped plan's compile time (3 minutes against 8.5 on a 2-core AMD EPYC)."""
    from torch._dynamo.utils import counters

    plan = process.recipe(SMALL_NETWORK, AGENT_SEARCH.replace(leaf_batch=1), True, 1)
    child = process.start(plan)
    assert child is not None
    process.wait(child)
    assert child.returncode == 0
    done = process.marker(plan)
    assert done is not None
    assert done.exists()
    assert process.start(plan) is None  # the next agent goes straight to the cache
    counters.clear()
    with kept_settings():
        assert process.compile_plan(plan)
    assert counters["inductor"]["fxgraph_cache_hit"] >= 1
    assert counters["inductor"]["fxgraph_cache_miss"] == 0
    assert counters["aot_autograd"]["autograd_cache_miss"] == 0


EXIT_DURING_THE_PROCESS = """
import sys, threading
from othello_zoo.alphazero import _compile_process
from othello_zoo.alphazero.agent import AlphaZeroAgent
from othello_zoo.core.board import Board
agent = AlphaZeroAgent(simulations=64)
move = agent.choose(Board.start(8))
from pathlib import Path
children = [pid for task in Path("/proc/self/task").iterdir() for pid in (task / "children").read_text().split()]
print(move, len(children), flush=True)
"""


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads /proc to find the process")
def test_a_program_that_ends_while_the_process_compiles_ends_it_too(cache: Path) -> None:
    """The agent's game ends (its program exits) while the process still compiles: the program exits at once and
    cleanly, and the process is gone within seconds."""
    env = {k: v for k, v in os.environ.items() if k != COMPILE_ENV}
    began = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", EXIT_DURING_THE_PROCESS], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["19", "1"]  # d3, with the process started and running
    assert "Traceback" not in done.stderr
    assert time.perf_counter() - began < 60
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and _launched():
        time.sleep(0.2)
    assert not _launched()


def _launched() -> list[int]:
    """The processes running the compile process's program now."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                line = (entry / "cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if process.LAUNCH.encode() in line and not _gone(int(entry.name)):
                found.append(int(entry.name))
    return found


def test_main__no_marker_where_the_compilation_failed(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A compiler that fails (said in a warning, the search going on eagerly) leaves no marker: the next game tries
    again rather than taking a cache that was never filled."""

    class Failing:
        def __init__(self, *args: object, **kwargs: object) -> None:
            pass

        def run(self, *args: object, **kwargs: object) -> None:
            message = "the compiled search could not be compiled (CppCompileError: ...); searching eagerly"
            warnings.warn(message, stacklevel=2)

    monkeypatch.setattr(process, "BatchedSearch", Failing)
    monkeypatch.setattr(process, "_watch_parent", lambda parent: None)
    monkeypatch.setattr(process.os, "nice", lambda increment: 0)
    with kept_settings():
        plan = process.recipe(NETWORK, AGENT_SEARCH, True, 1)
        assert process.main([json.dumps(plan), str(os.getpid())]) == 1
    done = process.marker(plan)
    assert done is not None
    assert not done.exists()


def test_compile_status__eager_cached_or_not_yet(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``othello-zoo doctor``'s row: how the shipped agent's search runs here."""
    monkeypatch.setenv(COMPILE_ENV, "0")
    assert agent_module.compile_status() == "eagerly (OTHELLO_ZOO_COMPILE=0)"
    monkeypatch.delenv(COMPILE_ENV)
    monkeypatch.setattr(agent_module, "compiler_missing", lambda device: None)
    assert agent_module.compile_status().startswith("compiled in the background; not in inductor's cache yet:")
    network = agent_module.load_network(agent_module.shipped_network(8)).config()
    done = process.marker(process.recipe(network, AGENT_SEARCH, True, 1))
    assert done is not None
    done.touch()
    assert agent_module.compile_status() == f"compiled in the background, its graphs in inductor's cache ({cache})"
    monkeypatch.setattr(agent_module, "compiler_missing", lambda device: "no C++ compiler found (install g++)")
    assert agent_module.compile_status() == "eagerly (no C++ compiler found (install g++))"
