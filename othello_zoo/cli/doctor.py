"""``othello-zoo doctor``: what this machine gives the package, and one short run of each part on each device.

The first command to run on a new machine, above all one with a GPU: it prints torch's build, the devices
torch sees, the CPU threads it will use, and then plays each part once on each device (an engine step of
both kernels, the vector env's step, a batched tree search, one training iteration), with its time and
whether it worked. On CUDA it also runs the vector env's step under
``torch.cuda.set_sync_debug_mode("error")``: the step must not synchronise with the host. The exit
status is 0 when every check passed, 1 otherwise.

>>> from othello_zoo.cli import doctor
>>> checks = doctor.run_checks(["cpu"], boards=64)
>>> [c.name for c in checks][:3]
['engine step, bitboard', 'engine step, conv', 'vector env step']
>>> all(c.ok for c in checks)
True
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import torch

from othello_zoo import engine
from othello_zoo.cli import argtypes
from othello_zoo.core.checks import resolve_device
from othello_zoo.env import othello_v0
from othello_zoo.runtime.threads import thread_report

__all__ = ["Check", "build_parser", "environment", "main", "run_checks"]

DESCRIPTION = (
    "Print torch's build, the devices and threads the package will use, and run one engine step, vector env "
    "step, tree search and training iteration on each device, with their times."
)


@dataclass(frozen=True)
class Check:
    """One part run once on one device: its name, whether it worked, the time and what it says."""

    device: str
    name: str
    ok: bool
    seconds: float
    detail: str


def environment() -> list[tuple[str, str]]:
    """The facts that decide how the package runs here, as (name, value) rows."""
    rows = [
        ("python", f"{platform.python_version()} ({sys.executable})"),
        ("platform", platform.platform()),
        ("torch", torch.__version__),
        ("CUDA build", torch.version.cuda or "none (a CPU build of torch)"),
    ]
    if torch.cuda.is_available():
        for index in range(torch.cuda.device_count()):
            props = torch.cuda.get_device_properties(index)
            memory = props.total_memory / 2**30
            rows.append((f"cuda:{index}", f"{props.name}, {memory:.0f} GiB, {props.multi_processor_count} SMs"))
    else:
        rows.append(("cuda", "no CUDA device visible to torch"))
    mps = getattr(torch.backends, "mps", None)
    if mps is not None and mps.is_available():
        rows.append(("mps", "available"))
    rows.append(("C++ compiler", _cpp_compiler()))
    rows.append(("endgame solver", _endgame_solver()))
    rows.append(("search trees", _search_trees()))
    rows.append(("az search", _agent_search()))
    rows.extend(thread_report())
    return rows


def _cpp_compiler() -> str:
    """The C++ compiler torch.compile would use on the CPU (vector_env(compile=True)), or why there is none."""
    from othello_zoo.runtime.compiler import cpp_compiler

    path = cpp_compiler()
    if path:
        return f"{path} (vector_env(compile=True) compiles its step with it on the CPU)"
    return "none found: vector_env(compile=True) cannot compile its step on the CPU (install g++ or clang++)"


def _endgame_solver() -> str:
    """Whether the exact 8 x 8 endgame solver runs in C here (built on first use), or why it runs in Python."""
    from othello_zoo.agents.native import native_status

    return native_status()


def _search_trees() -> str:
    """Whether a compiled CPU search walks its leaf batches in C here (built on first use), or why not."""
    from othello_zoo.search import native_search_status

    return native_search_status()


def _agent_search() -> str:
    """How the shipped 8 x 8 agent's search runs here: compiled or not, its graphs cached or not."""
    from othello_zoo.alphazero.agent import compile_status

    return compile_status()


def _sync(device: torch.device) -> None:
    if device.type == "cuda":
        torch.cuda.synchronize(device)


def _timed(device: torch.device, work: Callable[[], str]) -> tuple[float, str]:
    """Runs ``work`` once to warm up, then once timed; returns the seconds and what it said."""
    work()
    _sync(device)
    start = time.perf_counter()
    detail = work()
    _sync(device)
    return time.perf_counter() - start, detail


def _engine_step(device: torch.device, backend: str, boards: int) -> Callable[[], str]:
    def work() -> str:
        generator = torch.Generator(device=device).manual_seed(0)
        state = engine.init(boards, device=device, backend=backend)  # type: ignore[arg-type]
        plies, placed = 20, torch.zeros((), dtype=torch.int64, device=device)
        for _ in range(plies):
            actions = engine.random_actions(state, generator)
            placed += (actions < 64).sum()
            state = engine.step(state, actions)
        discs, expected = int(engine.scores(state).sum()), 4 * boards + int(placed)
        if discs != expected:
            raise AssertionError(f"{boards} boards after {plies} plies hold {discs} discs, not {expected}")
        return f"{boards} boards x {plies} plies"

    return work


def _vector_step(device: torch.device, boards: int, no_sync: bool) -> Callable[[], str]:
    def work() -> str:
        env = othello_v0.vector_env(boards, device=device, illegal_action="lose", opening_book="xot")
        env.reset(seed=0)
        generator = torch.Generator(device=device).manual_seed(0)
        plies = 70  # past the end of every game: autoreset included
        mode = torch.cuda.get_sync_debug_mode() if no_sync else 0
        if no_sync:
            torch.cuda.set_sync_debug_mode("error")
        try:
            for _ in range(plies):
                _, mask = env.observe_movers()
                env.step_movers(engine.sample_actions(mask, generator, check=False))
        finally:
            if no_sync:
                torch.cuda.set_sync_debug_mode(mode)
        return f"{boards} boards x {plies} plies" + (", no host synchronisation" if no_sync else "")

    return work


def _search(device: torch.device, roots: int) -> Callable[[], str]:
    from othello_zoo.alphazero.network import PolicyValueNet
    from othello_zoo.search import BatchedSearch

    net = PolicyValueNet(8, channels=32, blocks=2).to(device)

    def work() -> str:
        simulations = 32
        result = BatchedSearch(net.evaluator(), simulations=simulations).run(engine.init(roots, device=device))
        visits = int(result.visits.sum())
        if visits != roots * simulations:
            raise AssertionError(f"{visits} root visits, expected {roots * simulations}")
        return f"{roots} roots x {simulations} simulations"

    return work


def _train(device: torch.device) -> Callable[[], str]:
    from othello_zoo.alphazero.train import TrainConfig, Trainer

    def work() -> str:
        config = TrainConfig(games=8, simulations=8, train_steps=4, batch_size=64, eval_every=0, iterations=1)
        config = TrainConfig(**{**config.__dict__, "device": str(device), "minutes": 0.0})
        with tempfile.TemporaryDirectory(prefix="othello-zoo-doctor-") as out:
            log = Trainer(config, out).run(progress=False)
        loss = log[-1]["policy_loss"]
        return f"1 iteration: {config.games} games, {config.train_steps} gradient steps, policy loss {loss:.3f}"

    return work


def run_checks(devices: Sequence[str], boards: int = 4096) -> list[Check]:
    """Each part once on each of ``devices``; a part that fails is reported, not raised."""
    checks: list[Check] = []
    for text in devices:
        try:
            device = resolve_device("device", text)
        except ValueError as error:
            checks.append(Check(str(text), "device", False, 0.0, str(error)))
            continue
        parts: list[tuple[str, Callable[[torch.device], Callable[[], str]]]] = [
            ("engine step, bitboard", lambda d: _engine_step(d, "bitboard", boards)),
            ("engine step, conv", lambda d: _engine_step(d, "conv", boards)),
            ("vector env step", lambda d: _vector_step(d, boards, no_sync=d.type == "cuda")),
            ("tree search", lambda d: _search(d, min(boards, 256))),
            ("train iteration", _train),
        ]
        for name, build in parts:
            try:
                seconds, detail = _timed(device, build(device))
                checks.append(Check(str(device), name, True, seconds, detail))
            except Exception as error:  # a doctor reports every failure and goes on
                last = traceback.format_exception_only(type(error), error)[-1].strip()
                checks.append(Check(str(device), name, False, 0.0, last))
    return checks


def build_parser(parser: argparse.ArgumentParser | None = None) -> argparse.ArgumentParser:
    """The ``doctor`` command's arguments."""
    parser = parser or argparse.ArgumentParser(prog="othello-zoo doctor", description=DESCRIPTION)
    parser.add_argument(
        "--devices",
        type=argtypes.devices,
        help="comma-separated devices to check (default: cpu, and cuda when present)",
    )
    parser.add_argument(
        "--boards",
        type=argtypes.whole(1),
        default=4096,
        help="boards of the engine and env checks (default: %(default)s)",
    )
    return parser


def main(args: argparse.Namespace) -> int:
    """Prints the environment and every check; 0 when all passed."""
    rows = environment()
    width = max(len(name) for name, _ in rows)
    for name, value in rows:
        print(f"{name:<{width}}  {value}")
    devices = args.devices or (["cpu", "cuda"] if torch.cuda.is_available() else ["cpu"])
    print()
    checks = run_checks(devices, args.boards)
    for check in checks:
        status = "ok  " if check.ok else "FAIL"
        timing = f"{check.seconds * 1e3:9.1f} ms" if check.ok else " " * 12
        print(f"{status} {check.device:<7} {check.name:<22} {timing}  {check.detail}")
    failed = [c for c in checks if not c.ok]
    print(
        f"\n{len(checks) - len(failed)} of {len(checks)} checks passed" + (f"; {len(failed)} failed" if failed else "")
    )
    if os.environ.get("OMP_NUM_THREADS"):
        print(f"OMP_NUM_THREADS={os.environ['OMP_NUM_THREADS']} is set in this shell")
    return 1 if failed else 0
