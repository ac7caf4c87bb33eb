"""The single-board kernel: legal moves and flips of one board held as two Python ints.

Used by :class:`othello_zoo.core.board.Board` (the PettingZoo environments' default path, the agents
and the solvers). Python ints hold boards of any size (up to 256 bits for 16 x 16).

Legal moves run the bitboard kernel's own fill, :func:`othello_zoo.core.fill.ray_moves`. Called on
Python ints one direction at a time it costs about 8 us a board; unrolled into straight-line code
with its masks as constants, about 4 us; with each operation on two lanes (the board and the board turned half a
turn, so that 4 directions cover 8), about 3.3 us on the positions of real 8 x 8 games. So the unrolled code is
*traced* from ``ray_moves`` itself (:func:`legal_source`: the fill runs once on symbols that record each operation)
and checked in as :mod:`othello_zoo.core._scalar_generated`, one function per board size, under ruff and mypy like
the rest. ``python -m othello_zoo.core.scalar`` writes that module again, and a test checks that it is what
the tracer gives. Flips are found per ray from :func:`othello_zoo.core.rules.rays_from`
(:func:`flips_along`): the nearest square along a ray that is not an opponent disc is its lowest
or highest set bit, and the run before it flips when that square holds one of the mover's discs.
On 8 x 8, where the solvers spend their time, the same walk is written out per square with the
masks as constants (:func:`flips_source`, ``flips_8x8_d3`` ...) in the same generated module,
about 20% faster; flips cannot be traced like the fill, as they branch on the discs.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from pathlib import Path

from othello_zoo.core import rules
from othello_zoo.core.fill import mirrored_chain, pro_chain, ray_moves
from othello_zoo.core.notation import MAX_BOARD_SIZE, MIN_BOARD_SIZE, index_to_square
from othello_zoo.core.rules import direction_tables

__all__ = [
    "ScalarRules",
    "flips_along",
    "flips_source",
    "generated_module_source",
    "lane_layout",
    "legal_source",
    "scalar_rules",
    "square_rays",
]

GENERATED_MODULE = Path(__file__).with_name("_scalar_generated.py")


Rays = tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]  # (up, down) of (neighbour bit, ray mask)
GENERATED_FLIPS = (8,)  # board sizes whose flips are written out per square in _scalar_generated


def square_rays(n: int, square: int) -> Rays:
    """The rays from ``square`` that can hold a flip (2 squares or more), as ``(neighbour bit, ray
    mask)``: those going up the square indices (the nearest square is the lowest bit), then down."""
    rays = [(1 << r[0], sum(1 << s for s in r)) for r in rules.rays_from(n, square) if len(r) >= 2]
    return tuple(r for r in rays if r[0] > 1 << square), tuple(r for r in rays if r[0] < 1 << square)


def flips_along(own: int, opp: int, rays: Rays) -> int:
    """Opponent discs flipped by a disc of ``own`` placed where ``rays`` start: along each ray the
    nearest square that is not an opponent disc closes the run before it if it is the mover's."""
    flipped = 0
    up, down = rays
    for neighbour, ray in up:
        if opp & neighbour:
            rest = ray & ~opp
            first = rest & -rest
            if first & own:
                flipped |= ray & (first - 1)
    for neighbour, ray in down:
        if opp & neighbour:
            rest = ray & ~opp
            if rest:
                first = 1 << (rest.bit_length() - 1)
                if first & own:
                    flipped |= ray & -(first << 1)
    return flipped


def _flips_closure(rays: Rays) -> Callable[[int, int], int]:
    def flips(own: int, opp: int) -> int:
        return flips_along(own, opp, rays)

    return flips


class ScalarRules:
    """Legal placements and flips of one ``n x n`` board held as two Python ints (bit ``s`` is
    square ``s``); built once per size by :func:`scalar_rules`.

    Attributes:
        legal: ``legal(own, opp)``, the placements of the side owning ``own`` (generated).
        flips_of: per square ``s``, ``flips_of[s](own, opp)``: the discs a disc of ``own`` on the
            empty ``s`` flips. On 8 x 8 (tournaments, the FFO suite, where the solvers spend their
            time) these are :func:`flips_along` written out per square with the masks as constants,
            about 20% faster; on other sizes :func:`flips_along` over the square's rays.
    """

    def __init__(self, board_size: int) -> None:
        from othello_zoo.core import _scalar_generated  # generated from this module (see the docstring)

        n = board_size
        self.board_size = n
        self.legal: Callable[[int, int], int] = getattr(_scalar_generated, f"legal_{n}x{n}")
        generated = getattr(_scalar_generated, f"FLIPS_{n}x{n}", None)
        self.flips_of: tuple[Callable[[int, int], int], ...] = generated or tuple(
            _flips_closure(square_rays(n, square)) for square in range(n * n)
        )

    def flips(self, own: int, opp: int, placed: int) -> int:
        """Opponent discs flipped by the placement ``placed`` (a single bit, or 0 for a pass)."""
        return self.flips_of[placed.bit_length() - 1](own, opp) if placed else 0


@functools.cache
def scalar_rules(board_size: int) -> ScalarRules:
    """The rules for ``board_size``, built once."""
    return ScalarRules(board_size)


# -- tracing the fill -------------------------------------------------------------------------------
def _literal(mask: int) -> str:
    return f"0x{mask:X}"


class _Trace:
    """Straight-line code being written: each operation on a :class:`_Symbol` appends a line."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.known: dict[str, _Symbol] = {}  # an expression written already is reused

    def assign(self, expression: str) -> _Symbol:
        if expression not in self.known:
            name = f"t{len(self.lines)}"
            self.lines.append(f"    {name} = {expression}")
            self.known[expression] = _Symbol(self, name)
        return self.known[expression]


class _Symbol:
    """A value of the traced code. Supports the operators :func:`ray_moves` applies; a shift by 0
    is the value itself (no line), as a bitwise no-op."""

    def __init__(self, trace: _Trace, name: str) -> None:
        self.trace, self.name = trace, name

    def _apply(self, op: str, operand: str) -> _Symbol:
        return self.trace.assign(f"{self.name} {op} {operand}")

    def __lshift__(self, amount: int) -> _Symbol:
        return self if amount == 0 else self._apply("<<", str(amount))

    def __rshift__(self, amount: int) -> _Symbol:
        return self if amount == 0 else self._apply(">>", str(amount))

    def __and__(self, other: _Symbol | int) -> _Symbol:
        return self._apply("&", other.name if isinstance(other, _Symbol) else _literal(other))

    def __or__(self, other: _Symbol) -> _Symbol:
        return self._apply("|", other.name)

    __ilshift__, __irshift__, __iand__, __ior__ = __lshift__, __rshift__, __and__, __or__


def _reversed_bits(value: int, width: int) -> int:
    """``value``'s lowest ``width`` bits in reverse order: the board turned half a turn."""
    return int(f"{value:0{width}b}"[::-1], 2)


def lane_layout(n: int) -> tuple[int, int, int]:
    """``(size, offset, shift)`` of :func:`legal_source`'s two lanes on the ``n x n`` board: each lane's bytes
    (the board's bits rounded up to whole bytes), the first byte of the turned lane, and the bits the turned
    board sits above that lane's start (the rounding: ``8 * size - n * n``). The lanes lie far enough apart
    that the longest shift of the fill (``2**(rounds - 1)`` steps of ``n + 1`` squares) moves no disc of the
    first lane into the second."""
    nn = n * n
    size = (nn + 7) // 8
    rounds = max(1, (n - 2).bit_length())  # runs hold up to n - 2 discs
    longest = (1 << (rounds - 1)) * (n + 1)
    return size, (nn + longest + 7) // 8, 8 * size - nn


TWO_LANES_FROM = 6  # the board size from which the two-lane legal code is the faster


def legal_source(n: int) -> str:
    """Python source of ``legal_<n>x<n>(own, opp)``, straight-line code with the masks as constants.

    Python-int operations cost about the same on one board's bits as on a few of them, so from 6 x 6 up
    (``TWO_LANES_FROM``) each operation works on two lanes: the board and, above it, the board turned half
    a turn (:func:`_two_lane_source`). On 4 x 4 the packing costs more than it saves (:func:`_one_lane_source`).
    """
    return _two_lane_source(n) if n >= TWO_LANES_FROM else _one_lane_source(n)


def _one_lane_source(n: int) -> str:
    """:func:`legal_source` on 4 x 4, where two lanes cost more than they save: :func:`ray_moves` traced over the
    8 directions, each direction's chain of masks shared with its opposite (:func:`mirrored_chain`).

    >>> print(legal_source(4).splitlines()[1])
        t0 = opp & 0xFF0
    """
    left, right, interior, _ = direction_tables(n)
    rounds = max(1, (n - 2).bit_length())  # runs hold up to n - 2 discs
    trace = _Trace()
    own, opp = _Symbol(trace, "own"), _Symbol(trace, "opp")
    chains = {}  # by (step, interior): a right shift's chain, which its opposite direction moves back
    for rt, inner in zip(right, interior, strict=True):
        if rt:
            chains[rt, inner] = pro_chain(opp & inner, [0] * rounds, [rt << k for k in range(rounds)])
    ends = []
    for lf, rt, inner in zip(left, right, interior, strict=True):
        amounts_left, amounts_right = [lf << k for k in range(rounds)], [rt << k for k in range(rounds)]
        chain = chains[rt, inner] if rt else mirrored_chain(chains[lf, inner], lf)
        ends.append(ray_moves(own, opp & inner, amounts_left, amounts_right, chain).name)
    lines = [f"def legal_{n}x{n}(own: int, opp: int) -> int:", *trace.lines]
    lines.append(f"    moves = {' | '.join(ends)}")
    lines.append(f"    return moves & ~(own | opp) & {_literal((1 << (n * n)) - 1)}")
    return "\n".join(lines) + "\n"


def _two_lane_source(n: int) -> str:
    """:func:`legal_source` from 6 x 6 up: :func:`ray_moves` traced over 4 directions on two lanes.

    A Python-int operation costs about the same on one board's bits as on a few of them, so each operation
    works on two lanes: the board, and above it the board turned half a turn (its bits reversed, a byte table
    and a byte reversal). A shift up the square indices moves the first lane one way along a line and the
    turned lane the other way, so the 4 directions that shift left cover all 8, in half the operations of
    one lane per direction. The interior masks (constants) are the same on both lanes, as a board turned
    half a turn has the same interior squares. Each move lies on its own lane's board (a run of interior squares
    steps onto the board), so clearing the occupied squares is the only mask at the end, before the turned lane's
    moves are turned back.

    >>> print(legal_source(8).splitlines()[2])
        o = _from_bytes(b + b"\\x00" * 5 + b.translate(REVERSED_BYTES)[::-1], "little")
    """
    left, _, interior, _ = direction_tables(n)
    nn = n * n
    rounds = max(1, (n - 2).bit_length())  # runs hold up to n - 2 discs
    size, offset, shift = lane_layout(n)
    turned = 8 * offset + shift  # the turned board's bit 0
    pack = f'_from_bytes(b + b"\\x00" * {offset - size} + b.translate(REVERSED_BYTES)[::-1], "little")'
    trace = _Trace()
    own, opp = _Symbol(trace, "o"), _Symbol(trace, "p")
    ends = []
    for lf, inner in zip(left, interior, strict=True):
        if lf:
            assert _reversed_bits(inner, nn) == inner, "an interior mask is the same turned half a turn"
            both = inner | inner << turned
            amounts, zeros = [lf << k for k in range(rounds)], [0] * rounds
            chain = pro_chain(opp & both, amounts, zeros)
            ends.append(ray_moves(own, opp & both, amounts, zeros, chain).name)
    lines = [
        f"def legal_{n}x{n}(own: int, opp: int) -> int:",
        f'    b = own.to_bytes({size}, "little")',
        f"    o = {pack}",
        f'    b = opp.to_bytes({size}, "little")',
        f"    p = {pack}",
        *trace.lines,
        f"    moves = ({' | '.join(ends)}) & ~(o | p)",
        f'    b = moves.to_bytes({offset + size}, "little")',
        f"    turned = b[{offset}:].translate(REVERSED_BYTES)[::-1]",
        f'    return _from_bytes(b[:{size}], "little") | _from_bytes(turned, "little")',
    ]
    return "\n".join(lines) + "\n"


def flips_source(n: int, square: int) -> str:
    """Python source of :func:`flips_along` for one square, its rays' masks written as constants,
    named after the square (``flips_8x8_d3``).

    >>> print(flips_source(4, 0).splitlines()[0])
    def flips_4x4_a1(own: int, opp: int) -> int:
    """
    up, down = square_rays(n, square)
    lines = [f"def flips_{n}x{n}_{index_to_square(square, n)}(own: int, opp: int) -> int:", "    flipped = 0"]
    for neighbour, ray in up:
        lines += [f"    if opp & {_literal(neighbour)}:", f"        rest = {_literal(ray)} & ~opp"]
        lines += ["        first = rest & -rest", "        if first & own:"]
        lines += [f"            flipped |= {_literal(ray)} & (first - 1)"]
    for neighbour, ray in down:
        lines += [f"    if opp & {_literal(neighbour)}:", f"        rest = {_literal(ray)} & ~opp", "        if rest:"]
        lines += ["            first = 1 << (rest.bit_length() - 1)", "            if first & own:"]
        lines += [f"                flipped |= {_literal(ray)} & -(first << 1)"]
    return "\n".join([*lines, "    return flipped"]) + "\n"


def generated_module_source() -> str:
    """The text of :mod:`othello_zoo.core._scalar_generated`: :func:`legal_source` for every board size."""
    sizes = range(MIN_BOARD_SIZE, MAX_BOARD_SIZE + 1, 2)
    names = [f'"FLIPS_{n}x{n}"' for n in GENERATED_FLIPS] + [f'"legal_{n}x{n}"' for n in sizes]
    header = (
        '"""Legal placements on one board of each size, as Python ints: generated, do not edit.\n\n'
        "Each function is :func:`othello_zoo.core.fill.ray_moves` traced over 4 directions on two lanes (the board\n"
        "and the board turned half a turn) by :func:`othello_zoo.core.scalar.legal_source`;\n"
        "``python -m othello_zoo.core.scalar`` writes this file again.\n"
        '"""\n\n'
        "from __future__ import annotations\n\n"
        "__all__ = [\n" + "".join(f"    {name},\n" for name in names) + "]\n\n"
        "# Each byte with its bits in reverse order: with the bytes in reverse order, a board turned half a turn.\n"
        'REVERSED_BYTES = bytes(int(f"{byte:08b}"[::-1], 2) for byte in range(256))\n'
        "_from_bytes = int.from_bytes  # a global: int.from_bytes looks an attribute up on each call\n"
    )
    text = header + "".join(f"\n\n{legal_source(n)}" for n in sizes)
    for n in GENERATED_FLIPS:
        functions = [f"flips_{n}x{n}_{index_to_square(s, n)}" for s in range(n * n)]
        text += "".join(f"\n\n{flips_source(n, square)}" for square in range(n * n))
        text += f"\n\nFLIPS_{n}x{n} = (\n" + "".join(f"    {f},\n" for f in functions) + ")\n"
    return text


if __name__ == "__main__":  # python -m othello_zoo.core.scalar: write the generated module again
    GENERATED_MODULE.write_text(generated_module_source(), encoding="utf-8")
    print(f"wrote {GENERATED_MODULE}", file=sys.stderr)
