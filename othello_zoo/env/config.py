"""The settings every Othello environment takes, declared and checked once.

:class:`EnvConfig` is what ``raw_env``, ``env``, ``parallel_env`` and ``vector_env`` are built from: they take
its fields as keyword arguments (or a ready ``config=EnvConfig(...)``), and each adds only what is its own
(``render_mode`` and ``max_cycles`` for the PettingZoo envs, ``illegal_action`` for the Parallel and vector
envs, ``autoreset_mode`` for the vector env). The spaces of one board are built here, for all of them.

>>> from othello_zoo.env.config import EnvConfig
>>> config = EnvConfig(board_size=6, backend="auto")
>>> config.backend, config.device, config.action_space()
('bitboard', device(type='cpu'), Discrete(37))
>>> EnvConfig(board_size=7)
Traceback (most recent call last):
...
ValueError: board_size must be even and from 4 to 16, got 7
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import gymnasium
import numpy as np
import torch

from othello_zoo.core.checks import RewardMode, check_reward_mode
from othello_zoo.engine import BoardSpec
from othello_zoo.env.openings import BookSpec, OpeningBook, resolve_book

__all__ = ["SETTINGS", "EnvConfig", "config_from"]


@dataclass(frozen=True)
class EnvConfig:
    """The game every env plays, checked on construction; the fields hold the resolved values.

    Attributes:
        board_size: even, from 4 to 16.
        opening_book: ``None``, ``"xot"`` (the shipped 8 x 8 book), a path to a book file or a list of move
            strings; held as the loaded :class:`~othello_zoo.env.openings.OpeningBook` (or ``None``).
        opening_symmetries: apply one of the start position's 4 symmetries to each drawn opening.
        backend: the engine kernel of the env's boards (``"auto"``, or a name of
            :data:`othello_zoo.engine.kernels.KERNELS`); held resolved (``"auto"`` -> ``"bitboard"`` up to 8 x 8,
            else ``"conv"``). The vector env steps its batch with it; the PettingZoo envs play their one board on
            Python ints (:class:`~othello_zoo.core.board.Board`, a few microseconds a move) and hand out engine
            states of this kernel (``get_state()``).
        device: where the env's tensors live (``None``: the CPU), normalised (``"cuda"`` -> ``cuda:0``).
        reward_mode: ``"outcome"`` (+1 / -1 / 0) or ``"margin"`` (the final disc difference over n * n).
    """

    board_size: int = 8
    opening_book: BookSpec | OpeningBook | None = None
    opening_symmetries: bool = True
    backend: str = "auto"
    device: torch.device | str | None = None
    reward_mode: RewardMode = "outcome"

    # The board size, device and backend as one checked value, which the env passes to the engine (no check again).
    boards: BoardSpec = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        boards = BoardSpec(self.board_size, self.device, self.backend)
        if not isinstance(self.opening_symmetries, (bool, np.bool_)):
            raise TypeError(f"opening_symmetries must be True or False, got {self.opening_symmetries!r}")
        resolved = {
            "boards": boards,
            "board_size": boards.board_size,
            "backend": boards.backend,
            "device": boards.device,
            "reward_mode": check_reward_mode(self.reward_mode),
            "opening_book": resolve_book(self.opening_book, boards.board_size),
            "opening_symmetries": bool(self.opening_symmetries),
        }
        for name, value in resolved.items():
            object.__setattr__(self, name, value)

    @property
    def book(self) -> OpeningBook | None:
        """The loaded opening book (``None`` without one)."""
        return self.opening_book if isinstance(self.opening_book, OpeningBook) else None

    def observation_space(self) -> gymnasium.spaces.Dict:
        """One agent's observation of one board: int8 planes ``(2, n, n)`` and the int8 mask ``(n*n + 1,)``."""
        n = self.board_size
        return gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(0, 1, (2, n, n), dtype=np.int8),
                "action_mask": gymnasium.spaces.Box(0, 1, (n * n + 1,), dtype=np.int8),
            }
        )

    def action_space(self) -> gymnasium.spaces.Discrete:  # type: ignore[type-arg]
        """``Discrete(n*n + 1)``: the squares, then the null action."""
        return gymnasium.spaces.Discrete(self.board_size**2 + 1)

    def state_space(self) -> gymnasium.spaces.Box:
        """The full position of one board: int8 ``(3, n, n)`` (black, white, a plane of the colour to move)."""
        n = self.board_size
        return gymnasium.spaces.Box(0, 1, (3, n, n), dtype=np.int8)


SETTINGS: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(EnvConfig) if f.init)
"""The keyword arguments every env takes for its :class:`EnvConfig`."""


def config_from(config: EnvConfig | None, settings: Mapping[str, Any], where: str) -> EnvConfig:
    """The config an env constructor was given: ``config`` itself, or one made from ``settings`` (its keyword
    arguments); a ``TypeError`` naming ``where`` for an unknown keyword or for both forms at once."""
    unknown = sorted(set(settings) - set(SETTINGS))
    if unknown:
        raise TypeError(f"{where}() got unexpected keyword arguments {unknown}; its settings are {list(SETTINGS)}")
    if config is None:
        return EnvConfig(**settings)
    if not isinstance(config, EnvConfig):
        raise TypeError(f"config must be an EnvConfig, got {type(config).__name__}")
    if settings:
        raise TypeError(f"{where}() takes either config= or the settings {sorted(settings)}, not both")
    return config
