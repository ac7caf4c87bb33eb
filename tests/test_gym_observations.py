"""The learner's observation in other formats: float32 (``observation_dtype="float32"``) and flat
(``flatten_observation=True``), on the single env and its vector form, holding exactly the int8 planes' values."""

from __future__ import annotations

import re
import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
import torch
from gymnasium.utils.env_checker import check_env
from gymnasium.vector import AutoresetMode

import othello_zoo
from othello_zoo.core.board import Board
from othello_zoo.gym import OthelloGymEnv, OthelloGymVectorEnv

ID = othello_zoo.GYMNASIUM_ID
FORMATS = [("int8", False), ("float32", False), ("int8", True), ("float32", True)]
END_4x4 = "---X-OXX-XXX-X-O X"  # black to move: a1 (0) ends the game 9 to 1


def formatted(planes: np.ndarray, dtype: str, flatten: bool) -> np.ndarray:
    """The int8 planes as the format hands them out, written plainly: a float copy, then rows concatenated."""
    out = planes.astype(np.float32) if dtype == "float32" else planes
    return out.reshape(-1) if flatten else out


def test_single__the_start_position_in_every_format_exactly() -> None:
    # Black (the learner) on e4 (28) and d5 (35), white on d4 (27) and e5 (36): plane 0 then plane 1, row by row.
    for dtype, flatten in FORMATS:
        env = OthelloGymEnv("greedy", observation_dtype=dtype, flatten_observation=flatten)
        observation, _ = env.reset(seed=0)
        assert observation.dtype == np.dtype(dtype)
        assert observation.shape == ((128,) if flatten else (2, 8, 8))
        assert np.flatnonzero(observation).tolist() == [28, 35, 64 + 27, 64 + 36]
        assert set(np.unique(observation).tolist()) == {0, 1}
        shape = (128,) if flatten else (2, 8, 8)
        low, high = (0.0, 1.0) if dtype == "float32" else (0, 1)
        assert env.observation_space == gymnasium.spaces.Box(low, high, shape, dtype=np.dtype(dtype))


@pytest.mark.parametrize(("dtype", "flatten"), FORMATS)
def test_single__a_whole_game_holds_the_int8_planes_values(dtype: str, flatten: bool) -> None:
    env = OthelloGymEnv("random", learner="random", board_size=6, observation_dtype=dtype, flatten_observation=flatten)
    plain = OthelloGymEnv("random", learner="random", board_size=6)
    for seed in range(3):
        observation, info = env.reset(seed=seed)
        planes, _ = plain.reset(seed=seed)
        done = False
        while True:
            np.testing.assert_array_equal(observation, formatted(planes, dtype, flatten), strict=True)
            assert env.observation_space.contains(observation)
            np.testing.assert_array_equal(planes, env.board.observation(env.learner)[0])
            if done:
                break
            action = int(np.flatnonzero(info["action_mask"])[0])
            observation, reward, done, _, info = env.step(action)
            planes, reward_plain, _, _, _ = plain.step(action)
            assert reward == reward_plain


def test_single__np_and_torch_dtypes_name_the_same_format() -> None:
    for dtype in (np.float32, np.dtype("float32"), torch.float32):
        env = OthelloGymEnv("random", observation_dtype=dtype)
        assert env.observation_format.dtype == "float32"
        assert env.reset(seed=0)[0].dtype == np.float32
    assert OthelloGymEnv("random", observation_dtype=np.int8).observation_space.dtype == np.int8


@pytest.mark.parametrize("make", [OthelloGymEnv, lambda **kw: OthelloGymVectorEnv(2, **kw)])
def test_constructor__bad_observation_options_are_named(make: Any) -> None:
    allowed = "observation_dtype must be 'int8' or 'float32' (a name, a NumPy or a torch dtype), got "
    for value, shown in [("float64", "'float64'"), ("f4", "'f4'"), (np.float64, "<class 'numpy.float64'>"),
                         (torch.uint8, "torch.uint8"), (None, "None"), (32, "32")]:  # fmt: skip
        with pytest.raises(ValueError, match=f"^{re.escape(allowed + shown)}$"):
            make(opponent="random", observation_dtype=value)
    for value, shown in [("yes", "'yes' (str)"), (1, "1 (int)"), (None, "None (NoneType)")]:
        with pytest.raises(
            TypeError, match=f"^{re.escape(f'flatten_observation must be True or False, got {shown}')}$"
        ):
            make(opponent="random", flatten_observation=value)


@pytest.mark.parametrize(("dtype", "flatten"), FORMATS[1:])
def test_gymnasium__check_env_passes_in_every_format(dtype: str, flatten: bool) -> None:
    env = gymnasium.make(
        ID, opponent="random", illegal_action="lose", observation_dtype=dtype, flatten_observation=flatten
    )
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped)


# -- the vector form --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("array_type", ["numpy", "torch"])
def test_vector__the_start_and_a_step_in_every_format_exactly(array_type: str) -> None:
    after = Board.start().step(37).step(29)  # f5, greedy's f4
    for dtype, flatten in FORMATS:
        envs = OthelloGymVectorEnv(
            3, "greedy", observation_dtype=dtype, flatten_observation=flatten, array_type=array_type
        )
        shape = (128,) if flatten else (2, 8, 8)
        low, high = (0.0, 1.0) if dtype == "float32" else (0, 1)
        assert envs.single_observation_space == gymnasium.spaces.Box(low, high, shape, dtype=np.dtype(dtype))
        assert envs.observation_space == gymnasium.spaces.Box(low, high, (3, *shape), dtype=np.dtype(dtype))
        observations, _ = envs.reset(seed=0)
        observations = observations.numpy() if array_type == "torch" else observations
        assert (observations.dtype, observations.shape) == (np.dtype(dtype), (3, *shape))
        start = formatted(Board.start().observation(0)[0], dtype, flatten)
        np.testing.assert_array_equal(observations, np.stack([start] * 3), strict=True)
        observations = envs.step(np.array([37, 37, 37]))[0]
        observations = observations.numpy() if array_type == "torch" else observations
        expected = formatted(after.observation(0)[0], dtype, flatten)
        np.testing.assert_array_equal(observations, np.stack([expected] * 3), strict=True)


def test_vector__final_observations_of_same_step_in_the_format() -> None:
    envs = OthelloGymVectorEnv(
        2,
        "greedy",
        board_size=4,
        observation_dtype="float32",
        flatten_observation=True,
        autoreset_mode=AutoresetMode.SAME_STEP,
    )
    envs.reset(options={"position": [END_4x4, END_4x4]})
    observations, rewards, terminations, _, infos = envs.step([0, 1])
    assert (rewards.tolist(), terminations.tolist()) == ([1.0, 0.0], [True, False])
    final = Board.from_text(END_4x4).step(0).observation(0)[0].astype(np.float32).reshape(-1)
    np.testing.assert_array_equal(infos["final_obs"][0], final, strict=True)
    np.testing.assert_array_equal(observations[0], Board.start(4).observation(0)[0].astype(np.float32).reshape(-1))
    assert observations.shape == infos["final_obs"].shape == (2, 32)


def test_vector__make_vec_modes_agree_on_the_format() -> None:
    kwargs: dict[str, Any] = {"opponent": "greedy", "observation_dtype": "float32", "flatten_observation": True}
    native = gymnasium.make_vec(ID, 2, vectorization_mode="vector_entry_point", **kwargs)
    sync = gymnasium.make_vec(ID, 2, vectorization_mode="sync", **kwargs)
    assert native.single_observation_space == sync.single_observation_space
    assert native.observation_space == sync.observation_space == gymnasium.spaces.Box(0.0, 1.0, (2, 128), np.float32)
    for envs in (native, sync):
        observations, _ = envs.reset(seed=0)
        assert np.flatnonzero(observations[1]).tolist() == [28, 35, 91, 100]
        observations = envs.step(np.array([37, 19]))[0]
        for row, (action, reply) in enumerate([(37, 29), (19, 18)]):  # greedy: f4 after f5, c3 after d3
            board = Board.start().step(action).step(reply)
            np.testing.assert_array_equal(observations[row], board.observation(0)[0].astype(np.float32).reshape(-1))
        envs.close()
