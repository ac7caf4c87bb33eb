"""The vector env's mover step as one function of tensors, written for ``torch.compile`` to fuse.

The whole loop iteration of a self-play user (the random or given actions checked, the step, the game-over test, the
outcome, the rewards, the autoreset, the observation and mask of the next movers) is one function of words: the
engine's step on them (:func:`othello_zoo.engine.fused.play_words` on the bitboard kernel's one word a side, or
:func:`othello_zoo.engine.wide.play_wide` on the conv kernel's boards packed into several) and the env's rules of a step
(:mod:`othello_zoo.env.transitions`, the functions the eager env calls), so that inductor fuses it into a few loops
(C++ with OpenMP on the CPU, Triton on a GPU). It plays exactly the eager env's games: the same boards, rewards and
observations from the same actions or the same random numbers (the tests run both in lockstep).

:class:`FusedStep` holds one configuration's function, compiled or not; :meth:`FusedStep.run` takes the tensors of
an :class:`~othello_zoo.engine.State` and the env's autoreset bookkeeping and returns a :class:`FusedResult`. The env
(``othello_v0.vector_env(..., compile=True)``) and the benchmark build on it; :func:`compiled_step` gives the
compiled function of a configuration, built once a process (and served from inductor's cache on disk after the
first run: see ``docs/performance.md`` for the compile times).
"""

from __future__ import annotations

import functools
import sys
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import torch
from torch import Tensor

from othello_zoo.core import rules
from othello_zoo.engine import State
from othello_zoo.engine.fused import Rays, bits, colour_words, play_words, popcount, random_square, rays
from othello_zoo.engine.wide import Directions, Wide, directions, planes_to_words, play_wide, words_to_planes
from othello_zoo.engine.words import ByteTables, unpack_bits
from othello_zoo.env import transitions
from othello_zoo.runtime.compiler import compiled_words, compiling_in_background

__all__ = [
    "COMPILE_TIMES",
    "FusedResult",
    "FusedSpec",
    "FusedStep",
    "call_compiled",
    "colour_actions",
    "colour_draws",
    "compile_first",
    "compiled_draws",
    "compiled_step",
    "distinct",
    "fused_step",
    "is_traced",
    "unfused_kernel",
    "unpacked_views",
    "word_rays",
]


@dataclass(frozen=True)
class FusedSpec:
    """What one fused function does (each distinct spec is its own compiled function).

    Attributes:
        board_size: ``n``, even: 4 to 8 on the bitboard kernel's words (one int64 word a side), 4 to 16 with
            ``planes``.
        autoreset: the vector env's autoreset mode (Gymnasium's ``AutoresetMode``, by its name in lower case).
        margin: rewards by disc margin (``reward_mode="margin"``) rather than win/loss/draw.
        random: actions drawn in the step from one uniform number a board (the engine's
            ``random_actions``); otherwise given.
        observe: the next movers' observation and mask are made (the env's mover API); without, only the state.
        planes: the boards are the conv kernel's (planes in and out, any size): the step plays them on
            :mod:`othello_zoo.engine.wide`'s words, and the next state's rays are left to be found
            (``(B, 0)``: see :class:`~othello_zoo.engine.State`). Otherwise the bitboard kernel's words.
        colours: the words of both colours' views of the next state are made in the step (``FusedResult.colours``,
            the per-agent dict step's: :func:`othello_zoo.engine.colour_views` unpacks them); bitboard words only.
    """

    board_size: int = 8
    autoreset: transitions.Autoreset = "next_step"
    margin: bool = False
    random: bool = True
    observe: bool = True
    planes: bool = False
    colours: bool = False
    # The board's 8 directions, worked out here so that the traced function finds them as constants.
    rays: tuple[Rays, ...] = field(init=False, repr=False, compare=False)
    wide: Directions | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        table = () if self.planes else word_rays(self.board_size)
        if self.autoreset not in ("next_step", "same_step", "disabled"):
            raise ValueError(f"autoreset must be 'next_step', 'same_step' or 'disabled', got {self.autoreset!r}")
        if self.colours and self.planes:
            raise ValueError("colours=True makes the bitboard kernel's colour words: not with planes=True")
        object.__setattr__(self, "rays", table)
        object.__setattr__(self, "wide", directions(self.board_size) if self.planes else None)


def word_rays(board_size: object) -> tuple[Rays, ...]:
    """The 8 directions of a board the fused steps play (:func:`othello_zoo.engine.fused.rays`), or a
    ``ValueError`` naming the size where it is not one of theirs (4, 6 or 8: one int64 word a side)."""
    n = board_size
    if not (isinstance(n, int) and 4 <= n <= 8 and n % 2 == 0):
        raise ValueError(f"the fused step plays boards of size 4, 6 or 8 (one int64 word a side), got {n!r}")
    return rays(n)


def unfused_kernel(board_size: int, backend: str) -> str | None:
    """Why the fused steps on words (the Gymnasium env's learner step) cannot play an env's boards (one clause), or
    ``None`` where they can: they play the bitboard kernel's, up to 8 x 8. (The vector env's step plays every
    kernel's: :class:`FusedSpec`'s ``planes``.)"""
    if backend == "bitboard":
        return None
    kernel = "the fused step plays the bitboard kernel's boards (up to 8x8)"
    return f"{kernel}; got backend {backend!r} on {board_size}x{board_size}"


def compile_first(what: str, call: Callable[[], object]) -> str | None:
    """The first compiled call of a fused step under ``compile="auto"``: one line on standard error says that
    ``what`` is compiling, then ``call`` runs. Returns why the compiler failed (its message's first line), or
    ``None``."""
    print(
        f"othello_zoo: compiling {what}: seconds with inductor's cache warm, up to a few minutes cold...",
        file=sys.stderr,
        flush=True,
    )
    try:
        call()
    except torch._dynamo.exc.BackendCompilerFailed as error:
        text = str(error).strip()
        return text.splitlines()[0] if text else type(error).__name__
    return None


class FusedResult(NamedTuple):
    """What :meth:`FusedStep.run` returns: the next state's fields, the env's bookkeeping and the step's outputs.

    Tensors the spec does not ask for are empty ``(0,)`` (``observation``, ``mask`` without ``observe``;
    the ``final_*`` fields outside ``same_step``).
    """

    discs: Tensor  # int64 (B, 2), or (B, 2, W) with planes: the next state's words, the mover's discs then the other's
    moves: Tensor  # int64 (B,), or (B, W)
    current_player: Tensor  # int64 (B,)
    terminated: Tensor  # bool (B,): the next state's own flag
    forfeited: Tensor  # bool (B,)
    needs_reset: Tensor  # bool (B,): reset at the next step (next_step)
    unreported: Tensor  # bool (B,): started finished, reported at its first step
    reward: Tensor  # float32 (B,): the player who moved
    opponent_reward: Tensor  # float32 (B,)
    reported: Tensor  # bool (B,): terminated as the env reports it
    illegal: Tensor  # bool (B,): the action was illegal on an unfinished board
    actions: Tensor  # int64 (B,): the actions played (drawn ones included)
    observation: Tensor  # int8 (B, 2, n, n): the next movers' view (observe)
    mask: Tensor  # bool (B, n*n + 1): their legal actions (observe); else int64 (B, 2): their placements and pass
    # (one word a side), or empty (planes: FusedStep.views unpacks them)
    final_scores: Tensor  # int64 (B, 2): (black, white) of the boards that ended (same_step)
    final_discs: Tensor  # int64 (B, 2) or (B, 2, W): the words of every board as stepped, before its reset (same_step)
    final_player: Tensor  # int64 (B,): the colour to move there (same_step)
    final_moves: Tensor  # int64 (B,) or (B, W): and its placements (same_step)
    final_terminated: Tensor  # bool (B,): the game is over there (same_step)
    final_forfeited: Tensor  # bool (B,): by an illegal action (same_step)
    colours: Tensor  # int64 (B, 6): the words of both colours' views of the next state (colours), else empty


def fused_step(
    spec: FusedSpec,
    discs: Tensor,
    moves: Tensor,
    current_player: Tensor,
    terminated: Tensor,
    forfeited: Tensor,
    needs_reset: Tensor,
    unreported: Tensor,
    actions: Tensor,
    uniform: Tensor,
    start_discs: Tensor,
    start_moves: Tensor,
    start_player: Tensor,
    start_terminated: Tensor,
    start_index: Tensor,
    select_table: Tensor,
) -> FusedResult:
    """One mover step of ``B`` boards (the function :class:`FusedStep` compiles): see :class:`FusedResult`.

    ``actions`` (int64 ``(B,)``) are played unless ``spec.random``, where ``uniform`` (float32 ``(B,)``) draws
    them as :func:`othello_zoo.engine.random_actions` does. The start positions (``start_*``, ``S`` boards) and
    ``start_index`` (int64 ``(B,)``, which start each board would take) give the fresh games of the autoreset.
    ``select_table`` is :class:`~othello_zoo.engine.words.ByteTables`' ``byte_select_flat``.
    """
    n = spec.board_size
    nn = n * n
    sets = _Sets(spec.wide, nn)
    own, opp, moves_now = sets.read(discs[:, 0]), sets.read(discs[:, 1]), sets.read(moves)
    play = play_wide if spec.wide is not None else play_words
    played = play(
        spec.wide if spec.wide is not None else spec.rays,  # type: ignore[arg-type]
        own,
        opp,
        moves_now,
        current_player,
        terminated,
        forfeited,
        None if spec.random else actions,
        uniform,
        select_table,
    )
    next_own, next_opp, next_moves, next_player = played.own, played.opp, played.moves, played.current_player
    next_terminated, next_forfeited = played.terminated, played.forfeited
    # The env's rules of a step (the eager env's functions): the ends reported, the rewards.
    ended = transitions.ended(terminated, next_terminated, unreported)
    # The disc counts only where a game ended (a branch in the generated C++, as in play_words' game-over test).
    difference = torch.where(ended, (sets.count(next_own) - sets.count(next_opp)).to(torch.float32), 0.0)
    result = rules.mover_result(difference, next_forfeited, n, spec.margin)
    reward, opponent_reward = transitions.rewards(result, ended, next_forfeited, unreported)
    # The autoreset: the fresh games are gathered from the start positions (a where per field).
    final_scores = final_discs = final_player = final_moves = torch.zeros(0, dtype=torch.int64, device=discs.device)
    final_terminated = final_forfeited = torch.zeros(0, dtype=torch.bool, device=discs.device)
    if spec.autoreset == "same_step":  # the boards as they ended, before their reset: scores, and words to view
        counts = torch.stack((sets.count(next_own), sets.count(next_opp)), dim=1)
        final_scores = torch.where((next_player == rules.BLACK).unsqueeze(1), counts, counts.flip(1))
        final_discs, final_moves = sets.discs(next_own, next_opp), sets.write(next_moves)
        final_player, final_terminated, final_forfeited = next_player, next_terminated, next_forfeited
    fresh_terminated = start_terminated[start_index]
    resets = transitions.autoreset(spec.autoreset, ended, next_terminated, needs_reset, fresh_terminated)
    if resets.reset is not None:
        reset = resets.reset
        next_own = sets.choose(reset, start_discs[start_index, 0], next_own)
        next_opp = sets.choose(reset, start_discs[start_index, 1], next_opp)
        next_moves = sets.choose(reset, start_moves[start_index], next_moves)
        next_player = torch.where(reset, start_player[start_index], next_player)
        next_terminated = torch.where(reset, fresh_terminated, next_terminated)
        next_forfeited = next_forfeited & ~reset
    reported, next_unreported, next_needs_reset = resets.terminated, resets.unreported, resets.needs_reset
    actions, illegal = played.actions, played.illegal
    empty = torch.zeros(0, dtype=torch.int8, device=discs.device)
    if spec.observe:
        observation = torch.stack((sets.bits(next_own), sets.bits(next_opp)), dim=1).to(torch.int8).view(-1, 2, n, n)
        placements = sets.bits(next_moves).bool()
        mask = torch.cat((placements, sets.none(next_moves).unsqueeze(1)), dim=1)
    elif spec.wide is None:  # the words the host unpacks (FusedStep.views): the placements, then the null action
        observation, mask = empty, torch.stack((sets.write(next_moves), sets.none(next_moves).long()), dim=1)
    else:  # the host views the planes (FusedStep.views)
        observation, mask = empty, empty
    colours = torch.zeros(0, dtype=torch.int64, device=discs.device)
    if spec.colours:  # the words engine.colour_views unpacks, as the bitboard kernel makes them from a state
        black_to_move = next_player == rules.BLACK
        colours = colour_words(sets.write(next_own), sets.write(next_opp), sets.write(next_moves), black_to_move)
    return FusedResult(
        sets.discs(next_own, next_opp),
        sets.write(next_moves),
        next_player,
        next_terminated,
        next_forfeited,
        next_needs_reset,
        next_unreported,
        reward,
        opponent_reward,
        reported,
        illegal,
        actions,
        observation,
        mask,
        final_scores,
        final_discs,
        final_player,
        final_moves,
        final_terminated,
        final_forfeited,
        colours,
    )


class _Sets:
    """The operations :func:`fused_step` does on sets of squares, in the form of its spec's boards: one int64 word
    a board (the bitboard kernel's, ``table`` ``None``) or :class:`~othello_zoo.engine.wide.Wide` words (``W`` a
    board: :class:`FusedStep` packs the conv kernel's planes into them and unpacks the result on the host)."""

    def __init__(self, table: Directions | None, squares: int) -> None:
        self.table = table
        self.squares = squares

    def read(self, field: Tensor) -> Any:
        """Words ``(B,)`` or ``(B, W)`` as sets."""
        return field if self.table is None else Wide(field.unbind(1))

    def write(self, sets: Any) -> Tensor:
        """Sets as words: ``(B,)`` or ``(B, W)``."""
        return sets if self.table is None else sets.stacked()  # type: ignore[no-any-return]

    def discs(self, own: Any, opp: Any) -> Tensor:
        """Two sides' words: int64 ``(B, 2)`` or ``(B, 2, W)``."""
        return torch.stack((self.write(own), self.write(opp)), dim=1)

    def bits(self, sets: Any) -> Tensor:
        """int64 ``(B, n*n)`` of 0 and 1."""
        if self.table is None:
            return bits(sets, self.squares)
        return torch.cat([bits(limb, 64) for limb in sets.limbs], dim=1)[:, : self.squares]

    def count(self, sets: Any) -> Tensor:
        return popcount(sets) if self.table is None else sets.count()

    def none(self, sets: Any) -> Tensor:
        """bool ``(B,)``: the set is empty."""
        return sets == 0 if self.table is None else ~sets.any()  # type: ignore[no-any-return]

    def choose(self, condition: Tensor, start: Tensor, sets: Any) -> Any:
        """``start`` (a start position's words, ``(B,)`` or ``(B, W)``) where ``condition``, else ``sets``."""
        if self.table is None:
            return torch.where(condition, start, sets)
        return Wide(start.unbind(1)).where(condition, sets)


COMPILE_TIMES: dict[Hashable, float] = {}  # seconds spent in each spec's first compiled call, this process
_TRACED: set[tuple[Hashable, str]] = set()  # the specs and devices whose compiled function has run once


@functools.cache
def compiled_step(spec: FusedSpec, device: str) -> Callable[..., FusedResult]:
    """:func:`fused_step` for ``spec`` under ``torch.compile`` (inductor), built once a process and device; its
    first call compiles (:meth:`FusedStep.run` marks the batch sizes dynamic: one compilation serves every batch
    size but 1)."""

    def step(*tensors: Tensor) -> FusedResult:
        return fused_step(spec, *tensors)

    name = f"fused_step_{spec.board_size}x{spec.board_size}_{spec.autoreset}_{abs(hash(spec)):x}"
    return compiled_words(step, name, device)


def call_compiled(
    function: Callable[..., Any], key: tuple[Hashable, str], args: tuple[Tensor, ...], dynamic: tuple[Tensor, ...]
) -> Any:
    """``function(*args)``, ``function`` compiled by :func:`compiled_words` for the spec and device ``key``.

    Its first call on two boards or more (in this process) marks the batch dimension of the ``dynamic`` inputs
    dynamic, and only it: one compilation serves every batch size from 2 up, with the board size and the tables fixed
    in the generated loops; the seconds it took go into :data:`COMPILE_TIMES`. Later calls skip dynamo's check of its
    guards (some 30 us a call on 15 tensors): the inputs are the callers' own, their dtypes, devices and layouts
    fixed. The guard it keeps is the thread count: a call at another count than the first compiles once more for it.
    A call on one board, or one whose compilation fails, leaves the key as it was (a batch of one is a graph of its
    own, its guards always checked; a failed compilation is tried again by the next call).
    """
    if key not in _TRACED:
        for tensor in dynamic:
            if tensor.shape[0] > 1:
                torch._dynamo.mark_dynamic(tensor, 0)
        began = time.perf_counter()
        result = function(*args)
        if args[0].shape[0] > 1:
            _TRACED.add(key)
            COMPILE_TIMES.setdefault(key[0], time.perf_counter() - began)
        return result
    if args[0].shape[0] < 2 or compiling_in_background():  # guards checked (see compiling_in_background)
        return function(*args)
    try:
        with torch.compiler.set_stance("default", skip_guard_eval_unsafe=True):
            return function(*args)
    except RuntimeError as error:  # a new thread count: compiled now, with the guards checked
        if "skip_guard_eval_unsafe" not in str(error):
            raise
        return function(*args)


def is_traced(key: tuple[Hashable, str]) -> bool:
    """Whether the compiled function of ``key`` (a spec and a device, as :func:`call_compiled` takes it) has run in
    this process (else its next call compiles)."""
    return key in _TRACED


def distinct(tensors: tuple[Tensor, ...]) -> tuple[Tensor, ...]:
    """``tensors`` with each tensor that appears again cloned: inputs that are one tensor twice (a fresh env's
    unreported boards are its terminated ones) would make a compiled function guard on that and compile again when
    they part."""
    seen: set[int] = set()
    out = []
    for tensor in tensors:
        out.append(tensor.clone() if id(tensor) in seen else tensor)
        seen.add(id(tensor))
    return tuple(out)


def colour_draws(
    moves: Tensor, current_player: Tensor, black_uniform: Tensor, white_uniform: Tensor, select: Tensor, null: int
) -> Tensor:
    """int64 ``(2, B)``: a random legal action for black and for white on each board of the bitboard kernel's words
    (``moves``, the mover's placements; ``current_player``), as drawing from each colour's mask would: the mover's
    placement of rank ``floor(uniform * count)`` by its own numbers (:func:`~othello_zoo.engine.fused.random_square`),
    the null action ``null`` where it has none and for the waiting colour. The vector env's ``random_actions``,
    compiled (:func:`compiled_draws`)."""
    black = current_player == rules.BLACK
    drawn = random_square(moves, torch.where(black, black_uniform, white_uniform), select).clamp(max=null)
    return colour_actions(black, drawn, null)


def colour_actions(black: Tensor, drawn: Tensor, null: int) -> Tensor:
    """int64 ``(2, B)``: black's actions, then white's, from the movers' ``drawn`` actions (``black``, bool ``(B,)``:
    black moves): the mover's drawn action, the null action ``null`` for the waiting colour."""
    return torch.stack((torch.where(black, drawn, null), torch.where(black, null, drawn)))


@functools.cache
def compiled_draws(board_size: int, device: str) -> Callable[..., Tensor]:
    """:func:`colour_draws` of ``board_size`` boards under ``torch.compile``, built once a process, board size and
    device (called through :func:`call_compiled`: one compilation serves every batch size from 2 up)."""
    null = board_size**2

    def draws(moves: Tensor, player: Tensor, black_uniform: Tensor, white_uniform: Tensor, select: Tensor) -> Tensor:
        return colour_draws(moves, player, black_uniform, white_uniform, select, null)

    return compiled_words(draws, f"colour_draws_{board_size}x{board_size}", device)


def unpacked_views(discs: Tensor, mask_words: Tensor, board_size: int) -> tuple[Tensor, Tensor]:
    """``(observation int8 (B, 2, n, n), mask bool (B, n*n + 1))`` from a mover's words: ``discs`` int64 ``(B, 2)``
    (its discs, then the other side's) and ``mask_words`` int64 ``(B, 2)`` (its placements, then 1 where the null
    action is legal), unpacked by :func:`~othello_zoo.engine.words.unpack_bits` (numpy's ``unpackbits`` on the
    CPU)."""
    n = board_size
    nn = n * n
    planes = unpack_bits(discs).view(torch.int8)  # (B, 128)
    bits = unpack_bits(mask_words)  # (B, 128): the placements, then the null action at 64
    if n == 8:
        return planes.view(-1, 2, 8, 8), bits[:, :65]
    observation = planes.view(-1, 2, 64)[:, :, :nn].reshape(-1, 2, n, n)
    return observation, torch.cat((bits[:, :nn], bits[:, 64:65]), dim=1)


def _versions(state: State) -> tuple[int, int]:
    """The version counters of ``state``'s discs and placements (torch counts the writes into a tensor)."""
    return state.discs._version, state.moves._version


class FusedStep:
    """One configuration's mover step on one device, compiled (``compile=True``) or eager.

    The eager form runs the same function op by op: slower than the engine's own eager step (which takes
    cheaper paths on the host), it is the reference the compiled one is tested against.
    """

    def __init__(self, spec: FusedSpec, device: torch.device, compile: bool = True) -> None:
        self.spec = spec
        self.device = device
        self.compiled = compile
        self._function: Callable[..., FusedResult] = (
            compiled_step(spec, str(device)) if compile else functools.partial(fused_step, spec)
        )
        self._select_table = ByteTables(device).byte_select_flat
        self._placeholder = torch.zeros(0, dtype=torch.float32, device=device)
        self._starts: tuple[State, tuple[Tensor, ...]] | None = None  # the start positions as the function takes them
        # The last planes made, their words, and the planes' version counters (a write into them makes them new).
        self._made: tuple[Tensor, Tensor, Tensor, Tensor, tuple[int, int]] | None = None

    def run(
        self,
        state: State,
        needs_reset: Tensor,
        unreported: Tensor,
        starts: State,
        start_index: Tensor,
        actions: Tensor | None = None,
        uniform: Tensor | None = None,
    ) -> FusedResult:
        """The step from ``state`` (an :class:`~othello_zoo.engine.State`: the bitboard kernel's, or with a
        ``planes`` spec the conv kernel's): ``actions``, or with a random spec ``uniform``; the fresh games from
        ``starts`` (a State of the same kernel) at ``start_index``."""
        if (state.backend != "bitboard") != self.spec.planes:
            kind = "the conv kernel's planes" if self.spec.planes else "the bitboard kernel's words"
            raise ValueError(f"this fused step plays {kind}; got a state of the {state.backend!r} kernel")
        if (actions is None) != self.spec.random or (uniform is None) != (not self.spec.random):
            wanted = "uniform (float32 (B,))" if self.spec.random else "actions (int64 (B,))"
            raise ValueError(f"this fused step takes {wanted}")
        if self._starts is None or self._starts[0] is not starts:
            # One start position is passed twice, so that a book's compilation serves it too.
            both = starts if starts.batch_size > 1 else starts[[0, 0]]
            discs, moves = self._packed(both)  # the conv kernel's planes as words, once
            self._starts = (starts, (discs, moves, both.current_player, both.terminated))
        given = actions if actions is not None else torch.zeros_like(state.current_player)
        drawn = uniform if uniform is not None else self._placeholder
        discs, moves = self._words(state)
        batch: tuple[Tensor, ...] = (discs, moves, state.current_player, state.terminated)
        batch = distinct((*batch, state.forfeited, needs_reset, unreported, given, drawn, start_index))
        args = (*batch[:9], *self._starts[1], batch[9], self._select_table)
        if not self.compiled:
            return self._function(*args)  # type: ignore[no-any-return]
        key = (self.spec, str(self.device))
        return call_compiled(self._function, key, args, dynamic=(*batch, *self._starts[1]))  # type: ignore[no-any-return]

    def _words(self, state: State) -> tuple[Tensor, Tensor]:
        """The words of ``state``'s discs and placements: the bitboard kernel's own, or the conv kernel's planes
        packed (those of the last state this step made, kept from its result)."""
        made = self._made
        if made is not None and made[0] is state.discs and made[1] is state.moves and made[4] == _versions(state):
            return made[2], made[3]
        return self._packed(state)

    def _packed(self, state: State) -> tuple[Tensor, Tensor]:
        """``state``'s discs and placements as the function takes them: the bitboard kernel's words as they are, or
        the conv kernel's planes packed into words."""
        if self.spec.wide is None:
            return state.discs, state.moves
        words = self.spec.wide.words
        return planes_to_words(state.discs, words), planes_to_words(state.moves, words)

    def _unpacked(self, discs: Tensor, moves: Tensor) -> tuple[Tensor, Tensor]:
        """A result's discs and placements as a state's: the words as they are, or the conv kernel's planes."""
        if self.spec.wide is None:
            return discs, moves
        nn = self.spec.board_size**2
        return words_to_planes(discs, nn), words_to_planes(moves, nn)

    def _planes(self, discs: Tensor, moves: Tensor) -> tuple[Tensor, Tensor]:
        """:meth:`_unpacked`, the planes kept with their words for the next step."""
        planes, placements = self._unpacked(discs, moves)
        if self.spec.wide is not None:
            self._made = (planes, placements, discs, moves, (planes._version, placements._version))
        return planes, placements

    @property
    def ready(self) -> bool:
        """Whether a call runs at once: eager, or compiled already in this process (else the first call compiles)."""
        return not self.compiled or is_traced((self.spec, str(self.device)))

    def warm_up(self, starts: State) -> None:
        """Compiles the step: its first call, on two scratch boards of ``starts`` (the batch size dynamic as ever)."""
        if self.ready:
            return
        device = starts.discs.device
        two = starts[torch.zeros(2, dtype=torch.int64, device=device)]
        flags = torch.zeros(2, dtype=torch.bool, device=device)
        index = torch.zeros(2, dtype=torch.int64, device=device)
        moves = dict(uniform=torch.full((2,), 0.5, device=device)) if self.spec.random else dict(actions=index)
        self.run(two, flags, flags.clone(), starts, index, **moves)

    def next_state(self, before: State, result: FusedResult) -> State:
        """The :class:`~othello_zoo.engine.State` after the step from ``before`` that gave ``result`` (the conv
        kernel's with its rays left to be found: ``(B, 0)``)."""
        discs, moves = self._planes(result.discs, result.moves)
        return FusedStep._state(before, discs, moves, result.current_player, result.terminated, result.forfeited)

    def final_state(self, before: State, result: FusedResult) -> State:
        """The boards as the step from ``before`` left them, before their reset (a ``same_step`` spec's result)."""
        discs, moves = self._unpacked(result.final_discs, result.final_moves)
        return FusedStep._state(
            before, discs, moves, result.final_player, result.final_terminated, result.final_forfeited
        )

    @staticmethod
    def _state(
        before: State, discs: Tensor, moves: Tensor, player: Tensor, terminated: Tensor, forfeited: Tensor
    ) -> State:
        return State(
            discs=discs,
            moves=moves,
            rays=before.rays[:, :0],  # the bitboard kernel's are (B, 0) always; the conv kernel's not found yet
            current_player=player,
            terminated=terminated,
            forfeited=forfeited,
            board_size=before.board_size,
            backend=before.backend,
        )

    def views(self, result: FusedResult) -> tuple[Tensor, Tensor]:
        """``(observation int8 (B, 2, n, n), mask bool (B, n*n + 1))`` of ``result``'s next movers: made in the step
        (``spec.observe``), or unpacked here from its words (numpy's ``unpackbits`` on the CPU)."""
        if self.spec.observe:
            return result.observation, result.mask
        if self.spec.wide is not None:  # from the planes, as the conv kernel's mover_view makes them
            n = self.spec.board_size
            made = self._made
            if made is not None and made[2] is result.discs and made[4] == (made[0]._version, made[1]._version):
                planes, placements = made[0], made[1]
            else:
                planes, placements = self._unpacked(result.discs, result.moves)
            observation = planes.to(torch.int8).view(-1, 2, n, n)
            return observation, torch.cat((placements, (result.moves == 0).all(1, keepdim=True)), dim=1)
        return unpacked_views(result.discs, result.mask, self.spec.board_size)
