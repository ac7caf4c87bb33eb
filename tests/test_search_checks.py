"""The search refuses an evaluator's bad output, naming the evaluator, instead of searching on wrong values."""

from __future__ import annotations

from collections.abc import Callable

import pytest
import torch
from torch import Tensor

from othello_zoo import engine
from othello_zoo.search import BatchedSearch

Output = Callable[[Tensor, Tensor], object]


def _uniform(observation: Tensor, mask: Tensor) -> tuple[Tensor, Tensor]:
    return torch.zeros(mask.shape), torch.zeros(mask.shape[0])


CASES: list[tuple[str, Output, type[Exception], str]] = [
    ("value (B, 1)", lambda o, m: (torch.zeros(m.shape), torch.zeros(m.shape[0], 1)), ValueError, r"value \(3, 1\)"),
    ("batch of one", lambda o, m: (torch.zeros(1, m.shape[1]), torch.zeros(1)), ValueError, r"logits \(1, 65\)"),
    ("logits (B,)", lambda o, m: (torch.zeros(m.shape[0]), torch.zeros(m.shape[0])), ValueError, r"logits \(3,\)"),
    ("NaN value", lambda o, m: (torch.zeros(m.shape), torch.full((m.shape[0],), float("nan"))), ValueError, "NaN"),
    ("inf logits", lambda o, m: (torch.full(m.shape, float("inf")), torch.zeros(m.shape[0])), ValueError, "NaN or"),
    ("value 2", lambda o, m: (torch.zeros(m.shape), torch.full((m.shape[0],), 2.0)), ValueError, r"outside \[-1, 1\]"),
    ("a list", lambda o, m: [torch.zeros(m.shape), torch.zeros(m.shape[0])], TypeError, "must return"),
    ("one tensor", lambda o, m: torch.zeros(m.shape), TypeError, "must return"),
]


@pytest.mark.parametrize(("case", "output", "error", "message"), CASES, ids=[c[0] for c in CASES])
def test_search__refuses_bad_evaluator_output_by_name(
    case: str, output: Output, error: type[Exception], message: str
) -> None:
    def my_evaluator(observation: Tensor, mask: Tensor) -> object:
        return output(observation, mask)

    with pytest.raises(error, match=message) as raised:
        BatchedSearch(my_evaluator, simulations=4).run(engine.init(3))  # type: ignore[arg-type]
    assert "my_evaluator" in str(raised.value)


def test_search__a_good_evaluator_passes_and_the_shapes_are_checked_at_every_simulation() -> None:
    result = BatchedSearch(_uniform, simulations=8).run(engine.init(3))
    assert result.visits.sum(1).tolist() == [8.0, 8.0, 8.0]
    calls = [0]

    def late_break(observation: Tensor, mask: Tensor) -> tuple[Tensor, Tensor]:
        calls[0] += 1
        value = torch.zeros(mask.shape[0], 1) if calls[0] == 3 else torch.zeros(mask.shape[0])
        return torch.zeros(mask.shape), value

    with pytest.raises(ValueError, match=r"late_break returned logits \(3, 65\) and value \(3, 1\)"):
        BatchedSearch(late_break, simulations=8).run(engine.init(3))


def test_subtree__actions_are_checked_by_tree_and_value() -> None:
    from othello_zoo.search import rollout_evaluator

    generator = torch.Generator().manual_seed(0)
    result = BatchedSearch(rollout_evaluator(8, generator=generator), simulations=4).run(
        engine.init(2), generator, keep_tree=True
    )
    with pytest.raises(ValueError, match=r"a subtree's actions are 0\.\.64; tree 0 got -1"):
        result.subtree(torch.tensor([-1, 19]))
    with pytest.raises(ValueError, match=r"int64 of shape \(2,\), one a tree, got torch.int64 \(1,\)"):
        result.subtree(torch.tensor([19]))
    with pytest.raises(ValueError, match="tree 1 got 65"):
        result.subtree(torch.tensor([19, 19])).advance(torch.tensor([3, 65]))
    assert result.subtree(torch.tensor([19, 26])).path[0].tolist() == [19, 26]


def test_batched_search__simulations_are_bounded_before_any_memory_is_taken() -> None:
    from othello_zoo.search import MAX_SIMULATIONS, rollout_evaluator

    with pytest.raises(ValueError, match="simulations must be an int from 1 to 1,000,000, got 1000000000000"):
        BatchedSearch(rollout_evaluator(8), simulations=10**12)
    assert BatchedSearch(rollout_evaluator(8), simulations=MAX_SIMULATIONS).config.simulations == 1_000_000


def test_search__minus_infinity_on_illegal_logits_is_the_usual_masking() -> None:
    def masked(observation: Tensor, mask: Tensor) -> tuple[Tensor, Tensor]:
        return torch.zeros(mask.shape).masked_fill(~mask, float("-inf")), torch.zeros(mask.shape[0])

    assert BatchedSearch(masked, simulations=4).run(engine.init(2)).visits.sum().item() == 8
    with pytest.raises(ValueError, match="NaN or infinite"):  # but not on a legal action
        BatchedSearch(lambda o, m: (torch.full(m.shape, float("-inf")), torch.zeros(m.shape[0])), simulations=4).run(
            engine.init(2)
        )
