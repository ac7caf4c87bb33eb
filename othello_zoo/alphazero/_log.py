"""A run's log files: ``log.json``, ``log.csv`` and, with matplotlib, ``curve.png`` (scores against time)."""

from __future__ import annotations

import csv
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from othello_zoo.alphazero._curve import plot_training_curve

__all__ = ["write_log"]


def write_log(log: Sequence[dict[str, Any]], out: Path, opponents: Sequence[str], board_size: int) -> bool:
    """Writes the rows of ``log`` (one an iteration) to ``out/log.json`` and ``out/log.csv`` (the columns every key
    met, in order) and plots the match scores against ``opponents`` to ``out/curve.png``; ``False`` where
    matplotlib is missing (no plot)."""
    (out / "log.json").write_text(json.dumps(list(log), indent=1))
    keys = list(dict.fromkeys(k for row in log for k in row))
    with open(out / "log.csv", "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=keys)
        writer.writeheader()
        writer.writerows(log)
    return plot_training_curve(log, opponents, board_size, out)
