"""The bench's tables and ratios, and its measurements under other conditions: a busy machine, and glibc malloc
tuned (in a fresh process).

``python -m othello_zoo.cli._bench_extras tuned BACKEND BATCH DEVICE BOARD_SIZE SECONDS REPEATS THREADS`` prints one
:class:`~othello_zoo.cli._measure.Result` as JSON, measured after :func:`~othello_zoo.env.vector.tune_malloc` (which is
process-wide and cannot be undone, so it never runs in the bench's own process).
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, replace

from othello_zoo.cli._measure import Result

__all__ = ["BUSY_LOOP", "RATIO_PAIRS", "busy_cores", "measure_tuned", "print_ratios", "ratio", "table"]

BUSY_LOOP = "while True: pass"  # what runs on a busy core: a plain Python loop, as any busy program


@contextmanager
def busy_cores(count: int) -> Iterator[list[subprocess.Popen[bytes]]]:
    """``count`` processes each keeping one core busy for the duration of the block (then ended)."""
    processes: list[subprocess.Popen[bytes]] = []
    try:
        processes.extend(subprocess.Popen([sys.executable, "-c", BUSY_LOOP]) for _ in range(count))
        if processes:
            time.sleep(0.3)  # each one started and spinning before the block runs
        yield processes
    finally:
        for process in processes:
            process.kill()
        for process in processes:
            process.wait()


def measure_tuned(
    backend: str, batch_size: int, device: str, board_size: int, seconds: float, repeats: int, threads: int
) -> Result:
    """:func:`~othello_zoo.cli._measure.measure_backend` in a fresh process after ``tune_malloc()``; the
    result's backend is named ``BACKEND+malloc``."""
    words = [backend, str(batch_size), device, str(board_size), str(seconds), str(repeats), str(threads)]
    command = [sys.executable, "-m", "othello_zoo.cli._bench_extras", "tuned", *words]
    out = subprocess.run(command, capture_output=True, text=True)
    if out.returncode:
        raise RuntimeError(f"the malloc-tuned measurement of {backend} at B={batch_size} failed:\n{out.stderr}")
    return Result(**json.loads(out.stdout.strip().splitlines()[-1]))


def table(results: Sequence[Result], batches: Sequence[int]) -> str:
    """The throughput table: a row per device, backend and thread count, a column per batch size."""
    rows: dict[tuple[str, str, int], dict[int, float]] = {}
    for r in results:
        rows.setdefault((r.device, r.backend, r.threads), {})[r.batch_size] = r.board_steps_per_s
    width = max([9, *(len(backend) for _, backend, _ in rows)])  # short names keep the layout of 9
    head = f"{'device':<6} {'backend':<{width}} {'threads':>7} | " + " ".join(f"{b:>10}" for b in batches)
    lines = [head, "-" * len(head)]
    for (device, backend, threads), values in rows.items():
        cells = " ".join(f"{values[b]:>10,.0f}" if b in values else f"{'':>10}" for b in batches)
        label = threads or ("default" if backend == "pgx" else "auto")
        lines.append(f"{device:<6} {backend:<{width}} {label:>7} | {cells}")
    return "\n".join(lines)


def ratio(
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


RATIO_PAIRS = (
    ("bitboard", "pgx"),
    ("conv", "pgx"),
    ("conv", "conv2d"),
    ("bitboard", "conv"),
    ("vector", "bitboard"),
    ("vector-dict", "vector"),
    ("vector+xot", "bitboard"),
    ("vector", "pgx"),
    ("vector-dict", "pgx"),
    ("vector+xot", "pgx"),
    ("gym-vector", "vector"),
    ("gym-vector", "pgx"),
    ("vector-compiled", "vector"),
    ("vector-compiled", "pgx"),
    ("vector-dict-compiled", "vector-dict"),
    ("vector-dict-compiled", "pgx"),
    ("bitboard-compiled", "bitboard"),
    ("bitboard-compiled", "pgx"),
    ("gym-vector-compiled", "gym-vector"),
    ("gym-vector-compiled", "pgx"),
    ("wide-compiled", "conv"),
    ("wide-compiled", "pgx"),
)


def print_ratios(results: Sequence[Result]) -> None:
    """The ratios of :data:`RATIO_PAIRS` at B=4096 and 16384 on the CPU: each backend at its best
    thread count and, when several counts ran (and pgx is not in the pair), like for like."""
    thread_counts = sorted({r.threads for r in results if r.device == "cpu" and r.backend != "pgx"})
    busy = sorted({r.backend for r in results if r.backend.endswith("@busy")})
    for a, b in [*RATIO_PAIRS, *((name, name.removesuffix("@busy")) for name in busy)]:
        for batch in (4096, 16384):
            value = ratio(results, a, b, batch)
            if value:
                print(f"ratio {a} / {b} at B={batch} (cpu, best thread setting): {value:.2f}x")
            if "pgx" in (a, b) or len(thread_counts) < 2:
                continue
            for count in thread_counts:  # like for like: both at the same thread count
                value = ratio(results, a, b, batch, threads=count)
                if value:
                    print(f"ratio {a} / {b} at B={batch} (cpu, {count or 'auto'} thread(s) each): {value:.2f}x")


def _main(argv: Sequence[str]) -> int:
    command, *rest = argv
    if command != "tuned" or len(rest) != 7:
        raise SystemExit(
            "usage: python -m othello_zoo.cli._bench_extras tuned BACKEND BATCH DEVICE SIZE SECONDS REPEATS T"
        )
    import torch

    from othello_zoo.runtime.malloc import tune_malloc

    tuned = tune_malloc()  # before the measurement's allocations (torch's import allocates little)

    from othello_zoo.cli._measure import measure_backend
    from othello_zoo.runtime.threads import set_threads

    backend, batch, device, size, seconds, repeats, threads = rest
    if int(threads):  # else (0) torch's and the package's own settings
        torch.set_num_threads(int(threads))
        set_threads(int(threads))
    result = measure_backend(backend, int(batch), device, int(size), float(seconds), int(repeats))
    name = f"{result.backend}+malloc" if tuned else f"{result.backend}+malloc(not taken)"
    print(json.dumps(asdict(replace(result, backend=name))))
    return 0


if __name__ == "__main__":
    raise SystemExit(_main(sys.argv[1:]))
