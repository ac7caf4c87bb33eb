"""RLlib: the turn-based env's spaces and observations, masked modules, mappings and short PPO runs."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest
import torch
from helpers import load_example

pytest.importorskip("ray.rllib")

import gymnasium
import ray
from ray.rllib.core.columns import Columns

from othello_zoo.compat.rllib import (
    LEARNER,
    RANDOM,
    OthelloMultiAgentEnv,
    OthelloRLModule,
    RandomMaskedRLModule,
    env_creator,
    evaluate_vs_random,
    learner_vs_random_mapping,
    ppo_config,
    self_play_mapping,
)

# White to move with no placement (a forced pass); then black's only move is h1 (7), which fills the board.
FORCED_PASS = "XOOOOOO-XXXXXXXOXXXXOXOOXOXXXOXOXOOXOOXOXOXOXOXXXXOOOXXXXXXXXXXX O"


@pytest.fixture(scope="module")
def ray_session() -> Iterator[None]:
    """A small local Ray instance shared by the tests that train (2 CPUs, no dashboard)."""
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def to_batch(observations: list[dict[str, np.ndarray]]) -> dict[str, Any]:
    """A module input batch of several observations (as the env runners' connectors build it)."""
    keys = observations[0].keys()
    return {Columns.OBS: {key: torch.from_numpy(np.stack([o[key] for o in observations])) for key in keys}}


def make_module(cls: type[Any], env: OthelloMultiAgentEnv, **model_config: Any) -> Any:
    """An RLModule of ``cls`` for ``env``'s (shared) spaces."""
    return cls(
        observation_space=env.observation_spaces["black_0"],
        action_space=env.action_spaces["black_0"],
        model_config=model_config,
    )


def random_positions(env: OthelloMultiAgentEnv, plies: int, seed: int) -> list[dict[str, np.ndarray]]:
    """The mover's observations along a random game of up to ``plies`` plies."""
    rng = np.random.default_rng(seed)
    observations, _ = env.reset(seed=seed)
    seen = []
    for _ in range(plies):
        agent, observation = next(iter(observations.items()))
        seen.append(observation)
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observations, _, terminations, _, _ = env.step({agent: action})
        if terminations["__all__"]:
            break
    return seen


def test_env_creator__spaces() -> None:
    env = env_creator({})
    assert env.possible_agents == ["black_0", "white_0"]
    space = env.observation_spaces["black_0"]
    assert isinstance(space, gymnasium.spaces.Dict)
    assert list(space.spaces) == ["action_mask", "observations"]
    assert space["observations"] == gymnasium.spaces.Box(0.0, 1.0, (2, 8, 8), np.float32)
    assert space["action_mask"] == gymnasium.spaces.Box(0.0, 1.0, (65,), np.float32)
    assert env.action_spaces == {"black_0": gymnasium.spaces.Discrete(65), "white_0": gymnasium.spaces.Discrete(65)}
    flat = env_creator({"board_size": 6, "flatten_observations": True}).observation_spaces["white_0"]
    assert flat["observations"].shape == (72,)
    assert flat["action_mask"].shape == (37,)


def test_env_creator__start_observation_is_blacks_only() -> None:
    env = env_creator({})
    observations, infos = env.reset(seed=0)
    assert list(observations) == ["black_0"]
    observation = observations["black_0"]
    assert set(observation) == {"observations", "action_mask"}
    assert observation["observations"].dtype == np.float32
    assert observation["action_mask"].dtype == np.float32
    assert np.flatnonzero(observation["action_mask"]).tolist() == [19, 26, 37, 44]
    assert np.flatnonzero(observation["observations"][0]).tolist() == [28, 35]  # black's e4, d5
    assert np.flatnonzero(observation["observations"][1]).tolist() == [27, 36]  # white's d4, e5
    assert infos == {"black_0": {"scores": (2, 2)}}
    assert env.observation_spaces["black_0"].contains(observation)


def test_env__turns_alternate_and_forced_pass_is_a_turn() -> None:
    env = env_creator({})
    observations, _ = env.reset(seed=0)
    observations, rewards, terminations, truncations, _ = env.step({"black_0": np.int64(37)})
    assert list(observations) == ["white_0"]
    assert np.flatnonzero(observations["white_0"]["action_mask"]).tolist() == [29, 43, 45]  # f4, d6, f6
    assert rewards == {"black_0": 0.0}
    assert terminations == {"__all__": False}
    assert truncations == {"__all__": False}
    observations, _ = env.reset(options={"position": FORCED_PASS})
    assert list(observations) == ["white_0"]
    assert np.flatnonzero(observations["white_0"]["action_mask"]).tolist() == [64]  # only the null action
    observations, _, _, _, _ = env.step({"white_0": 64})
    assert np.flatnonzero(observations["black_0"]["action_mask"]).tolist() == [7]


def test_env__game_end_gives_both_agents_observation_and_reward() -> None:
    env = env_creator({})
    env.reset(options={"position": FORCED_PASS})
    env.step({"white_0": 64})
    observations, rewards, terminations, truncations, infos = env.step({"black_0": 7})
    assert set(observations) == {"black_0", "white_0"}
    for agent in ("black_0", "white_0"):
        assert np.flatnonzero(observations[agent]["action_mask"]).tolist() == [64]  # the waiting side: only pass
    black, white = infos["black_0"]["scores"]
    assert black + white == 64
    assert black > white
    assert rewards == {"black_0": 1.0, "white_0": -1.0}
    assert terminations == {"black_0": True, "white_0": True, "__all__": True}
    assert truncations == {"__all__": False}
    assert infos["white_0"]["illegal_actions"] == 0


def test_env__flatten_observations() -> None:
    planes = env_creator({}).reset(seed=0)[0]["black_0"]["observations"]
    flat = env_creator({"flatten_observations": True}).reset(seed=0)[0]["black_0"]["observations"]
    assert flat.shape == (128,)
    np.testing.assert_array_equal(flat, planes.reshape(-1))


def test_env__illegal_action_loses_and_is_counted() -> None:
    env = env_creator({"illegal_action": "lose"})
    env.reset(seed=0)
    observations, rewards, terminations, _, infos = env.step({"black_0": np.array(0)})  # a1: illegal
    assert rewards == {"black_0": -1.0, "white_0": 0.0}
    assert terminations["__all__"] is True
    assert infos["black_0"]["illegal_actions"] == 1
    assert infos["black_0"]["black_result"] == -1.0  # a loss, though the discs stand 2 to 2
    assert set(observations) == {"black_0", "white_0"}


def test_log_episode_metrics__scores_a_forfeit_as_the_loss() -> None:
    from othello_zoo.compat.rllib import log_episode_metrics

    env = env_creator({"illegal_action": "lose"})
    env.reset(seed=0)
    infos = env.step({"black_0": np.array(0)})[4]  # black forfeits at 2-2

    class Episode:
        def get_infos(self, index: int) -> dict[str, Any]:
            return infos

    logged: dict[str, float] = {}

    class Logger:
        def log_value(self, key: str, value: float, **kwargs: Any) -> None:
            logged[key] = value

    log_episode_metrics(episode=Episode(), metrics_logger=Logger())
    assert logged == {"illegal_actions": 1, "black_score": 0.0}


def test_env__illegal_action_raises() -> None:
    env = env_creator({"illegal_action": "raise"})
    env.reset(seed=0)
    with pytest.raises(ValueError, match=r"action 0 for black_0 is illegal \(a1\)"):
        env.step({"black_0": 0})
    observations, _, _, _, _ = env.step({"black_0": 19})  # the game was left unchanged
    assert list(observations) == ["white_0"]


def test_env__random_game_has_zero_sum_outcome_at_the_end() -> None:
    env = env_creator({"board_size": 6})
    rng = np.random.default_rng(0)
    observations, _ = env.reset(seed=0)
    plies, done = 0, False
    while not done:
        agent, observation = next(iter(observations.items()))
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observations, rewards, terminations, _, infos = env.step({agent: action})
        plies += 1
        done = terminations["__all__"]
        if not done:
            assert rewards == {agent: 0.0}
    black, white = infos["black_0"]["scores"]
    expected = 1.0 if black > white else -1.0 if black < white else 0.0
    assert rewards == {"black_0": expected, "white_0": -expected}
    assert 30 <= plies <= 40  # 32 placements plus any forced passes (or an earlier end)


def test_module__illegal_logits_are_masked_and_samples_legal() -> None:
    env = env_creator({})
    module = make_module(OthelloRLModule, env, channels=8)
    observations = random_positions(env, 60, seed=1)
    batch = to_batch(observations)
    mask = batch[Columns.OBS]["action_mask"] > 0
    floor = torch.finfo(torch.float32).min
    outputs = [module.forward_inference(batch), module.forward_exploration(batch), module.forward_train(batch)]
    for out in outputs:
        logits = out[Columns.ACTION_DIST_INPUTS]
        assert logits.shape == (len(observations), 65)
        assert bool((logits[~mask] == floor).all())
        assert bool((logits[mask] > -1e6).all())
    logits = outputs[1][Columns.ACTION_DIST_INPUTS]
    samples = torch.distributions.Categorical(logits=logits).sample((200,))  # (200, B)
    assert bool(mask.gather(1, samples.T).all())
    values = module.compute_values(batch)
    assert values.shape == (len(observations),)
    assert bool((values.abs() <= 1).all())
    embeddings = outputs[2][Columns.EMBEDDINGS]
    torch.testing.assert_close(module.compute_values(batch, embeddings=embeddings), values)


def test_module__reads_flat_and_pettingzoo_observations() -> None:
    env = env_creator({})
    module = make_module(OthelloRLModule, env)
    observations = random_positions(env, 10, seed=2)
    expected = module.forward_inference(to_batch(observations))[Columns.ACTION_DIST_INPUTS]
    flat = [{**o, "observations": o["observations"].reshape(-1)} for o in observations]
    pettingzoo = [
        {"observation": o["observations"].astype(np.int8), "action_mask": o["action_mask"].astype(np.int8)}
        for o in observations
    ]
    for variant in (flat, pettingzoo):
        torch.testing.assert_close(module.forward_inference(to_batch(variant))[Columns.ACTION_DIST_INPUTS], expected)


def test_random_module__only_legal_actions_all_of_them() -> None:
    env = env_creator({})
    module = make_module(RandomMaskedRLModule, env, seed=0)
    observation = env.reset(seed=0)[0]["black_0"]
    batch = {Columns.OBS: {key: np.stack([value] * 400) for key, value in observation.items()}}
    actions = module.forward_exploration(batch)[Columns.ACTIONS]
    counts = np.bincount(actions, minlength=65)
    assert np.flatnonzero(counts).tolist() == [19, 26, 37, 44]
    assert counts.min(initial=400, where=counts > 0) > 60  # about 100 each
    torch_actions = module.forward_inference(to_batch([observation] * 50))[Columns.ACTIONS]
    assert set(torch_actions.tolist()) <= {19, 26, 37, 44}


def test_rllib_example_module__runs_on_flattened_observations() -> None:
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule

    env = env_creator({"board_size": 6, "flatten_observations": True})
    module = ActionMaskingTorchRLModule(
        observation_space=env.observation_spaces["black_0"],
        action_space=env.action_spaces["black_0"],
        model_config={"fcnet_hiddens": [32], "head_fcnet_hiddens": [32]},
    )
    observations = random_positions(env, 30, seed=3)
    batch = to_batch(observations)
    mask = batch[Columns.OBS]["action_mask"] > 0
    logits = module.forward_exploration(batch)[Columns.ACTION_DIST_INPUTS]
    assert logits.shape == (len(observations), 37)
    assert bool((logits[~mask] < -1e30).all())


def test_rllib_example_module__trains_with_ppo_on_flattened_observations(ray_session: None) -> None:
    # RLlib's own ActionMaskingTorchRLModule (with its default MLP) reads the compat env's
    # flattened observations: PPO samples only legal actions and trains.
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule

    from othello_zoo.compat.rllib import log_episode_metrics, register

    spec = RLModuleSpec(module_class=ActionMaskingTorchRLModule, model_config={"fcnet_hiddens": [32]})
    config = (
        PPOConfig()
        .environment(register(), env_config={"board_size": 6, "flatten_observations": True})
        .env_runners(num_env_runners=0)
        .callbacks(on_episode_end=log_episode_metrics)
        .multi_agent(policies={"shared"}, policy_mapping_fn=lambda agent_id, episode, **kwargs: "shared")
        .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs={"shared": spec}))
        .training(train_batch_size_per_learner=256, minibatch_size=64, num_epochs=1)
    )
    algo = config.build_algo()
    try:
        result = algo.train()
        runners = result["env_runners"]
        assert runners["num_env_steps_sampled_lifetime"] >= 256
        assert runners["num_episodes_lifetime"] >= 4
        assert runners["illegal_actions"] == 0
        assert "policy_loss" in result["learners"]["shared"]
    finally:
        algo.stop()


def test_mappings__learner_vs_random_and_self_play() -> None:
    assignments = set()
    for i in range(20):
        episode = SimpleNamespace(id_=f"{i:032x}")
        black, white = learner_vs_random_mapping("black_0", episode), learner_vs_random_mapping("white_0", episode)
        assert {black, white} == {LEARNER, RANDOM}
        assert learner_vs_random_mapping("black_0", episode) == black  # stable within an episode
        assignments.add(black)
        assert self_play_mapping("black_0", episode) == self_play_mapping("white_0", episode) == LEARNER
    assert assignments == {LEARNER, RANDOM}  # the learner plays both colours


def test_evaluate_vs_random__counts_and_reproducible() -> None:
    env = env_creator({"board_size": 6})
    module = make_module(OthelloRLModule, env, channels=8)
    first = evaluate_vs_random(module, games=6, seed=5, env_config={"board_size": 6})
    assert first["wins"] + first["draws"] + first["losses"] == 6
    assert first["score"] == (first["wins"] + first["draws"] / 2) / 6
    assert evaluate_vs_random(module, games=6, seed=5, env_config={"board_size": 6}) == first


@pytest.mark.parametrize("self_play", [False, True])
def test_ppo__two_iterations_on_two_env_runners_take_no_illegal_action(ray_session: None, self_play: bool) -> None:
    config = ppo_config(
        {"board_size": 6, "illegal_action": "lose"},
        self_play=self_play,
        num_env_runners=2,
        model_config={"channels": 8, "value_hidden": 16},
    ).training(train_batch_size_per_learner=128, minibatch_size=64, num_epochs=1)
    algo = config.build_algo()
    try:
        for _ in range(2):
            result = algo.train()
        assert result["training_iteration"] == 2
        runners = result["env_runners"]
        assert runners["num_env_steps_sampled_lifetime"] >= 256
        assert runners["num_episodes_lifetime"] >= 4  # 6 x 6 games last about 32 plies
        assert runners["illegal_actions"] == 0  # an illegal action would end its game and be counted
        assert 0.0 <= runners["black_score"] <= 1.0
        modules = {LEARNER} if self_play else {LEARNER, RANDOM}
        assert set(runners["module_episode_returns_mean"]) == modules
        learner = result["learners"][LEARNER]
        assert {"policy_loss", "vf_loss", "entropy"} <= set(learner)
        assert "policy_loss" not in result["learners"].get(RANDOM, {})  # the random opponent is not trained
        assert len(algo.env_runner_group.healthy_worker_ids()) == 2
    finally:
        algo.stop()


def test_example__rllib_ppo_tiny(ray_session: None, tmp_path: Path) -> None:
    example = load_example("rllib_ppo")
    history = example.main(
        [
            *("--iterations", "2", "--train-batch", "256", "--minibatch", "64", "--epochs", "1"),
            *("--envs-per-runner", "2", "--eval-games", "4", "--board-size", "6", "--channels", "8"),
            *("--json", str(tmp_path / "history.json")),
        ]
    )
    assert history["iteration"] == [1, 2]
    assert history["env_steps"][-1] >= 512
    assert history["episodes"][-1] >= 4  # 6 x 6 games last about 32 plies: 4 boards played 128 plies each
    assert history["illegal_actions"] == 0
    for key in ("before", "after"):
        assert history[key]["wins"] + history[key]["draws"] + history[key]["losses"] == 4
    assert (tmp_path / "history.json").exists()
    assert ray.is_initialized()  # the caller's Ray instance is left running


def test_rllib__stock_ppo_trains_on_the_gymnasium_id_alone(ray_session: None) -> None:
    # RLlib's stock PPO and default MLP on the registered id, given as RLlib's workers take it ("module:id", which
    # imports the package first), with flat float32 observations: the unmasked policy's illegal moves end episodes
    # as losses (the id's default), so nothing crashes and the learner steps.
    from ray.rllib.algorithms.ppo import PPOConfig

    env_config = {"board_size": 6, "observation_dtype": "float32", "flatten_observation": True}
    config = (
        PPOConfig()
        .environment("othello_zoo:othello_zoo/Othello-v0", env_config=env_config)
        .env_runners(num_env_runners=0)
        .rl_module(model_config={"fcnet_hiddens": [32]})
        .training(train_batch_size_per_learner=256, minibatch_size=64, num_epochs=1)
    )
    algo = config.build_algo()
    try:
        result = algo.train()
        runners = result["env_runners"]
        assert runners["num_env_steps_sampled_lifetime"] >= 256
        assert runners["num_episodes_lifetime"] >= 1
        assert "policy_loss" in result["learners"]["default_policy"]
    finally:
        algo.stop()
