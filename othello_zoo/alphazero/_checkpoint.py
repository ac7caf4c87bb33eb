"""A run's checkpoint (``<out>/checkpoint.pt``): what it holds, its safe write and read, and the export of its
network alone.

Every file is written whole or not at all: to a temporary file in the same folder, flushed to the disk, then moved
into place (``os.replace``, atomic), so that a reader (``train --export`` while the run goes on, an agent) sees the
previous file or the new one, never half of one. One process writes a run: :class:`~othello_zoo.alphazero.train.
Trainer` holds the run's lock (:func:`run_lock`) while it runs.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import torch

from othello_zoo.alphazero.network import check_network_config, check_weights
from othello_zoo.runtime.files import RunLock, interrupts_deferred, load_saved

__all__ = ["CHECKPOINT_KEYS", "EXPORT_KEYS", "export_network", "load_checkpoint", "run_lock", "save_checkpoint"]
__all__ += ["check_checkpoint", "check_export_target", "check_saved_network", "is_exported_network", "write_whole"]

CHECKPOINT_KEYS: tuple[str, ...] = ("config", "network", "network_config", "optimizer", "buffer", "generator")
CHECKPOINT_KEYS += ("iteration", "elapsed", "games", "log")  # what train's checkpoint.pt holds
EXPORT_KEYS = ("network", "network_config", "config", "iteration", "minutes", "log")  # what an exported network holds
LOCK_NAME = ".lock"  # the run's lock file, in its folder


def run_lock(out: str | Path) -> RunLock:
    """The lock of the run in the folder ``out`` (created if missing), taken now: a second writer of the same run,
    in this process or another, gets :class:`~othello_zoo.runtime.files.RunLockedError` naming the holder's pid."""
    return RunLock(Path(out) / LOCK_NAME, f"the run in {out}")


def write_whole(data: Any, target: Path) -> None:
    """``torch.save(data)`` to ``target`` through a temporary file of the same folder, flushed to the disk and moved
    into place: ``target`` is the old file or the new one at every moment, never half written (and the temporary
    file is removed if the write fails). A Ctrl-C during the write lets it finish, then interrupts
    (:func:`~othello_zoo.runtime.files.interrupts_deferred`)."""
    temporary = target.with_name(f".{target.name}.{os.getpid()}-{secrets.token_hex(4)}.partial")
    try:
        with interrupts_deferred():
            with temporary.open("xb") as stream:  # a new file (never another's), with the usual permissions
                torch.save(data, stream)
                stream.flush()
                os.fsync(stream.fileno())
            os.replace(temporary, target)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def save_checkpoint(state: dict[str, Any], out: Path) -> None:
    """Writes ``state`` (:data:`CHECKPOINT_KEYS`) to ``out/checkpoint.pt``, never half written (:func:`write_whole`)."""
    write_whole(state, out / "checkpoint.pt")


def load_checkpoint(path: str | Path) -> Any:
    """The checkpoint in ``path`` (tensors and plain data only), checked to hold :data:`CHECKPOINT_KEYS`."""
    return load_saved(path, "a training checkpoint", CHECKPOINT_KEYS)


def check_saved_network(saved: Mapping[str, Any], path: str | Path, what: str) -> dict[str, int]:
    """The checked ``network_config`` of a loaded file (``saved``, from ``path``): its settings within bounds and its
    weights of the names and shapes they give (nothing is built). A ``ValueError`` names the file, ``what`` was
    expected and what is wrong."""
    try:
        config = check_network_config(saved["network_config"])
        check_weights(config, saved["network"])
    except (TypeError, ValueError) as error:
        raise ValueError(f"{path} is not {what}: {error}") from None
    return config


def check_checkpoint(saved: Mapping[str, Any], path: str | Path) -> None:
    """Checks the plain entries of a loaded training checkpoint (from ``path``): ``config`` a dict, ``iteration``
    and ``games`` whole numbers >= 0, ``elapsed`` seconds >= 0, ``log`` a list of dicts. A ``ValueError`` names the
    file and the entry."""
    wrong = ""
    if not isinstance(saved["config"], Mapping):
        wrong = f"its config is a {type(saved['config']).__name__}, not a dict of settings"
    for key in ("iteration", "games"):
        value = saved[key]
        if not wrong and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
            wrong = f"its {key} is {value!r}, not a whole number >= 0"
    elapsed = saved["elapsed"]
    if not wrong and (isinstance(elapsed, bool) or not isinstance(elapsed, (int, float)) or not 0 <= elapsed < 1e12):
        wrong = f"its elapsed is {elapsed!r}, not seconds >= 0"
    if not wrong and not (isinstance(saved["log"], list) and all(isinstance(row, dict) for row in saved["log"])):
        wrong = "its log is not a list of rows (dicts)"
    if wrong:
        raise ValueError(f"{path} is not a training checkpoint this package can read: {wrong}")


def is_exported_network(path: Path) -> bool:
    """Whether ``path`` is a network that :func:`export_network` wrote (its keys, and no optimiser: not a run's
    checkpoint)."""
    try:
        saved = load_saved(path, "an exported network", EXPORT_KEYS)
        check_saved_network(saved, path, "an exported network")
    except (OSError, ValueError):
        return False
    return set(saved) == set(EXPORT_KEYS)


def check_export_target(out: str | Path) -> str:
    """Where :func:`export_network` may write: a new file in an existing folder, or a network exported before (which
    it replaces). Returns ``"new"`` or ``"replaces"``; a ``ValueError`` says why another path is refused and what to
    give (it never names the flag: the command adds it)."""
    target = Path(out)
    if target.is_dir():
        raise ValueError(f"{out} is a folder: give the file to write, e.g. {target / 'network.pt'}")
    if not target.parent.is_dir():
        raise ValueError(f"{out}: the folder {target.parent} does not exist")
    if not target.exists():
        return "new"
    if not target.is_file() or not is_exported_network(target):
        raise ValueError(
            f"{out} exists and is not a network exported by othello-zoo train: it is never overwritten; give a new "
            "file (or remove that one first)"
        )
    return "replaces"


def export_network(checkpoint: str | Path, out: str | Path) -> Path:
    """Writes the network of a run's ``checkpoint`` (with its settings and last log row, and no
    optimiser or replay buffer) to ``out``: the small file :class:`othello_zoo.agents.AlphaZeroAgent`
    loads, and the form the package ships its networks in.

    ``out`` must be a new file in an existing folder, or a network exported before (replaced); any other file is
    refused with a ``ValueError`` (:func:`check_export_target`). The checkpoint is read once, whole (a run writing it
    meanwhile replaces it atomically), and its network checked before anything is written."""
    check_export_target(out)
    saved = load_checkpoint(checkpoint)
    check_checkpoint(saved, checkpoint)
    check_saved_network(saved, checkpoint, "a training checkpoint")
    network = {
        "network": saved["network"],
        "network_config": saved["network_config"],
        "config": saved["config"],
        "iteration": saved["iteration"],
        "minutes": round(saved["elapsed"] / 60, 2),
        "log": saved["log"],
    }
    write_whole(network, Path(out))
    return Path(out)
