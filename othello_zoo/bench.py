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
    measure_backend,
    measure_engine,
    measure_pgx,
    measure_pgx_subprocess,
    measure_vector,
    peak_memory_mib,
    search_rates,
)
from othello_zoo.vector import tune_malloc

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


Job = tuple[str, int, str, int]  # (device, threads, backend, batch size): one measurement of a pass


def _plan(args: argparse.Namespace, devices: Sequence[str], default_threads: int) -> list[Job]:
    """Every measurement of one pass: each device, thread count, backend and batch size that applies."""
    threads = [default_threads if t == "default" else int(t) for t in args.threads]
    jobs: list[Job] = []
    for device in devices:
        batches = args.batch_sizes or list(DEFAULT_BATCHES) + (list(GPU_EXTRA_BATCHES) if device == "cuda" else [])
        for t in threads if device == "cpu" else [default_threads]:
            for backend in args.backends:
                if backend == "bitboard" and args.board_size > 8:
                    continue
                if backend.startswith("vector") and args.board_size != 8:
                    continue
                jobs.extend((device, t, backend, b) for b in batches)
    return jobs


def _keep_best(best: dict[Job, Result], key: Job, result: Result) -> None:
    """Keeps ``result`` under ``key`` unless a faster one is there already."""
    if key not in best or result.board_steps_per_s > best[key].board_steps_per_s:
        best[key] = result


def _measure_all(
    args: argparse.Namespace, jobs: Sequence[Job], pgx_batches: Sequence[int], default_threads: int
) -> list[Result]:
    """``args.repeats`` passes over all the measurements (and pgx's), keeping each one's best.

    A slow spell of a shared machine then hurts one pass of every configuration rather than every
    pass of one.
    """
    from tqdm import tqdm

    best: dict[Job, Result] = {}
    total = args.repeats * (len(jobs) + len(pgx_batches))
    with tqdm(total=total, desc="bench", unit="run", file=sys.stderr) as bar:
        for number in range(args.repeats):
            for device, t, backend, batch in jobs:
                torch.set_num_threads(t)
                bar.set_postfix_str(f"pass {number + 1}: {device} {backend} threads={t} B={batch}")
                result = measure_backend(backend, batch, device, args.board_size, args.seconds, repeats=1)
                _keep_best(best, (device, t, backend, batch), result)
                bar.update()
            torch.set_num_threads(default_threads)
            for batch in pgx_batches:
                bar.set_postfix_str(f"pass {number + 1}: pgx B={batch}")
                _keep_best(best, ("pgx", 0, "pgx", batch), measure_pgx_subprocess(batch, args.seconds, 1))
                bar.update()
    return list(best.values())


RATIO_PAIRS = (
    ("bitboard", "pgx"),
    ("conv", "pgx"),
    ("conv", "conv2d"),
    ("bitboard", "conv"),
    ("vector", "bitboard"),
    ("vector+xot", "bitboard"),
    ("vector", "pgx"),
    ("vector+xot", "pgx"),
)


def _print_ratios(results: Sequence[Result]) -> None:
    """The ratios of :data:`RATIO_PAIRS` at B=4096 and 16384 on the CPU: each backend at its best
    thread count and, when several counts ran (and pgx is not in the pair), like for like."""
    thread_counts = sorted({r.threads for r in results if r.device == "cpu" and r.backend != "pgx"})
    for a, b in RATIO_PAIRS:
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


def _env_latencies(seconds: float, repeats: int) -> dict[str, float]:
    """Measures and prints the PettingZoo AEC latencies (us per step, and the ratio to tictactoe_v3)."""
    latencies = env_latencies(max(seconds, 0.2), repeats)
    base = latencies["tictactoe_v3.env()"]
    print("\nPettingZoo AEC, last() + step() under random masked play (us per step; ratio to tictactoe_v3)")
    for name, value in latencies.items():
        print(f"  {name:<38} {value:8.1f} us   {value / base:5.2f}x")
    return latencies


def _agent_rates(seconds: float, solve_ffo: bool) -> dict[str, float]:
    """Measures and prints the MCTS and alpha-beta figures (FFO #40's solve unless not ``solve_ffo``)."""
    agents = mcts_rates(max(seconds * 3, 0.3))
    print("\nMCTS simulations per second (random playouts batched on the engine)")
    for name, value in agents.items():
        print(f"  {name:<38} {value:10,.0f}")
    search = search_rates(solve_ffo=solve_ffo)
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
    return {**agents, **search}


def _peak_memories(backends: Sequence[str], batch_size: int, device: str, board_size: int) -> dict[str, float]:
    """Measures and prints each backend's peak memory at ``batch_size`` (a fresh process each)."""
    memory = {}
    for backend in backends:
        memory[backend] = peak_memory_mib(backend, batch_size, device, board_size)
        print(f"peak memory, {backend} at B={batch_size} on {device}: {memory[backend]:.0f} MiB")
    return memory


def _write_json(path: str, results: Sequence[Result], default_threads: int, **sections: dict[str, float]) -> None:
    """Every result, the extra ``sections`` and the run's setting (torch, threads, peak RSS) to ``path``."""
    with open(path, "w") as f:
        json.dump(
            {
                "results": [asdict(r) for r in results],
                **sections,
                "torch": torch.__version__,
                "default_threads": default_threads,
                "peak_rss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
            },
            f,
            indent=1,
        )
    print(f"results written to {path}")


def run(args: argparse.Namespace) -> list[Result]:
    """Run the benchmark described by parsed ``args``; prints the table and ratios."""
    devices = args.devices or ["cpu"] + (["cuda"] if torch.cuda.is_available() else [])
    default_threads = torch.get_num_threads()
    if "cpu" in devices and tune_malloc():  # opt-in, process-wide: as a CPU training script would
        print("glibc malloc tuned for the CPU runs (othello_zoo.vector.tune_malloc)")
    jobs = _plan(args, devices, default_threads)
    all_batches = sorted({job[3] for job in jobs})
    results = _measure_all(args, jobs, all_batches if args.compare == "pgx" else [], default_threads)
    print(
        f"\nothello_zoo engine, {args.board_size}x{args.board_size}, random play, board-steps/s "
        f"(torch {torch.__version__}, {platform.machine()}, {default_threads} threads by default)"
    )
    print(_table(results, all_batches))
    _print_ratios(results)
    latencies = {} if args.no_env else _env_latencies(args.seconds, args.repeats)
    agents = {} if args.no_agents else _agent_rates(args.seconds, solve_ffo=not args.skip_ffo)
    memory = _peak_memories(args.backends, max(all_batches), devices[0], args.board_size) if args.memory else {}
    if args.json_path:
        _write_json(
            args.json_path, results, default_threads, peak_memory_mib=memory, aec_us_per_step=latencies, agents=agents
        )
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
