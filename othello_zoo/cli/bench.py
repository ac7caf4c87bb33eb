"""``othello-zoo bench``: engine throughput in board-steps per second.

Every measurement plays uniformly random legal actions on ``B`` boards and restarts finished
boards from the start position (so the batch stays full), counting one board-step per board per
call. Each backend runs at each batch size, at one thread and at the default thread count, on
the CPU and on CUDA when present. ``--compare pgx`` runs pgx's Othello (``jit(vmap(step))``, the
same random play and restarts inside one jitted call) in the same run, when pgx is installed.

By default only that throughput is measured (well under a minute on a 2-core CPU); opt in to
``--agents`` (MCTS and alpha-beta speeds), ``--ffo`` (the exact solve of FFO #40), ``--ffo-suite`` (FFO
#40-#49 on the process's cores, each against 5 s), ``--env`` (PettingZoo AEC latency), ``--search`` (the
batched tree search of :mod:`othello_zoo.search`) and ``--memory`` (peak memory at the largest batch, each
backend in a fresh process).

Example:
    ``othello-zoo bench --batch-sizes 1,16,256,1024,4096,16384 --seconds 0.3 --repeats 3 --agents --ffo --env``
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import platform
import resource
import sys
from collections.abc import Sequence
from dataclasses import asdict, replace

import torch

from othello_zoo import engine
from othello_zoo.cli import argtypes
from othello_zoo.cli._bench_extras import BUSY_LOOP, busy_cores, measure_tuned, print_ratios, ratio
from othello_zoo.cli._bench_extras import table as _table
from othello_zoo.cli._measure import (
    FFO_SUITE,
    Result,
    env_latencies,
    ffo_40,
    ffo_suite,
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
from othello_zoo.cli._measure_compat import azg_checkout, print_compat
from othello_zoo.cli._plot import plot
from othello_zoo.engine.kernels import KERNELS
from othello_zoo.engine.wide import directions
from othello_zoo.env.fused import COMPILE_TIMES, FusedSpec
from othello_zoo.env.openings import load_book
from othello_zoo.gym.fused import LearnerSpec
from othello_zoo.runtime.threads import (
    ADAPTIVE,
    MAX_THREADS,
    Setting,
    kept_settings,
    set_threads,
    threads_setting,
    usable_cores,
)

__all__ = ["NothingToRunError", "Result", "main", "measure_aec", "measure_engine", "measure_pgx", "measure_vector"]
__all__ += ["plan", "plot", "run"]

DESCRIPTION = "Measure othello-zoo's engine and vector env throughput (board-steps/s under random play)."
DEFAULT_BACKENDS = ("bitboard", "conv", "vector", "vector-dict")
DEFAULT_BATCHES = (1, 256, 4096)  # quick on a small CPU; --batch-sizes 1,16,256,1024,4096,16384 for the full curve
GPU_EXTRA_BATCHES = (16384, 65536, 262144)


# The vector envs: the mover API, the dict step, with a book; the single-agent Gymnasium env's vector form.
VECTOR_ROWS = ("vector", "vector-dict", "vector+xot", "gym-vector")
# Compiled by torch.compile: the vector env's mover loop and dict step (every size), the fused step alone and the
# Gymnasium env's vector form (up to 8 x 8), the engine's loop on several words a side (every size).
COMPILED_ROWS = ("vector-compiled", "vector-dict-compiled", "bitboard-compiled", "gym-vector-compiled", "wide-compiled")
BENCH_BACKENDS = (*KERNELS, *VECTOR_ROWS, *COMPILED_ROWS)  # the registry's kernels, the vector env's rows


class NothingToRunError(ValueError):
    """No measurement of the command line can run (e.g. only ``bitboard`` on a 10 x 10 board)."""


def build_parser(parser: argparse.ArgumentParser | None = None) -> argparse.ArgumentParser:
    """The ``bench`` command's arguments (each checked as it is parsed: a bad value exits 2)."""
    parser = parser or argparse.ArgumentParser(prog="othello-zoo bench", description=DESCRIPTION)
    add, default = parser.add_argument, "(default: %(default)s)"
    backends = (
        "comma-separated: bitboard (to 8x8), conv, conv2d (kernels), vector (the vector env's mover API), "
        "vector-dict (its per-agent dict step), vector+xot (movers, games from the 8x8 xot book), gym-vector (the "
        "Gymnasium single-agent env's make_vec form against a random opponent: a step, the learner's move and the "
        "reply, counts 2 board-steps), vector-compiled (vector_env(compile=True)'s mover loop, every size), "
        "vector-dict-compiled (its per-agent dict step), bitboard-compiled (its fused step alone, to 8x8), "
        "gym-vector-compiled (the gym-vector row with compile=True, to 8x8), wide-compiled (the conv row's loop on "
        f"boards of several words a side, every size; the compiled rows compile on first use) {default}"
    )
    add("--backends", type=argtypes.csv_choices(BENCH_BACKENDS), default=",".join(DEFAULT_BACKENDS), help=backends)
    batches, gpu = (",".join(map(str, b)) for b in (DEFAULT_BATCHES, GPU_EXTRA_BATCHES))
    add("--batch-sizes", type=argtypes.csv_ints(1), help=f"e.g. 1,16,256 (default: {batches}; also {gpu} on CUDA)")
    add("--board-size", type=argtypes.board_size, default=8, help=f"even, {argtypes.SIZES} {default}")
    threads = argtypes.csv_ints(1, extra=("default",), high=MAX_THREADS)
    add(
        "--threads",
        type=threads,
        default="default",
        help=f"CPU thread counts of the package's work; 'default': the package's own (1 unless set) {default}",
    )
    add("--devices", type=argtypes.devices, help="cpu,cuda (default: cpu, and cuda when present)")
    add("--seconds", type=argtypes.positive_real, default=0.1, help=f"time per round of a measurement {default}")
    add(
        "--repeats",
        type=argtypes.whole(1),
        default=2,
        help=f"passes over the measurements; each one's best kept {default}",
    )
    add("--compare", choices=["pgx"], help="also run pgx's Othello in this run, when installed (default: none)")
    add(
        "--compare-azg",
        nargs="?",
        const="",
        type=azg_checkout,
        metavar="PATH",
        help="also us per move of the alpha-zero-general adapter on unseen positions; with PATH, a folder holding "
        "alpha-zero-general's checkout, its own othello.OthelloGame beside it and the ratio (default: off)",
    )
    add(
        "--busy-cores",
        type=argtypes.whole(0),
        default=0,
        help="also each CPU row with this many cores kept busy by a plain loop, as other programs would "
        f"(rows BACKEND@busy) {default}",
    )
    add(
        "--tune-malloc",
        action="store_true",
        help="also each CPU row with glibc malloc tuned (vector.tune_malloc), in fresh processes (default: off)",
    )
    add("--memory", action="store_true", help="also peak memory at the largest batch, per backend (default: off)")
    add("--agents", action="store_true", help="also MCTS simulations/s and alpha-beta nodes/s, ~5 s (default: off)")
    add("--ffo", action="store_true", help="also the exact solve of FFO #40, ~40 s on one core (default: off)")
    add(
        "--ffo-suite",
        action="store_true",
        help="also FFO #40-#49 solved exactly by the C solver on this process's cores (up to 64 threads), each "
        "against the goal of 5 s: ~20 s on two cores (default: off)",
    )
    add("--env", action="store_true", help="also PettingZoo AEC latency against tictactoe_v3, ~3 s (default: off)")
    add(
        "--search",
        action="store_true",
        help="also simulations/s of the batched tree search at 1, 64 and 1,024 roots "
        "(rollouts also 4,096 and 16,384) and mctx + pgx beside it, eager and compiled: a few minutes, more "
        "while the compiled searches compile (default: off)",
    )
    add(
        "--json",
        dest="json_path",
        type=argtypes.output_path,
        help="write every result to this JSON file (default: none)",
    )
    add("--plot", type=argtypes.output_path, help="write a log-log plot to this PNG; needs matplotlib (default: none)")
    return parser


Job = tuple[str, int, str, int]  # (device, threads, backend, batch size): one measurement of a pass


def _left_out(backend: str, board_size: int) -> str | None:
    """Why ``backend`` cannot run at ``board_size`` (the engine's or the opening book's own check
    says), or None when it can."""
    try:
        if backend == "vector+xot":
            load_book("xot", board_size)
        elif backend == "wide-compiled":
            directions(board_size)
        elif backend in ("bitboard-compiled", "gym-vector-compiled"):  # the steps on one word a side
            FusedSpec(board_size)
        elif backend not in ("vector", "vector-dict", "gym-vector", "vector-compiled", "vector-dict-compiled"):
            engine.resolve_backend(backend, board_size)
    except ValueError as error:
        return f"{backend}: {error}"
    return None


def plan(args: argparse.Namespace, devices: Sequence[str]) -> tuple[list[Job], list[str]]:
    """Every measurement of one pass (each device, thread count, backend and batch size that applies),
    and why the requested backends that cannot run at this board size are left out. Thread count 0 is
    the package's own setting (what a user gets: see :mod:`othello_zoo.runtime.threads`)."""
    threads = list(dict.fromkeys(0 if t == "default" else int(t) for t in args.threads))
    reasons = {backend: _left_out(backend, args.board_size) for backend in args.backends}
    backends = [backend for backend, reason in reasons.items() if reason is None]
    jobs: list[Job] = []
    for device in devices:
        extra = list(GPU_EXTRA_BATCHES) if device.startswith("cuda") else []
        batches = args.batch_sizes or list(DEFAULT_BATCHES) + extra
        for t in threads if device == "cpu" else [0]:
            for backend in backends:
                jobs.extend((device, t, backend, b) for b in batches)
    return jobs, [reason for reason in reasons.values() if reason]


def _use_threads(threads: int, torch_threads: int, setting: Setting) -> None:
    """A job's threads: ``threads`` for torch and the package, or (0) torch's and the package's own settings."""
    torch.set_num_threads(threads or torch_threads)
    set_threads(threads or setting)


def _keep_best(best: dict[Job, Result], key: Job, result: Result) -> None:
    """Keeps ``result`` under ``key`` unless a faster one is there already."""
    if key not in best or result.board_steps_per_s > best[key].board_steps_per_s:
        best[key] = result


def _measure_all(args: argparse.Namespace, jobs: Sequence[Job], pgx_batches: Sequence[int]) -> list[Result]:
    """``args.repeats`` passes over all the measurements (and pgx's), keeping each one's best.

    A slow spell of a shared machine then hurts one pass of every configuration rather than every
    pass of one.
    """
    from tqdm import tqdm

    best: dict[Job, Result] = {}
    torch_threads, setting = torch.get_num_threads(), threads_setting()
    total = args.repeats * (len(jobs) + len(pgx_batches))
    with kept_settings(), tqdm(total=total, desc="othello-zoo bench", unit="run", file=sys.stderr) as bar:
        for number in range(args.repeats):
            for device, t, backend, batch in jobs:
                _use_threads(t, torch_threads, setting)
                ADAPTIVE.reset()  # each row chooses its threads afresh (after the busy rows, say)
                bar.set_postfix_str(f"pass {number + 1}: {device} {backend} threads={t or 'auto'} B={batch}")
                result = measure_backend(backend, batch, device, args.board_size, args.seconds, repeats=1)
                _keep_best(best, (device, t, backend, batch), replace(result, threads=t))
                if args.busy_cores and device == "cpu":
                    ADAPTIVE.reset()
                    with busy_cores(args.busy_cores):
                        busy = measure_backend(backend, batch, device, args.board_size, args.seconds, repeats=1)
                    name = f"{backend}@busy"
                    _keep_best(best, (device, t, name, batch), replace(busy, backend=name, threads=t))
                if args.tune_malloc and device == "cpu":
                    words = (batch, device, args.board_size, args.seconds, 1, t)
                    tuned = measure_tuned(backend, *words)
                    _keep_best(best, (device, t, tuned.backend, batch), replace(tuned, threads=t))
                bar.update()
            _use_threads(0, torch_threads, setting)

            for batch in pgx_batches:
                bar.set_postfix_str(f"pass {number + 1}: pgx B={batch}")
                _keep_best(best, ("pgx", 0, "pgx", batch), measure_pgx_subprocess(batch, args.seconds, 1))
                bar.update()
    return list(best.values())


def _note(message: str) -> None:
    """A line on stderr: what is running now, or a warning about the command line."""
    print(f"othello-zoo bench: {message}", file=sys.stderr, flush=True)


def _env_latencies(seconds: float, repeats: int) -> dict[str, float]:
    """Measures and prints the PettingZoo AEC latencies (us per step, and the ratio to tictactoe_v3)."""
    _note(f"measuring the PettingZoo AEC latencies (about {6 * max(seconds, 0.2) * repeats + 1:.0f} s)")
    latencies = env_latencies(max(seconds, 0.2), repeats)
    base = latencies["tictactoe_v3.env()"]
    print("\nPettingZoo AEC, last() + step() under random masked play (us per step; ratio to tictactoe_v3)")
    for name, value in latencies.items():
        print(f"  {name:<38} {value:8.1f} us   {value / base:5.2f}x")
    return latencies


def _agent_rates(seconds: float) -> dict[str, float]:
    """Measures and prints the MCTS and alpha-beta figures."""
    _note("measuring MCTS and alpha-beta (about 5 s)")
    agents = mcts_rates(max(seconds * 3, 0.3))
    print("\nMCTS simulations per second (random playouts batched on the engine)")
    for name, value in agents.items():
        print(f"  {name:<38} {value:10,.0f}")
    search = search_rates(solve_ffo=False)
    print("\nAlpha-beta (one core; the midgame search and the endgame solver, in Python and in C)")
    for name in search:
        print(f"  {name:<42} {search[name]:10,.0f}")
    return {**agents, **search}


def _search_rates(device: str) -> dict[str, float]:
    """Measures and prints the batched tree search's simulations per second."""
    from othello_zoo.cli._measure_search import NEW_NODES, batched_search_rates, mctx_rates, network_rates

    _note(
        f"measuring the batched tree search on {device} (a few minutes; the compiled searches compile first, for "
        "minutes more with inductor's cache cold; mctx + pgx beside it where installed)"
    )
    network = network_rates(device=device)
    rates = {**batched_search_rates(device=device, progress=True), **mctx_rates()}
    print(f"\nThe search's network (64 x 4, untrained), positions/s on {device}")
    for name, value in network.items():
        forward = network[name.replace(", predict,", ", forward,")]
        ratio = f"  ({value / forward:.2f}x forward)" if ", predict," in name else ""
        print(f"  {name:<44} {value:10,.0f}{ratio}")
    print(f"\nBatched tree search (othello_zoo.search, 32 simulations a root), simulations/s on {device}")
    for name, value in rates.items():
        if NEW_NODES not in name:
            print(f"  {name:<44} {value:10,.0f}")
    prefix = "network, Gumbel (64 x 4), "
    for key in rates:
        if key.startswith(prefix) and not key.startswith(f"{prefix}N=") and NEW_NODES not in key:  # a variant
            variant, count = key[len(prefix) :].rsplit(", N=", 1)
            eager = rates.get(f"{prefix}N={count}")
            mctx = rates.get(f"mctx + pgx, Gumbel (64 x 4), N={count}")
            ratios = [f"{rates[key] / eager:.2f}x the eager search"] if eager else []
            ratios += [f"{rates[key] / mctx:.2f}x mctx + pgx"] if mctx else []
            new = rates.get(f"{prefix}{variant}, {NEW_NODES}, N={count}")
            ratios += [f"{new:.0%} of its simulations added a node"] if new is not None else []
            print(f"  Gumbel search, {variant}, at N={count}: {', '.join(ratios)}")
    return {**network, **rates}


def _ffo() -> dict[str, float]:
    """Solves FFO #40 exactly and prints the move, score, time and nodes."""
    from othello_zoo.core.notation import index_to_square

    _note("solving FFO #40 exactly (20 empties, one core; in C and in Python: about 45 s, no progress shown)")
    solved = ffo_40()
    for prefix, name in (("FFO #40", "by the agents' solver"), ("FFO #40 Python", "in Python")):
        print(
            f"\nFFO #40 (20 empties) solved {name}: {index_to_square(int(solved[f'{prefix} move']))} "
            f"{int(solved[f'{prefix} score']):+d} in {solved[f'{prefix} seconds']:.1f} s, "
            f"{int(solved[f'{prefix} nodes']):,} nodes (expected a2 +38)"
        )
    return solved


def _ffo_suite() -> dict[str, float]:
    """Solves FFO #40-#49 exactly on the cores this process may use and prints each position's time against 5 s."""
    from othello_zoo.agents.native import MAX_THREADS as SOLVER_THREADS
    from othello_zoo.agents.native import native_available, native_status
    from othello_zoo.core.notation import index_to_square

    if not native_available():
        _note(f"warning: --ffo-suite left out: it times the C solver, which is off here ({native_status()})")
        return {}
    threads = min(usable_cores(), SOLVER_THREADS)
    _note(f"solving FFO #40-#49 exactly on {threads} thread{'s' * (threads > 1)} (a line as each is solved)")
    print(f"\nFFO #40-#49 by the C solver, {threads} thread{'s' * (threads > 1)} ({native_status()}):")
    solved: dict[str, float] = {"FFO suite threads": threads}
    for number in FFO_SUITE:
        one = ffo_suite(threads, (number,))
        solved |= one
        prefix = f"FFO suite #{number}"
        seconds = one[f"{prefix} seconds"]
        square = index_to_square(int(one[f"{prefix} move"]))
        marks = "" if one[f"{prefix} right"] else " (not the suite's)"
        marks += "" if seconds < 5 else " (over 5 s)"
        score, nodes = int(one[f"{prefix} score"]), int(one[f"{prefix} nodes"])
        print(f"  #{number}: {square} {score:+d}, {seconds:.1f} s, {nodes:,} nodes{marks}", flush=True)
    slowest = max(solved[f"FFO suite #{number} seconds"] for number in FFO_SUITE)
    print(f"  the slowest in {slowest:.1f} s: {'each under 5 s' if slowest < 5 else 'the 5 s goal missed'}")
    return solved


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


def _throughput(args: argparse.Namespace, jobs: Sequence[Job], devices: Sequence[str]) -> list[Result]:
    """Runs ``jobs`` (and pgx's, with ``--compare pgx``); prints the table and the ratios."""
    if args.busy_cores:
        print(f"rows @busy: measured with {args.busy_cores} core(s) kept busy by a plain loop ({BUSY_LOOP!r})")
    all_batches = sorted({job[3] for job in jobs})
    results = _measure_all(args, jobs, all_batches if args.compare == "pgx" else [])
    print(
        f"\nothello-zoo engine, {args.board_size}x{args.board_size}, random play, board-steps/s "
        f"(torch {torch.__version__}, {platform.machine()}; threads 'auto': the package's default setting, "
        f"torch's own {torch.get_num_threads()})"
    )
    print(_table(results, all_batches))
    print_ratios(results)
    _print_compiled(results)
    return results


def _print_compiled(results: Sequence[Result]) -> None:
    """For the compiled rows: the compilation times of this process and, per pair, the smallest batch size of
    the run from which the compiled row is at least as fast as its eager one (each at its best thread count)."""
    if not any(r.backend in COMPILED_ROWS for r in results):
        return
    for spec, seconds in COMPILE_TIMES.items():
        if isinstance(spec, FusedSpec):
            actions = "random actions" if spec.random else "given actions"
            what = f"{spec.board_size}x{spec.board_size}, autoreset {spec.autoreset}, {actions}"
        elif isinstance(spec, LearnerSpec):
            what = f"{spec.board_size}x{spec.board_size}, the Gymnasium vector env's step against the random opponent"
        elif isinstance(spec, tuple) and spec[0] == "wide":
            what = f"{spec[1]}x{spec[1]}, random play on words (wide-compiled, {spec[2]})"
        else:
            continue
        print(
            f"compilation (first call, this process; served from inductor's cache on disk later): {what}: "
            f"{seconds:.1f} s"
        )
    pairs = (
        ("vector-compiled", "vector"),
        ("vector-dict-compiled", "vector-dict"),
        ("bitboard-compiled", "bitboard"),
        ("gym-vector-compiled", "gym-vector"),
        ("wide-compiled", "conv"),
    )
    for compiled, eager in pairs:
        for device in sorted({r.device for r in results if r.backend == compiled}):
            batches = sorted({r.batch_size for r in results if r.backend == compiled and r.device == device})
            pays = [b for b in batches if (ratio(results, compiled, eager, b, device) or 0) >= 1.0]
            measured = [b for b in batches if ratio(results, compiled, eager, b, device) is not None]
            if measured:
                where = f"from B={pays[0]}" if pays else "at none of the batch sizes measured"
                print(f"{compiled} pays against {eager} on {device} {where} (measured at {measured})")


def _check(args: argparse.Namespace, jobs: Sequence[Job], left_out: Sequence[str]) -> None:
    """Warns about left-out backends and a left-out ``--memory``.

    Raises:
        NothingToRunError: when nothing is left to run, or a flag's optional package is missing.
    """
    for flag, module, extra in (("--compare pgx", "pgx", "pgx"), ("--plot", "matplotlib", "bench")):
        if (args.compare if module == "pgx" else args.plot) and importlib.util.find_spec(module) is None:
            raise NothingToRunError(
                f"{flag} needs {module}, which is not installed: pip install 'othello-zoo[{extra}]'"
            )
    if not jobs and not (args.agents or args.ffo or args.ffo_suite or args.env or args.search):
        hint = "choose --backends that run at this board size (conv, conv2d, vector and the -compiled forms of vector "
        hint += "and wide run on all)"
        hint += ", or add --agents, --ffo, --ffo-suite, --env or --search"
        raise NothingToRunError(f"nothing to run: {'; '.join(left_out)}; {hint}")
    for reason in left_out:
        _note(f"warning: left out {reason}")
    if not jobs:
        _note("warning: no throughput measurement is left, so no table" + (" and no --memory" if args.memory else ""))


def run(args: argparse.Namespace) -> list[Result]:
    """Run the benchmark described by parsed ``args``; prints the table, the ratios and the opt-in sections.

    Raises:
        NothingToRunError: when nothing at all can run (checked before anything is measured).
    """
    devices = args.devices or ["cpu"] + (["cuda:0"] if torch.cuda.is_available() else [])
    jobs, left_out = plan(args, devices)
    _check(args, jobs, left_out)
    results = _throughput(args, jobs, devices) if jobs else []
    latencies = _env_latencies(args.seconds, args.repeats) if args.env else {}
    agents = {**(_agent_rates(args.seconds) if args.agents else {}), **(_ffo() if args.ffo else {})}
    agents |= _ffo_suite() if args.ffo_suite else {}
    search = _search_rates(devices[0]) if args.search else {}
    compat = print_compat(args.compare_azg or None, args.board_size) if args.compare_azg is not None else {}
    memory = {}
    if args.memory and jobs:
        backends = list(dict.fromkeys(job[2] for job in jobs))
        memory = _peak_memories(backends, max(job[3] for job in jobs), devices[0], args.board_size)
    if args.json_path:
        sections = {"peak_memory_mib": memory, "aec_us_per_step": latencies, "agents": agents, "search": search}
        sections["compat_us_per_move"] = compat
        _write_json(args.json_path, results, torch.get_num_threads(), **sections)
    if args.plot and results:
        plot(results, args.plot)
        print(f"plot written to {args.plot}")
    return results


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``othello-zoo bench`` (a usage message and exit status 2 when nothing can run)."""
    parser = build_parser()
    try:
        run(parser.parse_args(argv))
    except NothingToRunError as error:
        parser.error(str(error))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
