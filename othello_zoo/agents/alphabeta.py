"""Alpha-beta: negamax with alpha-beta pruning and move ordering, a midgame evaluation, and the exact endgame solver
of :mod:`othello_zoo.agents.endgame` for the last squares.

Two evaluations: on 8 x 8 boards by default the learned one of :mod:`othello_zoo.agents.patterns` (pattern tables
fitted to tournament games), on every board size the hand-made one (mobility, potential mobility, corners, stable
edges and a positional table). ``evaluation="hand"`` picks the hand-made one on 8 x 8 too.

It works on the boards of the environments (Python-int bitboards, :class:`othello_zoo.core.board.Board`),
one position at a time. :func:`solve_exact` returns the exact final disc difference for the side
to move with empty squares credited to the winner (the convention of the FFO test suite).

>>> from othello_zoo.core.board import Board
>>> solve_exact(Board.start(4))  # the 4 x 4 game: exact value for black, best first move
Solution(score=-10, move=1)
"""

from __future__ import annotations

import math
import time

from othello_zoo.agents.baseline import BoardAgent
from othello_zoo.agents.endgame import EndgameSolver, Solution, final_score
from othello_zoo.agents.native import NATIVE_EMPTIES, SORTED_DEPTH, native_available, native_midgame
from othello_zoo.agents.patterns import PatternTables, load_tables, pattern_value
from othello_zoo.core.board import Board, as_board, squares_of
from othello_zoo.core.checks import check_choice, check_int, check_real, check_seed
from othello_zoo.core.scalar import scalar_rules

__all__ = [
    "EVALUATIONS",
    "GUESS_DEPTH",
    "MAX_DEPTH",
    "MAX_ENDGAME",
    "AlphaBetaAgent",
    "evaluate",
    "guess_score",
    "search",
    "solve_exact",
]

MAX_DEPTH = 12  # midgame plies: 12 take up to 15 s a move in C on 8 x 8 (8: 0.1 s), some 100x that in Python
MAX_ENDGAME = 24  # empties solved exactly: 20 take about 1 s in C and 45 s in Python (FFO #40), each more about 3x that
EVALUATIONS = ("auto", "patterns", "hand")
"""The midgame evaluations: ``auto`` is ``patterns`` (the learned tables) on 8 x 8 boards, ``hand`` elsewhere."""


def _tables(evaluation: str, board_size: int) -> PatternTables | None:
    """The learned tables the evaluation ``evaluation`` uses on a board of ``board_size`` (``None``: the hand-made
    evaluation)."""
    evaluation = check_choice("evaluation", evaluation, EVALUATIONS)
    if evaluation == "hand" or (evaluation == "auto" and board_size != 8):
        return None
    if board_size != 8:
        size = f"{board_size} x {board_size}"
        raise ValueError(f"evaluation='patterns' plays 8 x 8 boards (its tables are 8 x 8), got {size}")
    return load_tables()


class _Search:
    """Negamax over (own, opp) bit sets of one board size; counts the nodes it visits."""

    def __init__(self, board_size: int, tables: PatternTables | None = None) -> None:
        n = board_size
        self.tables = tables
        self.n = n
        self.rules = scalar_rules(n)
        self.full = (1 << (n * n)) - 1
        corners = [0, n - 1, n * (n - 1), n * n - 1]
        self.corner_mask = sum(1 << c for c in corners)
        self.weights = _weights(n)
        self.edges = _edges(n)
        # Columns a shift by one square must not wrap into, and each corner with the three squares beside it.
        self.not_first = self.full & ~sum(1 << (r * n) for r in range(n))
        self.not_last = self.full & ~sum(1 << (r * n + n - 1) for r in range(n))
        self.corner_zones = [(1 << c, self._neighbours(1 << c)) for c in corners]
        self.nodes = 0

    # -- the midgame ------------------------------------------------------------------------------
    def evaluate(self, own: int, opp: int, moves: int | None = None) -> float:
        """Static value for the mover: the learned tables' where the search has them, else mobility, potential
        mobility (the empty squares beside the opponent's discs, moves to come), corners, stable edge discs and the
        positional table, whose squares beside a corner count while the corner is empty. ``moves`` are the mover's
        legal placements when the caller has them already."""
        rules = self.rules
        moves = rules.legal(own, opp) if moves is None else moves
        empty = self.full & ~(own | opp)
        mobility = moves.bit_count() - rules.legal(opp, own).bit_count()
        potential = (empty & self._neighbours(opp)).bit_count() - (empty & self._neighbours(own)).bit_count()
        if self.tables is not None:
            return float(pattern_value(own, opp, self.tables, mobility, potential))
        corners = (own & self.corner_mask).bit_count() - (opp & self.corner_mask).bit_count()
        stable = self._stable_edges(own) - self._stable_edges(opp)
        settled = 0
        for corner, zone in self.corner_zones:
            if (own | opp) & corner:
                settled |= zone
        table = self._positional(own & ~settled) - self._positional(opp & ~settled)
        return 10.0 * mobility + 10.0 * potential + 60.0 * corners + 15.0 * stable + table

    def _positional(self, discs: int) -> int:
        return sum(self.weights[s] for s in squares_of(discs))

    def _neighbours(self, discs: int) -> int:
        """The squares beside a disc of ``discs`` in any of the eight directions."""
        side = ((discs << 1) & self.not_first) | ((discs >> 1) & self.not_last)
        row = discs | side
        return (side | (row << self.n) | (row >> self.n)) & self.full

    def _stable_edges(self, discs: int) -> int:
        """Discs on an edge in an unbroken run from an owned corner (they can never flip)."""
        count = 0
        for line in self.edges:  # each edge from both its corners
            for run in (line, line[::-1]):
                for square in run:
                    if not discs >> square & 1:
                        break
                    count += 1
        return count

    def negamax(self, own: int, opp: int, depth: int, alpha: float, beta: float, passed: bool = False) -> float:
        """The value of the position for the side owning ``own``, searched ``depth`` plies deep: the
        evaluation at the horizon, 1000 times the exact score of a finished game."""
        self.nodes += 1
        rules = self.rules
        moves = rules.legal(own, opp)
        if not moves:
            if passed or not rules.legal(opp, own):
                return 1000.0 * final_score(own, opp, self.n * self.n)
            return -self.negamax(opp, own, depth, -beta, -alpha, True)
        if depth == 0:
            return self.evaluate(own, opp, moves)
        return self.best_move(own, opp, moves, depth, alpha, beta)[0]

    def best_move(self, own: int, opp: int, moves: int, depth: int, alpha: float, beta: float) -> tuple[float, int]:
        """``(value, move)`` over the placements ``moves`` (not empty) of the side owning ``own``,
        each searched ``depth - 1`` plies deeper; corners first, X-squares last, and from :data:`SORTED_DEPTH` plies
        to go the moves whose positions the evaluation scores lowest for the opponent first."""
        rules = self.rules
        order = sorted(squares_of(moves), key=lambda s: -self.weights[s])
        if depth >= SORTED_DEPTH:

            def opponents_value(square: int) -> float:
                flipped = rules.flips(own, opp, 1 << square)
                return self.evaluate(opp ^ flipped, own | 1 << square | flipped)

            order.sort(key=opponents_value)  # stable: ties keep the table's order
        best, best_square = -math.inf, order[0]
        for square in order:
            placed = 1 << square
            flipped = rules.flips(own, opp, placed)
            score = -self.negamax(opp ^ flipped, own | placed | flipped, depth - 1, -beta, -alpha)
            if score > best:
                best, best_square = score, square
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        return best, best_square


def _weights(n: int) -> list[int]:
    import torch

    from othello_zoo.agents.baseline import positional_weights

    return [int(v) for v in positional_weights(n, torch.device("cpu")).tolist()[: n * n]]


def _edges(n: int) -> list[list[int]]:
    return [
        list(range(n)),
        [(n - 1) * n + c for c in range(n)],
        [r * n for r in range(n)],
        [r * n + n - 1 for r in range(n)],
    ]


GUESS_DEPTH = 8
"""Plies of the midgame search whose value, in discs, is the endgame solver's first guess of the score."""


def guess_score(board: Board, evaluation: str = "auto") -> int | None:
    """An estimate of ``board``'s final disc difference for its side to move, for the C solver to start from: the
    value of a :data:`GUESS_DEPTH`-ply midgame search, in discs, rounded to an even number (a final score with the
    empty squares credited to the winner is even). ``None`` where it would not help: off 8 x 8, with the hand-made
    evaluation (its values are not discs), where the mover has no placement, or where the C library is not built (the
    Python solver takes no guess, and the guess's search would run in Python).

    On the FFO endgames #40-#49 (20-26 empties) with the learned evaluation, a search of 0.01-0.03 s lands within 4
    discs of the score for eight of the ten.
    """
    if board.board_size != 8 or not board.moves or _tables(evaluation, 8) is None or not native_available():
        return None
    value = search(board, GUESS_DEPTH, evaluation=evaluation)[0] / 1000
    return max(-64, min(64, 2 * round(value / 2)))


def solve_exact(board: Board) -> Solution:
    """The exact :class:`~othello_zoo.agents.endgame.Solution` of ``board`` for its side to move:
    the final disc difference with empty squares credited to the winner, and a best move (``n*n``
    for a forced pass, -1 on a finished board). The C solver starts from :func:`guess_score`'s estimate."""
    position = as_board(board)
    guess = guess_score(position)
    return EndgameSolver(position.board_size).solve(position.own, position.opp, guess=guess)


def search(board: Board, depth: int, native: bool = True, evaluation: str = "auto") -> tuple[float, int, int]:
    """``(value, move, nodes)`` of alpha-beta's midgame search of ``board`` for its side to move (which has a
    placement), ``depth`` plies deep with the evaluation ``evaluation`` (one of :data:`EVALUATIONS`): the value for
    the mover (the evaluation at the horizon, in thousandths of a disc for the learned one; 1000 times the exact
    score of a game that ends), a best square and the positions visited. On 8 x 8 boards it runs in C where the
    library is built (:func:`othello_zoo.agents.native.native_midgame`: the same figures, some hundred times
    faster), unless ``native=False``.

    >>> search(Board.start(), 2, evaluation="hand")
    (0.0, 19, 11)
    """
    position = as_board(board)
    depth = check_int("depth", depth, low=1, high=MAX_DEPTH)
    tree = _Search(position.board_size, _tables(evaluation, position.board_size))
    moves = tree.rules.legal(position.own, position.opp)
    if not moves:
        raise ValueError("the side to move has no placement to search (a pass or a finished game)")
    if native and position.board_size == 8:
        found = native_midgame(position.own, position.opp, depth, tuple(tree.weights), tree.tables, SORTED_DEPTH)
        if found is not None:
            return float(found[0]), found[1], found[2]
    value, move = tree.best_move(position.own, position.opp, moves, depth, -math.inf, math.inf)
    return value, move, tree.nodes


def evaluate(board: Board, evaluation: str = "auto") -> float:
    """The midgame evaluation ``evaluation`` (one of :data:`EVALUATIONS`) of ``board`` for its side to move."""
    position = as_board(board)
    return _Search(position.board_size, _tables(evaluation, position.board_size)).evaluate(position.own, position.opp)


class AlphaBetaAgent(BoardAgent):
    """Negamax alpha-beta to ``depth`` plies with the midgame evaluation ``evaluation`` (one of
    :data:`EVALUATIONS`), solving exactly once ``endgame`` or fewer squares are empty. ``seed`` is accepted for the
    common interface (the search is deterministic).

    With ``seconds``, a move's time instead: searches of 1, 2, ... plies (``depth`` at most) while the next one is
    expected to end within the time (its expected time: the last search's times its growth from the one before, 2 to
    10), the deepest one's move played. The moves then depend on the machine's speed. After a move ``last_depth``
    holds the plies searched (the empty squares where the solver played it)."""

    name = "alphabeta"

    def __init__(
        self,
        depth: int = 4,
        endgame: int = 10,
        evaluation: str = "auto",
        seconds: float | None = None,
        seed: int | None = None,
    ) -> None:
        self.depth = check_int("depth", depth, low=1, high=MAX_DEPTH)
        self.endgame = check_int("endgame", endgame, low=0, high=MAX_ENDGAME)
        self.evaluation = check_choice("evaluation", evaluation, EVALUATIONS)
        self.seconds = None if seconds is None else check_real("seconds", seconds, low=0, open_low=True)
        self.last_depth = 0
        check_seed("seed", seed)
        self.last_nodes = 0
        self._solver: EndgameSolver | None = None  # kept between moves: its table serves the next solve

    def choose(self, board: Board) -> int:
        empties = board.board_size**2 - sum(board.scores())
        if empties <= self.endgame:
            solver = self._solver = EndgameSolver.kept(self._solver, board.board_size)
            before = solver.nodes
            guess = guess_score(board, self.evaluation) if empties >= NATIVE_EMPTIES else None
            move = solver.solve(board.own, board.opp, guess=guess).move
            self.last_nodes = solver.nodes - before
            self.last_depth = empties
            return move
        if self.seconds is None:
            _, move, self.last_nodes = search(board, self.depth, evaluation=self.evaluation)
            self.last_depth = self.depth
            return move
        return self._deepening(board, self.seconds)

    def _deepening(self, board: Board, seconds: float) -> int:
        """The move of the deepest search of 1, 2, ... plies expected to end within ``seconds`` of the start."""
        began = time.perf_counter()
        took: list[float] = []
        self.last_nodes = 0
        for depth in range(1, self.depth + 1):
            if len(took) >= 2 and took[-1] > 1e-3:  # the next search's time: the last one's times its growth
                growth = min(max(took[-1] / took[-2], 2.0), 10.0)
                if time.perf_counter() - began + took[-1] * growth > seconds:
                    break
            started = time.perf_counter()
            _, move, nodes = search(board, depth, evaluation=self.evaluation)
            took.append(time.perf_counter() - started)
            self.last_nodes += nodes
            self.last_depth = depth
            if time.perf_counter() - began > seconds:
                break
        return move
