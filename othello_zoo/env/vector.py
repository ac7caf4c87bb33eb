"""The vectorized parallel API: ``N`` Othello games per call, as batched torch tensors on one device.

``othello_v0.vector_env(num_envs, ...)`` returns an :class:`OthelloVectorEnv`. It follows
PettingZoo's Parallel API with a batch dimension in front of everything, and Gymnasium's vector
API for autoreset and spaces:

- ``reset(seed=None, options=None) -> (observations, infos)``;
- ``step(actions) -> (observations, rewards, terminations, truncations, infos)``;
- observations ``{agent: {"observation": int8 (N, 2, n, n), "action_mask": bool (N, n*n+1)}}``,
  rewards ``{agent: float32 (N,)}``, terminations and truncations ``{agent: bool (N,)}``,
  actions ``{agent: int64 (N,)}`` (the waiting agent's entries are ignored);
- infos, a dict of tensors: ``"scores"`` int64 (N, 2) (black, white) and ``"current_player"`` int64 (N,).

For self-play with one policy for both colours, :meth:`OthelloVectorEnv.observe_movers` and
:meth:`OthelloVectorEnv.step_movers` speak from the side of the player to move in each board.

Autoreset (``autoreset_mode``, Gymnasium's ``AutoresetMode`` or its string value):

``NEXT_STEP`` (default)
    A board that ends returns its final observation, rewards and ``terminated=True``; the next
    ``step`` resets it (its actions are ignored) and returns the first observation of the new game,
    zero rewards and ``terminated=False``.
``SAME_STEP``
    A board that ends is reset in the same ``step``: the observation returned is the new game's
    first one, the rewards and ``terminated=True`` are those of the game that ended, and
    ``infos["final_obs"]`` (same structure as the observations) holds the final observation, with
    ``infos["_final_obs"]`` (bool (N,)) marking the boards it is valid for;
    ``infos["final_rewards"]`` (``{agent: float32 (N,)}``) repeats the final rewards and
    ``infos["final_scores"]`` (int64 (N, 2)) the final disc counts.
``DISABLED``
    Nothing is reset automatically: a finished board steps as a no-op with zero rewards (and keeps
    reporting ``terminated=True``) until ``reset(options={"reset_mask": mask})`` restarts it.

Randomness (which book opening, which symmetry) comes from a ``torch.Generator`` owned by the env
on its device, seeded by ``reset(seed=...)``; the global generator is never used. With
``illegal_action="lose"`` a step makes no host synchronisation, so it can be queued on a GPU.

Example:
    >>> import torch
    >>> from othello_zoo import othello_v0
    >>> env = othello_v0.vector_env(4)
    >>> observations, infos = env.reset(seed=0)
    >>> observations["black_0"]["action_mask"].shape
    torch.Size([4, 65])
    >>> moves = torch.tensor([37, 19, 26, 44])
    >>> observations, rewards, terminations, truncations, infos = env.step({"black_0": moves, "white_0": moves})
    >>> infos["scores"].tolist()
    [[4, 1], [4, 1], [4, 1], [4, 1]]
"""

from __future__ import annotations

from typing import Any, NamedTuple

import gymnasium
import torch
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space
from torch import Tensor

from othello_zoo import engine
from othello_zoo.core.checks import (
    IllegalAction,
    RewardMode,
    check_generator,
    check_illegal_action,
    check_int,
    check_options,
    check_seed,
)
from othello_zoo.core.rules import AGENTS, BLACK
from othello_zoo.core.symmetry import START_SYMMETRIES, transform_actions
from othello_zoo.engine.kernels.bitboard import bitboard_kernel
from othello_zoo.env import transitions
from othello_zoo.env.config import EnvConfig, config_from
from othello_zoo.env.fused import (
    FusedResult,
    FusedSpec,
    FusedStep,
    call_compiled,
    colour_actions,
    compile_first,
    compiled_draws,
    is_traced,
)
from othello_zoo.env.openings import OpeningBook
from othello_zoo.runtime.compiler import compile_setting, compiled_step_failed
from othello_zoo.runtime.malloc import MMAP_THRESHOLD, TRIM_THRESHOLD, tune_malloc
from othello_zoo.runtime.threads import uses_package_threads

__all__ = ["MMAP_THRESHOLD", "TRIM_THRESHOLD", "MoverStep", "OthelloVectorEnv", "tune_malloc"]

Observations = dict[str, dict[str, Tensor]]


class MoverStep(NamedTuple):
    """What :meth:`OthelloVectorEnv.step_movers` returns, from the side of each board's mover."""

    observation: Tensor  # int8 (N, 2, n, n) of the player to move next (plane 0: its discs)
    action_mask: Tensor  # bool (N, n*n+1) of the player to move next
    reward: Tensor  # float32 (N,) of the player who just moved
    opponent_reward: Tensor  # float32 (N,) of the other player
    terminated: Tensor  # bool (N,)
    truncated: Tensor  # bool (N,)
    info: dict[str, Any]


def _book_state(book: OpeningBook, symmetries: bool, boards: engine.BoardSpec) -> engine.State:
    """Every book opening (under each start symmetry) played out, as one batch of positions."""
    variants = START_SYMMETRIES if symmetries else (0,)
    lines = [transform_actions(list(o), book.board_size, k) for k in variants for o in book.openings]
    length = max(len(line) for line in lines)
    nn = book.board_size**2
    state = engine.start(len(lines), boards)
    # Shorter openings are padded with a marker; a board whose opening is over keeps its position.
    rows = [line + [-1] * (length - len(line)) for line in lines]
    moves = torch.tensor(rows, dtype=torch.int64, device=boards.device)
    for ply in range(length):
        actions = moves[:, ply]
        done = actions < 0
        stepped = engine.step(state, torch.where(done, nn, actions).clamp(max=nn), illegal_action="lose")
        state = engine.where(done, state, stepped)
    return state


class OthelloVectorEnv:
    """``num_envs`` games of Othello stepped together (see the module docstring)."""

    def __init__(
        self,
        num_envs: int,
        config: EnvConfig | None = None,
        *,
        autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
        illegal_action: IllegalAction = "raise",
        compile: bool | str = False,
        **settings: Any,
    ) -> None:
        """``num_envs`` boards of the game ``config`` describes, or its settings as keyword arguments
        (``board_size``, ``opening_book``, ``opening_symmetries``, ``backend``, ``device``, ``reward_mode``: see
        :class:`~othello_zoo.env.config.EnvConfig`).

        ``compile=True`` runs the game's step as one function compiled by ``torch.compile``
        (:mod:`othello_zoo.env.fused`), in the mover API (:meth:`step_movers`, :meth:`step_movers_random`) and in
        the per-agent :meth:`step`: the same games, several times faster on large batches, after a compilation of
        tens of seconds on the first step of a process (cached on disk for later runs). The per-agent views (both
        colours' planes and masks) are unpacked from the step's words as the eager env unpacks them. Every kernel
        and board size compiles: the bitboard kernel's boards on one word a side, the conv and conv2d kernels' (10 x 10
        to 16 x 16, or any size with ``backend="conv"``) on several (:mod:`othello_zoo.engine.wide`), their state's rays
        then left to be found by the engine where it needs them (see :class:`~othello_zoo.engine.State`). It needs a
        working ``torch.compile`` (a C++ compiler on the CPU, Triton on a GPU).

        ``compile="auto"`` compiles where it can and steps eagerly where it cannot, never failing for it: no
        compiler found, or a compilation that fails (a warning then says why). It says on
        standard error, in one line, when a compilation starts; :attr:`compile_reason` holds what it decided and why.
        The bench shows the compiled step ahead from one board up, so "auto" needs no batch size to decide."""
        self.num_envs = check_int("num_envs", num_envs, low=1)
        self.config = config = config_from(config, settings, "vector_env")
        self.board_size = config.board_size
        self.autoreset_mode = transitions.autoreset_mode(autoreset_mode)
        self.illegal_action = check_illegal_action(illegal_action)
        self._auto = isinstance(compile, str) and compile == "auto"
        n = config.board_size
        what = f"the {config.backend} kernel's {n}x{n} boards"  # every kernel's boards: FusedSpec's planes
        self.compile, self.compile_reason = compile_setting(compile, torch.device(str(config.device)), None, what)
        # by (random actions, views made, colour words made), at first use
        self._fused: dict[tuple[bool, bool, bool], FusedStep] = {}
        self._zeros: Tensor | None = None
        self.reward_mode: RewardMode = config.reward_mode
        self.device: torch.device = config.device  # type: ignore[assignment]  # normalised by EnvConfig
        self.backend = config.backend
        self.opening_book = config.book
        self.metadata: dict[str, Any] = {"name": "othello_v0", "autoreset_mode": self.autoreset_mode}
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        self._build_spaces()
        self._starts = (
            _book_state(self.opening_book, config.opening_symmetries, config.boards)
            if self.opening_book is not None
            else engine.start(1, config.boards)
        )
        self._start_batch: engine.State | None = None
        self.generator = torch.Generator(device=self.device)
        self.generator.seed()
        self.state = self._fresh(self.num_envs)
        self._needs_reset = torch.zeros(self.num_envs, dtype=torch.bool, device=self.device)
        # Boards that start over (a book line that ends the game) are reported at their first step.
        self._unreported = self.state.terminated.clone()

    # -- spaces ---------------------------------------------------------------------------------
    def _build_spaces(self) -> None:
        """Gymnasium's attributes (one board, and the batch) and PettingZoo's per-agent methods.

        The spaces are those of the PettingZoo envs, mask included (``Box(0, 1, int8)``); the
        tensors the env returns are their torch form (the mask as bool, which holds the same 0/1).
        """
        self.single_observation_space: gymnasium.spaces.Dict = self.config.observation_space()
        self.single_action_space: gymnasium.spaces.Discrete = self.config.action_space()  # type: ignore[type-arg]
        self._observation_space = batch_space(self.single_observation_space, self.num_envs)
        self._action_space = batch_space(self.single_action_space, self.num_envs)

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The batched observation space for ``agent`` (PettingZoo's form; the same for both)."""
        self._check_agent(agent)
        return self._observation_space

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The batched action space for ``agent`` (PettingZoo's form; the same for both)."""
        self._check_agent(agent)
        return self._action_space

    @property
    def current_player(self) -> Tensor:
        """int64 (N,): the colour to move in each board (0 black, 1 white)."""
        return self.state.current_player

    # -- the API --------------------------------------------------------------------------------
    @uses_package_threads
    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observations, dict[str, Any]]:
        """Start new games on every board, or only where ``options["reset_mask"]`` (bool (N,)) is set.

        ``options["position"]``, one position text or one per board, starts from given positions
        instead of the start position or the book.
        """
        seed = check_seed("seed", seed)
        options = check_options(options, allowed=("position", "reset_mask"))
        positions = self._positions(options["position"]) if "position" in options else None
        mask = options.get("reset_mask")
        if mask is not None:
            mask = self._check_tensor("options['reset_mask']", mask, torch.bool)
        # Everything is checked: from here on nothing raises, so a failed reset changes nothing.
        if seed is not None:
            self.generator.manual_seed(seed)
        fresh = positions if positions is not None else self._fresh(self.num_envs)
        if mask is None:
            self.state = fresh
            self._needs_reset = torch.zeros_like(self._needs_reset)
            self._unreported = fresh.terminated
        else:
            self.state = engine.where(mask, fresh, self.state)
            self._needs_reset = self._needs_reset & ~mask
            self._unreported = torch.where(mask, fresh.terminated, self._unreported)
        observations, scores = self._observations(self.state)
        return observations, {"scores": scores, "current_player": self.state.current_player}

    @uses_package_threads
    def step(
        self, actions: dict[str, Tensor]
    ) -> tuple[Observations, dict[str, Tensor], dict[str, Tensor], dict[str, Tensor], dict[str, Any]]:
        """Play the mover's action on every board (see the module docstring for autoreset)."""
        if not isinstance(actions, dict):
            raise TypeError(
                f"actions must be a dict {{agent: int64 tensor ({self.num_envs},)}}, got {type(actions).__name__}"
            )
        for agent in AGENTS:
            if agent not in actions:
                raise ValueError(
                    f"actions has no entry for {agent!r} (both agents give one; the waiting agent's is ignored)"
                )
            self._check_tensor(f"actions[{agent!r}]", actions[agent], torch.int64)
        black_moved = self.state.current_player == 0
        movers = torch.where(black_moved, actions["black_0"], actions["white_0"])
        fused = self._fused_for(random=False, observe=False, colours=self._colours_in_step) if self.compile else None
        if fused is not None:
            observations, mine, theirs, terminated, infos = self._fused_advance(fused, movers)
        else:
            observations, mine, theirs, terminated, infos = self._advance(movers)
        rewards = {"black_0": torch.where(black_moved, mine, theirs), "white_0": torch.where(black_moved, theirs, mine)}
        truncated = torch.zeros_like(terminated)
        return observations, rewards, {a: terminated for a in AGENTS}, {a: truncated for a in AGENTS}, infos

    @uses_package_threads
    def observe_movers(self) -> tuple[Tensor, Tensor]:
        """``(observation int8 (N, 2, n, n), action_mask bool (N, n*n+1))`` of each board's mover."""
        return engine.mover_view(self.state)

    @uses_package_threads
    def step_movers(self, actions: Tensor) -> MoverStep:
        """Play ``actions`` (int64 (N,)), the movers' choices; the result speaks for the next movers.

        ``reward`` is that of the player who moved in each board, ``opponent_reward`` the other's.
        ``info`` holds the autoreset keys of ``SAME_STEP`` (``"final_scores"``, ...) and nothing
        else, to keep this path lean: ``engine.scores(env.state)`` gives the disc counts.
        """
        actions = self._check_tensor("actions", actions, torch.int64)
        fused = self._fused_for(random=False, observe=self._views_in_step) if self.compile else None
        if fused is not None:
            return self._fused_step(fused, actions=actions)
        _, mine, theirs, terminated, infos = self._advance(actions, observe=False)
        observation, mask = self.observe_movers()
        return MoverStep(observation, mask, mine, theirs, terminated, torch.zeros_like(terminated), infos)

    @uses_package_threads
    def step_movers_random(self, generator: torch.Generator | None = None) -> MoverStep:
        """Play a uniformly random legal action on every board: ``step_movers(engine.random_actions(env.state,
        generator))`` in one call (the same games from the same generator), the draw fused into the compiled
        step with ``compile=True``. ``generator`` defaults to the env's own (seeded by ``reset(seed=...)``)."""
        if generator is None:
            generator = self.generator
        fused = self._fused_for(random=True, observe=self._views_in_step) if self.compile else None
        if fused is None:
            return self.step_movers(engine.random_actions(self.state, generator))  # it checks the generator
        check_generator(generator, self.device)
        return self._fused_step(fused, uniform=torch.rand(self.num_envs, generator=generator, device=self.device))

    @uses_package_threads
    def random_actions(self, generator: torch.Generator | None = None) -> dict[str, Tensor]:
        """A uniformly random legal action for each agent on every board, ``{agent: int64 (N,)}``, ready for
        :meth:`step`: the actions of ``{agent: engine.sample_actions(observations[agent]["action_mask"], generator)
        for agent in env.agents}`` on the latest observations, the same numbers drawn from ``generator`` in the same
        order, but taken from the boards' move words instead of the masks (the waiting agent's is the null action,
        as its mask allows). ``generator`` defaults to the env's own (seeded by ``reset(seed=...)``). With ``compile``
        on the bitboard kernel's boards both are drawn in one compiled loop. The two tensors are the rows of one:
        copy one before writing into it.

        >>> from othello_zoo import othello_v0
        >>> env = othello_v0.vector_env(2)
        >>> _ = env.reset(seed=0)
        >>> actions = env.random_actions(torch.Generator().manual_seed(1))
        >>> actions["white_0"].tolist()
        [64, 64]
        """
        if generator is None:
            generator = self.generator
        check_generator(generator, self.device)
        state, player = self.state, self.state.current_player
        uniform = [torch.rand(self.num_envs, generator=generator, device=self.device) for _ in AGENTS]
        if self.compile and self._draws_compiled():  # one generated loop for what follows
            args = (state.moves, player, *uniform, self._select_table)
            actions = call_compiled(compiled_draws(self.board_size, str(self.device)), self._draws_key, args, args[:4])
        else:
            black = player == BLACK
            drawn = engine.ranked_actions(state, torch.where(black, uniform[0], uniform[1]))
            actions = colour_actions(black, drawn, self.board_size**2)
        return dict(zip(AGENTS, actions, strict=True))

    @property
    def _select_table(self) -> Tensor:
        """:class:`~othello_zoo.engine.words.ByteTables`' ``byte_select_flat`` on the env's device."""
        return bitboard_kernel(self.board_size, self.device).tables.byte_select_flat

    @property
    def _draws_key(self) -> tuple[tuple[str, int], str]:
        """The compiled draws' key for :func:`~othello_zoo.env.fused.call_compiled`."""
        return ("colour_draws", self.board_size), str(self.device)

    def _draws_compiled(self) -> bool:
        """Whether :meth:`random_actions` draws through :func:`~othello_zoo.env.fused.compiled_draws` (the bitboard
        kernel's words, ``compile`` on). Under ``compile="auto"`` its first use compiles it on two scratch boards, a
        line on standard error saying so; where that fails the env steps eagerly from then on (a warning says why)."""
        if self.backend != "bitboard":
            return False
        if self._auto and not is_traced(self._draws_key):
            two = self._starts[torch.zeros(2, dtype=torch.int64, device=self.device)]
            half = torch.full((2,), 0.5, device=self.device)
            args = (two.moves, two.current_player, half, half.clone(), self._select_table)
            function = compiled_draws(self.board_size, str(self.device))
            what = f"the vector env's random actions ({self.board_size}x{self.board_size}, on {self.device})"
            failure = compile_first(what, lambda: call_compiled(function, self._draws_key, args, args[:4]))
            if failure is not None:
                compiled_step_failed(self, "the draws", failure, stacklevel=4)
                return False
        return True

    def close(self) -> None:
        """Nothing to release (no window); present for API symmetry."""

    # -- internals ------------------------------------------------------------------------------
    def _fused_step(self, fused: FusedStep, actions: Tensor | None = None, uniform: Tensor | None = None) -> MoverStep:
        """:meth:`step_movers` through ``fused`` (:meth:`_fused_for`)."""
        before, result = self._fused_run(fused, actions, uniform)
        infos = self._final_infos(before, result)
        terminated = result.reported
        observation, mask = fused.views(result)
        return MoverStep(
            observation,
            mask,
            result.reward,
            result.opponent_reward,
            terminated,
            torch.zeros_like(terminated),
            infos,
        )

    def _fused_advance(
        self, fused: FusedStep, movers: Tensor
    ) -> tuple[Observations, Tensor, Tensor, Tensor, dict[str, Any]]:
        """:meth:`_advance` through ``fused`` (:meth:`_fused_for`): the same outputs, both colours' views unpacked
        from the step's words (:func:`othello_zoo.engine.colour_views`)."""
        before, result = self._fused_run(fused, movers, None)
        infos = self._final_infos(before, result)
        if self.autoreset_mode == AutoresetMode.SAME_STEP:
            infos["final_obs"] = self._observations(fused.final_state(before, result))[0]
        words = result.colours if fused.spec.colours else None  # both colours' words, made in the step
        observations, infos["scores"] = self._observations(self.state, words)
        infos["current_player"] = self.state.current_player
        return observations, result.reward, result.opponent_reward, result.reported, infos

    def _final_infos(self, before: engine.State, result: FusedResult) -> dict[str, Any]:
        """``SAME_STEP``'s infos of the boards that ended in a fused step from ``before`` (empty in other modes)."""
        if self.autoreset_mode != AutoresetMode.SAME_STEP:
            return {}
        reward, other, ended = result.reward, result.opponent_reward, result.reported
        return transitions.final_infos(before.current_player, reward, other, ended, result.final_scores)

    @property
    def _views_in_step(self) -> bool:
        """Whether the mover API's compiled step makes the next movers' views itself: on a GPU. On the CPU numpy
        unpacks them after the step (:meth:`FusedStep.views`): a loop of 193 bytes a board costs more written by the
        step's compiler than numpy's vectorised unpackbits."""
        return self.device.type != "cpu"

    @property
    def _colours_in_step(self) -> bool:
        """Whether the dict step's compiled step makes the words of both colours' views (8 x 8 bitboard boards): a
        few operations a board in its loop, where working them out after the step took about a tenth of a step
        (numpy's, on the CPU) or eight more kernel launches (on a GPU)."""
        return self.backend == "bitboard" and self.board_size == 8

    def _fused_for(self, random: bool, observe: bool, colours: bool = False) -> FusedStep | None:
        """The fused step of its kind (given or random actions; the movers' views made in it or not), built at first
        use. Under ``compile="auto"`` its first build compiles it on two scratch boards, a line on standard error
        saying so; where that fails the env steps eagerly from then on (a warning says why) and ``None`` comes back,
        nothing of the env touched."""
        fused = self._fused.get((random, observe, colours))
        if fused is not None:
            return fused
        spec = FusedSpec(
            board_size=self.board_size,
            autoreset=self.autoreset_mode.name.lower(),  # type: ignore[arg-type]  # the three Gymnasium modes
            margin=self.reward_mode == "margin",
            random=random,
            observe=observe,
            planes=self.backend != "bitboard",
            colours=colours,
        )
        fused = FusedStep(spec, self.device)
        if self._auto and not fused.ready:
            kind = "random" if random else "given"
            what = f"the vector env's step ({self.board_size}x{self.board_size}, {kind} actions, on {self.device})"
            failure = compile_first(what, lambda: fused.warm_up(self._starts))
            if failure is not None:
                compiled_step_failed(self, "the step", failure, stacklevel=4)
                return None
        self._fused[random, observe, colours] = fused
        return fused

    def _fused_run(
        self, fused: FusedStep, actions: Tensor | None, uniform: Tensor | None
    ) -> tuple[engine.State, FusedResult]:
        """One step through ``fused`` (:meth:`_fused_for`): the state before, and the result. The state is replaced
        only when the step is accepted, as in the eager path."""
        before, saved = self.state, None
        if self.autoreset_mode == AutoresetMode.DISABLED or self._starts.batch_size == 1:
            start_index = self._start_zeros()
        else:  # the draw of _fresh, in the same order: after the actions'
            if self.illegal_action == "raise":
                saved = self.generator.get_state()  # a refused step leaves the generator as it was
            start_index = torch.randint(
                self._starts.batch_size, (self.num_envs,), generator=self.generator, device=self.device
            )
        result = fused.run(before, self._needs_reset, self._unreported, self._starts, start_index, actions, uniform)
        if self.illegal_action == "raise" and bool(result.illegal.any()):
            if saved is not None:
                self.generator.set_state(saved)
            engine.step(before, result.actions, illegal_action="raise")  # raises, naming the boards
        self.state = fused.next_state(before, result)
        self._needs_reset, self._unreported = result.needs_reset, result.unreported
        return before, result

    def _start_zeros(self) -> Tensor:
        """int64 zeros (N,): every fresh board from the one start position."""
        if self._zeros is None:
            self._zeros = torch.zeros(self.num_envs, dtype=torch.int64, device=self.device)
        return self._zeros

    def _fresh(self, count: int) -> engine.State:
        """``count`` new games: book positions drawn uniformly, or the start position."""
        if self._starts.batch_size == 1:
            if self._start_batch is None or self._start_batch.batch_size != count:
                self._start_batch = self._starts[torch.zeros(count, dtype=torch.int64, device=self.device)]
            return self._start_batch
        index = torch.randint(self._starts.batch_size, (count,), generator=self.generator, device=self.device)
        return self._starts[index]

    def _positions(self, texts: object) -> engine.State:
        if not isinstance(texts, (str, list, tuple)) or not all(isinstance(t, str) for t in texts):
            raise TypeError(f"options['position'] must be position text or a list of texts, got {texts!r}")
        lines = [texts] * self.num_envs if isinstance(texts, str) else list(texts)
        if len(lines) != self.num_envs:
            raise ValueError(f"options['position'] holds one text or {self.num_envs} (one per board), got {len(lines)}")
        state = engine.from_text(lines, device=self.device, backend=self.backend)
        if state.board_size != self.board_size:
            n, m = state.board_size, self.board_size
            raise ValueError(f"the positions are {n}x{n}, the environment's boards {m}x{m}")
        return state

    def _advance(
        self, movers: Tensor, observe: bool = True
    ) -> tuple[Observations, Tensor, Tensor, Tensor, dict[str, Any]]:
        """Step every board. Returns the rewards of the player who moved and of the other;
        ``observe=False`` (the mover API) skips the per-agent observations and infos."""
        before = self.state
        stepped = engine.step(before, movers, illegal_action=self.illegal_action)
        unreported = self._unreported
        over = transitions.ended(before.terminated, stepped.terminated, unreported)
        result = engine.outcome(stepped, margin=self.reward_mode == "margin")
        mine, theirs = transitions.rewards(result, over, stepped.forfeited, unreported)
        mode = transitions.mode_name(self.autoreset_mode)
        fresh = self._fresh(self.num_envs) if mode != "disabled" else stepped
        resets = transitions.autoreset(mode, over, stepped.terminated, self._needs_reset, fresh.terminated)
        infos: dict[str, Any] = {}
        if mode == "same_step":
            infos.update(transitions.final_infos(before.current_player, mine, theirs, over, engine.scores(stepped)))
            if observe:
                infos["final_obs"] = self._observations(stepped)[0]
        state = stepped if resets.reset is None else engine.where(resets.reset, fresh, stepped)
        self.state, self._unreported, self._needs_reset = state, resets.unreported, resets.needs_reset
        terminated = resets.terminated
        if not observe:
            return {}, mine, theirs, terminated, infos
        observations, infos["scores"] = self._observations(state)
        infos["current_player"] = state.current_player
        return observations, mine, theirs, terminated, infos

    def _observations(self, state: engine.State, words: Tensor | None = None) -> tuple[Observations, Tensor]:
        """Both agents' observations (views of two tensors: see ``engine.colour_views``, ``words`` its words where
        the compiled step made them) and the scores."""
        planes, masks, scores = engine.colour_views(state, words)
        observations = {
            "black_0": {"observation": planes[:, 0:2], "action_mask": masks[:, 0]},
            "white_0": {"observation": planes[:, 1:3], "action_mask": masks[:, 1]},
        }
        return observations, scores

    def _check_agent(self, agent: str) -> None:
        if agent not in AGENTS:
            raise ValueError(f"agent must be one of {list(AGENTS)}, got {agent!r}")

    def _check_tensor(self, name: str, value: object, dtype: torch.dtype) -> Tensor:
        return engine.check_tensor(name, value, dtype, self.num_envs, self.device)
