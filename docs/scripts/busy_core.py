"""How much slower a training iteration and the AlphaZero agent's move get with one core busy.

Runs each measurement on a quiet machine, then again with one core kept busy by a plain Python loop (as a
learner, a browser or a Ray worker would keep it), at the package's default thread setting and at torch's
own (``--threads torch``: one intra-op thread per core), and prints the times and the slowdowns:

    .venv/bin/python docs/scripts/busy_core.py

The engine's rows are measured by ``othello-zoo bench --busy-cores 1`` (rows ``BACKEND@busy``).
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

TRAIN = ["train", "--games", "16", "--iterations", "1", "--eval-every", "0", "--quiet"]
MOVE = """
import sys, time, torch
from othello_zoo import set_threads
from othello_zoo.agents import make_agent
from othello_zoo.core.board import Board
from othello_zoo.notation import parse_moves
set_threads(None if sys.argv[1] == "torch" else sys.argv[1])
agent = make_agent("az", seed=0)
board = Board.start()
for move in parse_moves("f5d6c3d3c4f4f6f3e6e7"):
    board = board.step(move)
agent.act(board)  # warm-up: the network and the search's first allocations
start = time.perf_counter()
for _ in range(3):
    agent.act(board)
print((time.perf_counter() - start) / 3)
"""


def _train_seconds(threads: str) -> float:
    with tempfile.TemporaryDirectory() as out:
        command = [sys.executable, "-m", "othello_zoo", *TRAIN, "--threads", threads, "--out", str(Path(out) / "r")]
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        return time.perf_counter() - start


def _move_seconds(threads: str) -> float:
    out = subprocess.run([sys.executable, "-c", MOVE, threads], check=True, capture_output=True, text=True)
    return float(out.stdout.strip().splitlines()[-1])


def main() -> None:
    from othello_zoo.cli._bench_extras import busy_cores

    rows = []
    for name, measure in (("train, 1 iteration of 16 games", _train_seconds), ("az agent, one move", _move_seconds)):
        for threads in ("auto", "torch"):
            quiet = measure(threads)
            with busy_cores(1):
                busy = measure(threads)
            rows.append((name, "auto (default)" if threads == "auto" else "torch's own", quiet, busy))
    print(f"{'measurement':<32} {'threads':<12} {'quiet':>9} {'1 core busy':>12} {'slowdown':>9}")
    for name, threads, quiet, busy in rows:
        print(f"{name:<32} {threads:<12} {quiet:8.2f}s {busy:11.2f}s {busy / quiet:8.2f}x")


if __name__ == "__main__":
    main()
