"""The replay buffer of :mod:`othello_zoo.alphazero.train`: the last positions of self-play, sampled under
random board symmetries."""

from __future__ import annotations

from typing import Any

import torch

from othello_zoo.alphazero.selfplay import SelfPlayData
from othello_zoo.core.symmetry import transform_boards, transform_policy

__all__ = ["ReplayBuffer"]


class ReplayBuffer:
    """The last ``capacity`` positions (a ring), sampled under random board symmetries."""

    def __init__(self, capacity: int, board_size: int, device: torch.device) -> None:
        n, actions = board_size, board_size * board_size + 1
        self.observations = torch.zeros((capacity, 2, n, n), dtype=torch.int8, device=device)
        self.policies = torch.zeros((capacity, actions), dtype=torch.float32, device=device)
        self.values = torch.zeros(capacity, dtype=torch.float32, device=device)
        self.capacity, self.size, self.cursor = capacity, 0, 0

    def add(self, data: SelfPlayData) -> None:
        count = min(len(data.values), self.capacity)
        slots = (self.cursor + torch.arange(count, device=self.values.device)) % self.capacity
        self.observations[slots] = data.observations[-count:]
        self.policies[slots] = data.policies[-count:]
        self.values[slots] = data.values[-count:]
        self.cursor = (self.cursor + count) % self.capacity
        self.size = min(self.size + count, self.capacity)

    def sample(self, batch_size: int, generator: torch.Generator) -> tuple[torch.Tensor, ...]:
        device = self.values.device
        index = torch.randint(self.size, (batch_size,), generator=generator, device=device)
        symmetry = torch.randint(8, (batch_size,), generator=generator, device=device)
        boards = transform_boards(self.observations[index], symmetry)
        return boards, transform_policy(self.policies[index], symmetry), self.values[index]

    def state_dict(self) -> dict[str, Any]:
        used = slice(0, self.size)
        return {
            "observations": self.observations[used].clone(),
            "policies": self.policies[used].clone(),
            "values": self.values[used].clone(),
            "cursor": self.cursor,
        }

    def load_state_dict(self, state: dict[str, Any]) -> None:
        """The positions of :meth:`state_dict`, checked to fit this buffer (a ``ValueError`` says what does not)."""
        _check_state(state, self.capacity, tuple(self.observations.shape[1:]), self.policies.shape[1])
        size = len(state["values"])
        self.observations[:size], self.policies[:size], self.values[:size] = (
            state["observations"],
            state["policies"],
            state["values"],
        )
        self.size, self.cursor = size, state["cursor"]


def _check_state(state: object, capacity: int, board: tuple[int, ...], actions: int) -> None:
    """Checks a saved buffer: tensors of ``size <= capacity`` positions of the buffer's shapes, and a cursor in
    ``[0, capacity)``."""
    if not isinstance(state, dict):
        raise ValueError(f"the replay buffer must be a dict, got a {type(state).__name__}")
    values = state.get("values")
    if not isinstance(values, torch.Tensor) or values.dim() != 1 or len(values) > capacity:
        raise ValueError(f"the replay buffer's values must be a 1-d tensor of at most {capacity} positions")
    size = len(values)
    for key, shape in (("observations", (size, *board)), ("policies", (size, actions))):
        held = state.get(key)
        if not isinstance(held, torch.Tensor) or tuple(held.shape) != shape:
            raise ValueError(f"the replay buffer's {key} must be a tensor of shape {shape}")
    cursor = state.get("cursor")
    if isinstance(cursor, bool) or not isinstance(cursor, int) or not 0 <= cursor < capacity:
        raise ValueError(f"the replay buffer's cursor must be a whole number from 0 to {capacity - 1}, got {cursor!r}")
