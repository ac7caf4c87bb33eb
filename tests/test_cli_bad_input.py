"""Every command-line flag with a bad value: a usage message and exit status 2, no traceback, and
nothing measured or played first."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import torch

from othello_zoo.__main__ import main

BAD_FLAGS = [
    ("play", "--board-size", "7", "7 is odd"),
    ("play", "--board-size", "18", "18 is not an integer from 4 to 16"),
    ("play", "--board-size", "eight", "'eight' is not an integer"),
    ("play", "--simulations", "-5", "-5 is not an integer >= 1"),
    ("play", "--simulations", "nan", "'nan' is not an integer"),
    ("play", "--seed", "-1", "-1 is not an integer >= 0"),
    ("play", "--seconds", "0", "'0' is not a number of seconds above 0 and at most 600"),
    ("play", "--seconds", "nan", "'nan' is not a number of seconds above 0"),
    ("play", "--seconds", "soon", "'soon' is not a number of seconds"),
    ("play", "--agent", "strong", "invalid choice: 'strong'"),
    ("play", "--human", "red", "invalid choice: 'red'"),
    ("play", "--black", "nobody", "invalid choice: 'nobody'"),
    ("train", "--games", "0", "games must be"),
    ("train", "--root-policy", "uct", "root_policy must be 'puct' or 'gumbel', got 'uct'"),
    ("play", "--opening-book", "no-such-book.txt", "opening book file not found: 'no-such-book.txt'"),
    ("bench", "--threads", "0", "0 is not an integer from 1 to 1024"),
    ("bench", "--threads", "two", "'two' is not an integer"),
    ("bench", "--backends", "foo", "'foo': choose from bitboard, conv, conv2d, vector, vector-dict, vector\\+xot"),
    ("bench", "--backends", ",", "choose from"),
    ("bench", "--batch-sizes", "0,16", "0 is not an integer >= 1"),
    ("bench", "--board-size", "9", "9 is odd"),
    ("bench", "--seconds", "nan", "'nan' is not a finite number > 0"),
    ("bench", "--seconds", "-1", "'-1' is not a finite number > 0"),
    ("bench", "--repeats", "0", "0 is not an integer >= 1"),
    ("bench", "--compare", "jax", "invalid choice: 'jax'"),
    ("bench", "--json", "/no/such/folder/out.json", "the folder '/no/such/folder' does not exist"),
    ("bench", "--plot", "/no/such/folder/out.png", "the folder '/no/such/folder' does not exist"),
]
if not torch.cuda.is_available():
    BAD_FLAGS.append(("bench", "--devices", "cuda", "torch sees no CUDA device"))
BAD_FLAGS.append(("bench", "--devices", "tpu", "'tpu': choose from cpu, cuda"))


@pytest.mark.parametrize(
    ("command", "flag", "value", "message"), BAD_FLAGS, ids=[f"{c} {f} {v}" for c, f, v, _ in BAD_FLAGS]
)
def test_cli__bad_flag_value_exits_2_with_usage(
    command: str, flag: str, value: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main([command, flag, value])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: othello-zoo " + command)
    assert f"argument {flag}" in err
    assert re.search(message, err)
    assert "Traceback" not in err


def test_cli__a_directory_as_json_output_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["bench", "--json", str(tmp_path)])
    assert exited.value.code == 2
    assert "is a directory, not a file" in capsys.readouterr().err


def test_cli__a_bad_book_line_is_a_usage_error_naming_file_and_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    book = tmp_path / "book.txt"
    book.write_text("f5d6\nf5a1\n")
    with pytest.raises(SystemExit) as exited:
        main(["play", "--opening-book", str(book), "--terminal"])
    assert exited.value.code == 2
    assert "line 2: move 2 (a1) is illegal" in capsys.readouterr().err


def test_cli__as_a_process_no_traceback() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "othello_zoo", "bench", "--seconds", "nan"], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 2
    assert "usage: othello-zoo bench" in done.stderr
    assert "Traceback" not in done.stderr


NOTHING_TO_RUN = [
    (["--board-size", "10", "--backends", "bitboard"], "bitboard: the bitboard backend holds boards up to 8x8"),
    (["--board-size", "10", "--backends", "bitboard", "--memory"], "got board_size=10; use backend='conv'"),
    (
        ["--board-size", "6", "--backends", "vector+xot"],
        "vector+xot: the 'xot' book holds 8x8 openings, got board_size=6",
    ),
]


@pytest.mark.parametrize(("flags", "reason"), NOTHING_TO_RUN, ids=[" ".join(f) for f, _ in NOTHING_TO_RUN])
def test_cli__bench_with_nothing_to_run_exits_2_with_usage(
    flags: list[str], reason: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["bench", *flags])
    assert exited.value.code == 2
    captured = capsys.readouterr()
    assert captured.err.startswith("usage: othello-zoo bench")
    message = captured.err.splitlines()[-1]
    assert message.startswith("othello-zoo bench: error: nothing to run: ")
    assert reason in message
    assert message.endswith(
        "; choose --backends that run at this board size (conv, conv2d, vector and the -compiled forms of vector "
        "and wide run on all)"
        ", or add --agents, --ffo, --ffo-suite, --env or --search"
    )
    assert captured.out == ""  # nothing measured first


def test_cli__seconds_with_no_thinking_agent_playing_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["play", "--black", "human", "--white", "greedy", "--seconds", "2"])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert "argument --seconds: it sets the thinking time of alphabeta, az and mcts, and none plays in this game" in err


def test_cli__az_on_a_size_with_no_shipped_network_exits_2_naming_the_sizes(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["play", "--agent", "az", "--board-size", "10"])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    shipped = r"no network is shipped for 10x10 \(shipped: 6x6, 8x8\); try --board-size 6 or --board-size 8"
    assert re.search(r"argument --agent: az: " + shipped, err)
