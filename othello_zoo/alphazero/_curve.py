"""The trainer's curve: a run's match scores against time (``curve.png`` in the run's folder)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

__all__ = ["plot_training_curve"]


def plot_training_curve(log: Sequence[dict[str, Any]], opponents: Sequence[str], board_size: int, out: Path) -> bool:
    """``out/curve.png``: a training run's match scores against time. ``False`` where matplotlib is not installed
    (``True`` also when no match has been played yet, so there is nothing to plot)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    shown = [o for o in opponents if any(f"score_vs_{o}" in r for r in log)]
    if not shown:
        return True
    fig, ax = plt.subplots(figsize=(6, 3.5))
    for opponent in shown:
        rows = [r for r in log if f"score_vs_{opponent}" in r]
        ax.plot([r["minutes"] for r in rows], [r[f"score_vs_{opponent}"] for r in rows], marker="o", label=opponent)
    ax.set_xlabel("training minutes")
    ax.set_ylabel("score (wins + draws / 2)")
    ax.set_ylim(0, 1.02)
    ax.set_title(f"AlphaZero {board_size}x{board_size}: score against each agent")
    ax.legend()
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(out / "curve.png", dpi=110)
    plt.close(fig)
    return True
