"""The command line: ``bench`` with tiny settings and the terminal game."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
import torch

from othello_zoo.__main__ import main
from othello_zoo.cli import bench
from othello_zoo.cli._bench_extras import ratio
from othello_zoo.play import terminal_game


def test_bench__tiny_run_writes_every_result(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "bench.json"
    argv = ["bench", "--batch-sizes", "1,16", "--backends", "bitboard,conv", "--threads", "1"]
    argv += ["--seconds", "0.01", "--repeats", "1", "--json", str(out)]
    assert main(argv) == 0
    data = json.loads(out.read_text())
    rows = {(r["backend"], r["batch_size"]) for r in data["results"]}
    assert rows == {("bitboard", 1), ("bitboard", 16), ("conv", 1), ("conv", 16)}
    assert all(r["board_steps_per_s"] > 0 and r["threads"] == 1 for r in data["results"])
    printed = capsys.readouterr().out
    assert "\nothello-zoo engine, 8x8, random play, board-steps/s (torch " in printed
    assert "othello_zoo engine" not in printed
    assert "\ncpu    bitboard        1 |" in printed
    for section in ("PettingZoo AEC", "MCTS", "Alpha-beta", "FFO #40"):  # opt-in, not asked for
        assert section not in printed
    assert (data["aec_us_per_step"], data["agents"], data["peak_memory_mib"]) == ({}, {}, {})


def test_bench__vector_rows_and_env_latency() -> None:
    result = bench.measure_vector(16, seconds=0.01, repeats=1)
    assert result.backend == "vector"
    assert result.board_steps_per_s > 0
    from othello_zoo import othello_v0

    assert bench.measure_aec(othello_v0.env, seconds=0.05, repeats=1) > 0


def test_bench__measure_engine_counts_board_steps() -> None:
    result = bench.measure_engine("bitboard", 8, seconds=0.01, repeats=1)
    assert result.batch_size == 8
    assert result.steps >= 1
    assert abs(result.board_steps_per_s - 8 * result.steps / result.seconds) < 1e-6 * result.board_steps_per_s


def test_play__random_against_random_reaches_the_end() -> None:
    out = io.StringIO()
    counts = terminal_game("random", "random", 6, seed=1, stdout=out)
    assert counts is not None
    assert "game over" in out.getvalue()
    assert out.getvalue().count(" plays ") >= 10


def test_play__human_input_is_checked_and_quit_stops() -> None:
    out = io.StringIO()
    result = terminal_game("human", "random", 8, seed=0, stdin=io.StringIO("a1\nxyz\nf5\nquit\n"), stdout=out)
    assert result is None
    text = out.getvalue()
    assert "a1 turns over no disc; legal moves: d3 c4 f5 e6\n" in text
    assert "cannot read a move in 'xyz'; legal moves: d3 c4 f5 e6 (type help for the commands)\n" in text
    assert "X (black) to move" in text
    assert "game stopped" in text


def test_bench__ratios_best_thread_count_and_like_for_like() -> None:
    def result(backend: str, threads: int, rate: float) -> bench.Result:
        return bench.Result(backend, "cpu", threads, 4096, 8, rate, 1, 1.0)

    results = [result("bitboard", 1, 500.0), result("bitboard", 2, 800.0), result("vector", 1, 400.0)]
    results.append(result("vector", 2, 600.0))
    assert ratio(results, "vector", "bitboard", 4096) == 600.0 / 800.0
    assert ratio(results, "vector", "bitboard", 4096, threads=1) == 400.0 / 500.0
    assert ratio(results, "vector", "bitboard", 4096, threads=4) is None
    assert ratio(results, "vector", "bitboard", 16384) is None


def test_bench__like_for_like_ratios_and_memory_in_a_fresh_process(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "bench.json"
    argv = ["bench", "--batch-sizes", "4096", "--backends", "bitboard,vector", "--threads", "1,2", "--memory"]
    argv += ["--seconds", "0.01", "--repeats", "1", "--json", str(out)]
    assert main(argv) == 0
    printed = capsys.readouterr().out
    for setting in ("best thread setting", "1 thread(s) each", "2 thread(s) each"):
        assert f"ratio vector / bitboard at B=4096 (cpu, {setting}): " in printed
    memory = json.loads(out.read_text())["peak_memory_mib"]
    assert set(memory) == {"bitboard", "vector"}  # measured by code run in a subprocess
    assert all(0 <= value < 1024 for value in memory.values())


DEFAULT_BACKENDS = ("bitboard", "conv", "vector", "vector-dict")


def test_bench__the_default_plan_is_the_quick_throughput_table() -> None:
    args = bench.build_parser().parse_args([])
    jobs, left_out = bench.plan(args, ["cpu"])
    # the package's own thread setting only (0): what a user gets
    assert jobs == [("cpu", 0, b, n) for b in DEFAULT_BACKENDS for n in (1, 256, 4096)]
    assert left_out == []
    assert (args.seconds, args.repeats, args.compare) == (0.1, 2, None)
    assert (args.agents, args.ffo, args.env, args.memory) == (False, False, False, False)
    cuda_jobs, _ = bench.plan(args, ["cuda:0"])  # the package's setting only; the big batches too
    batches = (1, 256, 4096, 16384, 65536, 262144)
    assert cuda_jobs == [("cuda:0", 0, b, n) for b in DEFAULT_BACKENDS for n in batches]
    args = bench.build_parser().parse_args(["--threads", "1,default,1,2"])  # each setting once, in order
    assert [t for _, t, _, _ in bench.plan(args, ["cpu"])[0]][::12] == [1, 0, 2]


def _record_measurements(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int, int, str, int, float]]:
    """Replaces the measurements by a record of the calls; the opt-in sections may not run."""
    calls: list[tuple[str, int, int, str, int, float]] = []

    def measure(backend: str, batch: int, device: str, board_size: int, seconds: float, repeats: int) -> bench.Result:
        calls.append((backend, batch, torch.get_num_threads(), device, board_size, seconds))
        return bench.Result(backend, device, torch.get_num_threads(), batch, board_size, 1000.0, 10, 0.01)

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("an opt-in measurement ran")

    monkeypatch.setattr(bench, "measure_backend", measure)
    opt_in = ("mcts_rates", "search_rates", "ffo_40", "ffo_suite", "env_latencies", "peak_memory_mib")
    for name in (*opt_in, "measure_pgx_subprocess"):
        monkeypatch.setattr(bench, name, refuse)
    return calls


def test_bench__a_default_run_measures_the_plan_and_nothing_else(monkeypatch: pytest.MonkeyPatch, capsys) -> None:  # type: ignore[no-untyped-def]
    calls = _record_measurements(monkeypatch)
    default = torch.get_num_threads()
    assert main(["bench", "--devices", "cpu"]) == 0
    threads = [default]  # the package's own setting ('auto': torch's count left as it is): what a user gets
    one_pass = [(b, n, t, "cpu", 8, 0.1) for t in threads for b in DEFAULT_BACKENDS for n in (1, 256, 4096)]
    assert calls == one_pass * 2
    captured = capsys.readouterr()
    assert "othello-zoo engine, 8x8, random play, board-steps/s" in captured.out
    assert "warning" not in captured.err
    assert torch.get_num_threads() == default


LEFT_OUT_BITBOARD = (
    "othello-zoo bench: warning: left out bitboard: the bitboard backend holds boards up to 8x8 in one int64 word, "
    "got board_size=10; use backend='conv' (or 'auto') for larger boards"
)


def test_bench__bitboard_above_8x8_is_left_out_with_a_warning(monkeypatch: pytest.MonkeyPatch, capsys) -> None:  # type: ignore[no-untyped-def]
    calls = _record_measurements(monkeypatch)
    argv = ["bench", "--board-size", "10", "--backends", "bitboard,conv,vector", "--threads", "1", "--devices", "cpu"]
    assert main(argv) == 0
    one_pass = [(backend, n, 1, "cpu", 10, 0.1) for backend in ("conv", "vector") for n in (1, 256, 4096)]
    assert calls == one_pass * 2  # the vector env runs at every size; the bitboard kernel up to 8x8
    captured = capsys.readouterr()
    assert captured.err.splitlines()[:1] == [
        LEFT_OUT_BITBOARD,
    ]
    assert "\ncpu    conv            1 |" in captured.out
    assert "bitboard" not in captured.out


def test_bench__memory_with_no_job_left_warns_and_runs_the_rest(monkeypatch: pytest.MonkeyPatch, capsys) -> None:  # type: ignore[no-untyped-def]
    calls = _record_measurements(monkeypatch)
    monkeypatch.setattr(bench, "env_latencies", lambda seconds, repeats: {"tictactoe_v3.env()": 10.0})
    assert main(["bench", "--board-size", "10", "--backends", "bitboard", "--memory", "--env"]) == 0
    assert calls == []
    captured = capsys.readouterr()
    assert captured.err.splitlines() == [
        LEFT_OUT_BITBOARD,
        "othello-zoo bench: warning: no throughput measurement is left, so no table and no --memory",
        "othello-zoo bench: measuring the PettingZoo AEC latencies (about 3 s)",
    ]
    assert captured.out.splitlines()[-1] == "  tictactoe_v3.env()                         10.0 us    1.00x"
    assert "board-steps/s" not in captured.out


def test_bench__agents_and_ffo_run_when_asked_and_say_so(monkeypatch: pytest.MonkeyPatch, capsys) -> None:  # type: ignore[no-untyped-def]
    _record_measurements(monkeypatch)
    monkeypatch.setattr(bench, "mcts_rates", lambda seconds: {"start, 32 leaves x 8 playouts": 5000.0})
    search = {"midgame nodes/s (depth 6, C)": 3e6, "endgame solver nodes/s (17 empties)": 300000.0}
    monkeypatch.setattr(bench, "search_rates", lambda solve_ffo: search if not solve_ffo else None)
    ffo = {"FFO #40 seconds": 2.04, "FFO #40 nodes": 37336157, "FFO #40 score": 38, "FFO #40 move": 8}
    ffo |= {"FFO #40 Python seconds": 41.04, "FFO #40 Python nodes": 23189002}
    ffo |= {"FFO #40 Python score": 38, "FFO #40 Python move": 8}
    monkeypatch.setattr(bench, "ffo_40", lambda: ffo)
    assert main(["bench", "--board-size", "10", "--backends", "vector+xot", "--agents", "--ffo"]) == 0
    captured = capsys.readouterr()
    assert captured.err.splitlines()[-2:] == [
        "othello-zoo bench: measuring MCTS and alpha-beta (about 5 s)",
        "othello-zoo bench: solving FFO #40 exactly (20 empties, one core; in C and in Python: about 45 s, no progress "
        "shown)",
    ]
    assert "  start, 32 leaves x 8 playouts               5,000\n" in captured.out
    assert f"  {'midgame nodes/s (depth 6, C)':<42} {3e6:10,.0f}\n" in captured.out
    assert "FFO #40 (20 empties) solved by the agents' solver: a2 +38 in 2.0 s, 37,336,157 nodes" in captured.out
    assert captured.out.endswith(
        "FFO #40 (20 empties) solved in Python: a2 +38 in 41.0 s, 23,189,002 nodes (expected a2 +38)\n"
    )


def test_bench__the_ffo_suite_on_the_cores_each_against_5_s(monkeypatch: pytest.MonkeyPatch, capsys) -> None:  # type: ignore[no-untyped-def]
    """``--ffo-suite`` solves #40-#49 on the cores the process may use, a line each as it is solved, the positions
    over 5 s and any score or move that is not the suite's marked, and the verdict last."""
    _record_measurements(monkeypatch)
    monkeypatch.setattr(bench, "usable_cores", lambda: 2)
    asked: list[tuple[int, tuple[int, ...]]] = []

    def solve(threads: int, numbers: tuple[int, ...]) -> dict[str, float]:
        asked.append((threads, numbers))
        (number,) = numbers
        slow, wrong = number == 49, number == 43
        prefix = f"FFO suite #{number}"
        solved = {f"{prefix} seconds": 5.25 if slow else 1.0, f"{prefix} nodes": 1000 * number, f"{prefix} score": -2}
        return solved | {f"{prefix} move": 19, f"{prefix} right": 0.0 if wrong else 1.0}

    monkeypatch.setattr(bench, "ffo_suite", solve)
    assert main(["bench", "--backends", "vector", "--batch-sizes", "1", "--ffo-suite"]) == 0
    captured = capsys.readouterr()
    assert asked == [(2, (n,)) for n in range(40, 50)]
    assert captured.err.splitlines()[-1] == (
        "othello-zoo bench: solving FFO #40-#49 exactly on 2 threads (a line as each is solved)"
    )
    lines = captured.out.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("FFO #40-#49 by the C solver, 2 threads"))
    assert lines[at + 1] == "  #40: d3 -2, 1.0 s, 40,000 nodes"
    assert lines[at + 4] == "  #43: d3 -2, 1.0 s, 43,000 nodes (not the suite's)"
    assert lines[at + 10] == "  #49: d3 -2, 5.2 s, 49,000 nodes (over 5 s)"
    assert lines[at + 11] == "  the slowest in 5.2 s: the 5 s goal missed"


def test_ffo_suite__the_positions_scores_and_best_moves_of_the_tests_suite_file() -> None:
    """The benchmark's inline copy of FFO #40-#49 (the package ships no test data) is the suite file's."""
    from othello_zoo.cli._measure import FFO_SUITE

    lines = (Path(__file__).parent / "data" / "fforum-40-59.obf").read_text().splitlines()
    assert list(FFO_SUITE) == list(range(40, 50))
    for number, (text, best, moves) in FFO_SUITE.items():
        position, *listed = (part.strip() for part in lines[number - 40].split(";") if part.strip())
        scores = {move.split(":")[0].lower(): int(move.split(":")[1]) for move in listed}
        assert (position, best) == (text, max(scores.values()))
        assert moves == tuple(sorted(move for move, score in scores.items() if score == best))


def test_ffo_suite__ffo_40_solved_right() -> None:
    from othello_zoo.agents.native import native_available
    from othello_zoo.cli._measure import ffo_suite

    solved = ffo_suite(1, (40,))
    if not native_available():
        assert solved == {}  # the C solver off: nothing timed
        return
    assert (solved["FFO suite #40 score"], solved["FFO suite #40 move"], solved["FFO suite #40 right"]) == (38, 8, 1.0)
    assert solved["FFO suite #40 nodes"] > 1_000_000


def _option_help(command: str, capsys: pytest.CaptureFixture[str]) -> dict[str, str]:
    """Each option of ``othello-zoo COMMAND --help`` with its help text, on one line each."""
    with pytest.raises(SystemExit) as exited:
        main([command, "--help"])
    assert exited.value.code == 0
    text = capsys.readouterr().out
    assert text.startswith(f"usage: othello-zoo {command} ")
    usage, options = text.split("\noptions:\n")
    blocks = re.split(r"\n(?=  -)", options.strip("\n"))
    found = {block.split()[0].rstrip(","): " ".join(block.split()) for block in blocks}
    assert set(found) == set(re.findall(r"\[(--?[a-z-]+)", usage))  # every flag of the usage line, once
    return found


@pytest.mark.parametrize("command", ["bench", "play"])
def test_help__every_flag_shows_its_default(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    options = _option_help(command, capsys)
    assert len(options) >= {"bench": 18, "play": 10}[command]  # with -h
    missing = [flag for flag, text in options.items() if flag != "-h" and "(default: " not in text]
    assert missing == []


def test_help__the_defaults_shown_are_the_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    bench_help = _option_help("bench", capsys)
    assert bench_help["--backends"].endswith("(default: bitboard,conv,vector,vector-dict)")
    assert bench_help["--batch-sizes"].endswith("(default: 1,256,4096; also 16384,65536,262144 on CUDA)")
    assert bench_help["--seconds"].endswith("(default: 0.1)")
    assert bench_help["--repeats"].endswith("(default: 2)")
    assert bench_help["--threads"].endswith("(default: default)")
    play_help = _option_help("play", capsys)
    assert play_help["--agent"].endswith("(default: mcts)")
    assert play_help["--simulations"].endswith("(default: 2000)")
    assert play_help["--human"].endswith("(default: black)")


def test_bench__vector_dict_row_beside_the_mover_api(capsys) -> None:  # type: ignore[no-untyped-def]
    argv = ["bench", "--batch-sizes", "8", "--backends", "vector,vector-dict", "--threads", "1"]
    assert main([*argv, "--seconds", "0.01", "--repeats", "1"]) == 0
    printed = capsys.readouterr().out
    assert "\ncpu    vector-dict       1 |" in printed
    assert "\ncpu    vector            1 |" in printed
    result = bench.measure_vector(8, seconds=0.01, repeats=1, form="dict")
    assert (result.backend, result.batch_size) == ("vector-dict", 8)
    with pytest.raises(ValueError, match="form must be 'movers' or 'dict', got 'agents'"):
        bench.measure_vector(8, form="agents")


def test_search_rates__every_search_and_root_count_and_mctx_only_where_installed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import importlib.util
    import subprocess

    from othello_zoo.cli import _measure_search

    # The compiled row (the same search compiled: tests/test_compiled_search.py) is left out: it compiles for minutes.
    rates = _measure_search.batched_search_rates(
        roots=(1, 3), simulations=16, rollout_roots=(2, 5), compiled=False, warm_seconds=0.0
    )
    searches = ("network (64 x 4 blocks)", "network, Gumbel (64 x 4)")
    leaf = "network, Gumbel (64 x 4), leaf batch 8"
    assert list(rates) == [
        "rollouts, N=2",
        "rollouts, N=5",
        *(f"{s}, N={n}" for s in searches for n in (1, 3)),
        *(f"{leaf}{part}, N={n}" for n in (1, 3) for part in ("", ", new nodes a simulation")),
    ]
    assert all(r > 0 for r in rates.values())
    # From the start, the Gumbel root's first batch ends after the first visits of its 4 moves (opening_batches: a
    # batch of 8 had sent a second descent down each move to a child still unevaluated, and 10 of 16 added a node).
    assert rates[f"{leaf}, new nodes a simulation, N=1"] == rates[f"{leaf}, new nodes a simulation, N=3"] == 1.0
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None)
    assert _measure_search.mctx_rates((1,)) == {}
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: object())
    calls = []

    def fake_run(command, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(command[-3:])
        return subprocess.CompletedProcess(command, 0, stdout="compiling...\n1234.5\n")

    monkeypatch.setattr(subprocess, "run", fake_run)
    assert _measure_search.mctx_rates((1, 64), 8) == {
        "mctx + pgx, Gumbel (64 x 4), N=1": 1234.5,
        "mctx + pgx, Gumbel (64 x 4), N=64": 1234.5,
    }
    assert calls == [["othello_zoo.cli._measure_mctx", "1", "8"], ["othello_zoo.cli._measure_mctx", "64", "8"]]


def test_network_rates__both_forms_at_each_batch_size() -> None:
    from othello_zoo.cli import _measure_search

    rates = _measure_search.network_rates(batches=(1, 5))
    forms = ("forward", "predict")
    assert list(rates) == [f"network positions/s, {form}, N={n}" for n in (1, 5) for form in forms]
    assert all(r > 0 for r in rates.values())
