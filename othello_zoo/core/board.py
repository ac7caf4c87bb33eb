"""One board, held as two Python ints: the type the agents, solvers and PettingZoo envs play on.

Stepping one board through torch costs a few microseconds per operation, about 180 us a move; a
:class:`Board` steps in about 8 us on any board size, with the rules of
``othello_zoo.core.scalar`` (legal moves, flips) and :mod:`othello_zoo.core.rules` (start, end, result).
Its state machine (passes, the end, forfeits) is the engine's exactly, which the tests check move
by move.

>>> board = Board.start()
>>> board.legal_actions()
[19, 26, 37, 44]
>>> board.step(37).to_text()
'---------------------------OX------XXX-------------------------- O'
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from othello_zoo.core import rules
from othello_zoo.core.notation import format_moves, format_position, parse_position
from othello_zoo.core.scalar import ScalarRules, scalar_rules

__all__ = ["Board", "as_board", "squares_of"]


def squares_of(bits: int) -> list[int]:
    """The squares of a bit set, in increasing order."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


def _bits(value: int, nn: int) -> np.ndarray:
    """uint8 ``(nn,)`` of 0 and 1: bit ``s`` of ``value`` at index ``s``."""
    raw = np.frombuffer(value.to_bytes((nn + 7) // 8, "little"), dtype=np.uint8)
    return np.unpackbits(raw, bitorder="little")[:nn]


@dataclass(frozen=True)
class Board:
    """One board: the mover's and the opponent's discs as bit sets, and the game's status."""

    own: int  # the mover's discs
    opp: int  # the opponent's discs
    moves: int  # the mover's legal placements (0: it must pass, or the game is over)
    current_player: int  # colour to move: 0 black, 1 white (an ended game keeps its last)
    terminated: bool
    forfeited: bool  # ended by an illegal action of current_player
    board_size: int = 8

    @classmethod
    def make(cls, own: int, opp: int, player: int, board_size: int) -> Board:
        """A board from its discs (``own`` for ``player``, the colour to move), with its moves
        and status worked out."""
        return _made(scalar_rules(board_size), own, opp, player, board_size)

    @classmethod
    def start(cls, board_size: int = 8) -> Board:
        """The start position, black to move."""
        black, white = rules.start_bits(board_size)
        return cls.make(black, white, rules.BLACK, board_size)

    @classmethod
    def from_text(cls, text: str) -> Board:
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
        return squares_of(self.moves)

    def is_legal(self, action: int) -> bool:
        """Whether ``action`` is legal here (out-of-range actions are not)."""
        nn = self.board_size**2
        if self.terminated or not 0 <= action <= nn:
            return False
        return self.moves == 0 if action == nn else bool(self.moves >> action & 1)

    def step(self, action: int) -> Board:
        """The board after ``action`` (a finished board is returned unchanged).

        Raises:
            ValueError: ``action`` is not legal here (out of range included).
        """
        if self.terminated:
            return self
        if not self.is_legal(action):
            legal = self.legal_actions()
            named = format_moves(legal, self.board_size, " ")
            raise ValueError(f"action {action!r} is not legal here; legal: {legal} ({named})")
        return self.play(action)

    def play(self, action: int) -> Board:
        """The board after ``action``, which the caller has found legal (:meth:`is_legal`): no check here.

        For loops that check each action once themselves (the environments); an illegal action gives a board
        that no game reaches. :meth:`step` is the checked form.
        """
        n = self.board_size
        scalar = _RULES.get(n) or _RULES.setdefault(n, scalar_rules(n))
        if action == n * n:  # a forced pass
            return _made(scalar, self.opp, self.own, 1 - self.current_player, n)
        flipped = scalar.flips_of[action](self.own, self.opp)
        return _made(scalar, self.opp ^ flipped, self.own | 1 << action | flipped, 1 - self.current_player, n)

    def forfeit(self) -> Board:
        """The game ended by an illegal action of the player to move."""
        return Board(self.own, self.opp, 0, self.current_player, True, True, self.board_size)

    def action_mask(self, player: int) -> np.ndarray:
        """int8 ``(n*n + 1,)``: ``player``'s legal actions. The player to move has its placements, or
        only the null action when it has none (a finished board included); the other player has
        only the null action. Read from the move bits in one pass, with no list of squares."""
        nn = self.board_size**2
        mover = player == self.current_player
        moves = self.moves if mover else 0
        mask = np.empty(nn + 1, dtype=np.int8)
        mask[:nn] = _bits(moves, nn)
        mask[nn] = moves == 0
        return mask

    def observation(self, player: int) -> tuple[np.ndarray, np.ndarray]:
        """``(planes, mask)``: :meth:`planes` as int8 ``(2, n, n)`` and :meth:`action_mask`, both views of one
        fresh array read from the bits byte by byte (a table of each byte's 8 bits) on boards up to 8 x 8."""
        nn = self.board_size * self.board_size
        if nn > 64:
            n = self.board_size
            return self.planes(player).view(np.int8).reshape(2, n, n), self.action_mask(player)
        # 32 bytes: the two disc sets, then the mask: the placements, or only the null action (bit nn).
        if player == self.current_player:
            words = self.own | self.opp << 64 | (self.moves or 1 << nn) << 128
        else:
            words = self.opp | self.own << 64 | 1 << (128 + nn)
        bits = _BYTE_BITS.take(_from_bytes(words.to_bytes(32, "little"), _UINT8), 0).reshape(256)
        if nn == 64:
            return bits[:128].reshape(2, 8, 8), bits[128:193]
        n = self.board_size
        return bits[:128].reshape(2, 64)[:, :nn].reshape(2, n, n), bits[128 : 129 + nn]

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
        return (own, opp) if self.current_player == rules.BLACK else (opp, own)  # rules.by_colour, for ints

    def rewards(self, margin: bool = False) -> tuple[float, float]:
        """Rewards (black, white): 0 until the end, then +1 / -1 / 0 (``margin=True``: the disc
        difference over n * n), or -1 / 0 after a forfeit (see :mod:`othello_zoo.core.rules`)."""
        if not self.terminated:
            return 0.0, 0.0
        difference = self.own.bit_count() - self.opp.bit_count()
        result = rules.mover_result(difference, self.forfeited, self.board_size, margin)
        return rules.by_colour(*rules.split_result(result, self.forfeited), self.current_player)


_new = object.__new__
_from_bytes = np.frombuffer
_UINT8 = np.dtype(np.uint8)
# int8 (256, 8): row b holds the bits of the byte b, lowest first. Taking the rows of a position's bytes unpacks
# them into a new int8 array in one call: a third faster than unpackbits and a view to int8.
_BYTE_BITS = np.unpackbits(np.arange(256, dtype=np.uint8)[:, None], axis=1, bitorder="little").view(np.int8)


def _made(scalar: ScalarRules, own: int, opp: int, player: int, board_size: int) -> Board:
    """:meth:`Board.make` with the size's rules already at hand. The fields go straight into the new instance's
    ``__dict__``, past the frozen dataclass's ``__init__`` (which sets each through ``object.__setattr__``): half
    the cost of the constructor on the step path; the same object, equality and hash."""
    moves = scalar.legal(own, opp)
    board = _new(Board)
    fields = board.__dict__
    fields["own"] = own
    fields["opp"] = opp
    fields["moves"] = moves
    fields["current_player"] = player
    fields["terminated"] = rules.game_over(moves, scalar.legal(opp, own)) if moves == 0 else False
    fields["forfeited"] = False
    fields["board_size"] = board_size
    return board


_RULES: dict[int, ScalarRules] = {}  # the rules by size, filled on first use: a dict look-up a move


def as_board(board: object) -> Board:
    """``board`` as a :class:`Board` (any board with ``to_text()`` is converted)."""
    if isinstance(board, Board):
        return board
    if not callable(getattr(board, "to_text", None)):
        raise TypeError(
            f"expected a Board (or a board with to_text(), or an agent's observation dict), got {board!r} "
            f"({type(board).__name__})"
        )
    return Board.from_text(board.to_text())  # type: ignore[attr-defined]
