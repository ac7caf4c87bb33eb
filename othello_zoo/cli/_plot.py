"""The bench's throughput plot (``othello-zoo bench --plot``); re-exported by :mod:`othello_zoo.cli.bench`."""

from __future__ import annotations

from collections.abc import Sequence

from othello_zoo.cli._measure import Result

__all__ = ["plot"]


def plot(results: Sequence[Result], path: str) -> None:
    """Throughput against batch size, log-log, one line per (backend, threads); needs matplotlib."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4.5))
    series: dict[tuple[str, str, int], list[Result]] = {}
    for r in results:
        series.setdefault((r.backend, r.device, r.threads), []).append(r)
    colours = {
        "bitboard": "tab:blue",
        "conv": "tab:orange",
        "conv2d": "tab:green",
        "pgx": "tab:purple",
        "vector": "tab:red",
        "vector-dict": "tab:pink",
        "vector-dict-compiled": "tab:olive",
        "gym-vector": "tab:gray",
        "gym-vector-compiled": "tab:cyan",
        "wide-compiled": "darkgoldenrod",
        "vector+xot": "tab:brown",
    }
    for (backend, device, threads), rs in series.items():
        rs.sort(key=lambda r: r.batch_size)
        plural = "s" if threads > 1 else ""
        label = f"pgx ({device})" if backend == "pgx" else f"{backend} ({device}, {threads} thread{plural})"
        style = "--" if threads == 1 else "-"
        xs, ys = [r.batch_size for r in rs], [r.board_steps_per_s for r in rs]
        ax.plot(xs, ys, style, marker="o", color=colours.get(backend), label=label)
    ax.set_xscale("log", base=2)
    ax.set_yscale("log")
    ax.set_xlabel("batch size (boards)")
    ax.set_ylabel("board-steps / s (random play)")
    ax.set_title("othello-zoo engine throughput")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
