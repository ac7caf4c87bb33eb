"""``othello-zoo play``: a game in the terminal, a person against the random player or two players.

Moves are typed as squares (``f5``), ``pass`` when a pass is forced, ``quit`` to stop. With no
input left (end of file) a human side stops the game.
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import TextIO

import torch

from othello_zoo import engine
from othello_zoo.notation import check_board_size, format_moves, parse_moves
from othello_zoo.render import board_to_ansi

__all__ = ["build_parser", "run", "terminal_game"]

PLAYERS = ("human", "random")


def build_parser(parser: argparse.ArgumentParser | None = None) -> argparse.ArgumentParser:
    """The ``play`` command's arguments."""
    parser = parser or argparse.ArgumentParser(prog="othello-zoo play", description=__doc__.split("\n")[0])
    parser.add_argument("--black", choices=PLAYERS, default="human", help="who plays black (moves first)")
    parser.add_argument("--white", choices=PLAYERS, default="random", help="who plays white")
    parser.add_argument("--board-size", type=int, default=8, help="even, 4 to 16")
    parser.add_argument("--seed", type=int, default=None, help="seed of the random player")
    return parser


def _cells(state: engine.State) -> list[int]:
    board = engine.observe(state, 0)[0].flatten(1)
    return (board[0] + 2 * board[1]).tolist()


def terminal_game(
    black: str = "human",
    white: str = "random",
    board_size: int = 8,
    seed: int | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
) -> tuple[int, int] | None:
    """Play one game in the terminal; returns the final counts (black, white), None if stopped."""
    stdin, stdout = stdin or sys.stdin, stdout or sys.stdout
    n = check_board_size(board_size)
    rng = random.Random(seed)
    state = engine.init(1, n)
    sides = (black, white)
    last: int | None = None
    while not bool(state.terminated[0]):
        legal = engine.legal_action_mask(state)[0].nonzero().flatten().tolist()
        player = int(state.current_player[0])
        print(board_to_ansi(_cells(state), player, [a for a in legal if a < n * n], last), file=stdout)
        if sides[player] == "random":
            action = rng.choice(legal)
            print(f"{'XO'[player]} plays {format_moves([action], n)}", file=stdout)
        else:
            prompt = "pass (forced; press enter)" if legal == [n * n] else f"your move ({format_moves(legal, n)})"
            print(f"{prompt}: ", end="", file=stdout, flush=True)
            line = stdin.readline()
            if not line or line.strip().lower() == "quit":
                print("\ngame stopped", file=stdout)
                return None
            text = line.strip() or ("pass" if legal == [n * n] else "")
            try:
                moves = parse_moves(text, n)
            except ValueError as error:
                print(error, file=stdout)
                continue
            if len(moves) != 1 or moves[0] not in legal:
                print(f"{text!r} is not a legal move here; legal: {format_moves(legal, n)}", file=stdout)
                continue
            action = moves[0]
        state = engine.step(state, torch.tensor([action]))
        last = action if action < n * n else None
    print(board_to_ansi(_cells(state), int(state.current_player[0]), (), last, over=True), file=stdout)
    black_count, white_count = engine.scores(state)[0].tolist()
    return black_count, white_count


def run(args: argparse.Namespace) -> int:
    """Run ``othello-zoo play`` with parsed ``args``."""
    terminal_game(args.black, args.white, args.board_size, args.seed)
    return 0
