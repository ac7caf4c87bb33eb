"""Recorded tournament games (WTHOR 2004) replay to their recorded final counts."""

from __future__ import annotations

import pytest
import torch
from wthor import credited_black, read_games

from othello_zoo import engine, othello_v0

GAMES = read_games()


def test_wthor__file_holds_9113_games() -> None:
    assert len(GAMES) == 9113
    assert all(1 <= len(g.moves) <= 60 for g in GAMES)


def replay_in_env(moves: list[int], backend: str = "auto") -> tuple[othello_v0.raw_env, int]:
    """Replay through the AEC env, passing where the player to move has no placement."""
    env = othello_v0.raw_env(backend=backend)
    env.reset()
    passes = 0
    for move in moves:
        while env.legal_moves() == ["pass"]:
            env.step(64)
            passes += 1
        env.step(move)
    return env, passes


def test_wthor__every_37th_game_replays_in_the_env_to_the_recorded_count() -> None:
    for game in GAMES[::37]:
        env, _ = replay_in_env(game.moves)
        assert all(env.terminations.values())
        black, white = env.infos["black_0"]["scores"]
        assert credited_black(black, white) == game.black_score
        expected = float((black > white) - (black < white))
        assert env.rewards == {"black_0": expected, "white_0": -expected}


@pytest.mark.parametrize("backend", ["bitboard", "conv"])
def test_wthor__engine_backed_env_replays_too(backend: str) -> None:
    for game in GAMES[:12]:
        env, _ = replay_in_env(game.moves, backend)
        assert credited_black(*env.infos["black_0"]["scores"]) == game.black_score


def test_wthor__all_games_replay_in_one_engine_batch() -> None:
    """All 9,113 games at once through the bitboard and conv kernels, passes inferred per board."""
    moves = torch.full((len(GAMES), 61), -1, dtype=torch.int64)
    for i, g in enumerate(GAMES):
        moves[i, : len(g.moves)] = torch.tensor(g.moves)
    recorded = torch.tensor([g.black_score for g in GAMES])
    for backend in ("bitboard", "conv"):
        state = engine.init(len(GAMES), backend=backend)
        pointer = torch.zeros(len(GAMES), dtype=torch.int64)
        rows = torch.arange(len(GAMES))
        for _ in range(80):
            mask = engine.legal_action_mask(state)
            must_pass = mask[:, 64]
            action = torch.where(must_pass, 64, moves[rows, pointer])
            state = engine.step(state, action)  # raises if a recorded move were illegal
            pointer += (~must_pass).long()
        assert bool(state.terminated.all())
        assert torch.equal(pointer, torch.tensor([len(g.moves) for g in GAMES]))
        counts = engine.scores(state)
        credited = torch.tensor([credited_black(int(b), int(w)) for b, w in counts.tolist()])
        assert torch.equal(credited, recorded)


def test_wthor__a_game_with_forced_passes() -> None:
    index = next(i for i, g in enumerate(GAMES[:3000]) if replay_in_env(g.moves)[1] >= 2)
    env, passes = replay_in_env(GAMES[index].moves)
    assert passes >= 2
    assert all(env.terminations.values())
    assert credited_black(*env.infos["black_0"]["scores"]) == GAMES[index].black_score


def test_wthor__a_game_that_ends_with_empty_squares() -> None:
    game = next(g for g in GAMES if len(g.moves) < 60 and g.black_score > 32)
    env, _ = replay_in_env(game.moves)
    black, white = env.infos["black_0"]["scores"]
    assert black + white < 64  # empty squares are left
    assert all(env.terminations.values())
    assert black > white
    assert black + (64 - black - white) == game.black_score
    assert env.rewards == {"black_0": 1.0, "white_0": -1.0}
    assert env.observe("black_0")["action_mask"].tolist() == [0] * 64 + [1]


@pytest.mark.slow
def test_wthor__every_game_replays_in_the_env() -> None:
    for game in GAMES:
        env, _ = replay_in_env(game.moves)
        assert credited_black(*env.infos["black_0"]["scores"]) == game.black_score
