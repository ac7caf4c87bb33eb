"""The thread setting is bounded (1 to ``MAX_THREADS``) wherever it is given: ``set_threads``, ``OTHELLO_ZOO_THREADS``
and ``--threads``. Past the bound torch's OpenMP runtime aborts the process (``set_threads(100000)``) or torch
refuses every later call (``2**31``); here each is one clear error naming the value and the range."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
import torch

from othello_zoo import engine
from othello_zoo.__main__ import main
from othello_zoo.runtime import threads
from othello_zoo.runtime.threads import (
    ENV_VAR,
    MAX_THREADS,
    get_threads,
    kept_settings,
    parse_threads,
    set_threads,
    thread_report,
    threads_setting,
)

SET_ERROR = "threads must be a whole number from 1 to 1024, 'auto' or None (torch's own setting), got "
ENV_ERROR = "OTHELLO_ZOO_THREADS must be a whole number from 1 to 1024, 'auto' or 'torch' (torch's setting), got "
FLAG_ERROR = (
    "othello-zoo train: error: argument --threads: expected a whole number from 1 to 1024, 'auto' or 'torch', got "
)


@pytest.fixture
def settings(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No choice made and no environment variable; torch's setting and the choice as before afterwards."""
    monkeypatch.delenv(ENV_VAR, raising=False)
    with kept_settings():
        threads._chosen.clear()
        yield


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (2**31, "2147483648"),
        (100_000, "100000"),
        (MAX_THREADS + 1, "1025"),
        (np.int64(10**12), "1000000000000"),
        (torch.tensor(5000), "5000"),
        (10**60, "1000000000000000000000000000000000000..."),
    ],
)
def test_set_threads__refuses_counts_above_the_bound_and_keeps_the_setting(
    settings: None, value: object, shown: str
) -> None:
    set_threads(2)
    with pytest.raises(ValueError, match=f"^{re.escape(SET_ERROR + shown)}$"):
        set_threads(value)  # type: ignore[arg-type]
    assert get_threads() == 2  # the refused count changed nothing: the package's calls go on
    state = engine.step(engine.init(2), torch.tensor([19, 26]))
    assert engine.scores(state).tolist() == [[4, 1], [4, 1]]


def test_set_threads__takes_the_bound_itself(settings: None) -> None:
    set_threads(MAX_THREADS)
    assert get_threads() == MAX_THREADS == 1024
    set_threads(np.int64(3))
    assert get_threads() == 3


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("99999999999999999999", "'99999999999999999999'"),
        ("100000", "'100000'"),
        ("1025", "'1025'"),
        ("0", "'0'"),
        ("-1", "'-1'"),
        ("2.5", "'2.5'"),
        ("\u00b2", "'\u00b2'"),
        ("9" * 5000, "'" + "9" * 36 + "..."),
        ("many", "'many'"),
    ],
)
def test_threads_environment_variable__bad_values_are_one_error_naming_the_value_and_the_range(
    settings: None, monkeypatch: pytest.MonkeyPatch, text: str, shown: str
) -> None:
    monkeypatch.setenv(ENV_VAR, text)
    with pytest.raises(ValueError, match=f"^{re.escape(ENV_ERROR + shown)}$"):
        threads_setting()
    assert ("package threads", ENV_ERROR + shown) in thread_report()  # doctor reports it rather than stopping


@pytest.mark.parametrize(
    ("text", "setting"), [("1024", 1024), (" 8 ", 8), ("AUTO", "auto"), ("Torch", None), ("", "auto")]
)
def test_threads_environment_variable__good_values(
    settings: None, monkeypatch: pytest.MonkeyPatch, text: str, setting: object
) -> None:
    monkeypatch.setenv(ENV_VAR, text)
    assert threads_setting() == setting


def test_parse_threads__the_one_reading_of_the_variable_and_the_flag() -> None:
    assert [parse_threads(text) for text in ("1", "1024", "auto", "torch")] == [1, 1024, "auto", "torch"]
    assert [parse_threads(text) for text in ("1025", "0", "01025", "+3", "3 3", "")] == [None] * 6


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("100000", "'100000'"),
        ("99999999999999999999", "'99999999999999999999'"),
        ("0", "'0'"),
        ("x" * 60, "'" + "x" * 37 + "...'"),
    ],
)
def test_cli_threads_flag__refuses_counts_outside_the_range_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, shown: str
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["train", "--out", str(tmp_path / "run"), "--threads", text, "--iterations", "1"])
    assert exit_info.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == FLAG_ERROR + shown
    assert not (tmp_path / "run").exists()


@pytest.mark.parametrize("value", ["99999999999999999999", "100000"])
def test_train_command__a_bad_threads_variable_is_one_line_and_no_run(tmp_path: Path, value: str) -> None:
    """In a child process, as a user meets it: exit status 2, one error line, no traceback, no abort, no folder."""
    out = tmp_path / "run"
    command = [
        sys.executable,
        "-m",
        "othello_zoo",
        "train",
        "--out",
        str(out),
        "--board-size",
        "4",
        "--iterations",
        "1",
    ]
    child = subprocess.run(command, capture_output=True, text=True, timeout=120, env={**os.environ, ENV_VAR: value})
    assert child.returncode == 2, child.stderr
    assert child.stderr.splitlines()[-1] == f"othello-zoo train: error: {ENV_ERROR}'{value}'"
    assert "Traceback" not in child.stderr
    assert not out.exists()
    with_flag = subprocess.run(
        [*command, "--threads", "1", "--channels", "8", "--blocks", "1", "--games", "2", "--simulations", "2",
         "--train-steps", "1", "--batch-size", "8", "--eval-every", "0", "--minutes", "0", "--quiet"],
        capture_output=True, text=True, timeout=300, env={**os.environ, ENV_VAR: value},
    )  # fmt: skip
    assert with_flag.returncode == 0, with_flag.stderr  # --threads is the choice: the variable is not read


@pytest.mark.parametrize("command", ["play", "bench", "arena", "train"])
def test_cli__a_bad_environment_variable_is_one_line_for_every_command(
    command: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from othello_zoo.cli import main as cli_main

    monkeypatch.setenv("OTHELLO_ZOO_THREADS", "99999999999999999999")
    with pytest.raises(SystemExit) as stopped:
        cli_main([command])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert err.strip().splitlines()[-1] == (
        f"othello-zoo {command}: error: OTHELLO_ZOO_THREADS must be a whole number from 1 to 1024, 'auto' or 'torch' "
        "(torch's setting), got '99999999999999999999'"
    )


def test_cli_bench__threads_above_the_bound_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    from othello_zoo.cli import main as cli_main

    with pytest.raises(SystemExit) as stopped:
        cli_main(["bench", "--threads", "1,100000"])
    assert stopped.value.code == 2
    assert "argument --threads: 100000 is not an integer from 1 to 1024" in capsys.readouterr().err
