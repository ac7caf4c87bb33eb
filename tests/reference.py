"""An independent reference implementation of the rules, for tests only: the oracle.

Plain Python over a flat list of ``n * n`` cells (0 empty, 1 black, 2 white), walking each of
the 8 directions square by square. It shares no code with the engine's kernels.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

EMPTY, BLACK, WHITE = 0, 1, 2
STEPS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def other(colour: int) -> int:
    return 3 - colour


def flips(cells: list[int], n: int, square: int, colour: int) -> list[int]:
    """Squares flipped if ``colour`` plays on ``square`` (empty list: not a legal placement)."""
    if cells[square] != EMPTY:
        return []
    row, col = divmod(square, n)
    out: list[int] = []
    for dr, dc in STEPS:
        run = []
        r, c = row + dr, col + dc
        while 0 <= r < n and 0 <= c < n and cells[r * n + c] == other(colour):
            run.append(r * n + c)
            r, c = r + dr, c + dc
        if run and 0 <= r < n and 0 <= c < n and cells[r * n + c] == colour:
            out.extend(run)
    return sorted(out)


def legal_moves(cells: list[int], n: int, colour: int) -> list[int]:
    return [s for s in range(n * n) if flips(cells, n, s, colour)]


@dataclass
class RefGame:
    """A game in progress: cells, the colour to move (1 black, 2 white), over or not."""

    n: int = 8
    cells: list[int] = field(default_factory=list)
    to_move: int = BLACK
    over: bool = False

    def __post_init__(self) -> None:
        if not self.cells:
            n, c = self.n, self.n // 2 - 1
            self.cells = [EMPTY] * (n * n)
            self.cells[c * n + c] = self.cells[(c + 1) * n + c + 1] = WHITE
            self.cells[c * n + c + 1] = self.cells[(c + 1) * n + c] = BLACK
        self.over = not legal_moves(self.cells, self.n, self.to_move) and not legal_moves(
            self.cells, self.n, other(self.to_move)
        )

    @classmethod
    def from_text(cls, text: str) -> RefGame:
        board, side = text.split()
        n = int(len(board) ** 0.5)
        return cls(n, [{"-": 0, "X": 1, "O": 2}[ch] for ch in board.upper()], BLACK if side.upper() == "X" else WHITE)

    def text(self) -> str:
        return "".join("-XO"[c] for c in self.cells) + " " + "-XO"[self.to_move]

    def legal_actions(self) -> list[int]:
        """Legal actions of the side to move: placements, or ``[n*n]`` (pass) if none (also when over)."""
        moves = [] if self.over else legal_moves(self.cells, self.n, self.to_move)
        return moves or [self.n * self.n]

    def play(self, action: int) -> list[int]:
        """Play a legal action; returns the flipped squares."""
        assert action in self.legal_actions(), (action, self.legal_actions())
        if self.over:
            return []
        flipped: list[int] = []
        if action != self.n * self.n:
            flipped = flips(self.cells, self.n, action, self.to_move)
            self.cells[action] = self.to_move
            for s in flipped:
                self.cells[s] = self.to_move
        self.to_move = other(self.to_move)
        self.over = not legal_moves(self.cells, self.n, self.to_move) and not legal_moves(
            self.cells, self.n, other(self.to_move)
        )
        return flipped

    def counts(self) -> tuple[int, int]:
        return self.cells.count(BLACK), self.cells.count(WHITE)

    def reward_black(self) -> int:
        b, w = self.counts()
        return (b > w) - (b < w)


def random_game_positions(n: int, seed: int, plies: int) -> RefGame:
    """The position after ``plies`` random legal actions from the start (stops at game over)."""
    rng = random.Random(seed)
    game = RefGame(n)
    for _ in range(plies):
        if game.over:
            break
        game.play(rng.choice(game.legal_actions()))
    return game
