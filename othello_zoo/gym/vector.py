"""# Othello against an opponent, batched: the vector form of the single-agent env

| Import       | `gymnasium.make_vec("othello_zoo/Othello-v0", num_envs, vectorization_mode="vector_entry_point")` |
|--------------|---------------------------------------------------------------------------------------------------|
| Class        | `OthelloGymVectorEnv(num_envs, opponent="random", ...)`, a `gymnasium.vector.VectorEnv`          |
| Actions      | ints `(N,)`, one a board, each in `Discrete(n*n + 1)`: 65 on the 8 x 8 board (64: null action)   |
| Observations | int8 `(N, 2, n, n)`: each board's learner discs, then the opponent's                             |
| Other obs.   | `observation_dtype="float32"`, `flatten_observation=True`: `(N, 2*n*n)` (as the single env's)     |
| Action mask  | `infos["action_mask"]` int8 `(N, n*n + 1)` and `envs.action_masks()` bool                         |
| Rewards      | float32 `(N,)`: +1 / -1 / 0 at a game's end, from the learner's side (or `reward_mode="margin"`) |
| Autoreset    | `autoreset_mode`: `NEXT_STEP` (default), `SAME_STEP`, `DISABLED` (`metadata["autoreset_mode"]`)   |
| Arrays       | NumPy (default), or torch tensors on the env's `device` with `array_type="torch"`                |
| Compiled     | `compile=True` or `"auto"` (the random opponent, boards up to 8 x 8): see "Compiled" below         |

Every board is what :class:`~othello_zoo.gym.env.OthelloGymEnv` is, step for step: the learner plays one colour
(``learner="black"``, ``"white"`` or ``"random"``, drawn for each board at each new game), the opponent the other;
``step(actions)`` plays each board's learner move, then the opponent's replies and the learner's forced passes
until every board has the learner to move with a placement to choose, or is over. The boards live in one batch of
the engine (:class:`~othello_zoo.env.vector.OthelloVectorEnv` holds them, draws the openings and parses
``options["position"]``); the replies of all boards are chosen and played at once, round by round.

Opponents (``opponent=``, with ``opponent_options`` for a built-in one):

- ``"random"`` and ``"greedy"``: batched on the engine (:func:`othello_zoo.engine.random_actions`, drawn from the
  env's generator, and :func:`othello_zoo.agents.greedy_actions`);
- ``"az"``, and any agent object with ``act_states(state) -> actions`` (such as
  :class:`~othello_zoo.alphazero.agent.AlphaZeroAgent`): one batched search for all the boards it is to move on
  (``"az"`` runs on the env's device unless ``opponent_options`` names another);
- anything else (``"mcts"``, ``"alphabeta"``, ``"uct"``, an agent object with ``act(board)`` or a callable
  ``(observation, mask) -> action``, see :mod:`othello_zoo.gym.opponents`): called **board by board**, in board
  order, one Python call per reply; fine for evaluation, slow for thousands of boards.

Infos (a dict of arrays, one entry a board, as Gymnasium's vector envs give them):

- ``"action_mask"`` int8 ``(N, n*n + 1)``: the learner's legal actions (only the null action on a finished board);
- ``"scores"`` int64 ``(N, 2)``: the disc counts (black, white);
- ``"learner"`` int64 ``(N,)``: the learner's colour in the board's game (0 black, 1 white);
- ``"opponent_action_count"`` int64 ``(N,)``: the actions the opponent played since the learner's last decision
  (its passes included), and ``"last_opponent_action"`` int64 ``(N,)``: the last of them (-1 where none);
- ``"learner_passes"`` int64 ``(N,)``: the learner's forced passes played for it since its last decision;
- ``"illegal_action"`` bool ``(N,)``: the learner's action was illegal and lost the game (``illegal_action="lose"``).

Autoreset (Gymnasium's :class:`~gymnasium.vector.AutoresetMode`, or its string value):

``NEXT_STEP`` (default)
    A board whose game ends returns its final observation, reward and ``terminated=True``; the next ``step``
    ignores its action and starts a new game there (the opponent's first move played if the learner is white),
    returning reward 0 and ``terminated=False``.
``SAME_STEP``
    A board whose game ends starts a new game in the same ``step``: the observation returned is the new game's
    first, the reward and ``terminated=True`` are the ended game's; ``infos["final_obs"]`` (``(N, 2, n, n)``) and
    ``infos["final_info"]`` (the infos above, as the game ended) hold the final ones where ``infos["_final_obs"]``
    and ``infos["_final_info"]`` (bool ``(N,)``) are set.
``DISABLED``
    A finished board steps as a no-op (its action ignored, reward 0, ``terminated=True``) until
    ``reset(options={"reset_mask": mask})`` starts a new game there.

An illegal action of the learner on a board in play raises a ``ValueError`` naming the first such board, the
action and the board's legal ones, with every board unchanged (``illegal_action="raise"``, the class's default);
with ``illegal_action="lose"`` (the default of ``gymnasium.make_vec`` through the registered id, as of
``gymnasium.make``) it ends that board's game as a loss (reward -1), the others playing on. A new game that
ends before the learner's first move (an opening or position so chosen) raises a ``ValueError``, as
:class:`~othello_zoo.gym.env.OthelloGymEnv`'s ``reset`` does. An opponent that fails (raises, or answers an
illegal action, one out of range or not an int) fails the ``step`` or ``reset`` with an error naming the opponent
and the first board it failed on, every board and the env's generator as they were before the call.

How a step runs, and what it costs: the learner's moves are one engine step of the whole batch, the opponent's
replies another (its choices drawn for the whole batch at once), as two calls of the mover API
(:meth:`~othello_zoo.env.vector.OthelloVectorEnv.step_movers`) would be. The few boards where the learner must then
pass (about 1 in 150 a step in random play) are played on by the host board by board, with the single env's own
:class:`~othello_zoo.core.board.Board` (the pass, the opponent's replies, any further pass), since a round of the
engine costs the same few hundred microseconds for 20 boards as for 4,096; a batched opponent that has no form for
one board (``"az"``, ``act_states`` agents) plays them in sub-batches on the engine. The random opponent draws one
uniform number a board for each round of its replies (round 0 the replies to the learner's moves, round ``r`` those
after the learner's ``r``-th forced pass in a row), a round drawn from the env's generator only where some board
plays it: the compiled step draws the same numbers. On a 2-core CPU at 4,096 boards,
random play through ``make_vec`` (a step counted as 2 board-steps, the learner's move and the reply) ran at about
2.1 M board-steps/s: 0.73x the mover API and 6.7x pgx's Othello in the same run of
``othello-zoo bench --backends vector,gym-vector --batch-sizes 4096 --compare pgx --seconds 0.3 --repeats 5``.

Compiled (``compile=True``): the learner's moves, the new games of ``NEXT_STEP``, the random opponent's replies and
two rounds of the learner's forced passes and the replies after them are one function compiled by ``torch.compile``
(:mod:`othello_zoo.gym.fused`; C++ on the CPU, Triton on a GPU). The rest of the step (a third pass in a row, about
one board in 10,000 a step; the autoreset's flags and the infos) runs as in the eager step. The games are the eager
env's exactly, every output and every draw of the generator (the tests run the two in lockstep). The first step of a
process compiles (about ten seconds with inductor's cache on disk warm, one to two minutes cold on 2 cores). It needs
the random opponent and the bitboard kernel (boards up to 8 x 8); ``compile=True`` refuses other settings with a
``ValueError`` naming why, and ``compile="auto"`` steps eagerly there (and where no compiler is found, or the
compilation fails: a warning then), :attr:`compile_reason` saying what it decided. Through the registered id:
``gymnasium.make_vec("othello_zoo/Othello-v0", 4096, vectorization_mode="vector_entry_point", compile=True)``.
On the 2-core CPU of the benchmark at 4,096 boards it ran at 2.8x to 3.6x the eager step's rate and 8.0x to 12.6x
pgx's (``docs/gymnasium.md``).

With ``array_type="torch"`` everything is a torch tensor on the env's ``device`` (actions may be a tensor there),
for training loops that stay on a GPU; ``array_type="numpy"`` hands out NumPy arrays (views of CPU tensors, new
each step) for Gymnasium's wrappers and NumPy code. The game's settings are those of
:class:`~othello_zoo.env.config.EnvConfig` (``board_size``, ``opening_book``, ``opening_symmetries``, ``backend``,
``device``, ``reward_mode``).

>>> import gymnasium
>>> import numpy as np
>>> import othello_zoo
>>> envs = gymnasium.make_vec(
...     "othello_zoo/Othello-v0", num_envs=3, vectorization_mode="vector_entry_point", opponent="greedy"
... )
>>> observations, infos = envs.reset(seed=0)
>>> observations.shape, np.flatnonzero(infos["action_mask"][0]).tolist()
((3, 2, 8, 8), [19, 26, 37, 44])
>>> observations, rewards, terminations, truncations, infos = envs.step(np.array([37, 19, 26]))
>>> infos["last_opponent_action"].tolist(), infos["scores"].tolist()
([29, 18, 18], [[3, 3], [3, 3], [3, 3]])
>>> rewards.tolist(), terminations.tolist()
([0.0, 0.0, 0.0], [False, False, False])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, NamedTuple, cast

import gymnasium
import numpy as np
import torch
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space
from torch import Tensor

from othello_zoo import engine
from othello_zoo.agents import greedy_actions, make_agent
from othello_zoo.core import rules
from othello_zoo.core.board import Board
from othello_zoo.core.checks import (
    IllegalAction,
    check_choice,
    check_illegal_action,
    check_int,
    check_options,
    check_seed,
)
from othello_zoo.core.notation import format_moves
from othello_zoo.env import transitions
from othello_zoo.env.config import EnvConfig, config_from
from othello_zoo.env.fused import compile_first, unfused_kernel
from othello_zoo.env.vector import OthelloVectorEnv
from othello_zoo.gym.env import LEARNERS, Learner
from othello_zoo.gym.fused import PASS_ROUNDS, LearnerSpec, LearnerStep
from othello_zoo.gym.observations import ObservationDtype, ObservationFormat
from othello_zoo.gym.opponents import Opponent, make_opponent, note_opponent, opponent_name, reply_error
from othello_zoo.runtime.compiler import compile_setting, compiled_step_failed
from othello_zoo.runtime.threads import uses_package_threads

__all__ = ["ARRAY_TYPES", "ArrayType", "BatchOpponent", "OthelloGymVectorEnv"]

ArrayType = Literal["numpy", "torch"]
ARRAY_TYPES: tuple[ArrayType, ...] = ("numpy", "torch")
"""What the env hands out: NumPy arrays, or torch tensors on its device."""

Array = Any  # np.ndarray (array_type="numpy") or torch.Tensor (array_type="torch")

BatchOpponent = Callable[[engine.State, Tensor], Tensor]
"""``(state, rows) -> actions``: int64 ``(B,)`` holding the opponent's legal action on every board that ``rows``
(bool ``(B,)``) marks, where the opponent is to move; the other entries are ignored."""

_BATCHED_BY_NAME = ("random", "greedy", "az")  # the built-in opponents played for all boards at once


HostOpponent = Callable[[Board, float], int]
"""``(board, uniform) -> action``: the opponent on one board of the host (its side to move), given a uniform draw in
``[0, 1)`` of the env's generator that a random opponent uses and the others ignore."""


class _Opponent(NamedTuple):
    """The opponent as the env plays it."""

    play: BatchOpponent  # on a batch of boards
    host: HostOpponent | None  # on one board (None: the batch form only), for the few boards that pass
    draws: bool  # the host form uses its uniform draws (the random opponent)
    trusted: bool  # a built-in opponent, legal by construction: its replies are not checked
    seeded: bool  # a built-in agent of its own generator: rebuilt with a seed drawn at reset(seed=...)
    name: str  # how the errors name it (opponents.opponent_name)


class _Advanced(NamedTuple):
    """The boards after the opponent's replies and the learner's forced passes (see ``_advance``)."""

    state: engine.State  # every board: the learner to move with a placement, or over
    observation: Tensor  # int8 (N, 2, n, n) from the learner's side
    mask: Tensor  # bool (N, n*n + 1): the learner's legal actions (the null action alone where over)
    opponent_count: Tensor  # int64 (N,) the opponent's actions played
    last_opponent: Tensor  # int64 (N,) the last of them, -1 where none
    learner_passes: Tensor  # int64 (N,) the learner's forced passes played


class OthelloGymVectorEnv(gymnasium.vector.VectorEnv[Array, Array, Array]):
    """``num_envs`` boards of the single-agent env stepped together (see the module docstring for the spec).

    Args:
        num_envs: the number of boards ``N``.
        opponent: a built-in agent's name, an agent object or a callable ``(observation, mask) -> action``.
        config: the game's settings (or give them as keywords: ``board_size``, ``device``, ...).
        learner: the learner's colour: ``"black"``, ``"white"`` or ``"random"`` (drawn per board and game).
        opponent_options: keyword arguments of a built-in opponent's constructor.
        illegal_action: ``"raise"`` (a ``ValueError``, nothing changed; the class's default) or ``"lose"`` (that
            board's game is lost; the default through the registered id).
        observation_dtype: ``"int8"`` (default) or ``"float32"`` (or the NumPy or torch dtype).
        flatten_observation: hand out each board's planes as one vector: observations ``(N, 2*n*n)``.
        autoreset_mode: an :class:`~gymnasium.vector.AutoresetMode` or its value (``"NextStep"``, ...).
        array_type: ``"numpy"`` (arrays) or ``"torch"`` (tensors on the env's device).
        render_mode: only ``None``: render a board with :class:`~othello_zoo.gym.env.OthelloGymEnv`.
        compile: ``True`` plays each step's learner moves, new games and random replies as one function compiled
            by ``torch.compile`` (:mod:`othello_zoo.gym.fused`): the same games, several times faster on large
            batches, after a compilation on the first step of a process (seconds to two minutes; cached on disk by
            inductor). It needs the random opponent, the bitboard kernel (boards up to 8 x 8) and a compiler (a
            C++ compiler on the CPU, Triton on a GPU). ``"auto"`` compiles where it can and steps eagerly where it
            cannot, never failing for it (a line on standard error says when it compiles, a warning when the
            compiler fails; :attr:`compile_reason` says what it decided and why). Default ``False``.
        **settings: the fields of :class:`~othello_zoo.env.config.EnvConfig`.

    Raises:
        TypeError: an unknown keyword, a ``flatten_observation`` that is not a bool, or an opponent that is neither
            a name, an agent nor a callable.
        ValueError: a bad value of any argument, named with what is allowed.

    >>> envs = OthelloGymVectorEnv(2, "random", learner="white", board_size=6, array_type="torch")
    >>> observations, infos = envs.reset(seed=0)
    >>> observations.dtype, infos["learner"].tolist(), infos["opponent_action_count"].tolist()
    (torch.int8, [1, 1], [1, 1])
    >>> envs.single_action_space, envs.action_space
    (Discrete(37), MultiDiscrete([37 37]))
    """

    def __init__(
        self,
        num_envs: int = 1,
        opponent: str | Any = "random",
        config: EnvConfig | None = None,
        *,
        learner: Learner = "black",
        opponent_options: dict[str, Any] | None = None,
        illegal_action: IllegalAction = "raise",
        observation_dtype: ObservationDtype | Any = "int8",
        flatten_observation: bool = False,
        autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
        array_type: ArrayType = "numpy",
        render_mode: str | None = None,
        compile: bool | str = False,
        **settings: Any,
    ) -> None:
        self.num_envs = check_int("num_envs", num_envs, low=1)
        self.config = config = config_from(config, settings, "OthelloGymVectorEnv")
        self.learner_setting: Learner = cast(Learner, check_choice("learner", learner, LEARNERS))
        self.illegal_action = check_illegal_action(illegal_action)
        self.observation_format = ObservationFormat.checked(observation_dtype, flatten_observation)
        self.array_type: ArrayType = cast(ArrayType, check_choice("array_type", array_type, ARRAY_TYPES))
        if render_mode is not None:
            raise ValueError(
                f"render_mode must be None (render a board with OthelloGymEnv, render_mode='human', 'rgb_array' or "
                f"'ansi'), got {render_mode!r}"
            )
        self.render_mode = None
        # The boards, their opening draws and their generator: a vector env of the engine whose step is never
        # called (this env steps its boards with the engine); it also reads autoreset_mode as every env does.
        self._games = OthelloVectorEnv(self.num_envs, config, autoreset_mode=autoreset_mode)
        self.autoreset_mode: AutoresetMode = self._games.autoreset_mode
        self.metadata = {"autoreset_mode": self.autoreset_mode, "render_modes": []}
        self.board_size = n = config.board_size
        self.device: torch.device = self._games.device
        self.single_observation_space = self.observation_format.space(n)
        self.single_action_space = config.action_space()
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self._opponent_spec, self._opponent_options = opponent, dict(opponent_options or {})
        self._opponent = self._make_opponent(seed=None)
        self._auto = isinstance(compile, str) and compile == "auto"
        self.compile, self.compile_reason = compile_setting(compile, self.device, self._cannot_compile(), self._what)
        self._fused: LearnerStep | None = None  # built at the first compiled step
        self._start = None if config.book is not None else engine.start(self.num_envs, config.boards)
        zeros = torch.zeros(self.num_envs, dtype=torch.int64, device=self.device)
        self._learner = zeros  # the learner's colour per board: 0 black, 1 white
        self._needs_reset = zeros.bool()  # NEXT_STEP: boards whose game ended at the last step
        self._mask = torch.zeros(self.num_envs, n * n + 1, dtype=torch.bool, device=self.device)
        self._mask[:, -1] = True  # before the first reset: nothing to play
        self._started = False

    # -- the API ---------------------------------------------------------------------------------------------------
    @uses_package_threads
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Array, dict[str, Any]]:
        """New games on every board, or only where ``options["reset_mask"]`` (bool ``(N,)``, NumPy or torch) is set.

        ``options["position"]`` (one position text, or one per board) starts from given positions instead of the
        start position or a book opening. A white learner sees the opponent's first moves played.

        Raises:
            ValueError: a bad seed or option, or a game that is over before the learner's first move (a position
                given so), with every board unchanged.
        """
        seed = check_seed("seed", seed)
        options = check_options(options, allowed=("position", "reset_mask"))
        fresh = self._reset_mask(options.get("reset_mask"))
        games = self._games
        before, generator_state = games.state, games.generator.get_state()
        inner: dict[str, Any] = {"reset_mask": fresh}
        if "position" in options:
            inner["position"] = options["position"]
        try:
            games.reset(seed=seed, options=inner)
            learner = self._draw_learners(fresh, self._learner)
            np_random, opponent = self.np_random, self._opponent
            if seed is not None:
                np_random = seeding.np_random(seed)[0]
                if opponent.seeded:  # a built-in opponent of its own generator plays reproducibly
                    opponent = self._make_opponent(seed=int(np_random.integers(2**63)))
            started = games.state
            over = started.terminated & fresh
            if bool(over.any()):
                board = int(over.nonzero()[0])
                text = engine.to_text(started[board])[0]
                raise ValueError(f"board {board}: the game is over at this start position ({text!r}): nothing to play")
            advanced = self._advance(started, learner, opponent)
            self._check_started(advanced.state, fresh)
        except BaseException:
            games.state = before
            games.generator.set_state(generator_state)
            raise
        if seed is not None:
            self._np_random, self._np_random_seed = np_random, seed
            self._opponent = opponent
        self._started = True
        games.state, self._learner, self._mask = advanced.state, learner, advanced.mask
        self._needs_reset = self._needs_reset & ~fresh
        illegal = torch.zeros_like(fresh)
        scores = engine.scores(advanced.state)
        return self._observations(advanced.observation), self._infos(advanced, scores, learner, illegal)

    @uses_package_threads
    def step(self, actions: Any) -> tuple[Array, Array, Array, Array, dict[str, Any]]:
        """Each board's learner action, then the opponent's replies (see the module docstring).

        Args:
            actions: ints ``(N,)``: a NumPy array, a torch tensor (any device) or a sequence.

        Returns:
            ``(observations, rewards, terminations, truncations, infos)``: int8 ``(N, 2, n, n)``, float32 ``(N,)``,
            bool ``(N,)``, bool ``(N,)`` (never set: a game always ends) and the infos of the module docstring.

        Raises:
            TypeError: actions that are not integers.
            ValueError: a wrong shape; with ``illegal_action="raise"``, an illegal action on a board in play (the
                first such board named, with its legal actions), every board unchanged.
        """
        if not self._started:
            raise ValueError("call reset() before the first step()")
        chosen = self._as_actions(actions)
        games, mode = self._games, self.autoreset_mode
        before, learner = games.state, self._learner
        generator_state = games.generator.get_state()  # new games and the random opponent draw from it
        if self.illegal_action == "raise":
            self._check_legal(before, chosen)
        # The autoreset's rules (othello_zoo.env.transitions), from the learner's side: NEXT_STEP starts the boards
        # whose end the last step reported before this one's moves; every board starts and ends with the learner to
        # move, so none starts over finished (a new game that ends before the learner's move is refused).
        name = transitions.mode_name(mode)
        restart = self._needs_reset if name == "next_step" else None
        try:
            fused = self._learner_step() if self.compile else None
            outcome: tuple[Tensor, Tensor] | None = None  # the scores and the learner's results, where known
            if fused is not None:
                advanced, learner, illegal, outcome = self._fused_advance(fused, before, chosen, learner, restart)
            else:
                # Boards over already (NEXT_STEP: to restart now; DISABLED: finished) ignore their action.
                state = engine.step(before, chosen, illegal_action="lose")
                illegal = state.forfeited & ~before.forfeited
                if restart is not None and bool(restart.any()):
                    state, learner = self._new_games(state, learner, restart)
                advanced = self._advance(state, learner, self._opponent)
            if restart is not None:
                self._check_started(advanced.state, restart)
            over_before = before.terminated if restart is None else before.terminated & ~restart
            nothing = torch.zeros_like(over_before)
            ended = transitions.ended(over_before, advanced.state.terminated, unreported=nothing)
            if outcome is None:
                scores = engine.scores(advanced.state)
                outcome = scores, self._results(advanced.state, scores, learner)
            scores = outcome[0]
            rewards = torch.where(ended, outcome[1], 0.0)  # the learner's result
            resets = transitions.autoreset(name, ended, advanced.state.terminated, self._needs_reset, nothing)
            terminated = resets.terminated.clone()  # the engine's own tensor is not handed out
            final: dict[str, Any] = {}
            if name == "same_step" and bool(ended.any()):
                final_obs = self._observations(advanced.observation)
                final_info = self._infos(advanced, scores, learner, illegal)
                final = {"final_obs": final_obs, "_final_obs": self._out(terminated), "final_info": final_info}
                final["_final_info"] = final["_final_obs"]
                state, learner = self._new_games(advanced.state, learner, ended)
                again = self._advance(state, learner, self._opponent)
                self._check_started(again.state, ended)
                advanced = _counts_merged(ended, again, advanced)
                scores, illegal = engine.scores(advanced.state), illegal & ~ended
        except BaseException:
            games.state = before
            games.generator.set_state(generator_state)
            raise
        games.state, self._learner, self._mask = advanced.state, learner, advanced.mask
        self._needs_reset = resets.needs_reset
        infos = self._infos(advanced, scores, learner, illegal) | final
        truncated = torch.zeros_like(terminated)
        observations = self._observations(advanced.observation)
        return observations, self._out(rewards), self._out(terminated), self._out(truncated), infos

    @uses_package_threads
    def action_masks(self) -> Array:
        """bool ``(N, n*n + 1)``: the learner's legal actions on every board now (sb3-contrib's name)."""
        return self._out(self._mask.clone())

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to release (no window, no process); present for Gymnasium's ``close()``."""

    # -- views -----------------------------------------------------------------------------------------------------
    @property
    def state(self) -> engine.State:
        """The boards as an engine :class:`~othello_zoo.engine.State` (an immutable value)."""
        return self._games.state

    @property
    def learner(self) -> Array:
        """int64 ``(N,)``: the learner's colour on every board (0 black, 1 white)."""
        return self._out(self._learner.clone())

    @property
    def generator(self) -> torch.Generator:
        """The env's ``torch.Generator`` on its device (openings, drawn colours, the random opponent), seeded by
        ``reset(seed=...)``."""
        return self._games.generator

    # -- the opponent ----------------------------------------------------------------------------------------------
    def _make_opponent(self, seed: int | None) -> _Opponent:
        """The opponent of every board (see the module docstring), built from the ``opponent`` argument."""
        spec, options, n = self._opponent_spec, self._opponent_options, self.board_size
        name = opponent_name(spec)
        if isinstance(spec, str) and spec in _BATCHED_BY_NAME:
            if spec == "az":
                settings: dict[str, Any] = {"board_size": n, "device": self.device} | options
                agent = make_agent("az", **settings)
                play = _on_rows(agent.act_states, name, agent.device)
                return _Opponent(play, host=None, draws=False, trusted=True, seeded=False, name=name)
            per_board = make_opponent(spec, board_size=n, options=options)  # the options checked as the single env's
            if spec == "greedy":  # the greedy agent's choice is greedy_actions' (the tests hold them equal)
                host = _ignoring_draws(per_board)
                play = _on_rows(greedy_actions, name)
                return _Opponent(play, host=host, draws=False, trusted=True, seeded=False, name=name)
            generator = self._games.generator
            play = lambda state, rows: engine.random_actions(state, generator)  # noqa: E731
            return _Opponent(play, host=_random_on_board, draws=True, trusted=True, seeded=False, name=name)
        if not isinstance(spec, str) and callable(getattr(spec, "act_states", None)):
            if options:
                raise TypeError(f"opponent_options are for a built-in opponent named by a string, got {spec!r}")
            device = getattr(spec, "device", None)
            play = _on_rows(spec.act_states, name, device if isinstance(device, torch.device) else None)
            return _Opponent(play, host=None, draws=False, trusted=False, seeded=False, name=name)
        per_board = make_opponent(spec, board_size=n, seed=seed, options=options)  # checks itself: see below
        host = _ignoring_draws(per_board)
        play = _board_by_board(per_board, name)
        return _Opponent(play, host, draws=False, trusted=False, seeded=isinstance(spec, str), name=name)

    # -- internals -------------------------------------------------------------------------------------------------
    def _advance(
        self, state: engine.State, learner: Tensor, opponent: _Opponent, boards: Tensor | None = None
    ) -> _Advanced:
        """The opponent's moves and the learner's forced passes on every board, until each board has the learner to
        move with a placement, or is over.

        One round, the opponent's reply wherever it is to move (after the learner's moves: nearly every board), is
        played on the whole batch; then :meth:`_settle` plays the learner's forced passes and the replies to them on
        the few boards that need them, as a sub-batch.
        """
        replies = ~state.terminated & (state.current_player != learner)
        if not bool(replies.any()):
            return self._settle(state, learner, opponent, boards)
        actions = self._replies(state, replies, opponent)
        stepped = engine.step(state, actions, illegal_action="lose")
        if not opponent.trusted:
            _check_replies(state, stepped, replies, actions, boards, opponent.name)
        # Where every board in play replied, the others are over and the engine left them as they were.
        whole = bool((replies | state.terminated).all())
        later = self._settle(stepped if whole else engine.where(replies, stepped, state), learner, opponent, boards)
        return later._replace(
            opponent_count=later.opponent_count + replies,
            last_opponent=torch.where(later.last_opponent >= 0, later.last_opponent, torch.where(replies, actions, -1)),
        )

    def _settle(
        self, state: engine.State, learner: Tensor, opponent: _Opponent, boards: Tensor | None = None
    ) -> _Advanced:
        """The learner's view of boards that all have the learner to move or are over, once the boards where it must
        pass have had the pass played and the opponent's replies (:meth:`_advance` on the sub-batch of those)."""
        planes, mask = engine.mover_view(state)
        observation = planes.clone()  # written in place below (the mask is the engine's torch.cat: a new tensor)
        learners_turn = state.current_player == learner
        swap = (state.terminated & ~learners_turn).nonzero().flatten()  # finished boards the opponent moved last on
        observation[swap] = observation[swap].flip(1)  # seen from the learner's side
        return self._passes(state, observation, mask, learner, opponent, boards)

    def _passes(
        self,
        state: engine.State,
        observation: Tensor,
        mask: Tensor,
        learner: Tensor,
        opponent: _Opponent,
        boards: Tensor | None = None,
        first_round: int = 1,
    ) -> _Advanced:
        """:meth:`_settle` once the learner's views are made (``observation`` and ``mask``, written in place): the
        boards where the learner must pass played on (the pass, the opponent's replies, any further pass), the first
        reply on each board being of round ``first_round`` (see :meth:`_finish_on_host`)."""
        n2 = self.board_size**2
        count, passes, last = torch.zeros_like(learner), torch.zeros_like(learner), torch.full_like(learner, -1)
        passing = ~state.terminated & mask[:, n2]
        if not bool(passing.any()):
            return _Advanced(state, observation, mask, count, last, passes)
        index = passing.nonzero().flatten()
        part_learner, n = learner[index], self.board_size
        if opponent.host is not None:
            played = self._finish_on_host(observation, index, learner, opponent, first_round)
            settled, count[index], last[index], passes[index] = played
            # Nothing left to play there: the learner's views come from the boards themselves, and the boards go back
            # into the batch by their bits (no engine round for a few boards).
            views = [board.observation(colour) for board, colour in zip(settled, part_learner.tolist(), strict=True)]
            planes = torch.from_numpy(np.stack([view[0] for view in views])).to(observation.device)
            legal = torch.from_numpy(np.stack([view[1] for view in views])).to(mask.device, torch.bool)
            observation[index], mask[index] = planes, legal
            finished = engine.from_boards(settled, self.device, self.config.backend)
            return _Advanced(engine.put(state, index, finished), observation, mask, count, last, passes)
        else:  # the pass hands the move to the opponent with the discs as they are: the boards from its side
            sides = observation[index].flip(1).reshape(-1, 2, n * n).bool()
            passed = engine.from_planes(sides, 1 - part_learner, n, state.device, state.backend)
            later = self._advance(passed, part_learner, opponent, index if boards is None else boards[index])
            count[index], last[index] = later.opponent_count, later.last_opponent
            passes[index] = later.learner_passes + 1
        observation[index], mask[index] = later.observation, later.mask
        return _Advanced(engine.put(state, index, later.state), observation, mask, count, last, passes)

    def _fused_advance(
        self, fused: LearnerStep, before: engine.State, actions: Tensor, learner: Tensor, restart: Tensor | None
    ) -> tuple[_Advanced, Tensor, Tensor, tuple[Tensor, Tensor] | None]:
        """The learner's moves, the new games of ``restart`` and the opponent's random replies as one call of
        ``fused`` (:mod:`othello_zoo.gym.fused`, with its rounds of forced passes), then any further round as
        :meth:`_settle` plays it. The draws are the eager step's, in its order: the new games' (openings, colours),
        then a uniform number a board for each round of replies (:class:`_RoundDraws`; those of the rounds nobody
        played given back to the generator, as the eager step draws none there), then those of further rounds on the
        host. Returns the boards advanced, the learner's colours, the boards whose learner action was illegal and,
        where no board went on on the host, the scores and the learner's results (else ``None``: the step works them
        out from the boards)."""
        fresh, where = before, self._no_boards
        if restart is not None and bool(restart.any()):
            fresh, learner = self._new_games(before, learner, restart)  # only the rows of restart are taken
            where = restart
        generator, saved, uniforms = self._games.generator, [], []
        for _ in range(1 + PASS_ROUNDS):
            saved.append(generator.get_state())
            uniforms.append(torch.rand(self.num_envs, generator=generator, device=self.device))
        result = fused.run(before, fresh, where, learner, actions, tuple(uniforms))
        rounds = int(result.replied.any()) + int(result.passes.max())  # the rounds some board played
        if rounds < len(saved):
            generator.set_state(saved[rounds])  # the draws of the rounds nobody played given back
        state = fused.next_state(before, result)
        observation, mask = fused.views(result)
        if not bool(result.passing.any()):
            advanced = _Advanced(state, observation, mask, result.replies, result.reply, result.passes)
            return advanced, learner, result.illegal, (result.scores, result.result)
        later = self._passes(state, observation, mask, learner, self._opponent, first_round=1 + PASS_ROUNDS)
        advanced = later._replace(
            opponent_count=later.opponent_count + result.replies,
            last_opponent=torch.where(later.last_opponent >= 0, later.last_opponent, result.reply),
            learner_passes=later.learner_passes + result.passes,
        )
        return advanced, learner, result.illegal, None

    @property
    def _no_boards(self) -> Tensor:
        return torch.zeros(self.num_envs, dtype=torch.bool, device=self.device)

    def _cannot_compile(self) -> str | None:
        """Why the compiled step cannot play this env (one sentence), or ``None`` where it can."""
        kernel = unfused_kernel(self.board_size, self.config.backend)
        if kernel is not None:
            return kernel
        if not (isinstance(self._opponent_spec, str) and self._opponent_spec == "random"):
            return f"the fused step plays the random opponent (its draw made in the step); got {self._opponent.name}"
        return None

    @property
    def _what(self) -> str:
        return f"the random opponent on the bitboard kernel's {self.board_size}x{self.board_size} boards"

    def _learner_step(self) -> LearnerStep | None:
        """The compiled step, built at first use. Under ``compile="auto"`` its first build compiles it on two
        scratch boards, a line on standard error saying so; where that fails the env steps eagerly from then on (a
        warning says why) and ``None`` comes back, nothing of the env touched."""
        if self._fused is not None:
            return self._fused
        fused = LearnerStep(LearnerSpec(self.board_size, self.config.reward_mode == "margin"), self.device)
        if self._auto and not fused.ready:
            n = self.board_size
            what = f"the Gymnasium vector env's step ({n}x{n}, the random opponent, on {self.device})"
            failure = compile_first(what, lambda: _warm_up(fused, engine.start(2, self.config.boards)))
            if failure is not None:
                compiled_step_failed(self, "the step", failure, stacklevel=4)
                return None
        self._fused = fused
        return fused

    def _finish_on_host(
        self, planes: Tensor, index: Tensor, learner: Tensor, opponent: _Opponent, first_round: int = 1
    ) -> tuple[list[Board], Tensor, Tensor, Tensor]:
        """The boards ``index``, where the learner must pass, played on as the single env plays them: the pass, the
        opponent's replies and any further forced pass, board by board on :class:`~othello_zoo.core.board.Board`
        (a few microseconds a move; a round of the engine costs a few hundred whatever the number of boards, and a
        step has a few such boards in a thousand).

        Returns:
            Their boards (the learner to move with a placement, or over) and, per board, the opponent's actions
            played, the last of them and the learner's passes, as int64 ``(K,)``.
        """
        assert opponent.host is not None
        n, nn = self.board_size, self.board_size**2
        rows = np.packbits(planes[index].reshape(-1, 2, nn).cpu().numpy().astype(bool), axis=2, bitorder="little")
        draws = _RoundDraws(self._games.generator, self.num_envs, first_round) if opponent.draws else None
        boards, numbers = [], []
        for board_number, row, colour in zip(index.tolist(), rows, learner[index].tolist(), strict=True):
            own, opp = (int.from_bytes(side.tobytes(), "little") for side in row)
            board = Board.make(opp, own, 1 - colour, n)  # the learner's pass: the opponent to move, the same discs
            count, last, passes = 0, -1, 1
            while not board.terminated and (board.current_player != colour or not board.moves):
                if board.current_player == colour:  # a forced pass again
                    board, passes = board.play(nn), passes + 1
                    continue
                # Each reply here follows a pass of the learner: the board's count of replies is its round's.
                uniform = draws.uniform(first_round + count, board_number) if draws is not None else 0.0
                action = opponent.host(board, uniform)
                if not opponent.trusted and not board.is_legal(action):
                    raise reply_error(opponent.name, action, board, f"board {board_number}: ")
                board, count, last = board.play(action), count + 1, action
            boards.append(board)
            numbers.append((count, last, passes))
        counts, lasts, passed = torch.tensor(numbers, dtype=torch.int64, device=self.device).unbind(1)
        return boards, counts, lasts, passed

    def _replies(self, state: engine.State, replies: Tensor, opponent: _Opponent) -> Tensor:
        """int64 ``(B,)``: the opponent's action where ``replies`` is set, the null action elsewhere."""
        return torch.where(replies, opponent.play(state, replies), self.board_size**2)

    def _new_games(self, state: engine.State, learner: Tensor, where: Tensor) -> tuple[engine.State, Tensor]:
        """``state`` with new games (openings drawn, colours drawn) on the boards ``where`` marks."""
        if self._start is not None:  # no book: the start position (the vector env's draw, without its observations)
            return engine.where(where, self._start, state), self._draw_learners(where, learner)
        games = self._games
        games.state = state
        games.reset(options={"reset_mask": where})
        return games.state, self._draw_learners(where, learner)

    def _results(self, state: engine.State, scores: Tensor, learner: Tensor) -> Tensor:
        """float32 ``(N,)``: each finished board's result for the learner (the rules' result of its disc difference,
        -1 for its forfeit: only the learner can forfeit here); meaningless on the others."""
        mine = scores.gather(1, learner.unsqueeze(1)).squeeze(1)
        difference = (2 * mine - scores.sum(1)).float()
        margin = self.config.reward_mode == "margin"
        return rules.mover_result(difference, state.forfeited, self.board_size, margin)

    def _draw_learners(self, where: Tensor, learner: Tensor) -> Tensor:
        if self.learner_setting != "random":
            return torch.where(where, LEARNERS.index(self.learner_setting), learner)
        drawn = torch.randint(2, (self.num_envs,), generator=self._games.generator, device=self.device)
        return torch.where(where, drawn, learner)

    def _check_started(self, state: engine.State, fresh: Tensor) -> None:
        """A ``ValueError`` where a new game ended before the learner's first move (as the single env's reset)."""
        ended = state.terminated & fresh
        if bool(ended.any()):
            board = int(ended.nonzero()[0])
            raise ValueError(
                f"board {board}: the game ended before the learner's first move: choose another opening or position"
            )

    def _check_legal(self, state: engine.State, actions: Tensor) -> None:
        """A ``ValueError`` naming the first board in play whose action is illegal, its action and legal ones."""
        illegal = engine.illegal_actions(state, actions)
        if not bool(illegal.any()):
            return
        boards = illegal.nonzero().flatten().tolist()
        board, action, n = boards[0], int(actions[boards[0]]), self.board_size
        legal = engine.legal_action_mask(state[board])[0].nonzero().flatten().tolist()
        what = f"illegal ({format_moves([action], n)})" if 0 <= action <= n * n else f"not an int in 0..{n * n}"
        more = f"; {len(boards) - 1} more board(s) have an illegal action" if len(boards) > 1 else ""
        raise ValueError(f"board {board}: action {action} is {what}; legal: {legal} ({format_moves(legal, n)}){more}")

    def _as_actions(self, actions: Any) -> Tensor:
        """``actions`` as int64 ``(N,)`` on the env's device, or a ``TypeError``/``ValueError`` naming them."""
        shape = (self.num_envs,)
        if isinstance(actions, Tensor):
            if actions.dtype == torch.bool or actions.is_floating_point() or actions.is_complex():
                raise TypeError(f"actions must be integers, got a tensor of {actions.dtype}")
            if tuple(actions.shape) != shape:
                raise ValueError(f"actions must have shape {shape} (one a board), got {tuple(actions.shape)}")
            return actions.to(device=self.device, dtype=torch.int64)
        array = np.asarray(actions)
        if array.dtype.kind not in "iu":
            raise TypeError(
                f"actions must be integers (a NumPy array, a torch tensor or a sequence of ints), got {actions!r}"
            )
        if array.shape != shape:
            raise ValueError(f"actions must have shape {shape} (one a board), got {array.shape}")
        return torch.from_numpy(array.astype(np.int64)).to(self.device)  # a copy: the caller's array may be read-only

    def _reset_mask(self, mask: object) -> Tensor:
        """``options["reset_mask"]`` as bool ``(N,)`` on the env's device (all set where it is not given)."""
        if mask is None:
            return torch.ones(self.num_envs, dtype=torch.bool, device=self.device)
        shape = (self.num_envs,)
        if isinstance(mask, Tensor):
            if mask.dtype != torch.bool or tuple(mask.shape) != shape:
                got = f"{mask.dtype} {tuple(mask.shape)}"
                raise ValueError(f"options['reset_mask'] must be bool of shape {shape}, got a tensor of {got}")
            return mask.to(self.device)
        array = np.asarray(mask)
        if array.dtype != np.bool_ or array.shape != shape:
            raise ValueError(f"options['reset_mask'] must be bool of shape {shape}, got {array.dtype} {array.shape}")
        return torch.from_numpy(array.copy()).to(self.device)

    def _infos(self, advanced: _Advanced, scores: Tensor, learner: Tensor, illegal: Tensor) -> dict[str, Any]:
        out = self._out
        return {
            "action_mask": out(advanced.mask.to(torch.int8)),
            "scores": out(scores),
            "learner": out(learner.clone()),
            "opponent_action_count": out(advanced.opponent_count),
            "last_opponent_action": out(advanced.last_opponent),
            "learner_passes": out(advanced.learner_passes),
            "illegal_action": out(illegal),
        }

    def _observations(self, planes: Tensor) -> Array:
        """The learner's int8 planes ``(N, 2, n, n)`` as the env hands them out (its observation format)."""
        return self._out(self.observation_format.tensor(planes))

    def _out(self, tensor: Tensor) -> Array:
        """``tensor`` as the env hands it out: itself (``"torch"``) or a NumPy array (a view of a CPU tensor)."""
        if self.array_type == "torch":
            return tensor
        return tensor.numpy() if tensor.device.type == "cpu" else tensor.cpu().numpy()


def _warm_up(fused: LearnerStep, two: engine.State) -> None:
    """Compiles ``fused``: its first call, on the two start positions ``two`` (the batch size dynamic as ever)."""
    device = two.discs.device
    flags = torch.zeros(2, dtype=torch.bool, device=device)
    actions = torch.full((2,), two.board_size**2, dtype=torch.int64, device=device)
    uniforms = tuple(torch.full((2,), 0.5, device=device) for _ in range(1 + PASS_ROUNDS))
    fused.run(two, two, flags, actions * 0, actions, uniforms)


def _counts_merged(where: Tensor, again: _Advanced, before: _Advanced) -> _Advanced:
    """``again`` (the boards after new games started where ``where`` is set, and nothing else changed) with the
    counts of ``before`` on the other boards."""
    return again._replace(
        opponent_count=torch.where(where, again.opponent_count, before.opponent_count),
        last_opponent=torch.where(where, again.last_opponent, before.last_opponent),
        learner_passes=torch.where(where, again.learner_passes, before.learner_passes),
    )


def _on_rows(policy: Callable[[engine.State], Tensor], name: str, device: torch.device | None = None) -> BatchOpponent:
    """A :data:`BatchOpponent` that runs ``policy`` (a batch of boards in, int64 actions out) on the marked rows only
    (a search or a greedy scan costs by the board), moving them to ``device`` (the policy's) where it is another;
    ``name`` names the opponent in its errors."""

    def play(state: engine.State, rows: Tensor) -> Tensor:
        out = torch.full((state.batch_size,), state.board_size**2, dtype=torch.int64, device=state.device)
        index = rows.nonzero().flatten()
        if index.numel():
            boards = state[index]
            try:
                chosen = policy(boards if device in (None, state.device) else boards.to(device))
            except Exception as error:
                note_opponent(error, name, f"on a batch of {index.numel()} boards")
                raise
            if not isinstance(chosen, Tensor) or tuple(chosen.shape) != (index.numel(),):
                got = tuple(chosen.shape) if isinstance(chosen, Tensor) else type(chosen).__name__
                raise ValueError(f"the opponent {name} must answer one action a board, {index.numel()} here, got {got}")
            if chosen.dtype == torch.bool or chosen.is_floating_point() or chosen.is_complex():
                raise TypeError(f"the opponent {name} must answer integer actions, got a tensor of {chosen.dtype}")
            out[index] = chosen.to(device=state.device, dtype=torch.int64)
        return out

    return play


def _random_on_board(board: Board, uniform: float) -> int:
    """The random opponent on one board: the legal action of rank ``floor(uniform * count)``, as
    :func:`othello_zoo.engine.random_actions` draws it."""
    legal = board.legal_actions()
    return legal[min(int(uniform * len(legal)), len(legal) - 1)]


def _ignoring_draws(opponent: Opponent) -> HostOpponent:
    def play(board: Board, uniform: float) -> int:
        return opponent(board)

    return play


class _RoundDraws:
    """The random opponent's draws on the host: one uniform number a board for each round of replies after the
    learner's forced passes (round ``r``: the replies after the learner's ``r``-th pass in a row), a round drawn
    from ``generator`` (``batch_size`` numbers) when a board first needs it, in the order of the rounds, from round
    ``first`` on: the draws the compiled step makes (:mod:`othello_zoo.gym.fused`)."""

    def __init__(self, generator: torch.Generator, batch_size: int, first: int) -> None:
        self.generator, self.batch_size, self.first = generator, batch_size, first
        self.rounds: list[list[float]] = []

    def uniform(self, round: int, board: int) -> float:
        while len(self.rounds) <= round - self.first:
            drawn = torch.rand(self.batch_size, generator=self.generator, device=self.generator.device)
            self.rounds.append(drawn.tolist())
        return self.rounds[round - self.first][board]


def _board_by_board(opponent: Opponent, name: str) -> BatchOpponent:
    """A :data:`BatchOpponent` that calls ``opponent`` (one board in, one action out, named ``name`` in the errors)
    on each marked board in turn."""

    def play(state: engine.State, rows: Tensor) -> Tensor:
        n2 = state.board_size**2
        out = torch.full((state.batch_size,), n2, dtype=torch.int64)
        index = rows.nonzero().flatten().tolist()
        boards = engine.to_boards(state[index]) if index else []
        for row, board in zip(index, boards, strict=True):
            action = opponent(board)
            if not board.is_legal(action):
                raise reply_error(name, action, board, f"board {row}: ")
            out[row] = action
        return out.to(state.device)

    return play


def _check_replies(
    before: engine.State, after: engine.State, replies: Tensor, actions: Tensor, boards: Tensor | None, name: str
) -> None:
    """A ``ValueError`` naming the first board where the opponent ``name``'s reply was illegal (the engine forfeited
    it); ``boards`` numbers the rows of a sub-batch (``None``: the rows are the boards)."""
    bad = after.forfeited & replies & ~before.forfeited
    if bool(bad.any()):
        row = int(bad.nonzero()[0])
        board = row if boards is None else int(boards[row])
        raise reply_error(name, int(actions[row]), engine.to_boards(before[row])[0], f"board {board}: ")
