"""The play window: a person against an agent, or two agents, in pygame (see :mod:`othello_zoo.play`)."""

from __future__ import annotations

import math
import threading
import time
from typing import Any

from othello_zoo.core.notation import format_moves, index_to_square
from othello_zoo.play._game import Game, seconds_text
from othello_zoo.render import Panel, cells_of, display_available
from othello_zoo.runtime.compiler import compiling_in_background
from othello_zoo.runtime.threads import Cancelled, call_off_when

__all__ = ["DEMO_DELAY", "PlayWindow", "display_available", "side_names"]

FLIP_SECONDS = 0.3  # length of the animation of the discs a move turns over


AGENT_NAMES = {
    "random": "Random",
    "greedy": "Greedy",
    "mcts": "MCTS",
    "alphabeta": "Alpha-beta",
    "az": "AlphaZero",
    "uct": "UCT",
}
COMPILING_NOTE = "Compiling its search in the background: slower moves until it is done"
"""The message line while an agent thinks beside a compilation (``docs/performance.md``: a first move on a new
machine can take a minute or more; the terminal game says the same once, in :mod:`othello_zoo.play._terminal`)."""
DEMO_DELAY = 0.8  # seconds between moves when two agents play, so that a person can follow


def side_names(sides: tuple[str, str]) -> tuple[str, str]:
    """How the window names the two sides: "You" for the one person, the agents by name.

    >>> side_names(("human", "mcts")), side_names(("human", "human"))
    (('You', 'MCTS'), ('Black', 'White'))
    """
    if sides == ("human", "human"):
        return "Black", "White"
    black, white = (("You" if side == "human" else AGENT_NAMES.get(side, side)) for side in sides)
    return black, white


class PlayWindow:
    """The pygame front end of a :class:`Game`. Drive it with :meth:`run`, or event by event with
    :meth:`handle` and :meth:`update` (as the tests do under ``SDL_VIDEODRIVER=dummy``).

    Args:
        game: the game to show.
        size: the window's first size (it is resizable).
        fps: frames per second of the event loop.
        delay: seconds between a move and the agent starting its reply; ``None``: :data:`DEMO_DELAY`
            when two agents play (a demonstration to watch), else no delay.
    """

    def __init__(
        self, game: Game, size: tuple[int, int] = (900, 640), fps: int = 30, delay: float | None = None
    ) -> None:
        import pygame

        from othello_zoo.render import BoardRenderer

        self.pygame = pygame
        self.game = game
        self.fps = fps
        self.names = side_names(game.sides)
        self.delay = (DEMO_DELAY if "human" not in game.sides else 0.0) if delay is None else delay
        pygame.display.init()
        pygame.display.set_caption(f"othello-zoo: {self.names[0]} (black) vs {self.names[1]} (white)")
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.clock = pygame.time.Clock()
        self.renderer = BoardRenderer(game.board_size, "human")
        self.running = True
        self.note = ""  # the last message: a pass, an illegal click, a question
        self.confirming = False  # asked whether to throw away the game in progress
        self._thinking: threading.Thread | None = None
        self._think_start: float | None = None  # when the agent's thread started (for the status line)
        self.now = time.monotonic  # the clock of the thinking time (replaceable, for tests)
        self._stop = threading.Event()  # set to call the thinking thread's work off
        self._reply: tuple[int, int] | None = None  # (generation, action) of the last thought
        self._generation = 0  # bumped by undo / new game, so a stale reply is dropped
        self._flip_start = -math.inf  # when the flip animation of the last move played here started
        self._last_played = -math.inf  # when the last move was played (for the delay)

    # -- events --------------------------------------------------------------------------------
    def handle(self, event: Any) -> None:
        """One pygame event: keys, clicks, resizing, closing."""
        pg = self.pygame
        if event.type == pg.QUIT:
            self.running = False
        elif event.type == pg.VIDEORESIZE:
            self.screen = pg.display.set_mode((event.w, event.h), pg.RESIZABLE)
        elif event.type == pg.KEYDOWN and self.confirming:
            self._answer(event.key)
        elif event.type == pg.KEYDOWN:
            self._key(event.key)
        elif event.type == pg.MOUSEBUTTONDOWN and self._takes_click(event):
            self._click(event.pos)

    def _takes_click(self, event: Any) -> bool:
        """A left click (not the wheel, not the right button) while a person is to move and no
        question is up."""
        return getattr(event, "button", 1) == 1 and self.game.human_to_move() and not self.confirming

    def _key(self, key: int) -> None:
        pg, game = self.pygame, self.game
        if key in (pg.K_ESCAPE, pg.K_q):
            self.running = False
        elif key == pg.K_n:
            in_progress = bool(game.moves) and not game.board.terminated
            if in_progress:
                self.confirming = True
                self.note = "Start a new game? y: yes, n or Esc: no"
            else:
                self._new_game()
        elif key == pg.K_u:
            self._undo()
        elif key == pg.K_SPACE and game.human_to_move() and game.must_pass():
            self._play(game.board_size**2)
        elif key == pg.K_SPACE and game.human_to_move() and not game.board.terminated:
            self.note = "You have a move, so no pass: click a hinted square"

    def _answer(self, key: int) -> None:
        """The answer to "Start a new game?"."""
        pg = self.pygame
        if key == pg.K_y:
            self._new_game()
        elif key in (pg.K_n, pg.K_ESCAPE):
            self.confirming = False
            self.note = ""

    def _click(self, pos: tuple[int, int]) -> None:
        game, n = self.game, self.game.board_size
        if game.must_pass():
            self._play(n * n)
            return
        square = self.renderer.square_at(*pos, *self.screen.get_size())
        if square is None:
            return
        if not game.board.is_legal(square):
            legal = format_moves(game.board.legal_actions(), n, " ")
            self.note = f"{game.why_not(square)}; legal: {legal}"
            return
        self._play(square)

    def _new_game(self) -> None:
        self._drop_reply()
        self.confirming = False
        self.note = ""
        self.game.new_game()

    def _undo(self) -> None:
        self._drop_reply()
        self.note = "" if self.game.undo() else "Nothing to undo"

    def _drop_reply(self) -> None:
        """Forget the agent's reply to the position that is going away: one still being worked
        out is dropped when it comes (the generation), one already worked out now."""
        self._generation += 1
        self._reply = None
        self._think_start = None
        self._stop.set()  # a reply still being worked out is not wanted: its work stops at its next engine call
        if self._thinking is not None and not self._thinking.is_alive():
            self._thinking = None

    def update(self) -> None:
        """Start or collect the agent's move, and draw."""
        game = self.game
        if not game.board.terminated and not game.human_to_move() and not self.confirming:
            if self._thinking is None and time.monotonic() - self._last_played >= self.delay:
                generation, self._stop = self._generation, threading.Event()
                self._thinking = threading.Thread(target=self._think, args=(generation, self._stop), daemon=True)
                self._think_start = self.now()
                self._thinking.start()
            elif self._thinking is not None and not self._thinking.is_alive():
                self._thinking.join()
                self._thinking = None
                self._think_start = None
                if self._reply is not None and self._reply[0] == self._generation:
                    self._play(self._reply[1])
                self._reply = None
        self.draw()

    def _play(self, action: int) -> None:
        """Play ``action`` in the game; a move played starts its flip animation (undo does not), and
        a pass is announced."""
        game, mover = self.game, self.game.board.current_player
        if game.play(action):
            self._flip_start = self._last_played = time.monotonic()
            passed = action == game.board_size**2
            self.note = f"{('Black', 'White')[mover]} ({self.names[mover]}) has no move and passes" if passed else ""

    def _think(self, generation: int, stop: threading.Event) -> None:
        call_off_when(stop)  # the package's next engine call ends the work once the window calls it off
        try:
            reply = self.game.agent_move()
        except Cancelled:
            return
        finally:
            call_off_when(None)
        self._reply = (generation, reply)  # played only if no undo or new game came in between

    # -- drawing -------------------------------------------------------------------------------
    def thinking_seconds(self) -> float | None:
        """How long the agent to move has been thinking, in seconds; None when no agent is thinking."""
        if self._think_start is None or self.game.human_to_move() or self.game.board.terminated:
            return None
        return self.now() - self._think_start

    def status(self) -> str | None:
        """The status line (``None`` at the end: the renderer shows the result banner). While an agent
        thinks, it counts the seconds ("MCTS (white) is thinking... 7.4 s"), anew at every frame."""
        game = self.game
        if game.board.terminated:
            return None
        player = game.board.current_player
        colour, name = ("Black", "White")[player], self.names[player]
        if not game.human_to_move():
            seconds = self.thinking_seconds()
            if seconds is None:  # between two agents' moves (the delay): not thinking yet
                return f"{name} ({colour.lower()}) to move"
            return f"{name} ({colour.lower()}) is thinking... {seconds_text(seconds)}"
        if game.must_pass():
            return f"{colour}: no move - click or press space to pass"
        return f"{colour} to move" + (" (you)" if name == "You" else "")

    def result(self) -> str | None:
        """The result banner by the players' names: "You win 40-24", "MCTS wins 40-24", "Draw 32-32"."""
        if not self.game.board.terminated:
            return None
        black, white = self.game.board.scores()
        if black == white:
            return f"Game over: draw {black}-{white}"
        name = self.names[0 if black > white else 1]
        return f"Game over: {'You win' if name == 'You' else f'{name} wins'} {black}-{white}"

    def message(self) -> str:
        """The message line: the last note, what to do once the game is over, or, while an agent thinks and a
        search of the process compiles in the background (the AlphaZero agent's first minutes on a machine, seconds
        after that), that its moves are slower until then."""
        if self.game.board.terminated and not self.note:
            return "Press n for a new game"
        if not self.note and self.thinking_seconds() is not None and compiling_in_background():
            return COMPILING_NOTE
        return self.note

    def move_list(self) -> list[str]:
        """The moves played so far, in notation (``"pass"`` for a pass)."""
        n = self.game.board_size
        return [index_to_square(a, n) for a in self.game.moves]

    def keys(self) -> str:
        """The key hints."""
        if "human" not in self.game.sides:
            return "n: new game   q: quit"
        return "click: move   space: pass   u: undo   n: new game   q: quit"

    def flip_progress(self) -> float:
        """How far the flip animation of the last move has run, 0 to 1 (it lasts ``FLIP_SECONDS``)."""
        return min(1.0, (time.monotonic() - self._flip_start) / FLIP_SECONDS)

    def draw(self) -> None:
        """Draw the board and the panel, and show the frame."""
        game = self.game
        board, n = game.board, game.board_size
        legal = [a for a in board.legal_actions() if a < n * n] if game.human_to_move() else []
        panel = Panel(self.names, self.status(), self.message(), self.move_list(), self.keys(), self.result())
        self.renderer.draw(
            self.screen,
            cells_of(board),
            board.current_player,
            legal,
            game.last_move,
            board.terminated,
            flipped=game.flipped,
            flip_progress=self.flip_progress(),
            panel=panel,
        )
        self.pygame.display.flip()

    def run(self, max_frames: int | None = None) -> None:
        """The event loop, until the window closes (or ``max_frames`` frames)."""
        frames = 0
        try:
            while self.running and (max_frames is None or frames < max_frames):
                for event in self.pygame.event.get():
                    self.handle(event)
                self.update()
                self.clock.tick(self.fps)
                frames += 1
        finally:  # Ctrl-C included: the thinking thread is called off before the program ends
            self.close()

    def close(self) -> None:
        """Close the window; an agent still thinking is called off first and waited for (its work stops at its
        next engine call; a pure-Python agent, which holds no native threads, is left to the end of the program
        after a few seconds), so that the program never ends with a thread inside torch."""
        self._stop.set()
        if self._thinking is not None:
            self._thinking.join(timeout=5.0)
        self.pygame.display.quit()
