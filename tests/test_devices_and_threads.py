"""The device rule, the package's CPU threads, ``othello-zoo doctor``, the bench's busy and malloc rows and the
trainer's progress line."""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
import torch

from othello_zoo import engine, othello_v0, set_threads
from othello_zoo.__main__ import main
from othello_zoo.agents import make_agent
from othello_zoo.alphazero.agent import load_network, shipped_network
from othello_zoo.alphazero.network import PolicyValueNet
from othello_zoo.alphazero.train import TrainConfig, Trainer
from othello_zoo.core.checks import check_device, check_generator, generator_device, resolve_device
from othello_zoo.runtime import threads
from othello_zoo.runtime.threads import (
    ADAPTIVE,
    ENV_VAR,
    AdaptiveThreads,
    adaptive,
    caller_threads,
    get_threads,
    kept_settings,
    package_threads,
    pinned_threads,
    uses_adaptive_threads,
    uses_package_threads,
)
from othello_zoo.search import BatchedSearch, SearchConfig


@pytest.fixture
def torch_threads() -> Iterator[int]:
    """torch's own thread setting; it and the package's choice are as before after the test."""
    with kept_settings():
        yield torch.get_num_threads()
    ADAPTIVE.reset()


# -- the device rule ---------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["cpu", "cpu:0", torch.device("cpu", 0), torch.device("cpu")])
def test_check_device__normalises_to_the_device_tensors_report(text: object) -> None:
    device = check_device("device", text)
    assert device == torch.empty(0, device=text).device == torch.device("cpu")  # type: ignore[arg-type]
    assert str(device) == "cpu"


def test_check_device__refuses_meta_unknown_and_absent_devices_by_name() -> None:
    with pytest.raises(ValueError, match="device is 'meta', which holds no data"):
        check_device("device", "meta")
    with pytest.raises(ValueError, match="must be a torch device such as 'cpu' or 'cuda:0', got 'gpu'"):
        check_device("device", "gpu")
    with pytest.raises(TypeError, match=r"device must be None, a str or a torch\.device, got 3"):
        check_device("device", 3)
    if not torch.cuda.is_available():
        with pytest.raises(ValueError, match="'cuda:1', but torch sees no CUDA device"):
            check_device("device", "cuda:1")
    assert resolve_device("device", None) == torch.device("cpu")
    assert check_device("device", None) is None


def test_vector_env__an_indexed_cpu_device_steps_and_compares_as_cpu() -> None:
    env = othello_v0.vector_env(4, device="cpu:0", illegal_action="lose")
    env.reset(seed=0)
    assert env.device == torch.device("cpu")
    _, mask = env.observe_movers()
    assert mask.sum(1).tolist() == [4, 4, 4, 4]
    step = env.step_movers(torch.tensor([19, 26, 37, 44]))  # d3, c4, f5, e6: every opening move is legal
    assert step.reward.tolist() == [0.0, 0.0, 0.0, 0.0]
    assert [text.count("X") for text in engine.to_text(env.state)] == [4, 4, 4, 4]
    with pytest.raises(ValueError, match="which holds no data"):
        othello_v0.vector_env(2, device="meta")
    assert engine.init(2, device="cpu:0").to("cpu:0").device == torch.device("cpu")


def test_generators__made_with_the_device_type_alone_serve_the_boards_on_it(device: str) -> None:
    """``torch.Generator(device="cuda")`` reports ``cuda`` and draws on the current device: it serves boards
    on ``cuda:0`` (the env, the engine's draws and the mask sampler), as a CPU generator serves ``cpu:0``."""
    kind = torch.device(device).type
    env = othello_v0.vector_env(3, device=device, illegal_action="lose")
    env.reset(seed=0)
    step = env.step_movers_random(torch.Generator(device=kind).manual_seed(0))
    assert step.reward.tolist() == [0.0, 0.0, 0.0]
    assert [sum(map(text[:64].count, "XO")) for text in engine.to_text(env.state)] == [5, 5, 5]  # one move played
    actions = engine.random_actions(env.state, torch.Generator(device=kind).manual_seed(1))
    assert bool(engine.legal_action_mask(env.state).gather(1, actions[:, None]).all())
    mask = engine.legal_action_mask(env.state)
    sampled = engine.sample_actions(mask, torch.Generator(device=kind).manual_seed(2))
    assert bool(mask.gather(1, sampled[:, None]).all())


def test_check_generator__names_both_devices_when_they_differ() -> None:
    with pytest.raises(ValueError, match=r"generator is on cpu, the boards on cuda:0: make it on cuda:0"):
        check_generator(torch.Generator(), torch.device("cuda", 0))
    assert generator_device(torch.Generator()) == torch.device("cpu")
    assert check_generator(torch.Generator(), torch.device("cpu")) is not None


def test_agents_and_networks__load_on_an_indexed_device_with_weights_only(tmp_path: Path) -> None:
    agent = make_agent("az", device="cpu:0", simulations=4, seed=0)
    assert agent.device == torch.device("cpu")
    assert all(p.device == torch.device("cpu") for p in agent.network.parameters())

    class Payload:
        def __reduce__(self) -> tuple[object, tuple[str]]:
            return (Path.touch, (str(tmp_path / "ran"),))

    crafted = tmp_path / "crafted.pt"
    torch.save({"network": Payload(), "network_config": {}}, crafted)
    with pytest.raises(ValueError, match="holds objects other than tensors and plain data"):
        load_network(crafted, "cpu:0")
    assert not (tmp_path / "ran").exists()  # the file's code never ran


# -- threads -----------------------------------------------------------------------------------
def test_package_threads__the_package_works_on_one_thread_and_restores_the_callers(torch_threads: int) -> None:
    torch.set_num_threads(2)
    seen: list[int] = []

    @uses_package_threads
    def work() -> None:
        seen.append(torch.get_num_threads())

    work()
    assert seen == [1]
    assert torch.get_num_threads() == 2  # the caller's setting is back
    with package_threads():
        seen.append(torch.get_num_threads())
    assert seen == [1, 1]
    assert torch.get_num_threads() == 2
    set_threads(2)
    torch.set_num_threads(1)
    work()
    assert seen[-1] == 2
    assert torch.get_num_threads() == 1
    set_threads(None)  # torch's own setting, left alone
    torch.set_num_threads(2)
    work()
    assert seen[-1] == 2
    assert get_threads() is None


def test_package_threads__an_engine_step_and_an_env_step_restore_the_setting_also_on_an_error(
    torch_threads: int,
) -> None:
    torch.set_num_threads(2)
    state = engine.step(engine.init(3), torch.tensor([19, 26, 37]))
    assert torch.get_num_threads() == 2
    with pytest.raises(ValueError, match="illegal action"):
        engine.step(state, torch.tensor([0, 0, 0]))
    assert torch.get_num_threads() == 2
    env = othello_v0.vector_env(2)
    env.reset(seed=0)
    env.step_movers(torch.tensor([19, 19]))
    assert torch.get_num_threads() == 2


def test_package_threads__a_new_python_thread_also_works_on_one(torch_threads: int) -> None:
    torch.set_num_threads(2)  # what a new thread starts with in torch's OpenMP build
    seen: list[int] = []

    @uses_package_threads
    def work() -> None:
        seen.append(torch.get_num_threads())

    runner = threading.Thread(target=work)
    runner.start()
    runner.join()
    assert seen == [1]


def test_threads__the_environment_variable_and_bad_values(monkeypatch: pytest.MonkeyPatch, torch_threads: int) -> None:

    monkeypatch.setattr(threads, "_chosen", [])
    monkeypatch.setenv(ENV_VAR, "3")
    assert get_threads() == 3
    monkeypatch.setenv(ENV_VAR, "torch")
    assert get_threads() is None
    monkeypatch.setenv(ENV_VAR, "0")
    with pytest.raises(
        ValueError, match=r"OTHELLO_ZOO_THREADS must be a whole number from 1 to 1024, 'auto' or 'torch'.*'0'"
    ):
        get_threads()
    monkeypatch.setenv(ENV_VAR, "auto")
    assert get_threads() == 1
    assert adaptive()
    for bad in (0, -1, 1.5, True, "2"):
        with pytest.raises(
            ValueError, match=f"threads must be a whole number from 1 to 1024, 'auto' or None.*got {bad!r}"
        ):
            set_threads(bad)  # type: ignore[arg-type]


def test_cli__threads_flag_is_checked() -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["train", "--threads", "0", "--iterations", "1"])
    assert exit_info.value.code == 2


# -- doctor, bench rows, progress --------------------------------------------------------------
def test_doctor__every_check_passes_on_the_cpu_and_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["doctor", "--devices", "cpu:0", "--boards", "32"]) == 0
    out = capsys.readouterr().out
    assert "torch threads" in out
    assert "package threads  auto (1; the conv kernel's step timed at torch's setting too)" in out
    assert "az search        eagerly (OTHELLO_ZOO_COMPILE=0)" in out  # the suite's setting (tests/conftest.py)
    for name in ("engine step, bitboard", "engine step, conv", "vector env step", "tree search", "train iteration"):
        assert re.search(rf"^ok   cpu     {re.escape(name)} ", out, re.MULTILINE), name
    assert "5 of 5 checks passed" in out


def test_bench__busy_and_malloc_rows_beside_the_plain_ones(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "bench.json"
    argv = ["bench", "--batch-sizes", "64", "--backends", "bitboard", "--busy-cores", "1", "--tune-malloc"]
    assert main([*argv, "--seconds", "0.01", "--repeats", "1", "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    rows = {(r["backend"], r["threads"]) for r in json.loads(out.read_text())["results"]}
    assert rows == {("bitboard", 0), ("bitboard@busy", 0), ("bitboard+malloc", 0)}  # 0: the package's own setting
    assert "rows @busy: measured with 1 core(s) kept busy" in printed


def test_train__the_progress_line_names_the_phase_and_the_ply(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    settings = {"board_size": 4, "channels": 8, "blocks": 1, "games": 2, "simulations": 2, "train_steps": 1}
    config = TrainConfig(**settings, batch_size=8, eval_every=0, minutes=0, iterations=1)  # type: ignore[arg-type]
    Trainer(config, tmp_path).run(progress=True)
    err = capsys.readouterr().err
    assert "iteration 1: starting self-play of 2 games" in err
    assert "iteration 1: self-play ply 1, 2 of 2 games going" in err
    assert "iteration 1: 1 gradient steps on" in err
    assert "1/1" in err  # the bar's total: the iterations asked for


def test_adaptive_threads__wide_where_it_is_faster_one_thread_where_it_is_not(torch_threads: int) -> None:
    """A fake clock of work whose time depends on the thread count: the choice follows the faster one, and a
    wide call that suddenly takes far longer (a core taken) goes back to one thread at once."""
    clock = [0.0]
    cost = {1: 0.001, 2: 0.0005}  # seconds a call at each thread count

    def work() -> int:
        clock[0] += cost[torch.get_num_threads()]
        return torch.get_num_threads()

    timed = AdaptiveThreads(clock=lambda: clock[0])
    used = [timed.run("key", 2, work) for _ in range(200)]
    assert used[:50] == [1] * 50  # one thread for the first 0.05 s, timed
    assert timed.choice("key", 2) == 2  # then the probe found two threads faster
    assert used.count(2) > 140
    assert timed.choice("key", 4) is None  # another caller's count is another key
    cost[2] = 0.005  # another program took a core: a wide call now takes 10 times as long
    assert timed.run("key", 2, work) == 2
    assert timed.choice("key", 2) == 1  # back to one at once
    used = [timed.run("key", 2, work) for _ in range(2000)]  # 2 s more
    assert 3 <= used.count(2) <= 8  # only the probes of the wide setting, ever rarer
    assert timed.choice("key", 2) == 1
    assert torch.get_num_threads() == torch_threads  # the caller's setting, always restored


def test_adaptive_threads__probes_spaced_by_the_work_timed_not_by_the_clock(torch_threads: int) -> None:
    """An agent's searches of 0.4 s a second apart (its opponent's moves between them), one thread the faster: the
    probes at two threads come every 8 searches or more, not every other search as the clock's intervals had it."""
    clock = [0.0]
    cost = {1: 0.4, 2: 1.2}

    def search() -> int:
        clock[0] += cost[torch.get_num_threads()]
        return torch.get_num_threads()

    timed = AdaptiveThreads(clock=lambda: clock[0])
    used = []
    for _ in range(40):
        used.append(timed.run("search", 2, search))
        clock[0] += 1.0  # the opponent's move: not the key's work
    probes = [i for i, count in enumerate(used) if count == 2]
    assert probes == [1, 10, 20, 30]  # the clock's intervals (0.05 s doubling) had probed at 1, 3, 5, 7, ...
    assert timed.choice("search", 2) == 1


def test_pinned_threads__every_thread_s_adaptive_entries_keep_the_pinned_count_untimed(torch_threads: int) -> None:
    """While a compilation runs in the background (pinned_threads), an adaptive entry in any thread runs at the
    pinned count and is not timed; afterwards torch's setting is what it was."""
    torch.set_num_threads(2)
    seen: list[int] = []

    @uses_adaptive_threads(lambda: "pinned-test")
    def network_call() -> None:
        seen.append(torch.get_num_threads())

    def at_two() -> None:
        torch.set_num_threads(2)  # a caller at two threads: unpinned, its call would be timed
        network_call()

    with pinned_threads(1):
        assert torch.get_num_threads() == 1
        other = threading.Thread(target=at_two)
        other.start()
        other.join()
        at_two()
    assert seen == [1, 1]
    assert ADAPTIVE.choice("pinned-test", 2) is None
    torch.set_num_threads(2)
    network_call()  # unpinned: timed, at one thread first
    assert seen[-1] == 1
    assert ADAPTIVE.choice("pinned-test", 2) == 1


def test_adaptive_threads__an_adaptive_entry_inside_another_runs_at_the_outer_choice_untimed(
    torch_threads: int,
) -> None:
    """A search is timed as a whole; its network's calls (adaptive entries themselves) run at the count the search
    chose, untimed, and the package's other entries inside it at the package's setting."""
    torch.set_num_threads(2)
    clock = [0.0]
    seen: list[tuple[str, int]] = []

    @uses_adaptive_threads(lambda: "inner")
    def network_call() -> None:
        seen.append(("network", torch.get_num_threads()))

    @uses_package_threads
    def engine_call() -> None:
        seen.append(("engine", torch.get_num_threads()))

    def search() -> None:
        network_call()
        engine_call()
        clock[0] += 0.001 if torch.get_num_threads() == 1 else 0.0005  # two threads the faster

    timed = AdaptiveThreads(clock=lambda: clock[0])
    for _ in range(200):
        seen.clear()
        timed.run("search", 2, search)
    assert timed.choice("search", 2) == 2
    assert seen == [("network", 2), ("engine", 1)]  # the outer choice; the package's setting
    assert ADAPTIVE.choice("inner", 2) is None  # never timed on its own
    network_call()  # outside any adaptive entry: timed on its own again
    assert ADAPTIVE.choice("inner", 2) == 1
    assert torch.get_num_threads() == 2


def test_search__chooses_its_threads_as_a_whole_under_auto(torch_threads: int) -> None:
    """The auto setting times a CPU search once a run (its key: roots, size, simulations, leaf batch, compiled) and
    not its network's calls one by one; a fixed setting times nothing."""
    torch.set_num_threads(2)
    evaluate = PolicyValueNet(8, channels=8, blocks=1).evaluator()
    search = BatchedSearch(evaluate, SearchConfig(simulations=8, leaf_batch=4))
    search.run(engine.init(3))
    assert ADAPTIVE.choice(("search", 2, 8, 8, 4, False), 2) in (1, 2)
    assert not [key for key in ADAPTIVE.timed_keys() if key[0] == "network"]
    assert torch.get_num_threads() == 2
    timed = BatchedSearch(evaluate, SearchConfig(simulations=8, seconds=10.0))
    timed.run(engine.init(3))  # a time budget: its network's calls are timed one by one instead
    assert [key for key in ADAPTIVE.timed_keys() if key[0] == "network"]
    set_threads(1)
    ADAPTIVE.reset()
    search.run(engine.init(3))
    assert ADAPTIVE.choice(("search", 2, 8, 8, 4, False), 2) is None


def test_adaptive_threads__the_conv_step_adapts_with_keywords_too_and_restores_the_setting(
    torch_threads: int,
) -> None:
    torch.set_num_threads(2)
    state = engine.init(8, backend="conv")
    for _ in range(3):  # keywords reach the key too
        state = engine.step(state=state, actions=engine.random_actions(state, torch.Generator().manual_seed(0)))
    assert ADAPTIVE.choice(("conv", 8, 4), 2) in (1, 2)  # the conv step of 8 boards is timed, at the caller's 2
    assert torch.get_num_threads() == 2
    env = othello_v0.vector_env(8, backend="conv")
    env.reset(seed=0)
    env.step_movers(torch.tensor([19] * 8))  # nested in the env's step: still the caller's 2 as the wide count
    assert ADAPTIVE.choice(("conv", 8, 4), 2) in (1, 2)
    assert torch.get_num_threads() == 2
    assert caller_threads() == 2  # nothing left behind by the entries
    set_threads(1)
    ADAPTIVE.reset()
    engine.step(state, engine.random_actions(state, torch.Generator().manual_seed(0)))
    assert ADAPTIVE.choice(("conv", 8, 4), 2) is None  # a fixed setting: no timing


def test_conv_kernel__work_buffers_are_never_returned_and_regrow(torch_threads: int) -> None:
    from othello_zoo.testing import random_play

    state = random_play(engine.init(24, backend="conv"), 12, torch.Generator().manual_seed(1))
    kernel = engine.kernel_of(state)
    first = kernel.legal_moves(state.discs)
    kept = [t.clone() for t in first]
    other = random_play(engine.init(24, backend="conv"), 20, torch.Generator().manual_seed(2))
    kernel.legal_moves(other.discs)  # the same buffers, other boards
    assert all(torch.equal(a, b) for a, b in zip(first, kept, strict=True))  # nothing returned was overwritten
    chunk, kernel.chunk = kernel.chunk, 4
    try:
        small = kernel.legal_moves(state.discs)
        kernel.chunk = 4096  # more rows a pass than the buffers hold: they grow
        large = kernel.legal_moves(engine.cat([state] * 200).discs)
    finally:
        kernel.chunk = chunk
    assert all(torch.equal(a, b) for a, b in zip(small, kept, strict=True))
    assert torch.equal(large[0][:24], kept[0])
    assert torch.equal(large[0][-24:], kept[0])


def test_network__the_same_outputs_at_one_and_two_threads(torch_threads: int) -> None:
    """The search's network evaluator picks its threads by timing, so its outputs must not depend on them."""
    from othello_zoo.testing import random_play

    network = load_network(shipped_network(8))
    state = random_play(engine.init(512), 20, torch.Generator().manual_seed(0))
    observation, mask = engine.mover_view(state)
    evaluate = network.evaluator()
    set_threads(1)
    one = evaluate(observation, mask)
    set_threads(2)
    two = evaluate(observation, mask)
    assert all(torch.equal(a, b) for a, b in zip(one, two, strict=True))


def test_call_off_when__the_next_engine_call_of_that_thread_stops() -> None:
    from othello_zoo.runtime.threads import Cancelled, call_off_when

    stop, seen = threading.Event(), []
    called_off, checked = threading.Barrier(2), threading.Barrier(2)

    def work() -> None:
        call_off_when(stop)
        try:
            state = engine.init(4)
            engine.step(state, torch.tensor([19, 26, 37, 44]))  # runs: not called off yet
            seen.append("stepped")
            stop.set()
            called_off.wait()  # the main thread steps while this thread's event is set
            checked.wait()
            engine.step(state, torch.tensor([19, 26, 37, 44]))
            seen.append("not stopped")
        except Cancelled:
            seen.append("cancelled")
        finally:
            call_off_when(None)

    runner = threading.Thread(target=work)
    runner.start()
    called_off.wait()
    engine.step(engine.init(1), torch.tensor([19]))  # another thread: never called off by that event
    checked.wait()
    runner.join()
    assert seen == ["stepped", "cancelled"]
