"""A search that stops once its move is decided (``SearchConfig.stop_when_decided``): the move of the whole search, in
fewer simulations; a forced choice in none; a kept tree that already decides in none."""

from __future__ import annotations

import pytest
import torch
from test_search import MIDGAME_TEXT, fixed_evaluator

from othello_zoo import engine
from othello_zoo.arena import parse_agent
from othello_zoo.core.board import Board
from othello_zoo.search import BatchedSearch, SearchConfig, select_actions

OPENING_TEXT = engine.to_text(engine.init(1))[0]


def one_move_text() -> str:
    """A position of a random game whose mover has exactly one legal move."""
    generator = torch.Generator().manual_seed(5)
    while True:
        board = Board.start(8)
        while not board.terminated:
            legal = board.legal_actions()
            if len(legal) == 1 and legal[0] != 64:
                return board.to_text()
            board = board.step(legal[int(torch.randint(len(legal), (1,), generator=generator))])


def search(simulations: int, stop: bool = False, **settings: object) -> BatchedSearch:
    config = SearchConfig(simulations=simulations, leaf_batch=8, dtype=torch.float64, stop_when_decided=stop)
    return BatchedSearch(fixed_evaluator, config.replace(**settings))


def lead(visits: torch.Tensor) -> torch.Tensor:
    top = visits.topk(2, dim=1).values
    return top[:, 0] - top[:, 1]


def test_stop_when_decided__plays_the_whole_searchs_move_in_fewer_simulations(device: str) -> None:
    roots = engine.from_text([OPENING_TEXT, MIDGAME_TEXT], device=device)
    whole = search(400).run(roots)
    short = search(400, stop=True).run(roots)
    used = short.visits.sum(1)
    assert used.tolist() == [344.0, 344.0]  # both trees stop together, when the later one is decided
    assert torch.equal(select_actions(short), select_actions(whole))
    assert bool((lead(short.visits) > 400 - used).all())
    # one leaf batch before, it was not decided on every root
    before = search(336).run(roots)
    assert not bool((lead(before.visits) > 400 - 336).all())
    # the same simulations as a search of that many without the stop
    assert torch.equal(short.visits, search(344).run(roots).visits)
    assert torch.equal(short.q, search(344).run(roots).q)


def test_stop_when_decided__a_forced_choice_costs_no_simulation(device: str) -> None:
    text = one_move_text()
    roots = engine.from_text([text], device=device)
    result = search(400, stop=True).run(roots)
    assert result.visits.sum().item() == 0.0
    assert select_actions(result).tolist() == Board.from_text(text).legal_actions()


def test_stop_when_decided__a_kept_tree_that_decides_adds_nothing(device: str) -> None:
    """After the opening's search, the reply's subtree already holds a lead of more than 16 visits: a search of
    16 more simulations from it stops before the first."""
    roots = engine.from_text([OPENING_TEXT], device=device)
    first = search(800, reuse=True).run(roots)
    assert first.tree is not None
    action = select_actions(first)
    node = int(first.tree.child[0, 0, action[0]])
    held = first.tree.visits[0, node].clone()  # the reply's visits in the first search
    again = search(16, stop=True, reuse=True).run(engine.step(roots, action), reuse=first.subtree(action))
    assert float(lead(again.visits)[0]) > 16
    assert torch.equal(again.visits[0], held)


def test_stop_when_decided__is_a_puct_setting_and_a_bool() -> None:
    with pytest.raises(ValueError, match=r"stop_when_decided=True works with root_policy='puct'"):
        SearchConfig(root_policy="gumbel", stop_when_decided=True)
    with pytest.raises(TypeError, match=r"stop_when_decided must be True or False, got 1"):
        SearchConfig(stop_when_decided=1)  # type: ignore[arg-type]
    assert not SearchConfig(stop_when_decided=True, leaf_batch=8).warm_up().stop_when_decided


def test_stop_when_decided__the_agent_takes_it() -> None:
    agent = parse_agent("az:stop_when_decided=true,simulations=64").build(seed=0)
    assert agent.search.config.stop_when_decided


def test_the_agents_batch_search__half_the_simulations_without_the_stop() -> None:
    from othello_zoo.alphazero.agent import AGENT_SEARCH, batched_search

    assert batched_search(AGENT_SEARCH) == AGENT_SEARCH.replace(simulations=1344, stop_when_decided=False)
    assert batched_search(SearchConfig(simulations=1, stop_when_decided=True)).simulations == 1
    plain = SearchConfig(simulations=64)
    assert batched_search(plain) is plain
