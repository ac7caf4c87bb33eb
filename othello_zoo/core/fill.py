"""The rules' bitwise core: Kogge-Stone fills along one direction, generic over integer types.

The functions use bitwise operators only, so they run on int64 tensors with a direction dimension
(the engine's bitboard kernel, :mod:`othello_zoo.engine.kernels.bitboard`) and on anything else that has
those operators: the single-board path (:mod:`othello_zoo.core.scalar`) traces :func:`ray_moves` into
straight-line code on Python ints. A direction moves a set by ``(x << left) >> right``, one of the two
amounts zero (a Python-int 0, whose shift is left out).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["Amounts", "mirrored_chain", "occluded_fill", "pro_chain", "ray_flips", "ray_moves"]


Amounts = Sequence[Any]  # shift amounts for 1, 2 and 4 steps: ints, or (4, 1) tensors (one per direction)


def _moved(x: Any, left: Any, right: Any) -> Any:
    """``(x << left) >> right`` as a new value, the shift by a Python-int 0 left out (one amount is 0)."""
    if isinstance(right, int) and right == 0:
        return x << left
    if isinstance(left, int) and left == 0:
        return x >> right
    return (x << left) >> right


def occluded_fill(gen: Any, pro: Any, left: Amounts, right: Amounts, chain: Sequence[Any] | None = None) -> Any:
    """``gen`` grown along a direction through the squares of ``pro`` (Kogge-Stone).

    Round ``k`` moves sets ``2**k`` steps as ``(x << left[k]) >> right[k]`` (one of the two
    amounts is 0), so ``r`` rounds cross runs of up to ``2**r - 1`` squares: 3 rounds for boards
    up to 8 x 8, 4 up to 16 x 16. Works on int64 tensors and on Python ints alike. ``chain``, when
    given, is :func:`pro_chain` of ``pro`` (the squares each later round may cross), computed once.
    """
    last = len(left) - 1
    for k in range(last + 1):
        # In-place operators on fresh temporaries: fewer tensors allocated (ints just rebind).
        step = _moved(gen, left[k], right[k])
        step &= pro
        if k == 0:
            gen = gen | step  # a new value: the caller's ``gen`` is never modified
        else:
            gen |= step  # the value made in round 0
        if k < last:
            if chain is not None:
                pro = chain[k]
            else:
                grown = _moved(pro, left[k], right[k])
                grown &= pro
                pro = grown
    return gen


def pro_chain(pro: Any, left: Amounts, right: Amounts) -> list[Any]:
    """The squares rounds ``1, 2, ...`` of :func:`occluded_fill` may cross: ``pro`` ANDed with itself moved
    ``1, 2, 4, ...`` steps, cumulatively (``len(left) - 1`` sets).

    The chain of the opposite direction is this one moved back: for a run of ``2**k`` steps of ``s`` squares,
    ``(x << s) & x == ((x >> s) & x) << s``, so the chain of a left shift is that of the matching right shift
    moved ``(2**(k + 1) - 1) * s`` to the left (:func:`mirrored_chain`).
    """
    chain = []
    for k in range(len(left) - 1):
        grown = _moved(pro, left[k], right[k])
        grown &= pro
        pro = grown
        chain.append(pro)
    return chain


def mirrored_chain(chain: Sequence[Any], step: int) -> list[Any]:
    """The :func:`pro_chain` of the direction opposite to one shifting right by ``step`` squares a step, from
    that direction's chain (Python ints, whose left shifts lose no bits)."""
    return [masks << (((2 << k) - 1) * step) for k, masks in enumerate(chain)]


def _moved_in_place(x: Any, left: Any, right: Any) -> Any:
    """:func:`_moved` of a value the caller owns, shifted in place (ints just rebind)."""
    if not (isinstance(left, int) and left == 0):
        x <<= left
    if not (isinstance(right, int) and right == 0):
        x >>= right
    return x


def ray_moves(own: Any, opp_inner: Any, left: Amounts, right: Amounts, chain: Sequence[Any] | None = None) -> Any:
    """Squares one step beyond a run of ``opp_inner`` that starts next to ``own``.

    ``opp_inner`` holds only the opponent discs that have a neighbour on both sides along the
    direction, so the last shift never leaves the board. The caller keeps the empty squares.
    ``chain``: :func:`pro_chain` of ``opp_inner``, where the caller has it already.
    """
    ends = occluded_fill(own, opp_inner, left, right, chain)
    ends &= opp_inner  # a fresh value, safe to update in place
    return _moved_in_place(ends, left[0], right[0])


def ray_flips(own_target: Any, opp_inner: Any, placed: Any, left: Amounts, right: Amounts) -> Any:
    """The opponent run next to ``placed`` along the direction, if one of ``own_target`` closes it.

    ``own_target`` holds the mover's discs that can be reached by a step along the direction.
    """
    run = occluded_fill(placed, opp_inner, left, right)  # a fresh value, safe to update in place
    closed = _moved(run, left[0], right[0])
    closed &= own_target
    run &= opp_inner
    # Keep the run where it is closed: ``c | -c`` has the sign bit set exactly when ``c != 0``, so
    # the arithmetic shift by 63 makes all ones there and 0 elsewhere (cheaper than a bool mask).
    closed |= -closed
    closed >>= 63
    run &= closed
    return run
