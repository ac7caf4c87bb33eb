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
from typing import Any

from othello_zoo import _cli
from othello_zoo._game import PLAYERS, Game
from othello_zoo._terminal import terminal_game
from othello_zoo.agents import AGENT_CLASSES
from othello_zoo.openings import load_book
from othello_zoo.render import cells_of

__all__ = ["Game", "PlayWindow", "build_parser", "display_available", "run", "terminal_game"]

FLIP_SECONDS = 0.3  # length of the animation of the discs a move turns over


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
