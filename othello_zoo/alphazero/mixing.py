"""The network's value mixed with alpha-beta's: an evaluator whose value is part the network's, part a shallow
search with the learned pattern evaluation of :mod:`othello_zoo.agents.patterns` (fitted to tournament games, an
independent source of knowledge).

The two see a position differently, and their errors are partly independent. Over 66,977 positions at 22-52 empties
of the 2,162 games of the arena results in ``docs/`` (each labelled with its game's result for the mover, 1, 0 or
-1), the shipped 8 x 8 network's value missed the result by a mean square of 0.781 and a 2-ply pattern search, taken
through ``tanh(discs / scale)``, by 0.799; mixed as :func:`mix_patterns` mixes them, by 0.755
(``docs/scripts/mix_fit.py``). The third network, 118 Elo below the shipped one in the arena, missed by 0.799. The
scale grows with the empty squares, as the pattern search's score says less of the result the further the game has
to go: :func:`pattern_scale`.

The search is the C library's (``othello_zoo.agents.native.native_midgame_values``, one call a batch): 8 x 8
boards only, where the library is built.

>>> round(pattern_scale(22), 1), round(pattern_scale(40), 1), round(pattern_scale(10), 1)
(4.0, 13.0, 4.0)
"""

from __future__ import annotations

import torch
from torch import Tensor

from othello_zoo.agents.native import native_available, native_midgame_values, native_status
from othello_zoo.agents.patterns import load_tables
from othello_zoo.core.checks import check_int, check_real
from othello_zoo.engine.fused import pack
from othello_zoo.search import Evaluator

__all__ = ["MAX_MIX_DEPTH", "MIX_DEPTH", "MIX_WEIGHT", "mix_patterns", "pattern_scale", "patterns_available"]

MIX_WEIGHT = 0.35
"""The pattern search's share of the value (the network's: the rest), fitted with the scale on the positions above
(0.3 to 0.4 within 0.001 of the best mean square; ``docs/scripts/mix_fit.py``)."""

MIX_DEPTH = 2
"""Plies of the pattern search. Its mean square error alone, by depth 0 to 4: 0.823, 0.824, 0.799, 0.802, 0.780
(odd depths end on the mover's own move, and its evaluation is then the more hopeful); the mixes' 0.774, 0.774,
0.764, 0.767, 0.757 (with one scale for every stage). A search of 2 plies takes some 15-30 us a position, of 4 some
250-450 us (a 2-core AMD EPYC, the other core busy): at depth 4 the agent's 1,152 evaluations a move would take
about as long as its whole search, and with half the simulations to pay for it, it scored 0.40 against depth 2
over 128 games (``docs/alphazero.md``)."""

MAX_MIX_DEPTH = 6
"""The deepest pattern search a mix takes."""

_SCALE_AT, _SCALE_EMPTIES, _SCALE_SLOPE = 4.0, 22, 0.5


def pattern_scale(empties: int | Tensor) -> float | Tensor:
    """Discs of the pattern search's score that make ``tanh(score / scale)`` about 0.76: 4 at 22 empties and
    fewer, half a disc more for each empty square above (fitted on the positions above, 22-52 empties)."""
    if isinstance(empties, Tensor):
        return _SCALE_AT + _SCALE_SLOPE * (empties.to(torch.float32) - _SCALE_EMPTIES).clamp(min=0)
    return _SCALE_AT + _SCALE_SLOPE * max(0, empties - _SCALE_EMPTIES)


def patterns_available() -> str | None:
    """``None`` where :func:`mix_patterns` can run here (the C library built), else why not."""
    return None if native_available() else f"the C library is not available: {native_status()}"


def mix_patterns(evaluator: Evaluator, weight: float = MIX_WEIGHT, depth: int = MIX_DEPTH) -> Evaluator:
    """``evaluator`` (of 8 x 8 positions) with its value mixed with a ``depth``-ply alpha-beta search of the pattern
    evaluation: ``(1 - weight) * value + weight * tanh(discs / pattern_scale(empties))``, where ``discs`` is the
    search's score for the mover. The logits are the evaluator's.

    The search runs in C on the host (a GPU batch is copied there and its values back); the mixed evaluator has no
    traceable form, so that a compiled search runs it eagerly between its trees' walks in C
    (:func:`othello_zoo.search.walks_in_c`) and cannot compile it elsewhere.

    Args:
        evaluator: ``(observation, mask) -> (logits, value)`` of 8 x 8 positions.
        weight: the pattern search's share of the value, 0 to 1.
        depth: the search's plies, 0 (the static evaluation) to :data:`MAX_MIX_DEPTH`.

    Returns:
        The mixed evaluator.

    Raises:
        ValueError: a weight or depth out of range, or the C library not built here (:func:`patterns_available`).
    """
    weight = check_real("weight", weight, low=0.0, high=1.0)
    depth = check_int("depth", depth, low=0, high=MAX_MIX_DEPTH)
    missing = patterns_available()
    if missing is not None:
        raise ValueError(f"mixing in the pattern search needs {missing}")
    tables = load_tables()
    name = getattr(evaluator, "__qualname__", None) or type(evaluator).__name__

    def evaluate(observation: Tensor, mask: Tensor) -> tuple[Tensor, Tensor]:
        if tuple(observation.shape[1:]) != (2, 8, 8):
            raise ValueError(f"the pattern search reads 8 x 8 positions, got planes {tuple(observation.shape[1:])}")
        logits, value = evaluator(observation, mask)
        batch = observation.shape[0]
        planes = observation.reshape(batch, 2, 64).cpu()
        words = pack(planes)
        discs = native_midgame_values(words[:, 0], words[:, 1], depth, tables)
        assert discs is not None  # the library was there when the evaluator was made
        empties = 64 - planes.sum((1, 2), dtype=torch.int64)
        pattern = torch.tanh(discs.to(torch.float32) / 1000 / pattern_scale(empties)).to(value.device, value.dtype)
        return logits, (1 - weight) * value + weight * pattern

    evaluate.__qualname__ = f"mix_patterns({name})"
    return evaluate
