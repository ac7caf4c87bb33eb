"""The single-agent Gymnasium env: the learner against an opponent, registered as ``othello_zoo/Othello-v0``."""

from __future__ import annotations

import re
import warnings

import gymnasium
import numpy as np
import pytest
import torch
from gymnasium.utils.env_checker import check_env

import othello_zoo
from othello_zoo.agents import GreedyAgent
from othello_zoo.core.board import Board
from othello_zoo.gym import OthelloGymEnv, make_opponent
from othello_zoo.notation import parse_moves

ID = othello_zoo.GYMNASIUM_ID


def first_legal(observation: np.ndarray, mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask)[0])


def test_registry__make_builds_the_env_with_its_settings() -> None:
    env = gymnasium.make(ID, opponent="greedy", board_size=6, learner="white")
    assert isinstance(env.unwrapped, OthelloGymEnv)
    assert env.unwrapped.config.board_size == 6
    assert env.observation_space == gymnasium.spaces.Box(0, 1, (2, 6, 6), dtype=np.int8)
    assert env.action_space == gymnasium.spaces.Discrete(37)


def test_step__plays_the_learners_move_then_the_opponents_reply() -> None:
    env = gymnasium.make(ID, opponent="greedy", learner="black")
    observation, info = env.reset(seed=0)
    assert info["action_mask"].nonzero()[0].tolist() == [19, 26, 37, 44]
    assert info == info | {"opponent_actions": [], "learner_passes": 0, "learner": "black", "scores": (2, 2)}
    observation, reward, terminated, truncated, info = env.step(37)  # f5; greedy answers f4 (29)
    expected = Board.start().step(37).step(29)
    assert env.unwrapped.board == expected
    assert info["opponent_actions"] == [29]
    assert (reward, terminated, truncated, info["scores"]) == (0.0, False, False, (3, 3))
    planes, mask = expected.observation(0)
    np.testing.assert_array_equal(observation, planes)
    np.testing.assert_array_equal(info["action_mask"], mask)
    np.testing.assert_array_equal(env.unwrapped.action_masks(), mask.astype(bool))


def test_reset__a_white_learner_sees_the_opponents_first_move() -> None:
    env = OthelloGymEnv(first_legal, learner="white")
    observation, info = env.reset(seed=1)
    assert info["opponent_actions"] == [19]  # d3, black's first legal move
    assert info["learner"] == "white"
    planes, _ = Board.start().step(19).observation(1)
    np.testing.assert_array_equal(observation, planes)
    assert observation[0].sum() == 1  # the learner's own discs first: white has one left after d3
    assert info["action_mask"].nonzero()[0].tolist() == [18, 20, 34]


def test_reset__random_learner_takes_both_colours_reproducibly() -> None:
    env = OthelloGymEnv("random", learner="random")
    colours = [env.reset(seed=seed)[1]["learner"] for seed in range(20)]
    assert set(colours) == {"black", "white"}
    again = OthelloGymEnv("random", learner="random")
    assert [again.reset(seed=seed)[1]["learner"] for seed in range(20)] == colours


def _game(env: OthelloGymEnv, seed: int) -> tuple[list[int], float, tuple[int, int]]:
    """A whole game of a learner that plays the lowest legal square; its moves, reward and scores."""
    _, info = env.reset(seed=seed)
    moves, reward, done = [], 0.0, False
    while not done:
        action = int(np.flatnonzero(info["action_mask"])[0])
        moves.append(action)
        _, reward, done, _, info = env.step(action)
    return moves, float(reward), info["scores"]


def test_episode__ends_with_the_learners_result_and_replays_from_its_seed() -> None:
    env = OthelloGymEnv("random", learner="random")
    for seed in range(6):
        moves, reward, (black, white) = _game(env, seed)
        learner = env.unwrapped.learner
        mine, theirs = (black, white) if learner == 0 else (white, black)
        assert reward == float(np.sign(mine - theirs))
        assert env.unwrapped.board.terminated
        assert _game(OthelloGymEnv("random", learner="random"), seed) == (moves, reward, (black, white))


def test_step__a_forced_pass_of_the_learner_is_played_for_it() -> None:
    # White (the opponent) to move: it plays a1, black (the learner) must pass, white plays h2, black has h4.
    position = "-XXXXXX-OXOO--X- O"
    env = OthelloGymEnv(first_legal, learner="black", board_size=4)
    _, info = env.reset(options={"position": position})
    assert (info["opponent_actions"], info["learner_passes"]) == ([0, 7], 1)
    assert info["action_mask"].nonzero()[0].tolist() == [15]
    assert env.board == Board.from_text(position).step(0).step(16).step(7)


def test_step__the_learner_always_has_a_placement_to_choose() -> None:
    env = OthelloGymEnv("random", learner="black", board_size=4)
    passes = 0
    for seed in range(200):
        _, info = env.reset(seed=seed)
        done = False
        while not done:
            assert info["action_mask"][:16].any()
            _, _, done, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
            passes += info["learner_passes"]
    assert passes > 0


def test_step__illegal_action_raises_and_changes_nothing() -> None:
    env = OthelloGymEnv("random", learner="black")
    env.reset(seed=3)
    board, rng_state = env.board, env.np_random.bit_generator.state
    with pytest.raises(ValueError, match=r"action 0 is illegal \(a1\); legal: \[19, 26, 37, 44\] \(d3c4f5e6\)"):
        env.step(0)
    with pytest.raises(ValueError, match=r"action 99 is not an int in 0..64"):
        env.step(99)
    with pytest.raises(ValueError, match=r"action 'f5' is not an int in 0..64"):
        env.step("f5")
    assert env.board == board
    assert env.np_random.bit_generator.state == rng_state
    _, reward, terminated, _, _ = env.step(37)
    assert (reward, terminated) == (0.0, False)


def test_step__illegal_action_loses_when_asked() -> None:
    env = OthelloGymEnv("random", learner="black", illegal_action="lose")
    env.reset(seed=3)
    _, reward, terminated, truncated, info = env.step(0)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    with pytest.raises(ValueError, match="the episode is over: call reset"):
        env.step(37)


def test_opponent__agent_objects_callables_and_options() -> None:
    env = OthelloGymEnv(GreedyAgent(), learner="black")
    env.reset(seed=0)
    assert env.step(37)[4]["opponent_actions"] == [29]
    env = OthelloGymEnv("alphabeta", opponent_options={"depth": 1}, learner="black")
    env.reset(seed=0)
    assert len(env.step(37)[4]["opponent_actions"]) == 1
    with pytest.raises(ValueError, match=r"opponent must be one of \[.*\], an agent or a callable, got 'best'"):
        OthelloGymEnv("best")
    with pytest.raises(TypeError, match="opponent_options are for a built-in opponent"):
        OthelloGymEnv(first_legal, opponent_options={"depth": 1})
    with pytest.raises(TypeError, match="opponent must be a built-in agent's name"):
        OthelloGymEnv(42)
    with pytest.raises(ValueError, match="learner must be one of"):
        OthelloGymEnv("random", learner="blue")  # type: ignore[arg-type]


def test_opponent__an_illegal_or_odd_answer_is_named() -> None:
    def always_a1(observation: np.ndarray, mask: np.ndarray) -> int:
        return 0

    here = "test_opponent__an_illegal_or_odd_answer_is_named"  # how a local function is named: without <locals>
    env = OthelloGymEnv(always_a1, learner="white")
    message = (
        f"the opponent {here}.always_a1 answered 0, which is illegal here (a1); legal: [19, 26, 37, 44] (d3c4f5e6)"
    )
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        env.reset(seed=0)
    message = f"the opponent {here}.<lambda> must answer an int action in 0..64, got 'd3'"
    with pytest.raises(TypeError, match=f"^{re.escape(message)}$"):
        make_opponent(lambda observation, mask: "d3")(Board.start())

    class FloatAgent:
        def act(self, board: Board) -> float:
            return 8.0

    message = f"the opponent {here}.FloatAgent object must answer an int action in 0..36, got 8.0"
    with pytest.raises(TypeError, match=f"^{re.escape(message)}$"):
        make_opponent(FloatAgent(), board_size=6)(Board.start(6))
    assert make_opponent(lambda observation, mask: np.int64(19))(Board.start()) == 19
    assert make_opponent(lambda observation, mask: np.array(26))(Board.start()) == 26
    assert make_opponent(lambda observation, mask: torch.tensor(37))(Board.start()) == 37


def test_settings__opening_book_and_margin_rewards() -> None:
    env = OthelloGymEnv("greedy", opening_book="xot", reward_mode="margin", learner="black")
    _, info = env.reset(seed=5)
    assert sum(info["scores"]) >= 12  # 8 opening moves, and the opponent's reply when the book leaves white to move
    _, reward, (black, white) = _game(env, 5)
    assert reward == (black - white) / 64


@pytest.mark.parametrize("learner", ["black", "white", "random"])
def test_gymnasium__check_env_passes(learner: str) -> None:
    # Gymnasium's checker steps actions sampled without the mask: illegal ones end the game as a loss.
    env = gymnasium.make(ID, opponent="random", learner=learner, illegal_action="lose")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped)


def test_render__ansi_and_rgb_array() -> None:
    env = OthelloGymEnv("greedy", render_mode="ansi")
    env.reset(seed=0)
    env.step(parse_moves("f5")[0])
    text = env.render()
    assert text.splitlines()[4:6] == ["  4  .  .  .  O  O [O] .  .", "  5  .  .  .  X  X  X  .  ."]
    assert text.splitlines()[-1] == "X black 3   O white 3   X (black) to move"
    frame = OthelloGymEnv("greedy", render_mode="rgb_array")
    frame.reset(seed=0)
    image = frame.render()
    assert image.ndim == 3
    assert image.shape[2] == 3
