"""# Othello against an opponent, for single-agent Gymnasium code

| Import             | `gymnasium.make("othello_zoo/Othello-v0", opponent="greedy")`           |
|--------------------|-------------------------------------------------------------------------|
| By id alone        | `"othello_zoo:othello_zoo/Othello-v0"` (Gymnasium imports `othello_zoo`) |
| Actions            | Discrete(n*n + 1): 65 on the 8 x 8 board (64 is the null action)        |
| Observation        | int8 (2, n, n): the learner's discs, then the opponent's                |
| Other observations | `observation_dtype="float32"`, `flatten_observation=True`: (2*n*n,)     |
| Action mask        | `info["action_mask"]` (int8) and `env.action_masks()` (bool)             |
| Rewards            | +1 / -1 / 0 at the end, from the learner's side                         |
| Illegal action     | `gymnasium.make`: loses (-1); the class: raises (`illegal_action`)      |
| Vector form        | `gymnasium.make_vec(..., vectorization_mode="vector_entry_point")`     |

The learner plays one colour (``learner="black"``, ``"white"`` or ``"random"``, drawn at every reset); the
opponent plays the other: a built-in agent by name (``"random"``, ``"greedy"``, ``"mcts"``, ``"alphabeta"``,
``"az"``, ``"uct"``; ``opponent_options`` go to its constructor), any agent object with ``act(board)``, or a
callable ``(observation, mask) -> action`` (a frozen copy of the learner's own policy, for self-play).

Each ``step(action)`` plays the learner's move, then the opponent's replies until the learner has a choice to make
or the game is over. A pass the learner is forced to make is played for it (``info["learner_passes"]`` counts
them), so every observation the learner sees has at least one placement. ``info["opponent_actions"]`` lists what
the opponent played since the learner's last decision (``n*n`` for its passes).

Illegal actions. ``illegal_action="raise"`` refuses an illegal action (out of range included) with a
``ValueError`` naming it and the legal ones, the game unchanged; ``illegal_action="lose"`` ends the episode as a
loss instead: reward -1, ``terminated=True``, ``info["illegal_action"] = True`` and ``info["action"]`` the action
refused, the board left as it was (only the null action in the mask). A value that is not an integer at all (a
string, a float) is refused with a ``ValueError`` either way. The class :class:`OthelloGymEnv` raises by default,
as the PettingZoo ``raw_env`` does; the registered id passes ``illegal_action="lose"``, so that
``gymnasium.make("othello_zoo/Othello-v0")`` (and ``make_vec`` in every mode) suits code that samples actions
without the mask: Gymnasium's ``check_env``, Stable-Baselines3's plain ``PPO`` and ``DQN``. Pass
``illegal_action="raise"`` to ``gymnasium.make`` to be told of an illegal action instead.

The opponent's failures. An opponent that raises, or answers something that is not an int (``TypeError``), an
action out of range or an illegal one (``ValueError``), fails the ``step`` or ``reset`` that asked it: the error
reaches the caller naming the opponent (an exception of its own carries a note naming it and the position), and
the env is as it was before the call (the board, the learner's colour, the counts in ``info``, ``np_random``), so
that the episode can go on once the opponent is mended. The opponent's own state (its generator, say) is its own.

Subprocesses. Code that makes its envs in worker processes from an id alone (CleanRL's scripts, RLlib's env
runners, ``gymnasium.make_vec(..., vectorization_mode="async")``) can name the module to import with the id:
``"othello_zoo:othello_zoo/Othello-v0"``; Gymnasium imports ``othello_zoo``, which registers the env, before making
it. RLlib's encoders want float observations and CleanRL's MLP a flat vector: ``observation_dtype="float32"`` gives
the same 0 and 1 as float32, ``flatten_observation=True`` the planes as one vector ``(2*n*n,)`` (plane 0 first, row
by row); the vector form takes both too.

The observation and its mask follow the conventions of :mod:`othello_zoo.env.othello_v0`; the game's settings are
those of :class:`~othello_zoo.env.config.EnvConfig` (``board_size``, ``opening_book``, ``opening_symmetries``,
``reward_mode``, ...). ``render_mode`` is ``"human"``, ``"rgb_array"`` or ``"ansi"``.

>>> import gymnasium
>>> import othello_zoo
>>> env = gymnasium.make("othello_zoo/Othello-v0", opponent="greedy", learner="black")
>>> observation, info = env.reset(seed=0)
>>> observation.shape, info["action_mask"].nonzero()[0].tolist()
((2, 8, 8), [19, 26, 37, 44])
>>> observation, reward, terminated, truncated, info = env.step(37)
>>> info["opponent_actions"], info["scores"]
([29], (3, 3))
>>> observation, reward, terminated, truncated, info = env.step(0)  # a1 is illegal here: the game is lost
>>> reward, terminated, info["illegal_action"], info["action"]
(-1.0, True, True, 0)
>>> flat = gymnasium.make("othello_zoo/Othello-v0", observation_dtype="float32", flatten_observation=True)
>>> flat.observation_space
Box(0.0, 1.0, (128,), float32)
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any, Literal, NamedTuple

import gymnasium
import numpy as np

from othello_zoo.core.board import Board
from othello_zoo.core.checks import IllegalAction, check_choice, check_illegal_action, integer_value
from othello_zoo.core.notation import format_moves
from othello_zoo.core.rules import AGENTS
from othello_zoo.env.config import EnvConfig, config_from
from othello_zoo.env.othello_v0 import raw_env
from othello_zoo.gym.observations import ObservationDtype, ObservationFormat
from othello_zoo.gym.opponents import Opponent, make_opponent, opponent_name, reply_error

__all__ = ["LEARNERS", "OthelloGymEnv"]

Learner = Literal["black", "white", "random"]
LEARNERS: tuple[Learner, ...] = ("black", "white", "random")


class _Replies(NamedTuple):
    """What follows the learner's decision, worked out on immutable boards before anything is played."""

    actions: list[int]  # every action to play, in order: the opponent's and the learner's forced passes
    opponent_actions: list[int]  # the opponent's among them
    learner_passes: int  # the learner's forced passes among them
    board: Board  # the board after them: the learner to move with a placement, or over


class OthelloGymEnv(gymnasium.Env[np.ndarray, np.int64]):
    """Othello for one learner against an opponent (see the module docstring for the spec).

    Args:
        opponent: a built-in agent's name, an agent object with ``act(board)`` or a callable
            ``(observation, mask) -> action``.
        config: the game's settings (or give them as keywords: ``board_size``, ``opening_book``, ...).
        learner: the learner's colour: ``"black"``, ``"white"`` or ``"random"`` (drawn at every reset).
        opponent_options: keyword arguments of a built-in opponent's constructor.
        illegal_action: ``"raise"`` (a ``ValueError``, nothing changed; the class's default) or ``"lose"`` (the
            episode ends with reward -1; the registered id's default).
        observation_dtype: ``"int8"`` (default) or ``"float32"`` (or the NumPy or torch dtype).
        flatten_observation: hand out the planes as one vector ``(2*n*n,)``.
        render_mode: ``None``, ``"human"``, ``"rgb_array"`` or ``"ansi"``.
        **settings: the fields of :class:`~othello_zoo.env.config.EnvConfig`.

    Raises:
        TypeError: an unknown keyword, a ``flatten_observation`` that is not a bool, or an opponent that is neither a
            name, an agent nor a callable.
        ValueError: a bad value of any argument, named with what is allowed.
    """

    metadata = {"render_modes": ["human", "rgb_array", "ansi"], "render_fps": 2}  # noqa: RUF012 - Gymnasium's

    def __init__(
        self,
        opponent: str | Any = "random",
        config: EnvConfig | None = None,
        *,
        learner: Learner = "black",
        opponent_options: dict[str, Any] | None = None,
        illegal_action: IllegalAction = "raise",
        observation_dtype: ObservationDtype | Any = "int8",
        flatten_observation: bool = False,
        render_mode: str | None = None,
        **settings: Any,
    ) -> None:
        self.config = config = config_from(config, settings, "OthelloGymEnv")
        self.learner_setting: Learner = check_choice("learner", learner, LEARNERS)  # type: ignore[assignment]
        self.illegal_action = check_illegal_action(illegal_action)
        self.observation_format = ObservationFormat.checked(observation_dtype, flatten_observation)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or one of {self.metadata['render_modes']}, got {render_mode!r}")
        self.render_mode = render_mode
        self._opponent_spec, self._opponent_options = opponent, dict(opponent_options or {})
        self._opponent: Opponent = make_opponent(opponent, board_size=config.board_size, options=opponent_options)
        self._opponent_name = opponent_name(opponent)
        self.observation_space = self.observation_format.space(config.board_size)
        self.action_space = config.action_space()
        # The game itself: the AEC env, which owns the board, the opening draws, the checks and the rendering (in
        # "human" mode its window shows every move, the opponent's included).
        self._game = raw_env(config, render_mode=render_mode)
        self.learner = 0  # the learner's colour this episode: 0 black, 1 white
        self._opponent_actions: list[int] = []
        self._learner_passes = 0
        self._over = True

    # -- the episode -------------------------------------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """A new game: the learner's colour (``"random"``: drawn), the opening, and the opponent's first moves when
        the learner is white. ``options`` as :mod:`othello_zoo.env.othello_v0`'s (``"opening"``, ``"position"``).

        Raises:
            ValueError: a bad seed or option, a game over before the learner's first move, or an opponent's answer
                that is illegal or out of range (``TypeError``: not an int). Whatever the error (the opponent's own
                included), the env is left as it was before the call.
        """
        restore = self._saved()
        try:
            super().reset(seed=seed)
            game_seed = None if seed is None else int(self.np_random.integers(2**63))
            self._game.reset(seed=game_seed, options=options)
            board = self._game.board
            if board.terminated:
                raise ValueError(f"the game is over at this start position ({board.to_text()!r}): nothing to play")
            colour = self.learner_setting
            self.learner = int(self.np_random.integers(2)) if colour == "random" else LEARNERS.index(colour)
            if seed is not None and isinstance(self._opponent_spec, str):  # a built-in opponent plays reproducibly
                self._opponent = make_opponent(
                    self._opponent_spec,
                    board_size=self.config.board_size,
                    seed=int(self.np_random.integers(2**63)),
                    options=self._opponent_options,
                )
            replies = self._replies(board)
            if replies.board.terminated:  # the opponent's first replies ended the game (a book never does this)
                raise ValueError("the game ended before the learner's first move: choose another opening or position")
        except BaseException:
            restore()
            raise
        self._play(replies)
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """The learner's ``action``, then the opponent's replies; see the module docstring.

        Raises:
            ValueError: a step after the episode's end, an action that is not an int, an illegal action (with
                ``illegal_action="raise"``), or an opponent's answer that is illegal or out of range (``TypeError``:
                not an int). Whatever the error (the opponent's own included), the env is left as it was.
        """
        if self._over:
            raise ValueError("the episode is over: call reset() before step()")
        value = integer_value(action)
        board = self._game.board
        if value is None or not board.is_legal(value):
            if self.illegal_action == "raise" or value is None:
                raise ValueError(self._refusal(action, value, board))
            self._opponent_actions, self._learner_passes, self._over = [], 0, True  # a forfeit: the learner loses
            info = self._info() | {"illegal_action": True, "action": value}
            return self._observation(), -1.0, True, False, info
        replies = self._replies(board.play(value))  # the opponent asked before anything is played: a failure here
        self._play(replies, value)  # leaves the env as it was
        reward = self._reward() if self._over else 0.0
        return self._observation(), reward, self._over, False, self._info()

    def action_masks(self) -> np.ndarray:
        """bool ``(n*n + 1,)``: the learner's legal actions now (sb3-contrib's ``MaskablePPO`` reads this)."""
        return self._mask().astype(bool)

    def render(self) -> Any:
        """The board: an RGB frame (``"rgb_array"``), text (``"ansi"``) or a window (``"human"``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode; pass render_mode to the constructor.")
            return None
        return self._game.render()

    def close(self) -> None:
        self._game.close()

    # -- helpers -----------------------------------------------------------------------------------------------
    @property
    def board(self) -> Board:
        """The current board (an immutable value)."""
        return self._game.board

    def _replies(self, board: Board) -> _Replies:
        """The opponent's moves and the learner's forced passes from ``board`` on, until the learner has a choice
        or the game ends; on immutable boards, nothing played yet (the opponent's errors propagate from here)."""
        n2 = self.config.board_size**2
        actions: list[int] = []
        opponent_actions: list[int] = []
        passes = 0
        while not board.terminated:
            if board.current_player == self.learner:
                if board.moves:
                    break
                action = n2  # the learner's forced pass
                passes += 1
            else:
                action = self._opponent(board)
                if not board.is_legal(action):
                    raise reply_error(self._opponent_name, action, board)
                opponent_actions.append(action)
            actions.append(action)
            board = board.play(action)
        return _Replies(actions, opponent_actions, passes, board)

    def _play(self, replies: _Replies, action: int | None = None) -> None:
        """Plays the learner's ``action`` (``None``: none, at a reset) and ``replies`` in the game, all legal."""
        game = self._game
        for move in replies.actions if action is None else [action, *replies.actions]:
            game.step(move)
        self._opponent_actions, self._learner_passes = replies.opponent_actions, replies.learner_passes
        self._over = replies.board.terminated

    def _saved(self) -> Callable[[], None]:
        """A function that puts the env back as it is now (the game, its generators, the learner, the opponent and
        the counts), for a reset that fails part way."""
        game, attributes = self._game, dict(vars(self))
        game_attributes = {k: copy.copy(v) if isinstance(v, (list, dict)) else v for k, v in vars(game).items()}
        generators = [g for g in (self._np_random, game.np_random) if g is not None]
        states = [g.bit_generator.state for g in generators]

        def restore() -> None:
            self.__dict__.clear()
            self.__dict__.update(attributes)
            game.__dict__.clear()
            game.__dict__.update(game_attributes)
            for generator, state in zip(generators, states, strict=True):
                generator.bit_generator.state = state
            if self.render_mode == "human":
                game.render()  # the window back to the board as it is

        return restore

    def _refusal(self, action: object, value: int | None, board: Board) -> str:
        """The message of the ``ValueError`` for the learner's ``action`` (``value``: it as an int, if it is one)."""
        n = self.config.board_size
        legal = board.legal_actions()
        what = f"illegal ({format_moves([value], n)})" if value is not None and 0 <= value <= n * n else None
        what = what or f"not an int in 0..{n * n}"
        return f"action {action!r} is {what}; legal: {legal} ({format_moves(legal, n)})"

    def _observation(self) -> np.ndarray:
        return self.observation_format.array(self._game.board.observation(self.learner)[0])

    def _mask(self) -> np.ndarray:
        board = self._game.board
        if self._over:
            mask = np.zeros(self.config.board_size**2 + 1, dtype=np.int8)
            mask[-1] = 1  # nothing left to play: only the null action, so that the mask is never all zeros
            return mask
        return board.action_mask(self.learner)

    def _reward(self) -> float:
        black, white = self._game.rewards["black_0"], self._game.rewards["white_0"]
        return float(black if self.learner == 0 else white)

    def _info(self) -> dict[str, Any]:
        return {
            "action_mask": self._mask(),
            "opponent_actions": list(self._opponent_actions),
            "learner_passes": self._learner_passes,
            "learner": AGENTS[self.learner].removesuffix("_0"),
            "scores": self._game.board.scores(),
        }
