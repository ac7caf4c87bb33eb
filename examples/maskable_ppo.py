"""sb3-contrib's MaskablePPO, with its default settings, against an opponent on ``othello_zoo/Othello-v0``.

The env is made from Gymnasium's registry by Stable-Baselines3's own ``make_vec_env``; MaskablePPO reads the legal
moves through the env's ``action_masks()`` method. Every ``--eval-every`` timesteps the model (masked,
deterministic) plays ``--eval-games`` games against the opponent, colours alternating, and the win rate is logged;
the run stops at ``--minutes`` of wall-clock time or ``--timesteps``.

    pip install "othello-zoo[sb3]"
    python examples/maskable_ppo.py --opponent random --minutes 5
    python examples/maskable_ppo.py --opponent greedy --opening-book xot --minutes 10 --plot greedy.png
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np

import othello_zoo

ID = othello_zoo.GYMNASIUM_ID


def evaluate(
    model: Any, opponent: str, board_size: int, games: int, book: str | None = None, seed: int = 10_000
) -> dict[str, float]:
    """Win, draw and loss rates of ``model`` against ``opponent`` over ``games`` games, colours alternating, each
    from an opening of ``book`` where one is given (a deterministic opponent plays one game a colour without)."""
    envs = [
        gymnasium.make(ID, opponent=opponent, board_size=board_size, learner=colour, opening_book=book)
        for colour in ("black", "white")
    ]
    rewards = []
    for game in range(games):
        env = envs[game % 2]
        observation, info = env.reset(seed=seed + game)
        done = False
        while not done:
            action, _ = model.predict(observation, action_masks=info["action_mask"].astype(bool), deterministic=True)
            observation, reward, terminated, truncated, info = env.step(int(action))
            done = terminated or truncated
        rewards.append(float(np.sign(reward)))
    for env in envs:
        env.close()
    wins, draws = rewards.count(1.0), rewards.count(0.0)
    return {"win_rate": wins / games, "draw_rate": draws / games, "loss_rate": 1 - (wins + draws) / games}


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--opponent", default="random", help="a built-in agent's name (default: random)")
    parser.add_argument("--board-size", type=int, default=8, help="even, 4 to 16 (default: 8)")
    parser.add_argument("--opening-book", help="train and evaluate from this book's openings, e.g. xot (default: none)")
    parser.add_argument("--minutes", type=float, default=5.0, help="wall-clock budget of training (default: 5)")
    parser.add_argument("--timesteps", type=int, default=10**9, help="learner steps at the most (default: no limit)")
    parser.add_argument("--envs", type=int, default=8, help="environments in the DummyVecEnv (default: 8)")
    parser.add_argument("--eval-every", type=int, default=50_000, help="timesteps between evaluations (default: 50000)")
    parser.add_argument("--eval-games", type=int, default=100, help="games an evaluation (default: 100)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the model and the envs (default: 0)")
    parser.add_argument("--json", type=Path, help="write the log to this JSON file (default: none)")
    parser.add_argument("--plot", type=Path, help="plot the win rate against time to this PNG (default: none)")
    args = parser.parse_args(argv)
    for name in ("minutes", "timesteps", "envs", "eval_every", "eval_games"):
        if getattr(args, name) <= 0:
            parser.error(f"--{name.replace('_', '-')} must be positive, got {getattr(args, name)}")

    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.env_util import make_vec_env

    settings = {"opponent": args.opponent, "board_size": args.board_size, "learner": "random"}
    settings["opening_book"] = args.opening_book
    vec = make_vec_env(ID, n_envs=args.envs, seed=args.seed, env_kwargs=settings)
    model = MaskablePPO("MlpPolicy", vec, seed=args.seed, verbose=0)  # sb3-contrib's defaults throughout
    log: list[dict[str, float]] = []
    start = time.perf_counter()

    def record() -> None:
        minutes = (time.perf_counter() - start) / 60
        rates = evaluate(model, args.opponent, args.board_size, args.eval_games, args.opening_book)
        log.append({"timesteps": model.num_timesteps, "minutes": round(minutes, 2), **rates})
        print(f"{model.num_timesteps:>9,} steps  {minutes:6.1f} min  win rate {rates['win_rate']:.0%}", flush=True)

    class Budget(BaseCallback):  # type: ignore[misc]
        """Evaluates every ``--eval-every`` timesteps; stops at the time budget (evaluations not counted)."""

        def __init__(self) -> None:
            super().__init__()
            self.next_eval, self.evaluating = args.eval_every, 0.0

        def _on_step(self) -> bool:
            if self.num_timesteps >= self.next_eval:
                begun = time.perf_counter()
                record()
                self.evaluating += time.perf_counter() - begun
                self.next_eval += args.eval_every
            return time.perf_counter() - start - self.evaluating < args.minutes * 60

    record()  # the untrained model
    budget = Budget()
    model.learn(total_timesteps=args.timesteps, callback=budget)
    training_minutes = (time.perf_counter() - start - budget.evaluating) / 60
    record()
    result = {
        "opponent": args.opponent,
        "board_size": args.board_size,
        "opening_book": args.opening_book,
        "timesteps": model.num_timesteps,
        "training_minutes": round(training_minutes, 2),
        "final": log[-1],
        "log": log,
    }
    if args.json:
        args.json.write_text(json.dumps(result, indent=1))
    if args.plot:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(6, 3.5))
        ax.plot([row["timesteps"] for row in log], [row["win_rate"] for row in log], marker="o")
        ax.set_xlabel("learner timesteps")
        ax.set_ylabel(f"win rate vs {args.opponent}")
        ax.set_ylim(0, 1.02)
        ax.grid(alpha=0.3)
        book = f", {args.opening_book} openings" if args.opening_book else ""
        ax.set_title(f"MaskablePPO (defaults) vs {args.opponent}, {args.board_size}x{args.board_size}{book}")
        fig.tight_layout()
        fig.savefig(args.plot, dpi=110)
        plt.close(fig)
    return result


if __name__ == "__main__":
    main()
