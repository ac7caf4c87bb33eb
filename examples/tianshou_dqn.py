"""Masked DQN against the random player with Tianshou's multi-agent algorithm.

What it shows: :mod:`othello_zoo.compat.tianshou` in use. ``othello_v0.env()`` runs as an
``OthelloTianshouEnv`` in Tianshou's collector, and ``MultiAgentOffPolicyAlgorithm`` pairs a DQN
learner on one colour with Tianshou's masked random player on the other. The DQN honours the
action mask in both of Tianshou's places: its greedy action is the best legal one (the env's
mask rides in ``obs.mask``) and its epsilon-greedy exploration draws among the legal actions
only; no illegal action is ever stored. Its n-step horizon (4 by default) is a multiple of 2,
the learner's move and the opponent's reply, so that the outcome of a game the random player
ends reaches the learner's last move, and every bootstrap is on the learner's own observation.

The learner plays one fixed colour (``--colour``, black by default), in training and in the
evaluation. The evaluation plays ``--eval-games`` games against a random player seeded with
``--seed``, before and after training; the same evaluation with a random player in the learner's
seat gives the random-vs-random baseline.

How long: the defaults (8 x 8, 8 epochs of 10,000 env steps, both players' moves counted: 1,344
games and some 20,000 gradient steps) take about 1.5 minutes on a 2-core CPU, 75 seconds of them
training. In the measured run the learner (black) won 26% of the 200 evaluation games before
training and 83.5% after; a random black won 40.5%. ``--epochs 1 --steps 500 --eval-games 10``
is a smoke test of some 15 seconds, most of them imports and Numba compilation in Tianshou.

Run: ``python examples/tianshou_dqn.py``
"""

from __future__ import annotations

import argparse
import json
import logging
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import torch
from tianshou.algorithm import DQN, MARLRandomDiscreteMaskedOffPolicyAlgorithm
from tianshou.algorithm.modelfree.dqn import DiscreteQLearningPolicy
from tianshou.algorithm.optim import AdamOptimizerFactory
from tianshou.data import Batch, Collector, CollectStats, VectorReplayBuffer
from tianshou.env import DummyVectorEnv
from tianshou.trainer import OffPolicyTrainerParams
from torch import Tensor, nn

from othello_zoo.compat.tianshou import OthelloTianshouEnv, make_env, multi_agent_algorithm

Player = Callable[[dict[str, Any]], int]
"""Picks an action from a Tianshou observation ``{"agent_id", "obs", "mask"}``."""


class QNet(nn.Module):
    """A multilayer perceptron from the mover's planes (2, n, n) to one Q-value per action (n*n + 1).

    Against the random player, where the square matters most (corners, edges), it learns faster on a
    CPU than a small CNN does.
    """

    def __init__(self, board_size: int, hidden: tuple[int, int] = (512, 256)) -> None:
        super().__init__()
        n = board_size
        self.body = nn.Sequential(
            nn.Flatten(),
            nn.Linear(2 * n * n, hidden[0]),
            nn.ReLU(),
            nn.Linear(hidden[0], hidden[1]),
            nn.ReLU(),
            nn.Linear(hidden[1], n * n + 1),
        )

    def forward(self, obs: np.ndarray | Tensor, state: Any = None, info: Any = None) -> tuple[Tensor, Any]:
        """Tianshou's model protocol: ``(Q-values (B, n*n + 1), hidden state)``."""
        planes = torch.as_tensor(obs, dtype=torch.float32)
        return self.body(planes), state


def random_player(rng: np.random.Generator) -> Player:
    """A player drawing uniformly among the legal actions with ``rng``."""

    def play(observation: dict[str, Any]) -> int:
        return int(rng.choice(np.flatnonzero(observation["mask"])))

    return play


def dqn_player(policy: DiscreteQLearningPolicy) -> Player:
    """The greedy legal action of a Tianshou Q-learning policy (masked through ``obs.mask``)."""

    def play(observation: dict[str, Any]) -> int:
        obs = Batch(obs=observation["obs"][None], mask=np.asarray(observation["mask"])[None])
        with torch.no_grad():
            return int(policy(Batch(obs=obs, info=Batch())).act[0])

    return play


def evaluate(player: Player, colour: str, games: int, board_size: int, seed: int) -> dict[str, float]:
    """Plays ``games`` games of ``player`` on ``colour`` against a random player seeded with ``seed``.

    Every action is checked against the mask before it is played.

    Returns:
        ``{"win": ..., "draw": ..., "loss": ...}``, fractions of the games from ``player``'s side.

    Raises:
        RuntimeError: a player chose an illegal action.
    """
    env = make_env(board_size=board_size)
    opponent = random_player(np.random.default_rng(seed))
    learner = env.agents.index(colour)
    outcomes = {"win": 0, "draw": 0, "loss": 0}
    for game in range(games):
        observation, _ = env.reset(seed=seed + game)
        while True:
            move = player if observation["agent_id"] == colour else opponent
            action = move(observation)
            if not observation["mask"][action]:
                raise RuntimeError(f"{observation['agent_id']} chose the illegal action {action}")
            observation, rewards, terminated, truncated, _ = env.step(action)
            if terminated or truncated:
                break
        outcome = float(rewards[learner])
        outcomes["win" if outcome > 0 else "loss" if outcome < 0 else "draw"] += 1
    return {key: count / games for key, count in outcomes.items()}


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The command-line options."""
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.ArgumentDefaultsHelpFormatter
    )
    parser.add_argument("--board-size", type=int, default=8)
    parser.add_argument("--colour", choices=["black", "white"], default="black", help="the learner's colour")
    parser.add_argument("--epochs", type=int, default=8)
    parser.add_argument("--steps", type=int, default=10_000, help="env steps (both players' moves) per epoch")
    parser.add_argument("--envs", type=int, default=8, help="training envs")
    parser.add_argument("--episodes-per-collect", type=int, default=8, help="whole games per collection step")
    parser.add_argument("--updates-per-step", type=float, default=0.25, help="gradient steps per env step")
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--buffer-size", type=int, default=40_000)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--gamma", type=float, default=1.0)
    parser.add_argument("--n-step", type=int, default=4, help="n-step horizon, a multiple of 2 (moves of both players)")
    parser.add_argument("--target-update-freq", type=int, default=100)
    parser.add_argument("--eps-start", type=float, default=0.5, help="exploration at the start of training")
    parser.add_argument("--eps-end", type=float, default=0.05, help="exploration from the last epoch on")
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=1, help="torch CPU threads")
    parser.add_argument("--no-progress", action="store_true", help="no epoch progress bar (not the update bar)")
    parser.add_argument("--json", help="write the results to this JSON file")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Trains the DQN learner against the random player and evaluates it before and after.

    Args:
        argv: command-line options (``sys.argv[1:]`` when ``None``); see ``--help``.

    Returns:
        ``{"before": {...}, "after": {...}, "random": {...}}`` (the evaluations: win, draw and
        loss fractions of the learner, and of a random player in its seat), ``"illegal_actions"``
        (illegal actions among the training transitions in the replay buffer: 0), ``"env_steps"``
        and ``"games"`` (of training) and ``"seconds"`` (the training time).
    """
    args = parse_args(argv)
    torch.set_num_threads(args.threads)
    # The collector's statistics warn on every collection that multi-agent returns are 2-D (one column per agent).
    logging.getLogger("tianshou.data.stats").setLevel(logging.ERROR)
    np.random.seed(args.seed)  # Tianshou's exploration and random player draw from numpy's global generator
    torch.manual_seed(args.seed)
    colour = f"{args.colour}_0"

    def env_fn() -> OthelloTianshouEnv:
        return make_env(board_size=args.board_size)

    env = env_fn()
    learner = DQN(
        policy=DiscreteQLearningPolicy(
            model=QNet(args.board_size), action_space=env.action_space, eps_training=args.eps_start
        ),
        optim=AdamOptimizerFactory(lr=args.lr),
        gamma=args.gamma,
        n_step_return_horizon=args.n_step,
        target_update_freq=args.target_update_freq,
    )
    opponent = MARLRandomDiscreteMaskedOffPolicyAlgorithm(action_space=env.action_space)
    other = next(agent for agent in env.agents if agent != colour)
    algorithm = multi_agent_algorithm({colour: learner, other: opponent}, env)

    play = dqn_player(learner.policy)
    results: dict[str, Any] = {
        "random": evaluate(
            random_player(np.random.default_rng(args.seed + 1)), colour, args.eval_games, args.board_size, args.seed
        ),
        "before": evaluate(play, colour, args.eval_games, args.board_size, args.seed),
    }
    print(f"before training: {results['before']}  (random in its seat: {results['random']})")

    train_envs = DummyVectorEnv([env_fn for _ in range(args.envs)])
    train_envs.seed(args.seed)
    buffer = VectorReplayBuffer(args.buffer_size, len(train_envs))
    collector = Collector[CollectStats](algorithm, train_envs, buffer, exploration_noise=True)
    collector.reset()

    def training_fn(epoch: int, env_step: int) -> None:
        progress = min(1.0, env_step / max(1, (args.epochs - 1) * args.steps))
        learner.policy.set_eps_training(args.eps_start + (args.eps_end - args.eps_start) * progress)

    start = time.perf_counter()
    stats = algorithm.run_training(
        OffPolicyTrainerParams(
            training_collector=collector,
            max_epochs=args.epochs,
            epoch_num_steps=args.steps,
            collection_step_num_env_steps=None,
            collection_step_num_episodes=args.episodes_per_collect,
            update_step_num_gradient_steps_per_sample=args.updates_per_step,
            batch_size=args.batch_size,
            training_fn=training_fn,
            multi_agent_return_reduction=lambda returns: returns[:, env.agents.index(colour)],
            verbose=False,
            show_progress=not args.no_progress,
        )
    )
    results["seconds"] = round(time.perf_counter() - start, 1)
    results["env_steps"] = int(stats.train_step)
    results["games"] = int(stats.train_episode)
    stored = buffer[buffer.sample_indices(0)]  # every transition in the buffer, both players'
    results["illegal_actions"] = int((~stored.obs.mask[np.arange(len(stored)), stored.act]).sum())

    learner.policy.eval()
    results["after"] = evaluate(play, colour, args.eval_games, args.board_size, args.seed)
    print(f"after training:  {results['after']}  ({results['seconds']} s, {results['env_steps']} env steps)")
    if args.json:
        with open(args.json, "w") as file:
            json.dump(results, file, indent=2)
    return results


if __name__ == "__main__":
    main()
