"""``othello-zoo train`` never loses a run: no overwrite, no export onto the checkpoint, no silent change on resume,
and Ctrl-C keeps every finished iteration."""

from __future__ import annotations

import dataclasses
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import torch
from children import default_sigint

from othello_zoo.__main__ import main
from othello_zoo.alphazero.train import TrainConfig, Trainer

TINY = ["--board-size", "4", "--channels", "8", "--blocks", "1", "--games", "2", "--simulations", "2"]
TINY += ["--train-steps", "1", "--batch-size", "8", "--eval-every", "0", "--minutes", "0", "--quiet"]


def _train(out: Path, *flags: str) -> int:
    return main(["train", "--out", str(out), *TINY, *flags])


def _iteration(out: Path) -> int:
    return int(torch.load(out / "checkpoint.pt", weights_only=True)["iteration"])


def _refused(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    return capsys.readouterr().err


def test_train__an_existing_run_is_never_started_afresh(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _train(tmp_path, "--iterations", "2") == 0
    before = (tmp_path / "checkpoint.pt").read_bytes()
    err = _refused(capsys, ["train", "--out", str(tmp_path), *TINY, "--iterations", "1"])
    assert f"{tmp_path} holds a run already: add --resume to continue it, or give another --out" in err
    assert (tmp_path / "checkpoint.pt").read_bytes() == before
    with pytest.raises(FileExistsError, match="holds a run already"):
        Trainer(TrainConfig(iterations=1), tmp_path)
    assert _iteration(tmp_path) == 2
    Trainer(TrainConfig(board_size=4, channels=8, blocks=1, iterations=1, minutes=0), tmp_path, overwrite=True)


def test_train__export_never_lands_on_the_checkpoint_nor_in_a_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _train(tmp_path, "--iterations", "1") == 0
    checkpoint = tmp_path / "checkpoint.pt"
    err = _refused(capsys, ["train", "--out", str(tmp_path), "--export", str(checkpoint)])
    assert "is the run's own checkpoint: give another file" in err
    err = _refused(capsys, ["train", "--out", str(tmp_path), "--export", str(tmp_path)])
    assert "is a folder: give the file to write" in err
    err = _refused(capsys, ["train", "--out", str(tmp_path), "--export", str(tmp_path / "no" / "such" / "net.pt")])
    assert f"the folder {tmp_path / 'no' / 'such'} does not exist" in err
    assert "optimizer" in torch.load(checkpoint, weights_only=True)  # still the training checkpoint
    assert main(["train", "--out", str(tmp_path), "--export", str(tmp_path / "network.pt")]) == 0
    assert _train(tmp_path, "--resume", "--iterations", "2") == 0  # the run goes on
    assert _iteration(tmp_path) == 2


def test_train__resume_refuses_flags_that_contradict_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _train(tmp_path, "--iterations", "1") == 0
    argv = ["train", "--out", str(tmp_path), "--resume", "--iterations", "2", "--board-size", "6", "--lr", "0.1"]
    err = _refused(capsys, argv)
    assert "--board-size 6 (the run has 4); --lr 0.1 (the run has 0.002) would change them" in err
    assert "only --minutes, --iterations, --device, --ray-address, --ray-workers may change" in err
    assert _iteration(tmp_path) == 1
    same = ["train", "--out", str(tmp_path), "--resume", "--iterations", "2", "--board-size", "4", "--quiet"]
    assert main(same) == 0  # a flag that agrees with the run is fine
    assert _iteration(tmp_path) == 2


def test_train__out_that_is_a_file_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a_file = tmp_path / "notes.txt"
    a_file.write_text("mine\n")
    err = _refused(capsys, ["train", "--out", str(a_file), *TINY, "--iterations", "1"])
    assert f"--out {a_file} is a file: give the run's folder" in err
    assert a_file.read_text() == "mine\n"


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process is a POSIX signal")
def test_train__ctrl_c_keeps_the_finished_iterations_and_says_how_to_go_on(tmp_path: Path) -> None:
    out = tmp_path / "run"
    command = [sys.executable, "-m", "othello_zoo", "train", "--out", str(out), *TINY, "--iterations", "100000"]
    child = subprocess.Popen(
        command, stderr=subprocess.PIPE, stdout=subprocess.PIPE, text=True, preexec_fn=default_sigint
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not (out / "log.json").exists():  # written after the first iteration
        time.sleep(0.1)
    child.send_signal(signal.SIGINT)
    _, err = child.communicate(timeout=60)
    assert child.returncode == 130, err
    done = _iteration(out)
    assert done >= 1
    assert f"holds {done} finished iteration(s); go on with: othello-zoo train --out {out} --resume" in err
    assert "Traceback" not in err
    assert main(["train", "--out", str(out), "--resume", "--iterations", str(done + 1), "--quiet"]) == 0
    assert _iteration(out) == done + 1
    assert os.path.exists(out / "log.csv")


def test_train__ctrl_c_during_a_checkpoint_write_counts_what_the_file_holds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Ctrl-C that lands while the third checkpoint (iteration 2) is written: the write ends whole, and the message
    counts the iterations that file holds (it once said one fewer: the interrupt came between the write and the
    count)."""
    from othello_zoo.alphazero import _checkpoint

    real_save, writes = torch.save, []

    def save_then_interrupt(data: object, stream: object) -> None:
        writes.append(1)
        real_save(data, stream)  # type: ignore[arg-type]
        if len(writes) == 3:  # iteration 0, 1, then 2
            signal.raise_signal(signal.SIGINT)

    monkeypatch.setattr(_checkpoint.torch, "save", save_then_interrupt)
    out = tmp_path / "run"
    # Python's own handler, as an interactive run has it (a runner started in the background inherits SIGINT ignored)
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        assert _train(out, "--iterations", "5") == 130
    finally:
        signal.signal(signal.SIGINT, previous)
    assert _iteration(out) == 2
    err = capsys.readouterr().err
    assert f"holds 2 finished iteration(s); go on with: othello-zoo train --out {out} --resume" in err
    assert [row["iteration"] for row in json.loads((out / "log.json").read_text())] == [1, 2]  # the log too


def test_train__ray_address_without_ray_is_refused_before_anything_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "ray" else real(name, *a))
    err = _refused(
        capsys, ["train", "--out", str(tmp_path / "run"), *TINY, "--iterations", "1", "--ray-address", "local"]
    )
    assert "--ray-address needs Ray, which is not installed: pip install 'othello-zoo[ray]'" in err
    assert not (tmp_path / "run").exists()


def test_train__help_says_what_each_setting_means_and_no_plot_is_said_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    with pytest.raises(SystemExit):
        main(["train", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--root-policy ROOT_POLICY the search's root: puct (AlphaZero: Dirichlet noise, visit counts)" in text
    assert "--iterations ITERATIONS iterations to reach (0: until the budget in --minutes) (default: 0)" in text
    assert "--eval-every EVAL_EVERY iterations between matches against the eval opponents (0: no matches)" in text
    import builtins

    real_import = builtins.__import__

    def no_matplotlib(name: str, *args: object, **kwargs: object) -> object:
        if name.startswith("matplotlib"):
            raise ImportError("no matplotlib here")
        return real_import(name, *args, **kwargs)  # type: ignore[arg-type]

    from othello_zoo.alphazero import _curve

    monkeypatch.setattr(builtins, "__import__", no_matplotlib)
    monkeypatch.setattr(_curve, "_PYPLOT", [])  # the import is tried once a process: not yet, here
    assert _train(tmp_path / "no-matches", "--iterations", "1") == 0  # no match, so no curve to miss: not said
    assert "curve.png" not in capsys.readouterr().err
    assert _train(tmp_path, "--iterations", "2", "--eval-every", "1", "--eval-games", "2") == 0
    err = capsys.readouterr().err
    assert err.count("no curve.png: matplotlib is not installed (pip install 'othello-zoo[bench]')") == 1
    assert not (tmp_path / "curve.png").exists()


def test_train__a_bare_resume_keeps_the_runs_budget_and_overwrite_starts_afresh(tmp_path: Path) -> None:
    assert _train(tmp_path, "--iterations", "2") == 0
    assert main(["train", "--out", str(tmp_path), "--resume", "--quiet"]) == 0  # the run's own 2 iterations: done
    assert _iteration(tmp_path) == 2
    assert main(["train", "--out", str(tmp_path), "--resume", "--iterations", "3", "--quiet"]) == 0
    assert _iteration(tmp_path) == 3
    config = TrainConfig(board_size=6, channels=8, blocks=1, games=2, simulations=2, train_steps=1, batch_size=8)
    fresh = Trainer(dataclasses.replace(config, eval_every=0, minutes=0, iterations=1), tmp_path, overwrite=True)
    fresh.run(progress=False)
    saved = torch.load(tmp_path / "checkpoint.pt", weights_only=True)
    assert (saved["iteration"], saved["config"]["board_size"]) == (1, 6)  # the new run, not the old one


def test_train__resume_reads_a_run_saved_with_flat_search_settings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _train(tmp_path, "--iterations", "1", "--c-puct", "1.5") == 0
    path = tmp_path / "checkpoint.pt"
    saved = torch.load(path, weights_only=True)
    assert saved["config"]["search"]["c_puct"] == 1.5
    saved["config"] = TrainConfig.from_dict(saved["config"]).settings()  # the form of runs saved before the nesting
    assert (saved["config"]["c_puct"], saved["config"]["simulations"], "search" in saved["config"]) == (1.5, 2, False)
    torch.save(saved, path)
    err = _refused(capsys, ["train", "--out", str(tmp_path), "--resume", "--iterations", "2", "--c-puct", "2"])
    assert "--c-puct 2.0 (the run has 1.5) would change them" in err
    assert main(["train", "--out", str(tmp_path), "--resume", "--iterations", "2", "--quiet"]) == 0
    resumed = torch.load(path, weights_only=True)
    assert (resumed["iteration"], resumed["config"]["search"]["c_puct"]) == (2, 1.5)  # nested from now on


def test_train__a_bad_checkpoint_or_init_network_is_one_line_naming_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _train(tmp_path, "--iterations", "1") == 0
    path = tmp_path / "checkpoint.pt"
    saved = torch.load(path, weights_only=True)
    torch.save({**saved, "network_config": [4, 8, 1]}, path)
    lines = _refused(capsys, ["train", "--out", str(tmp_path), "--resume", "--iterations", "2"]).splitlines()
    assert lines[-1] == (
        f"othello-zoo train: error: {path} is not a training checkpoint: network_config must be a dict of board_size, "
        "channels and blocks, got a list"
    )
    huge = tmp_path / "huge.pt"
    torch.save({"network": saved["network"], "network_config": {"board_size": 4, "channels": 8, "blocks": 10**8}}, huge)
    argv = ["train", "--out", str(tmp_path / "new"), *TINY, "--iterations", "1", "--init", str(huge)]
    assert _refused(capsys, argv).splitlines()[-1] == (
        f"othello-zoo train: error: {huge} is not a network (an exported network or a run's checkpoint.pt): blocks "
        "must be an int from 0 to 128, got 100000000"
    )
    assert not (tmp_path / "new").exists()
    assert torch.load(path, weights_only=True)["network_config"] == [4, 8, 1]  # nothing written


def test_write_whole__a_ctrl_c_during_the_write_lets_it_finish_then_interrupts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Ctrl-C in the middle of ``torch.save`` had broken its zip writer, whose clean-up raised a ``RuntimeError``
    in place of the interrupt (a traceback from ``train``): the write now ends whole, then the interrupt comes."""
    from othello_zoo.alphazero._checkpoint import write_whole

    real_save = torch.save

    def interrupted(data: object, stream: object) -> None:
        os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C, as the write starts
        real_save(data, stream)  # type: ignore[arg-type]

    monkeypatch.setattr(torch, "save", interrupted)
    target = tmp_path / "checkpoint.pt"
    before = signal.signal(signal.SIGINT, signal.default_int_handler)  # Python's own, as a command starts with
    try:
        with pytest.raises(KeyboardInterrupt):
            write_whole({"iteration": torch.arange(3)}, target)
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    finally:
        signal.signal(signal.SIGINT, before)
    assert torch.load(target, weights_only=True)["iteration"].tolist() == [0, 1, 2]
    assert [p.name for p in tmp_path.iterdir()] == ["checkpoint.pt"]  # no partial file left
