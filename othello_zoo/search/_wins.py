"""Moves that end the game at once in the mover's win, found exactly, and :func:`exact_wins`, an evaluator that
knows them.

An evaluator can be blind where a game ends early. The shipped 8 x 8 network values a side with a handful of discs
as winning even where the opponent's next move takes every disc it has left (a wipeout): one move before greedy
wiped the AlphaZero agent out (black to move, h4 taking white's last 6 discs) it values the position -0.98 for black
and gives h4 a prior of 0.012. The search values a finished game exactly, but only once the move that finishes it
has been expanded, and a blind evaluator gives that move almost no prior.

:func:`exact_wins` wraps an evaluator so that a position whose mover has a placement ending the game in its win
(:func:`winning_moves`: a wipeout, or a board neither side can move on with the mover ahead) is valued +1 with its
prior on those placements: the search then sees a wipeout in reach one ply before it is played, and sees a move that
lets the opponent wipe it out as lost as soon as its replies are expanded.

The children are the rules core's: the one-board rules of :mod:`othello_zoo.core.scalar` on the host for small CPU
batches (a few microseconds a move), :func:`othello_zoo.engine.step` on every legal placement at once elsewhere.

>>> from othello_zoo import engine
>>> state = engine.from_text(["XXXXXXXX" + "O" + "-" * 55 + " X", engine.to_text(engine.init(1))[0]])
>>> winning_moves(state).nonzero().tolist()  # black's a3 (16) flips a2, white's only disc; none at the start
[[0, 16]]
"""

from __future__ import annotations

import functools

import numpy as np
import torch
from torch import Tensor

from othello_zoo import engine
from othello_zoo.core import rules
from othello_zoo.core.board import squares_of
from othello_zoo.core.scalar import scalar_rules
from othello_zoo.engine.fused import flips, pack, placements, popcount, rays
from othello_zoo.search._evaluate import Evaluator, traceable, well_shaped

__all__ = ["HOST_BATCH", "exact_wins", "made_exact", "winning_moves", "with_wins", "words_wins"]

HOST_BATCH = 16
"""CPU batches up to this many boards are searched board by board on the host; larger batches and other devices
step every legal placement at once on the engine. Timed on the development CPU with the other core busy: one engine
step of the placements took about 1.8 ms whatever the batch (1 to 64 boards of a midgame), the host about 0.1 ms a
board (15 legal moves). On one thread of a quiet 16-core x86 server, a 384-simulation search of the shipped network
took 3% longer with :func:`exact_wins` on 1 board, 8% on 16 (on the host) and 13% on 64 (on the engine)."""


def winning_moves(state: engine.State) -> Tensor:
    """bool ``(B, n*n + 1)``: the placements of each board's mover after which the game is over and won by it.

    None on a finished board or a forced pass (a pass never ends the game: the opponent has a move). On a CPU batch
    of up to :data:`HOST_BATCH` boards the boards are read on the host; elsewhere every legal placement is stepped
    on the engine at once (on the CPU only the legal ones, found by a host read; on other devices every square of
    every board, with no host read).

    Args:
        state: the boards (any batch, board size, backend and device).

    Returns:
        The moves, on the state's device.
    """
    if state.device.type == "cpu" and state.batch_size <= HOST_BATCH:
        won = torch.zeros((state.batch_size, state.board_size**2 + 1), dtype=torch.bool)
        boards = [(0, 0) if board.terminated else (board.own, board.opp) for board in engine.to_boards(state)]
        for i, square in _host_wins(boards, state.board_size):
            won[i, square] = True
        return won
    return _engine_wins(state)


def exact_wins(evaluator: Evaluator) -> Evaluator:
    """``evaluator``, exact one move before a win: where the mover has a placement that ends the game in its win
    (:func:`winning_moves`), the value is +1 and the other legal actions' logits are the lowest finite number (no
    prior, and finite, as the search's check of its roots asks). Elsewhere its output is unchanged.

    The AlphaZero agent searches with its network wrapped so (``AlphaZeroAgent(exact_wins=True)``, the default).
    The boards are read from the observations: on the host for a CPU batch of up to :data:`HOST_BATCH` (where
    nothing is won, the output is passed on untouched: no tensor operation), elsewhere rebuilt on the engine (which
    checks the planes with one host read).

    Args:
        evaluator: ``(observation, mask) -> (logits, value)``.

    Returns:
        The evaluator with the wins in one move made exact.
    """
    name = getattr(evaluator, "__qualname__", None) or type(evaluator).__name__

    def evaluate(observation: Tensor, mask: Tensor) -> tuple[Tensor, Tensor]:
        output = evaluator(observation, mask)
        if not well_shaped(output, mask):
            return output  # type: ignore[no-any-return]  # the search names what is wrong with it
        logits, value = output
        batch, n = observation.shape[0], observation.shape[-1]
        planes = observation.reshape(batch, 2, n * n).bool()
        if observation.device.type == "cpu" and batch <= HOST_BATCH:
            found = _host_wins(_bit_sets(planes), n)
            if not found:
                return logits, value
            wins = torch.zeros(mask.shape, dtype=torch.bool)
            for i, square in found:
                wins[i, square] = True
            wins = wins.to(mask.device)
        else:
            black = torch.zeros(batch, dtype=torch.int64, device=observation.device)  # the colour does not matter
            wins = _engine_wins(engine.from_planes(planes, black, n)).to(mask.device)
        return with_wins(logits, value, wins)

    evaluate.__qualname__ = f"exact_wins({name})"
    evaluate.wins_made_exact = evaluator  # type: ignore[attr-defined]
    form = traceable(evaluator)
    if form is not None:

        def traced(observation: Tensor, mask: Tensor) -> tuple[Tensor, Tensor]:
            logits, value = form(observation, mask)
            batch, n = observation.shape[0], observation.shape[-1]
            words = pack(observation.reshape(batch, 2, n * n))
            return with_wins(logits, value, words_wins(words[:, 0], words[:, 1], n))

        if callable(getattr(form, "prepare", None)):
            traced.prepare = form.prepare  # type: ignore[attr-defined]
        evaluate.traceable = traced  # type: ignore[attr-defined]
    return evaluate


def made_exact(evaluator: Evaluator) -> Evaluator | None:
    """The evaluator that ``evaluator`` is :func:`exact_wins` of, or ``None`` where it is not one: a compiled search
    runs that one eagerly and makes its wins exact on the new nodes' words itself (:func:`words_wins`), which
    spares the host's reading of the boards back from the planes."""
    inner = getattr(evaluator, "wins_made_exact", None)
    return inner if callable(inner) else None


def with_wins(logits: Tensor, value: Tensor, wins: Tensor) -> tuple[Tensor, Tensor]:
    """``(logits, value)`` made exact where ``wins`` (bool ``(B, A)``, :func:`winning_moves`) has a winning move: the
    value +1, the other actions' logits the lowest finite number."""
    won = wins.any(1)
    logits = logits.masked_fill(won.unsqueeze(1) & ~wins, torch.finfo(logits.dtype).min)
    return logits, torch.where(won, torch.ones_like(value), value)


def words_wins(own: Tensor, opp: Tensor, n: int) -> Tensor:
    """:func:`winning_moves` of the boards whose mover has the discs ``own`` and its opponent ``opp`` (int64 words
    ``(B,)``, n <= 8), bool ``(B, n*n + 1)``: every square of every board placed at once (the illegal ones masked
    out), for a compiled search."""
    batch, nn, table = own.shape[0], n * n, rays(n)
    square = torch.arange(nn, dtype=torch.int64, device=own.device)
    placed = torch.where((placements(own, opp, table).unsqueeze(1) >> square) & 1 != 0, 1 << square, 0)
    own, opp, placed = own.repeat_interleave(nn), opp.repeat_interleave(nn), placed.flatten()
    flipped = flips(own, opp, placed, table)
    theirs, mine = opp ^ flipped, own | placed | flipped
    over = rules.game_over_where(placements(theirs, mine, table), placements(mine, theirs, table))
    won = (placed != 0) & over & (popcount(mine) > popcount(theirs))
    return torch.cat((won.view(batch, nn), torch.zeros_like(won[:batch]).unsqueeze(1)), dim=1)


def _bit_sets(planes: Tensor) -> list[tuple[int, int]]:
    """``(mover's discs, opponent's discs)`` as bit sets, one pair a board of the bool planes ``(B, 2, n*n)`` (on the
    CPU)."""
    packed = np.packbits(planes.numpy(), axis=2, bitorder="little")
    return [(int.from_bytes(row[0].tobytes(), "little"), int.from_bytes(row[1].tobytes(), "little")) for row in packed]


@functools.cache
def _lines(n: int) -> tuple[int, ...]:
    """The squares on the 8 rays from each square of the ``n x n`` board, as bit sets."""
    return tuple(sum(1 << q for ray in rules.rays_from(n, square) for q in ray) for square in range(n * n))


def _host_wins(boards: list[tuple[int, int]], n: int) -> list[tuple[int, int]]:
    """``(board, square)`` of every winning placement of the boards ``(own, opp)`` (the mover's discs first), with the
    one-board rules (:mod:`othello_zoo.core.scalar`).

    After a placement that leaves the opponent a disc, the game is over only where neither side can move. The
    opponent's replies in the position before mostly answer that at once: a reply stays legal after the placement
    unless it is the placed square or a flipped disc lies on one of its 8 lines (its sandwiches keep their discs:
    the mover's discs only grow, and only a flipped disc can have closed one), so the moves of the position after
    are worked out only where every reply is touched (:func:`~othello_zoo.core.rules.game_over`)."""
    scalar, lines = scalar_rules(n), _lines(n)
    legal, flips_of = scalar.legal, scalar.flips_of
    found = []
    for i, (own, opp) in enumerate(boards):
        moves = legal(own, opp)
        if not moves:
            continue
        replies = squares_of(legal(opp, own))
        for square in squares_of(moves):
            flipped = flips_of[square](own, opp)
            theirs = opp ^ flipped  # the next mover's discs
            if theirs:  # not a wipeout
                if any(reply != square and not flipped & lines[reply] for reply in replies):
                    continue  # a reply of the position before is still legal: the game goes on
                mine = own | 1 << square | flipped
                following = legal(theirs, mine)
                if following or not rules.game_over(following, legal(mine, theirs)):
                    continue
                if rules.mover_result(mine.bit_count() - theirs.bit_count(), False, n) <= 0:
                    continue
            found.append((i, square))
    return found


def _engine_wins(state: engine.State) -> Tensor:
    """:func:`winning_moves` as one engine step of the placements of every board."""
    batch, squares_per_board, device = state.batch_size, state.board_size**2, state.device
    placements = engine.legal_action_mask(state)[:, :squares_per_board]
    if device.type == "cpu":  # a host read costs nothing here: step the legal placements only
        boards, squares = placements.nonzero(as_tuple=True)
    else:  # no host read: every square of every board, the illegal ones masked out below
        boards = torch.arange(batch, device=device).repeat_interleave(squares_per_board)
        squares = torch.arange(squares_per_board, device=device).repeat(batch)
    won = torch.zeros((batch, squares_per_board + 1), dtype=torch.bool, device=device)
    if boards.numel() == 0:
        return won
    children = engine.step(state[boards], squares, illegal_action="lose")
    # The child's mover is the opponent: it lost. An illegal square's child is a forfeit by our mover, masked out.
    won[boards, squares] = placements[boards, squares] & children.terminated & (engine.outcome(children) < 0)
    return won
