"""Self-play on Ray actors (``othello-zoo train --ray-address``): the actors' games are the games
``self_play`` plays with the same weights and seeds, and a run checkpoints and resumes on them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import torch

pytest.importorskip("ray")

import ray

from othello_zoo.alphazero.network import PolicyValueNet
from othello_zoo.alphazero.selfplay import self_play
from othello_zoo.alphazero.train import TrainConfig, Trainer
from othello_zoo.alphazero.workers import RayWorkers


@pytest.fixture(scope="module")
def ray_session() -> Iterator[None]:
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_ray_workers__play_the_games_self_play_plays_with_the_same_weights_and_seeds(ray_session: None) -> None:
    torch.manual_seed(0)
    net = PolicyValueNet(board_size=6, channels=8, blocks=1).eval()
    settings = {"board_size": 6, "simulations": 4, "temperature_plies": 4}
    workers = RayWorkers("local", 2, net.config())
    data = workers.self_play(net.state_dict(), 5, [11, 12], **settings)  # shares of 3 and 2 games
    workers.close()
    parts = [
        self_play(net.evaluator(), games, generator=torch.Generator().manual_seed(seed), **settings)
        for games, seed in ((3, 11), (2, 12))
    ]
    assert data.games == 5
    assert data.plies == max(p.plies for p in parts)
    assert torch.equal(data.observations, torch.cat([p.observations for p in parts]))
    assert torch.equal(data.policies, torch.cat([p.policies for p in parts]))
    assert torch.equal(data.values, torch.cat([p.values for p in parts]))
    with pytest.raises(ValueError, match="one per actor is 2"):
        RayWorkers("local", 2, net.config()).self_play(net.state_dict(), 4, [1])


def test_train__on_ray_actors_checkpoints_and_resumes(ray_session: None, tmp_path: Path) -> None:
    config = TrainConfig(
        board_size=4, channels=8, blocks=1, games=6, simulations=4, batch_size=16, train_steps=2,
        eval_every=0, iterations=2, minutes=0, ray_address="local", ray_workers=2,
    )  # fmt: skip
    trainer = Trainer(config, tmp_path)
    log = trainer.run(progress=False)
    assert [row["games"] for row in log] == [6, 12]
    assert trainer.workers is None  # the actors are stopped at the end of the run
    resumed = Trainer(TrainConfig(iterations=3, minutes=0, ray_address="local", ray_workers=1), tmp_path, resume=True)
    assert resumed.config.ray_workers == 1  # where it runs is the new command's; what it trains, the run's
    assert resumed.config.games == 6
    assert [row["games"] for row in resumed.run(progress=False)][-1] == 18
    too_many = Trainer(TrainConfig(iterations=4, minutes=0, ray_address="local", ray_workers=3), tmp_path, resume=True)
    with pytest.raises(ValueError, match=r"need 3 CPUs \(one each\); the Ray cluster at 'local' has 2"):
        too_many.step()
    assert too_many.iteration == 3  # nothing played, nothing saved
