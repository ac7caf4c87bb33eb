"""The trainer's progress bar over a time budget: whole seconds as ``MM:SS``, the time left to the budget's end, and
no raw floats (``45.67129854199993/180.0``, ``1.01s/s``)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
import torch
from tqdm import tqdm

from othello_zoo.__main__ import main
from othello_zoo.alphazero._progress import budget_bar
from othello_zoo.alphazero.train import TrainConfig, Trainer

SETTINGS = {"board_size": 4, "channels": 8, "blocks": 1, "games": 2, "simulations": 2, "train_steps": 1}
SETTINGS |= {"batch_size": 8, "buffer": 256, "eval_every": 0}
TINY = ["--board-size", "4", "--channels", "8", "--blocks", "1", "--games", "2", "--simulations", "2"]
TINY += ["--train-steps", "1", "--batch-size", "8", "--eval-every", "0"]
FRAME = re.compile(
    r"othello-zoo train: +(?P<percent>\d+)%\|[^|]*\| (?P<trained>\d\d:\d\d)/(?P<budget>\d\d:\d\d) "
    r"\[(?P<left>\d\d:\d\d) left(?P<postfix>, [^\]]*)?\]"
)


def _seconds(clock: str) -> int:
    minutes, seconds = clock.split(":")
    return int(minutes) * 60 + int(seconds)


def _frames(text: str) -> list[re.Match[str]]:
    """Every line the bar drew, each checked to be the bar's layout: whole seconds, the time left, no floats."""
    drawn = [part.strip() for part in re.split(r"[\r\n]", text) if part.strip().startswith("othello-zoo train:")]
    assert drawn
    assert not re.search(r"\d\.\d{4,}", text), text  # no raw float seconds
    assert "s/s" not in text
    frames = []
    for line in drawn:
        frame = FRAME.fullmatch(line)
        assert frame, line
        trained, budget, left = (_seconds(frame[name]) for name in ("trained", "budget", "left"))
        assert trained + left == budget
        frames.append(frame)
    return frames


def test_trainer__a_time_budget_bar_shows_whole_seconds_and_the_time_left(tmp_path: Path) -> None:
    stream = io.StringIO()
    config = TrainConfig(**SETTINGS, minutes=0.04, iterations=0)  # type: ignore[arg-type]
    log = Trainer(config, tmp_path).run(progress=stream)
    frames = _frames(stream.getvalue())
    assert {frame["budget"] for frame in frames} == {"00:03"}  # 2.4 s, rounded up to whole seconds
    assert frames[0]["trained"] == "00:00"
    assert any(frame["postfix"] == ", iteration 1: self-play ply 1, 2 of 2 games going" for frame in frames)
    last = frames[-1]
    assert (last["percent"], last["trained"], last["left"]) == ("100", "00:03", "00:00")
    minutes, loss = (tqdm.format_num(log[-1][key]) for key in ("minutes", "value_loss"))
    assert last["postfix"] == f", iteration={len(log)}, minutes={minutes}, value_loss={loss}"
    seconds = [_seconds(frame["trained"]) for frame in frames]
    assert seconds == sorted(seconds)  # the bar moves within iterations too, never back


def test_train_command__the_bar_on_stderr_and_a_resumed_run_starts_at_its_seconds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["train", "--out", str(tmp_path), *TINY, "--minutes", "0.03"]) == 0
    frames = _frames(capsys.readouterr().err)
    assert frames[-1]["trained"] == frames[-1]["budget"] == "00:02"
    elapsed = torch.load(tmp_path / "checkpoint.pt", weights_only=True)["elapsed"]
    assert main(["train", "--out", str(tmp_path), "--resume", "--minutes", "0.06"]) == 0
    frames = _frames(capsys.readouterr().err)
    assert _seconds(frames[0]["trained"]) == int(elapsed)
    assert {frame["budget"] for frame in frames} == {"00:04"}


def test_budget_bar__hours_minutes_and_seconds() -> None:
    stream = io.StringIO()
    with budget_bar(7200, 3599, "othello-zoo train", stream) as bar:
        bar.update(1)
    last = stream.getvalue().split("\r")[-1].strip()
    assert last.endswith("| 1:00:00/2:00:00 [1:00:00 left]")
    assert last.startswith("othello-zoo train:  50%|")
