"""Self-play on Ray actors, for runs that outgrow one process: ``othello-zoo train --ray-address``.

:class:`RayWorkers` starts ``workers`` actors (one CPU each, or a GPU each with
``device="cuda"``) on the Ray cluster at ``address``: ``"local"`` starts one on this machine,
``"auto"`` joins the cluster this machine belongs to (``ray start --head`` first), and
``"ray://host:10001"`` connects to a remote one. Each iteration the trainer puts the network's
weights in Ray's object store once; every actor loads them, plays its share of the iteration's
games with :func:`othello_zoo.alphazero.selfplay.self_play` and sends the positions back; the training steps
stay in the trainer's process. Needs Ray: ``pip install "othello-zoo[ray]"``.

>>> from othello_zoo.alphazero.train import TrainConfig
>>> config = TrainConfig(board_size=6, ray_address="local", ray_workers=4)  # doctest: +SKIP
"""

from __future__ import annotations

import math
from typing import Any

import torch

from othello_zoo.alphazero.network import PolicyValueNet
from othello_zoo.alphazero.selfplay import SelfPlayData, self_play
from othello_zoo.core.checks import resolve_device

__all__ = ["RayWorkers", "SelfPlayWorker", "merge"]


def _ray() -> Any:
    try:
        import ray
    except ImportError as error:  # pragma: no cover - the integrations group installs Ray
        raise ImportError('self-play workers on Ray need Ray: pip install "othello-zoo[ray]"') from error
    return ray


class SelfPlayWorker:
    """The actor: a network of ``network_config`` on ``device``, playing games with given weights."""

    def __init__(self, network_config: dict[str, int], device: str = "cpu") -> None:
        torch.set_num_threads(1)  # one CPU per actor: Ray schedules them by that
        self.device = resolve_device("device", device)
        self.net = PolicyValueNet(**network_config).to(self.device).eval()

    def play(self, weights: dict[str, torch.Tensor], games: int, seed: int, settings: dict[str, Any]) -> SelfPlayData:
        """``games`` self-play games with ``weights``, drawn from a generator seeded ``seed``."""
        self.net.load_state_dict(weights)
        generator = torch.Generator(device=self.device).manual_seed(seed)
        data = self_play(self.net.evaluator(), games, generator=generator, device=self.device, **settings)
        return SelfPlayData(data.observations.cpu(), data.policies.cpu(), data.values.cpu(), data.games, data.plies)


def merge(parts: list[SelfPlayData]) -> SelfPlayData:
    """One :class:`~othello_zoo.alphazero.selfplay.SelfPlayData` of several, positions in order."""
    return SelfPlayData(
        torch.cat([p.observations for p in parts]),
        torch.cat([p.policies for p in parts]),
        torch.cat([p.values for p in parts]),
        sum(p.games for p in parts),
        max(p.plies for p in parts),
    )


class RayWorkers:
    """``workers`` self-play actors on the Ray cluster at ``address`` (see the module docstring)."""

    def __init__(self, address: str, workers: int, network_config: dict[str, int], device: str = "cpu") -> None:
        ray = _ray()
        if not ray.is_initialized():
            ray.init(address=address, include_dashboard=False, log_to_driver=False)
        gpus = 1 if resolve_device("device", device).type == "cuda" else 0
        have = ray.cluster_resources()
        for name, need in (("CPU", workers), ("GPU", workers * gpus)):
            if need > have.get(name, 0):  # the actors would wait for ever for resources
                raise ValueError(
                    f"ray_workers={workers} actors need {need} {name}s (one each); "
                    f"the Ray cluster at {address!r} has {have.get(name, 0):g}"
                )
        actor = ray.remote(num_cpus=1, num_gpus=gpus)(SelfPlayWorker)
        self.actors = [actor.remote(network_config, device) for _ in range(workers)]

    def self_play(
        self, weights: dict[str, torch.Tensor], games: int, seeds: list[int], **settings: Any
    ) -> SelfPlayData:
        """``games`` games shared among the actors (``seeds``: one per actor), with ``weights``;
        ``settings`` are :func:`~othello_zoo.alphazero.selfplay.self_play`'s other arguments."""
        ray = _ray()
        if len(seeds) != len(self.actors):
            raise ValueError(f"seeds holds {len(seeds)} seeds, one per actor is {len(self.actors)}")
        reference = ray.put({name: value.detach().cpu() for name, value in weights.items()})
        share = math.ceil(games / len(self.actors))
        shares = [min(share, games - i * share) for i in range(len(self.actors))]
        calls = [
            actor.play.remote(reference, count, seed, settings)
            for actor, count, seed in zip(self.actors, shares, seeds, strict=True)
            if count > 0
        ]
        return merge(ray.get(calls))

    def close(self) -> None:
        """Stops the actors (the Ray session stays, as whoever started it left it)."""
        ray = _ray()
        for actor in self.actors:
            ray.kill(actor)
        self.actors = []
