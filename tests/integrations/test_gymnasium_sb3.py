"""Single-agent Gymnasium code takes ``othello_zoo/Othello-v0`` unchanged but for the env id: Gymnasium's own
checker, Stable-Baselines3's plain ``PPO`` and ``DQN`` on the id alone (they sample actions without the mask: an
illegal one loses the episode), and sb3-contrib's ``MaskablePPO`` reading the mask through the env's
``action_masks()`` method or through its stock ``ActionMasker`` wrapper, trained briefly and evaluated."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import pytest
from helpers import load_example

import othello_zoo
from othello_zoo.core.board import Board

ID = othello_zoo.GYMNASIUM_ID


def _evaluate(model: object, opponent: str, games: int) -> list[float]:
    """Rewards of ``games`` games of the model (masked, deterministic) against ``opponent``, colours alternating."""
    results = []
    for game in range(games):
        env = gymnasium.make(ID, opponent=opponent, board_size=6, learner=("black", "white")[game % 2])
        observation, info = env.reset(seed=game)
        done = False
        while not done:
            action, _ = model.predict(observation, action_masks=info["action_mask"].astype(bool), deterministic=True)  # type: ignore[attr-defined]
            observation, reward, terminated, truncated, info = env.step(int(action))
            done = terminated or truncated
        assert "illegal_action" not in info  # the masked model played only legal moves
        results.append(float(reward))
    return results


class Tally(gymnasium.Wrapper[Any, Any, Any, Any]):
    """Counts the learner's steps and keeps each finished episode's reward and whether an illegal action ended it."""

    def __init__(self, env: gymnasium.Env[Any, Any]) -> None:
        super().__init__(env)
        self.steps = 0
        self.episodes: list[tuple[float, bool]] = []

    def step(self, action: Any) -> Any:
        observation, reward, terminated, truncated, info = self.env.step(action)
        self.steps += 1
        if terminated or truncated:
            self.episodes.append((float(reward), bool(info.get("illegal_action", False))))
        return observation, reward, terminated, truncated, info


def assert_episodes(tallies: list[Tally], timesteps: int) -> None:
    """Every step reached an env, every episode ended with a result, and every illegal action lost."""
    assert sum(tally.steps for tally in tallies) == timesteps
    episodes = [episode for tally in tallies for episode in tally.episodes]
    assert {reward for reward, _ in episodes} <= {-1.0, 0.0, 1.0}
    assert all(reward == -1.0 for reward, illegal in episodes if illegal)
    assert sum(illegal for _, illegal in episodes) >= 1  # an untrained, unmasked policy plays illegal moves


def test_sb3__plain_ppo_learns_on_the_id_alone() -> None:
    pytest.importorskip("stable_baselines3")
    from stable_baselines3 import PPO
    from stable_baselines3.common.env_util import make_vec_env

    tallies: list[Tally] = []

    def tallied(env: gymnasium.Env[Any, Any]) -> Tally:
        tallies.append(Tally(env))
        return tallies[-1]

    vec = make_vec_env(ID, n_envs=2, seed=0, wrapper_class=tallied)  # gymnasium.make(ID), nothing else
    assert [tally.unwrapped.illegal_action for tally in tallies] == ["lose", "lose"]
    model = PPO("MlpPolicy", vec, n_steps=512, batch_size=128, n_epochs=2, seed=0, verbose=0)
    model.learn(total_timesteps=2048)
    assert model.num_timesteps == 2048
    assert_episodes(tallies, 2048)


def test_sb3__plain_dqn_learns_on_the_id_alone() -> None:
    pytest.importorskip("stable_baselines3")
    from stable_baselines3 import DQN

    tally = Tally(gymnasium.make(ID))
    model = DQN("MlpPolicy", tally, buffer_size=10_000, learning_starts=500, train_freq=4, seed=0, verbose=0)
    model.learn(total_timesteps=2000)
    assert model.num_timesteps == 2000
    assert_episodes([tally], 2000)


def test_sb3__maskable_ppo_reads_the_envs_action_masks_method() -> None:
    pytest.importorskip("sb3_contrib")
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported
    from stable_baselines3.common.env_util import make_vec_env

    vec = make_vec_env(ID, n_envs=2, seed=0, env_kwargs={"opponent": "random", "board_size": 6})
    assert is_masking_supported(vec)
    vec.reset()
    masks = get_action_masks(vec)
    assert masks.shape == (2, 37)
    assert masks[0].nonzero()[0].tolist() == Board.start(6).legal_actions() == [8, 13, 22, 27]
    model = MaskablePPO("MlpPolicy", vec, n_steps=256, batch_size=64, seed=0, verbose=0)
    model.learn(total_timesteps=1024)
    assert model.num_timesteps >= 1024
    results = _evaluate(model, "random", games=10)
    assert set(results) <= {-1.0, 0.0, 1.0}
    assert len(results) == 10


def test_sb3__maskable_ppo_through_the_stock_action_masker() -> None:
    pytest.importorskip("sb3_contrib")
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.wrappers import ActionMasker

    env = ActionMasker(gymnasium.make(ID, opponent="greedy", board_size=6), lambda e: e.unwrapped.action_masks())
    model = MaskablePPO("MlpPolicy", env, n_steps=256, batch_size=64, seed=0, verbose=0)
    model.learn(total_timesteps=512)
    assert model.num_timesteps >= 512
    assert len(_evaluate(model, "greedy", games=4)) == 4


def test_gymnasium__stock_wrappers_run_over_the_env() -> None:
    env = gymnasium.wrappers.RecordEpisodeStatistics(gymnasium.make(ID, opponent="random", board_size=6))
    _, info = env.reset(seed=0)
    done = False
    while not done:
        _, reward, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        done = terminated or truncated
    assert info["episode"]["r"] == reward
    assert info["episode"]["l"] >= 6  # 32 placements on 6 x 6, the learner's share of them at least


def test_example__maskable_ppo_trains_evaluates_and_plots(tmp_path: Path) -> None:
    pytest.importorskip("sb3_contrib")
    example = load_example("maskable_ppo")
    argv = ["--board-size", "4", "--envs", "2", "--timesteps", "256", "--eval-every", "128", "--eval-games", "4"]
    result = example.main([*argv, "--json", str(tmp_path / "log.json"), "--plot", str(tmp_path / "curve.png")])
    assert (result["opponent"], result["board_size"]) == ("random", 4)
    assert result["timesteps"] >= 256
    assert result["log"][0]["timesteps"] == 0  # the untrained model, then every 128 steps
    assert len(result["log"]) >= 3
    assert all(row["win_rate"] + row["draw_rate"] + row["loss_rate"] == pytest.approx(1.0) for row in result["log"])
    assert json.loads((tmp_path / "log.json").read_text())["final"] == result["final"]
    assert (tmp_path / "curve.png").stat().st_size > 1000
