"""``othello-zoo play``: a person against an agent in a pygame window, or in the terminal.

The window: click a square to move (legal moves are hinted, the last move ringed, the discs it
turned over flip in a short animation and keep a small mark); when you must pass, the status line
says so and any click or the space bar passes; ``u`` undoes your last move
and the agent's reply, ``n`` starts a new game, ``Esc`` or ``q`` quits. The window resizes, and
the agent thinks in a background thread while the window keeps answering.

With no display (or ``--terminal``) the game runs in the terminal: the board is printed, moves are
typed as squares (``f5``), ``pass`` when a pass is forced, ``undo``, ``quit``.

``--black greedy --white random`` (both sides agents) plays a demonstration game.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import threading
import time
from typing import Any, TextIO

from othello_zoo import _cli
from othello_zoo._scalar import scalar_rules
from othello_zoo.agents import AGENT_CLASSES, make_agent
from othello_zoo.board import Board, squares_of
from othello_zoo.notation import check_board_size, format_moves, parse_moves
from othello_zoo.openings import load_book
from othello_zoo.render import board_to_ansi, cells_of

__all__ = ["Game", "PlayWindow", "build_parser", "display_available", "run", "terminal_game"]

PLAYERS = ("human", *AGENT_CLASSES)
FLIP_SECONDS = 0.3  # length of the animation of the discs a move turns over


class Game:
    """A game between two sides (``"human"`` or an agent), with undo and new games."""

    def __init__(
        self,
        black: str = "human",
        white: str = "random",
        board_size: int = 8,
        opening: list[int] | None = None,
        seed: int | None = None,
        mcts_simulations: int = 2000,
    ) -> None:
        self.board_size = check_board_size(board_size)
        self.sides = (black, white)
        options = {"mcts": {"simulations": mcts_simulations}}
        self.agents = {
            colour: make_agent(side, seed, **options.get(side, {}))
            for colour, side in enumerate(self.sides)
            if side != "human"
        }
        self.opening = list(opening or [])
        self.new_game()

    def new_game(self) -> None:
        board = Board.start(self.board_size)
        for action in self.opening:
            board = board.step(action)
        self.history: list[Board] = [board]
        self.moves: list[int] = []

    @property
    def board(self) -> Board:
        return self.history[-1]

    @property
    def last_move(self) -> int | None:
        return self.moves[-1] if self.moves and self.moves[-1] < self.board_size**2 else None

    @property
    def flipped(self) -> list[int]:
        """The squares whose discs the last placement turned over (empty after a pass or at the start)."""
        if self.last_move is None:
            return []
        before = self.history[-2]
        return squares_of(scalar_rules(self.board_size).flips(before.own, before.opp, 1 << self.last_move))

    def human_to_move(self) -> bool:
        return not self.board.terminated and self.sides[self.board.current_player] == "human"

    def must_pass(self) -> bool:
        return self.board.legal_actions() == [self.board_size**2] and not self.board.terminated

    def play(self, action: int) -> bool:
        """Play ``action`` if legal for the side to move; returns whether it was played."""
        if not self.board.is_legal(action):
            return False
        self.history.append(self.board.step(action))
        self.moves.append(action)
        return True

    def agent_move(self) -> int:
        """The agent's choice for the side to move (not played)."""
        return int(self.agents[self.board.current_player].act(self.board))

    def undo(self) -> bool:
        """Take back moves until a human is to move again with at least one move undone."""
        if "human" not in self.sides or len(self.history) == 1:
            return False
        self.history.pop()
        self.moves.pop()
        while len(self.history) > 1 and not self.human_to_move():
            self.history.pop()
            self.moves.pop()
        return True

    def result(self) -> str:
        black, white = self.board.scores()
        winner = "black wins" if black > white else "white wins" if white > black else "draw"
        return f"{winner} {black}-{white}"


def display_available() -> bool:
    """Whether a pygame window can open here (a display, or an explicit SDL video driver)."""
    if os.environ.get("SDL_VIDEODRIVER"):
        return True
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


class PlayWindow:
    """The pygame front end of a :class:`Game`. Drive it with :meth:`run`, or event by event with
    :meth:`handle` and :meth:`update` (as the tests do under ``SDL_VIDEODRIVER=dummy``)."""

    def __init__(self, game: Game, size: tuple[int, int] = (640, 700), fps: int = 30) -> None:
        import pygame

        from othello_zoo.render import BoardRenderer

        self.pygame = pygame
        self.game = game
        self.fps = fps
        pygame.display.init()
        pygame.display.set_caption("othello_zoo")
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.clock = pygame.time.Clock()
        self.renderer = BoardRenderer(game.board_size, "human")
        self.running = True
        self._thinking: threading.Thread | None = None
        self._reply: int | None = None
        self._generation = 0  # bumped by undo / new game, so a stale reply is dropped
        self._flip_start = -math.inf  # when the flip animation of the last move played here started

    # -- events --------------------------------------------------------------------------------
    def handle(self, event: Any) -> None:
        pg, game = self.pygame, self.game
        if event.type == pg.QUIT or (event.type == pg.KEYDOWN and event.key in (pg.K_ESCAPE, pg.K_q)):
            self.running = False
        elif event.type == pg.VIDEORESIZE:
            self.screen = pg.display.set_mode((event.w, event.h), pg.RESIZABLE)
        elif event.type == pg.KEYDOWN and event.key == pg.K_n:
            self._generation += 1
            game.new_game()
        elif event.type == pg.KEYDOWN and event.key == pg.K_u:
            self._generation += 1
            game.undo()
        elif game.human_to_move() and game.must_pass():
            if event.type == pg.MOUSEBUTTONDOWN or (event.type == pg.KEYDOWN and event.key == pg.K_SPACE):
                self._play(self.game.board_size**2)
        elif event.type == pg.MOUSEBUTTONDOWN and game.human_to_move():
            x, y = event.pos
            width, height = self.screen.get_size()
            square = self.renderer.square_at(x, y, width, height)
            if square is not None:
                self._play(square)

    def update(self) -> None:
        """Start or collect the agent's move, and draw."""
        game = self.game
        if not game.board.terminated and not game.human_to_move():
            if self._thinking is None:
                generation = self._generation
                self._thinking = threading.Thread(target=self._think, args=(generation,), daemon=True)
                self._thinking.start()
            elif not self._thinking.is_alive():
                self._thinking.join()
                self._thinking = None
                if self._reply is not None:
                    self._play(self._reply)
                    self._reply = None
        self.draw()

    def _play(self, action: int) -> None:
        """Play ``action`` in the game; a move played starts its flip animation (undo does not)."""
        if self.game.play(action):
            self._flip_start = time.monotonic()

    def _think(self, generation: int) -> None:
        reply = self.game.agent_move()
        self._reply = reply if generation == self._generation else None

    def message(self) -> str | None:
        game = self.game
        if game.board.terminated:
            return f"Game over: {game.result()} - n: new game"
        if not game.human_to_move():
            return f"{game.sides[game.board.current_player]} is thinking..."
        if game.must_pass():
            return "No move: click or space to pass"
        return None

    def flip_progress(self) -> float:
        """How far the flip animation of the last move has run, 0 to 1 (it lasts ``FLIP_SECONDS``)."""
        return min(1.0, (time.monotonic() - self._flip_start) / FLIP_SECONDS)

    def draw(self) -> None:
        board = self.game.board
        legal = [a for a in board.legal_actions() if a < self.game.board_size**2] if self.game.human_to_move() else []
        self.renderer.draw(
            self.screen,
            cells_of(board),
            board.current_player,
            legal,
            self.game.last_move,
            board.terminated,
            self.message(),
            flipped=self.game.flipped,
            flip_progress=self.flip_progress(),
        )
        self.pygame.display.flip()

    def run(self, max_frames: int | None = None) -> None:
        """The event loop, until the window closes (or ``max_frames`` frames)."""
        frames = 0
        while self.running and (max_frames is None or frames < max_frames):
            for event in self.pygame.event.get():
                self.handle(event)
            self.update()
            self.clock.tick(self.fps)
            frames += 1
        self.close()

    def close(self) -> None:
        self.pygame.display.quit()


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


def build_parser(parser: argparse.ArgumentParser | None = None) -> argparse.ArgumentParser:
    """The ``play`` command's arguments."""
    parser = parser or argparse.ArgumentParser(prog="othello-zoo play", description=__doc__.split("\n")[0])
    parser.add_argument("--agent", choices=sorted(AGENT_CLASSES), default="mcts", help="the computer player")
    parser.add_argument(
        "--simulations", type=_cli.whole(1), default=2000, help="MCTS strength: playouts per move (default: 2000)"
    )
    parser.add_argument("--human", choices=["black", "white"], default="black", help="your colour")
    parser.add_argument("--black", choices=PLAYERS, default=None, help="who plays black (overrides --agent/--human)")
    parser.add_argument("--white", choices=PLAYERS, default=None, help="who plays white")
    parser.add_argument("--board-size", type=_cli.board_size, default=8, help="even, 4 to 16 (default: 8)")
    parser.add_argument("--opening-book", default=None, help="start from a random opening of a book, e.g. xot")
    parser.add_argument("--terminal", action="store_true", help="play in the terminal even with a display")
    parser.add_argument("--seed", type=_cli.whole(0), default=None, help="seed of the agents and the opening draw")
    return parser


def run(args: argparse.Namespace) -> int:
    """Run ``othello-zoo play`` with parsed ``args``."""
    black = args.black or ("human" if args.human == "black" else args.agent)
    white = args.white or ("human" if args.human == "white" else args.agent)
    opening = None
    if args.opening_book:
        import numpy as np

        book = getattr(args, "book", None) or load_book(args.opening_book, args.board_size)
        opening = book.draw(np.random.default_rng(args.seed))
    if args.terminal or not display_available():
        if not args.terminal:
            print("no display found: playing in the terminal", file=sys.stderr)
        terminal_game(black, white, args.board_size, args.seed, opening=opening, simulations=args.simulations)
        return 0
    PlayWindow(Game(black, white, args.board_size, opening, args.seed, args.simulations)).run()
    return 0
