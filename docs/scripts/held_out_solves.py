"""Exact solves of WTHOR 2004 positions the learned evaluation was not fitted to: nodes and seconds over them, one
thread, each from ``guess_score``'s guess (as ``solve_exact`` solves).

    python docs/scripts/held_out_solves.py 22 40     # the position at 22 empties of 40 held-out games
    python docs/scripts/held_out_solves.py 24 12

The games are every 35th of ``tests/data/WTH_2004.wtb`` (its SOURCE file says where it comes from): numbers that are
multiples of five, the games ``fit_patterns.py`` holds out. A game that ends sooner, or whose mover passes there, is
skipped. Run it from a checkout whose ``othello_zoo/data/patterns.npz`` holds the tables to compare (``PYTHONPATH``).
"""

from __future__ import annotations

import argparse
import time

from endgame_timing import positions

from othello_zoo.agents.alphabeta import guess_score
from othello_zoo.agents.native import native_solve, native_status


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("empties", type=int, choices=range(10, 31), metavar="EMPTIES (10-30)")
    parser.add_argument("count", type=int, choices=range(1, 201), metavar="COUNT (1-200)")
    args = parser.parse_args()
    boards = positions(args.empties, args.count, stride=35)  # multiples of 35: numbers held out by the fit
    print(native_status(), flush=True)
    if native_solve(boards[0].own, boards[0].opp, -1, 1) is None:  # the library loaded before the clock runs
        raise SystemExit("the C solver is needed")
    nodes, began = 0, time.perf_counter()
    for board in boards:
        solved = native_solve(board.own, board.opp, -64, 64, guess=guess_score(board))
        assert solved is not None
        nodes += solved[2]
    seconds = time.perf_counter() - began
    print(f"{args.empties} empties, {len(boards)} positions: {nodes / 1e6:.1f} million nodes, {seconds:.1f} s")


if __name__ == "__main__":
    main()
