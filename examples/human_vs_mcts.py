"""Play against the MCTS agent, in a pygame window or, with no display, in the terminal.

The same as ``othello-zoo play --agent mcts``, written out to show the pieces: a
:class:`~othello_zoo.play.Game` holds the two sides, the history (for undo) and the agents;
:class:`~othello_zoo.play.PlayWindow` draws it and handles clicks and keys while the agent thinks in
the background; :func:`~othello_zoo.play.terminal_game` is the text fallback (moves typed as
``f5``, ``pass``, ``undo``, ``quit``).

A game lasts as long as you take; the agent thinks about a second a move with 2,000 simulations.
``--demo`` lets MCTS play greedy in the terminal instead (about 10 seconds), which is how the tests
run this file::

    python examples/human_vs_mcts.py                 # you are black
    python examples/human_vs_mcts.py --human white --simulations 5000
    python examples/human_vs_mcts.py --demo --simulations 200
"""

from __future__ import annotations

import argparse
import io

from othello_zoo.play import Game, PlayWindow, display_available, terminal_game


def main(argv: list[str] | None = None) -> tuple[int, int] | None:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n")[0], formatter_class=argparse.ArgumentDefaultsHelpFormatter
    )
    parser.add_argument("--human", choices=["black", "white"], default="black")
    parser.add_argument("--simulations", type=int, default=2000, help="MCTS playouts per move")
    parser.add_argument("--board-size", type=int, default=8)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--terminal", action="store_true", help="play in the terminal even with a display")
    parser.add_argument("--demo", action="store_true", help="MCTS (black) against greedy, in the terminal")
    args = parser.parse_args(argv)
    if args.demo:
        out = io.StringIO()
        counts = terminal_game("mcts", "greedy", args.board_size, args.seed, stdout=out, simulations=args.simulations)
        print(out.getvalue().rstrip().splitlines()[-1] if out.getvalue() else "")
        print(f"final counts (black, white): {counts}")
        return counts
    black, white = ("human", "mcts") if args.human == "black" else ("mcts", "human")
    if args.terminal or not display_available():
        return terminal_game(black, white, args.board_size, args.seed, simulations=args.simulations)
    game = Game(black, white, args.board_size, seed=args.seed, mcts_simulations=args.simulations)
    PlayWindow(game).run()
    return game.board.scores()


if __name__ == "__main__":
    main()
