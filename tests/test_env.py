"""othello_v0: PettingZoo compliance, rules through the env, illegal actions, tooling."""

from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest
import torch
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, render_test, seed_test
from reference import RefGame

from othello_zoo import engine, othello_v0
from othello_zoo.notation import index_to_square

START = "---------------------------OX------XO--------------------------- X"
CONFIGS = [
    pytest.param({"board_size": 6}, id="6x6"),
    pytest.param({"board_size": 8}, id="8x8"),
    pytest.param({"board_size": 10}, id="10x10"),
    pytest.param({"opening_book": "xot"}, id="8x8-xot"),
    pytest.param({"backend": "conv", "board_size": 10}, id="10x10-conv-engine"),
]


@pytest.mark.parametrize("kwargs", CONFIGS)
def test_pettingzoo__api_test_of_env_and_raw_env(kwargs: dict) -> None:  # type: ignore[type-arg]
    api_test(othello_v0.env(**kwargs), num_cycles=1000)
    api_test(othello_v0.raw_env(**kwargs), num_cycles=100)


@pytest.mark.parametrize("kwargs", CONFIGS)
def test_pettingzoo__parallel_api_test(kwargs: dict) -> None:  # type: ignore[type-arg]
    parallel_api_test(othello_v0.parallel_env(**kwargs), num_cycles=1000)


@pytest.mark.parametrize("kwargs", CONFIGS)
def test_pettingzoo__seed_tests(kwargs: dict) -> None:  # type: ignore[type-arg]
    seed_test(lambda: othello_v0.env(**kwargs), num_cycles=500)
    parallel_seed_test(lambda: othello_v0.parallel_env(**kwargs), num_cycles=500)


@pytest.mark.parametrize("kwargs", CONFIGS[:4])
def test_pettingzoo__render_test(kwargs: dict) -> None:  # type: ignore[type-arg]
    def make(render_mode: str | None = None) -> othello_v0.raw_env:
        env = othello_v0.env(render_mode=render_mode, **kwargs)
        env.unwrapped.metadata = {**env.unwrapped.metadata, "render_fps": 1000}  # no waiting between frames
        return env

    render_test(make)


@pytest.mark.slow
def test_pettingzoo__performance_benchmark_prints(capsys: pytest.CaptureFixture[str]) -> None:
    from pettingzoo.test import performance_benchmark

    performance_benchmark(othello_v0.env())
    out = capsys.readouterr().out
    print(out)
    assert "turns per second" in out


def test_env__spaces_are_built_once_and_fit_observations() -> None:
    env = othello_v0.env()
    env.reset(seed=1)
    assert env.observation_space("black_0") is env.observation_space("black_0")
    assert env.observation_space("black_0") is env.observation_space("white_0")
    assert env.action_space("white_0") is env.action_space("white_0")
    assert env.action_space("black_0").n == 65
    obs = env.observe("black_0")
    assert env.observation_space("black_0").contains(obs)
    assert obs["observation"].dtype == np.int8
    assert obs["observation"].shape == (2, 8, 8)
    assert obs["action_mask"].dtype == np.int8


def test_env__first_moves_observations_infos_and_waiting_mask() -> None:
    env = othello_v0.raw_env()
    env.reset()
    assert env.agent_selection == "black_0"
    black = env.observe("black_0")
    white = env.observe("white_0")
    assert black["action_mask"].nonzero()[0].tolist() == [19, 26, 37, 44]
    assert white["action_mask"].nonzero()[0].tolist() == [64]  # the waiting agent: only the null action
    assert black["observation"][0].flatten().nonzero()[0].tolist() == [28, 35]
    assert black["observation"][1].flatten().nonzero()[0].tolist() == [27, 36]
    assert np.array_equal(white["observation"], black["observation"][::-1])
    assert env.infos == {"black_0": {"scores": (2, 2)}, "white_0": {"scores": (2, 2)}}
    assert (env.legal_moves(), env.legal_moves("black_0")) == (["d3", "c4", "f5", "e6"], ["d3", "c4", "f5", "e6"])
    assert env.legal_moves("white_0") == ["pass"]
    env.step(37)  # f5
    assert env.agent_selection == "white_0"
    assert env.infos["white_0"] == {"scores": (4, 1)}
    assert (env.legal_moves(), env.legal_moves("black_0")) == (["f4", "d6", "f6"], ["pass"])
    assert env.rewards == {"black_0": 0.0, "white_0": 0.0}
    assert env.history_text == "f5"


def test_env__forced_pass_is_asked_of_the_stuck_player() -> None:
    env = othello_v0.raw_env()
    env.reset(options={"position": "-OXXXXXX" + "-" * 56 + " O"})
    assert env.agent_selection == "white_0"
    assert env.observe("white_0")["action_mask"].nonzero()[0].tolist() == [64]
    with pytest.raises(ValueError, match=r"action 8 for white_0 is illegal \(a2\); legal: \[64\] \(pass\)"):
        env.step(8)
    env.step(64)
    assert env.agent_selection == "black_0"
    env.step(0)
    assert all(env.terminations.values())
    assert env.rewards == {"black_0": 1.0, "white_0": -1.0}
    assert env.infos["black_0"]["scores"] == (8, 0)


def test_env__margin_rewards() -> None:
    env = othello_v0.raw_env(reward_mode="margin")
    env.reset(options={"position": "-OXXXXXX" + "-" * 56 + " O"})
    env.step(64)
    env.step(0)
    assert env.rewards == {"black_0": 8 / 64, "white_0": -8 / 64}


def test_raw_env__illegal_action_raises_and_leaves_the_game_unchanged() -> None:
    env = othello_v0.raw_env()
    env.reset(seed=0)
    env.step(37)
    before = (env.board.to_text(), env.agent_selection, dict(env.rewards), env.history_text)
    for bad, error, message in [
        (0, ValueError, r"action 0 for white_0 is illegal \(a1\); legal: \[29, 43, 45\] \(f4d6f6\)"),
        (64, ValueError, r"action 64 for white_0 is illegal \(pass\)"),
        (65, ValueError, r"action 65 for white_0 is outside 0..64"),
        (-1, ValueError, r"outside 0..64"),
        ("e3", TypeError, r"action must be an int in 0..64 \(64 = pass\), got 'e3'"),
        (None, TypeError, r"got None"),
    ]:
        with pytest.raises(error, match=message):
            env.step(bad)  # type: ignore[arg-type]
        assert (env.board.to_text(), env.agent_selection, dict(env.rewards), env.history_text) == before


def test_env__illegal_action_ends_the_game_with_minus_one_for_the_offender() -> None:
    env = othello_v0.env()
    env.reset(seed=0)
    env.step(37)
    env.step(0)  # white: a1 is illegal
    assert all(env.terminations.values())
    assert env.rewards == {"black_0": 0.0, "white_0": -1.0}
    _, _, termination, _, _ = env.last()
    assert termination


@pytest.mark.parametrize("illegal_action", ["lose", "raise"])
def test_parallel_env__illegal_action_modes(illegal_action: str) -> None:
    env = othello_v0.parallel_env(illegal_action=illegal_action)  # type: ignore[arg-type]
    env.reset(seed=0)
    # the waiting agent's action is ignored, whatever it is
    _, rewards, terminations, _, infos = env.step({"black_0": 37, "white_0": 12})
    assert not any(terminations.values())
    assert infos["black_0"]["scores"] == (4, 1)
    if illegal_action == "raise":
        with pytest.raises(ValueError, match=r"action 0 for white_0 is illegal"):
            env.step({"black_0": 64, "white_0": 0})
        assert env.board.to_text().endswith(" O")
        assert env.agents == ["black_0", "white_0"]
    else:
        _, rewards, terminations, truncations, _ = env.step({"black_0": 64, "white_0": 0})
        assert rewards == {"black_0": 0.0, "white_0": -1.0}
        assert terminations == {"black_0": True, "white_0": True}
        assert truncations == {"black_0": False, "white_0": False}
        assert env.agents == []
    with pytest.raises(ValueError, match=r"an action for the agent to move, 'white_0'"):
        _parallel_after_f5().step({"black_0": 19})


def _parallel_after_f5() -> othello_v0.parallel_env:
    env = othello_v0.parallel_env()
    env.reset()
    env.step({"black_0": 37, "white_0": 64})
    return env


def test_parallel_env__a_whole_game_matches_the_aec_env() -> None:
    aec = othello_v0.raw_env()
    par = othello_v0.parallel_env()
    aec.reset(seed=5)
    par.reset(seed=5)
    rng = np.random.default_rng(0)
    while aec.agents and not all(aec.terminations.values()):
        mover = aec.agent_selection
        action = int(rng.choice(np.flatnonzero(aec.observe(mover)["action_mask"])))
        aec.step(action)
        observations, rewards, terminations, _, infos = par.step({"black_0": action, "white_0": action})
        for agent in ("black_0", "white_0"):
            assert np.array_equal(observations[agent]["observation"], aec.observe(agent)["observation"])
            assert np.array_equal(observations[agent]["action_mask"], aec.observe(agent)["action_mask"])
            assert rewards[agent] == aec.rewards[agent]
            assert terminations[agent] == aec.terminations[agent]
            assert infos[agent] == aec.infos[agent]
    assert par.agents == []


def test_env__deepcopy_and_pickle_mid_game_are_independent() -> None:
    env = othello_v0.raw_env(render_mode="rgb_array")
    env.reset(seed=3)
    for action in (37, 43, 18):
        env.step(action)
    env.render()  # a renderer exists now; copies must not share it
    twin = copy.deepcopy(env)
    thawed = pickle.loads(pickle.dumps(env))
    for other in (twin, thawed):
        assert other.board.to_text() == env.board.to_text()
        assert other.history_text == "f5d6c3"
        assert other.agent_selection == env.agent_selection
    twin.step(twin.board.legal_actions()[0])
    assert env.history_text == "f5d6c3"
    assert thawed.history_text == "f5d6c3"
    assert twin.render().shape == env.render().shape
    wrapped = othello_v0.env()
    wrapped.reset(seed=1)
    wrapped.step(37)
    for other in (copy.deepcopy(wrapped), pickle.loads(pickle.dumps(wrapped))):
        other.step(43)
        assert other.unwrapped.history_text == "f5d6"
    assert wrapped.unwrapped.history_text == "f5"


def test_env__get_state_and_set_state_round_trip() -> None:
    env = othello_v0.raw_env()
    env.reset()
    for action in (37, 43, 18):
        env.step(action)
    state = env.get_state()
    assert isinstance(state, engine.State)
    assert engine.to_text(state) == [env.board.to_text()]
    text = env.board.to_text()
    other = othello_v0.raw_env()
    other.set_state(state)
    assert other.board.to_text() == text
    assert other.agent_selection == env.agent_selection
    other.set_state(START)
    assert other.board.to_text() == START
    assert other.agent_selection == "black_0"
    with pytest.raises(ValueError, match=r"the position is 4x4, the environment's board 8x8"):
        other.set_state("-" * 16 + " X")
    with pytest.raises(TypeError, match="an engine State or position text"):
        other.set_state(42)  # type: ignore[arg-type]


def test_env__bad_arguments_fail_at_construction() -> None:
    with pytest.raises(ValueError, match="board_size must be even and from 4 to 16, got 7"):
        othello_v0.env(board_size=7)
    with pytest.raises(ValueError, match="backend must be one of"):
        othello_v0.env(backend="fast")
    with pytest.raises(ValueError, match=r"bitboard backend holds boards up to 8x8 .* got board_size=10"):
        othello_v0.env(board_size=10, backend="bitboard")
    with pytest.raises(ValueError, match="render_mode must be None or one of"):
        othello_v0.env(render_mode="window")
    with pytest.raises(ValueError, match="reward_mode must be 'outcome' or 'margin'"):
        othello_v0.env(reward_mode="score")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="illegal_action must be 'raise' or 'lose'"):
        othello_v0.parallel_env(illegal_action="ignore")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="the 'xot' book holds 8x8 openings, got board_size=6"):
        othello_v0.env(board_size=6, opening_book="xot")


@pytest.mark.parametrize("backend", ["auto", "bitboard", "conv"])
def test_env__backends_play_the_same_game(backend: str, device: str, on_device: torch.device) -> None:
    # "auto" is the Python-int board on the CPU, the engine on other devices.
    env = othello_v0.raw_env(backend=backend, device=device)
    env.reset(options={"opening": "f5d6c3d3c4f4c5b3"})
    text = "-----------------OOO------XXXO----XXXX-----O-------------------- X"
    assert env.board.to_text() == text
    assert env.get_state().device == on_device
    expected = [index_to_square(a) for a in RefGame.from_text(text).legal_actions()]
    assert env.legal_moves("black_0") == expected
    assert len(expected) >= 5
    game = RefGame.from_text(text)
    for _ in range(6):  # a few more plies, each the reference's first legal move
        action = game.legal_actions()[0]
        game.play(action)
        env.step(action)
        assert env.board.to_text() == game.text()
    assert env.get_state().device == on_device
