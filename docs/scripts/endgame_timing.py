"""The agent's endgame solve timed: the C solver's win/draw/loss search (the window -1, 1, as the AlphaZero agent asks
it) of 30 positions of WTHOR 2004 tournament games at 18, 20 and 22 empties, with the moves ranked by the learned
evaluation from 16 empties (the default) and by fastest first alone: mean and longest seconds, one core.

    python docs/scripts/endgame_timing.py            # 18, 20 and 22 empties
    python docs/scripts/endgame_timing.py 20 24      # other counts

What ``othello_zoo.alphazero.agent.ENDGAME`` (the empties from which the agent plays the solver's move) was chosen
by. The games are ``tests/data/WTH_2004.wtb`` (its SOURCE file says where they come from).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from othello_zoo.agents.native import native_solve, native_status
from othello_zoo.core.board import Board

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tests"))
from wthor import at_empties, read_games

GAMES = 30


def positions(empties: int, count: int = GAMES, stride: int | None = None) -> list[Board]:
    """The position of ``empties`` empty squares in each of ``count`` games, every ``stride``-th of the file (by
    default spread over the whole file; games that end sooner, or where the side to move must pass there, left
    out)."""
    games = read_games()
    found = []
    for game in games[:: stride or len(games) // count]:
        board = at_empties(game, empties)
        if board is not None:
            found.append(board)
        if len(found) == count:
            break
    return found


def main() -> None:
    counts = [int(a) for a in sys.argv[1:]] or [18, 20, 22]
    print(native_status(), flush=True)
    first = positions(min(counts))[0]
    native_solve(first.own, first.opp, -1, 1)  # the library and the learned tables loaded before the clock runs
    print("| empties | positions | order | mean seconds | longest | nodes (millions) |")
    print("| ---: | ---: | --- | ---: | ---: | ---: |")
    for empties in counts:
        boards = positions(empties)
        for evaluation in (True, False):
            times, nodes = [], 0
            for board in boards:
                began = time.perf_counter()
                solved = native_solve(board.own, board.opp, -1, 1, evaluation=evaluation)
                times.append(time.perf_counter() - began)
                if solved is None:
                    raise SystemExit("the C solver is not available here: " + native_status())
                nodes += solved[2]
            order = "learned evaluation" if evaluation else "fastest first"
            row = [str(empties), str(len(boards)), order, f"{sum(times) / len(times):.3f}", f"{max(times):.3f}"]
            print("| " + " | ".join([*row, f"{nodes / 1000000.0:.1f}"]) + " |", flush=True)


if __name__ == "__main__":
    main()
