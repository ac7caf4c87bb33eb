"""``othello-zoo play``: its arguments, and the run that opens a window or plays in the terminal."""

from __future__ import annotations

import argparse
import sys

from othello_zoo.agents import AGENT_CLASSES
from othello_zoo.cli import argtypes
from othello_zoo.env.openings import load_book
from othello_zoo.play import (
    DEMO_DELAY,
    PLAYERS,
    THINKING_AGENTS,
    Game,
    PlayWindow,
    another_game,
    display_available,
    terminal_game,
)

__all__ = ["DESCRIPTION", "build_parser", "check", "run"]

DESCRIPTION = "Play Othello against an agent (a window, or the terminal without a display), or watch two agents."


def _delay(text: str) -> float:
    """``--delay``: a number of seconds from 0 to 60."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 <= value <= 60:  # NaN fails this too
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds from 0 to 60")
    return value


def _seconds(text: str) -> float:
    """``--seconds``: a thinking time above 0, at most 600 seconds."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 < value <= 600:  # NaN fails this too
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds above 0 and at most 600")
    return value


def build_parser(parser: argparse.ArgumentParser | None = None) -> argparse.ArgumentParser:
    """The ``play`` command's arguments."""
    parser = parser or argparse.ArgumentParser(prog="othello-zoo play", description=DESCRIPTION)
    parser.add_argument(
        "--agent", choices=list(AGENT_CLASSES), default="mcts", help="the computer player (default: %(default)s)"
    )
    parser.add_argument(
        "--simulations", type=argtypes.whole(1), default=2000, help="MCTS strength: playouts per move (default: 2000)"
    )
    parser.add_argument(
        "--seconds",
        type=_seconds,
        default=None,
        help="thinking time a move of mcts, az and alphabeta, above 0 and at most 600 (default: none: mcts plays "
        "--simulations, az up to 2,688 simulations, alphabeta 4 plies)",
    )
    parser.add_argument(
        "--human", choices=["black", "white"], default="black", help="your colour (default: %(default)s)"
    )
    parser.add_argument(
        "--black",
        choices=PLAYERS,
        default=None,
        help="who plays black, overriding --agent/--human (default: from --human and --agent)",
    )
    parser.add_argument(
        "--white", choices=PLAYERS, default=None, help="who plays white (default: from --human and --agent)"
    )
    parser.add_argument(
        "--board-size", type=argtypes.board_size, default=8, help=f"even, {argtypes.SIZES} (default: 8)"
    )
    parser.add_argument(
        "--opening-book",
        default=None,
        help="start from a random opening of a book: xot, or a file of move lines (default: none, the usual start)",
    )
    parser.add_argument(
        "--terminal",
        action="store_true",
        help="play in the terminal even with a display (default: off, a window when a display is found)",
    )
    parser.add_argument(
        "--delay",
        type=_delay,
        default=None,
        help=f"seconds between moves in the window, 0 to 60 (default: {DEMO_DELAY} when two agents play, else 0)",
    )
    parser.add_argument(
        "--seed",
        type=argtypes.whole(0),
        default=None,
        help="seed of the agents and the opening draw (default: none, a fresh seed each run)",
    )
    return parser


def check(args: argparse.Namespace, parser: argparse.ArgumentParser) -> None:
    """What parsing cannot see, checked before anything starts: a shipped network for ``az`` at the board size, and
    the ``--opening-book`` (loaded into ``args.book``); a failure is ``parser.error``, which exits with status 2."""
    if "az" in (args.agent, args.black, args.white):
        from othello_zoo.alphazero.agent import SHIPPED, shipped_network

        try:  # the shipped networks are for some sizes only: say so before anything starts
            shipped_network(args.board_size)
        except ValueError as error:
            flag = "--black" if args.black == "az" else "--white" if args.white == "az" else "--agent"
            sizes = " or ".join(f"--board-size {n}" for n in sorted(SHIPPED))
            parser.error(f"argument {flag}: az: {str(error).split('; pass')[0]}; try {sizes}")
    if args.seconds is not None and not set(_sides(args)) & set(THINKING_AGENTS):
        names = ", ".join(THINKING_AGENTS[:-1]) + " and " + THINKING_AGENTS[-1]
        parser.error(f"argument --seconds: it sets the thinking time of {names}, and none plays in this game")
    if args.opening_book:
        try:  # the book's own message names the file, line and move
            args.book = load_book(args.opening_book, args.board_size)
        except ValueError as error:
            parser.error(f"argument --opening-book: {error}")


def _sides(args: argparse.Namespace) -> tuple[str, str]:
    """Who plays black and who plays white: ``--black`` and ``--white``, else from ``--human`` and ``--agent``."""
    black = args.black or ("human" if args.human == "black" else args.agent)
    white = args.white or ("human" if args.human == "white" else args.agent)
    return black, white


def run(args: argparse.Namespace) -> int:
    """Run ``othello-zoo play`` with parsed ``args``."""
    black, white = _sides(args)
    import numpy as np

    book = (getattr(args, "book", None) or load_book(args.opening_book, args.board_size)) if args.opening_book else None
    rng = np.random.default_rng(args.seed)  # each game's opening, and the agents' seeds of the later games
    opening = book.draw(rng) if book is not None else None
    try:
        if args.terminal or not display_available():
            if not args.terminal:
                print("no display found: playing in the terminal", file=sys.stderr)
            seed = args.seed
            agents = {"simulations": args.simulations, "seconds": args.seconds}
            while terminal_game(black, white, args.board_size, seed, opening=opening, **agents):
                if "human" not in (black, white) or not another_game():
                    break
                seed, opening = int(rng.integers(2**63)), book.draw(rng) if book is not None else None
            return 0
        game = Game(black, white, args.board_size, opening, args.seed, args.simulations, args.seconds)
        PlayWindow(game, delay=args.delay).run()
    except KeyboardInterrupt:  # Ctrl-C: the game ends, quietly
        print("\ngame stopped (Ctrl-C)", file=sys.stderr)
        return 130
    return 0
