"""# Othello against an opponent, for single-agent Gymnasium code

| Import             | `gymnasium.make("othello_zoo/Othello-v0", opponent="greedy")`           |
|--------------------|-------------------------------------------------------------------------|
| Actions            | Discrete(n*n + 1): 65 on the 8 x 8 board (64 is the null action)        |
| Observation        | int8 (2, n, n): the learner's discs, then the opponent's                |
| Action mask        | `info["action_mask"]` (int8) and `env.action_masks()` (bool)             |
| Rewards            | +1 / -1 / 0 at the end, from the learner's side                         |
| Vector form        | `gymnasium.make_vec(..., vectorization_mode="vector_entry_point")`     |

The learner plays one colour (``learner="black"``, ``"white"`` or ``"random"``, drawn at every reset); the
opponent plays the other: a built-in agent by name (``"random"``, ``"greedy"``, ``"mcts"``, ``"alphabeta"``,
``"az"``, ``"uct"``; ``opponent_options`` go to its constructor), any agent object with ``act(board)``, or a
callable ``(observation, mask) -> action`` (a frozen copy of the learner's own policy, for self-play).

Each ``step(action)`` plays the learner's move, then the opponent's replies until the learner has a choice to make
or the game is over. A pass the learner is forced to make is played for it (``info["learner_passes"]`` counts
them), so every observation the learner sees has at least one placement. ``info["opponent_actions"]`` lists what
the opponent played since the learner's last decision (``n*n`` for its passes).

An illegal action raises a ``ValueError`` naming it and the legal ones, with the game unchanged; with
``illegal_action="lose"`` it ends the episode as a loss (reward -1). The observation and its mask follow the
conventions of :mod:`othello_zoo.env.othello_v0`; the game's settings are those of
:class:`~othello_zoo.env.config.EnvConfig` (``board_size``, ``opening_book``, ``opening_symmetries``,
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
"""

from __future__ import annotations

from typing import Any, Literal

import gymnasium
import numpy as np

from othello_zoo.core.board import Board
from othello_zoo.core.checks import IllegalAction, check_choice, check_illegal_action, integer_value
from othello_zoo.core.notation import format_moves
from othello_zoo.core.rules import AGENTS
from othello_zoo.env.config import EnvConfig, config_from
from othello_zoo.env.othello_v0 import raw_env
from othello_zoo.gym.opponents import Opponent, make_opponent

__all__ = ["LEARNERS", "OthelloGymEnv"]

Learner = Literal["black", "white", "random"]
LEARNERS: tuple[Learner, ...] = ("black", "white", "random")


class OthelloGymEnv(gymnasium.Env[np.ndarray, np.int64]):
    """Othello for one learner against an opponent (see the module docstring for the spec)."""

    metadata = {"render_modes": ["human", "rgb_array", "ansi"], "render_fps": 2}  # noqa: RUF012 - Gymnasium's

    def __init__(
        self,
        opponent: str | Any = "random",
        config: EnvConfig | None = None,
        *,
        learner: Learner = "black",
        opponent_options: dict[str, Any] | None = None,
        illegal_action: IllegalAction = "raise",
        render_mode: str | None = None,
        **settings: Any,
    ) -> None:
        """Build the env against ``opponent``; the game's settings are ``config`` or its fields as keywords."""
        self.config = config = config_from(config, settings, "OthelloGymEnv")
        self.learner_setting: Learner = check_choice("learner", learner, LEARNERS)  # type: ignore[assignment]
        self.illegal_action = check_illegal_action(illegal_action)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or one of {self.metadata['render_modes']}, got {render_mode!r}")
        self.render_mode = render_mode
        self._opponent_spec, self._opponent_options = opponent, dict(opponent_options or {})
        self._opponent: Opponent = make_opponent(opponent, board_size=config.board_size, options=opponent_options)
        self.observation_space = gymnasium.spaces.Box(0, 1, (2, config.board_size, config.board_size), dtype=np.int8)
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
        the learner is white. ``options`` as :mod:`othello_zoo.env.othello_v0`'s (``"opening"``, ``"position"``)."""
        super().reset(seed=seed)
        game_seed = None if seed is None else int(self.np_random.integers(2**63))
        self._game.reset(seed=game_seed, options=options)
        board = self._game.board
        if board.terminated:
            raise ValueError(f"the game is over at this start position ({board.to_text()!r}): nothing to play")
        colour = self.learner_setting
        self.learner = int(self.np_random.integers(2)) if colour == "random" else LEARNERS.index(colour)
        if seed is not None and isinstance(self._opponent_spec, str):  # a built-in opponent plays reproducibly
            opponent_seed = int(self.np_random.integers(2**63))
            self._opponent = make_opponent(
                self._opponent_spec,
                board_size=self.config.board_size,
                seed=opponent_seed,
                options=self._opponent_options,
            )
        self._opponent_actions, self._learner_passes, self._over = [], 0, False
        self._advance()
        if self._over:  # the opponent's first replies ended the game: start again (rare: a book never does this)
            raise ValueError("the game ended before the learner's first move: choose another opening or position")
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """The learner's ``action``, then the opponent's replies; see the module docstring."""
        if self._over:
            raise ValueError("the episode is over: call reset() before step()")
        n2 = self.config.board_size**2
        value = integer_value(action)
        board = self._game.board
        if value is None or not board.is_legal(value):
            legal = board.legal_actions()
            if self.illegal_action == "raise" or value is None:
                n = self.config.board_size
                if value is None or not 0 <= value <= n2:
                    what = f"not an int in 0..{n2}"
                else:
                    what = f"illegal ({format_moves([value], n)})"
                raise ValueError(f"action {action!r} is {what}; legal: {legal} ({format_moves(legal, n)})")
            self._opponent_actions, self._learner_passes, self._over = [], 0, True  # a forfeit: the learner loses
            info = self._info() | {"illegal_action": True}
            return self._observation(), -1.0, True, False, info
        self._opponent_actions, self._learner_passes = [], 0
        self._game.step(value)
        self._advance()
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

    def _advance(self) -> None:
        """The opponent's moves and the learner's forced passes, until the learner has a choice or the game ends."""
        n2 = self.config.board_size**2
        while True:
            board = self._game.board
            if board.terminated:
                self._over = True
                return
            if board.current_player == self.learner:
                if board.moves:
                    return
                self._game.step(n2)  # the learner's forced pass
                self._learner_passes += 1
                continue
            action = self._opponent(board)
            if not board.is_legal(action):
                legal = board.legal_actions()
                raise ValueError(f"the opponent answered {action!r}, which is illegal here; legal: {legal}")
            self._game.step(action)
            self._opponent_actions.append(action)

    def _observation(self) -> np.ndarray:
        return self._game.board.observation(self.learner)[0]

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
