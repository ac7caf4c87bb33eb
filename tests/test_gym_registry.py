"""The registered id as code that knows only an id takes it: its defaults (an illegal action loses, so that unmasked
samplers run), Gymnasium's own checkers, and ``othello_zoo:othello_zoo/Othello-v0`` made in a fresh process (as
CleanRL's scripts and RLlib's workers make their envs)."""

from __future__ import annotations

import json
import subprocess
import sys
import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import othello_zoo
from othello_zoo.core.board import Board
from othello_zoo.gym import OthelloGymEnv, OthelloGymVectorEnv

ID = othello_zoo.GYMNASIUM_ID
MODULE_ID = f"othello_zoo:{ID}"


def test_registry__the_id_alone_loses_an_illegal_action() -> None:
    env = gymnasium.make(ID)
    assert env.spec is not None
    assert env.spec.kwargs == {"illegal_action": "lose"}
    assert env.unwrapped.illegal_action == "lose"
    assert OthelloGymEnv().illegal_action == "raise"  # the class: one argument away
    env.reset(seed=0)
    observation, reward, terminated, truncated, info = env.step(0)  # a1: illegal at the start
    assert (reward, terminated, truncated, info["illegal_action"], info["action"]) == (-1.0, True, False, True, 0)
    np.testing.assert_array_equal(observation, Board.start().observation(0)[0])
    assert np.flatnonzero(info["action_mask"]).tolist() == [64]
    assert (info["opponent_actions"], info["learner_passes"], info["scores"]) == ([], 0, (2, 2))
    assert env.unwrapped.board == Board.start()
    with pytest.raises(ValueError, match=r"the episode is over: call reset\(\) before step\(\)"):
        env.step(37)
    env.reset(seed=0)
    observation, reward, terminated, _, info = env.step(99)  # out of range: illegal too
    assert (reward, terminated, info["illegal_action"], info["action"]) == (-1.0, True, True, 99)
    raising = gymnasium.make(ID, illegal_action="raise")
    raising.reset(seed=0)
    with pytest.raises(ValueError, match=r"^action 0 is illegal \(a1\); legal: \[19, 26, 37, 44\] \(d3c4f5e6\)$"):
        raising.step(0)


def test_registry__make_vec_has_the_defaults_of_make_in_every_mode() -> None:
    native = gymnasium.make_vec(ID, 2, vectorization_mode="vector_entry_point")
    assert isinstance(native, OthelloGymVectorEnv)
    assert native.illegal_action == "lose"
    assert OthelloGymVectorEnv(2).illegal_action == "raise"
    sync = gymnasium.make_vec(ID, 2, vectorization_mode="sync")
    assert [env.unwrapped.illegal_action for env in sync.envs] == ["lose", "lose"]
    for envs in (native, sync):
        envs.reset(seed=0)
        _, rewards, terminations, _, infos = envs.step(np.array([0, 37]))
        assert (rewards.tolist(), terminations.tolist()) == ([-1.0, 0.0], [True, False])
        assert infos["illegal_action"][0]
        envs.close()
    assert gymnasium.make_vec(
        ID, 2, vectorization_mode="vector_entry_point", illegal_action="raise"
    ).illegal_action == ("raise")


def test_gymnasium__check_env_passes_with_the_id_alone() -> None:
    env = gymnasium.make(ID)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped)
    assert env.unwrapped.illegal_action == "lose"


def test_gymnasium__passive_checker_takes_unmasked_actions_without_warnings() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        env = gymnasium.make(ID)  # Gymnasium's PassiveEnvChecker and OrderEnforcing around the env
        assert repr(env) == "<OrderEnforcing<PassiveEnvChecker<OthelloGymEnv<othello_zoo/Othello-v0>>>>"
        env.action_space.seed(0)
        observation, info = env.reset(seed=0)
        lost = ended = 0
        for _ in range(300):
            observation, reward, terminated, truncated, info = env.step(env.action_space.sample())
            assert env.observation_space.contains(observation)
            assert not truncated
            if terminated:
                ended += 1
                assert reward in (-1.0, 0.0, 1.0)
                if info.get("illegal_action"):
                    lost += 1
                    assert reward == -1.0
                    assert not env.unwrapped.board.is_legal(info["action"])
                observation, info = env.reset()
            else:
                assert reward == 0.0
    assert ended >= lost > 250  # most sampled actions are illegal: each ends its episode


# -- an id alone, in a fresh process ----------------------------------------------------------------------------------
CHILD = """
import json, sys
import gymnasium
import numpy as np

assert "othello_zoo" not in sys.modules  # nothing imported but what the id names
kwargs = json.loads(sys.argv[2])
envs = gymnasium.make_vec(sys.argv[1], num_envs=2, vectorization_mode=sys.argv[3], **kwargs)
observations, infos = envs.reset(seed=0)
after = envs.step(np.array([37, 19]))
single = gymnasium.make(sys.argv[1], **kwargs)
first, _ = single.reset(seed=0)
print(json.dumps({
    "space": str(envs.single_observation_space),
    "start": observations.tolist(),
    "masks": np.asarray(infos["action_mask"]).tolist(),
    "after": after[0].tolist(),
    "rewards": after[1].tolist(),
    "terminations": after[2].tolist(),
    "single": first.tolist(),
    "illegal_action": single.unwrapped.illegal_action,
    "dtype": str(observations.dtype),
}))
envs.close()
"""


def run_child(mode: str, kwargs: dict[str, Any]) -> dict[str, Any]:
    """The child's report of ``make_vec(MODULE_ID, num_envs=2, vectorization_mode=mode, **kwargs)``."""
    done = subprocess.run(
        [sys.executable, "-c", CHILD, MODULE_ID, json.dumps(kwargs), mode],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


@pytest.mark.parametrize(
    ("mode", "kwargs"),
    [
        ("sync", {"opponent": "greedy"}),
        ("async", {"opponent": "greedy"}),
        ("async", {"opponent": "greedy", "observation_dtype": "float32", "flatten_observation": True}),
    ],
)
def test_module_id__make_vec_in_a_fresh_process_plays_exactly(mode: str, kwargs: dict[str, Any]) -> None:
    report = run_child(mode, kwargs)
    flat = kwargs.get("flatten_observation", False)
    dtype = kwargs.get("observation_dtype", "int8")

    def shown(board: Board) -> list[Any]:
        planes = board.observation(0)[0].astype(dtype)
        return list((planes.reshape(-1) if flat else planes).tolist())

    space = "Box(0.0, 1.0, (128,), float32)" if flat else "Box(0, 1, (2, 8, 8), int8)"
    assert (report["space"], report["dtype"], report["illegal_action"]) == (space, dtype, "lose")
    assert report["start"] == [shown(Board.start())] * 2 == [report["single"]] * 2  # the learner's start planes
    assert [np.flatnonzero(mask).tolist() for mask in report["masks"]] == [[19, 26, 37, 44]] * 2
    # f5 then greedy's f4; d3 then greedy's c3.
    assert report["after"] == [shown(Board.start().step(37).step(29)), shown(Board.start().step(19).step(18))]
    assert (report["rewards"], report["terminations"]) == ([0.0, 0.0], [False, False])
