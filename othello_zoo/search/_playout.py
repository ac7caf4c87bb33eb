"""Random playouts on bitboards: games played to the end by uniformly random legal moves, with only
the work a playout needs.

A playout keeps two words a board (the mover's discs, the opponent's) and, each ply, finds the
mover's placements, draws one (:func:`~othello_zoo.engine.words.random_bit_set`, the rank of
:meth:`~othello_zoo.engine.kernels.bitboard.BitboardKernel.random_moves`; nothing where there is none), plays it
and swaps the sides. It keeps no colours, rewards,
forfeits or the opponent's placements, as :func:`othello_zoo.engine.step` must: a game is over
when a mover with no placement follows a mover with none, and, since every board swaps sides every
ply, which side a word holds at the end is the same for every board. About 1.5 times the
engine's rate in random play.

The draws are those of :func:`othello_zoo.engine.random_actions` on the same boards (one uniform
number a board a ply, from the same generator), so the results are those of the same boards
stepped by ``engine.step(state, engine.random_actions(state, generator))`` from the same seed to
the end (a test holds it to that).
"""

from __future__ import annotations

import torch
from torch import Tensor

from othello_zoo.core.rules import outcome_sign
from othello_zoo.engine.kernels.bitboard import BitboardKernel, bitboard_kernel
from othello_zoo.engine.words import random_bit_set

__all__ = ["CHECK_EVERY", "random_playouts"]

CHECK_EVERY = 8  # plies between two host reads of whether every game is over


def random_playouts(discs: Tensor, board_size: int, generator: torch.Generator) -> Tensor:
    """float32 ``(B,)``: the result (+1 win, -1 loss, 0 draw, by disc count) for the player to
    move of random games from int64 ``(B, 2)`` bitboards ``(mover, opponent)``.

    ``generator`` is on the boards' device. Boards whose game is already over score as they stand.
    Every :data:`CHECK_EVERY` plies the games that are over are scored and dropped, so the last
    plies of the longest games do not carry the whole batch.
    """
    kernel = bitboard_kernel(board_size, discs.device)
    own, opp = discs[:, 0], discs[:, 1]
    batch = own.shape[0]
    result = torch.zeros(batch, dtype=torch.float32, device=discs.device)
    rows = torch.arange(batch, device=discs.device)  # the boards still played, as rows of ``discs``
    passed = torch.zeros(batch, dtype=torch.bool, device=discs.device)
    plies = 0
    while True:
        moves = kernel.placements(own, opp)
        stuck = moves == 0
        if plies % CHECK_EVERY == 0 and plies:
            # Two movers in a row without a placement: that game is over (and stays so).
            over = passed & stuck
            if bool(over.any()):
                result[rows[over]] = _scores(kernel, own[over], opp[over], plies)
                live = ~over
                if not bool(live.any()):
                    break
                own, opp, moves, stuck, rows = own[live], opp[live], moves[live], stuck[live], rows[live]
        # One draw a board of the whole batch, as engine.random_actions makes: the same moves.
        uniform = torch.rand(batch, generator=generator, device=discs.device)
        if rows.shape[0] < batch:
            uniform = uniform[rows]
        placed = random_bit_set(moves, uniform, kernel.tables.byte_select_bit)  # 0: the null action
        flipped = kernel.flips(own, opp, placed)
        own, opp = opp ^ flipped, own | placed | flipped
        passed = stuck
        plies += 1
    return result


def _scores(kernel: BitboardKernel, own: Tensor, opp: Tensor, plies: int) -> Tensor:
    """float32: +1 / -1 / 0 by disc count for the player to move at the start, ``plies`` plies
    before (after an odd number ``own`` is that player's opponent's)."""
    result = outcome_sign(kernel.difference(torch.stack((own, opp), dim=1)))
    return -result if plies % 2 else result
