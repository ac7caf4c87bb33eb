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
>>> solver.solve_text("-----OX--XO----- X")  # the whole 4 x 4 game: (black's score, best first move)
(-10, 1)
"""

from __future__ import annotations

from othello_zoo._scalar import ScalarBoard, scalar_rules

__all__ = ["EndgameSolver", "final_score"]

INF = 10**9
_SHALLOW = 6  # at or below this many empties: parity order, no table, no sorting
_TABLE = 8  # at or above this many empties: transposition table


def final_score(own: int, opp: int, squares: int) -> int:
    """The disc difference of a finished game for the owner of ``own``, the ``squares - discs``
    empty squares credited to the winner (the FFO convention)."""
    diff = own.bit_count() - opp.bit_count()
    empties = squares - own.bit_count() - opp.bit_count()
    return diff + empties if diff > 0 else diff - empties if diff < 0 else 0


class EndgameSolver:
    """Exact solver for ``board_size x board_size`` positions given as two bit sets.

    ``nodes`` counts the positions visited since construction; the transposition table is kept
    between calls (``clear()`` empties it), which helps when solving successive positions of one game.
    """

    def __init__(self, board_size: int = 8) -> None:
        n = board_size
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
        self.table: dict[tuple[int, int], tuple[int, int, int]] = {}

    def clear(self) -> None:
        """Forget the transposition table and reset the node count."""
        self.table.clear()
        self.nodes = 0

    # -- the search -----------------------------------------------------------------------------------
    def solve(self, own: int, opp: int, alpha: int = -INF, beta: int = INF) -> tuple[int, int]:
        """``(score, best move)`` for the side owning ``own``: the exact value when it lies inside
        ``(alpha, beta)``, a bound otherwise. The move is ``n*n`` for a forced pass and -1 on a
        finished board."""
        empties = self.full & ~(own | opp)
        if empties.bit_count() <= _SHALLOW:
            return self._root_shallow(own, opp, alpha, beta, empties)
        return self._search(own, opp, alpha, beta, empties, False)

    def solve_text(self, text: str) -> tuple[int, int]:
        """:meth:`solve` for a position in position text."""
        board = ScalarBoard.from_text(text)
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
            if passed:
                return final_score(own, opp, self.squares), -1
            score, _ = self._search(opp, own, -beta, -alpha, empties, True)
            return -score, self.n * self.n
        count = empties.bit_count()
        key = (own, opp)
        hint = -1
        entry = None
        if count >= _TABLE:
            entry = self.table.get(key)
            if entry is not None:
                lower, upper, hint = entry
                if lower >= beta or lower == upper:
                    return lower, hint
                if upper <= alpha:
                    return upper, hint
                alpha, beta = max(alpha, lower), min(beta, upper)
        original_alpha = alpha
        rules, corners, table = self.rules, self.corners, self.table
        etc = count - 1 >= _TABLE
        children = []
        while moves:
            placed = moves & -moves
            moves ^= placed
            square = placed.bit_length() - 1
            flipped = self.flips_of[square](own, opp)
            new_own, new_opp = opp ^ flipped, own | placed | flipped
            if etc:  # enhanced transposition cutoff: a child already known to refute the window
                child = table.get((new_own, new_opp))
                if child is not None and -child[1] >= beta:
                    return -child[1], square
            if square == hint:
                rank, replies = -1000, None
            else:
                replies = rules.legal(new_own, new_opp)  # fewest replies first, corners counting double
                rank = 4 * replies.bit_count() + 2 * (replies & corners).bit_count() - (placed & corners).bit_count()
            children.append((rank, square, new_own, new_opp, placed, replies))
        children.sort()  # the squares are distinct, so the comparison never reaches the boards
        deep = count - 1 > _SHALLOW
        best, best_move = -INF, children[0][1]
        for index, (_, square, new_own, new_opp, placed, replies) in enumerate(children):
            rest = empties ^ placed
            if deep:
                if index == 0:
                    score = -self._search(new_own, new_opp, -beta, -alpha, rest, False, replies)[0]
                else:
                    score = -self._search(new_own, new_opp, -alpha - 1, -alpha, rest, False, replies)[0]
                    if alpha < score < beta:
                        score = -self._search(new_own, new_opp, -beta, -score, rest, False, replies)[0]
            else:
                score = -self._shallow(new_own, new_opp, -beta, -alpha, rest)
            if score > best:
                best, best_move = score, square
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        if count >= _TABLE:
            lower, upper, _ = entry if entry is not None else (-INF, INF, -1)
            if best <= original_alpha:
                upper = best
            elif best >= beta:
                lower = best
            else:
                lower = upper = best
            self.table[key] = (lower, upper, best_move)
        return best, best_move

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
        if flipped:
            count = flipped.bit_count()
            return mine - theirs + 2 * count + 1
        flipped = self.flips_of[square](opp, own)
        if flipped:
            count = flipped.bit_count()
            return mine - theirs - 2 * count - 1
        diff = mine - theirs
        return diff + 1 if diff > 0 else diff - 1 if diff < 0 else 0
