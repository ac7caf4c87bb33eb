"""``othello-zoo bench``: engine throughput in board-steps per second.

Every measurement plays uniformly random legal actions on ``B`` boards and restarts finished
boards from the start position (so the batch stays full), counting one board-step per board per
call. Each backend runs at each batch size, at one thread and at the default thread count, on
the CPU and on CUDA when present. ``--compare pgx`` runs pgx's Othello (``jit(vmap(step))``, the
same random play and restarts inside one jitted call) in the same run, when pgx is installed.

Peak memory at the largest batch is measured in a fresh subprocess per backend (CPU: the
resident-set growth; CUDA: ``torch.cuda.max_memory_allocated``).

Example:
    ``python -m othello_zoo bench --json bench.json --compare pgx --plot docs/throughput.png``
"""

from __future__ import annotations

import argparse
import json
import platform
import resource
import sys
from collections.abc import Sequence
from dataclasses import asdict

import torch

from othello_zoo import _cli
from othello_zoo._measure import (
    Result,
    env_latencies,
    mcts_rates,
    measure_aec,
    measure_engine,
    measure_pgx,
    measure_pgx_subprocess,
    measure_vector,
    peak_memory_mib,
    search_rates,
)

__all__ = ["Result", "main", "measure_aec", "measure_engine", "measure_pgx", "measure_vector", "run"]

DEFAULT_BATCHES = (1, 16, 256, 1024, 4096, 16384)
GPU_EXTRA_BATCHES = (65536, 262144)


def _table(results: Sequence[Result], batches: Sequence[int]) -> str:
    rows: dict[tuple[str, str, int], dict[int, float]] = {}
    for r in results:
        rows.setdefault((r.device, r.backend, r.threads), {})[r.batch_size] = r.board_steps_per_s
    head = f"{'device':<6} {'backend':<9} {'threads':>7} | " + " ".join(f"{b:>10}" for b in batches)
    lines = [head, "-" * len(head)]
    for (device, backend, threads), values in rows.items():
        cells = " ".join(f"{values[b]:>10,.0f}" if b in values else f"{'':>10}" for b in batches)
        lines.append(f"{device:<6} {backend:<9} {threads if threads else 'default':>7} | {cells}")
    return "\n".join(lines)


def _ratio(
    results: Sequence[Result], a: str, b: str, batch: int, device: str = "cpu", threads: int | None = None
) -> float | None:
    """``a``'s figure over ``b``'s at ``batch``: each at its best thread count, or both at ``threads``."""

    def best(name: str) -> float | None:
        values = [
            r.board_steps_per_s
            for r in results
            if r.backend == name and r.batch_size == batch and r.device == device and threads in (None, r.threads)
        ]
        return max(values) if values else None

    x, y = best(a), best(b)
    return x / y if x and y else None


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
    ax.set_title("othello_zoo engine throughput")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


BENCH_BACKENDS = ("bitboard", "conv", "conv2d", "vector", "vector+xot")


def build_parser(parser: argparse.ArgumentParser | None = None) -> argparse.ArgumentParser:
    """The ``bench`` command's arguments (each checked as it is parsed: a bad value exits 2)."""
    parser = parser or argparse.ArgumentParser(prog="othello-zoo bench", description=__doc__.split("\n")[0])
    parser.add_argument(
        "--backends",
        type=_cli.csv_choices(BENCH_BACKENDS),
        default=",".join(BENCH_BACKENDS),
        help="comma-separated: engine backends, and 'vector' / 'vector+xot' for the vector env",
    )
    parser.add_argument(
        "--batch-sizes", type=_cli.csv_ints(1), default=None, help="e.g. 1,16,256 (default: 1..16384, more on GPU)"
    )
    parser.add_argument("--board-size", type=_cli.board_size, default=8, help="even, 4 to 16 (default: 8)")
    parser.add_argument(
        "--threads",
        type=_cli.csv_ints(1, extra=("default",)),
        default="1,default",
        help="CPU thread counts, e.g. 1,default",
    )
    parser.add_argument(
        "--devices", type=_cli.devices, default=None, help="cpu,cuda (default: cpu, and cuda when present)"
    )
    parser.add_argument("--seconds", type=_cli.positive_real, default=0.3, help="time per round of a measurement")
    parser.add_argument(
        "--repeats", type=_cli.whole(1), default=3, help="passes over all measurements (each one's best is reported)"
    )
    parser.add_argument("--compare", choices=["pgx"], default=None, help="also run pgx's Othello in this run")
    parser.add_argument("--memory", action="store_true", help="peak memory at the largest batch, per backend")
    parser.add_argument("--no-env", action="store_true", help="skip the PettingZoo env latency comparison")
    parser.add_argument("--no-agents", action="store_true", help="skip the MCTS and alpha-beta measurements")
    parser.add_argument(
        "--skip-ffo", action="store_true", help="skip the exact solve of FFO #40 (about 40 s on one core)"
    )
    parser.add_argument(
        "--json", dest="json_path", type=_cli.output_path, default=None, help="write every result to this JSON file"
    )
    parser.add_argument(
        "--plot", type=_cli.output_path, default=None, help="write a log-log plot to this PNG (needs matplotlib)"
    )
    return parser


def _keep_best(best: dict[tuple[str, int, str, int], Result], key: tuple[str, int, str, int], result: Result) -> None:
    if key not in best or result.board_steps_per_s > best[key].board_steps_per_s:
        best[key] = result


def run(args: argparse.Namespace) -> list[Result]:
    """Run the benchmark described by parsed ``args``; prints the table and ratios."""
    from tqdm import tqdm

    devices = args.devices or ["cpu"] + (["cuda"] if torch.cuda.is_available() else [])
    backends = list(args.backends)
    default_threads = torch.get_num_threads()
    threads = [default_threads if t == "default" else int(t) for t in args.threads]
    jobs: list[tuple[str, int, str, int]] = []
    for device in devices:
        batches = args.batch_sizes or list(DEFAULT_BATCHES) + (list(GPU_EXTRA_BATCHES) if device == "cuda" else [])
        for t in threads if device == "cpu" else [default_threads]:
            for backend in backends:
                if backend == "bitboard" and args.board_size > 8:
                    continue
                if backend.startswith("vector") and args.board_size != 8:
                    continue
                jobs.extend((device, t, backend, b) for b in batches)
    all_batches = sorted({j[3] for j in jobs})
    pgx_batches = [b for b in all_batches if args.compare == "pgx"]
    # Passes over all the measurements, keeping each one's best: a slow spell of a shared machine
    # then hurts one pass of every configuration rather than every pass of one.
    best: dict[tuple[str, int, str, int], Result] = {}
    total = args.repeats * (len(jobs) + len(pgx_batches))
    with tqdm(total=total, desc="bench", unit="run", file=sys.stderr) as bar:
        for number in range(args.repeats):
            for device, t, backend, batch in jobs:
                torch.set_num_threads(t)
                bar.set_postfix_str(f"pass {number + 1}: {device} {backend} threads={t} B={batch}")
                if backend.startswith("vector"):
                    book = "xot" if backend == "vector+xot" else None
                    result = measure_vector(batch, device, book, args.seconds, repeats=1)
                else:
                    result = measure_engine(backend, batch, device, args.board_size, args.seconds, repeats=1)
                _keep_best(best, (device, t, backend, batch), result)
                bar.update()
            torch.set_num_threads(default_threads)
            for batch in pgx_batches:
                bar.set_postfix_str(f"pass {number + 1}: pgx B={batch}")
                _keep_best(best, ("pgx", 0, "pgx", batch), measure_pgx_subprocess(batch, args.seconds, 1))
                bar.update()
    results = list(best.values())
    print(
        f"\nothello_zoo engine, {args.board_size}x{args.board_size}, random play, board-steps/s "
        f"(torch {torch.__version__}, {platform.machine()}, {default_threads} threads by default)"
    )
    print(_table(results, all_batches))
    pairs = [("bitboard", "pgx"), ("conv", "pgx"), ("conv", "conv2d"), ("bitboard", "conv")]
    pairs += [("vector", "bitboard"), ("vector+xot", "bitboard"), ("vector", "pgx"), ("vector+xot", "pgx")]
    thread_counts = sorted({r.threads for r in results if r.device == "cpu" and r.backend != "pgx"})
    for a, b in pairs:
        for batch in (4096, 16384):
            value = _ratio(results, a, b, batch)
            if value:
                print(f"ratio {a} / {b} at B={batch} (cpu, best thread setting): {value:.2f}x")
            if "pgx" in (a, b) or len(thread_counts) < 2:
                continue
            for count in thread_counts:  # like for like: both at the same thread count
                value = _ratio(results, a, b, batch, threads=count)
                if value:
                    print(f"ratio {a} / {b} at B={batch} (cpu, {count} thread(s) each): {value:.2f}x")
    latencies: dict[str, float] = {}
    if not args.no_env:
        latencies = env_latencies(max(args.seconds, 0.2), args.repeats)
        base = latencies["tictactoe_v3.env()"]
        print("\nPettingZoo AEC, last() + step() under random masked play (us per step; ratio to tictactoe_v3)")
        for name, value in latencies.items():
            print(f"  {name:<38} {value:8.1f} us   {value / base:5.2f}x")
    agents: dict[str, float] = {}
    if not args.no_agents:
        agents = mcts_rates(max(args.seconds * 3, 0.3))
        print("\nMCTS simulations per second (random playouts batched on the engine)")
        for name, value in agents.items():
            print(f"  {name:<38} {value:10,.0f}")
        search = search_rates(solve_ffo=not args.skip_ffo)
        print("\nAlpha-beta (Python-int bitboards, one core)")
        for name in ("midgame nodes/s (depth 6)", "endgame solver nodes/s (17 empties)"):
            print(f"  {name:<38} {search[name]:10,.0f}")
        if "FFO #40 seconds" in search:
            from othello_zoo.notation import index_to_square

            print(
                f"  FFO #40 (20 empties) solved: {index_to_square(int(search['FFO #40 move']))} "
                f"{int(search['FFO #40 score']):+d} in {search['FFO #40 seconds']:.1f} s, "
                f"{int(search['FFO #40 nodes']):,} nodes (expected a2 +38)"
            )
        agents.update(search)
    memory = {}
    if args.memory:
        top = max(all_batches)
        for backend in backends:
            memory[backend] = peak_memory_mib(backend, top, devices[0], args.board_size)
            print(f"peak memory, {backend} at B={top} on {devices[0]}: {memory[backend]:.0f} MiB")
    if args.json_path:
        with open(args.json_path, "w") as f:
            json.dump(
                {
                    "results": [asdict(r) for r in results],
                    "peak_memory_mib": memory,
                    "aec_us_per_step": latencies,
                    "agents": agents,
                    "torch": torch.__version__,
                    "default_threads": default_threads,
                    "peak_rss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                },
                f,
                indent=1,
            )
        print(f"results written to {args.json_path}")
    if args.plot:
        plot(results, args.plot)
        print(f"plot written to {args.plot}")
    return results


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``othello-zoo bench``."""
    run(build_parser().parse_args(argv))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
