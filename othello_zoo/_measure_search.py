"""``othello-zoo bench --search``: simulations per second of the batched tree search
(:mod:`othello_zoo.search`) from the start position, with random-rollout leaves and with a small
network, at several numbers of roots searched together."""

from __future__ import annotations

import time
from collections.abc import Sequence

import torch

from othello_zoo import engine
from othello_zoo.network import PolicyValueNet
from othello_zoo.search import MCTS, rollout_evaluator

__all__ = ["SEARCH_ROOTS", "batched_search_rates"]

SEARCH_ROOTS = (1, 64, 1024)


def batched_search_rates(
    roots: Sequence[int] = SEARCH_ROOTS, simulations: int = 32, device: str = "cpu", seed: int = 0
) -> dict[str, float]:
    """Simulations per second (all roots together) of one search of ``simulations`` per root from
    the start position: ``"rollouts, N=..."`` with one random playout a leaf, and ``"network
    (64 x 4 blocks), N=..."`` with an untrained :class:`~othello_zoo.network.PolicyValueNet` of 64
    channels and 4 residual blocks. Each figure is the better of two searches after a warm-up."""
    dev = torch.device(device)
    net = PolicyValueNet(8, channels=64, blocks=4).to(dev)
    evaluators = {
        "rollouts": rollout_evaluator(8, generator=torch.Generator(device=dev).manual_seed(seed)),
        "network (64 x 4 blocks)": net.evaluator(),
    }
    rates = {}
    for name, evaluator in evaluators.items():
        search = MCTS(evaluator, simulations=simulations)
        for count in roots:
            state = engine.init(count, device=dev)
            search.run(engine.init(min(count, 4), device=dev))  # warm-up
            best = 0.0
            for _ in range(2):
                start = time.perf_counter()
                search.run(state)
                if dev.type == "cuda":
                    torch.cuda.synchronize()
                best = max(best, count * simulations / (time.perf_counter() - start))
            rates[f"{name}, N={count}"] = best
    return rates
