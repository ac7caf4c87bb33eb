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
import random
import resource
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

import torch

from othello_zoo import engine

__all__ = ["Result", "main", "measure_engine", "measure_pgx"]

DEFAULT_BATCHES = (1, 16, 256, 1024, 4096, 16384)
GPU_EXTRA_BATCHES = (65536, 262144)


@dataclass
class Result:
    """One measurement: ``board_steps_per_s`` for ``backend`` at ``batch_size``."""

    backend: str
    device: str
    threads: int
    batch_size: int
    board_size: int
    board_steps_per_s: float
    steps: int
    seconds: float


def _timed(
    run_steps: Callable[[int], None], sync: Callable[[], None], seconds: float, repeats: int
) -> tuple[int, float]:
    """Time ``repeats`` rounds of at least ``seconds`` each; ``(steps, elapsed)`` of the fastest.

    The best of several rounds (``timeit``'s convention) keeps a busy moment of a shared machine
    from deciding a figure; every framework is measured the same way.
    """
    run_steps(2)  # warm-up: kernels built, caches filled
    sync()
    rounds = []
    for _ in range(repeats):
        steps, chunk, start = 0, 1, time.perf_counter()
        while True:
            run_steps(chunk)
            sync()
            steps += chunk
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                break
            chunk = min(chunk * 2, 256)
        rounds.append((steps / elapsed, steps, elapsed))
    _, steps, elapsed = max(rounds)
    return steps, elapsed


def _sync(device: torch.device) -> Callable[[], None]:
    return torch.cuda.synchronize if device.type == "cuda" else (lambda: None)


def measure_engine(
    backend: str,
    batch_size: int,
    device: str = "cpu",
    board_size: int = 8,
    seconds: float = 0.3,
    seed: int = 0,
    repeats: int = 3,
) -> Result:
    """Random-play throughput of one backend at one batch size."""
    dev = torch.device(device)
    fresh = engine.init(batch_size, board_size, device=dev, backend=backend)  # type: ignore[arg-type]
    generator = torch.Generator(device=dev).manual_seed(seed)
    state = fresh

    def run_steps(k: int) -> None:
        nonlocal state
        for _ in range(k):
            actions = engine.random_actions(state, generator)
            state = engine.step(state, actions, illegal_action="lose")
            state = engine.where(state.terminated, fresh, state)

    steps, elapsed = _timed(run_steps, _sync(dev), seconds, repeats)
    return Result(
        fresh.backend,
        str(dev),
        torch.get_num_threads(),
        batch_size,
        board_size,
        batch_size * steps / elapsed,
        steps,
        elapsed,
    )


def measure_vector(
    batch_size: int,
    device: str = "cpu",
    opening_book: str | None = None,
    seconds: float = 0.3,
    seed: int = 0,
    repeats: int = 3,
) -> Result:
    """Random-play throughput of the vector env (mover API, ``NEXT_STEP`` autoreset, no host sync)."""
    from othello_zoo import othello_v0

    dev = torch.device(device)
    env = othello_v0.vector_env(batch_size, device=dev, opening_book=opening_book, illegal_action="lose")
    env.reset(seed=seed)
    generator = torch.Generator(device=dev).manual_seed(seed)

    def run_steps(k: int) -> None:
        for _ in range(k):
            env.step_movers(engine.random_actions(env.state, generator))

    steps, elapsed = _timed(run_steps, _sync(dev), seconds, repeats)
    name = "vector+xot" if opening_book else "vector"
    return Result(name, str(dev), torch.get_num_threads(), batch_size, 8, batch_size * steps / elapsed, steps, elapsed)


def measure_pgx(batch_size: int, seconds: float = 0.3, seed: int = 0, repeats: int = 3) -> Result:
    """pgx's Othello under the same protocol (``jit`` of sample + ``vmap(step)`` + restart)."""
    import jax
    import jax.numpy as jnp
    import pgx

    env = pgx.make("othello")
    fresh = jax.jit(jax.vmap(env.init))(jax.random.split(jax.random.PRNGKey(seed), batch_size))

    @jax.jit
    def body(state, key):  # type: ignore[no-untyped-def]
        k_act, k_step = jax.random.split(key)
        logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)
        actions = jax.random.categorical(k_act, logits, axis=-1)
        state = jax.vmap(env.step)(state, actions, jax.random.split(k_step, batch_size))
        done = state.terminated | state.truncated

        def restart(a, b):  # type: ignore[no-untyped-def]
            return jnp.where(done.reshape(done.shape + (1,) * (a.ndim - 1)), a, b)

        return jax.tree_util.tree_map(restart, fresh, state)

    holder = {"state": fresh, "key": jax.random.PRNGKey(seed + 1)}

    def run_steps(k: int) -> None:
        for _ in range(k):
            holder["key"], sub = jax.random.split(holder["key"])
            holder["state"] = body(holder["state"], sub)

    steps, elapsed = _timed(run_steps, lambda: jax.block_until_ready(holder["state"]), seconds, repeats)
    device = str(jax.devices()[0].platform)
    return Result("pgx", device, 0, batch_size, 8, batch_size * steps / elapsed, steps, elapsed)


def measure_pgx_subprocess(batch_size: int, seconds: float = 0.3, repeats: int = 3) -> Result:
    """:func:`measure_pgx` in a fresh process, so that neither framework's threads slow the other."""
    code = (
        "import dataclasses, json\n"
        "from othello_zoo.bench import measure_pgx\n"
        f"print(json.dumps(dataclasses.asdict(measure_pgx({batch_size}, {seconds}, repeats={repeats}))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return Result(**json.loads(out.stdout.strip().splitlines()[-1]))


def measure_aec(make_env: Callable[[], Any], seconds: float = 1.0, repeats: int = 3, seed: int = 0) -> float:
    """Microseconds per ``last()`` + ``step()`` of an AEC env under random masked play (best round).

    Whole games are played; ``reset()`` between games is not counted.
    """
    import numpy as np

    env = make_env()
    rng = random.Random(seed)
    env.reset(seed=seed)
    best = float("inf")
    for _ in range(repeats):
        steps, spent = 0, 0.0
        while spent < seconds:
            start = time.perf_counter()
            for _ in range(200):
                obs, _, termination, truncation, _ = env.last()
                if termination or truncation:
                    break
                env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
                steps += 1
            spent += time.perf_counter() - start
            if termination or truncation:
                env.reset()
        best = min(best, spent / max(steps, 1) * 1e6)
    env.close()
    return best


def env_latencies(seconds: float = 1.0, repeats: int = 3) -> dict[str, float]:
    """``othello_v0`` against PettingZoo's ``tictactoe_v3`` and ``connect_four_v3``, in one run."""
    from pettingzoo.classic import connect_four_v3, tictactoe_v3

    from othello_zoo import othello_v0

    makers: dict[str, Callable[[], Any]] = {
        "tictactoe_v3.env()": tictactoe_v3.env,
        "connect_four_v3.env()": connect_four_v3.env,
        "othello_v0.env()": othello_v0.env,
        "othello_v0.raw_env()": othello_v0.raw_env,
        "othello_v0.env(opening_book='xot')": lambda: othello_v0.env(opening_book="xot"),
        "othello_v0.env(backend='bitboard')": lambda: othello_v0.env(backend="bitboard"),
    }
    return {name: measure_aec(make, seconds, repeats) for name, make in makers.items()}


def _midgame() -> Any:
    """The position 16 plies into a fixed opening line, where the agents are measured mid-game."""
    from othello_zoo._scalar import ScalarBoard
    from othello_zoo.notation import parse_moves

    board = ScalarBoard.start()
    for action in parse_moves("f5d6c3d3c4f4c5b3c2e6c6b4b5d2e3a6"):
        board = board.step(action)
    return board


def mcts_rates(seconds: float = 1.0) -> dict[str, float]:
    """MCTS simulations per second from the start position and from a midgame position, with the
    default batch (32 leaves x 8 playouts) and a throughput batch (128 x 8)."""
    from othello_zoo._scalar import ScalarBoard
    from othello_zoo.agents import MCTSAgent

    midgame = _midgame()
    rates = {}
    for name, board in (("start", ScalarBoard.start()), ("midgame", midgame)):
        for leaves in (32, 128):
            agent = MCTSAgent(simulations=10**9, seconds=seconds, leaves_per_batch=leaves, seed=0)
            start = time.perf_counter()
            agent.act(board)
            rates[f"{name}, {leaves} leaves x 8 playouts"] = agent.last_simulations / (time.perf_counter() - start)
    return rates


# FFO endgame position #40 (20 empties, black to move; a2 wins by 38), from the FFO test suite.
FFO_40 = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X"


def search_rates(solve_ffo: bool = True) -> dict[str, float]:
    """Alpha-beta figures: midgame nodes/s (depth 6 from a 16-ply opening), endgame solver nodes/s
    on a 17-empty position, and the exact solve of FFO #40 (score, move, seconds, nodes)."""
    from othello_zoo._scalar import ScalarBoard
    from othello_zoo.agents import AlphaBetaAgent
    from othello_zoo.agents.endgame import EndgameSolver
    from othello_zoo.notation import parse_moves

    midgame = _midgame()
    agent = AlphaBetaAgent(depth=6, endgame=0)
    start = time.perf_counter()
    agent.act(midgame)
    out = {"midgame nodes/s (depth 6)": agent.last_nodes / (time.perf_counter() - start)}
    endgame = ScalarBoard.from_text(FFO_40)
    for action in parse_moves("a2b1c1"):  # 3 plies on: 17 empties
        endgame = endgame.step(action)
    solver = EndgameSolver(8)
    start = time.perf_counter()
    solver.solve(endgame.own, endgame.opp)
    out["endgame solver nodes/s (17 empties)"] = solver.nodes / (time.perf_counter() - start)
    if solve_ffo:
        solver = EndgameSolver(8)
        start = time.perf_counter()
        score, move = solver.solve_text(FFO_40)
        out["FFO #40 seconds"] = time.perf_counter() - start
        out["FFO #40 nodes"] = solver.nodes
        out["FFO #40 score"] = score
        out["FFO #40 move"] = move
    return out


def peak_memory_mib(backend: str, batch_size: int, device: str = "cpu", board_size: int = 8) -> float:
    """Memory that random play at ``batch_size`` needs, measured in a fresh process, in MiB.

    On CPU (Linux): the peak resident set during the run minus the resident set just before it
    (the peak is reset through ``/proc/self/clear_refs`` after torch and the kernel tables are
    loaded); elsewhere the process's whole peak. On CUDA: the peak allocated by torch.
    """
    code = f"""
import os, resource, torch
from othello_zoo import bench, engine
dev = torch.device({device!r})
kernel = "bitboard" if {backend!r}.startswith("vector") else {backend!r}
state = engine.init(1, {board_size}, device=dev, backend=kernel)
engine.step(state, torch.zeros(1, dtype=torch.int64, device=dev), "lose")
def status(key):
    for line in open("/proc/self/status"):
        if line.startswith(key):
            return int(line.split()[1]) / 1024
base = 0.0
if os.path.exists("/proc/self/clear_refs"):
    with open("/proc/self/clear_refs", "w") as f:
        f.write("5")  # reset the peak resident set to the current one
    base = status("VmRSS:")
if dev.type == "cuda":
    torch.cuda.reset_peak_memory_stats()
if {backend!r}.startswith("vector"):
    book = "xot" if {backend!r} == "vector+xot" else None
    bench.measure_vector({batch_size}, {device!r}, book, seconds=0.2, repeats=1)
else:
    bench.measure_engine({backend!r}, {batch_size}, {device!r}, {board_size}, seconds=0.2, repeats=1)
peak = status("VmHWM:") if base else resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(torch.cuda.max_memory_allocated() / 2**20 if dev.type == "cuda" else peak - base)
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return float(out.stdout.strip().splitlines()[-1])


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


def _ratio(results: Sequence[Result], a: str, b: str, batch: int, device: str = "cpu") -> float | None:
    def best(name: str) -> float | None:
        values = [
            r.board_steps_per_s for r in results if r.backend == name and r.batch_size == batch and r.device == device
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


def _parse_ints(text: str) -> list[int]:
    return [int(x) for x in text.split(",") if x]


def build_parser(parser: argparse.ArgumentParser | None = None) -> argparse.ArgumentParser:
    """The ``bench`` command's arguments."""
    parser = parser or argparse.ArgumentParser(prog="othello-zoo bench", description=__doc__.split("\n")[0])
    parser.add_argument(
        "--backends",
        default="bitboard,conv,conv2d,vector,vector+xot",
        help="comma-separated: engine backends, and 'vector' / 'vector+xot' for the vector env",
    )
    parser.add_argument(
        "--batch-sizes", type=_parse_ints, default=None, help="e.g. 1,16,256 (default: 1..16384, more on GPU)"
    )
    parser.add_argument("--board-size", type=int, default=8)
    parser.add_argument("--threads", default="1,default", help="CPU thread counts, e.g. 1,default")
    parser.add_argument("--devices", default=None, help="cpu,cuda (default: cpu, and cuda when present)")
    parser.add_argument("--seconds", type=float, default=0.3, help="time per round of a measurement")
    parser.add_argument(
        "--repeats", type=int, default=3, help="passes over all measurements (each one's best is reported)"
    )
    parser.add_argument("--compare", choices=["pgx"], default=None, help="also run pgx's Othello in this run")
    parser.add_argument("--memory", action="store_true", help="peak memory at the largest batch, per backend")
    parser.add_argument("--no-env", action="store_true", help="skip the PettingZoo env latency comparison")
    parser.add_argument("--no-agents", action="store_true", help="skip the MCTS and alpha-beta measurements")
    parser.add_argument(
        "--skip-ffo", action="store_true", help="skip the exact solve of FFO #40 (about 40 s on one core)"
    )
    parser.add_argument("--json", dest="json_path", default=None, help="write every result to this JSON file")
    parser.add_argument("--plot", default=None, help="write a log-log plot to this PNG (needs matplotlib)")
    return parser


def _keep_best(best: dict[tuple[str, int, str, int], Result], key: tuple[str, int, str, int], result: Result) -> None:
    if key not in best or result.board_steps_per_s > best[key].board_steps_per_s:
        best[key] = result


def run(args: argparse.Namespace) -> list[Result]:
    """Run the benchmark described by parsed ``args``; prints the table and ratios."""
    from tqdm import tqdm

    devices = args.devices.split(",") if args.devices else ["cpu"] + (["cuda"] if torch.cuda.is_available() else [])
    backends = [b for b in args.backends.split(",") if b]
    default_threads = torch.get_num_threads()
    threads = [default_threads if t == "default" else int(t) for t in args.threads.split(",")]
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
    for a, b in pairs:
        for batch in (4096, 16384):
            value = _ratio(results, a, b, batch)
            if value:
                print(f"ratio {a} / {b} at B={batch} (cpu, best thread setting): {value:.2f}x")
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
