"""Tianshou's and RLlib's PettingZoo wrappers take othello_v0.env() and play masked random steps."""

from __future__ import annotations

import numpy as np
import pytest

from othello_zoo import othello_v0


def test_tianshou__pettingzoo_env_wraps_and_steps() -> None:
    tianshou_env = pytest.importorskip("tianshou.env")
    env = tianshou_env.PettingZooEnv(othello_v0.env())
    obs, _ = env.reset(seed=0)
    assert obs["agent_id"] == "black_0"
    assert np.flatnonzero(obs["mask"]).tolist() == [19, 26, 37, 44]
    assert obs["obs"].shape == (2, 8, 8)
    rng = np.random.default_rng(0)
    for _ in range(20):
        action = int(rng.choice(np.flatnonzero(obs["mask"])))
        obs, rewards, terminated, truncated, _ = env.step(action)
        assert len(rewards) == 2
        assert not truncated
        if terminated:
            break
    assert obs["agent_id"] in ("black_0", "white_0")
    assert int(np.asarray(obs["obs"]).sum()) == 24  # the 4 start discs and 20 placements


def test_rllib__pettingzoo_env_wraps_and_steps() -> None:
    wrappers = pytest.importorskip("ray.rllib.env.wrappers.pettingzoo_env")
    env = wrappers.PettingZooEnv(othello_v0.env())
    observations, _ = env.reset(seed=0)
    assert list(observations) == ["black_0"]
    rng = np.random.default_rng(0)
    steps = 0
    while steps < 30:
        ((agent, obs),) = observations.items()
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        observations, _rewards, terminations, truncations, _ = env.step({agent: action})
        steps += 1
        assert not truncations["__all__"]
        if terminations["__all__"]:
            break
    assert steps == 30
    ((agent, obs),) = observations.items()
    assert obs["observation"].sum() == 34  # 4 start discs + 30 placements
