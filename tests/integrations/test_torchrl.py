"""TorchRL: the EnvBase over the vector env passes check_env_specs and plays masked random rollouts."""

from __future__ import annotations

import pytest
import torch

pytest.importorskip("torchrl")

from torchrl.envs.utils import check_env_specs

from othello_zoo.compat.torchrl import OthelloTorchRLEnv, make_env


@pytest.mark.parametrize("kwargs", [{}, {"board_size": 6}, {"opening_book": "xot"}])
def test_torchrl__check_env_specs(kwargs: dict) -> None:  # type: ignore[type-arg]
    check_env_specs(OthelloTorchRLEnv(4, **kwargs), seed=0)
    check_env_specs(make_env(4, **kwargs), seed=0)


def test_torchrl__masked_random_rollout_plays_legal_whole_games() -> None:
    env = make_env(8, board_size=6)
    env.set_seed(0)
    rollout = env.rollout(150, break_when_any_done=False)
    assert rollout.batch_size == torch.Size([8, 150])
    actions = rollout["action"]
    legal = rollout["action_mask"].gather(-1, actions.unsqueeze(-1)).squeeze(-1)
    assert bool(legal.all())  # ActionMask: every sampled action is legal
    done = rollout["next", "done"].squeeze(-1)
    assert int(done.sum(1).min()) >= 2  # 6x6 games last at most ~40 plies: each board ended twice or more
    black = rollout["next", "black_0", "reward"].squeeze(-1)
    white = rollout["next", "white_0", "reward"].squeeze(-1)
    assert torch.equal(black, -white)  # no forfeits: zero-sum outcomes
    assert bool((black[~done] == 0).all())  # rewards only when a game ends
    assert set(black[done].tolist()) <= {-1.0, 0.0, 1.0}
    turn = rollout["turn"].squeeze(-1)
    assert torch.equal(turn[:, 0], torch.zeros(8, dtype=torch.int64))  # black moves first
