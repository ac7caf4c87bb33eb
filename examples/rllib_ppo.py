"""PPO with RLlib (new API stack) on Othello: against a random player, or by self-play.

What it shows: :mod:`othello_zoo.compat.rllib` end to end. The turn-based ``MultiAgentEnv`` is
registered with Ray Tune's registry, a masked conv-net ``RLModule`` (``OthelloRLModule``) is
trained by PPO on ``--num-env-runners`` sampling actors (2 by default), and it never takes an
illegal action: the ``illegal_actions`` metric stays 0. By default the learner meets a random
opponent module (``RandomMaskedRLModule``), playing black in about half of the games;
``--self-play`` maps both colours to the one learner module. Each iteration prints the sampled
steps and games, the learner's mean return (vs random) or black's score (self-play), the policy
entropy and the time; at the start and the end, the argmax policy plays ``--eval-games`` games
against a random player in this process, with fixed seeds (game ``i`` from reset seed ``i``).

How long: the defaults (8 x 8, 2 env runners stepping 8 games each, 15 iterations of 4000 env
steps, about 1000 games) take about 2.5 minutes on a 2-core CPU (134 s measured, on a machine
busy with other work). In that run the argmax policy's score against the random player rose from
0.15 before training to 0.86 after it (85 wins, 2 draws, 13 losses in 100 games); ``--self-play``
took 355 s and reached 0.825 (82 wins, 1 draw, 17 losses), as it trains on both colours' moves.
Runs differ a little: the env runners' batches depend on their timing. ``--iterations 2
--train-batch 256 --eval-games 4 --board-size 6`` is a smoke test of about 20 seconds, most of
it Ray's start-up.

Scaling out: the script runs unchanged on a Ray cluster. Start the head node with
``ray start --head`` and each worker node with ``ray start --address <head-ip>:6379`` (every node
needs ``othello_zoo`` and ``ray[rllib]`` installed), then run on any node
``python examples/rllib_ppo.py --address auto --num-env-runners 32 --train-batch 32000``: the env
runners spread over the cluster's CPUs; the learner stays in this process (``--num-learners``
moves it into actors, with ``--gpus-per-learner 1`` on GPU nodes). Where ``ray start`` turns on
Ray's token authentication, give the driver and the workers the cluster's token (``RAY_AUTH_MODE=token``
and the token file ``~/.ray/auth_token``, or ``RAY_AUTH_TOKEN``), else connecting fails with
``InvalidAuthToken``. Checked here on a one-node cluster (``ray start --head --num-cpus 2``).

Run: ``python examples/rllib_ppo.py`` (add ``--self-play``, ``--json history.json``).
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path
from typing import Any

import ray

from othello_zoo.compat.rllib import LEARNER, evaluate_vs_random, ppo_config


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The command line (see the module docstring)."""
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n")[0], formatter_class=argparse.ArgumentDefaultsHelpFormatter
    )
    parser.add_argument("--self-play", action="store_true", help="one learner module plays both colours")
    parser.add_argument("--iterations", type=int, default=15, help="training iterations")
    parser.add_argument("--num-env-runners", type=int, default=2, help="sampling actors (at least 2 by default)")
    parser.add_argument("--envs-per-runner", type=int, default=8, help="games each env runner steps at once")
    parser.add_argument("--board-size", type=int, default=8)
    parser.add_argument("--train-batch", type=int, default=4000, help="env steps per iteration")
    parser.add_argument("--minibatch", type=int, default=250)
    parser.add_argument("--epochs", type=int, default=6)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--channels", type=int, default=64, help="conv channels of the module")
    parser.add_argument("--eval-games", type=int, default=100, help="games vs random before and after training")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--address", default=None, help="an existing Ray cluster ('auto' or host:port); else a new local instance"
    )
    parser.add_argument("--num-cpus", type=int, default=None, help="CPUs of the local Ray instance (all by default)")
    parser.add_argument("--num-learners", type=int, default=0, help="learner actors (0: learn in this process)")
    parser.add_argument("--gpus-per-learner", type=float, default=0.0)
    parser.add_argument("--json", type=Path, default=None, help="write the history here")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Trains, evaluates and returns the history (per iteration and the evaluations before and after).

    Args:
        argv: Command-line arguments (``sys.argv[1:]`` when None).

    Returns:
        ``{"iteration": [...], "env_steps": [...], "episodes": [...], "learner_return": [...],
        "black_score": [...], "entropy": [...], "seconds": [...], "illegal_actions": int,
        "before": {...}, "after": {...}, "total_seconds": float}``, where ``before`` and ``after`` are
        :func:`~othello_zoo.compat.rllib.evaluate_vs_random` results.
    """
    args = parse_args(argv)
    nan = math.nan
    start = time.perf_counter()
    started_ray = not ray.is_initialized()
    if started_ray:
        if args.address is not None:
            ray.init(address=args.address)
        else:
            ray.init(address="local", num_cpus=args.num_cpus, include_dashboard=False)  # a new instance
    env_config = {"board_size": args.board_size}
    config = (
        ppo_config(
            env_config,
            self_play=args.self_play,
            num_env_runners=args.num_env_runners,
            num_envs_per_env_runner=args.envs_per_runner,
            model_config={"channels": args.channels},
        )
        .training(
            train_batch_size_per_learner=args.train_batch,
            minibatch_size=args.minibatch,
            num_epochs=args.epochs,
            lr=args.lr,
            gamma=1.0,
            lambda_=0.95,
            entropy_coeff=0.01,
            use_kl_loss=False,  # the clipped objective alone, as in examples/selfplay_ppo.py
        )
        .learners(num_learners=args.num_learners, num_gpus_per_learner=args.gpus_per_learner)
        .debugging(seed=args.seed)
    )
    algo = config.build_algo()
    history: dict[str, Any] = {
        key: [] for key in ("iteration", "env_steps", "episodes", "learner_return", "black_score", "entropy", "seconds")
    }
    try:
        history["before"] = evaluate_vs_random(algo.get_module(LEARNER), args.eval_games, args.seed, env_config)
        print(f"before training: score vs random {history['before']['score']:.3f}", flush=True)
        for iteration in range(1, args.iterations + 1):
            tick = time.perf_counter()
            result = algo.train()
            runners, learner = result["env_runners"], result["learners"][LEARNER]
            row = {
                "iteration": iteration,
                "env_steps": int(runners.get("num_env_steps_sampled_lifetime", 0)),
                "episodes": int(runners.get("num_episodes_lifetime", 0)),  # absent until a game has ended
                "learner_return": float(runners.get("module_episode_returns_mean", {}).get(LEARNER, nan)),
                "black_score": float(runners.get("black_score", nan)),
                "entropy": float(learner["entropy"]),
                "seconds": time.perf_counter() - tick,
            }
            for key, value in row.items():
                history[key].append(value)
            history["illegal_actions"] = int(runners.get("illegal_actions", 0))
            black, mine = row["black_score"], row["learner_return"]
            trend = f"black score {black:.2f}" if args.self_play else f"return {mine:+.2f}"
            print(
                f"iter {iteration:3d}  steps {row['env_steps']:7d}  games {row['episodes']:5d}  {trend}  "
                f"entropy {row['entropy']:.2f}  illegal {history['illegal_actions']}  {row['seconds']:.1f}s",
                flush=True,
            )
        history["after"] = evaluate_vs_random(algo.get_module(LEARNER), args.eval_games, args.seed, env_config)
    finally:
        algo.stop()
        if started_ray:
            ray.shutdown()
    history["total_seconds"] = time.perf_counter() - start
    after = history["after"]
    print(
        f"after training: score vs random {after['score']:.3f} "
        f"({after['wins']:.0f} wins, {after['draws']:.0f} draws, {after['losses']:.0f} losses) "
        f"in {history['total_seconds']:.0f}s",
        flush=True,
    )
    if args.json is not None:
        args.json.write_text(json.dumps(history, indent=1))
    return history


if __name__ == "__main__":
    main()
