"""The batched tree search: against a plain single-board PUCT, the exact endgame solver, finished
and all-pass roots, seeding, and the absence of host synchronisation inside a simulation."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest
import torch

from othello_zoo import engine
from othello_zoo.agents.alphabeta import solve_exact
from othello_zoo.core.board import Board
from othello_zoo.engine.words import ByteTables, random_bit, random_bit_set
from othello_zoo.notation import parse_moves
from othello_zoo.search import (
    BatchedSearch,
    SearchConfig,
    dirichlet,
    evaluate_nodes,
    gumbel_policy,
    new_tree,
    puct_policy,
    puct_selection,
    rollout_evaluator,
    run_search,
    select_actions,
)
from othello_zoo.search._playout import random_playouts

MIDGAME = "f5d6c3d3c4f4c5b3c2e6c6b4b5d2e3a6"
MUST_PASS = "-OXXXXXX" + "-" * 56 + " O"  # white has no placement: its only action is the null one
OVER = "XXXXXXXX" + "-" * 56 + " O"  # no disc of white left: the game is over
MIDGAME_TEXT = "-----------------OOO------XXXO----XXXX-----O-------------------- X"  # after f5d6c3d3c4f4c5b3


def fixed_evaluator(observation: torch.Tensor, mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """A deterministic stand-in for a network: logits and value from the discs, row by row (on
    the observations' device)."""
    planes = observation.flatten(1).to(torch.float64)
    squares = planes.shape[1] // 2
    weights = torch.sin(torch.arange(2 * squares, dtype=torch.float64, device=planes.device) * 0.37)
    mix = (planes * weights).sum(1, keepdim=True)
    actions = torch.arange(mask.shape[1], dtype=torch.float64, device=planes.device)
    logits = torch.sin(actions * 1.3 + mix) * 2.0
    own, opp = planes[:, :squares].sum(1), planes[:, squares:].sum(1)
    return logits, torch.tanh((own - opp) / 8.0 + 0.1 * torch.cos(mix.squeeze(1)))


class _Node:
    """A node of the reference search: one board, Python lists."""

    def __init__(self, board: Board) -> None:
        self.board = board
        planes, mask = board.observation(board.current_player)
        observation = torch.from_numpy(planes.copy()).unsqueeze(0)
        legal = torch.from_numpy(mask.copy()).bool().unsqueeze(0)
        logits, value = fixed_evaluator(observation, legal)
        self.legal = legal[0].numpy()
        masked = np.where(self.legal, logits[0].numpy(), -np.inf)
        self.prior = np.exp(masked - masked.max()) / np.exp(masked - masked.max()).sum()
        self.terminal = board.terminated
        outcome = float(np.sign(board.own.bit_count() - board.opp.bit_count())) if board.terminated else 0.0
        self.value = outcome if board.terminated else float(value[0])
        actions = len(self.legal)
        self.visits = np.zeros(actions)
        self.value_sum = np.zeros(actions)
        self.children: dict[int, _Node] = {}


def reference_visits(board: Board, simulations: int, c_puct: float) -> np.ndarray:
    """Plain recursive PUCT on one board, written for the test (float64 throughout)."""
    return reference_search(_Node(board), simulations, c_puct).visits


def reference_search(root: _Node, simulations: int, c_puct: float) -> _Node:
    """``simulations`` more simulations of plain PUCT from ``root`` (its tree kept and grown)."""
    for _ in range(simulations):
        node, path = root, []
        while not node.terminal:
            total = max(node.visits.sum(), 1.0)
            q = np.where(node.visits > 0, node.value_sum / np.maximum(node.visits, 1), 0.0)
            score = np.where(node.legal, q + c_puct * node.prior * math.sqrt(total) / (1 + node.visits), -np.inf)
            action = int(np.argmax(score))
            path.append((node, action))
            if action not in node.children:
                node.children[action] = _Node(node.board.step(action))
                node = node.children[action]
                break
            node = node.children[action]
        value = node.value
        for parent, action in reversed(path):
            value = -value
            parent.visits[action] += 1
            parent.value_sum[action] += value
    return root


def _board(moves: str = "", text: str | None = None) -> Board:
    board = Board.from_text(text) if text else Board.start()
    for action in parse_moves(moves):
        board = board.step(action)
    return board


@pytest.mark.parametrize("backend", ["bitboard", "conv"])
def test_search__same_visits_as_a_plain_single_board_puct(backend: str, device: str, on_device: torch.device) -> None:
    near_end = _board(text="XXXXXXXXOOOOOOOXXXOOOXXXXOXOXOXXXXOOXOXXXXXOOXOX-XXOXXXX---OOOO- X")
    boards = [_board(), _board(MIDGAME), _board(text=MUST_PASS), near_end]
    roots = engine.from_text([b.to_text() for b in boards], device=device, backend=backend)  # type: ignore[arg-type]
    search = BatchedSearch(fixed_evaluator, simulations=60, c_puct=1.5, dtype=torch.float64)
    result = search.run(roots)
    assert result.visits.device == result.policy.device == result.value.device == on_device
    for i, board in enumerate(boards):
        expected = reference_visits(board, 60, 1.5)
        assert result.visits[i].tolist() == expected.tolist(), f"root {i}"
    assert result.visits[2].nonzero().flatten().tolist() == [64]  # the forced pass takes every visit
    assert result.visits.sum(1).tolist() == [60.0] * 4


def test_search__reuse_grows_the_kept_subtree_as_a_plain_puct_does(device: str) -> None:
    """Two plies played after a search; the next search starts from the part of the tree under
    them. Root 0 plays a move its search never tried and root 1 a reply never tried (both start
    afresh), root 2 passes and the game ends on the next ply (a finished root), root 3 is near the end."""
    near_end = _board(text="XXXXXXXXOOOOOOOXXXOOOXXXXOXOXOXXXXOOXOXXXXXOOXOX-XXOXXXX---OOOO- X")
    boards = [_board(MIDGAME), _board(MIDGAME), _board(text=MUST_PASS), near_end]
    roots = engine.from_text([b.to_text() for b in boards], device=device)
    search = BatchedSearch(fixed_evaluator, simulations=40, c_puct=1.5, dtype=torch.float64)
    result = search.run(roots, keep_tree=True)
    references = [reference_search(_Node(b), 40, 1.5) for b in boards]
    first = [int(np.argmax(r.visits)) for r in references]
    assert select_actions(result).tolist() == first
    first[0] = next(int(a) for a in np.flatnonzero(references[0].legal) if a not in references[0].children)
    second = []
    for i, (board, action) in enumerate(zip(boards, first, strict=True)):
        child = references[i].children.get(action) or _Node(board.step(action))
        legal = np.flatnonzero(child.legal).tolist()
        untried = [a for a in legal if a not in child.children]
        second.append(untried[0] if i == 1 else int(np.argmax(child.visits)) if child.visits.any() else legal[0])
    assert second[1] not in references[1].children[first[1]].children
    first_t, second_t = torch.tensor(first, device=device), torch.tensor(second, device=device)
    after = engine.step(engine.step(roots, first_t), second_t)
    again = search.run(after, reuse=result.subtree(first_t).advance(second_t))
    for i, (reference, a, b) in enumerate(zip(references, first, second, strict=True)):
        kept = reference.children[a].children.get(b) if a in reference.children else None
        node = kept or _Node(boards[i].step(a).step(b))
        carried = node.visits.sum()
        reference_search(node, 40, 1.5)
        assert again.visits[i].tolist() == node.visits.tolist(), f"root {i}"
        assert again.visits[i].sum() == (0 if node.terminal else carried + 40)
    assert after.terminated.tolist() == [False, False, True, False]
    assert result.visits[0].sum() == 40  # the kept tree was not changed by the regrowth


def test_search__reuse_refuses_other_positions_and_the_gumbel_root(device: str) -> None:
    roots = engine.init(2, device=device)
    search = BatchedSearch(fixed_evaluator, simulations=8)
    result = search.run(roots, keep_tree=True)
    moves = select_actions(result)
    with pytest.raises(ValueError, match=r"boards \[0, 1\] are not the positions"):
        search.run(roots, reuse=result.subtree(moves))  # the start position is not the one after the moves
    with pytest.raises(ValueError, match="keep_tree=True"):
        search.run(roots).subtree(moves)
    with pytest.raises(ValueError, match="holds 2 trees"):
        search.run(engine.init(3, device=device), reuse=result.subtree(moves))
    gumbel = BatchedSearch(fixed_evaluator, simulations=8, root_policy="gumbel")
    after, generator = engine.step(roots, moves), torch.Generator(device=device).manual_seed(0)
    with pytest.raises(ValueError, match="root_policy='puct'"):
        gumbel.run(after, generator, reuse=result.subtree(moves))
    with pytest.raises(TypeError, match="reuse must be a Subtree"):
        search.run(roots, reuse=result)  # type: ignore[arg-type]


# Positions with 11 empties, white to move, where exactly one move wins (the solver's), found by
# random play and the endgame solver; every other move loses.
ONE_WINNING_MOVE = [
    ("---O-OXXX--OOXXOXXXXXXXOXXXXXOXOXOXXOOXOOXXXXOXO-X-X-XXOX-XXXXX- O", 63),
    ("---OO---XXXX-O-XOOOXXOO-O-XXOXOO-XXXXOOOXXXXXXOOXXXXXXOOXOOOOOOX O", 0),
    ("-OOOOX--OOXXX-OOOOXXXXO-OOXXXX--OOXOXXX-OOOXXXX-OOOOOXX--XOXXXXX O", 56),
    ("--XXXXXX-OOOOXXO-OXOXXXX--OXOOXX-OXOXOX--XOOOXOOXXXXX-XOOXXX-OXX O", 39),
]


def exact_results(observation: torch.Tensor, mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """An evaluator that solves every leaf exactly (8 x 8): uniform logits, the result's sign (on the
    observations' device; the boards are read on the host)."""
    values = []
    for planes in observation.flatten(2).bool().cpu():
        own = sum(1 << s for s in planes[0].nonzero().flatten().tolist())
        opp = sum(1 << s for s in planes[1].nonzero().flatten().tolist())
        values.append(float(np.sign(solve_exact(Board.make(own, opp, 0, 8)).score)))
    return torch.zeros(mask.shape, device=mask.device), torch.tensor(values, device=observation.device)


def test_search__with_the_exact_value_as_evaluator_it_finds_the_solvers_move(device: str) -> None:
    """Exact results (+1 / -1 / 0) for every leaf: the one winning move keeps Q = 1 whatever the
    opponent tries below it, every losing move falls below, and the visits follow."""
    texts = [text for text, _ in ONE_WINNING_MOVE]
    result = BatchedSearch(exact_results, simulations=100).run(engine.from_text(texts, device=device))
    assert select_actions(result).tolist() == [move for _, move in ONE_WINNING_MOVE]
    assert [solve_exact(Board.from_text(t)).move for t in texts] == [move for _, move in ONE_WINNING_MOVE]
    assert torch.all(result.value > 0.5)


def test_search__finished_roots_get_no_visits_and_the_null_action(device: str) -> None:
    roots = engine.from_text([OVER, engine.to_text(engine.init(1))[0]], device=device)
    result = BatchedSearch(fixed_evaluator, simulations=20).run(roots)
    assert result.visits[0].sum() == 0
    assert result.visits[1].sum() == 20
    assert result.value[0] == -1.0  # white to move has no disc: lost
    assert select_actions(result)[0] == 64
    assert result.policy[0].nonzero().flatten().tolist() == [64]


def test_search__proven_result_backs_up_exactly_near_the_end(device: str) -> None:
    # Black's only move, h1, flips g1 and ends the game 64-0.
    text = "XXXXXXO-" + "X" * 56 + " X"
    result = BatchedSearch(fixed_evaluator, simulations=10).run(engine.from_text([text], device=device))
    assert result.visits[0].nonzero().flatten().tolist() == [7]
    assert result.q[0, 7] == 1.0
    assert result.value[0] == 1.0


def test_search__root_noise_is_reproducible_from_a_seed_and_changes_the_search(device: str) -> None:
    roots = engine.from_text([engine.to_text(engine.init(1))[0]] * 3, device=device)
    search = BatchedSearch(fixed_evaluator, simulations=40, dirichlet_fraction=0.25, dirichlet_alpha=0.3)
    first = search.run(roots, torch.Generator(device=device).manual_seed(5))
    again = search.run(roots, torch.Generator(device=device).manual_seed(5))
    assert torch.equal(first.visits, again.visits)
    assert torch.equal(first.prior, again.prior)
    assert not torch.equal(first.prior[0], first.prior[1])  # each root draws its own noise
    plain = BatchedSearch(fixed_evaluator, simulations=40).run(roots)
    assert not torch.equal(first.prior, plain.prior)
    with pytest.raises(ValueError, match=r"pass a torch\.Generator"):
        search.run(roots)


def test_dirichlet__sums_to_one_over_the_legal_actions_with_the_right_mean(
    device: str, on_device: torch.device
) -> None:
    mask = torch.zeros(20000, 5, dtype=torch.bool, device=device)
    mask[:, [0, 2, 3]] = True
    for alpha in (0.3, 2.0):
        noise = dirichlet(mask, alpha, torch.Generator(device=device).manual_seed(1))
        assert noise.device == on_device
        assert torch.allclose(noise.sum(1), torch.ones(20000, device=device), atol=1e-5)
        assert noise[:, [1, 4]].abs().sum() == 0
        assert torch.allclose(noise[:, [0, 2, 3]].mean(0), torch.full((3,), 1 / 3, device=device), atol=0.01)
        # The variance of a Dir(alpha, alpha, alpha) component: (1/3)(2/3) / (3 alpha + 1).
        assert abs(float(noise[:, 0].var()) - (2 / 9) / (3 * alpha + 1)) < 0.01


def test_select_actions__argmax_and_temperature_sampling(device: str, on_device: torch.device) -> None:
    result = BatchedSearch(fixed_evaluator, simulations=30).run(engine.init(2000, device=device))
    greedy = select_actions(result)
    assert greedy.device == on_device
    assert greedy.unique().numel() == 1
    drawn = select_actions(result, temperature=1.0, generator=torch.Generator(device=device).manual_seed(0))
    counts = torch.bincount(drawn, minlength=65).double()
    expected = result.visits[0] / 30 * 2000
    assert set(drawn.tolist()) <= {19, 26, 37, 44}
    assert torch.all((counts - expected).abs() <= 5 * expected.clamp(min=1).sqrt() + 1)


def test_search__a_simulation_makes_no_host_synchronisation(monkeypatch: pytest.MonkeyPatch, device: str) -> None:
    from othello_zoo.engine.kernels.bitboard import NUMPY_PATH
    from othello_zoo.search._gumbel import draw_gumbel_root, gumbel_result, gumbel_root_selection
    from othello_zoo.search._loop import simulate

    roots = engine.from_text([engine.to_text(engine.init(1))[0], MUST_PASS, OVER], device=device)
    tree = new_tree(roots, 13, torch.float64)
    evaluate_nodes(tree, torch.zeros(3, dtype=torch.int64, device=device), roots, fixed_evaluator)
    generator = torch.Generator(device=device).manual_seed(0)
    puct = puct_selection(1.25)

    def forbidden(*args: object, **kwargs: object) -> None:
        raise AssertionError("host synchronisation in a simulation")

    with monkeypatch.context() as patch:
        patch.setattr(NUMPY_PATH, "enabled", False)  # the path of other devices
        for name in ("item", "tolist", "__bool__", "cpu", "numpy", "nonzero"):
            patch.setattr(torch.Tensor, name, forbidden)
        for sim in range(8):  # host_reads=False: a GPU's descent (on the CPU it may stop early by a host read)
            simulate(tree, fixed_evaluator, sim + 1, puct, puct, host_reads=False)
        gumbel = draw_gumbel_root(tree, 8, generator, 16, 1.0, 50.0, 0.1)
        for _ in range(4):
            simulate(tree, fixed_evaluator, 12, gumbel_root_selection(gumbel), puct, host_reads=False)
        gumbel_result(tree, gumbel, torch.zeros(3, dtype=torch.float64, device=device))
    assert tree.visits[:, 0].sum(1).tolist() == [12.0, 12.0, 0.0]


def test_search__a_descent_that_stops_early_walks_the_same_paths(device: str) -> None:
    """The CPU's descent stops when every tree's has ended (a host read a level); walking every level, as on a
    GPU, gives the same tree, edge for edge, over 40 simulations of 5 trees with a network-like evaluator."""
    from othello_zoo.search._loop import simulate

    roots = engine.from_text([*engine.to_text(engine.init(3)), MUST_PASS, OVER], device=device)
    grown = []
    for host_reads in (True, False):
        tree = new_tree(roots, 41, torch.float64)
        evaluate_nodes(tree, torch.zeros(5, dtype=torch.int64, device=device), roots, fixed_evaluator)
        puct = puct_selection(1.25)
        for _ in range(40):
            levels = int(tree.max_depth.max()) + 1
            simulate(tree, fixed_evaluator, levels, puct, puct, host_reads=host_reads)
        grown.append(tree)
    early, every = grown
    for name in ("visits", "value_sum", "child", "depth", "parent", "size"):
        assert torch.equal(getattr(early, name), getattr(every, name)), name
    assert int(early.max_depth.max()) >= 4  # deep enough that the early stop took effect


@pytest.mark.compiles  # torch.cond's branches, traced by dynamo (its eager backend: no inductor, no C++)
def test_search__a_chunked_descent_walks_the_same_paths() -> None:
    """``descend``'s ``chunk`` (a compiled loop's early end, by torch.cond) walks the same paths as every level
    walked: the same depths, leaves, expansions and, up to each depth, nodes and actions, through trees 6 deep; with
    a batch's links read too (the edges of the root's two most visited actions, as if made in the batch)."""
    from othello_zoo.search._loop import descend, simulate

    roots = engine.from_text([*engine.to_text(engine.init(3)), MUST_PASS, OVER])
    tree = new_tree(roots, 41, torch.float64)
    evaluate_nodes(tree, torch.zeros(5, dtype=torch.int64), roots, fixed_evaluator)
    puct = puct_selection(1.25)
    checked = 0
    for _ in range(40):
        levels = int(tree.max_depth.max()) + 1
        for chunk in (1, 2, 4):
            every = descend(tree, levels, puct, puct, host_reads=False)
            chunked = descend(tree, levels, puct, puct, host_reads=False, chunk=chunk)
            for name in ("depth", "leaf", "expand"):
                assert torch.equal(getattr(every, name), getattr(chunked, name)), (name, chunk)
            walked = torch.arange(levels) < every.depth.unsqueeze(1)
            assert torch.equal(every.nodes[walked], chunked.nodes[walked])
            assert torch.equal(every.actions[walked], chunked.actions[walked])
            checked += 1
        simulate(tree, fixed_evaluator, levels, puct, puct)
    assert checked == 120
    assert int(tree.max_depth.max()) == 6  # past every chunk's first boundary
    # Links: the children of the root's two most visited actions read from the batch's rows, not the tree.
    actions = tree.visits[:, 0].argsort(1, descending=True)[:, :2].T  # (2, N)
    children = tree.child[tree.tree_index, 0][tree.tree_index, actions]  # (2, N)
    links = (torch.zeros_like(actions), actions, children)
    unlinked = dataclasses.replace(tree, child=tree.child.clone())
    unlinked.child[tree.tree_index.unsqueeze(0), 0, actions] = -1
    levels = int(tree.max_depth.max()) + 1
    every = descend(tree, levels, puct, puct, host_reads=False)
    assert descend(unlinked, levels, puct, puct, host_reads=False).depth.tolist() == [1, 1, 1, 1, 0]  # links unread
    for chunk in (None, 2):
        linked = descend(unlinked, levels, puct, puct, host_reads=False, links=links, chunk=chunk)
        assert torch.equal(every.depth, linked.depth)
        assert torch.equal(every.leaf, linked.leaf)


def test_rollout_evaluator__values_finished_and_won_positions_exactly(device: str, on_device: torch.device) -> None:
    evaluate = rollout_evaluator(8, playouts=4, generator=torch.Generator(device=device).manual_seed(0))
    won = engine.from_text(["X" * 63 + "- O"], device=device)  # white to move, nothing to play: black has won
    observation, mask = engine.mover_view(engine.cat([won, engine.from_text([OVER], device=device)]))
    logits, value = evaluate(observation, mask)
    assert value.tolist() == [-1.0, -1.0]
    assert logits.shape == (2, 65)
    assert logits.device == value.device == on_device


def test_search__bad_arguments_get_clear_errors() -> None:
    with pytest.raises(ValueError, match="simulations"):
        BatchedSearch(fixed_evaluator, simulations=0)
    with pytest.raises(TypeError, match="evaluator must be a function"):
        BatchedSearch(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="roots must be an engine State"):
        BatchedSearch(fixed_evaluator).run("start")  # type: ignore[arg-type]


def test_gumbel__schedule_of_sequential_halving() -> None:
    from othello_zoo.search._gumbel import considered_visits

    assert considered_visits(1, 4) == (0, 1, 2, 3)
    # 4 actions, 16 simulations: 2 rounds; 2 visits each to all four, then the best two share the rest.
    assert considered_visits(4, 16) == (0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5)
    assert considered_visits(16, 32)[:16] == (0,) * 16


def test_gumbel__with_the_exact_value_it_finds_the_solvers_move_in_few_simulations() -> None:
    # CPU only: with 24 simulations the winning move is found when the Gumbel draws put it among the actions
    # considered, which holds for this seed's CPU stream (a GPU generator draws other numbers: 2 of 4 found).
    texts = [text for text, _ in ONE_WINNING_MOVE]
    search = BatchedSearch(exact_results, simulations=24, root_policy="gumbel")
    result = search.run(engine.from_text(texts), torch.Generator().manual_seed(0))
    assert select_actions(result).tolist() == [move for _, move in ONE_WINNING_MOVE]
    improved = result.policy
    assert torch.allclose(improved.sum(1), torch.ones(4, dtype=improved.dtype))
    assert torch.all(improved[~result.legal] == 0)
    assert improved.argmax(1).tolist() == [move for _, move in ONE_WINNING_MOVE]


def test_gumbel__one_action_without_noise_plays_the_prior_and_finished_roots_pass(device: str) -> None:
    roots = engine.from_text([engine.to_text(engine.init(1))[0], MIDGAME_TEXT, OVER], device=device)
    search = BatchedSearch(fixed_evaluator, simulations=8, root_policy="gumbel", max_considered=1, gumbel_scale=0.0)
    result = search.run(roots, torch.Generator(device=device).manual_seed(3))
    masked = result.prior.masked_fill(~result.legal, -1)
    assert select_actions(result)[:2].tolist() == masked[:2].argmax(1).tolist()
    assert int(select_actions(result)[2]) == 64
    assert result.visits[:2].amax(1).tolist() == [8.0, 8.0]  # every simulation on the one action
    again, same = (
        BatchedSearch(fixed_evaluator, simulations=8, root_policy="gumbel").run(
            roots, torch.Generator(device=device).manual_seed(3)
        )
        for _ in range(2)
    )
    assert torch.equal(again.visits, same.visits)
    with pytest.raises(ValueError, match="root_policy must be 'puct' or 'gumbel'"):
        BatchedSearch(fixed_evaluator, root_policy="uct")


def test_select_actions__small_temperatures_play_the_most_visited_not_the_null_action(device: str) -> None:
    result = BatchedSearch(fixed_evaluator, simulations=32).run(engine.init(64, device=device))
    drawn = select_actions(result, temperature=0.01, generator=torch.Generator(device=device).manual_seed(0))
    assert drawn.tolist() == select_actions(result).tolist()


def test_dirichlet__tiny_alpha_still_sums_to_one_and_bad_alpha_is_refused(device: str) -> None:
    mask = torch.ones(50, 4, dtype=torch.bool, device=device)
    noise = dirichlet(mask, 1e-6, torch.Generator(device=device).manual_seed(0))
    assert torch.allclose(noise.sum(1), torch.ones(50, device=device))
    assert bool(((noise > 0.999).sum(1) == 1).all())  # all the mass on one action
    with pytest.raises(ValueError, match="alpha"):
        dirichlet(mask, 0.0, torch.Generator(device=device))


def test_rollout_evaluator__checks_the_board_size(device: str) -> None:
    observation, mask = engine.mover_view(engine.init(2, 6, device=device))
    with pytest.raises(ValueError, match="plays 8x8, the observations are 6x6"):
        rollout_evaluator(8)(observation, mask)


@pytest.mark.parametrize("board_size", [4, 6, 8])
def test_random_playouts__same_results_as_the_engine_stepped_with_the_same_draws(
    board_size: int, device: str, on_device: torch.device
) -> None:
    # Positions from the start, a few plies in (passes and finished games included on 4 x 4), both
    # played out by the playout loop and by engine.step with random_actions from the same seed.
    g = torch.Generator(device=device).manual_seed(board_size)
    state = engine.init(512, board_size, device=device)
    for _ in range(2 * board_size):
        state = engine.step(state, engine.random_actions(state, g), illegal_action="lose")
    played = random_playouts(state.discs, board_size, torch.Generator(device=device).manual_seed(7))
    assert played.device == on_device
    stepped, draws = state, torch.Generator(device=device).manual_seed(7)
    while not bool(stepped.terminated.all()):
        stepped = engine.step(stepped, engine.random_actions(stepped, draws), illegal_action="lose")
    mover = state.current_player  # the results are the movers' of the positions played out
    expected = engine.outcome(stepped) * torch.where(stepped.current_player == mover, 1.0, -1.0)
    assert played.tolist() == expected.tolist()
    assert {-1.0, 1.0} <= set(played.tolist())
    if board_size == 4:
        assert bool(state.terminated.any())  # some games were over before the playout


def test_random_bit__the_ranked_set_bit_of_each_word(device: str, on_device: torch.device) -> None:
    # The words and draws are made on the CPU (the same on every device), the bits taken on the device.
    g = torch.Generator().manual_seed(0)
    words = torch.randint(-(2**63), 2**63 - 1, (3, 200), generator=g)
    words = torch.cat((words[0], words[0] & words[1] & words[2], torch.tensor([0, 1, -1, -(2**63), 1 << 40])))
    draws = (torch.rand(len(words), generator=g), torch.zeros(len(words)), torch.full((len(words),), 0.9999))
    words = words.to(device)
    tables = ByteTables(on_device)
    for uniform in (u.to(device) for u in draws):
        got = random_bit(words, uniform, tables.byte_select_flat).tolist()
        for word, u, position in zip(words.tolist(), uniform.tolist(), got, strict=True):
            bits = [k for k in range(64) if (word >> k) & 1]
            assert position == (bits[min(int(u * len(bits)), len(bits) - 1)] if bits else 64)
        as_sets = random_bit_set(words, uniform, tables.byte_select_bit)  # the same bit, as a set
        assert as_sets.tolist() == [0 if p == 64 else (1 << p) - (1 << 64 if p == 63 else 0) for p in got]


def test_search_config__each_default_once_and_bad_values_named() -> None:
    assert SearchConfig() == SearchConfig(
        simulations=32,
        c_puct=1.25,
        dirichlet_alpha=0.5,
        dirichlet_fraction=0.0,
        root_policy="puct",
        max_considered=16,
        gumbel_scale=1.0,
        c_visit=50.0,
        c_scale=0.1,
        reuse=False,
        dtype=torch.float32,
    )
    assert BatchedSearch(fixed_evaluator, SearchConfig(simulations=8), c_puct=2.0).config == SearchConfig(
        simulations=8, c_puct=2.0
    )
    assert SearchConfig(simulations=np.int64(5)).simulations == 5
    assert type(SearchConfig(simulations=np.int64(5)).simulations) is int
    with pytest.raises(ValueError, match="simulations must be an int from 1 to 1,000,000, got 0"):
        SearchConfig(simulations=0)
    with pytest.raises(ValueError, match=r"dirichlet_fraction must be a finite number from 0 to 1, got 1\.5"):
        SearchConfig(dirichlet_fraction=1.5)
    with pytest.raises(ValueError, match="root_policy must be 'puct' or 'gumbel', got 'uct'"):
        SearchConfig(root_policy="uct")
    with pytest.raises(TypeError, match="reuse must be True or False, got 1"):
        SearchConfig(reuse=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"reuse=True works with root_policy='puct'"):
        SearchConfig(root_policy="gumbel", reuse=True)
    with pytest.raises(ValueError, match=r"dtype must be torch\.float32 or torch\.float64, got torch\.float16"):
        SearchConfig(dtype=torch.float16)
    with pytest.raises(TypeError, match="SearchConfig has no setting 'simulatons'; the settings are simulations"):
        BatchedSearch(fixed_evaluator, simulatons=8)
    with pytest.raises(TypeError, match=r"config must be a SearchConfig, got 64 \(int\)"):
        BatchedSearch(fixed_evaluator, 64)  # type: ignore[arg-type]


def test_run_search__takes_the_selection_and_step_functions(device: str) -> None:
    """The loop plays whatever rules it is given: a root selection that always takes the last legal action, and a
    step function that records the boards it steps; below the root, PUCT."""
    roots = engine.from_text([engine.to_text(engine.init(1))[0], MIDGAME_TEXT], device=device)
    tree = new_tree(roots, 7, torch.float64)
    root = torch.zeros(2, dtype=torch.int64, device=device)
    evaluate_nodes(tree, root, roots, fixed_evaluator)
    stepped: list[int] = []

    def last_legal(tree: object, node: torch.Tensor, depth: int) -> torch.Tensor:
        assert depth == 0
        legal = tree.legal[tree.tree_index, node]  # type: ignore[attr-defined]
        return legal.shape[1] - 1 - legal.flip(1).to(torch.int8).argmax(1)

    def recording_step(state: engine.State, actions: torch.Tensor) -> engine.State:
        stepped.append(state.batch_size)
        return engine.step(state, actions, illegal_action="lose")

    run_search(tree, fixed_evaluator, 6, last_legal, puct_selection(1.25), step=recording_step)
    assert stepped == [2] * 6  # one step of every tree a simulation
    assert max(Board.from_text(MIDGAME_TEXT).legal_actions()) == 52
    assert tree.visits[:, 0].nonzero().tolist() == [[0, 44], [1, 52]]  # e6 and e7: the last legal moves
    assert tree.visits[:, 0].sum(1).tolist() == [6.0, 6.0]
    assert tree.size.tolist() == [7, 7]


def test_policies__the_batched_search_runs_the_one_its_config_names(device: str) -> None:
    roots = engine.from_text([engine.to_text(engine.init(1))[0], MIDGAME_TEXT, MUST_PASS, OVER], device=device)
    puct = SearchConfig(simulations=20, dirichlet_fraction=0.25)
    gumbel = SearchConfig(simulations=20, root_policy="gumbel")
    for config, policy in ((puct, puct_policy), (gumbel, gumbel_policy)):
        by_class = BatchedSearch(fixed_evaluator, config).run(roots, torch.Generator(device=device).manual_seed(4))
        by_function = policy(roots, fixed_evaluator, config, generator=torch.Generator(device=device).manual_seed(4))
        assert torch.equal(by_class.visits, by_function.visits)
        assert torch.equal(by_class.prior, by_function.prior)
        assert by_class.visits.sum(1).tolist() == [20.0, 20.0, 20.0, 0.0]
    with pytest.raises(ValueError, match=r"puct_policy runs the PUCT root; config\.root_policy is 'gumbel'"):
        puct_policy(roots, fixed_evaluator, gumbel)
    with pytest.raises(ValueError, match=r"gumbel_policy runs the Gumbel root; config\.root_policy is 'puct'"):
        gumbel_policy(roots, fixed_evaluator, puct)
    kept = BatchedSearch(fixed_evaluator, SearchConfig(simulations=4, reuse=True)).run(roots)
    assert kept.tree is not None  # the config's reuse keeps the trees
    from othello_zoo.search import ROOT_POLICIES
    from othello_zoo.search._policies import POLICIES

    assert tuple(POLICIES) == ROOT_POLICIES == ("puct", "gumbel")  # every root policy a config takes has its function
