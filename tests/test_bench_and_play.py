"""The command line: ``bench`` with tiny settings and the terminal game."""

from __future__ import annotations

import io
import json
from pathlib import Path

from othello_zoo import bench
from othello_zoo.__main__ import main
from othello_zoo.play import terminal_game


def test_bench__tiny_run_writes_every_result(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "bench.json"
    argv = ["bench", "--batch-sizes", "1,16", "--backends", "bitboard,conv", "--threads", "1"]
    argv += ["--seconds", "0.01", "--repeats", "1", "--json", str(out), "--no-env", "--no-agents"]
    assert main(argv) == 0
    data = json.loads(out.read_text())
    rows = {(r["backend"], r["batch_size"]) for r in data["results"]}
    assert rows == {("bitboard", 1), ("bitboard", 16), ("conv", 1), ("conv", 16)}
    assert all(r["board_steps_per_s"] > 0 and r["threads"] == 1 for r in data["results"])
    printed = capsys.readouterr().out
    assert "board-steps/s" in printed
    assert "bitboard" in printed


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
    assert "'a1' is not a legal move here; legal: d3c4f5e6" in text
    assert "cannot read a move" in text
    assert "X (black) to move" in text
    assert "game stopped" in text


def test_bench__ratios_best_thread_count_and_like_for_like() -> None:
    def result(backend: str, threads: int, rate: float) -> bench.Result:
        return bench.Result(backend, "cpu", threads, 4096, 8, rate, 1, 1.0)

    results = [result("bitboard", 1, 500.0), result("bitboard", 2, 800.0), result("vector", 1, 400.0)]
    results.append(result("vector", 2, 600.0))
    assert bench._ratio(results, "vector", "bitboard", 4096) == 600.0 / 800.0
    assert bench._ratio(results, "vector", "bitboard", 4096, threads=1) == 400.0 / 500.0
    assert bench._ratio(results, "vector", "bitboard", 4096, threads=4) is None
    assert bench._ratio(results, "vector", "bitboard", 16384) is None


def test_bench__like_for_like_ratios_and_memory_in_a_fresh_process(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "bench.json"
    argv = ["bench", "--batch-sizes", "4096", "--backends", "bitboard,vector", "--threads", "1,2", "--memory"]
    argv += ["--seconds", "0.01", "--repeats", "1", "--json", str(out), "--no-env", "--no-agents"]
    assert main(argv) == 0
    printed = capsys.readouterr().out
    for setting in ("best thread setting", "1 thread(s) each", "2 thread(s) each"):
        assert f"ratio vector / bitboard at B=4096 (cpu, {setting}): " in printed
    memory = json.loads(out.read_text())["peak_memory_mib"]
    assert set(memory) == {"bitboard", "vector"}  # measured by code run in a subprocess
    assert all(0 <= value < 1024 for value in memory.values())
