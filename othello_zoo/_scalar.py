"""The lean single-board path: the bitboard rules on Python ints, for any board size.

Stepping one board through torch costs a few microseconds per operation, about 180 us a move;
the PettingZoo environments play one board at a time, so they use this path by default, and the
alpha-beta agent and endgame solver search with it. Legal moves come from the bitboard kernel's
Kogge-Stone fills unrolled for the board size; flips from one mask per ray. Python ints hold boards
of any size (up to 256 bits for 16 x 16). The state machine (passes, the end, forfeits) mirrors
:func:`othello_zoo.engine.step` exactly, which the tests check move by move.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from othello_zoo._bitboard import direction_tables
from othello_zoo._geometry import DIRECTIONS
from othello_zoo.notation import BLACK, format_position, parse_position

__all__ = ["ScalarBoard", "ScalarRules", "as_scalar", "scalar_rules", "squares_of"]


def legal_source(n: int) -> str:
    """Python source of ``legal(own, opp)`` for ``n x n``: the Kogge-Stone fills of
    :func:`ray_moves`, unrolled over the 8 directions and their rounds, masks written as constants.

    >>> print(legal_source(4).splitlines()[2])
        p = opp & 0xff0
    """
    left, right, interior, _ = direction_tables(n)
    rounds = max(1, (n - 2).bit_length())  # runs hold up to n - 2 discs
    lines = ["def legal(own, opp):", "    moves = 0"]
    for lf, rt, inner in zip(left, right, interior, strict=True):
        op, step = ("<<", lf) if lf else (">>", rt)
        lines.append(f"    p = opp & {inner:#x}")
        lines.append(f"    g = own | p & (own {op} {step})")
        for k in range(1, rounds):
            source = "p" if k == 1 else "q"
            lines.append(f"    q = {source} & ({source} {op} {step << (k - 1)})")
            lines.append(f"    g |= q & (g {op} {step << k})")
        lines.append(f"    moves |= (g & p) {op} {step}")
    lines.append(f"    return moves & ~(own | opp) & {(1 << (n * n)) - 1:#x}")
    return "\n".join(lines)


def flips_source(n: int) -> str:
    """Python source of ``flips_<s>(own, opp)`` for every square ``s`` of ``n x n``: the discs that a
    disc placed on ``s`` flips, one ray at a time with its masks written as constants, and of
    ``FLIPS``, the tuple of those functions indexed by square."""
    lines = []
    for square in range(n * n):
        up, down = _rays(n, square)
        lines += [f"def flips_{square}(own, opp):", "    flipped = 0"]
        for neighbour, ray in up:  # the nearest square that is not an opponent disc: the lowest bit
            lines += [
                f"    if opp & {neighbour:#x}:",
                f"        rest = {ray:#x} & ~opp",
                "        first = rest & -rest",
                "        if first & own:",
                f"            flipped |= {ray:#x} & (first - 1)",
            ]
        for neighbour, ray in down:  # going down the nearest is the highest bit
            lines += [
                f"    if opp & {neighbour:#x}:",
                f"        rest = {ray:#x} & ~opp",
                "        if rest:",
                "            first = 1 << (rest.bit_length() - 1)",
                "            if first & own:",
                f"                flipped |= {ray:#x} & -(first << 1)",
            ]
        lines.append("    return flipped")
    lines.append(f"FLIPS = ({', '.join(f'flips_{s}' for s in range(n * n))},)")
    return "\n".join(lines)


def _rays(n: int, square: int) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]:
    """The rays from ``square`` long enough to hold a flip (2 squares or more), as
    ``(neighbour bit, ray mask)``: those going to higher square indices, then to lower ones."""
    row, col = divmod(square, n)
    up: list[tuple[int, int]] = []
    down: list[tuple[int, int]] = []
    for dr, dc in DIRECTIONS:
        cells = []
        r, c = row + dr, col + dc
        while 0 <= r < n and 0 <= c < n:
            cells.append(r * n + c)
            r, c = r + dr, c + dc
        if len(cells) >= 2:
            (up if cells[0] > square else down).append((1 << cells[0], sum(1 << s for s in cells)))
    return tuple(up), tuple(down)


class ScalarRules:
    """Legal placements and flips of one ``n x n`` board held as two Python ints.

    ``legal`` is the bitboard kernel's fill, unrolled into straight-line code once per size
    (:func:`legal_source`). Flips are found per ray (:func:`flips_source`): the squares beyond the
    placed disc along one direction are one mask, the nearest of them that is not an opponent disc
    is its lowest or highest set bit, and the run before it flips when that square holds one of
    the mover's discs. Both are compiled once per board size (:func:`scalar_rules` caches them).
    """

    def __init__(self, board_size: int) -> None:
        n = board_size
        self.board_size = n
        self.full = (1 << (n * n)) - 1
        namespace: dict[str, Any] = {}
        exec(compile(legal_source(n), f"<othello_zoo legal {n}x{n}>", "exec"), namespace)
        exec(compile(flips_source(n), f"<othello_zoo flips {n}x{n}>", "exec"), namespace)
        self.legal: Callable[[int, int], int] = namespace["legal"]
        # flips_of[s](own, opp): the opponent discs flipped by a disc of ``own`` on the empty square s
        self.flips_of: tuple[Callable[[int, int], int], ...] = namespace["FLIPS"]

    def flips(self, own: int, opp: int, placed: int) -> int:
        """Opponent discs flipped by the placement ``placed`` (a single bit, or 0 for a pass)."""
        return self.flips_of[placed.bit_length() - 1](own, opp) if placed else 0


@functools.cache
def scalar_rules(board_size: int) -> ScalarRules:
    """The rules for ``board_size``, built once."""
    return ScalarRules(board_size)


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
        return squares_of(self.moves)

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
        return sign, 0.0 - sign  # a draw gives 0.0 to both, not -0.0


def as_scalar(board: object) -> ScalarBoard:
    """``board`` as a :class:`ScalarBoard` (any board with ``to_text()`` is converted)."""
    return board if isinstance(board, ScalarBoard) else ScalarBoard.from_text(board.to_text())  # type: ignore[attr-defined]
