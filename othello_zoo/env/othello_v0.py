"""# Othello

| Import             | `from othello_zoo import othello_v0`                 |
|--------------------|------------------------------------------------------|
| Actions            | Discrete                                             |
| Parallel API       | Yes (`othello_v0.parallel_env()`)                    |
| Manual Control     | Yes (`othello-zoo play`)                             |
| Agents             | `agents= ['black_0', 'white_0']`                     |
| Agents             | 2                                                    |
| Action Shape       | Discrete(n*n + 1): 65 on the 8 x 8 board             |
| Action Values      | [0, n*n]                                             |
| Observation Shape  | (2, n, n): (2, 8, 8) on the 8 x 8 board              |
| Observation Values | [0, 1]                                               |
| State Shape        | (3, n, n): (3, 8, 8) on the 8 x 8 board              |
| State Values       | [0, 1]                                               |
| Registry id        | `othello_zoo/othello_v0` (`pettingzoo.make`)         |

Othello (Reversi) for two players on an even n x n board (8 x 8 by default, any even n from 4 to 16).
Black moves first from the four central discs (white on d4 and e5, black on e4 and d5). A move
places a disc so that it sandwiches one or more straight lines of the opponent's discs between it
and another disc of the mover; those discs are flipped. A player with no such placement must
pass; the game ends when neither player can place a disc, and the player with more discs wins.

### Observation Space

A dict with `"observation"` and `"action_mask"`. The observation is an int8 array of shape
`(2, n, n)`, channels first: plane 0 holds the observing agent's discs, plane 1 its opponent's
(1 where a disc lies, 0 elsewhere). Row 0 is rank 1 (the top), column 0 is file a (the left).

### Action Space and Action Mask

Action `row * n + col` places a disc on that square (`a1` = 0, `h1` = 7, `a8` = 56 on the 8 x 8
board); action `n * n` (64) is the null action, written `pass`. The action mask (int8, length
`n * n + 1`) is never all zeros: for the agent to move it marks the legal placements, or only the
null action when it must pass; for the waiting agent it marks only the null action.

### Rewards

| Winner | Loser | Draw |
| :----: | :---: | :--: |
| +1     | -1    | 0 each |

Rewards are 0 during play and given when the game ends, decided by the disc counts
(`reward_mode="margin"` gives instead the final disc difference divided by n * n, in [-1, 1]).
An illegal action to `env()` ends the game with -1 for the offender and 0 for the other agent
(PettingZoo's `TerminateIllegalWrapper`); `raw_env()` raises a `ValueError` naming the action and
the legal ones, and leaves the game unchanged.

### Termination

Both agents terminate as soon as neither player has a legal placement (a full board included).
Nobody is asked to pass twice. Truncation never happens in a legal game.

### Infos

`infos[agent]` is `{"scores": (black discs, white discs)}` for both agents: fixed-size numbers
only, so that replay buffers and batching clients (Tianshou, TorchRL, RLlib) can stack them.
`env.unwrapped.legal_moves(agent)` gives an agent's legal actions in notation
(`["d3", "c4", "f5", "e6"]`, or `["pass"]`).

### State

`state()` is the full position, the same whoever asks: int8 `(3, n, n)` (`state_space`), black's
discs in plane 0, white's in plane 1, and plane 2 filled with the colour to move (0 black, 1 white).

### Arguments

``` python
othello_v0.env(board_size=8, opening_book=None, opening_symmetries=True, backend="auto",
               device=None, render_mode=None, reward_mode="outcome", max_cycles=None)
```

`board_size`: even, from 4 to 16.

`opening_book`: `None`, `"xot"` (the shipped book of 10,784 balanced 8-move openings, 8 x 8
only), a path to a book file (one move sequence a line, `#` comments) or a list of move strings.
With a book, each `reset()` starts after an opening drawn uniformly at random (reproducibly from
`reset(seed=...)`), black to move.

`opening_symmetries`: apply one of the 4 symmetries of the start position (identity, half turn,
the two diagonal reflections) to each drawn opening, so that all four first moves occur.

`backend` and `device`: the engine kernel (`"auto"`, `"bitboard"`, `"conv"`, `"conv2d"`) and the torch device
of the engine states the env hands out (`get_state()`); the env plays its one board on Python ints
(`othello_zoo.core.board.Board`), a few microseconds a move. `vector_env` steps its batch with this kernel.

`render_mode`: `"human"` (a pygame window), `"rgb_array"` (an H x W x 3 frame, no window) or
`"ansi"` (text).

`reward_mode`: `"outcome"` (+1 / -1 / 0) or `"margin"` (final disc difference / n * n).

`max_cycles`: `None` (the default; every game ends by the rules within n * n - 4 placements and
its forced passes, so none needs a limit), or a number of cycles after which both agents are
truncated with reward 0, for tools that pass one (PettingZoo's `max_cycles_test`, the registry's
`make(..., max_cycles=...)`). A cycle is one action of every agent: two turns in the AEC env, one
step in the Parallel env (where the waiting agent's null action is its share of the cycle).

### Registration and conversions

Importing `othello_zoo` registers the envs with PettingZoo's registry (PettingZoo 1.27 and later):
`pettingzoo.make("aec", "othello_zoo/othello_v0")` is `env()` and
`pettingzoo.make("parallel", "othello_zoo/othello_v0")` is `parallel_env()`; keyword arguments
pass through. The game is turn based, so `metadata["is_parallelizable"]` is `False` and
`aec_to_parallel` refuses it, as for PettingZoo's classic games; `parallel_env()` is the native
parallel form (`turn_based_aec_to_parallel` also works).

`reset(options={"opening": "f5d6c3d3c4f4c5b3"})` forces an opening,
`reset(options={"position": "<position text>"})` a position (64 characters `X`, `O`, `-` from a1
row by row, a space and the side to move); both work with or without a book.

### Version History

* v0: Initial release (othello_zoo 0.1.0).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers

from othello_zoo import engine
from othello_zoo.core.board import Board
from othello_zoo.core.checks import IllegalAction, check_illegal_action, integer_value
from othello_zoo.env._envbase import AGENTS, BoardEnv, board_infos, final_rewards, new_board, observe_board
from othello_zoo.env.config import EnvConfig, config_from
from othello_zoo.env.vector import OthelloVectorEnv

__all__ = ["EnvConfig", "env", "parallel_env", "raw_env", "vector_env"]

_PLAYERS = {agent: player for player, agent in enumerate(AGENTS)}


def vector_env(num_envs: int, config: EnvConfig | None = None, **kwargs: Any) -> OthelloVectorEnv:
    """``num_envs`` games as batched torch tensors on one device (see :mod:`othello_zoo.env.vector`).

    Takes the settings of :class:`~othello_zoo.env.config.EnvConfig` (or ``config=``), ``autoreset_mode`` and
    ``illegal_action`` (``"raise"`` or ``"lose"``).
    """
    return OthelloVectorEnv(num_envs, config, **kwargs)


def env(**kwargs: Any) -> AECEnv:
    """The AEC environment with PettingZoo's standard wrappers.

    An illegal action ends the game with -1 for the offender and 0 for the other agent.

    >>> e = env()
    >>> e.reset(seed=0)
    >>> obs, reward, termination, truncation, info = e.last()
    >>> obs["action_mask"].nonzero()[0].tolist(), info
    ([19, 26, 37, 44], {'scores': (2, 2)})
    >>> e.unwrapped.legal_moves()
    ['d3', 'c4', 'f5', 'e6']
    """
    wrapped: AECEnv = raw_env(**kwargs)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    wrapped = wrappers.OrderEnforcingWrapper(wrapped)
    return wrapped


class raw_env(BoardEnv, AECEnv[str, dict[str, np.ndarray], int]):  # noqa: N801 - PettingZoo's naming
    """Othello as a PettingZoo AEC environment (see the module docstring for the full spec)."""

    metadata = BoardEnv.metadata
    agent_selection: str
    infos: dict[str, dict[str, Any]]

    def __init__(
        self,
        config: EnvConfig | None = None,
        *,
        render_mode: str | None = None,
        max_cycles: int | None = None,
        **settings: Any,
    ) -> None:
        """Build the env from ``config`` or from its settings as keyword arguments (``board_size``,
        ``opening_book``, ``opening_symmetries``, ``backend``, ``device``, ``reward_mode``: see
        :class:`~othello_zoo.env.config.EnvConfig`)."""
        AECEnv.__init__(self)
        config = config_from(config, settings, "raw_env")
        self._setup(config, render_mode, max_cycles)
        self._start(new_board(config), [])

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._start(*self._reset_board(seed, options))
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        player = _PLAYERS.get(agent)  # a dict look-up: a list's index() costs more on every step
        if player is None:
            raise ValueError(f"agent must be one of {', '.join(map(repr, AGENTS))}, got {agent!r}")
        observation, action_mask = self._board.observation(player)
        return {"observation": observation, "action_mask": action_mask}

    def step(self, action: int | None) -> None:
        if not self.agents:
            raise ValueError(f"step({action!r}) after the game is over and both agents are done: call reset() first")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise ValueError(f"{agent} is done: its step takes None, got {action!r}")
            self._was_dead_step(action)
            return
        # The hot path: Board.is_legal, BoardEnv._play and _sync written out for a live board, the step's one
        # legality check and then the unchecked play. tests/test_aec_hot_path.py holds it to the plain forms.
        board = self._board
        moves = board.moves  # board.is_legal, inline for a live board: placements by their bits, else the null action
        if type(action) is not int or not (moves >> action & 1 if moves and action >= 0 else action == self._null):
            action = self._check_action(agent, action)  # converts an integer of another type, or raises
        self._cumulative_rewards[agent] = 0
        self._board = after = board.play(action)  # as _play, inline
        self.history.append(action)
        self._last_move = action if moves else None  # a pass is played exactly where there are no moves
        self._steps += 1
        if after.terminated or self.max_cycles is not None:
            self._sync()
        else:  # _sync, inline for a game that goes on: the next agent and the infos; no reward before the end
            self.infos = board_infos(after)
            self.agent_selection = AGENTS[after.current_player]
        if self.render_mode == "human":
            self.render()

    def set_state(self, state: engine.State | str) -> None:
        """Continue from an engine ``State`` of one board or from position text (history cleared)."""
        self._start(self._board_from(state), [])

    def _start(self, board: Board, moves: list[int]) -> None:
        self._set_board(board, moves)
        self._steps = 0  # turns played since the reset, for max_cycles
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self._sync()

    def _sync(self) -> None:
        """Agent selection, rewards, terminations and infos from the board."""
        board = self._board
        self.infos = board_infos(board)
        self.agent_selection = AGENTS[board.current_player]
        if board.terminated:
            black, white = final_rewards(self.config, board)
            self.rewards = {"black_0": black, "white_0": white}
            self.terminations = {agent: True for agent in self.agents}
            self._accumulate_rewards()
        else:  # no reward before the end (the rewards _start set stay): nothing to accumulate
            if self.max_cycles is not None and self._steps >= self.max_cycles * len(AGENTS):
                self.truncations = {agent: True for agent in self.agents}


class parallel_env(BoardEnv, ParallelEnv[str, dict[str, np.ndarray], int]):  # noqa: N801 - PettingZoo's naming
    """Othello as a native PettingZoo ``ParallelEnv``: both agents act every step.

    The waiting agent's action is ignored (the null action is its only legal one). An illegal
    action of the mover ends the game with -1 for it and 0 for the other agent
    (``illegal_action="lose"``, the default) or raises a ``ValueError`` with the game unchanged
    (``"raise"``). Other arguments as :func:`env`.

    >>> p = parallel_env()
    >>> observations, infos = p.reset(seed=0)
    >>> observations, rewards, terminations, truncations, infos = p.step({"black_0": 37, "white_0": 64})
    >>> p.legal_moves("white_0"), infos["black_0"]["scores"]
    (['f4', 'd6', 'f6'], (4, 1))
    """

    metadata = BoardEnv.metadata

    def __init__(
        self,
        config: EnvConfig | None = None,
        *,
        render_mode: str | None = None,
        illegal_action: IllegalAction = "lose",
        max_cycles: int | None = None,
        **settings: Any,
    ) -> None:
        """Build the env from ``config`` or from its settings as keyword arguments (see :class:`raw_env`)."""
        self.illegal_action = check_illegal_action(illegal_action)
        config = config_from(config, settings, "parallel_env")
        self._setup(config, render_mode, max_cycles)
        self._set_board(new_board(config), [])
        self._steps = 0
        self.agents = self.possible_agents[:]

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, dict[str, np.ndarray]], dict[str, dict[str, Any]]]:
        self._set_board(*self._reset_board(seed, options))
        self._steps = 0
        self.agents = self.possible_agents[:] if not self._board.terminated else []
        if self.render_mode == "human":
            self.render()
        return self._observations(), board_infos(self._board)

    def step(
        self, actions: dict[str, int]
    ) -> tuple[
        dict[str, dict[str, np.ndarray]], dict[str, float], dict[str, bool], dict[str, bool], dict[str, dict[str, Any]]
    ]:
        if not self.agents:
            raise ValueError("the game is over: call reset() before step()")
        mover = AGENTS[self._board.current_player]
        if not isinstance(actions, dict):
            raise TypeError(f"actions must be a dict {{agent: action}}, got {actions!r} ({type(actions).__name__})")
        if mover not in actions:
            raise ValueError(f"actions must hold an action for the agent to move, {mover!r}; got {actions!r}")
        if integer_value(actions[mover]) is None:
            n = self.board_size
            raise TypeError(f"the action of {mover} must be an int in 0..{n * n}, got {actions[mover]!r}")
        try:
            action = self._check_action(mover, actions[mover])
        except ValueError:
            if self.illegal_action == "raise":
                raise
            self._board = self._board.forfeit()
        else:
            self._play(action)
        self._steps += 1
        over = self._board.terminated
        cut = not over and self.max_cycles is not None and self._steps >= self.max_cycles
        black, white = final_rewards(self.config, self._board) if over else (0.0, 0.0)
        rewards = {"black_0": black, "white_0": white}
        terminations = {agent: over for agent in AGENTS}
        truncations = {agent: cut for agent in AGENTS}
        observations = self._observations()
        infos = board_infos(self._board)
        if over or cut:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def set_state(self, state: engine.State | str) -> None:
        """Continue from an engine ``State`` of one board or from position text (history cleared)."""
        self._set_board(self._board_from(state), [])
        self._steps = 0
        self.agents = self.possible_agents[:] if not self._board.terminated else []

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        return {agent: observe_board(self._board, i) for i, agent in enumerate(AGENTS)}
