"""Evaluating new nodes: the evaluator's contract, its output checked, and the node's prior, legal actions and
end stored in the tree."""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from typing import NamedTuple

import torch
from torch import Tensor

from othello_zoo import engine
from othello_zoo.search._tree import Tree

__all__ = [
    "Answers",
    "Evaluator",
    "answering",
    "check_output",
    "evaluate_nodes",
    "prepare_traced",
    "store_evaluation",
    "traceable",
    "well_shaped",
]

Evaluator = Callable[[Tensor, Tensor], tuple[Tensor, Tensor]]
"""``(observation, mask) -> (logits, value)``: the mover's int8 planes ``(B, 2, n, n)`` and bool legal mask
``(B, n*n + 1)`` in; float logits ``(B, n*n + 1)`` and a value in ``[-1, 1]`` for the player to move out."""


def evaluate_nodes(
    tree: Tree,
    node: Tensor,
    state: engine.State,
    evaluator: Evaluator,
    check: bool = False,
    trees: Tensor | None = None,
) -> Tensor:
    """Evaluates ``state`` (one board per tree) as each tree's ``node`` (int64 ``(N,)``): stores its legal
    actions, prior and end, and returns its value (float ``(N,)``; the exact result where the game is over).
    ``trees`` (int64 ``(P,)``) names the tree of each node where there are several a tree (a leaf batch).

    The evaluator's output shapes are checked every time (no synchronisation); with ``check``, its values too
    (finite logits, values in [-1, 1]: one synchronisation, which a search makes once a run, at the roots).
    """
    observation, mask = engine.mover_view(state)
    logits, value = check_output(evaluator, evaluator(observation, mask), mask, check)
    return store_evaluation(tree, node, mask, logits, value, state.terminated, engine.outcome(state), trees)


class Answers(NamedTuple):
    """Evaluations made before the batch that asks for them (:func:`answering`): a Gumbel search's first visits,
    evaluated with their roots in one call."""

    planes: Tensor  # int8 (K, 2, n, n): the mover's planes of each position
    logits: Tensor  # float (K, A): the evaluator's logits for it
    value: Tensor  # float (K,): and its value


def answering(answers: Answers, evaluator: Evaluator) -> Evaluator:
    """An evaluator that answers a batch from ``answers`` where each of its positions is there (the same planes:
    the evaluator sees nothing else), and asks ``evaluator`` for the whole batch otherwise. The look-up is one host
    read: a CPU search's."""
    known = answers.planes.flatten(1)

    def answer(observation: Tensor, mask: Tensor) -> tuple[Tensor, Tensor]:
        same = (observation.flatten(1).unsqueeze(1) == known.unsqueeze(0)).all(2)  # (B, K)
        if not bool(same.any(1).all()):
            return evaluator(observation, mask)
        row = same.to(torch.int8).argmax(1)
        return answers.logits[row], answers.value[row]

    answer.__qualname__ = getattr(evaluator, "__qualname__", None) or type(evaluator).__name__
    return answer


def store_evaluation(
    tree: Tree,
    node: Tensor,
    mask: Tensor,
    logits: Tensor,
    value: Tensor,
    over: Tensor,
    result: Tensor,
    trees: Tensor | None = None,
) -> Tensor:
    """Stores what is known of the new nodes ``node`` (int64 ``(P,)``, of the trees ``trees``, default one a tree):
    their prior (the softmax of ``logits`` over the legal actions ``mask``), legal actions and end (``over``, bool,
    with its exact ``result`` for the mover); returns their value (float ``(P,)``: ``value``, or the exact result
    where the game is over). The eager search's and the compiled one's, the same arithmetic."""
    dtype, actions = tree.dtype, tree.actions
    prior = torch.softmax(logits.to(dtype).masked_fill(~mask, -math.inf), dim=1)
    result = result.to(dtype)
    t = tree.tree_index if trees is None else trees
    rows = t * tree.nodes + node
    tree.prior.view(-1, actions).index_copy_(0, rows, prior)
    tree.legal.view(-1, actions).index_copy_(0, rows, mask)
    tree.terminal[t, node] = over
    tree.terminal_value[t, node] = result
    return torch.where(over, result, value.to(dtype))


def check_output(evaluator: Evaluator, output: object, mask: Tensor, values: bool) -> tuple[Tensor, Tensor]:
    """``(logits, value)`` of ``evaluator`` for ``mask`` (bool ``(B, A)``), refused with its name unless they are
    tensors of shapes ``(B, A)`` and ``(B,)`` and, with ``values``, finite logits (of the legal actions) and values
    in [-1, 1]."""
    name = getattr(evaluator, "__qualname__", None) or type(evaluator).__name__
    batch, actions = mask.shape
    if not (isinstance(output, tuple) and len(output) == 2 and all(isinstance(t, Tensor) for t in output)):
        raise TypeError(f"the evaluator {name} must return (logits, value) tensors, got {type(output).__name__}")
    logits, value = output
    if tuple(logits.shape) != (batch, actions) or tuple(value.shape) != (batch,):
        raise ValueError(
            f"the evaluator {name} returned logits {tuple(logits.shape)} and value {tuple(value.shape)} for "
            f"{batch} positions: expected ({batch}, {actions}) and ({batch},)"
        )
    if values:
        finite = (torch.isfinite(logits) | ~mask).all() & torch.isfinite(value).all()  # illegal logits: -inf is fine
        if not bool(finite & (value.abs() <= 1 + 1e-4).all()):
            problem = "NaN or infinite logits or values" if not bool(finite) else "values outside [-1, 1]"
            raise ValueError(f"the evaluator {name} returned {problem} (values are results for the mover, -1 to 1)")
    return logits, value


def traceable(evaluator: Evaluator) -> Evaluator | None:
    """The form of ``evaluator`` that ``torch.compile`` traces into a compiled search: its ``traceable`` attribute, a
    function of tensors alone (no thread setting, no host read, no generator) giving the same outputs, or ``None``
    where it has none. The network's evaluator has one (``PolicyValueNet.evaluator``), and so has
    :func:`~othello_zoo.search.exact_wins` of an evaluator that has one.

    >>> traceable(lambda observation, mask: (mask.float(), mask[:, 0].float())) is None
    True
    """
    form = getattr(evaluator, "traceable", None)
    return form if callable(form) else None


def prepare_traced(form: Evaluator) -> Hashable:
    """Readies the traceable form ``form`` for a compiled search's run (outside its graph): its ``prepare``
    attribute, where it has one, works out what the form reads (a network's folded weights, worked out again after
    a change) and returns what the compiled graphs depend on in it (its weights' dtype and device, say: a change of
    those compiles anew). ``None`` where the form has no ``prepare``."""
    prepare = getattr(form, "prepare", None)
    return prepare() if callable(prepare) else None


def well_shaped(output: object, mask: Tensor) -> bool:
    """Whether ``output`` is a pair of float tensors of shapes ``(B, A)`` and ``(B,)`` for ``mask`` (bool
    ``(B, A)``): an answer that a wrapper of the evaluator can work on (else it passes it on, and the search's check
    names what is wrong with it)."""
    if not (isinstance(output, tuple) and len(output) == 2 and all(isinstance(t, Tensor) for t in output)):
        return False
    logits, value = output
    shapes = tuple(logits.shape) == tuple(mask.shape) and tuple(value.shape) == (mask.shape[0],)
    return shapes and logits.is_floating_point() and value.is_floating_point()
