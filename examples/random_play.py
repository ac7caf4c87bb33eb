"""Random play in the three APIs: PettingZoo AEC, PettingZoo Parallel and the vectorized env.

Shows the AEC loop (``othello_v0.env()``: ``agent_iter`` / ``last`` / ``step``), the Parallel loop
(``parallel_env()``: both agents act every step, the waiting one with the null action) and the
vectorized API (``vector_env``: thousands of boards per call), all driven by masked random actions,
and prints for each black's share of wins and draws (random play gives black a little under half)
and the games per second.

Takes about 10 seconds with the defaults on a laptop CPU::

    python examples/random_play.py --games 200 --num-envs 4096
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np
import torch

from othello_zoo import engine, othello_v0


def aec_games(games: int, seed: int) -> dict[str, float]:
    """``games`` AEC games with masked random actions: black's wins, draws and games/s."""
    env = othello_v0.env()
    rng = np.random.default_rng(seed)
    wins = draws = 0
    start = time.perf_counter()
    for game in range(games):
        env.reset(seed=seed + game)
        for agent in env.agent_iter():
            observation, reward, termination, truncation, _ = env.last()
            if termination or truncation:
                if agent == "black_0":
                    wins += reward > 0
                    draws += reward == 0
                action = None
            else:
                action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            env.step(action)
    return {"black_wins": wins / games, "draws": draws / games, "games_per_s": games / (time.perf_counter() - start)}


def parallel_games(games: int, seed: int) -> dict[str, float]:
    """``games`` Parallel-API games with masked random actions."""
    env = othello_v0.parallel_env()
    rng = np.random.default_rng(seed)
    wins = draws = 0
    start = time.perf_counter()
    for game in range(games):
        observations, _ = env.reset(seed=seed + game)
        while env.agents:
            actions = {
                agent: int(rng.choice(np.flatnonzero(obs["action_mask"]))) for agent, obs in observations.items()
            }
            observations, rewards, _, _, _ = env.step(actions)
        wins += rewards["black_0"] > 0
        draws += rewards["black_0"] == 0
    return {"black_wins": wins / games, "draws": draws / games, "games_per_s": games / (time.perf_counter() - start)}


def vector_games(num_envs: int, seed: int, device: str = "cpu") -> dict[str, float]:
    """One game on each of ``num_envs`` boards of the vector env (autoreset off)."""
    env = othello_v0.vector_env(num_envs, device=device, autoreset_mode="disabled", illegal_action="lose")
    env.reset(seed=seed)
    generator = torch.Generator(device=env.device).manual_seed(seed)
    black = torch.zeros(num_envs, device=env.device)
    start = time.perf_counter()
    while not bool(env.state.terminated.all()):
        actions = engine.random_actions(env.state, generator)
        _, rewards, _, _, _ = env.step({"black_0": actions, "white_0": actions})
        black += rewards["black_0"]
    seconds = time.perf_counter() - start
    return {
        "black_wins": float((black > 0).float().mean()),
        "draws": float((black == 0).float().mean()),
        "games_per_s": num_envs / seconds,
    }


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n")[0], formatter_class=argparse.ArgumentDefaultsHelpFormatter
    )
    parser.add_argument("--games", type=int, default=200, help="games in each of the AEC and Parallel loops")
    parser.add_argument("--num-envs", type=int, default=4096, help="boards of the vector env (one game each)")
    parser.add_argument("--device", default="cpu")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    results = {
        "aec": aec_games(args.games, args.seed),
        "parallel": parallel_games(args.games, args.seed),
        "vector": vector_games(args.num_envs, args.seed, args.device),
    }
    for name, r in results.items():
        print(
            f"{name:<9} black wins {r['black_wins']:6.1%}   draws {r['draws']:5.1%}   {r['games_per_s']:10,.0f} games/s"
        )
    return results


if __name__ == "__main__":
    main()
