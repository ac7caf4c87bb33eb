"""What the PettingZoo environments share: validated arguments, observations, infos, the board
and its tooling (state, history, copies) and rendering. The spec is :mod:`othello_zoo.env.othello_v0`."""

from __future__ import annotations

import copy
from typing import Any

import gymnasium
import numpy as np
from gymnasium.utils import seeding

from othello_zoo import engine
from othello_zoo.core.board import Board
from othello_zoo.core.checks import check_int, check_options, check_seed, integer_value
from othello_zoo.core.notation import format_moves, parse_moves, square_names
from othello_zoo.core.rules import AGENTS
from othello_zoo.env.config import EnvConfig
from othello_zoo.env.openings import replay

__all__ = [
    "AGENTS",
    "BoardEnv",
    "board_infos",
    "board_state",
    "check_max_cycles",
    "final_rewards",
    "new_board",
    "observe_board",
    "start_board",
]


def new_board(config: EnvConfig, text: str | None = None) -> Board:
    """The start position, or the position ``text`` (which must be of the env's size)."""
    if text is None:
        return Board.start(config.board_size)
    board = Board.from_text(text)
    if board.board_size != config.board_size:
        n, m = board.board_size, config.board_size
        raise ValueError(f"the position is {n}x{n}, the environment's board {m}x{m}: {text!r}")
    return board


def start_board(config: EnvConfig, rng: np.random.Generator, options: dict[str, Any] | None) -> tuple[Board, list[int]]:
    """The board a reset starts from and the moves that led there (from the start position)."""
    options = check_options(options)  # other keys are ignored, as PettingZoo's API test expects
    if "opening" in options and "position" in options:
        raise ValueError("reset takes either options['opening'] or options['position'], not both")
    if "position" in options:
        text = options["position"]
        if not isinstance(text, str):
            raise TypeError(f"options['position'] must be position text (a str), got {type(text).__name__}")
        return new_board(config, text), []
    n = config.board_size
    if "opening" in options:
        opening = options["opening"]
        if isinstance(opening, str):
            moves = parse_moves(opening, n)
        elif isinstance(opening, (list, tuple)):
            moves = [check_int(f"options['opening'][{i}]", a, low=0, high=n * n) for i, a in enumerate(opening)]
        else:
            raise TypeError(f"options['opening'] must be move text or a list of actions, got {opening!r}")
    elif config.book is not None:
        moves = config.book.draw(rng, config.opening_symmetries)
    else:
        moves = []
    return replay(moves, n, where="the opening"), list(moves)


def final_rewards(config: EnvConfig, board: Board) -> tuple[float, float]:
    """Rewards (black, white) of a finished board under the config's reward mode."""
    return board.rewards(margin=config.reward_mode == "margin")


def observe_board(board: Board, player: int) -> dict[str, np.ndarray]:
    """The observation dict of ``player`` (0 black, 1 white)."""
    observation, action_mask = board.observation(player)
    return {"observation": observation, "action_mask": action_mask}


def board_infos(board: Board) -> dict[str, dict[str, Any]]:
    """Per agent: both disc counts, ``(black, white)``. Fixed-size numbers only, so that every client
    can stack the infos of many steps (the legal moves in notation come from ``legal_moves()``)."""
    scores = board.scores()
    return {"black_0": {"scores": scores}, "white_0": {"scores": scores}}


def board_state(board: Board) -> np.ndarray:
    """The full position as int8 ``(3, n, n)``: black's discs, white's discs, and a plane of the
    colour to move (all 0 when black is to move, all 1 when white is)."""
    n = board.board_size
    out = np.empty((3, n, n), dtype=np.int8)
    out[:2] = board.planes(0).view(np.int8).reshape(2, n, n)
    out[2] = board.current_player
    return out


def check_max_cycles(max_cycles: object) -> int | None:
    """``max_cycles`` as an int (``None`` stays ``None``), or a ``TypeError``/``ValueError`` naming it."""
    return None if max_cycles is None else check_int("max_cycles", max_cycles, low=1)


class BoardEnv:
    """What the AEC and Parallel environments share: the board, tooling and rendering."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo's class attribute
        "name": "othello_v0",
        "render_modes": ["human", "rgb_array", "ansi"],
        "is_parallelizable": False,  # turn based: aec_to_parallel refuses it, as for PettingZoo's classic games
        "render_fps": 2,
    }
    config: EnvConfig
    board_size: int
    max_cycles: int | None
    render_mode: str | None
    history: list[int]
    _board: Board
    _last_move: int | None
    _null: int
    _renderer: Any

    def _setup(self, config: EnvConfig, render_mode: str | None, max_cycles: int | None) -> None:
        self.max_cycles = check_max_cycles(max_cycles)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or one of {self.metadata['render_modes']}, got {render_mode!r}")
        self.config = config
        self.board_size = config.board_size
        self._null = config.board_size**2  # the null action
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        observation_space, action_space = config.observation_space(), config.action_space()
        self.observation_spaces = {agent: observation_space for agent in self.possible_agents}
        self.action_spaces = {agent: action_space for agent in self.possible_agents}
        self.state_space = config.state_space()
        self.np_random, _ = seeding.np_random(None)
        self._renderer = None

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    def state(self) -> np.ndarray:
        """The full position as int8 ``(3, n, n)`` (``state_space``): black's discs, white's discs,
        and a plane of the colour to move (0 black, 1 white), the same from either agent's side.

        >>> from othello_zoo import othello_v0
        >>> e = othello_v0.raw_env(board_size=4)
        >>> e.reset()
        >>> e.state()[:, 1:3, 1:3].tolist()  # the centre: black on c2 and b3, white on b2 and c3; black to move
        [[[0, 1], [1, 0]], [[1, 0], [0, 1]], [[0, 0], [0, 0]]]
        """
        return board_state(self._board)

    def legal_moves(self, agent: str | None = None) -> list[str]:
        """``agent``'s legal actions in notation (default: the agent to move); ``["pass"]`` for the
        waiting agent, a forced pass and a finished game.

        >>> from othello_zoo import othello_v0
        >>> e = othello_v0.raw_env()
        >>> e.reset()
        >>> e.legal_moves(), e.legal_moves("white_0")
        (['d3', 'c4', 'f5', 'e6'], ['pass'])
        """
        mover = AGENTS[self._board.current_player]
        if agent is not None and agent not in AGENTS:
            raise ValueError(f"agent must be one of {AGENTS}, got {agent!r}")
        names = square_names(self.board_size)
        if agent not in (None, mover) or self._board.terminated:
            return [names[-1]]
        return [names[a] for a in self._board.legal_actions()]

    def _set_board(self, board: Board, moves: list[int]) -> None:
        self._board = board
        self.history = list(moves)
        self._last_move = moves[-1] if moves and moves[-1] < self.board_size**2 else None

    def _play(self, action: int) -> None:
        """Play ``action``, which :meth:`_check_action` has found legal."""
        self._board = self._board.play(action)
        self.history.append(action)
        self._last_move = action if action < self.board_size * self.board_size else None

    def _reset_board(self, seed: object, options: object) -> tuple[Board, list[int]]:
        """The board a reset starts from; the random generator changes only if the reset succeeds
        (reseeded with ``seed``, advanced by the book's draw)."""
        seed = check_seed("seed", seed)
        if seed is not None:
            rng = seeding.np_random(seed)[0]
            start = start_board(self.config, rng, options)  # type: ignore[arg-type]  # checked there
            self.np_random = rng
            return start
        saved = self.np_random.bit_generator.state  # a few microseconds; a deep copy of the generator takes ~100
        try:
            return start_board(self.config, self.np_random, options)  # type: ignore[arg-type]
        except BaseException:
            self.np_random.bit_generator.state = saved
            raise

    def _check_action(self, agent: str, action: object) -> int:
        """``action`` as an int if it is legal for the mover ``agent``: a ``TypeError`` if it is not an
        int, a ``ValueError`` if it is out of range or illegal."""
        n = self.board_size
        value = integer_value(action)
        if value is None:
            raise TypeError(f"action must be an int in 0..{n * n} ({n * n} = pass), got {action!r}")
        action = value
        if not self._board.is_legal(action):
            what = f"outside 0..{n * n}" if not 0 <= action <= n * n else f"illegal ({format_moves([action], n)})"
            legal = self._board.legal_actions()
            raise ValueError(f"action {action} for {agent} is {what}; legal: {legal} ({format_moves(legal, n)})")
        return action

    def render(self) -> Any:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode; pass render_mode to the constructor.")
            return None
        from othello_zoo import render

        over = self._board.terminated
        legal = [a for a in self._board.legal_actions() if a < self.board_size**2] if not over else []
        args = (render.cells_of(self._board), self._board.current_player, legal, self._last_move, over)
        if self.render_mode == "ansi":
            return render.board_to_ansi(*args)
        if self._renderer is None:
            self._renderer = render.BoardRenderer(self.board_size, self.render_mode, self.metadata["render_fps"])
        return self._renderer.render(*args)

    def close(self) -> None:
        if self._renderer is not None:
            self._renderer.close()
            self._renderer = None

    @property
    def board(self) -> Board:
        """The current board (an immutable value)."""
        return self._board

    @property
    def history_text(self) -> str:
        """The moves played since the start position, in notation (``"f5d6c3..."``)."""
        return format_moves(self.history, self.board_size)

    def get_state(self) -> engine.State:
        """The position as an engine ``State`` (a batch of one) of the env's kernel (``backend``) on its device."""
        return engine.from_boards(self._board, self.config.device, self.config.backend)

    def _board_from(self, state: engine.State | str) -> Board:
        if isinstance(state, engine.State):
            if state.batch_size != 1:
                raise ValueError(f"set_state takes a State of one board, got a batch of {state.batch_size}")
            if state.board_size != self.board_size:
                n, m = state.board_size, self.board_size
                raise ValueError(f"the State is {n}x{n}, the environment's board {m}x{m}")
            return engine.to_boards(state)[0]
        if isinstance(state, str):
            return new_board(self.config, state)
        raise TypeError(f"set_state takes an engine State or position text, got {type(state).__name__}")

    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()
        state["_renderer"] = None  # windows and fonts are not copied; a copy draws its own
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        clone = object.__new__(type(self))
        memo[id(self)] = clone
        for key, value in self.__getstate__().items():
            setattr(clone, key, copy.deepcopy(value, memo))
        return clone
