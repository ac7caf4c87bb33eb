"""The FFO endgame positions #40-#49 solved exactly by the C solver, one at a time on one core: score, move,
nodes and seconds of each, checked against the suite's values.

    python docs/scripts/ffo_solve.py            # #40 to #49 (minutes: the deepest take the longest)
    python docs/scripts/ffo_solve.py 40 44      # a range

The table of ``docs/agents.md#the-endgame-solver-in-c``. The positions are ``tests/data/fforum-40-59.obf`` (its
SOURCE file says where they come from); a line's first move is the suite's best (some positions have several).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from othello_zoo.agents.native import native_solve, native_status
from othello_zoo.core.board import Board
from othello_zoo.notation import format_moves

SUITE = Path(__file__).resolve().parents[2] / "tests" / "data" / "fforum-40-59.obf"


def main() -> None:
    first, last = (int(sys.argv[1]), int(sys.argv[2])) if len(sys.argv) == 3 else (40, 49)
    print(native_status(), flush=True)
    print("| FFO | empties | score | move | the suite's best | nodes | seconds |")
    print("| --- | ---: | ---: | --- | --- | ---: | ---: |")
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[attr-defined]
    for number, line in enumerate(SUITE.read_text().splitlines(), start=40):
        if not first <= number <= last:
            continue
        text, *listed = (part.strip() for part in line.split(";") if part.strip())
        best = int(listed[0].split(":")[1])
        bests = sorted(m.split(":")[0].lower() for m in listed if int(m.split(":")[1]) == best)
        board = Board.from_text(text)
        empties = 64 - sum(board.scores())
        began = time.perf_counter()
        solved = native_solve(board.own, board.opp, -64, 64)
        seconds = time.perf_counter() - began
        if solved is None:
            raise SystemExit("the C solver is not available here: " + native_status())
        score, move, nodes = solved
        square = format_moves([move], 8, "")
        mark = "" if score == best and square in bests else " (WRONG)"
        listed_best = ", ".join(bests)
        print(f"| #{number} | {empties} | {score:+d}{mark} | {square} | {listed_best} | {nodes:,} | {seconds:.1f} |")


if __name__ == "__main__":
    main()
