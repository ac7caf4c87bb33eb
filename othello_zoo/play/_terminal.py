"""The terminal version of ``othello-zoo play``: the board as text, moves typed as squares.

A banner lists the commands (``help``, ``undo``, ``new``, ``q`` / ``quit`` / ``exit``, moves such as
``f5``, ``pass`` when a pass is forced). A bad input is answered in one line naming what was typed
and the legal moves; the board is printed again only when the position changed; every pass is
announced. While a searching agent thinks against a person, the game says so, counts the seconds in
place on a terminal, and says how long the move took ("O (mcts) plays d6 after 4.2 s").
Re-exported as :func:`othello_zoo.play.terminal_game`.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from typing import TextIO

from othello_zoo.core.notation import format_moves, index_to_square, parse_moves
from othello_zoo.play._game import Game, seconds_text
from othello_zoo.render import board_to_ansi, cells_of
from othello_zoo.runtime.compiler import compiling_in_background

__all__ = ["COMMANDS", "another_game", "terminal_game"]

COLOURS = ("black", "white")
QUIT_WORDS = ("q", "quit", "exit")
COMMANDS = """\
Type a move such as f5 and press Enter. Commands:
  help           show this list
  undo           take back your last move (and the replies to it)
  new            start a new game (asks y/n while a game is in progress)
  q, quit, exit  stop playing
  pass           pass when you have no move (Enter passes too)
On the board: X black, O white, * a legal move, [ ] the last move."""
TICK_SECONDS = 0.5  # how often the thinking time is counted on a terminal


class Ticker:
    """The line "O (mcts) is thinking... 3.5 s" on a terminal, written over in place (``\\r``) as the
    seconds go by.

    Args:
        stream: the terminal.
        text: the line without the seconds.
        clock: the clock, in seconds.
        start: when the thinking started, by ``clock``.
    """

    def __init__(self, stream: TextIO, text: str, clock: Callable[[], float], start: float) -> None:
        self.stream = stream
        self.text = text
        self.clock = clock
        self.start = start
        self.shown = text
        self.write(text)

    def write(self, line: str) -> None:
        print(line, end="", file=self.stream, flush=True)

    def tick(self) -> None:
        """Shows the seconds thought so far, if they changed since the last tick."""
        line = f"{self.text} {seconds_text(self.clock() - self.start)}"
        if line != self.shown:
            self.write("\r" + line)
            self.shown = line

    def run(self, stop: threading.Event, interval: float) -> None:
        """Ticks every ``interval`` seconds until ``stop`` is set."""
        while not stop.wait(interval):
            self.tick()

    def clear(self) -> None:
        """Blanks the line and goes back to its start (the next line written replaces it)."""
        self.write("\r" + " " * len(self.shown) + "\r")


class TerminalSession:
    """One terminal game: the :class:`Game`, where it reads and writes, and the board last shown."""

    def __init__(self, game: Game, stdin: TextIO, stdout: TextIO, clock: Callable[[], float] = time.monotonic) -> None:
        self.game = game
        self.stdin = stdin
        self.stdout = stdout
        self.clock = clock  # times the agent's thinking
        self.live = bool(getattr(stdout, "isatty", lambda: False)())  # a terminal: the seconds are counted in place
        self.tick_seconds = TICK_SECONDS
        self.shown: object = None  # the board last printed; printed again only once it changes
        self.compiling_said = False  # that an agent's search compiles in the background, said once a game

    def say(self, text: str = "") -> None:
        print(text, file=self.stdout, flush=True)

    def ask(self, prompt: str) -> str | None:
        """The line typed after ``prompt``, None at the end of the input."""
        print(prompt, end="", file=self.stdout, flush=True)
        line = self.stdin.readline()
        if not line:
            self.say()  # end of input: finish the prompt's line
            return None
        return line

    def banner(self) -> None:
        names = [("you" if side == "human" else side) for side in self.game.sides]
        n = self.game.board_size
        self.say(f"othello-zoo play, {n}x{n}: black (X) {names[0]}, white (O) {names[1]}")
        if "human" in self.game.sides:
            self.say(COMMANDS)

    def show(self, over: bool = False) -> None:
        """Prints the board if the position differs from the one printed last."""
        board = self.game.board
        if board is self.shown and not over:
            return
        n = self.game.board_size
        legal = [] if over else [a for a in board.legal_actions() if a < n * n]
        self.say()
        self.say(board_to_ansi(cells_of(board), board.current_player, legal, self.game.last_move, over=over))
        self.shown = board

    def legal(self) -> str:
        return format_moves(self.game.board.legal_actions(), self.game.board_size, " ")

    def agent_turn(self) -> None:
        """The agent to move chooses a move; it is played and announced (with the time it took, when a
        person waited for it)."""
        game = self.game
        player = game.board.current_player
        who = f"{'XO'[player]} ({game.sides[player]})"
        searches = game.sides[player] not in ("random", "greedy") and len(game.board.legal_actions()) > 1
        if "human" in game.sides and searches:  # the person waits: say who is thinking (az takes seconds)
            if compiling_in_background() and not self.compiling_said:
                self.say(f"{who} compiles its search in the background: slower moves until it is done")
                self.compiling_said = True
            start = self.clock()
            action = self.think(f"{who} is thinking...", start)
            took = f" after {seconds_text(self.clock() - start)}"
        else:
            action, took = game.agent_move(), ""
        if action == game.board_size**2:
            self.say(f"{COLOURS[player]} has no move and passes")
        else:
            self.say(f"{who} plays {index_to_square(action, game.board_size)}{took}")
        game.play(action)

    def think(self, text: str, start: float) -> int:
        """The agent's move, worked out under the line ``text``; on a terminal the line counts the
        seconds until the move is found, then is blanked for the line that announces it."""
        if not self.live:
            self.say(text)
            return self.game.agent_move()
        ticker = Ticker(self.stdout, text, self.clock, start)
        stop = threading.Event()
        thread = threading.Thread(target=ticker.run, args=(stop, self.tick_seconds), daemon=True)
        thread.start()
        try:
            action = self.game.agent_move()
        finally:  # Ctrl-C included: the ticker stops before anything else is written
            stop.set()
            thread.join()
        ticker.clear()
        return action

    def human_turn(self) -> bool:
        """Reads and answers one line of the person to move; False when they stop."""
        game = self.game
        forced = game.must_pass()
        colour = COLOURS[game.board.current_player]
        prompt = f"pass ({colour} has no move; press Enter): " if forced else f"your move ({self.legal()}): "
        line = self.ask(prompt)
        if line is None:
            return False
        typed = line.strip()
        word = typed.lower()
        if word in QUIT_WORDS:
            return False
        if word == "help":
            self.say(f"{COMMANDS}\nlegal moves now: {self.legal()}")
        elif word == "undo":
            self.say("undone" if game.undo() else "nothing to undo")
        elif word == "new":
            return self.new_game()
        elif not typed and not forced:
            self.say(f"nothing typed; legal moves: {self.legal()} (type help for the commands)")
        else:
            self.play(typed or "pass", colour)
        return True

    def play(self, typed: str, colour: str) -> None:
        """Plays the move in ``typed``, or answers in one line why it cannot be played."""
        n = self.game.board_size
        try:
            moves = parse_moves(typed.lower(), n)
        except ValueError:
            self.say(f"cannot read a move in {typed!r}; legal moves: {self.legal()} (type help for the commands)")
            return
        if len(moves) != 1:
            self.say(f"{typed!r} is {len(moves)} moves: type one at a time; legal moves: {self.legal()}")
        elif not self.game.play(moves[0]):
            said = f"{typed!r}: " if moves[0] == n * n else ""  # a pass typed in one of its forms: which one
            self.say(f"{said}{self.game.why_not(moves[0])}; legal moves: {self.legal()}")
        elif moves[0] == n * n:
            self.say(f"{colour} has no move and passes")

    def new_game(self) -> bool:
        """Starts a new game, after a y/n confirmation when moves were played; False at the end of input."""
        if self.game.moves:
            answer = self.ask("a game is in progress: start a new one? (y/n): ")
            if answer is None:
                return False
            if answer.strip().lower() not in ("y", "yes"):
                self.say("carrying on with this game")
                return True
        self.game.new_game()
        self.shown = None
        self.say("new game")
        return True


def terminal_game(
    black: str = "human",
    white: str = "random",
    board_size: int = 8,
    seed: int | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    opening: list[int] | None = None,
    simulations: int = 2000,
    seconds: float | None = None,
) -> tuple[int, int] | None:
    """Play one game in the terminal.

    Args:
        black: who plays black: ``"human"`` or an agent's name.
        white: who plays white.
        board_size: the board's side, even, 4 to 16.
        seed: seed of the agents.
        stdin: where moves are read (default ``sys.stdin``).
        stdout: where the board and the answers go (default ``sys.stdout``).
        opening: moves played before the game starts (as from an opening book).
        simulations: MCTS playouts per move.
        seconds: the thinking time a move of ``mcts``, ``az`` and ``alphabeta`` (instead of their playouts,
            simulations or depth).

    Returns:
        The final counts (black, white), or None when the person stopped (``q``, or end of input).
    """
    session = TerminalSession(
        Game(black, white, board_size, opening, seed, simulations, seconds), stdin or sys.stdin, stdout or sys.stdout
    )
    session.banner()
    watching = "human" not in session.game.sides  # agents only: every position is shown
    while not session.game.board.terminated:
        if not session.game.human_to_move():
            if watching:
                session.show()
            session.agent_turn()
            continue
        session.show()
        if not session.human_turn():
            session.say("game stopped")
            return None
    session.show(over=True)
    return session.game.board.scores()


def another_game(stdin: TextIO | None = None, stdout: TextIO | None = None) -> bool:
    """Asks the person at the terminal whether to play again (end of input: no)."""
    print("Another game? (y: yes, anything else: quit) ", end="", flush=True, file=stdout or sys.stdout)
    return (stdin or sys.stdin).readline().strip().lower() in ("y", "yes")
