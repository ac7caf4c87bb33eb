"""The Gymnasium vector env's step against the random opponent as one function of tensors, for ``torch.compile``.

:class:`~othello_zoo.gym.vector.OthelloGymVectorEnv` (``compile=True``, the ``make_vec`` form) plays a step as
the learner's move on every board, new games where the last step ended one (``NEXT_STEP``), the opponent's random
reply wherever it is to move, and the learner's view of the result. :func:`learner_step` is all of that on
``(B,)`` words (the engine's step on words twice, :func:`othello_zoo.engine.fused.play_words`), so that inductor
fuses it into a few loops, as the vector env's mover step is (:mod:`othello_zoo.env.fused`), together with
:data:`PASS_ROUNDS` rounds of the learner's forced pass and the opponent's reply after it, on the few boards that
need them. The env does the rest as its eager step does: the new games drawn before the call (their openings and
colours), any further pass rounds on the host, the rewards and the infos. It plays exactly the eager env's games:
the same boards, draws and observations from the same seed (the tests run both in lockstep).

The opponent's replies draw one uniform number a board a round from the env's generator, round 0 the replies to
the learner's moves, round ``r`` those after the learner's ``r``-th forced pass in a row, each round drawn only where
some board plays it (:meth:`~othello_zoo.gym.vector.OthelloGymVectorEnv.step` draws them the same way).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import NamedTuple

import torch
from torch import Tensor

from othello_zoo.core import rules
from othello_zoo.engine import State
from othello_zoo.engine.fused import Rays, placements, play_words, popcount
from othello_zoo.engine.words import ByteTables
from othello_zoo.env.fused import call_compiled, distinct, is_traced, unpacked_views, word_rays
from othello_zoo.runtime.compiler import compiled_words

__all__ = ["PASS_ROUNDS", "LearnerResult", "LearnerSpec", "LearnerStep", "learner_step"]

PASS_ROUNDS = 2
"""Rounds of the learner's forced pass and the opponent's reply played in the compiled step. In random play at 4,096
boards about one board in 150 has the learner pass once in a step and one in 10,000 three times or more, the third
pass on the host (a round in the step costs every board its arithmetic: each one more cost about a tenth of the
step, more than the host's few boards)."""


@dataclass(frozen=True)
class LearnerSpec:
    """What one compiled learner step plays (each distinct spec is its own compiled function).

    Attributes:
        board_size: ``n``, even, 4 to 8 (one int64 word a side).
        margin: the learner's result by disc margin (``reward_mode="margin"``) rather than win/loss/draw.
    """

    board_size: int = 8
    margin: bool = False
    # The board's 8 directions, worked out here so that the traced function finds them as constants.
    rays: tuple[Rays, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "rays", word_rays(self.board_size))


class LearnerResult(NamedTuple):
    """What :func:`learner_step` returns: the boards after the learner's move, the new games and the replies."""

    discs: Tensor  # int64 (B, 2): the mover's discs, then the opponent's
    moves: Tensor  # int64 (B,): the mover's placements
    current_player: Tensor  # int64 (B,)
    terminated: Tensor  # bool (B,)
    forfeited: Tensor  # bool (B,)
    illegal: Tensor  # bool (B,): the learner's action was illegal on a board in play (the game lost)
    replied: Tensor  # bool (B,): the opponent replied to the learner's move (round 0)
    replies: Tensor  # int64 (B,): the opponent's actions played, all rounds
    reply: Tensor  # int64 (B,): the last of them, -1 where none
    passes: Tensor  # int64 (B,): the learner's forced passes played
    view: Tensor  # int64 (B, 2): the learner's discs, then the opponent's
    view_mask: Tensor  # int64 (B, 2): the learner's placements (none where over), then 1 where it has none
    passing: Tensor  # bool (B,): in play with no placement for the learner: it passes again (on the host)
    scores: Tensor  # int64 (B, 2): the disc counts (black, white)
    result: Tensor  # float32 (B,): the learner's result, meaningful where the game is over


def learner_step(
    spec: LearnerSpec,
    discs: Tensor,
    moves: Tensor,
    current_player: Tensor,
    terminated: Tensor,
    forfeited: Tensor,
    fresh_discs: Tensor,
    fresh_moves: Tensor,
    fresh_player: Tensor,
    fresh_terminated: Tensor,
    restart: Tensor,
    learner: Tensor,
    actions: Tensor,
    select_table: Tensor,
    *uniforms: Tensor,
) -> LearnerResult:
    """One step of the single-agent vector env against the random opponent (what :class:`LearnerStep` compiles).

    ``discs`` .. ``forfeited`` are the boards (a bitboard :class:`~othello_zoo.engine.State`'s fields), the
    learner to move on each board in play; ``actions`` (int64 ``(B,)``) are its moves, ignored where a game is
    over (an illegal one loses the game, as ``engine.step(..., illegal_action="lose")``). Where ``restart`` is set
    the board (over before the step) takes the new game ``fresh_*``. The opponent, colour ``1 - learner``, then
    replies wherever it is to move with the legal action of rank ``floor(uniform * count)`` (``uniforms[0]``,
    float32 ``(B,)``, as :func:`othello_zoo.engine.random_actions` draws it); then, for each further uniform, a round
    of the learner's forced pass and the reply after it (``uniforms[r]``) where the learner has no placement.
    ``select_table`` is :class:`~othello_zoo.engine.words.ByteTables`' ``byte_select_flat``.
    """
    table = spec.rays
    moved = play_words(table, discs[:, 0], discs[:, 1], moves, current_player, terminated, forfeited, actions)
    own = torch.where(restart, fresh_discs[:, 0], moved.own)
    opp = torch.where(restart, fresh_discs[:, 1], moved.opp)
    moves = torch.where(restart, fresh_moves, moved.moves)
    player = torch.where(restart, fresh_player, moved.current_player)
    over = torch.where(restart, fresh_terminated, moved.terminated)
    lost = moved.forfeited & ~restart
    replied = ~over & (player != learner)
    count = torch.zeros_like(player)
    passes = torch.zeros_like(player)
    last = torch.full_like(player, -1)
    rows = replied
    for round, uniform in enumerate(uniforms):
        if round:  # the learner passes where it has no placement: the opponent to move, the discs as they are
            rows = ~over & (moves == 0)
            own, opp = torch.where(rows, opp, own), torch.where(rows, own, opp)
            moves = torch.where(rows, placements(own, opp, table), moves)
            player = torch.where(rows, 1 - player, player)
            passes = passes + rows
        answer = play_words(table, own, opp, moves, player, over, lost, None, uniform, select_table)
        own = torch.where(rows, answer.own, own)
        opp = torch.where(rows, answer.opp, opp)
        moves = torch.where(rows, answer.moves, moves)
        player = torch.where(rows, answer.current_player, player)
        over = torch.where(rows, answer.terminated, over)
        lost = torch.where(rows, answer.forfeited, lost)
        count = count + rows
        last = torch.where(rows, answer.actions, last)
    # Every board is now over or has the learner to move (with no placement where it is to pass again); over, it is
    # seen from the learner's side.
    learners = player == learner
    choices = torch.where(learners & ~over, moves, 0)
    mine, theirs = torch.where(learners, own, opp), torch.where(learners, opp, own)
    counts = torch.stack((popcount(own), popcount(opp)), dim=1)
    difference = (popcount(mine) - popcount(theirs)).to(torch.float32)
    return LearnerResult(
        torch.stack((own, opp), dim=1),
        moves,
        player,
        over,
        lost,
        moved.illegal,
        replied,
        count,
        last,
        passes,
        torch.stack((mine, theirs), dim=1),
        torch.stack((choices, (choices == 0).to(torch.int64)), dim=1),
        ~over & (moves == 0),
        torch.where((player == rules.BLACK).unsqueeze(1), counts, counts.flip(1)),
        rules.mover_result(difference, lost, spec.board_size, spec.margin),
    )


@functools.cache
def _compiled(spec: LearnerSpec, device: str) -> Callable[..., LearnerResult]:
    def step(*tensors: Tensor) -> LearnerResult:
        return learner_step(spec, *tensors)

    name = f"learner_step_{spec.board_size}x{spec.board_size}{'_margin' if spec.margin else ''}"
    return compiled_words(step, name, device)


class LearnerStep:
    """:func:`learner_step` of one board size on one device, compiled (``compile=True``) or eager (the reference
    the compiled one is tested against)."""

    def __init__(self, spec: LearnerSpec, device: torch.device, compile: bool = True) -> None:
        self.spec = spec
        self.device = device
        self.compiled = compile
        self._function = _compiled(spec, str(device)) if compile else functools.partial(learner_step, spec)
        self._select_table = ByteTables(device).byte_select_flat

    def run(
        self,
        state: State,
        fresh: State,
        restart: Tensor,
        learner: Tensor,
        actions: Tensor,
        uniforms: tuple[Tensor, ...],
    ) -> LearnerResult:
        """The step from ``state`` (see :func:`learner_step`), ``fresh`` holding the new games where ``restart``,
        with ``1 + PASS_ROUNDS`` uniforms."""
        if len(uniforms) != 1 + PASS_ROUNDS:
            raise ValueError(f"the learner step takes {1 + PASS_ROUNDS} uniforms (B,), got {len(uniforms)}")
        boards = (state.discs, state.moves, state.current_player, state.terminated, state.forfeited)
        new = (fresh.discs, fresh.moves, fresh.current_player, fresh.terminated)
        batch = distinct((*boards, *new, restart, learner, actions, *uniforms))
        args = (*batch[:12], self._select_table, *batch[12:])
        if not self.compiled:
            return self._function(*args)  # type: ignore[no-any-return]
        return call_compiled(self._function, (self.spec, str(self.device)), args, dynamic=batch)  # type: ignore[no-any-return]

    @property
    def ready(self) -> bool:
        """Whether a call runs at once: eager, or compiled already in this process (else the first call compiles)."""
        return not self.compiled or is_traced((self.spec, str(self.device)))

    def next_state(self, before: State, result: LearnerResult) -> State:
        """The :class:`~othello_zoo.engine.State` of ``result``'s boards (``before``'s kernel and board size)."""
        return State(
            discs=result.discs,
            moves=result.moves,
            rays=before.rays,
            current_player=result.current_player,
            terminated=result.terminated,
            forfeited=result.forfeited,
            board_size=before.board_size,
            backend=before.backend,
        )

    def views(self, result: LearnerResult) -> tuple[Tensor, Tensor]:
        """The learner's ``(observation int8 (B, 2, n, n), mask bool (B, n*n + 1))`` of ``result``."""
        return unpacked_views(result.view, result.view_mask, self.spec.board_size)
