"""TorchRL: an ``EnvBase`` over the vectorized env (install the ``torchrl`` extra).

The env speaks from the side of the player to move in each board, as self-play wants:
``"observation"`` (int8 (N, 2, n, n), the mover's discs in plane 0), ``"action_mask"``
(bool (N, n*n+1)) and ``"turn"`` (int64 (N, 1), the colour to move: 0 black, 1 white).
The action is the mover's, ``"action"`` (int64 (N,)). Rewards are per player, under
``("black_0", "reward")`` and ``("white_0", "reward")`` (float32 (N, 1)), given when a game ends.
Finished boards are reset through TorchRL's partial resets (``"_reset"``); an illegal action
ends its board with -1 for the offender.

Example:
    >>> from othello_zoo.compat.torchrl import make_env
    >>> env = make_env(4)                         # with ActionMask: random actions are legal
    >>> rollout = env.rollout(3)
    >>> rollout["next", "observation"].shape
    torch.Size([4, 3, 2, 8, 8])
"""

from __future__ import annotations

from typing import Any

import torch
from tensordict import TensorDict, TensorDictBase
from torchrl.data import Binary, Bounded, Categorical, Composite, Unbounded
from torchrl.envs import ActionMask, EnvBase, TransformedEnv

from othello_zoo.core.checks import resolve_device
from othello_zoo.env.vector import OthelloVectorEnv

__all__ = ["OthelloTorchRLEnv", "make_env"]


class OthelloTorchRLEnv(EnvBase):  # type: ignore[misc]
    """``num_envs`` Othello boards as a batch-locked TorchRL environment (``batch_size=[N]``).

    Keyword arguments other than ``num_envs`` and ``device`` go to the vector env
    (``board_size``, ``opening_book``, ``opening_symmetries``, ``backend``, ``reward_mode``).
    """

    batch_locked = True

    def __init__(self, num_envs: int, device: torch.device | str | None = None, **kwargs: Any) -> None:
        dev = resolve_device("device", device)
        super().__init__(device=dev, batch_size=torch.Size([num_envs]))
        self.vector = OthelloVectorEnv(num_envs, device=dev, autoreset_mode="disabled", illegal_action="lose", **kwargs)
        n, batch = self.vector.board_size, (num_envs,)
        self.action_spec = Categorical(n * n + 1, shape=batch, device=dev)
        self.observation_spec = Composite(
            observation=Bounded(0, 1, shape=(*batch, 2, n, n), dtype=torch.int8, device=dev),
            action_mask=Binary(n * n + 1, shape=(*batch, n * n + 1), dtype=torch.bool, device=dev),
            turn=Categorical(2, shape=(*batch, 1), dtype=torch.int64, device=dev),
            shape=batch,
            device=dev,
        )
        self.reward_spec = Composite(
            {
                ("black_0", "reward"): Unbounded(shape=(*batch, 1), device=dev),
                ("white_0", "reward"): Unbounded(shape=(*batch, 1), device=dev),
            },
            shape=batch,
            device=dev,
        )
        self.done_spec = Composite(
            done=Categorical(2, shape=(*batch, 1), dtype=torch.bool, device=dev),
            terminated=Categorical(2, shape=(*batch, 1), dtype=torch.bool, device=dev),
            truncated=Categorical(2, shape=(*batch, 1), dtype=torch.bool, device=dev),
            shape=batch,
            device=dev,
        )

    def _observation(self) -> dict[str, torch.Tensor]:
        observation, mask = self.vector.observe_movers()
        return {"observation": observation, "action_mask": mask, "turn": self.vector.current_player.unsqueeze(-1)}

    def _reset(self, tensordict: TensorDictBase | None = None, **kwargs: Any) -> TensorDictBase:
        mask = tensordict.get("_reset", None) if tensordict is not None else None
        if mask is None:
            self.vector.reset()
        else:
            self.vector.reset(options={"reset_mask": mask.reshape(self.batch_size)})
        done = self.vector.state.terminated.unsqueeze(-1)
        return TensorDict(
            {**self._observation(), "done": done, "terminated": done.clone(), "truncated": torch.zeros_like(done)},
            batch_size=self.batch_size,
            device=self.device,
        )

    def _step(self, tensordict: TensorDictBase) -> TensorDictBase:
        moved = self.vector.current_player
        result = self.vector.step_movers(tensordict.get("action").reshape(self.batch_size))
        black = torch.where(moved == 0, result.reward, result.opponent_reward)
        white = torch.where(moved == 0, result.opponent_reward, result.reward)
        done = self.vector.state.terminated.unsqueeze(-1)
        return TensorDict(
            {
                "observation": result.observation,
                "action_mask": result.action_mask,
                "turn": self.vector.current_player.unsqueeze(-1),
                ("black_0", "reward"): black.unsqueeze(-1),
                ("white_0", "reward"): white.unsqueeze(-1),
                "done": done,
                "terminated": done.clone(),
                "truncated": torch.zeros_like(done),
            },
            batch_size=self.batch_size,
            device=self.device,
        )

    def _set_seed(self, seed: int | None) -> None:
        if seed is not None:
            self.vector.generator.manual_seed(seed)


def make_env(num_envs: int, device: torch.device | str | None = None, **kwargs: Any) -> TransformedEnv:
    """:class:`OthelloTorchRLEnv` with TorchRL's ``ActionMask``, so that sampled actions are legal."""
    return TransformedEnv(OthelloTorchRLEnv(num_envs, device=device, **kwargs), ActionMask())
