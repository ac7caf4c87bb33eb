"""The one env config: every env is built from an ``EnvConfig`` (or its settings as keyword arguments), checks the
settings the same way, and the AEC step checks an action's legality once."""

from __future__ import annotations

import copy
import random

import numpy as np
import pytest
import torch

from othello_zoo import engine, othello_v0
from othello_zoo.core.board import Board
from othello_zoo.env.config import SETTINGS, EnvConfig


def test_config__resolves_backend_device_and_book() -> None:
    config = EnvConfig(board_size=8, opening_book="xot", backend="auto", device="cpu:0")
    assert (config.board_size, config.backend, config.device) == (8, "bitboard", torch.device("cpu"))
    assert config.book is not None
    assert len(config.book.openings) == 10784
    assert EnvConfig(board_size=10).backend == "conv"
    assert SETTINGS == ("board_size", "opening_book", "opening_symmetries", "backend", "device", "reward_mode")


def test_config__every_env_is_built_from_it() -> None:
    config = EnvConfig(board_size=6, reward_mode="margin", backend="conv")
    envs = [othello_v0.raw_env(config), othello_v0.parallel_env(config), othello_v0.vector_env(3, config)]
    for env in envs:
        assert env.config is config
    assert othello_v0.raw_env(board_size=6, reward_mode="margin", backend="conv").config == config
    assert othello_v0.vector_env(3, board_size=6, reward_mode="margin", backend="conv").config == config
    vec = envs[2]
    assert vec.single_observation_space == config.observation_space()
    assert vec.single_action_space == config.action_space() == envs[0].action_space("black_0")
    assert envs[0].observation_space("white_0") == config.observation_space()
    assert envs[1].state_space == config.state_space()


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: othello_v0.raw_env(board_sise=6), r"raw_env\(\) got unexpected keyword arguments \['board_sise'\]"),
        (lambda: othello_v0.vector_env(2, colour="x"), r"vector_env\(\) got unexpected keyword arguments \['colour'\]"),
        (lambda: othello_v0.parallel_env(EnvConfig(), board_size=6), r"takes either config= or the settings"),
        (lambda: othello_v0.raw_env({"board_size": 6}), r"config must be an EnvConfig, got dict"),
    ],
)
def test_config__bad_construction_is_a_named_type_error(make, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(TypeError, match=message):
        make()


def test_config__is_frozen() -> None:
    config = EnvConfig()
    with pytest.raises(AttributeError):
        config.board_size = 6  # type: ignore[misc]


@pytest.mark.parametrize("backend", ["bitboard", "conv"])
def test_env__backend_names_the_kernel_of_get_state(backend: str) -> None:
    env = othello_v0.raw_env(backend=backend)
    env.reset(options={"opening": "f5d6c3d3c4f4c5b3"})
    state = env.get_state()
    assert state.backend == backend
    assert engine.to_text(state) == [env.board.to_text()]
    after = engine.step(state, torch.tensor([8]))  # a2 by black
    env.set_state(after)
    assert env.history == []
    assert env.board == engine.to_boards(after)[0] == Board.from_text(engine.to_text(after)[0])
    assert env.board.current_player == 1


def test_aec_step__checks_legality_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The step reads a legal action's bit itself (no call to Board.is_legal); only an action it does not
    find legal goes through the env's full check, once, which raises and names it."""
    calls = []
    original = Board.is_legal
    monkeypatch.setattr(Board, "is_legal", lambda self, action: calls.append(action) or original(self, action))
    env = othello_v0.env()
    env.reset(seed=3)
    rng = random.Random(3)
    played: list[int] = []
    for agent in env.agent_iter():
        observation, _, termination, truncation, _ = env.last()
        if termination or truncation:
            env.step(None)
            continue
        action = rng.choice(np.flatnonzero(observation["action_mask"]).tolist())
        env.step(action)
        played.append(action)
        assert calls == [], agent
    assert len(played) > 30
    raw = othello_v0.raw_env()
    raw.reset(seed=0)
    with pytest.raises(ValueError, match=r"action 0 for black_0 is illegal \(a1\)"):
        raw.step(0)
    assert calls == [0]


@pytest.mark.parametrize("n", [4, 8])
def test_aec_step__accepts_exactly_the_legal_actions(n: int) -> None:
    """On every position of random games (forced passes included), each action from -2 to n*n + 2 and a few of
    other types: the raw env's step accepts it exactly when Board.is_legal does (or, for an integer of another
    type, when its value is legal), and a refused one leaves the env as it was."""
    rng = random.Random(n)
    env = othello_v0.raw_env(board_size=n)
    passes = 0
    for game in range(6 if n == 4 else 1):
        env.reset(seed=game)
        while not env.terminations[env.agent_selection]:
            board = env.unwrapped.board
            passes += board.moves == 0
            for action in [*range(-2, n * n + 3), True, np.int64(n * n), np.int32(5), 3.0, None]:
                integer = isinstance(action, (int, np.integer)) and not isinstance(action, bool)
                trial = copy.deepcopy(env)
                if integer and board.is_legal(int(action)):
                    trial.step(action)
                    assert trial.history[-1] == action
                    assert type(trial.history[-1]) is int
                else:
                    with pytest.raises((TypeError, ValueError)):
                        trial.step(action)
                    assert trial.history == env.history
                    assert trial.unwrapped.board == board
            env.step(rng.choice(board.legal_actions()))
    assert passes >= (1 if n == 4 else 0)  # a forced pass: only the null action is legal


def test_board_play__is_step_without_the_check() -> None:
    rng = random.Random(0)
    for n in (4, 6, 8, 10):
        board = Board.start(n)
        while not board.terminated:
            action = rng.choice(board.legal_actions())
            assert board.play(action) == board.step(action)
            board = board.step(action)
