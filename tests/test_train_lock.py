"""One writer a run: a second ``othello-zoo train`` (or ``Trainer``) on a folder that another one writes is refused at
once, naming the first one's pid; ``--export`` reads a run that goes on and never sees half a checkpoint, and it
writes only a new file or over a network it exported before."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import IO

import pytest
import torch
from children import default_sigint

from othello_zoo.__main__ import main
from othello_zoo.alphazero.agent import load_network
from othello_zoo.alphazero.train import TrainConfig, Trainer, run_lock
from othello_zoo.runtime.files import RunLockedError

TINY = ["--board-size", "4", "--channels", "8", "--blocks", "1", "--games", "2", "--simulations", "2"]
TINY += ["--train-steps", "1", "--batch-size", "8", "--eval-every", "0", "--minutes", "0", "--quiet"]
SETTINGS = {"board_size": 4, "channels": 8, "blocks": 1, "games": 2, "simulations": 2, "train_steps": 1}
SETTINGS |= {"batch_size": 8, "buffer": 256, "eval_every": 0, "minutes": 0}


def _config(iterations: int) -> TrainConfig:
    return TrainConfig(**SETTINGS, iterations=iterations)  # type: ignore[arg-type]


def _in_use(out: Path, pid: int) -> str:
    return f"the run in {out} is in use by another process (pid {pid}): wait for it to end, or stop it"


def _refused(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    """The one error line of a command refused with exit status 2."""
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    lines = [line for line in capsys.readouterr().err.splitlines() if "error:" in line]
    assert len(lines) == 1
    return lines[0]


def _child(out: Path, *flags: str) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "othello_zoo", "train", "--out", str(out), *TINY, *flags]
    return subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=default_sigint
    )


def _wait_for(path: Path, child: subprocess.Popen[str], seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while not path.exists():
        assert child.poll() is None, child.communicate()
        assert time.monotonic() < deadline, f"{path} never appeared"
        time.sleep(0.05)


def _stop(child: subprocess.Popen[str]) -> str:
    """Ctrl-C to the child; its stderr once it ended (exit status 130)."""
    child.send_signal(signal.SIGINT)
    _, err = child.communicate(timeout=120)
    assert child.returncode == 130, err
    return err


# -- in one process ----------------------------------------------------------------------------
def test_trainer__a_second_writer_of_the_same_run_is_refused_with_the_first_ones_pid(tmp_path: Path) -> None:
    first = Trainer(_config(1), tmp_path)
    for kwargs in ({"overwrite": True}, {}):
        with pytest.raises(RunLockedError) as error:
            Trainer(_config(2), tmp_path, **kwargs)  # type: ignore[arg-type]
        assert str(error.value) == _in_use(tmp_path, os.getpid())
    with pytest.raises(RunLockedError, match="is in use by another process"):
        run_lock(tmp_path)
    assert (tmp_path / ".lock").read_text() == str(os.getpid())
    first.run(progress=False)  # the run holds its lock until it returns, then gives it back
    assert not (tmp_path / ".lock").exists()
    second = Trainer(_config(2), tmp_path, resume=True)
    with pytest.raises(RunLockedError):
        first.step()  # the first takes the lock again to write: refused while the second holds it
    assert second.run(progress=False)[-1]["iteration"] == 2
    with Trainer(_config(3), tmp_path, resume=True) as third:
        assert third.iteration == 2
    assert not (tmp_path / ".lock").exists()  # a with block gives the lock back


def test_trainer__a_refused_start_gives_the_lock_back(tmp_path: Path) -> None:
    with Trainer(_config(1), tmp_path) as trainer:
        trainer.save()
    with pytest.raises(FileExistsError, match="holds a run already"):
        Trainer(_config(1), tmp_path)
    notes = tmp_path / "notes.txt"
    notes.write_text("mine\n")
    with pytest.raises(ValueError, match=r"notes\.txt is not a file that torch\.save wrote"):
        Trainer(_config(1), tmp_path / "b", init=notes)
    assert not (tmp_path / ".lock").exists()
    assert not (tmp_path / "b" / ".lock").exists()
    run_lock(tmp_path).release()  # free


def test_trainer__a_save_that_fails_midway_leaves_the_last_checkpoint_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Trainer(_config(1), tmp_path) as trainer:
        trainer.save()
        before = (tmp_path / "checkpoint.pt").read_bytes()

        def fails_midway(data: object, stream: IO[bytes], *args: object, **kwargs: object) -> None:
            stream.write(before[:100])
            raise OSError("no space left on device")

        monkeypatch.setattr(torch, "save", fails_midway)
        with pytest.raises(OSError, match="no space left on device"):
            trainer.save()
    assert (tmp_path / "checkpoint.pt").read_bytes() == before
    assert [path.name for path in tmp_path.iterdir()] == ["checkpoint.pt"]  # no temporary file left, lock given back


def test_train_command__refused_while_another_writer_holds_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run"
    assert main(["train", "--out", str(out), *TINY, "--iterations", "1"]) == 0
    lock = run_lock(out)
    try:
        for flags in (["--resume", "--iterations", "2"], ["--iterations", "1"]):
            line = _refused(capsys, ["train", "--out", str(out), *TINY, *flags])
            assert line == f"othello-zoo train: error: {_in_use(out, os.getpid())}"
        assert torch.load(out / "checkpoint.pt", weights_only=True)["iteration"] == 1  # nothing written
        assert main(["train", "--out", str(out), "--export", str(tmp_path / "net.pt")]) == 0  # a reader is fine
    finally:
        lock.release()
    assert main(["train", "--out", str(out), *TINY, "--resume", "--iterations", "2"]) == 0


def test_train_command__a_refused_new_run_leaves_no_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out, notes = tmp_path / "run", tmp_path / "notes.txt"
    notes.write_text("mine\n")
    line = _refused(capsys, ["train", "--out", str(out), *TINY, "--iterations", "1", "--init", str(notes)])
    assert line == (
        f"othello-zoo train: error: {notes} is not a file that torch.save wrote (it starts with b'mine\\n'): expected "
        "a network (an exported network or a run's checkpoint.pt)"
    )
    assert not out.exists()  # refused under the run's lock, after the folder was made: the empty folder is gone


# -- two processes -----------------------------------------------------------------------------
@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process is a POSIX signal")
def test_train_command__two_processes_on_one_run_the_second_is_refused_and_export_reads_whole_files(
    tmp_path: Path,
) -> None:
    out = tmp_path / "run"
    first = _child(out, "--iterations", "100000")
    try:
        _wait_for(out / "log.json", first)  # an iteration done: the run writes a checkpoint an iteration
        for flags in (["--resume"], ["--iterations", "3"]):
            second = subprocess.run(
                [sys.executable, "-m", "othello_zoo", "train", "--out", str(out), *TINY, *flags],
                capture_output=True,
                text=True,
                timeout=120,
            )
            assert second.returncode == 2, second.stderr
            assert second.stderr.splitlines()[-1] == f"othello-zoo train: error: {_in_use(out, first.pid)}"
            assert "Traceback" not in second.stderr
        exported = tmp_path / "net.pt"
        seen = set()
        for _ in range(15):  # reads while the run replaces its checkpoint: each one whole
            assert main(["train", "--out", str(out), "--export", str(exported)]) == 0
            seen.add(torch.load(exported, weights_only=True)["iteration"])
            assert load_network(exported).board_size == 4
        assert len(seen) >= 2  # the run went on meanwhile
    finally:
        err = _stop(first)
    assert "Traceback" not in err
    assert not (out / ".lock").exists()
    assert [p.name for p in out.iterdir() if p.name.endswith(".partial")] == []
    done = torch.load(out / "checkpoint.pt", weights_only=True)["iteration"]
    assert main(["train", "--out", str(out), *TINY, "--resume", "--iterations", str(done + 1)]) == 0


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process is a POSIX signal")
def test_train_command__two_new_runs_started_together_one_runs_the_other_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "run"
    children = [_child(out, "--iterations", "100000") for _ in range(2)]
    try:
        deadline = time.monotonic() + 120
        while all(child.poll() is None for child in children):
            assert time.monotonic() < deadline, "neither command was refused"
            time.sleep(0.05)
        refused = next(child for child in children if child.poll() is not None)
        running = next(child for child in children if child is not refused)
        _, err = refused.communicate(timeout=60)
        assert refused.returncode == 2, err
        assert err.splitlines()[-1] == f"othello-zoo train: error: {_in_use(out, running.pid)}"
        assert "Traceback" not in err
        _wait_for(out / "log.json", running)
    finally:
        for child in children:
            if child.poll() is None:
                _stop(child)
    assert torch.load(out / "checkpoint.pt", weights_only=True)["iteration"] >= 1


# -- export onto an existing file --------------------------------------------------------------
def test_train_export__writes_a_new_file_or_over_its_own_export_and_never_over_another_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run"
    assert main(["train", "--out", str(out), *TINY, "--iterations", "1"]) == 0
    capsys.readouterr()
    exported = tmp_path / "net.pt"
    assert main(["train", "--out", str(out), "--export", str(exported)]) == 0
    assert capsys.readouterr().out == f"network written to {exported}\n"
    assert main(["train", "--out", str(out), "--export", str(exported)]) == 0
    assert capsys.readouterr().out == (
        f"network written to {exported} (it replaces the network exported there before)\n"
    )
    notes = tmp_path / "notes.txt"
    notes.write_text("mine\n")
    other_run = tmp_path / "other"
    assert main(["train", "--out", str(other_run), *TINY, "--iterations", "1"]) == 0
    shipped_like = tmp_path / "weights.pt"
    torch.save({"network": load_network(exported).state_dict()}, shipped_like)  # a network, not one exported here
    for target in (notes, other_run / "checkpoint.pt", shipped_like):
        before = target.read_bytes()
        line = _refused(capsys, ["train", "--out", str(out), "--export", str(target)])
        assert line == (
            f"othello-zoo train: error: --export {target} exists and is not a network exported by othello-zoo train: "
            "it is never overwritten; give a new file (or remove that one first)"
        )
        assert target.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["net.pt", "notes.txt", "other", "run", "weights.pt"]
