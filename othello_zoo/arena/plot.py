"""The arena's picture: the ratings with their intervals, and the score of each pair (needs matplotlib)."""

from __future__ import annotations

import os
from collections.abc import Sequence

from othello_zoo.arena.ratings import Rating, head_to_head

__all__ = ["plot_ratings"]


def plot_ratings(
    table: Sequence[Rating], outcomes: Sequence[tuple[str, str, float]], path: str | os.PathLike[str]
) -> None:
    """Save a figure to ``path`` (PNG, SVG or PDF by its suffix): on the left each agent's Elo and 95% interval,
    best at the top; on the right the head-to-head scores (the row agent's points per game against the column's).

    Raises:
        ModuleNotFoundError: matplotlib is not installed (``pip install "othello-zoo[bench]"`` brings it).
    """
    try:
        import matplotlib
    except ModuleNotFoundError as error:
        raise ModuleNotFoundError(
            'the arena plot needs matplotlib: pip install "othello-zoo[bench]" (or pip install matplotlib)'
        ) from error
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = [rating.label for rating in table]
    index = {label: i for i, label in enumerate(labels)}
    m = len(labels)
    scores = [[float("nan")] * m for _ in range(m)]
    for (first, second), (won, drawn, lost) in head_to_head(outcomes).items():
        games = won + drawn + lost
        scores[index[first]][index[second]] = (won + 0.5 * drawn) / games
        scores[index[second]][index[first]] = (lost + 0.5 * drawn) / games
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 0.5 * m + 2.2), gridspec_kw={"width_ratios": [1, 1.1]})
    rows = list(range(m))[::-1]
    elo = [rating.elo for rating in table]
    below = [rating.elo - rating.low for rating in table]
    above = [rating.high - rating.elo for rating in table]
    left.errorbar(elo, rows, xerr=[below, above], fmt="o", color="tab:blue", ecolor="tab:gray", capsize=4)
    left.set_yticks(rows, labels)
    left.axvline(0, color="lightgray", linewidth=1, zorder=0)
    left.set_xlabel("Elo (95% interval)")
    left.set_title("Ratings (Bradley-Terry)")
    image = right.imshow(scores, cmap="RdBu", vmin=0, vmax=1)
    right.set_xticks(range(m), labels, rotation=45, ha="right")
    right.set_yticks(range(m), labels)
    for i in range(m):
        for j in range(m):
            if scores[i][j] == scores[i][j]:  # not NaN: the pair met
                ink = "white" if abs(scores[i][j] - 0.5) > 0.3 else "black"  # readable on the dark cells
                right.text(j, i, f"{scores[i][j]:.2f}", ha="center", va="center", fontsize=8, color=ink)
    right.set_title("Score of the row against the column")
    fig.colorbar(image, ax=right, fraction=0.046, pad=0.04)
    fig.tight_layout()
    fig.savefig(os.fspath(path), dpi=120)
    plt.close(fig)
