"""Exact scores of the WTHOR 2004 games' endgame positions, the labels ``fit_patterns.py --labels`` fits the learned
evaluation's endgame stages to.

    python docs/scripts/label_endgames.py /tmp/labels-0.npz --shard 0 --shards 2 &   # one process a core
    python docs/scripts/label_endgames.py /tmp/labels-1.npz --shard 1 --shards 2     # about 25 minutes each

Every position of a game (``tests/data/WTH_2004.wtb``: its SOURCE file says where it comes from) with at most
``--empties`` empty squares (20) and a placement for the side to move is solved exactly by the C solver, and so is
each position one of its other placements leads to where it has at most ``--children`` empties (14): the tournament
games' own line and the positions beside it. A row is the mover's discs, the opponent's, the exact final disc
difference for the mover (empty squares to the winner), the game's number and whether it is a position beside the
line. The file is written every minute and when the run is interrupted (to a temporary name, then renamed), and a run
given a file that exists goes on after the games it holds, so an interrupted run resumes where it stopped.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tests"))

from wthor import read_games

from othello_zoo.agents.native import native_solve, native_status
from othello_zoo.core.board import Board

COLUMNS = ("own", "opp", "score", "game", "beside")


def load(path: Path) -> list[tuple[int, ...]]:
    """The rows of a labels file, an empty list where it does not exist yet."""
    if not path.exists():
        return []
    with np.load(path, allow_pickle=False) as saved:
        return list(zip(*(saved[name].tolist() for name in COLUMNS), strict=True))


def save(rows: list[tuple[int, ...]], path: Path) -> None:
    """Write ``rows`` to ``path`` through a temporary file, so that a reader never sees half a file."""
    columns = list(zip(*rows, strict=True)) if rows else [()] * len(COLUMNS)
    types = (np.uint64, np.uint64, np.int8, np.int32, np.int8)
    temporary = path.with_name(path.name + ".partial.npz")
    np.savez_compressed(temporary, **{n: np.array(c, t) for n, c, t in zip(COLUMNS, columns, types, strict=True)})
    temporary.replace(path)


def exact(board: Board, guess: int) -> int:
    solved = native_solve(board.own, board.opp, -64, 64, guess=max(-64, min(64, guess)))
    if solved is None:
        raise SystemExit(f"the C solver is needed: {native_status()}")
    return solved[0]


def label_game(number: int, moves: list[int], theoretical: int, empties: int, children: int) -> list[tuple[int, ...]]:
    """The labelled rows of one game."""
    rows: list[tuple[int, ...]] = []
    board = Board.start(8)
    guess = None  # the last score found, for the mover now: where the game's move was a best one, the exact score
    for move in moves:
        if not board.is_legal(move):
            board = board.step(64)  # a pass: the file does not store them
            guess = None if guess is None else -guess
        left = 64 - (board.own | board.opp).bit_count()
        if left <= empties and board.moves:
            if guess is None:  # the game's theoretical score (perfect play from 24 empties), for the mover
                black = 2 * theoretical - 64
                guess = black if board.current_player == 0 else -black
            score = exact(board, guess)
            rows.append((board.own, board.opp, score, number, 0))
            if left <= children:
                others = board.moves & ~(1 << move)
                while others:
                    square = (others & -others).bit_length() - 1
                    others &= others - 1
                    child = board.step(square)
                    if not child.terminated and child.moves:
                        rows.append((child.own, child.opp, exact(child, -score), number, 1))
            guess = -score
        board = board.step(move)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="the labels file (.npz), resumed where it exists")
    parser.add_argument("--shard", type=int, default=0, help="label the games whose number is this modulo --shards")
    parser.add_argument("--shards", type=int, default=1)
    parser.add_argument("--empties", type=int, default=20, help="label the games' positions of at most this many")
    parser.add_argument("--children", type=int, default=14, help="and the positions beside them of at most this many")
    args = parser.parse_args()
    if not 0 <= args.shard < args.shards:
        parser.error(f"--shard {args.shard} is not in 0 to --shards - 1 ({args.shards - 1})")
    games = read_games()
    rows = load(args.out)
    done = {row[3] for row in rows}
    todo = [n for n in range(args.shard, len(games), args.shards) if n not in done]
    print(f"{native_status()}; {len(done):,} games labelled, {len(todo):,} to go", flush=True)
    began = saved = time.perf_counter()
    count = 0
    try:
        for count, number in enumerate(todo, 1):
            game = games[number]
            rows += label_game(number, game.moves, game.theoretical, args.empties, args.children)
            if time.perf_counter() - saved > 60 or count == len(todo):
                save(rows, args.out)
                saved = time.perf_counter()
                left = (len(todo) - count) * (saved - began) / count
                print(f"{count:,}/{len(todo):,} games, {len(rows):,} positions, {left:.0f} s to go", flush=True)
    except KeyboardInterrupt:  # the games finished so far kept (a game's rows join the list whole)
        save(rows, args.out)
        games_in = len({row[3] for row in rows})
        raise SystemExit(f"interrupted: {games_in:,} games in {args.out}; run again to go on") from None


if __name__ == "__main__":
    main()
