"""Tianshou: both players receive the outcome, whoever ends the game; a masked DQN learns to beat random."""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
import pytest
import torch
from gymnasium.spaces import Discrete
from helpers import load_example
from pettingzoo import AECEnv

pytest.importorskip("tianshou")

from tianshou.algorithm import DQN, MARLRandomDiscreteMaskedOffPolicyAlgorithm
from tianshou.algorithm.modelfree.dqn import DiscreteQLearningPolicy
from tianshou.algorithm.multiagent.marl import MultiAgentOffPolicyAlgorithm
from tianshou.algorithm.optim import AdamOptimizerFactory
from tianshou.data import Collector, CollectStats, VectorReplayBuffer
from tianshou.env import DummyVectorEnv

from othello_zoo.compat.tianshou import PLAYER_HORIZON, OthelloTianshouEnv, make_env, multi_agent_algorithm

# One empty square, a1: the side to move fills the board there, flipping b1.
BLACK_WINS_ON_ITS_MOVE = "-OX" + "X" * 61 + " X"  # black plays a1: 64 - 0
WHITE_LOSES_ON_ITS_MOVE = "-XO" + "O" * 13 + "X" * 48 + " O"  # white plays a1: 48 - 16
WHITE_WINS_ON_ITS_MOVE = "-XO" + "O" * 61 + " O"  # white plays a1: 0 - 64
BLACK_LOSES_ON_ITS_MOVE = "-OX" + "X" * 13 + "O" * 48 + " X"  # black plays a1: 16 - 48
DRAW_ON_WHITES_MOVE = "-XO" + "O" * 29 + "X" * 32 + " O"  # white plays a1: 32 - 32
# Two empty squares: white's only move is a1 (flipping b1), then black's only move h8 (flipping g8)
# fills the board, 61 - 3. The loser moves last but one; the winner's reply ends the game.
WHITE_MOVES_THEN_BLACK_WINS = "-XOXXXXX" + "X" * 48 + "XXXXXXO-" + " O"
# Black's only move is a1 (flipping b1), then white's only move h8 (flipping g8) fills the board,
# 61 - 3. The winner moves last but one; the loser's reply ends the game.
BLACK_MOVES_THEN_WHITE_LOSES = "-OXXXXXX" + "X" * 48 + "XXXXXOX-" + " X"


class ZeroQ(torch.nn.Module):
    """A Q-network whose Q-values are all 0, so that a return is exactly its rewards."""

    def __init__(self) -> None:
        super().__init__()
        self.weight = torch.nn.Parameter(torch.zeros(()))

    def forward(self, obs: Any, state: Any = None, info: Any = None) -> tuple[torch.Tensor, Any]:
        return self.weight * torch.zeros(len(obs), 65), state


class SameMover(AECEnv):
    """A two-agent env in which agent "a" moves at every turn."""

    metadata: ClassVar[dict[str, Any]] = {"name": "same_mover_v0"}

    def __init__(self) -> None:
        super().__init__()
        self.possible_agents = ["a", "b"]
        self.reset()

    def observation_space(self, agent: str) -> Discrete:
        return Discrete(1)

    def action_space(self, agent: str) -> Discrete:
        return Discrete(2)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.agents = list(self.possible_agents)
        self.agent_selection = "a"
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}

    def observe(self, agent: str) -> int:
        return 0

    def step(self, action: int) -> None:
        pass


def play_out(position: str, learner: str, n_step: int, gamma: float) -> tuple[list[list[float]], list[float]]:
    """Plays ``position`` to its end through Tianshou's collector, ``learner`` (a DQN with zero Q-values)
    against the random player, and computes the learner's n-step returns as the trainer does before
    each gradient update.

    Returns:
        The reward vectors of the stored steps, and the learner's returns for its moves.
    """
    env = make_env()
    dqn = DQN(
        policy=DiscreteQLearningPolicy(model=ZeroQ(), action_space=env.action_space),
        optim=AdamOptimizerFactory(lr=1e-3),
        gamma=gamma,
        n_step_return_horizon=n_step,
    )
    random = MARLRandomDiscreteMaskedOffPolicyAlgorithm(action_space=env.action_space)
    algorithms = [dqn, random] if learner == "black_0" else [random, dqn]
    algorithm = MultiAgentOffPolicyAlgorithm(algorithms=algorithms, env=env)  # any horizon, unlike the helper
    buffer = VectorReplayBuffer(16, 1)
    collector = Collector[CollectStats](algorithm, DummyVectorEnv([make_env]), buffer)
    collector.reset(gym_reset_kwargs={"options": {"position": position}})
    collector.collect(n_episode=1)
    batch, indices = buffer.sample(0)
    assert bool(batch.terminated[-1])
    processed = algorithm._preprocess_batch(batch, buffer, indices)
    return batch.rew.tolist(), [float(value) for value in processed[learner].returns.flatten()]


@pytest.mark.parametrize(
    ("position", "mover", "rewards", "scores"),
    [
        (BLACK_WINS_ON_ITS_MOVE, "black_0", [1.0, -1.0], (64, 0)),
        (WHITE_LOSES_ON_ITS_MOVE, "white_0", [1.0, -1.0], (48, 16)),
        (WHITE_WINS_ON_ITS_MOVE, "white_0", [-1.0, 1.0], (0, 64)),
        (BLACK_LOSES_ON_ITS_MOVE, "black_0", [-1.0, 1.0], (16, 48)),
        (DRAW_ON_WHITES_MOVE, "white_0", [0.0, 0.0], (32, 32)),
    ],
    ids=[
        "black-wins-on-its-move",
        "white-loses-on-its-move",
        "white-wins-on-its-move",
        "black-loses-on-its-move",
        "draw",
    ],
)
def test_env__final_step_gives_both_outcomes(
    position: str, mover: str, rewards: list[float], scores: tuple[int, int]
) -> None:
    env = make_env()
    obs, _ = env.reset(options={"position": position})
    assert obs["agent_id"] == mover
    assert np.flatnonzero(obs["mask"]).tolist() == [0]
    obs, rew, terminated, truncated, info = env.step(0)
    assert rew.dtype == np.float32
    assert rew.tolist() == rewards
    assert (terminated, truncated) == (True, False)
    assert info == {"scores": scores}


def test_env__rewards_are_zero_during_play_and_a_fresh_array_each_step() -> None:
    env = make_env()
    obs, info = env.reset(seed=0)
    assert (obs["agent_id"], info) == ("black_0", {"scores": (2, 2)})
    seen = []
    for action in [37, 43, 34]:  # f5 d6 c5
        obs, rew, terminated, _, info = env.step(action)
        assert (rew.tolist(), terminated) == ([0.0, 0.0], False)
        seen.append(rew)
    assert len({id(rew) for rew in seen}) == 3
    assert (obs["agent_id"], info) == ("white_0", {"scores": (5, 2)})


def test_env__forced_pass_is_a_turn_of_its_own() -> None:
    # Black's a1 flips b1; white's last disc, b4, then has no move: white passes (the null action,
    # 16 on 4 x 4) as a turn of its own, and black ends the game with c4.
    env = make_env(board_size=4)
    obs, _ = env.reset(options={"position": "-OX-" + "XXXX" + "XXXX" + "XO-X" + " X"})
    assert (obs["agent_id"], np.flatnonzero(obs["mask"]).tolist()) == ("black_0", [0, 14])
    turns = []
    for action in [0, 16, 14]:
        obs, rew, terminated, _, _ = env.step(action)
        turns.append((obs["agent_id"], np.flatnonzero(obs["mask"]).tolist(), rew.tolist(), terminated))
    assert turns[:2] == [("white_0", [16], [0.0, 0.0], False), ("black_0", [14], [0.0, 0.0], False)]
    assert turns[2][2:] == ([1.0, -1.0], True)


def test_env__illegal_action_gives_minus_one_to_the_offender_only() -> None:
    env = make_env()
    env.reset(seed=0)
    _, rew, terminated, _, _ = env.step(0)  # a1 is not legal at the start
    assert (rew.tolist(), terminated) == ([-1.0, 0.0], True)


def test_env__infos_stack_in_a_replay_buffer() -> None:
    # Without "legal_moves" (a list whose length varies) the infos stack: 300 random plies in two envs.
    env = make_env()
    algorithm = multi_agent_algorithm(
        {agent: MARLRandomDiscreteMaskedOffPolicyAlgorithm(action_space=env.action_space) for agent in env.agents}, env
    )
    buffer = VectorReplayBuffer(400, 2)
    Collector[CollectStats](algorithm, DummyVectorEnv([make_env, make_env]), buffer).collect(
        n_step=300, reset_before_collect=True
    )
    batch, _ = buffer.sample(0)
    assert batch.info.scores.shape == (300, 2)
    assert set(batch.info.keys()) == {"scores", "env_id"}
    assert int(batch.info.scores.sum(axis=1).min()) == 5  # after the first ply: 4 + 1 discs


def test_env__same_agent_twice_raises() -> None:
    env = OthelloTianshouEnv(SameMover())
    obs, _ = env.reset()
    assert obs["agent_id"] == "a"
    with pytest.raises(RuntimeError, match="a is to move twice in a row: the turns must alternate"):
        env.step(0)


@pytest.mark.parametrize(
    ("position", "learner", "rewards", "returns"),
    [
        (WHITE_MOVES_THEN_BLACK_WINS, "white_0", [[0.0, 0.0], [1.0, -1.0]], [-1.0]),
        (BLACK_MOVES_THEN_WHITE_LOSES, "black_0", [[0.0, 0.0], [1.0, -1.0]], [1.0]),
        (BLACK_WINS_ON_ITS_MOVE, "black_0", [[1.0, -1.0]], [1.0]),
        (WHITE_LOSES_ON_ITS_MOVE, "white_0", [[1.0, -1.0]], [-1.0]),
        (DRAW_ON_WHITES_MOVE, "white_0", [[0.0, 0.0]], [0.0]),
    ],
    ids=["loser-before-the-end", "winner-before-the-end", "winner-ends", "loser-ends", "draw"],
)
def test_marl__horizon_two_gives_the_learner_its_outcome(
    position: str, learner: str, rewards: list[list[float]], returns: list[float]
) -> None:
    assert play_out(position, learner, n_step=PLAYER_HORIZON, gamma=1.0) == (rewards, returns)
    assert play_out(position, learner, n_step=2 * PLAYER_HORIZON, gamma=1.0) == (rewards, returns)


def test_marl__horizon_two_discounts_the_replys_outcome_once() -> None:
    assert play_out(WHITE_MOVES_THEN_BLACK_WINS, "white_0", n_step=2, gamma=0.5)[1] == [-0.5]
    assert play_out(BLACK_WINS_ON_ITS_MOVE, "black_0", n_step=2, gamma=0.5)[1] == [1.0]


def test_marl__horizon_one_misses_the_replys_outcome() -> None:
    # Tianshou issue #399: with the reward of its own move only, the loser's last move keeps 0 (and bootstraps).
    assert play_out(WHITE_MOVES_THEN_BLACK_WINS, "white_0", n_step=1, gamma=0.0) == (
        [[0.0, 0.0], [1.0, -1.0]],
        [0.0],
    )


def test_multi_agent_algorithm__orders_by_agent_and_rejects_odd_horizons() -> None:
    env = make_env()
    random_black = MARLRandomDiscreteMaskedOffPolicyAlgorithm(action_space=env.action_space)

    def dqn(n_step: int) -> DQN:
        policy = DiscreteQLearningPolicy(model=ZeroQ(), action_space=env.action_space)
        return DQN(policy=policy, optim=AdamOptimizerFactory(), n_step_return_horizon=n_step)

    white = dqn(2)
    algorithm = multi_agent_algorithm({"white_0": white, "black_0": random_black}, env)
    assert algorithm.get_algorithm("white_0") is white
    assert algorithm.get_algorithm("black_0") is random_black
    with pytest.raises(ValueError, match="white_0's n_step_return_horizon is 3: it must be a multiple of 2"):
        multi_agent_algorithm({"white_0": dqn(3), "black_0": random_black}, env)
    with pytest.raises(ValueError, match="one algorithm per agent"):
        multi_agent_algorithm({"white_0": white}, env)


def test_example__learner_beats_random_more_often_than_random_does() -> None:
    # 6 x 6: 12,000 env steps are some 380 games, about 10 seconds of training.
    example = load_example("tianshou_dqn")
    options = ["--board-size", "6", "--epochs", "3", "--steps", "4000", "--eval-games", "100", "--seed", "0"]
    results = example.main([*options, "--no-progress"])
    assert results["illegal_actions"] == 0  # every training transition, both players', was legal under its mask
    assert results["env_steps"] >= 12_000
    # The same evaluation (black against a random white seeded with 0, 100 games) scores a random black too.
    assert results["after"]["win"] >= results["random"]["win"] + 0.2
    assert results["after"]["win"] >= results["before"]["win"] + 0.1
