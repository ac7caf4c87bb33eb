"""A compiled CPU search's leaf batches walked in C (othello_zoo.search._native), and a Gumbel search's first visits
evaluated with its roots: the eager search's results bit for bit.

These searches compile nothing with torch: a leaf batch's descents, expansions and back-ups run in the C library
(built on first use, like the endgame solver), its evaluation eagerly. The same searches with the C code off run
the compiled loop instead (slow group: that compiles).
"""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import torch
from test_compiled_search import (
    MUST_PASS,
    OVER,
    assert_same,
    random_states,
    search_roots,
    seeded,
    table_evaluator,
    two_plies,
)

from othello_zoo import engine
from othello_zoo.alphazero import agent as agent_module
from othello_zoo.alphazero.agent import AGENT_SEARCH, COMPILE_ENV, AlphaZeroAgent
from othello_zoo.alphazero.network import PolicyValueNet
from othello_zoo.alphazero.selfplay import SELF_PLAY_SEARCH, match, self_play
from othello_zoo.core.board import Board
from othello_zoo.runtime import native as native_build
from othello_zoo.search import BatchedSearch, SearchConfig, _native, _policies, exact_wins, puct_selection
from othello_zoo.search import _compiled as compiled_module


@pytest.fixture
def walked(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """The simulations walked in C, a call each (its leaves: 1 for one simulation a tree), counted; and no graph
    compiled meanwhile."""
    sizes: list[int] = []
    descents = compiled_module.native_descents

    def counted(*args: Any) -> Any:
        result = descents(*args)
        if result is not None:
            sizes.append(result.leaves)
        return result

    monkeypatch.setattr(compiled_module, "native_descents", counted)
    graphs = torch._dynamo.utils.counters["stats"]["unique_graphs"]
    yield sizes
    assert torch._dynamo.utils.counters["stats"]["unique_graphs"] == graphs


def test_native__simulations_walked_in_c_as_the_eager_search(walked: list[int]) -> None:
    """One simulation at a time and in leaf batches: PUCT with root noise, the Gumbel root, collisions (a batch of
    40 descents in trees of a few nodes), a finished game and a forced pass among the roots, 6 x 6 and 4 x 4 boards:
    the eager search's visits, values, priors and moves bit for bit."""
    evaluate, boards = table_evaluator(8), search_roots()
    gumbel = SearchConfig(simulations=12, root_policy="gumbel")
    puct = SearchConfig(simulations=12, dirichlet_fraction=0.25)
    configs = (gumbel, puct.replace(leaf_batch=4), gumbel.replace(leaf_batch=5), SearchConfig(40, leaf_batch=40))
    for config in configs:
        compiled = BatchedSearch(evaluate, config, compile=True).run(boards, seeded(3))
        assert_same(BatchedSearch(evaluate, config).run(boards, seeded(3)), compiled)
        assert compiled.visits.sum(1).tolist() == [config.simulations, config.simulations, 0.0, config.simulations]
        assert compiled.visits[3].nonzero().flatten().tolist() == [64]  # the forced pass
    assert walked == [1] * 12 + [4, 4, 4] + [1, 5, 5, 1] + [40]  # Gumbel: the forced pass has one first visit
    for board_size in (6, 4):
        evaluate, boards = table_evaluator(board_size), random_states(3, board_size, seed=board_size, plies=6)
        config = SearchConfig(simulations=12, leaf_batch=3)
        assert_same(
            BatchedSearch(evaluate, config).run(boards, seeded(5)),
            BatchedSearch(evaluate, config, compile=True).run(boards, seeded(5)),
        )
    assert walked[-8:] == [3] * 8


def test_native__subtree_reuse_and_a_time_budget_as_eager(monkeypatch: pytest.MonkeyPatch) -> None:
    """Trees carried over two plies (reuse), and trees grown as a time budget runs: new trees, each walked in C."""
    evaluate, boards = table_evaluator(8), search_roots()
    puct = SearchConfig(simulations=12, reuse=True, leaf_batch=3)
    assert_same(*(two_plies(BatchedSearch(evaluate, puct, compile=compile), boards, 4) for compile in (False, True)))
    monkeypatch.setattr(_policies, "FIRST_ROOM", 8)  # trees of 8 nodes grown to 16, then to 30, as it runs
    more = SearchConfig(simulations=30, leaf_batch=2)
    assert_same(
        BatchedSearch(evaluate, more).run(boards, seeded(5)),
        BatchedSearch(evaluate, more.replace(seconds=1e4), compile=True).run(boards, seeded(5)),
    )


def test_native__wins_found_in_c_as_exact_wins_finds_them(walked: list[int]) -> None:
    """An exact_wins evaluator: the C code finds the new nodes' winning placements on their words, the eager search
    on the planes; the same searches, and a pass that leads to a wipeout known at once."""
    evaluate = exact_wins(table_evaluator(8))
    wipeout = "XXXXXXXX" + "O" + "-" * 55 + " O"  # white must pass; black then takes white's last disc (a3)
    boards = engine.cat([engine.from_text([wipeout, OVER, MUST_PASS]), random_states(5, 8, seed=7, plies=52)])
    for config in (SearchConfig(simulations=24, leaf_batch=4), SearchConfig(simulations=6)):
        compiled = BatchedSearch(evaluate, config, compile=True).run(boards, seeded(8))
        assert_same(BatchedSearch(evaluate, config).run(boards, seeded(8)), compiled)
        assert compiled.visits[0].nonzero().flatten().tolist() == [64]
        assert compiled.q[0, 64] == -1.0  # the pass leads to black's win in one: known exactly
    assert walked


def test_gumbel__the_first_visits_evaluated_with_the_roots(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Gumbel search in leaf batches whose roots consider every legal action evaluates the roots and their
    children in one call (the first visits' batches then ask the network nothing): a call fewer, the same search
    (an evaluator whose rows do not depend on their batch), eagerly and compiled."""
    calls: list[int] = []
    inner = table_evaluator(8)

    def evaluate(observation: torch.Tensor, mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        calls.append(observation.shape[0])
        return inner(observation, mask)

    evaluate.traceable = inner.traceable  # type: ignore[attr-defined]
    boards = engine.cat([engine.init(1), random_states(1, 8, seed=3, plies=6)])
    config = SearchConfig(simulations=16, root_policy="gumbel", leaf_batch=4)
    legal = engine.legal_action_mask(boards).sum(1).tolist()
    assert legal[0] == 4
    assert legal[1] > 4
    results = {}
    for joined in (16, 0):
        monkeypatch.setattr(_policies, "JOINED_TREES", joined)
        calls.clear()
        results[joined] = BatchedSearch(evaluate, config).run(boards, seeded(2))
        counted = list(calls)
        if joined:
            assert counted[0] == 2 + sum(legal)  # the roots and every child of theirs
            assert len(counted) == 1 + (16 - 4) // 4  # the opening batch of 4 first visits asked nothing
        else:
            assert counted[:2] == [2, 8]  # the roots alone, then the first visits' batch (4 a tree)
        assert_same(results[joined], BatchedSearch(inner, config, compile=True).run(boards, seeded(2)))
    assert_same(results[16], results[0])
    assert results[16].visits.sum(1).tolist() == [16.0, 16.0]


def test_native__what_the_c_code_does_not_apply_to_runs_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    """No library (no C compiler), float64 statistics or another selection rule: ``native_descents`` says ``None``
    and changes nothing (the compiled loop then runs); the report says why."""
    boards = engine.init(2)
    search = BatchedSearch(table_evaluator(8), SearchConfig(simulations=4, leaf_batch=2), compile=True)
    result = search.run(boards, seeded(1), keep_tree=True)
    assert result.tree is not None
    kept = result.tree.visits.clone()
    select = puct_selection(1.25)
    assert _native.native_ready(result.tree, select, select, 8)
    assert not _native.native_ready(result.tree, lambda tree, node, depth: node, select, 8)
    assert _native.native_descents(result.tree, select, lambda tree, node, depth: node, 2, 8, 8) is None
    assert torch.equal(result.tree.visits, kept)
    wide = BatchedSearch(table_evaluator(8), SearchConfig(simulations=4, leaf_batch=2, dtype=torch.float64))
    wider = wide.run(boards, seeded(1), keep_tree=True).tree
    assert wider is not None
    assert not _native.native_ready(wider, select, select, 8)
    monkeypatch.setattr(_native, "_library", lambda: (None, "no C compiler (cc, gcc or clang) on the PATH"))
    assert _native.native_descents(result.tree, select, select, 2, 8, 8) is None
    assert _native.native_search_status() == (
        "compiled CPU searches walk their leaf batches in torch's compiled loop: "
        "no C compiler (cc, gcc or clang) on the PATH"
    )


def test_agent__its_trees_walked_in_c_play_the_eager_agents_moves(walked: list[int]) -> None:
    """The AlphaZero agent compiled (its one-board searches: leaf batches, exact wins, subtree reuse from move to
    move) plays the moves of the agent that never compiles, its trees walked in C with nothing compiled."""
    search = AGENT_SEARCH.replace(simulations=48, stop_when_decided=False)  # every leaf batch walked
    boards = [Board.from_text(text) for text in engine.to_text(random_states(4, 8, seed=11, plies=8))]
    moves = {}
    for compile in (False, True):
        agent = AlphaZeroAgent(search=search, compile=compile)
        moves[compile] = [agent.choose(board) for board in boards]
        board = boards[-1].step(moves[compile][-1])  # two plies on: the tree kept from the agent's own move
        board = board.step(board.legal_actions()[0])
        moves[compile].append(agent.choose(board))
    assert moves[False] == moves[True]
    assert walked.count(8) == 5 * 48 // 8


def test_native__an_evaluator_of_the_wrong_shapes_is_refused_by_name_before_the_c_code_reads() -> None:
    """The C code reads the evaluator's outputs by their addresses: outputs of other shapes are refused first, as
    the eager search refuses them (a ValueError naming the evaluator), never read past their ends."""
    inner, calls = table_evaluator(8), []

    def short(observation: torch.Tensor, mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        logits, value = inner(observation, mask)
        calls.append(observation.shape[0])
        return (logits, value) if len(calls) == 1 else (logits[:, :10], value)  # the roots' evaluation right

    short.traceable = inner.traceable  # type: ignore[attr-defined]
    for leaf_batch in (1, 4):
        calls.clear()
        search = BatchedSearch(short, SearchConfig(simulations=8, leaf_batch=leaf_batch), compile=True)
        with pytest.raises(ValueError, match=r"the evaluator .*short returned logits \(\d+, 10\)"):
            search.run(engine.init(2), seeded(0))
        assert calls == [2, 2 * leaf_batch]


def test_self_play__its_trees_walked_in_c_play_the_eager_games(
    walked: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The trainer's self-play and matches search with their trees walked in C by default on the CPU
    (``walks_in_c``): the games, positions and policies of the eager search, bit for bit."""
    torch.manual_seed(0)
    evaluate = PolicyValueNet(6, channels=8, blocks=1).evaluator()
    search = SELF_PLAY_SEARCH.replace(simulations=8)

    def played() -> tuple[Any, Any]:
        data = self_play(evaluate, 4, 6, search=search, generator=seeded(0))
        score = match(evaluate, "greedy", games=2, board_size=6, search=search, generator=seeded(1))
        return data, score

    in_c = played()
    assert walked  # the searches ran in C
    monkeypatch.setattr(_native, "ENABLED", False)
    eager = played()
    for name in ("observations", "policies", "values"):
        assert torch.equal(getattr(in_c[0], name), getattr(eager[0], name))
    assert in_c[1] == eager[1]


def test_agent__compile_auto_walks_the_trees_in_c_for_one_board_and_many(monkeypatch: pytest.MonkeyPatch) -> None:
    """The agent's default where the C library is here: every search compiled (its trees in C), none waiting for a
    compilation, and ``othello-zoo doctor`` says so; without it, the one-board search compiles in the background."""
    monkeypatch.delenv(COMPILE_ENV, raising=False)
    agent = AlphaZeroAgent(search=AGENT_SEARCH.replace(simulations=16))
    assert (agent.search.compile, agent.batched_search.compile) == (True, True)
    assert agent_module.compile_status().startswith("compiled: its trees walked in C")
    monkeypatch.setattr(_native, "_library", lambda: (None, "no C compiler (cc, gcc or clang) on the PATH"))
    assert _native.walks_in_c("cpu", 8, AGENT_SEARCH) is False
    assert agent_module._compile_modes("auto", 8, torch.device("cpu"), AGENT_SEARCH)[1] is False


def test_native__a_search_walked_in_c_calls_no_torch_compile_and_keeps_no_evaluator(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Walked in C, a compiled search wraps nothing in ``torch.compile`` (which some Pythons and builds of torch
    refuse), and keeps no evaluator once it has ended: self-play and matches make an evaluator a round."""

    def refused(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("torch.compile is not supported here")

    monkeypatch.setattr(torch, "compile", refused)
    networks = [PolicyValueNet(6, channels=8, blocks=1) for _ in range(2)]
    kept = [weakref.ref(network) for network in networks]
    for network in networks:
        self_play(network.evaluator(), 2, 6, search=SELF_PLAY_SEARCH.replace(simulations=4), generator=seeded(0))
    config = SearchConfig(simulations=8, root_policy="gumbel", leaf_batch=2)
    BatchedSearch(networks[0].evaluator(), config, compile=True).run(engine.init(1, 6), seeded(0))
    del networks, network
    gc.collect()
    assert [ref() for ref in kept] == [None, None]


def test_native__the_report_says_when_the_c_walk_is_off(monkeypatch: pytest.MonkeyPatch) -> None:
    assert _native.native_search_status().startswith("compiled CPU searches walk their leaf batches in C: built")
    monkeypatch.setattr(_native, "ENABLED", False)
    assert _native.native_search_status() == (
        "compiled CPU searches walk their leaf batches in torch's compiled loop: turned off (search._native.ENABLED)"
    )
    assert not _native.walks_in_c("cpu", 8, SearchConfig())


def test_build__a_cache_folder_others_may_write_is_never_loaded_from(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The C libraries are code: one in a folder that is not the user's own alone is not loaded (the search then
    runs as where no compiler is), and the reason is given."""
    folder = tmp_path / "othello_zoo" / "native"
    folder.mkdir(parents=True)
    folder.chmod(0o777)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    library, said = native_build.build_library(_native.SOURCE, "search", ("-O2",))
    assert library is None
    assert said == f"{folder} is writable by others: a library there could be someone else's code, so none is loaded"
    folder.chmod(0o700)
    library, said = native_build.build_library(_native.SOURCE, "search", ("-O2",))
    assert library is not None
    assert said.startswith("built with ")
