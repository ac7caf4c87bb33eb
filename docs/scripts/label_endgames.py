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

from wthor import Game, positions_of, read_games

from othello_zoo.agents.native import native_solve, native_status
from othello_zoo.core.board import Board, squares_of
from othello_zoo.runtime.files import RunLock, RunLockedError

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


def label_game(number: int, game: Game, empties: int, children: int) -> list[tuple[int, ...]]:
    """The labelled rows of one game."""
    rows: list[tuple[int, ...]] = []
    black_guess = 2 * game.theoretical - 64  # for black: the theoretical score, then the last score found
    for board, move in positions_of(game):
        left = 64 - (board.own | board.opp).bit_count()
        if left <= empties and board.moves:
            sign = 1 if board.current_player == 0 else -1
            score = exact(board, sign * black_guess)
            rows.append((board.own, board.opp, score, number, 0))
            if left <= children:
                for square in squares_of(board.moves & ~(1 << move)):
                    child = board.step(square)
                    if not child.terminated and child.moves:
                        rows.append((child.own, child.opp, exact(child, -score), number, 1))
            black_guess = sign * score  # where the game's move was a best one, the next position's exact score
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
    try:
        with RunLock(args.out.with_name(args.out.name + ".lock"), f"the labels file {args.out}"):
            label(args.out, args.shard, args.shards, args.empties, args.children)
    except RunLockedError as error:
        raise SystemExit(str(error)) from None


def label(out: Path, shard: int, shards: int, empties: int, children: int) -> None:
    """Label the games of one shard into ``out``, after those it holds already."""
    games = read_games()
    rows = load(out)
    done = {row[3] for row in rows}
    todo = [n for n in range(shard, len(games), shards) if n not in done]
    print(f"{native_status()}; {len(done):,} games labelled, {len(todo):,} to go", flush=True)
    began = saved = time.perf_counter()
    try:
        for count, number in enumerate(todo, 1):
            rows += label_game(number, games[number], empties, children)
            if time.perf_counter() - saved > 60 or count == len(todo):
                save(rows, out)
                saved = time.perf_counter()
                left = (len(todo) - count) * (saved - began) / count
                print(f"{count:,}/{len(todo):,} games, {len(rows):,} positions, {left:.0f} s to go", flush=True)
    except KeyboardInterrupt:  # the games finished so far kept (a game's rows join the list whole)
        save(rows, out)
        games_in = len({row[3] for row in rows})
        raise SystemExit(f"interrupted: {games_in:,} games in {out}; run again to go on") from None


if __name__ == "__main__":
    main()
