"""The FFO endgame positions #40-#49 solved exactly by the C solver, one at a time on one core: score, move,
nodes and seconds of each, checked against the suite's values (one thread unless ``--threads N``).

    python docs/scripts/ffo_solve.py            # #40 to #49 (minutes: the deepest take the longest)
    python docs/scripts/ffo_solve.py 40 44      # a range
    python docs/scripts/ffo_solve.py --no-guess # the full window at once, without the midgame search's guess
    python docs/scripts/ffo_solve.py --fastest-first  # no ranking by the learned evaluation from 16 empties
    python docs/scripts/ffo_solve.py --threads 2      # two threads sharing the table (on two free cores)

The table of ``docs/agents.md#the-endgame-solver-in-c``. The positions are ``tests/data/fforum-40-59.obf`` (its
SOURCE file says where they come from); a line's first move is the suite's best (some positions have several).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from othello_zoo.agents.alphabeta import guess_score
from othello_zoo.agents.native import MAX_THREADS, check_threads, native_solve, native_status
from othello_zoo.core.board import Board
from othello_zoo.notation import format_moves

SUITE = Path(__file__).resolve().parents[2] / "tests" / "data" / "fforum-40-59.obf"


def main() -> None:
    arguments = sys.argv[1:]
    threads = 1
    if "--threads" in arguments:
        at = arguments.index("--threads")
        given = arguments[at + 1] if at + 1 < len(arguments) else None
        try:
            threads = check_threads(int(given or ""))
        except ValueError:
            raise SystemExit(f"--threads takes a count from 1 to {MAX_THREADS}, got {given!r}") from None
        del arguments[at : at + 2]
    numbers = [a for a in arguments if not a.startswith("--")]
    first, last = (int(numbers[0]), int(numbers[1])) if len(numbers) == 2 else (40, 49)
    print(native_status() + (f"; {threads} threads" if threads > 1 else ""), flush=True)
    print("| FFO | empties | guess | score | move | the suite's best | nodes | seconds |")
    print("| --- | ---: | ---: | ---: | --- | --- | ---: | ---: |")
    for number, line in enumerate(SUITE.read_text().splitlines(), start=40):
        if not first <= number <= last:
            continue
        text, *listed = (part.strip() for part in line.split(";") if part.strip())
        best = int(listed[0].split(":")[1])
        bests = sorted(m.split(":")[0].lower() for m in listed if int(m.split(":")[1]) == best)
        board = Board.from_text(text)
        empties = 64 - sum(board.scores())
        began = time.perf_counter()
        guess = guess_score(board) if "--no-guess" not in sys.argv else None  # its search's time counted in
        solved = native_solve(board.own, board.opp, -64, 64, guess, "--fastest-first" not in sys.argv, threads)
        seconds = time.perf_counter() - began
        if solved is None:
            raise SystemExit("the C solver is not available here: " + native_status())
        score, move, nodes = solved
        square = format_moves([move], 8, "")
        mark = "" if score == best and square in bests else " (WRONG)"
        listed_best = ", ".join(bests)
        shown = "" if guess is None else f"{guess:+d}"
        row = [f"#{number}", str(empties), shown, f"{score:+d}{mark}", square, listed_best]
        row += [f"{nodes:,}", f"{seconds:.1f}"]
        print("| " + " | ".join(row) + " |", flush=True)


if __name__ == "__main__":
    main()
