"""Property tests against the reference implementation, on positions reached by random play."""

from __future__ import annotations

import random

import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import RefGame, random_game_positions

from othello_zoo import engine
from othello_zoo.engine.kernels import bitboard

SIZES = [4, 6, 8, 10, 12, 14, 16]


def backends_for(n: int) -> list[str]:
    return ["bitboard", "conv"] if n <= 8 else ["conv"]


@settings(max_examples=150, deadline=None)
@given(n=st.sampled_from(SIZES), seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 300), pick=st.integers(0, 10**6))
def test_step__matches_the_reference_on_random_positions(n: int, seed: int, plies: int, pick: int) -> None:
    game = random_game_positions(n, seed, plies)
    legal = game.legal_actions()
    action = legal[pick % len(legal)]
    before_black, before_white = game.counts()
    mover = game.to_move
    text = game.text()
    flipped = game.play(action)
    results = []
    for backend in backends_for(n):
        state = engine.from_text(text, backend=backend)  # type: ignore[arg-type]
        mask = engine.legal_action_mask(state)[0]
        # legal mask equals the oracle; the null action is legal iff no placement is
        assert mask.nonzero().flatten().tolist() == legal
        assert bool(mask[-1]) == (not bool(mask[:-1].any()))
        after = engine.step(state, torch.tensor([action]))
        # the board after the move equals the oracle's: flips included
        assert engine.to_text(after) == [game.text()]
        assert after.terminated.tolist() == [game.over]
        black, white = engine.scores(after)[0].tolist()
        if action != n * n and not RefGame.from_text(text).over:
            grown = black - before_black if mover == 1 else white - before_white
            assert grown == 1 + len(flipped)  # the mover gains the placed disc and the flips
            assert black + white == before_black + before_white + 1
        results.append((engine.to_text(after), engine.legal_action_mask(after).tolist()))
    # the kernels agree exactly
    assert all(r == results[0] for r in results)


def play_in_lockstep(
    n: int, backend: str, rng: random.Random, batch: int = 12, device: str = "cpu"
) -> tuple[list[int], list[int]]:
    """``batch`` random games played to the end on the engine (on ``device``) and the reference side
    by side, checked at every ply; returns, per ply, the games over and the boards where a live
    player must pass."""
    games = [RefGame(n) for _ in range(batch)]
    state = engine.init(batch, n, device=device, backend=backend)  # type: ignore[arg-type]
    over, passes = [], []
    while not all(g.over for g in games):
        actions = [rng.choice(g.legal_actions()) for g in games]
        for g, a in zip(games, actions, strict=True):
            g.play(a)
        state = engine.step(state, torch.tensor(actions, device=device))
        assert engine.to_text(state) == [g.text() for g in games]
        assert state.terminated.tolist() == [g.over for g in games]
        masks = engine.legal_action_mask(state)
        assert [m.nonzero().flatten().tolist() for m in masks] == [g.legal_actions() for g in games]
        passes.append(sum(g.legal_actions() == [n * n] for g in games if not g.over))
        over.append(sum(g.over for g in games))
    assert engine.scores(state).tolist() == [list(g.counts()) for g in games]
    assert engine.rewards(state)[:, 0].tolist() == [float(g.reward_black()) for g in games]
    return over, passes


@pytest.mark.parametrize("n", SIZES)
def test_step__whole_random_games_in_lockstep_with_the_reference(n: int, device: str) -> None:
    """A batch of boards played to the end with random actions (from Python's seeded generator: the
    same games on every device), checked at every ply."""
    rng = random.Random(n)
    for backend in backends_for(n):
        play_in_lockstep(n, backend, rng, device=device)


@pytest.mark.parametrize("n", [4, 6, 8])
def test_step__bitboard_chunks_and_passes_in_lockstep_with_the_reference(
    n: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The host path of the bitboard kernel: chunks of 5 boards (12 boards: 5 + 5 + 2), and the
    opponent searched only where the mover has no placement (passes and ends, checked to occur)."""
    monkeypatch.setattr(bitboard, "CHUNK", 5)
    over, passes = play_in_lockstep(n, "bitboard", random.Random(100 + n))
    assert sum(passes) > 0
    assert any(0 < count < 12 for count in over)  # some games ended while others went on


@pytest.mark.slow
@settings(max_examples=500, deadline=None)
@given(n=st.sampled_from(SIZES), seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 300), pick=st.integers(0, 10**6))
def test_step__matches_the_reference_on_many_random_positions(n: int, seed: int, plies: int, pick: int) -> None:
    test_step__matches_the_reference_on_random_positions.hypothesis.inner_test(n, seed, plies, pick)  # type: ignore[attr-defined]


@pytest.mark.parametrize("n", SIZES)
def test_scalar_board__whole_random_games_match_the_reference(n: int) -> None:
    """The Python-int path (the envs' default) against the oracle, move by move."""
    from othello_zoo.core.board import Board

    rng = random.Random(100 + n)
    for _ in range(6):
        game, board = RefGame(n), Board.start(n)
        while not game.over:
            assert board.legal_actions() == game.legal_actions()
            action = rng.choice(game.legal_actions())
            game.play(action)
            board = board.step(action)
            assert board.to_text() == game.text()
            assert board.terminated == game.over
        assert board.scores() == game.counts()
        assert board.rewards()[0] == float(game.reward_black())
        assert board.legal_actions() == [n * n]


@pytest.mark.parametrize("n", SIZES)
def test_scalar_legal__any_disc_pattern_matches_the_reference(n: int) -> None:
    """The generated legal code (two lanes from 6 x 6 up, one on 4 x 4) on disc patterns no game need reach:
    sparse, crowded and full boards, and lines of one colour closed at both edges, the longest runs there are."""
    from reference import legal_moves

    from othello_zoo.core.scalar import scalar_rules

    legal = scalar_rules(n).legal
    rng = random.Random(7 * n)
    patterns = [[rng.choice(w) for _ in range(n * n)] for w in ((0, 0, 0, 1, 2), (0, 1, 2), (0, 1, 2, 2, 2)) * 40]
    lines = [  # the board's 4 longest lines: a row, a column and the two diagonals
        [k for k in range(n)],
        [k * n for k in range(n)],
        [k * (n + 1) for k in range(n)],
        [(k + 1) * (n - 1) for k in range(n)],
    ]
    for line in lines + [line[::-1] for line in lines]:  # the longest run of each of the 8 directions
        cells = [0] * (n * n)
        cells[line[0]] = 1
        for square in line[1:-1]:
            cells[square] = 2
        patterns.append(cells)  # black plays at the line's far end, across n - 2 white discs
    patterns += [[1] * (n * n), [2] * (n * n), [0] * (n * n)]
    for cells in patterns:
        black = sum(1 << s for s, c in enumerate(cells) if c == 1)
        white = sum(1 << s for s, c in enumerate(cells) if c == 2)
        for own, opp, colour in ((black, white, 1), (white, black, 2)):
            moves = legal(own, opp)
            assert [s for s in range(n * n) if moves >> s & 1] == legal_moves(cells, n, colour), (n, cells, colour)
