"""The evaluations cache (``search.CachedEvaluator``): a position asked again is answered from memory, bit for bit,
the wrapped evaluator asked only about the rest; a search with it is the search without it; the agent keeps one on
the CPU."""

from __future__ import annotations

import pytest
import torch
from torch import Tensor

from othello_zoo import engine
from othello_zoo.alphazero.agent import AlphaZeroAgent, default_cache
from othello_zoo.core.board import Board
from othello_zoo.search import (
    CACHE_POSITIONS,
    MAX_CACHE_POSITIONS,
    BatchedSearch,
    CachedEvaluator,
    SearchConfig,
    exact_wins,
    traceable,
)


class Counting:
    """An evaluator whose answer for a position does not depend on its batch (float64 arithmetic on the planes
    alone), which records the boards of each batch it is asked about."""

    def __init__(self) -> None:
        self.batches: list[list[bytes]] = []

    def __call__(self, observation: Tensor, mask: Tensor) -> tuple[Tensor, Tensor]:
        self.batches.append([bytes(row.tolist()) for row in observation.flatten(1)])
        planes = observation.flatten(1).to(torch.float64)
        weights = torch.arange(1, planes.shape[1] + 1, dtype=torch.float64)
        score = (planes[:, : planes.shape[1] // 2] - planes[:, planes.shape[1] // 2 :]) @ weights[
            : planes.shape[1] // 2
        ]
        logits = torch.outer(score, torch.linspace(-1, 1, mask.shape[1], dtype=torch.float64)).sin()
        return logits.to(torch.float32).masked_fill(~mask, -1e9), torch.tanh(score / 100).to(torch.float32)


def positions(count: int, seed: int = 0) -> engine.State:
    """``count`` different positions: one from each of ``count`` random games of 6 to 20 moves."""
    texts = []
    generator = torch.Generator().manual_seed(seed)
    while len(texts) < count:
        board = Board.start(8)
        for _ in range(int(torch.randint(6, 21, (1,), generator=generator))):
            legal = board.legal_actions()
            board = board.step(legal[int(torch.randint(len(legal), (1,), generator=generator))])
        if not board.terminated and board.to_text() not in texts:
            texts.append(board.to_text())
    return engine.from_text(texts)


def rows(state: engine.State, *index: int) -> tuple[Tensor, Tensor]:
    observation, mask = engine.mover_view(state)
    chosen = torch.tensor(index)
    return observation[chosen], mask[chosen]


def test_cached_evaluator__asks_only_about_the_positions_it_has_not_kept_each_once_and_answers_the_same() -> None:
    state, inner = positions(7), Counting()
    cached = CachedEvaluator(inner, capacity=16)
    first = cached(*rows(state, 0, 1, 2, 3, 4))
    assert len(inner.batches) == 1
    assert len(inner.batches[0]) == 5
    assert (cached.lookups, cached.hits, len(cached)) == (5, 0, 5)

    # two kept, two new, one of the new twice: the evaluator sees the two new ones, in the batch's order
    observation, mask = rows(state, 3, 5, 1, 6, 5)
    logits, value = cached(observation, mask)
    assert inner.batches[1] == [bytes(row.tolist()) for row in observation[[1, 3]].flatten(1)]
    assert (cached.lookups, cached.hits, len(cached)) == (10, 3, 7)
    direct_logits, direct_value = Counting()(observation, mask)
    assert torch.equal(logits, direct_logits)
    assert torch.equal(value, direct_value)
    assert torch.equal(logits[0], first[0][3])  # the kept answer, bit for bit
    assert torch.equal(logits[1], logits[4])

    # all kept: the evaluator is not called
    again = cached(*rows(state, 6, 0, 2))
    assert len(inner.batches) == 2
    assert torch.equal(again[1], Counting()(*rows(state, 6, 0, 2))[1])
    assert (cached.lookups, cached.hits) == (13, 6)


def test_cached_evaluator__forgets_the_oldest_position_beyond_its_capacity() -> None:
    state, inner = positions(3, seed=1), Counting()
    cached = CachedEvaluator(inner, capacity=2)
    for i in (0, 1, 2):
        cached(*rows(state, i))
    assert (len(inner.batches), len(cached)) == (3, 2)
    cached(*rows(state, 2))  # kept
    assert len(inner.batches) == 3
    cached(*rows(state, 0))  # the first, forgotten when the third came
    assert len(inner.batches) == 4
    cached(*rows(state, 1))  # forgotten in its turn when the first came back
    assert len(inner.batches) == 5
    # a batch of more new positions than it keeps: answered in full, its last positions kept
    fresh = CachedEvaluator(Counting(), capacity=2)
    logits, _ = fresh(*rows(state, 0, 1, 2))
    assert torch.equal(logits, Counting()(*rows(state, 0, 1, 2))[0])
    assert len(fresh) == 2
    fresh(*rows(state, 1, 2))
    assert len(fresh.evaluator.batches) == 1  # type: ignore[attr-defined]
    fresh.clear()
    assert (len(fresh), fresh.lookups, fresh.hits) == (0, 0, 0)


def test_a_search_with_the_cache__is_the_search_without_it_with_fewer_evaluations() -> None:
    roots = positions(3, seed=2)
    config = SearchConfig(simulations=400, leaf_batch=8)
    plain = BatchedSearch(exact_wins(Counting()), config).run(roots)
    inner = Counting()
    cached = CachedEvaluator(inner)
    result = BatchedSearch(exact_wins(cached), config).run(roots)
    assert torch.equal(result.visits, plain.visits)
    assert torch.equal(result.q, plain.q)
    asked = sum(len(batch) for batch in inner.batches)
    assert cached.hits > 0  # other orders of the same moves: the same positions
    assert asked == cached.lookups - cached.hits


def test_cached_evaluator__passes_a_malformed_answer_on_for_the_search_to_name() -> None:
    def wrong(observation: Tensor, mask: Tensor) -> tuple[Tensor, Tensor]:
        return torch.zeros(3), torch.zeros(3)

    with pytest.raises(ValueError, match=r"the evaluator CachedEvaluator\(.*wrong\) returned logits \(3,\)"):
        BatchedSearch(CachedEvaluator(wrong), simulations=2).run(positions(1))


def test_cached_evaluator__keeps_the_traceable_form_of_what_it_wraps() -> None:
    def form(observation: Tensor, mask: Tensor) -> tuple[Tensor, Tensor]:
        return mask.float(), mask[:, 0].float()

    def evaluator(observation: Tensor, mask: Tensor) -> tuple[Tensor, Tensor]:
        return form(observation, mask)

    evaluator.traceable = form  # type: ignore[attr-defined]
    assert traceable(CachedEvaluator(evaluator)) is form
    assert traceable(CachedEvaluator(Counting())) is None


@pytest.mark.parametrize(
    ("capacity", "error", "words"),
    [
        (0, ValueError, "capacity must be"),
        (-3, ValueError, "-3"),
        (MAX_CACHE_POSITIONS + 1, ValueError, str(MAX_CACHE_POSITIONS + 1)),
        (2.5, TypeError, "2.5"),
        ("many", TypeError, "'many'"),
    ],
)
def test_cached_evaluator__a_bad_capacity_is_refused_by_name(capacity: object, error: type, words: str) -> None:
    with pytest.raises(error, match="capacity") as raised:
        CachedEvaluator(Counting(), capacity=capacity)  # type: ignore[arg-type]
    assert words in str(raised.value)
    with pytest.raises(TypeError, match="evaluator must be callable"):
        CachedEvaluator("network")  # type: ignore[arg-type]


def test_agent__keeps_its_evaluations_on_the_cpu_and_not_with_cache_0() -> None:
    assert default_cache("cpu") == CACHE_POSITIONS
    assert default_cache("cuda") == 0
    agent = AlphaZeroAgent(simulations=200, compile=False)
    assert agent.cache is not None
    assert agent.cache.capacity == CACHE_POSITIONS
    board = Board.start(8)
    board = board.step(agent.choose(board))
    board = board.step(agent.choose(board))
    assert agent.cache.lookups > 0
    assert 0 < len(agent.cache) <= agent.cache.lookups - agent.cache.hits
    assert AlphaZeroAgent(simulations=200, cache=0, compile=False).cache is None
    with pytest.raises(ValueError, match=r"cache must be .* got -1"):
        AlphaZeroAgent(cache=-1, compile=False)


def test_self_play__keeps_its_evaluations_and_plays_the_same_games_with_fewer_network_calls() -> None:
    from othello_zoo.alphazero.selfplay import self_play

    search = SearchConfig(simulations=24, dirichlet_fraction=0.25)
    plain, counted = Counting(), Counting()
    before = self_play(plain, 8, board_size=6, search=search, generator=torch.Generator().manual_seed(3))
    after = self_play(counted, 8, board_size=6, search=search, generator=torch.Generator().manual_seed(3), cache=4096)
    assert torch.equal(after.observations, before.observations)
    assert torch.equal(after.policies, before.policies)
    assert torch.equal(after.values, before.values)
    assert (after.games, after.plies) == (before.games, before.plies)
    asked_before = sum(len(batch) for batch in plain.batches)
    asked_after = sum(len(batch) for batch in counted.batches)
    # a move's search meets most of what the one before it evaluated: fewer than half the positions asked
    assert (asked_before, asked_after) == (6800, 3044)


def test_train_config__names_a_bad_cache() -> None:
    from othello_zoo.alphazero.config import TrainConfig

    assert TrainConfig().cache == CACHE_POSITIONS
    with pytest.raises(ValueError, match=r"cache must be an int from 0 to 16,777,216, got -1"):
        TrainConfig(cache=-1)
