"""A search's time budget (``SearchConfig.seconds``): it stops at the first leaf batch past the time, its trees grow
as it needs without changing a visit, and the agent thinks for the time it is given."""

from __future__ import annotations

import math

import pytest
import torch
from test_search import MIDGAME_TEXT, fixed_evaluator

from othello_zoo import engine
from othello_zoo.agents import make_agent
from othello_zoo.arena import parse_agent
from othello_zoo.core.board import Board
from othello_zoo.search import MAX_SIMULATIONS, BatchedSearch, SearchConfig, _policies, select_actions


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """A stand-in for the search's clock: it reads 0 when the search begins and one second more at each later
    read; the list holds every value read."""
    read: list[float] = []

    def tick() -> float:
        read.append(float(len(read)))
        return read[-1]

    monkeypatch.setattr(_policies, "_clock", tick)
    return read


def _roots(device: str) -> engine.State:
    return engine.from_text([engine.to_text(engine.init(1))[0], MIDGAME_TEXT], device=device)


@pytest.mark.parametrize("leaf_batch", [1, 2])
def test_seconds__stops_at_the_first_leaf_batch_past_the_time(clock: list[float], leaf_batch: int, device: str) -> None:
    """3.5 s with a clock one second a batch: four leaf batches (at 1, 2, 3 and 4 s), the same visits as a search of
    that many simulations with no budget."""
    roots = _roots(device)
    timed = BatchedSearch(fixed_evaluator, simulations=1000, seconds=3.5, leaf_batch=leaf_batch, dtype=torch.float64)
    result = timed.run(roots)
    assert clock == [0.0, 1.0, 2.0, 3.0, 4.0]
    counted = BatchedSearch(fixed_evaluator, simulations=4 * leaf_batch, leaf_batch=leaf_batch, dtype=torch.float64)
    expected = counted.run(roots)
    assert result.visits.sum(1).tolist() == [4.0 * leaf_batch] * 2
    assert torch.equal(result.visits, expected.visits)
    assert torch.equal(result.q, expected.q)


def test_seconds__at_least_one_leaf_batch_and_never_past_the_simulations(clock: list[float], device: str) -> None:
    roots = _roots(device)
    tiny = BatchedSearch(fixed_evaluator, simulations=100, seconds=1e-9, leaf_batch=3).run(roots)
    assert tiny.visits.sum(1).tolist() == [3.0, 3.0]  # the time was up before the first batch ended
    clock.clear()
    capped = BatchedSearch(fixed_evaluator, simulations=7, seconds=1e4, leaf_batch=3).run(roots)
    assert capped.visits.sum(1).tolist() == [7.0, 7.0]  # batches of 3, 3 and 1
    assert len(clock) == 4


def same_sums(a: torch.Tensor, b: torch.Tensor) -> bool:
    """Equal: bit for bit on the CPU; on CUDA to float64's rounding, as ``scatter_add_`` adds a leaf batch's paths
    through one edge by atomic additions, in an order that differs from run to run (integer sums, the visits, stay
    exact)."""
    if a.device.type == "cuda":
        return torch.allclose(a, b, rtol=0.0, atol=1e-12)
    return torch.equal(a, b)


@pytest.mark.parametrize("leaf_batch", [1, 3])
def test_seconds__trees_grow_without_changing_a_visit(
    monkeypatch: pytest.MonkeyPatch, leaf_batch: int, device: str
) -> None:
    """Trees that start with room for 16 nodes and double (16, 32, 64, 128) search exactly as trees sized for the
    whole search, a reused subtree included."""
    monkeypatch.setattr(_policies, "FIRST_ROOM", 16)
    roots = _roots(device)
    config = SearchConfig(simulations=150, leaf_batch=leaf_batch, dtype=torch.float64, reuse=True)
    sized, timed = BatchedSearch(fixed_evaluator, config), BatchedSearch(fixed_evaluator, config, seconds=1e4)
    first, grown = sized.run(roots), timed.run(roots)
    assert grown.tree is not None
    assert first.tree is not None
    assert first.tree.nodes == 152  # the root, 150 simulations and the sink
    assert grown.tree.nodes == 16 + 1 + 16 + 32 + 64 + 22 + 1  # the root and the sink, the room grown to the end
    for name in ("visits", "prior"):
        assert torch.equal(getattr(first, name), getattr(grown, name)), name
    for name in ("q", "value"):
        assert same_sums(getattr(first, name), getattr(grown, name)), name
    moves = select_actions(first)
    after = engine.step(roots, moves)
    again, regrown = sized.run(after, reuse=first.subtree(moves)), timed.run(after, reuse=grown.subtree(moves))
    assert torch.equal(again.visits, regrown.visits)
    assert same_sums(again.q, regrown.q)
    assert (again.visits.sum(1) > 150).all()  # the kept visits and 150 more


def test_seconds__bad_values_named_and_the_gumbel_root_refused() -> None:
    assert SearchConfig().seconds is None
    assert SearchConfig(seconds=2).seconds == 2.0
    for bad in (0, -1.0, math.nan, math.inf, 86_401):
        with pytest.raises(ValueError, match=rf"seconds must be a finite number > 0 and <= 86400, got {bad!r}"):
            SearchConfig(seconds=bad)
    with pytest.raises(TypeError, match="seconds must be a number > 0 and <= 86400, got '2' \\(str\\)"):
        SearchConfig(seconds="2")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seconds works with root_policy='puct'"):
        SearchConfig(root_policy="gumbel", seconds=1.0)


def test_seconds__the_agent_thinks_for_its_time_with_no_simulation_cap(clock: list[float]) -> None:
    agent = make_agent("az", seconds=2.5)
    assert agent.search.config.seconds == 2.5
    assert agent.search.config.simulations == MAX_SIMULATIONS
    assert make_agent("az", seconds=2.5, simulations=64).search.config.simulations == 64
    built = parse_agent("az:seconds=0.5,leaf_batch=4").build(8, seed=0)
    assert (built.search.config.seconds, built.search.config.leaf_batch) == (0.5, 4)
    start = Board.start(8)
    move = agent.choose(start)
    assert move in start.legal_actions()
    assert clock == [0.0, 1.0, 2.0, 3.0]  # three leaf batches (of 8, the agent's): the third ended past 2.5 s
    assert agent._kept is not None
    assert agent._kept[1].tree.visits[0, 0].sum() == 24
