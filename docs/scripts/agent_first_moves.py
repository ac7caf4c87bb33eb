"""The shipped agent's first moves in a fresh process, as a person meets them: seconds a move while its search
compiles in the background (``compile="auto"``) and after, against the greedy agent, one thread.

    python docs/scripts/agent_first_moves.py              # 20 moves, inductor's cache as it is
    TORCHINDUCTOR_CACHE_DIR=$(mktemp -d) python docs/scripts/agent_first_moves.py   # a machine's first time

The figures of ``docs/performance.md`` ("One loop for a whole game, loaded from the cache"). Each row says whether a
compilation was still running when the move ended; the last rows give each compilation's seconds (by depth of its
graphs and the trees' node count: a count of 0.0 s is a graph already compiled, its guards checked).
"""

from __future__ import annotations

import argparse
import time

from othello_zoo.agents import make_agent
from othello_zoo.alphazero.agent import AlphaZeroAgent
from othello_zoo.core.board import Board
from othello_zoo.runtime.compiler import compiling_in_background
from othello_zoo.runtime.threads import set_threads
from othello_zoo.search._compiled import COMPILE_TIMES


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=20, help="the agent's moves to time, game after game (default 20)")
    args = parser.parse_args()
    set_threads(1)
    began = time.perf_counter()
    agent = AlphaZeroAgent()  # compile="auto": its compilation starts here
    print(f"built in {time.perf_counter() - began:.2f} s", flush=True)
    greedy, board, played = make_agent("greedy"), Board.start(8), 0
    while played < args.moves:
        if board.terminated:  # the next game (a cold compilation outlasts one)
            board = Board.start(8)
            print("a new game", flush=True)
        start = time.perf_counter()
        board = board.step(agent.act(board))
        took = time.perf_counter() - start
        state = "compiling" if compiling_in_background() else "compiled"
        print(f"move {played + 1:2}: {took:6.2f} s  ({state}; {time.perf_counter() - began:6.1f} s in all)", flush=True)
        if not board.terminated:
            board = board.step(greedy.act(board))
        played += 1
    for (_, _, levels, _, nodes, leaves), seconds in COMPILE_TIMES.items():
        if seconds >= 0.05:
            print(f"compiled {levels} levels (trees of {nodes} nodes, leaf batches of {leaves}) in {seconds:.1f} s")


if __name__ == "__main__":
    main()
