"""The lean single-board path: the bitboard rules on Python ints, for any board size.

Stepping one board through torch costs a few microseconds per operation, about 180 us a move;
the PettingZoo environments play one board at a time, so they use this path by default. It runs
the very same rule functions as the batched bitboard kernel (:func:`ray_moves`,
:func:`ray_flips`), one direction at a time on Python ints, which hold boards of any size
(up to 256 bits for 16 x 16). The state machine (passes, the end, forfeits) mirrors
:func:`othello_zoo.engine.step` exactly, which the tests check move by move.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from othello_zoo._bitboard import direction_tables, ray_flips, ray_moves
from othello_zoo.notation import BLACK, format_position, parse_position

__all__ = ["ScalarBoard", "ScalarRules", "as_scalar", "scalar_rules"]


class ScalarRules:
    """Legal placements and flips of one ``n x n`` board held as two Python ints."""

    def __init__(self, board_size: int) -> None:
        n = board_size
        self.board_size = n
        self.full = (1 << (n * n)) - 1
        left, right, interior, target = direction_tables(n)
        # Runs hold up to n - 2 discs: enough doubling rounds for 2**rounds - 1 >= n - 2.
        rounds = max(1, (n - 2).bit_length())
        self.directions = [
            (tuple(lf << k for k in range(rounds)), tuple(rt << k for k in range(rounds)), inner, outer)
            for lf, rt, inner, outer in zip(left, right, interior, target, strict=True)
        ]

    def legal(self, own: int, opp: int) -> int:
        """Bit set of the legal placements of the side owning ``own``."""
        moves = 0
        for lefts, rights, inner, _ in self.directions:
            moves |= ray_moves(own, opp & inner, lefts, rights)
        return moves & ~(own | opp) & self.full

    def flips(self, own: int, opp: int, placed: int) -> int:
        """Opponent discs flipped by the placement ``placed`` (a single bit, or 0 for a pass)."""
        flipped = 0
        for lefts, rights, inner, outer in self.directions:
            opp_inner = opp & inner
            if ((placed << lefts[0]) >> rights[0]) & opp_inner:  # no opponent disc next to it: no run
                flipped |= ray_flips(own & outer, opp_inner, placed, lefts, rights)
        return flipped


@functools.cache
def scalar_rules(board_size: int) -> ScalarRules:
    """The rules for ``board_size``, built once."""
    return ScalarRules(board_size)


def _bits(value: int, nn: int) -> np.ndarray:
    """uint8 ``(nn,)`` of 0 and 1: bit ``s`` of ``value`` at index ``s``."""
    raw = np.frombuffer(value.to_bytes((nn + 7) // 8, "little"), dtype=np.uint8)
    return np.unpackbits(raw, bitorder="little")[:nn]


@dataclass(frozen=True)
class ScalarBoard:
    """One board: the mover's and the opponent's discs as bit sets, and the game's status."""

    own: int  # the mover's discs
    opp: int  # the opponent's discs
    moves: int  # the mover's legal placements (0: it must pass, or the game is over)
    current_player: int  # colour to move: 0 black, 1 white (an ended game keeps its last)
    terminated: bool
    forfeited: bool  # ended by an illegal action of current_player
    board_size: int = 8

    @classmethod
    def make(cls, own: int, opp: int, player: int, board_size: int) -> ScalarBoard:
        """A board from its discs, with its moves and status worked out."""
        rules = scalar_rules(board_size)
        moves = rules.legal(own, opp)
        over = moves == 0 and rules.legal(opp, own) == 0
        return cls(own, opp, moves, player, over, False, board_size)

    @classmethod
    def start(cls, board_size: int = 8) -> ScalarBoard:
        """The start position, black to move."""
        n = board_size
        c = n // 2 - 1
        black = (1 << (c * n + c + 1)) | (1 << ((c + 1) * n + c))
        white = (1 << (c * n + c)) | (1 << ((c + 1) * n + c + 1))
        return cls.make(black, white, BLACK, n)

    @classmethod
    def from_text(cls, text: str) -> ScalarBoard:
        """A board from position text (``ValueError`` naming what is wrong)."""
        cells, player, n = parse_position(text)
        mine, theirs = 1 + player, 2 - player
        own = sum(1 << s for s, c in enumerate(cells) if c == mine)
        opp = sum(1 << s for s, c in enumerate(cells) if c == theirs)
        return cls.make(own, opp, player, n)

    def to_text(self) -> str:
        """Position text."""
        n2 = self.board_size**2
        mine, theirs = 1 + self.current_player, 2 - self.current_player
        cells = [mine if self.own >> s & 1 else theirs if self.opp >> s & 1 else 0 for s in range(n2)]
        return format_position(cells, self.current_player)

    def legal_actions(self) -> list[int]:
        """Legal actions in increasing order: the placements, or only the null action."""
        if self.moves == 0:
            return [self.board_size**2]
        moves, out = self.moves, []
        while moves:
            low = moves & -moves
            out.append(low.bit_length() - 1)
            moves ^= low
        return out

    def is_legal(self, action: int) -> bool:
        """Whether ``action`` is legal here (out-of-range actions are not)."""
        nn = self.board_size**2
        if self.terminated or not 0 <= action <= nn:
            return False
        return self.moves == 0 if action == nn else bool(self.moves >> action & 1)

    def step(self, action: int) -> ScalarBoard:
        """The board after a legal ``action`` (a finished board is returned unchanged)."""
        if self.terminated:
            return self
        rules = scalar_rules(self.board_size)
        placed = 0 if action == self.board_size**2 else 1 << action
        flipped = rules.flips(self.own, self.opp, placed)
        own, opp = self.opp ^ flipped, self.own | placed | flipped
        moves = rules.legal(own, opp)
        over = moves == 0 and rules.legal(opp, own) == 0
        return ScalarBoard(own, opp, moves, 1 - self.current_player, over, False, self.board_size)

    def forfeit(self) -> ScalarBoard:
        """The game ended by an illegal action of the player to move."""
        return ScalarBoard(self.own, self.opp, 0, self.current_player, True, True, self.board_size)

    def planes(self, player: int) -> np.ndarray:
        """uint8 ``(2, n*n)`` of 0 and 1: ``player``'s discs, then its opponent's."""
        nn = self.board_size**2
        first, second = (self.own, self.opp) if player == self.current_player else (self.opp, self.own)
        if nn <= 64:
            words = np.array((first, second), dtype=np.uint64).view(np.uint8).reshape(2, 8)
            return np.unpackbits(words, axis=1, bitorder="little")[:, :nn]
        return np.stack((_bits(first, nn), _bits(second, nn)))

    def scores(self) -> tuple[int, int]:
        """Disc counts (black, white)."""
        own, opp = self.own.bit_count(), self.opp.bit_count()
        return (own, opp) if self.current_player == BLACK else (opp, own)

    def rewards(self) -> tuple[float, float]:
        """Rewards (black, white): 0 until the end, then +1 / -1 / 0, or -1 / 0 after a forfeit."""
        if not self.terminated:
            return 0.0, 0.0
        if self.forfeited:
            return (-1.0, 0.0) if self.current_player == BLACK else (0.0, -1.0)
        black, white = self.scores()
        sign = float((black > white) - (black < white))
        return sign, -sign


def as_scalar(board: object) -> ScalarBoard:
    """``board`` as a :class:`ScalarBoard` (any board with ``to_text()`` is converted)."""
    return board if isinstance(board, ScalarBoard) else ScalarBoard.from_text(board.to_text())  # type: ignore[attr-defined]
