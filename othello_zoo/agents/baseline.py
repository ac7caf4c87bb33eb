"""Baseline players: uniformly random and greedy, for one board or for whole batches, and the
:class:`BoardAgent` base that every built-in agent shares.

One board: every agent has ``act(board_or_observation) -> action``. It takes what a PettingZoo
loop has in hand, the observation dict ``{"observation", "action_mask"}`` of the agent about to
act (``env.last()[0]``, ``observations[agent]``), or a board of the environments
(``env.unwrapped.board``) or the play window. ``act_batch(observation, action_mask)`` does the same
for a batch, such as the vector env's ``observe_movers()``. :func:`act_in_env` plays one in an env.

Batches: :func:`random_actions` and :func:`greedy_actions` take an engine ``State`` and return one
action per board, as opponents in evaluation loops over :func:`othello_zoo.env.othello_v0.vector_env`.

>>> import torch
>>> from othello_zoo import engine
>>> state = engine.from_text(["---------------------------OX------XXX-------------------------- O"])
>>> greedy_actions(state).tolist()  # white after f5: d6, f4 and f6 all flip one; f4 ranks first
[29]
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping
from typing import Any, Protocol

import numpy as np
import torch
from torch import Tensor

from othello_zoo import engine
from othello_zoo.core.board import Board, as_board
from othello_zoo.core.checks import check_seed
from othello_zoo.core.notation import MAX_BOARD_SIZE, MIN_BOARD_SIZE
from othello_zoo.core.scalar import scalar_rules
from othello_zoo.engine import State
from othello_zoo.runtime.threads import uses_package_threads

__all__ = [
    "Agent",
    "BoardAgent",
    "GreedyAgent",
    "POSITIONAL_8x8",
    "RandomAgent",
    "act_in_env",
    "board_from_observation",
    "greedy_actions",
    "positional_weights",
    "random_actions",
]

Observation = Mapping[str, Any]
"""A PettingZoo observation dict: ``{"observation": (2, n, n), "action_mask": (n*n + 1,)}``."""

# A classic positional table: corners best, the squares next to them worst.
POSITIONAL_8x8 = (
    (100, -20, 10, 5, 5, 10, -20, 100),
    (-20, -50, -2, -2, -2, -2, -50, -20),
    (10, -2, 1, 1, 1, 1, -2, 10),
    (5, -2, 1, 0, 0, 1, -2, 5),
    (5, -2, 1, 0, 0, 1, -2, 5),
    (10, -2, 1, 1, 1, 1, -2, 10),
    (-20, -50, -2, -2, -2, -2, -50, -20),
    (100, -20, 10, 5, 5, 10, -20, 100),
)


@functools.cache
def positional_weights(board_size: int, device: torch.device) -> Tensor:
    """float32 ``(n*n + 1,)`` square weights (the 8x8 table; corners and their neighbours on other
    sizes), with 0 for the null action."""
    n = board_size
    if n == 8:
        values = [v for row in POSITIONAL_8x8 for v in row]
    else:
        values = []
        for r in range(n):
            for c in range(n):
                edge_r, edge_c = min(r, n - 1 - r), min(c, n - 1 - c)
                if edge_r == 0 and edge_c == 0:
                    values.append(100)
                elif edge_r <= 1 and edge_c <= 1:
                    values.append(-30)
                elif edge_r == 0 or edge_c == 0:
                    values.append(5)
                else:
                    values.append(0)
    return torch.tensor([*values, 0], dtype=torch.float32, device=device)


def random_actions(state: State, generator: torch.Generator) -> Tensor:
    """A uniformly random legal action per board (see :func:`othello_zoo.engine.random_actions`)."""
    return engine.random_actions(state, generator)


def greedy_actions(state: State) -> Tensor:
    """The legal action that flips the most discs, ties broken by the positional table (then by
    the lowest square). Plays every legal move of every board as one batch."""
    mask = engine.legal_action_mask(state)
    boards, actions = mask.nonzero(as_tuple=True)
    children = engine.step(state[boards], actions)
    mover = state.current_player[boards]
    gained = engine.scores(children).gather(1, mover.unsqueeze(1)).squeeze(1)  # the mover's discs after
    weights = positional_weights(state.board_size, state.device)
    # Flips dominate; the table (|w| <= 100) breaks ties; the lowest square breaks the rest. An
    # integer key keeps every digit (a float32 one would lose the last tie-break).
    key = gained * 1_000_000 + (weights[actions].long() + 500) * 1000 + (999 - actions)
    best = torch.full((state.batch_size,), -1, dtype=torch.int64, device=state.device)
    best = best.scatter_reduce(0, boards, key, reduce="amax")
    chosen = key == best[boards]
    out = torch.full((state.batch_size,), state.board_size**2, dtype=torch.int64, device=state.device)
    return out.scatter(0, boards[chosen], actions[chosen])


def _observation_arrays(observation: Observation) -> tuple[np.ndarray, np.ndarray]:
    """The planes (bool ``(2, n, n)``) and mask (bool ``(n*n + 1,)``) of an observation dict, checked."""
    if "observation" not in observation or "action_mask" not in observation:
        raise ValueError(f"an observation dict needs 'observation' and 'action_mask', got keys {sorted(observation)}")
    planes = np.asarray(observation["observation"])
    mask = np.asarray(observation["action_mask"])
    n = planes.shape[-1] if planes.ndim == 3 else 0
    if planes.shape != (2, n, n) or n < MIN_BOARD_SIZE or n % 2 or n > MAX_BOARD_SIZE:
        raise ValueError(
            f"observation['observation'] must have shape (2, n, n), n even from {MIN_BOARD_SIZE} to "
            f"{MAX_BOARD_SIZE}, got {planes.shape}"
        )
    if mask.shape != (n * n + 1,):
        raise ValueError(
            f"observation['action_mask'] must have shape ({n * n + 1},) for a {n}x{n} board, got {mask.shape}"
        )
    for name, values in (("observation", planes), ("action_mask", mask)):
        if not np.isin(values, (0, 1)).all():
            raise ValueError(f"observation[{name!r}] must hold only 0 and 1")
    planes, mask = planes.astype(bool), mask.astype(bool)
    if not mask.any():
        raise ValueError(
            "observation['action_mask'] marks no legal action (it always holds one, the null action at least)"
        )
    if (planes[0] & planes[1]).any():
        raise ValueError("observation['observation'] has a square in both planes")
    return planes, mask


def board_from_observation(observation: Observation) -> Board | None:
    """The position an observation dict shows, with the observing agent to move, or ``None`` when
    its mask holds only the null action (the agent waits, must pass, or the game is over).

    Plane 0 holds the mover's discs and plane 1 the opponent's, which is all the rules depend on;
    the colour (``current_player``) is inferred from the disc count's parity (black moves when
    4 + an even number of discs are down), which is right in every game without passes.

    Raises:
        ValueError: for a malformed dict, or a mask that differs from the position's legal moves.

    >>> from othello_zoo import othello_v0
    >>> env = othello_v0.raw_env()
    >>> env.reset()
    >>> board = board_from_observation(env.observe("black_0"))
    >>> board.legal_actions(), board.current_player
    ([19, 26, 37, 44], 0)
    >>> board_from_observation(env.observe("white_0")) is None
    True
    """
    planes, mask = _observation_arrays(observation)
    n = planes.shape[-1]
    if not mask[: n * n].any():
        return None
    own, opp = (sum(1 << int(s) for s in np.flatnonzero(plane)) for plane in planes)
    player = (own.bit_count() + opp.bit_count()) % 2
    board = Board.make(own, opp, player, n)
    legal = np.flatnonzero(mask).tolist()
    if board.legal_actions() != legal:
        raise ValueError(
            f"observation['action_mask'] marks {legal}, but the legal moves of the position are "
            f"{board.legal_actions()}: the observation must come from the side of the agent about to act"
        )
    return board


class Agent(Protocol):
    """A player: chooses a legal action for the side to move on one board."""

    name: str

    def act(self, board: Board | Observation) -> int: ...


class BoardAgent:
    """The input handling every built-in agent shares; subclasses choose in :meth:`choose`.

    ``act`` takes a board, or the observation dict of the agent about to act, and answers the null
    action at once where it is the only legal one (a waiting agent, a forced pass, a finished game)
    and the only legal move where there is one.
    """

    name = "agent"

    @uses_package_threads
    def act(self, board: Board | Observation) -> int:
        """A legal action for the agent to move on ``board``, or for the agent whose observation it is."""
        if isinstance(board, Mapping):
            observed = board_from_observation(board)
            if observed is None:
                return int(np.asarray(board["action_mask"]).shape[0] - 1)
            position = observed
        else:
            position = as_board(board)
        legal = position.legal_actions()
        return legal[0] if len(legal) == 1 else self.choose(position)

    @uses_package_threads
    def act_batch(self, observation: Tensor | np.ndarray, action_mask: Tensor | np.ndarray) -> Tensor:
        """One action per row of a batch of observations ``(B, 2, n, n)`` and masks ``(B, n*n + 1)``
        (the vector env's ``observe_movers()``): int64 ``(B,)`` on the observations' device."""
        planes, masks = torch.as_tensor(observation), torch.as_tensor(action_mask)
        rows = zip(planes.cpu().numpy(), masks.cpu().numpy(), strict=True)
        actions = [self.act({"observation": p, "action_mask": m}) for p, m in rows]
        return torch.tensor(actions, dtype=torch.int64, device=planes.device)

    def choose(self, board: Board) -> int:
        """The action on a board with two or more legal moves (the mover's discs in ``board.own``)."""
        raise NotImplementedError


class RandomAgent(BoardAgent):
    """Uniformly random legal actions; ``seed`` makes it reproducible."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(check_seed("seed", seed))

    def choose(self, board: Board) -> int:
        return self.rng.choice(board.legal_actions())


class GreedyAgent(BoardAgent):
    """The legal action that flips the most discs; ties by the positional table, then the lowest
    square (the same choice as :func:`greedy_actions`)."""

    name = "greedy"

    def choose(self, board: Board) -> int:
        n = board.board_size
        rules = scalar_rules(n)
        weights = positional_weights(n, torch.device("cpu")).tolist()

        def key(action: int) -> tuple[int, float, int]:
            return rules.flips(board.own, board.opp, 1 << action).bit_count(), weights[action], -action

        return max(board.legal_actions(), key=key)


def act_in_env(agent: Agent, env: Any) -> int:
    """``agent``'s action for the agent to move in an ``othello_v0`` AEC or Parallel env."""
    return agent.act(env.unwrapped.board)
