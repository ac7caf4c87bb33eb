"""The trainer's curve: a run's match scores against time (``curve.png`` in the run's folder)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

__all__ = ["plot_training_curve", "pyplot"]

_PYPLOT: list[Any] = []  # the import's outcome, once a process: [matplotlib.pyplot] or [None]


def pyplot() -> Any:
    """``matplotlib.pyplot`` on the Agg backend, or ``None`` where matplotlib cannot be imported; imported once a
    process. The trainer calls it before its first iteration: imported after it (the first import takes about a
    second), a Ctrl-C sent as the first log appeared landed in the import, and a second try met the half-imported
    modules left in ``sys.modules`` (an AttributeError, the run going on after the Ctrl-C)."""
    if not _PYPLOT:
        try:
            import matplotlib

            matplotlib.use("Agg")
            import matplotlib.pyplot as plt
        except ImportError:
            _PYPLOT.append(None)
        else:
            _PYPLOT.append(plt)
    return _PYPLOT[0]


def plot_training_curve(log: Sequence[dict[str, Any]], opponents: Sequence[str], board_size: int, out: Path) -> bool:
    """``out/curve.png``: a training run's match scores against time. ``False`` where there are scores to plot and
    matplotlib is not installed; ``True`` where no match has been played yet (nothing to plot, nothing missing)."""
    shown = [o for o in opponents if any(f"score_vs_{o}" in r for r in log)]
    if not shown:
        return True
    plt = pyplot()
    if plt is None:
        return False
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
