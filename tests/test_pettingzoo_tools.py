"""PettingZoo's own tools take the envs unchanged: state_test, max_cycles_test, the conversions and
the registry; infos that stack; the legal moves in notation behind ``legal_moves()``."""

from __future__ import annotations

import types
import warnings
from typing import Any

import numpy as np
import pettingzoo
import pytest
from pettingzoo.test import max_cycles_test, state_test
from pettingzoo.utils import BaseParallelWrapper, BaseWrapper
from pettingzoo.utils.conversions import aec_to_parallel, turn_based_aec_to_parallel

import othello_zoo
from othello_zoo import othello_v0

AFTER_F5 = "---------------------------OX------XXX-------------------------- O"


class LegalInstead(BaseWrapper):  # type: ignore[misc]
    """max_cycles_test draws unmasked actions from the action space; this plays a legal action in
    their place (the lowest legal one), so that the game runs long enough to be truncated."""

    def step(self, action: Any) -> None:
        if action is not None:
            mask = self.observe(self.agent_selection)["action_mask"]
            action = action if mask[action] else int(np.flatnonzero(mask)[0])
        super().step(action)


@pytest.mark.parametrize("board_size", [4, 8, 12])
def test_state_test__passes_for_env_and_parallel_env(board_size: int) -> None:
    # state_test steps unmasked random actions, so the AEC env under test is env(), where an illegal
    # action ends the game (raw_env() raises on one, by design); through LegalInstead whole games.
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # state_test only warns about doubtful states: none here
        for env in (othello_v0.env(board_size=board_size), LegalInstead(othello_v0.env(board_size=board_size))):
            env.action_space("black_0").seed(0)
            state_test(env, othello_v0.parallel_env(board_size=board_size), 100)


def test_state__is_the_position_whoever_asks() -> None:
    env = othello_v0.env()
    env.reset(options={"position": AFTER_F5})
    state = env.state()
    assert state.dtype == np.int8
    assert state.shape == (3, 8, 8)
    assert env.state_space.contains(state)
    assert np.flatnonzero(state[0]).tolist() == [28, 35, 36, 37]  # black: e4 d5 e5 f5
    assert np.flatnonzero(state[1]).tolist() == [27]  # white: d4
    assert state[2].min() == state[2].max() == 1  # white to move
    env.step(29)  # white f4
    assert np.flatnonzero(env.state()[1]).tolist() == [27, 28, 29]
    assert env.state()[2].max() == 0  # black to move

    parallel = othello_v0.parallel_env()
    parallel.reset(options={"position": AFTER_F5})
    assert np.array_equal(parallel.state(), state)
    assert parallel.state_space == env.state_space


class ParallelLegalInstead(BaseParallelWrapper):  # type: ignore[misc]
    """The same for the Parallel env: the mover's unmasked action is replaced by a legal one."""

    def step(self, actions: dict[str, Any]) -> Any:
        mover = self.env.possible_agents[self.env.board.current_player]
        legal = self.env.board.legal_actions()
        if mover in actions and actions[mover] not in legal:
            actions = {**actions, mover: legal[0]}
        return super().step(actions)


def test_max_cycles_test__passes() -> None:
    module = types.SimpleNamespace(
        env=lambda **kw: LegalInstead(othello_v0.env(**kw)),
        parallel_env=lambda **kw: ParallelLegalInstead(othello_v0.parallel_env(**kw)),
    )
    max_cycles_test(module)


def test_max_cycles__truncates_after_that_many_cycles_of_both_agents() -> None:
    env = othello_v0.env(max_cycles=3)
    env.reset(seed=0)
    turns = []
    for agent in env.agent_iter():
        _, reward, termination, truncation, info = env.last()
        turns.append((agent, reward, termination, truncation))
        env.step(None if termination or truncation else int(np.flatnonzero(env.observe(agent)["action_mask"])[0]))
    assert turns[:6] == [(agent, 0.0, False, False) for agent in ["black_0", "white_0"] * 3]
    assert turns[6:] == [("black_0", 0.0, False, True), ("white_0", 0.0, False, True)]
    assert sum(info["scores"]) == 10  # 4 discs and 6 placements

    parallel = othello_v0.parallel_env(max_cycles=3)
    parallel.reset(seed=0)
    for step in range(3):
        mover = parallel.agents[parallel.board.current_player]
        _, rewards, terminations, truncations, _ = parallel.step({mover: parallel.board.legal_actions()[0]})
        assert truncations == {"black_0": step == 2, "white_0": step == 2}
        assert not any(terminations.values())
        assert rewards == {"black_0": 0.0, "white_0": 0.0}
    assert parallel.agents == []


def test_max_cycles__is_never_reached_by_a_game_without_it_and_checked() -> None:
    env = othello_v0.raw_env(board_size=4)
    env.reset(seed=0)
    for agent in env.agent_iter():
        _, _, termination, truncation, _ = env.last()
        assert not truncation
        env.step(None if termination else int(np.flatnonzero(env.observe(agent)["action_mask"])[-1]))
    assert env.board.terminated
    assert not env.board.forfeited
    with pytest.raises(ValueError, match="max_cycles must be an int >= 1, got 0"):
        othello_v0.env(max_cycles=0)
    with pytest.raises(TypeError, match=r"max_cycles must be an int >= 1, got 2\.5"):
        othello_v0.parallel_env(max_cycles=2.5)  # type: ignore[arg-type]


def test_conversions__aec_to_parallel_refuses_and_turn_based_plays_whole_games() -> None:
    assert othello_v0.env().metadata["is_parallelizable"] is False
    with pytest.raises(AssertionError, match="is_parallelizable"):
        aec_to_parallel(othello_v0.env())
    parallel = turn_based_aec_to_parallel(othello_v0.env(board_size=6))
    rng = np.random.default_rng(0)
    for game in range(20):
        observations, _ = parallel.reset(seed=game)
        while parallel.agents:
            masks = {agent: observations[agent]["action_mask"] for agent in parallel.agents}
            actions = {agent: int(rng.choice(np.flatnonzero(mask))) for agent, mask in masks.items()}
            observations, rewards, terminations, _, infos = parallel.step(actions)
        black, white = infos["black_0"]["scores"]
        assert all(terminations.values())
        assert rewards == {"black_0": np.sign(black - white), "white_0": np.sign(white - black)}
        board = parallel.unwrapped.board
        assert board.terminated  # every game played to its end
        assert not board.forfeited
        assert board.scores() == (black, white)
    assert parallel.state().shape == (3, 6, 6)


def test_registry__make_with_the_documented_id() -> None:
    assert othello_zoo.ENV_ID == "othello_zoo/othello_v0"
    aec = pettingzoo.make("aec", "othello_zoo/othello_v0", board_size=6)
    assert isinstance(aec.unwrapped, othello_v0.raw_env)
    assert aec.unwrapped.board_size == 6
    assert type(aec).__name__ == type(othello_v0.env()).__name__  # the standard wrappers, as env()
    parallel = pettingzoo.make("parallel", "othello_zoo/othello-v0")
    assert isinstance(parallel, othello_v0.parallel_env)
    truncated = pettingzoo.make("aec", "othello_zoo/othello_v0", max_cycles=5)
    assert truncated.unwrapped.max_cycles == 5


def test_infos__fixed_numbers_only_and_legal_moves_by_method() -> None:
    env = othello_v0.raw_env()
    env.reset()
    assert env.infos == {"black_0": {"scores": (2, 2)}, "white_0": {"scores": (2, 2)}}
    assert env.legal_moves() == ["d3", "c4", "f5", "e6"]
    env.reset(options={"position": "-OX" + "X" * 61 + " X"})
    env.step(0)  # fills the board: the game is over
    assert env.legal_moves("black_0") == env.legal_moves("white_0") == ["pass"]
    with pytest.raises(ValueError, match="agent must be one of"):
        env.legal_moves("red_0")
    parallel = othello_v0.parallel_env(board_size=6)
    _, infos = parallel.reset()
    assert infos == {"black_0": {"scores": (2, 2)}, "white_0": {"scores": (2, 2)}}
    assert parallel.legal_moves() == ["c2", "b3", "e4", "d5"]
