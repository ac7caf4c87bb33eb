"""One board behind one interface, for the PettingZoo environments.

Two implementations: :class:`othello_zoo.core.board.Board` (Python ints; the default, fast
path) and :class:`EngineBoard` (an engine ``State`` of one board on any device and backend).
Both are immutable values with the same methods; the environments use nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import numpy as np
import torch

from othello_zoo import engine
from othello_zoo.core.board import Board

__all__ = ["EngineBoard", "SingleBoard", "board_to_state", "make_board"]


class SingleBoard(Protocol):
    """What an environment needs of one board."""

    @property
    def current_player(self) -> int: ...
    @property
    def terminated(self) -> bool: ...
    @property
    def forfeited(self) -> bool: ...
    @property
    def board_size(self) -> int: ...
    def legal_actions(self) -> list[int]: ...
    def is_legal(self, action: int) -> bool: ...
    def step(self, action: int) -> SingleBoard: ...
    def forfeit(self) -> SingleBoard: ...
    def planes(self, player: int) -> np.ndarray: ...
    def observation(self, player: int) -> tuple[np.ndarray, np.ndarray]: ...
    def action_mask(self, player: int) -> np.ndarray: ...
    def scores(self) -> tuple[int, int]: ...
    def rewards(self, margin: bool = False) -> tuple[float, float]: ...
    def to_text(self) -> str: ...


@dataclass(frozen=True)
class EngineBoard:
    """One board as an engine ``State`` (batch of one) on the state's device and backend."""

    state: engine.State

    @property
    def current_player(self) -> int:
        return int(self.state.current_player[0])

    @property
    def terminated(self) -> bool:
        return bool(self.state.terminated[0])

    @property
    def forfeited(self) -> bool:
        return bool(self.state.forfeited[0])

    @property
    def board_size(self) -> int:
        return self.state.board_size

    def legal_actions(self) -> list[int]:
        return [int(a) for a in engine.legal_action_mask(self.state)[0].nonzero().flatten().tolist()]

    def is_legal(self, action: int) -> bool:
        nn = self.board_size**2
        if not 0 <= action <= nn:
            return False
        actions = torch.tensor([action], device=self.state.device)
        return not bool(engine.illegal_actions(self.state, actions)[0])

    def step(self, action: int) -> EngineBoard:
        return EngineBoard(engine.step(self.state, torch.tensor([action], device=self.state.device)))

    def forfeit(self) -> EngineBoard:
        # An out-of-range action is illegal on an unfinished board: "lose" mode ends it as a forfeit.
        bad = torch.tensor([-1], device=self.state.device)
        return EngineBoard(engine.step(self.state, bad, illegal_action="lose"))

    def action_mask(self, player: int) -> np.ndarray:
        nn = self.board_size**2
        mask = np.zeros(nn + 1, dtype=np.int8)
        mask[self.legal_actions() if player == self.current_player else nn] = 1
        return mask

    def planes(self, player: int) -> np.ndarray:
        return engine.observe(self.state, player)[0].flatten(1).to(torch.uint8).cpu().numpy()

    def observation(self, player: int) -> tuple[np.ndarray, np.ndarray]:
        n = self.board_size
        return self.planes(player).view(np.int8).reshape(2, n, n), self.action_mask(player)

    def scores(self) -> tuple[int, int]:
        black, white = engine.scores(self.state)[0].tolist()
        return int(black), int(white)

    def rewards(self, margin: bool = False) -> tuple[float, float]:
        black, white = engine.rewards(self.state, margin)[0].tolist()
        return float(black), float(white)

    def to_text(self) -> str:
        return engine.to_text(self.state)[0]


def make_board(text: str | None, board_size: int, backend: str, device: torch.device | None) -> SingleBoard:
    """A board from position text (``None``: the start), on the scalar path for ``backend="scalar"``."""
    if backend == "scalar":
        return Board.from_text(text) if text is not None else Board.start(board_size)
    if text is None:
        return EngineBoard(engine.init(1, board_size, device=device, backend=backend))  # type: ignore[arg-type]
    return EngineBoard(engine.from_text([text], device=device, backend=backend))  # type: ignore[arg-type]


def board_to_state(board: SingleBoard, device: torch.device | None = None, backend: str = "auto") -> engine.State:
    """The engine ``State`` (batch of one) of ``board``."""
    if isinstance(board, EngineBoard):
        return board.state
    state = engine.from_text([board.to_text()], device=device, backend=backend)  # type: ignore[arg-type]
    if board.forfeited:
        state = engine.step(state, torch.tensor([-1], device=state.device), illegal_action="lose")
    return state
