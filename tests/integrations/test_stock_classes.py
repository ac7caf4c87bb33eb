"""Other projects' stock classes take the PettingZoo envs unchanged: nothing from othello_zoo.compat.

Tianshou's ``PettingZooEnv`` in a ``DummyVectorEnv`` collected by a stock ``Collector``, TorchRL's
``PettingZooWrapper`` through ``check_env_specs`` and rollouts, RLlib's ``PettingZooEnv``, and the
pattern of PettingZoo's SB3 action-mask tutorial (sb3-contrib's ``MaskablePPO`` over the AEC env made
from PettingZoo's registry, then an evaluation against random).
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pettingzoo
import pytest
import torch

from othello_zoo import othello_v0


def test_tianshou__stock_collector_gathers_masked_random_games() -> None:
    pytest.importorskip("tianshou")
    from tianshou.algorithm import MARLRandomDiscreteMaskedOffPolicyAlgorithm, MultiAgentOffPolicyAlgorithm
    from tianshou.data import Collector, CollectStats, VectorReplayBuffer
    from tianshou.env import DummyVectorEnv, PettingZooEnv

    def make() -> PettingZooEnv:
        return PettingZooEnv(othello_v0.env())

    env = make()
    players = [MARLRandomDiscreteMaskedOffPolicyAlgorithm(action_space=env.action_space) for _ in env.agents]
    algorithm = MultiAgentOffPolicyAlgorithm(algorithms=players, env=env)
    buffer = VectorReplayBuffer(2400, 4)
    collector = Collector[CollectStats](algorithm, DummyVectorEnv([make] * 4), buffer)
    collector.reset(gym_reset_kwargs={"seed": 0})
    stats = collector.collect(n_step=2000)
    assert stats.n_collected_steps >= 2000
    batch, _ = buffer.sample(0)
    assert len(batch) == stats.n_collected_steps
    assert batch.info.scores.shape == (len(batch), 2)
    done = batch.terminated
    assert int(done.sum()) == stats.n_collected_episodes >= 25  # 8 x 8 games last about 60 plies
    final = batch.info.scores[done]
    assert bool((final.sum(axis=1) <= 64).all())
    outcome = np.sign(final[:, 0] - final[:, 1])
    assert np.array_equal(batch.rew[done], np.stack([outcome, -outcome], axis=1))  # both outcomes, no forfeit
    assert not batch.rew[~done].any()
    assert batch.obs.mask[np.arange(len(batch)), batch.act].all()  # every action drawn from the mask


def test_tianshou__own_tic_tac_toe_setup_with_othello() -> None:
    """The setup of Tianshou's test/pettingzoo/tic_tac_toe.py (a DQN learner against the masked random
    player through MultiAgentOffPolicyAlgorithm), with othello_v0 in place of tictactoe_v3, trains."""
    pytest.importorskip("tianshou")
    from tianshou.algorithm import DQN, MARLRandomDiscreteMaskedOffPolicyAlgorithm, MultiAgentOffPolicyAlgorithm
    from tianshou.algorithm.modelfree.dqn import DiscreteQLearningPolicy
    from tianshou.algorithm.optim import AdamOptimizerFactory
    from tianshou.data import Collector, CollectStats, VectorReplayBuffer
    from tianshou.env import DummyVectorEnv, PettingZooEnv
    from tianshou.trainer import OffPolicyTrainerParams
    from tianshou.utils.net.common import Net

    def make() -> PettingZooEnv:
        return PettingZooEnv(othello_v0.env())

    env = make()
    torch.manual_seed(0)
    net = Net(state_shape=env.observation_space["observation"].shape, action_shape=65, hidden_sizes=[64, 64])
    policy = DiscreteQLearningPolicy(model=net, action_space=env.action_space, eps_training=0.1, eps_inference=0.05)
    learner = DQN(policy=policy, optim=AdamOptimizerFactory(lr=1e-4), n_step_return_horizon=3, gamma=0.9)
    opponent = MARLRandomDiscreteMaskedOffPolicyAlgorithm(action_space=env.action_space)
    algorithm = MultiAgentOffPolicyAlgorithm(algorithms=[opponent, learner], env=env)
    training = Collector[CollectStats](algorithm, DummyVectorEnv([make] * 4), VectorReplayBuffer(4000, 4))
    test = Collector[CollectStats](algorithm, DummyVectorEnv([make] * 4))
    training.reset()
    training.collect(n_step=256)
    result = algorithm.run_training(
        OffPolicyTrainerParams(
            training_collector=training,
            test_collector=test,
            max_epochs=1,
            epoch_num_steps=400,
            collection_step_num_env_steps=10,
            test_step_num_episodes=4,
            batch_size=64,
            update_step_num_gradient_steps_per_sample=0.1,
            test_in_training=False,
            multi_agent_return_reduction=lambda rewards: rewards[:, 1],
        )
    )
    assert result.train_step >= 400
    assert result.update_step >= 30  # about one gradient step per 10 env steps, as the tutorial sets it
    assert result.test_episode >= 4
    assert -1.0 <= result.best_reward <= 1.0  # the learner's (white's) mean outcome over whole test games


@pytest.mark.parametrize("make", [othello_v0.env, othello_v0.raw_env, othello_v0.parallel_env])
def test_torchrl__stock_pettingzoo_wrapper_checks_and_rolls_out(make: Any) -> None:
    pytest.importorskip("torchrl")
    from torchrl.envs.libs.pettingzoo import PettingZooWrapper
    from torchrl.envs.utils import check_env_specs

    env = PettingZooWrapper(make(board_size=6), use_mask=True, categorical_actions=True, return_state=True, seed=0)
    check_env_specs(env, seed=0)
    rollout = env.rollout(200)  # TorchRL's random policy draws from the masks; stops at the game's end
    groups = [group for group in env.group_map]
    assert len(groups) == 2
    last = rollout[-1]["next"]
    assert bool(last["done"].all())
    assert rollout["state"].shape == (rollout.batch_size[0], 3, 6, 6)
    black, white = groups if "black" in groups[0] else groups[::-1]
    scores = last[black, "info", "scores"].flatten().tolist()
    outcome = float(np.sign(scores[0] - scores[1]))
    assert last[black, "reward"].flatten().tolist() == [outcome]
    assert last[white, "reward"].flatten().tolist() == [-outcome]
    assert sum(scores) <= 36
    assert 16 <= rollout.batch_size[0] <= 60  # a whole 6 x 6 game (passes included), no early forfeit


def test_rllib__stock_pettingzoo_env_plays_whole_games_with_both_outcomes() -> None:
    wrappers = pytest.importorskip("ray.rllib.env.wrappers.pettingzoo_env")
    env = wrappers.PettingZooEnv(othello_v0.env(board_size=6))
    rng = np.random.default_rng(0)
    for game in range(5):
        observations, _ = env.reset(seed=game)
        while True:
            ((agent, obs),) = observations.items()
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            observations, rewards, terminations, truncations, infos = env.step({agent: action})
            assert not truncations["__all__"]
            if terminations["__all__"]:
                break
            assert list(rewards.values()) == [0.0]
        assert set(rewards) == {"black_0", "white_0"}  # both agents see the end, with their outcome
        black, white = infos["black_0"]["scores"]
        assert rewards == {"black_0": float(np.sign(black - white)), "white_0": float(np.sign(white - black))}


class MaskedSingleAgent(pettingzoo.utils.BaseWrapper, gymnasium.Env):  # type: ignore[misc]
    """The AEC env seen by one policy playing both sides, as in PettingZoo's SB3 action-mask tutorial:
    the observation planes of the agent to move, the reward of the agent that just moved."""

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict]:  # type: ignore[type-arg]
        super().reset(seed, options)
        self.observation_space = super().observation_space(self.possible_agents[0])["observation"]
        self.action_space = super().action_space(self.possible_agents[0])
        return self.observe(self.agent_selection), {}

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict]:  # type: ignore[override, type-arg]
        mover = self.agent_selection
        super().step(action)
        return (
            self.observe(self.agent_selection),
            self._cumulative_rewards[mover],
            self.terminations[mover],
            self.truncations[mover],
            self.infos[mover],
        )

    def observe(self, agent: str) -> np.ndarray:
        return super().observe(agent)["observation"]

    def action_mask(self) -> np.ndarray:
        return super().observe(self.agent_selection)["action_mask"]


def test_sb3__maskable_ppo_trains_on_the_registered_env_and_plays_random() -> None:
    pytest.importorskip("sb3_contrib")
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
    from sb3_contrib.common.wrappers import ActionMasker

    env = MaskedSingleAgent(pettingzoo.make("aec", "othello_zoo/othello_v0", board_size=6))
    env.reset(seed=0)
    masked = ActionMasker(env, lambda e: e.action_mask())
    model = MaskablePPO(MaskableActorCriticPolicy, masked, n_steps=512, batch_size=64, seed=0, verbose=0)
    model.learn(total_timesteps=2048)
    assert model.num_timesteps >= 2048

    evaluation = pettingzoo.make("aec", "othello_zoo/othello_v0", board_size=6)
    results = []
    for game in range(20):
        evaluation.reset(seed=game)
        evaluation.action_space("black_0").seed(game)
        for agent in evaluation.agent_iter():
            obs, _, termination, truncation, _ = evaluation.last()
            if termination or truncation:
                results.append(evaluation.rewards["white_0"])  # read as the tutorial does, on the first end
                break
            if agent == "black_0":
                action = evaluation.action_space(agent).sample(obs["action_mask"])
            else:
                action = int(model.predict(obs["observation"], action_masks=obs["action_mask"], deterministic=True)[0])
            evaluation.step(action)
        assert evaluation.unwrapped.board.terminated
        assert not evaluation.unwrapped.board.forfeited  # the masked model played only legal moves
    assert len(results) == 20
    assert set(results) <= {-1.0, 0.0, 1.0}
    won = float(np.mean(np.array(results) > 0))
    print(f"MaskablePPO (white) against random after 2,048 steps: {won:.0%} won")
    assert won > 0.5  # the tutorial's own test asks as much (seeded: 90% here)
