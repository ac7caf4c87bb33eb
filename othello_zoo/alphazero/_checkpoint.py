"""A run's checkpoint (``<out>/checkpoint.pt``): what it holds, its safe write and read, and the export of its
network alone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import torch

from othello_zoo.core.files import load_saved

__all__ = ["CHECKPOINT_KEYS", "export_network", "load_checkpoint", "save_checkpoint"]

CHECKPOINT_KEYS: tuple[str, ...] = ("config", "network", "network_config", "optimizer", "buffer", "generator")
CHECKPOINT_KEYS += ("iteration", "elapsed", "games", "log")  # what train's checkpoint.pt holds


def save_checkpoint(state: dict[str, Any], out: Path) -> None:
    """Writes ``state`` (:data:`CHECKPOINT_KEYS`) to ``out/checkpoint.pt`` through a temporary file moved into
    place, so that the checkpoint is never half written."""
    partial = out / "checkpoint.pt.partial"
    torch.save(state, partial)
    partial.replace(out / "checkpoint.pt")


def load_checkpoint(path: str | Path) -> Any:
    """The checkpoint in ``path`` (tensors and plain data only), checked to hold :data:`CHECKPOINT_KEYS`."""
    return load_saved(path, "a training checkpoint", CHECKPOINT_KEYS)


def export_network(checkpoint: str | Path, out: str | Path) -> Path:
    """Writes the network of a run's ``checkpoint`` (with its settings and last log row, and no
    optimiser or replay buffer) to ``out``: the small file :class:`othello_zoo.agents.AlphaZeroAgent`
    loads, and the form the package ships its networks in."""
    saved = load_checkpoint(checkpoint)
    network = {
        "network": saved["network"],
        "network_config": saved["network_config"],
        "config": saved["config"],
        "iteration": saved["iteration"],
        "minutes": round(saved["elapsed"] / 60, 2),
        "log": saved["log"],
    }
    torch.save(network, out)
    return Path(out)
