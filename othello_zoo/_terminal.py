"""The terminal version of ``othello-zoo play``: the board as text, moves typed as squares.

Re-exported as :func:`othello_zoo.play.terminal_game`.
"""

from __future__ import annotations

import sys
from typing import TextIO

from othello_zoo._game import Game
from othello_zoo.notation import format_moves, parse_moves
from othello_zoo.render import board_to_ansi, cells_of

__all__ = ["terminal_game"]


def terminal_game(
    black: str = "human",
    white: str = "random",
    board_size: int = 8,
    seed: int | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    opening: list[int] | None = None,
    simulations: int = 2000,
) -> tuple[int, int] | None:
    """Play one game in the terminal; returns the final counts (black, white), None if stopped."""
    stdin, stdout = stdin or sys.stdin, stdout or sys.stdout
    game = Game(black, white, board_size, opening, seed, simulations)
    n = game.board_size
    while not game.board.terminated:
        board = game.board
        legal = board.legal_actions()
        player = board.current_player
        print(board_to_ansi(cells_of(board), player, [a for a in legal if a < n * n], game.last_move), file=stdout)
        if not game.human_to_move():
            action = game.agent_move()
            print(f"{'XO'[player]} ({game.sides[player]}) plays {format_moves([action], n)}", file=stdout)
            game.play(action)
            continue
        prompt = "pass (forced; press enter)" if legal == [n * n] else f"your move ({format_moves(legal, n)})"
        print(f"{prompt}: ", end="", file=stdout, flush=True)
        line = stdin.readline()
        text = line.strip().lower()
        if not line or text == "quit":
            print("\ngame stopped", file=stdout)
            return None
        if text == "undo":
            print("undone" if game.undo() else "nothing to undo", file=stdout)
            continue
        text = text or ("pass" if legal == [n * n] else "")
        try:
            moves = parse_moves(text, n)
        except ValueError as error:
            print(error, file=stdout)
            continue
        if len(moves) != 1 or not game.play(moves[0]):
            print(f"{text!r} is not a legal move here; legal: {format_moves(legal, n)}", file=stdout)
    board = game.board
    print(board_to_ansi(cells_of(board), board.current_player, (), game.last_move, over=True), file=stdout)
    return board.scores()
