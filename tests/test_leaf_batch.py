"""Leaf batches (``SearchConfig.leaf_batch``): several descents a tree under virtual losses, their leaves evaluated by
one evaluator call, held against a plain one-board search written here with the same rules."""

from __future__ import annotations

import math

import numpy as np
import pytest
import torch
from test_search import MIDGAME, MUST_PASS, _board, _Node, fixed_evaluator

from othello_zoo import engine
from othello_zoo.core.board import Board
from othello_zoo.search import BatchedSearch, SearchConfig

NEAR_END = "XXXXXXXXOOOOOOOXXXOOOXXXXOXOXOXXXXOOXOXXXXXOOXOX-XXOXXXX---OOOO- X"


def reference_leaf_batches(board: Board, simulations: int, c_puct: float, leaves: int) -> np.ndarray:
    """Plain PUCT on one board with leaf batches (float64): ``leaves`` descents in turn, each edge walked taking a
    visit and a loss (-1 for the player who chose it) at once; a descent stops on a leaf that another descent of its
    batch added (and backs up that leaf's value); at the batch's end each path gets its leaf's value and the loss
    back. The visits of the root's actions."""
    root = _Node(board)
    done = 0
    while done < simulations:
        batch = min(leaves, simulations - done)
        pending: set[int] = set()
        ends = []
        for _ in range(batch):
            node, path = root, []
            while not node.terminal and id(node) not in pending:
                total = max(node.visits.sum(), 1.0)
                q = np.where(node.visits > 0, node.value_sum / np.maximum(node.visits, 1), 0.0)
                u = c_puct * node.prior * math.sqrt(total) / (1 + node.visits)
                action = int(np.argmax(np.where(node.legal, q + u, -np.inf)))
                path.append((node, action))
                if action not in node.children:
                    node.children[action] = _Node(node.board.step(action))
                    node = node.children[action]
                    pending.add(id(node))
                    break
                node = node.children[action]
            for parent, action in path:
                parent.visits[action] += 1
                parent.value_sum[action] -= 1
            ends.append((node, path))
        for node, path in ends:
            value = node.value
            for parent, action in reversed(path):
                value = -value
                parent.value_sum[action] += value + 1
        done += batch
    return root.visits


@pytest.mark.parametrize("leaves", [4, 7])
def test_leaf_batch__the_visits_of_a_plain_search_with_virtual_losses(leaves: int, device: str) -> None:
    """30 simulations in batches of 4 (the last of 2) or 7 (the last of 2): every root's visits as the plain
    search's; the forced pass takes every visit (each descent after the first stops on the leaf the first added)."""
    boards = [_board(), _board(MIDGAME), _board(text=MUST_PASS), _board(text=NEAR_END)]
    roots = engine.from_text([b.to_text() for b in boards], device=device)
    config = SearchConfig(simulations=30, c_puct=1.5, dtype=torch.float64, leaf_batch=leaves)
    result = BatchedSearch(fixed_evaluator, config).run(roots)
    for i, board in enumerate(boards):
        assert result.visits[i].tolist() == reference_leaf_batches(board, 30, 1.5, leaves).tolist(), f"root {i}"
    assert result.visits.sum(1).tolist() == [30.0] * 4
    assert result.visits[2].nonzero().flatten().tolist() == [64]


def test_leaf_batch__collisions_back_up_the_leaf_they_stopped_on(device: str) -> None:
    """One batch of 12 on a forced pass: the first descent adds the pass's child, the 11 others stop on it; all 12
    back up its value, so the pass's mean value is minus the child's value (for the player after it)."""
    roots = engine.from_text([MUST_PASS], device=device)
    config = SearchConfig(simulations=12, dtype=torch.float64, leaf_batch=12)
    result = BatchedSearch(fixed_evaluator, config).run(roots)
    after = engine.step(roots, torch.tensor([64], device=device))
    _, child_value = fixed_evaluator(*engine.mover_view(after))
    assert result.visits[0, 64] == 12
    assert result.q[0, 64].item() == pytest.approx(-child_value.item(), abs=1e-12)  # 12 losses taken back


def test_leaf_batch__virtual_losses_are_all_taken_back(device: str) -> None:
    """With every leaf worth 0, whatever the batches did, every value sum ends at exactly 0."""

    def zero(observation: torch.Tensor, mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        return torch.zeros(mask.shape, device=mask.device), torch.zeros(mask.shape[0], device=mask.device)

    roots = engine.init(3, device=device)
    result = BatchedSearch(zero, simulations=40, leaf_batch=8).run(roots, keep_tree=True)
    assert result.tree is not None
    assert torch.count_nonzero(result.tree.value_sum) == 0
    assert result.visits.sum(1).tolist() == [40.0] * 3


def test_leaf_batch__the_gumbel_root_keeps_its_schedule(device: str) -> None:
    """The Gumbel root counts a descent's virtual visit as a simulation: its sequential halving shares the visits
    out as one at a time does (the same counts, over maybe other actions)."""
    roots = engine.from_text([engine.to_text(engine.init(1))[0], _board(MIDGAME).to_text()], device=device)
    visits = []
    for leaves in (1, 4):
        config = SearchConfig(simulations=24, root_policy="gumbel", max_considered=4, leaf_batch=leaves)
        result = BatchedSearch(fixed_evaluator, config).run(roots, torch.Generator(device=device).manual_seed(5))
        visits.append(result.visits.sort(1, descending=True).values[:, :4].tolist())
    assert visits[0] == visits[1]
    assert visits[1][1] == [9.0, 9.0, 3.0, 3.0]  # 4 actions, then 2: 3 visits each, then 6 more each


def test_leaf_batch__the_gumbel_root_first_visits_its_actions_in_batches_of_their_own(
    device: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """From the start (4 moves) with batches of 16, the first batch holds only the first visits of the 4 moves
    (``opening_batches``): 28 of 32 simulations add a node, where a first batch of 16 sent 3 more descents down each
    move to its child still awaiting evaluation and only 10 did. Of several trees, the fewest moves considered set
    the opening (the midgame's 15 moves: 31 of 32)."""
    from othello_zoo.search import _policies

    roots = engine.from_text([engine.to_text(engine.init(1))[0], _board(MIDGAME).to_text()], device=device)
    config = SearchConfig(simulations=32, root_policy="gumbel", leaf_batch=16, dtype=torch.float64)

    def added() -> list[int]:
        generator = torch.Generator(device=device).manual_seed(5)
        result = BatchedSearch(fixed_evaluator, config).run(roots, generator, keep_tree=True)
        assert result.tree is not None
        assert result.visits.sum(1).tolist() == [32.0, 32.0]
        return (result.tree.size - 1).tolist()

    assert added() == [28, 31]
    monkeypatch.setattr(_policies, "opening_batches", lambda *_: ())
    assert added() == [10, 31]


def test_leaf_batch__bad_values_are_refused_by_name() -> None:
    with pytest.raises(ValueError, match="leaf_batch must be an int from 1 to 1,000,000, got 0"):
        SearchConfig(leaf_batch=0)
    with pytest.raises(TypeError, match="leaf_batch"):
        SearchConfig(leaf_batch=2.5)  # type: ignore[arg-type]


def test_leaf_batch__the_agent_takes_it_by_name_and_plays_a_legal_move() -> None:
    """``make_agent("az", leaf_batch=16)``: the shipped agent's search in batches of 16, its tree kept between moves."""
    from othello_zoo.agents import make_agent

    agent = make_agent("az", leaf_batch=16, simulations=48)
    assert agent.search.config.leaf_batch == 16
    assert agent.search.config.simulations == 48
    board = Board.start(8)
    move = agent.act(board)
    assert move in board.legal_actions()
    reply = board.step(move)
    assert agent.act(reply.step(reply.legal_actions()[0])) in reply.step(reply.legal_actions()[0]).legal_actions()
    with pytest.raises(ValueError, match="leaf_batch must be an int from 1 to 1,000,000, got 0"):
        make_agent("az", leaf_batch=0)
