"""What a vector step means, in one place: which boards report an end, both sides' rewards, and the autoreset.

Every batched env of the package steps by these rules: :class:`~othello_zoo.env.vector.OthelloVectorEnv` (its
per-agent ``step`` and its mover API, eager), the compiled mover step (:mod:`othello_zoo.env.fused`, the same
functions traced by ``torch.compile``) and the Gymnasium vector env (:mod:`othello_zoo.gym.vector`, from the
learner's side). They are functions of ``(B,)`` tensors with no host read and no data-dependent branch, so that a
GPU step never waits and a compiled one fuses them into its loop.

The rules:

- **A board reports its end once**: at the step where its game ends, or (a board that *starts* over: a position
  given or a book line that ends the game) at its first step, the "unreported" boards (:func:`ended`).
- **Rewards** go to both players of a board that reports its end: the rules' result
  (:func:`~othello_zoo.core.rules.mover_result`) for the player to move after the step, the opposite for the other;
  after a forfeit, or on a board that started over, the player to move is the one who moved (:func:`rewards`).
- **Autoreset** (Gymnasium's :class:`~gymnasium.vector.AutoresetMode`, :func:`autoreset`): ``NEXT_STEP`` reports the
  end and starts a new game at the board's next step (its action there ignored); ``SAME_STEP`` starts it in the
  same step, the ended game's final observation and rewards in the infos (:func:`final_infos`); ``DISABLED`` leaves
  a finished board as it is, reporting ``terminated`` (with no reward) until the user resets it.

>>> import torch
>>> before, after = torch.tensor([False, False, True]), torch.tensor([True, False, True])
>>> ended(before, after, unreported=torch.zeros(3, dtype=torch.bool)).tolist()
[True, False, False]
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple

import torch
from gymnasium.vector import AutoresetMode
from torch import Tensor

from othello_zoo.core import rules

__all__ = ["Autoreset", "Resets", "autoreset", "autoreset_mode", "ended", "final_infos", "mode_name", "rewards"]

Autoreset = Literal["next_step", "same_step", "disabled"]
"""An autoreset mode by its name in lower case (a compiled step is specialised on it)."""


def autoreset_mode(value: AutoresetMode | str) -> AutoresetMode:
    """An ``AutoresetMode`` from a member or its value (``"NextStep"``; also ``"next_step"``).

    >>> autoreset_mode("same_step")
    <AutoresetMode.SAME_STEP: 'SameStep'>
    """
    if isinstance(value, AutoresetMode):
        return value
    if isinstance(value, str):
        key = value.replace("_", "").replace("-", "").lower()
        for mode in AutoresetMode:
            if mode.value.lower() == key:
                return mode
    allowed = ", ".join(repr(m.value) for m in AutoresetMode)
    raise ValueError(f"autoreset_mode must be an AutoresetMode or one of {allowed}, got {value!r}")


def mode_name(mode: AutoresetMode) -> Autoreset:
    """The name of ``mode`` in lower case (``AutoresetMode.NEXT_STEP`` -> ``"next_step"``)."""
    return mode.name.lower()  # type: ignore[return-value]  # the three members' names


def ended(terminated_before: Tensor, terminated_after: Tensor, unreported: Tensor) -> Tensor:
    """bool ``(B,)``: the boards that report their end at this step: over now and not before, or started over and
    not reported yet (``unreported``)."""
    return (terminated_after > terminated_before) | unreported  # a > b: a and not b, in one op


def rewards(result: Tensor, ended: Tensor, forfeited: Tensor, unreported: Tensor) -> tuple[Tensor, Tensor]:
    """float32 ``(B,)`` twice: the rewards of the player who moved and of the other.

    Args:
        result: the rules' result for the player to move after the step
            (:func:`~othello_zoo.core.rules.mover_result`); read only where ``ended``.
        ended: the boards reporting their end (:func:`ended`); the others get 0.
        forfeited: the boards whose game ended by the mover's illegal action: the mover keeps the turn.
        unreported: the boards that started over: nobody moved, the player to move is the one "who moved".
    """
    result = torch.where(ended, result, 0.0)
    to_move, other = rules.split_result(result, forfeited)
    own = forfeited | unreported  # the mover is still the player to move
    return torch.where(own, to_move, other), torch.where(own, other, to_move)


class Resets(NamedTuple):
    """What the autoreset does after a step (:func:`autoreset`)."""

    reset: Tensor | None  # bool (B,): the boards that take a new game now; None: none can (DISABLED)
    terminated: Tensor  # bool (B,): ``terminated`` as the env reports it
    unreported: Tensor  # bool (B,): the boards that start over finished, to report at their next step
    needs_reset: Tensor  # bool (B,): the boards to reset at their next step (NEXT_STEP)


def autoreset(
    mode: Autoreset, ended: Tensor, terminated: Tensor, needs_reset: Tensor, fresh_terminated: Tensor
) -> Resets:
    """The autoreset of ``mode`` after a step.

    Args:
        mode: ``"next_step"``, ``"same_step"`` or ``"disabled"``.
        ended: the boards reporting their end now (:func:`ended`).
        terminated: the stepped boards' own flag.
        needs_reset: the boards whose end was reported at the last step (NEXT_STEP), to start over now.
        fresh_terminated: whether the new game each board would take is over already.
    """
    if mode == "disabled":
        return Resets(None, terminated, torch.zeros_like(ended), needs_reset)
    reset = needs_reset if mode == "next_step" else ended
    return Resets(reset, ended, reset & fresh_terminated, ended if mode == "next_step" else needs_reset)


def final_infos(
    moved: Tensor, reward: Tensor, opponent_reward: Tensor, ended: Tensor, scores: Tensor
) -> dict[str, Any]:
    """The ``SAME_STEP`` infos of the boards that ended: ``"_final_obs"`` (which they are), ``"final_rewards"`` (both
    colours', from those of the player who moved, colour ``moved``, and of the other) and ``"final_scores"``
    (int64 ``(B, 2)``, black's then white's discs)."""
    moved_black = (moved == rules.BLACK).unsqueeze(0)
    final = torch.where(moved_black, torch.stack((reward, opponent_reward)), torch.stack((opponent_reward, reward)))
    return {"_final_obs": ended, "final_rewards": {"black_0": final[0], "white_0": final[1]}, "final_scores": scores}
