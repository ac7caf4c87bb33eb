"""The game behind ``othello-zoo play``: two sides (a person or an agent), the history, undo.

Shared by the window (:mod:`othello_zoo.play`) and the terminal game (:mod:`othello_zoo.play._terminal`);
re-exported as :class:`othello_zoo.play.Game`.
"""

from __future__ import annotations

from othello_zoo.agents import AGENT_CLASSES, make_agent
from othello_zoo.agents.alphabeta import MAX_DEPTH
from othello_zoo.core.board import Board, squares_of
from othello_zoo.core.notation import check_board_size, index_to_square
from othello_zoo.core.scalar import scalar_rules

__all__ = ["PLAYERS", "THINKING_AGENTS", "Game", "seconds_text"]

PLAYERS = ("human", *AGENT_CLASSES)


def seconds_text(seconds: float) -> str:
    """How long an agent has thought, as the window and the terminal show it: tenths of a second below
    a minute, whole seconds above.

    >>> seconds_text(0.04), seconds_text(7.26), seconds_text(59.96), seconds_text(125.9)
    ('0.0 s', '7.3 s', '1 min 00 s', '2 min 05 s')
    """
    if round(seconds, 1) < 60:
        return f"{max(0.0, seconds):.1f} s"
    whole = int(round(seconds, 1))
    return f"{whole // 60} min {whole % 60:02d} s"


THINKING_AGENTS = ("alphabeta", "az", "mcts")
"""The agents a thinking time (``seconds``) applies to (alpha-beta then searches up to its deepest, 12 plies, and on
8 x 8 solves exactly from 16 empties, where the C solver takes a fraction of a second)."""


class Game:
    """A game between two sides (``"human"`` or an agent), with undo and new games.

    ``mcts_simulations`` sets the ``mcts`` agent's playouts a move; ``seconds``, where given, the time a move of the
    agents of :data:`THINKING_AGENTS` instead (each of the others plays as it always does)."""

    def __init__(
        self,
        black: str = "human",
        white: str = "random",
        board_size: int = 8,
        opening: list[int] | None = None,
        seed: int | None = None,
        mcts_simulations: int = 2000,
        seconds: float | None = None,
    ) -> None:
        self.board_size = check_board_size(board_size)
        self.sides = (black, white)
        options: dict[str, dict[str, float]] = {
            "mcts": {"simulations": mcts_simulations},
            "az": {"board_size": board_size},
        }
        if seconds is not None:
            options["alphabeta"] = {"depth": MAX_DEPTH, "endgame": 16 if board_size == 8 else 10}
            for name in THINKING_AGENTS:
                options[name]["seconds"] = seconds
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

    def why_not(self, action: int) -> str:
        """Why ``action``, not legal for the side to move, cannot be played, in a few words (the window's note and
        the terminal's answer)."""
        board, n = self.board, self.board_size
        if action == n * n:
            return "a pass is only for a side with no move, and you have moves"
        if (board.own | board.opp) >> action & 1:
            return f"{index_to_square(action, n)} is taken"
        return f"{index_to_square(action, n)} turns over no disc"

    def agent_move(self) -> int:
        """The agent's choice for the side to move (not played)."""
        return int(self.agents[self.board.current_player].act(self.board))

    def undo(self) -> bool:
        """Take back the last move a person made and every move after it; ``False`` (nothing
        changed) when no person has moved yet."""
        humans = [i for i in range(len(self.moves)) if self.sides[self.history[i].current_player] == "human"]
        if not humans:
            return False
        del self.history[humans[-1] + 1 :]
        del self.moves[humans[-1] :]
        return True

    def result(self) -> str:
        black, white = self.board.scores()
        winner = "black wins" if black > white else "white wins" if white > black else "draw"
        return f"{winner} {black}-{white}"
