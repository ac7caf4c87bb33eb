"""The exact endgame solver: perfect play over the last empty squares, on Python-int bitboards.

Scores are final disc differences for the side to move with the empty squares credited to the
winner, the convention of the FFO endgame suite. The search is negamax alpha-beta with:

- **principal variation search**: the first move gets the full window, the others a null window
  that is widened only when a move proves better;
- **move ordering** far from the end by the opponent's replies ("fastest first": fewest replies,
  corners first), with the best move from the transposition table tried before all others;
- **parity** near the end: empty squares in quadrants holding an odd number of empties first;
- **flips by ray look-up**: for a square and a direction the squares beyond it are one mask, the
  first square of the mask that is not an opponent disc is found with one bit trick, and the run
  before it flips when that square is the mover's (no board-wide fill per move);
- a dedicated last-square routine, where most leaves are scored without generating moves.

The rules are the engine's: the tests play the solver's lines through :mod:`othello_zoo.engine`
and compare its values with plain minimax over an independent implementation.

>>> from othello_zoo.agents.endgame import EndgameSolver
>>> solver = EndgameSolver(4)
>>> solver.solve_text("-----OX--XO----- X")  # the whole 4 x 4 game: black's score, best first move
Solution(score=-10, move=1)
"""

from __future__ import annotations

from typing import NamedTuple

from othello_zoo.agents.native import NATIVE_EMPTIES, check_threads, native_solve
from othello_zoo.core import rules
from othello_zoo.core.board import Board
from othello_zoo.core.scalar import scalar_rules

__all__ = ["TABLE_LIMIT", "EndgameSolver", "Solution", "final_score"]

INF = 10**9
_SHALLOW = 6  # at or below this many empties: parity order, no table, no sorting
_TABLE = 8  # at or above this many empties: transposition table

_Entry = tuple[int, int, int]  # a table entry: (lower bound, upper bound, best move)
_UNKNOWN: _Entry = (-INF, INF, -1)  # the bounds of a position the table does not hold
_Child = tuple[int, int, int, int]  # (square, placed bit, the child's own, the child's opp)
_Ranked = tuple[int, int, int, int, int, int | None]  # (rank, square, own, opp, placed bit, replies)


class Solution(NamedTuple):
    """The exact result of a position, as every solver of :mod:`othello_zoo.agents` returns it.

    Attributes:
        score: the final disc difference for the side to move under perfect play, empty squares
            credited to the winner (:func:`othello_zoo.core.rules.exact_score`); a bound when the
            search was asked for a window that does not hold it.
        move: a best move: a square, ``n*n`` for a forced pass, -1 on a finished board.

    >>> Solution(score=38, move=8) == (38, 8)  # a tuple: ``score, move = solution`` unpacks it
    True
    """

    score: int
    move: int


def final_score(own: int, opp: int, squares: int) -> int:
    """:func:`othello_zoo.core.rules.exact_score` of a finished game for the owner of the bit set ``own``."""
    return rules.exact_score(own.bit_count(), opp.bit_count(), squares)


def _table_cutoff(entry: _Entry, alpha: int, beta: int) -> tuple[int, int] | None:
    """``(score, move)`` when a table entry's bounds settle a node for the window ``(alpha, beta)``:
    the exact score is known, or a bound lies outside the window. ``None`` otherwise."""
    lower, upper, hint = entry
    if lower >= beta or lower == upper:
        return lower, hint
    if upper <= alpha:
        return upper, hint
    return None


TABLE_LIMIT = 1_000_000
"""Entries of a solver's transposition table beyond which :meth:`EndgameSolver.kept` starts a new solver (some
hundreds of MB of Python objects)."""


class EndgameSolver:
    """Exact solver for ``board_size x board_size`` positions given as two bit sets. An 8 x 8 position of
    :data:`~othello_zoo.agents.native.NATIVE_EMPTIES` empties or more is solved by the search in C
    (:mod:`othello_zoo.agents.native`: the same scores some forty times as fast, FFO #40 in about 1 s instead of
    45 s), where a C compiler is present; ``native=False`` keeps every solve in Python. ``threads`` above 1 lets the
    C solver search a position of :data:`~othello_zoo.agents.native.PARALLEL_EMPTIES` empties or more with that many
    threads (:func:`~othello_zoo.agents.native.native_solve`: about 1.8 times as fast with 2 on 2 free cores).

    ``nodes`` counts the positions visited since construction; the transposition table is kept
    between calls (``clear()`` empties it), which helps when solving successive positions of one game.
    """

    def __init__(self, board_size: int = 8, native: bool = True, threads: int = 1) -> None:
        self.threads = check_threads(threads)
        n = board_size
        self.native = native and n == 8  # 8 x 8 solves of NATIVE_EMPTIES or more in C (othello_zoo.agents.native)
        self.n = n
        self.squares = n * n
        self.full = (1 << (n * n)) - 1
        self.rules = scalar_rules(n)
        self.flips_of = self.rules.flips_of  # flips_of[square](own, opp) -> flipped discs
        half = n // 2
        self.quadrants = tuple(
            sum(1 << (r * n + c) for r in range(r0, r0 + half) for c in range(c0, c0 + half))
            for r0 in (0, half)
            for c0 in (0, half)
        )
        self.corners = (1 << 0) | (1 << (n - 1)) | (1 << (n * (n - 1))) | (1 << (n * n - 1))
        self.nodes = 0
        self.table: dict[tuple[int, int], _Entry] = {}

    @classmethod
    def kept(cls, solver: EndgameSolver | None, board_size: int) -> EndgameSolver:
        """``solver`` again for the next position of a game (its table serves the next solve) when it plays
        ``board_size`` and its table holds under ``TABLE_LIMIT`` (1,000,000) entries; else a new solver."""
        if solver is None or solver.n != board_size or len(solver.table) >= TABLE_LIMIT:
            return cls(board_size)
        return solver

    def clear(self) -> None:
        """Forget the transposition table and reset the node count."""
        self.table.clear()
        self.nodes = 0

    # -- the search -----------------------------------------------------------------------------------
    def solve(self, own: int, opp: int, alpha: int = -INF, beta: int = INF, guess: int | None = None) -> Solution:
        """The :class:`Solution` for the side owning ``own``: the exact score when it lies inside
        ``(alpha, beta)``, a bound otherwise, and a best move (``n*n`` for a forced pass, -1 on a
        finished board). ``guess``, an estimate of the score, lets the C solver start from it
        (:func:`~othello_zoo.agents.native.native_solve`); the Python solver does without."""
        empties = self.full & ~(own | opp)
        if self.native and empties.bit_count() >= NATIVE_EMPTIES:
            solved = native_solve(own, opp, alpha, beta, guess, threads=self.threads)
            if solved is not None:
                score, move, nodes = solved
                self.nodes += nodes
                return Solution(score, move)
        if empties.bit_count() <= _SHALLOW:
            return Solution(*self._root_shallow(own, opp, alpha, beta, empties))
        return Solution(*self._search(own, opp, alpha, beta, empties, False))

    def solve_text(self, text: str) -> Solution:
        """:meth:`solve` for a position in position text."""
        board = Board.from_text(text)
        return self.solve(board.own, board.opp)

    def _root_shallow(self, own: int, opp: int, alpha: int, beta: int, empties: int) -> tuple[int, int]:
        """A shallow root: every move searched by :meth:`_shallow`, the best one kept."""
        self.nodes += 1
        best, best_move = -INF, -1
        bits = empties
        while bits:
            placed = bits & -bits
            bits ^= placed
            square = placed.bit_length() - 1
            flipped = self.flips_of[square](own, opp)
            if flipped:
                new_own, new_opp, rest = opp ^ flipped, own | placed | flipped, empties ^ placed
                score = -self._near_end(new_own, new_opp, -beta, -max(alpha, best), rest)
                if score > best:
                    best, best_move = score, square
        if best_move >= 0:
            return best, best_move
        if self.rules.legal(opp, own) == 0:
            return final_score(own, opp, self.squares), -1
        return -self._near_end(opp, own, -beta, -alpha, empties, True), self.n * self.n

    def _near_end(self, own: int, opp: int, alpha: int, beta: int, empties: int, passed: bool = False) -> int:
        """The routine for the number of empties: :meth:`_shallow`, :meth:`_two`, :meth:`_last`."""
        count = empties.bit_count()
        if count >= 3:
            return self._shallow(own, opp, alpha, beta, empties, passed)
        if count == 2:
            return self._two(own, opp, alpha, beta, empties, passed)
        return self._last(own, opp, empties) if count == 1 else final_score(own, opp, self.squares)

    def _search(
        self, own: int, opp: int, alpha: int, beta: int, empties: int, passed: bool, moves: int | None = None
    ) -> tuple[int, int]:
        """Deep nodes: table, fastest-first ordering, principal variation search. ``moves`` are the
        mover's legal placements when the caller has them already (from its move ordering)."""
        self.nodes += 1
        if moves is None:
            moves = self.rules.legal(own, opp)
        if not moves:
            return self._pass(own, opp, alpha, beta, empties, passed)
        count = empties.bit_count()
        key = (own, opp)
        entry = self.table.get(key) if count >= _TABLE else None
        hint = -1
        if entry is not None:
            known = _table_cutoff(entry, alpha, beta)
            if known is not None:
                return known
            lower, upper, hint = entry
            alpha, beta = max(alpha, lower), min(beta, upper)
        children = self._children(own, opp, moves)
        if count - 1 >= _TABLE:
            refuted = self._transposition_cutoff(children, beta)
            if refuted is not None:
                return refuted
        ordered = self._order(children, hint)
        best, best_move = self._principal_variation(ordered, alpha, beta, empties, count - 1 > _SHALLOW)
        if count >= _TABLE:
            self._store(key, entry, alpha, beta, best, best_move)
        return best, best_move

    def _pass(self, own: int, opp: int, alpha: int, beta: int, empties: int, passed: bool) -> tuple[int, int]:
        """A deep node without a placement: the end of the game after a pass, else the pass."""
        if passed:
            return final_score(own, opp, self.squares), -1
        score, _ = self._search(opp, own, -beta, -alpha, empties, True)
        return -score, self.squares

    def _children(self, own: int, opp: int, moves: int) -> list[_Child]:
        """The positions after each placement in ``moves``, from the opponent's side, by square."""
        flips_of = self.flips_of
        children = []
        while moves:
            placed = moves & -moves
            moves ^= placed
            square = placed.bit_length() - 1
            flipped = flips_of[square](own, opp)
            children.append((square, placed, opp ^ flipped, own | placed | flipped))
        return children

    def _transposition_cutoff(self, children: list[_Child], beta: int) -> tuple[int, int] | None:
        """Enhanced transposition cutoff: ``(score, move)`` of the first child that the table already
        knows to refute the window (its upper bound, negated, reaches ``beta``), else ``None``."""
        table = self.table
        for square, _, child_own, child_opp in children:
            entry = table.get((child_own, child_opp))
            if entry is not None and -entry[1] >= beta:
                return -entry[1], square
        return None

    def _order(self, children: list[_Child], hint: int) -> list[_Ranked]:
        """The children fastest first: the table's move ``hint``, then by fewest opponent replies,
        corners counting double. Each comes with the opponent's replies (``None`` for the hint)."""
        legal, corners = self.rules.legal, self.corners
        ranked: list[_Ranked] = []
        for square, placed, child_own, child_opp in children:
            if square == hint:
                rank, replies = -1000, None
            else:
                replies = legal(child_own, child_opp)
                rank = 4 * replies.bit_count() + 2 * (replies & corners).bit_count() - (placed & corners).bit_count()
            ranked.append((rank, square, child_own, child_opp, placed, replies))
        ranked.sort()  # the squares are distinct, so the comparison never reaches the boards
        return ranked

    def _principal_variation(
        self, ranked: list[_Ranked], alpha: int, beta: int, empties: int, deep: bool
    ) -> tuple[int, int]:
        """``(best score, best move)`` over the ordered children: the first with the full window, the
        others with a null window first (deep ones); :meth:`_shallow` for the children near the end."""
        best, best_move = -INF, ranked[0][1]
        for index, (_, square, child_own, child_opp, placed, replies) in enumerate(ranked):
            rest = empties ^ placed
            if not deep:
                score = -self._shallow(child_own, child_opp, -beta, -alpha, rest)
            elif index == 0:
                score = -self._search(child_own, child_opp, -beta, -alpha, rest, False, replies)[0]
            else:
                score = self._scout(child_own, child_opp, alpha, beta, rest, replies)
            if score > best:
                best, best_move = score, square
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        return best, best_move

    def _scout(self, own: int, opp: int, alpha: int, beta: int, empties: int, moves: int | None) -> int:
        """The parent's score of a later child (``own`` to move): a null-window test against
        ``alpha``, searched again with the window ``(score, beta)`` only when it beats ``alpha``."""
        score = -self._search(own, opp, -alpha - 1, -alpha, empties, False, moves)[0]
        if alpha < score < beta:
            score = -self._search(own, opp, -beta, -score, empties, False, moves)[0]
        return score

    def _store(
        self, key: tuple[int, int], entry: _Entry | None, alpha: int, beta: int, best: int, best_move: int
    ) -> None:
        """Record a searched node's result for the window ``(alpha, beta)`` it had: an upper bound
        when it failed low, a lower bound when it failed high, else the exact score."""
        lower, upper, _ = entry if entry is not None else _UNKNOWN
        if best <= alpha:
            upper = best
        elif best >= beta:
            lower = best
        else:
            lower = upper = best
        self.table[key] = (lower, upper, best_move)

    def _shallow(self, own: int, opp: int, alpha: int, beta: int, empties: int, passed: bool = False) -> int:
        """Near the end (3 or more empties): empties in odd quadrants first, moves found square by square."""
        self.nodes += 1
        q0, q1, q2, q3 = self.quadrants
        odd = (
            (q0 if (empties & q0).bit_count() & 1 else 0)
            | (q1 if (empties & q1).bit_count() & 1 else 0)
            | (q2 if (empties & q2).bit_count() & 1 else 0)
            | (q3 if (empties & q3).bit_count() & 1 else 0)
        )
        child = self._two if empties.bit_count() == 3 else self._shallow
        flips_of = self.flips_of
        best = -INF
        for group in (empties & odd, empties & ~odd):
            while group:
                placed = group & -group
                group ^= placed
                flipped = flips_of[placed.bit_length() - 1](own, opp)
                if flipped:
                    score = -child(opp ^ flipped, own | placed | flipped, -beta, -alpha, empties ^ placed)
                    if score > best:
                        best = score
                        if score > alpha:
                            alpha = score
                            if alpha >= beta:
                                return best
        if best > -INF:
            return best
        if passed:
            return final_score(own, opp, self.squares)
        return -self._shallow(opp, own, -beta, -alpha, empties, True)

    def _two(self, own: int, opp: int, alpha: int, beta: int, empties: int, passed: bool = False) -> int:
        """Two empty squares left."""
        self.nodes += 1
        first = empties & -empties
        second = empties ^ first
        best = -INF
        flipped = self.flips_of[first.bit_length() - 1](own, opp)
        if flipped:
            best = -self._last(opp ^ flipped, own | first | flipped, second)
            if best >= beta:
                return best
        flipped = self.flips_of[second.bit_length() - 1](own, opp)
        if flipped:
            best = max(best, -self._last(opp ^ flipped, own | second | flipped, first))
        if best > -INF:
            return best
        if passed:
            return final_score(own, opp, self.squares)
        return -self._two(opp, own, -beta, -alpha, empties, True)

    def _last(self, own: int, opp: int, placed: int) -> int:
        """The exact score with one empty square, ``placed``, left."""
        self.nodes += 1
        square = placed.bit_length() - 1
        flipped = self.flips_of[square](own, opp)
        mine, theirs = own.bit_count(), opp.bit_count()
        if flipped:  # the mover fills the last square
            count = flipped.bit_count()
            return rules.exact_score(mine + count + 1, theirs - count, self.squares)
        flipped = self.flips_of[square](opp, own)
        if flipped:  # the mover passes, the opponent fills it
            count = flipped.bit_count()
            return rules.exact_score(mine - count, theirs + count + 1, self.squares)
        return rules.exact_score(mine, theirs, self.squares)  # nobody can: it stays empty
