"""The network's value mixed with alpha-beta's pattern search (othello_zoo.alphazero.mixing), the batched pattern
search in C it reads, the AlphaZero agent's ``mix``, and a compiled search of an evaluator without a traceable form
(walked in C, the evaluator eagerly between)."""

from __future__ import annotations

import math
import random

import pytest
import torch
from test_compiled_search import MUST_PASS, OVER, assert_same, random_states, seeded, table_evaluator

from othello_zoo import engine
from othello_zoo.agents.baseline import POSITIONAL_8x8
from othello_zoo.agents.native import SORTED_DEPTH, native_midgame, native_midgame_values
from othello_zoo.agents.patterns import load_tables
from othello_zoo.alphazero import agent as agent_module
from othello_zoo.alphazero.agent import AGENT_SEARCH, AlphaZeroAgent, default_mix
from othello_zoo.alphazero.mixing import MIX_WEIGHT, mix_patterns, pattern_scale
from othello_zoo.core.board import Board
from othello_zoo.search import BatchedSearch, SearchConfig, _native, exact_wins, select_actions

WEIGHTS = tuple(v for row in POSITIONAL_8x8 for v in row)


def signed(bits: int) -> int:
    return bits - (1 << 64) if bits >= 1 << 63 else bits


def random_boards(count: int, seed: int) -> list[Board]:
    """Positions of random games, 4 to 56 plies in, each with a placement for its mover."""
    rng, boards = random.Random(seed), []
    while len(boards) < count:
        board = Board.start()
        for _ in range(rng.randrange(4, 57)):
            if board.terminated:
                break
            board = board.step(rng.choice(board.legal_actions()))
        if not board.terminated and board.moves:
            boards.append(board)
    return boards


def test_values__the_batch_gives_each_positions_midgame_search() -> None:
    """One call for the batch: each value is alpha-beta's midgame search of that position, depths 0 to 3 (0: the
    static evaluation), with the move order's sorting from 3 plies as the agents search."""
    boards, tables = random_boards(40, seed=1), load_tables()
    own = torch.tensor([signed(b.own) for b in boards])
    opp = torch.tensor([signed(b.opp) for b in boards])
    for depth in (1, 2, 3):
        values = native_midgame_values(own, opp, depth, tables)
        assert values is not None
        assert values.dtype == torch.int32
        searched = [native_midgame(b.own, b.opp, depth, WEIGHTS, tables, SORTED_DEPTH)[0] for b in boards]
        assert values.tolist() == searched
    with pytest.raises(ValueError, match=r"opp must be int64 words \(B,\) on the CPU, as own \(40,\); got torch.int32"):
        native_midgame_values(own, opp.to(torch.int32), 2, tables)  # the C code would read past its memory
    static = native_midgame_values(own, opp, 0, tables)
    assert static is not None
    assert len(set(static.tolist())) > 30


def test_values__a_forced_pass_and_a_finished_game() -> None:
    """A mover without a placement passes (the value is minus the opponent's search of the same depth: the midgame
    search does not count a pass as a ply); a finished board is worth 1000 times its score for the mover."""
    boards, tables = [Board.from_text(text) for text in (MUST_PASS, OVER)], load_tables()
    own = torch.tensor([signed(b.own) for b in boards])
    opp = torch.tensor([signed(b.opp) for b in boards])
    values = native_midgame_values(own, opp, 2, tables)
    assert values is not None
    passing = boards[0]
    assert values[0] == -native_midgame(passing.opp, passing.own, 2, WEIGHTS, tables, SORTED_DEPTH)[0]
    assert values[0] != 0
    assert values[1] == 1000 * 60  # black to move in OVER: 62 discs against 2


def test_scale__four_discs_to_22_empties_then_half_a_disc_an_empty() -> None:
    assert [pattern_scale(e) for e in (0, 22, 23, 40, 60)] == [4.0, 4.0, 4.5, 13.0, 23.0]
    assert pattern_scale(torch.tensor([10, 22, 60])).tolist() == [4.0, 4.0, 23.0]


def test_mix__the_formula_on_real_positions_the_logits_untouched() -> None:
    """``(1 - w) * value + w * tanh(discs / scale)``, the search's discs of each position for its mover."""
    boards, tables = random_boards(12, seed=2), load_tables()
    network = table_evaluator(8)
    state = engine.from_text([b.to_text() for b in boards])
    observation, mask = engine.mover_view(state)
    logits, value = network(observation, mask)
    mixed_logits, mixed = mix_patterns(network, weight=0.3, depth=2)(observation, mask)
    assert torch.equal(mixed_logits, logits)
    for i, board in enumerate(boards):
        discs = native_midgame(board.own, board.opp, 2, WEIGHTS, tables, SORTED_DEPTH)[0] / 1000
        empties = 64 - (board.own | board.opp).bit_count()
        expected = 0.7 * float(value[i]) + 0.3 * math.tanh(discs / pattern_scale(empties))
        assert mixed[i].item() == pytest.approx(expected, abs=1e-6)
    assert torch.equal(mix_patterns(network, weight=0.0)(observation, mask)[1], value)
    alone = mix_patterns(network, weight=1.0, depth=0)(observation, mask)[1]
    assert alone.abs().max() < 1
    assert not torch.equal(alone, value)


def test_mix__bad_settings_and_boards_are_refused_by_name() -> None:
    network = table_evaluator(8)
    with pytest.raises(ValueError, match=r"weight must be a finite number from 0 to 1, got 1\.5"):
        mix_patterns(network, weight=1.5)
    with pytest.raises(ValueError, match="depth must be"):
        mix_patterns(network, depth=7)
    observation, mask = engine.mover_view(engine.init(2, 6))
    with pytest.raises(ValueError, match=r"reads 8 x 8 positions, got planes \(2, 6, 6\)"):
        mix_patterns(table_evaluator(6))(observation, mask)


def test_search__an_evaluator_without_a_traceable_form_walked_in_c_as_eagerly() -> None:
    """compile=True with an evaluator that has no traceable form (the mix): the trees walked in C, the evaluator
    eagerly between, the eager search's visits and values bit for bit; elsewhere (another device or rules) it
    would say so, as before."""
    traced = table_evaluator(8)

    def plain(observation: torch.Tensor, mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        return traced(observation, mask)

    boards = random_states(3, 8, seed=4, plies=12)
    for config in (SearchConfig(simulations=16, leaf_batch=4), SearchConfig(simulations=6)):
        assert_same(
            BatchedSearch(plain, config).run(boards, seeded(2)),
            BatchedSearch(plain, config, compile=True).run(boards, seeded(2)),
        )
    mixed = mix_patterns(traced)
    config = SearchConfig(simulations=16, leaf_batch=4)
    assert_same(
        BatchedSearch(mixed, config).run(boards, seeded(2)),
        BatchedSearch(mixed, config, compile=True).run(boards, seeded(2)),
    )
    with pytest.raises(ValueError, match="has no traceable form"):
        BatchedSearch(plain, config.replace(dtype=torch.float64), compile=True).run(boards, seeded(2))


def test_agent__mixes_by_default_on_8x8_and_mix_0_is_the_network_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """The default mix on 8 x 8 (the C library here), none on 6 x 6; ``mix=0`` searches the network's values alone
    and plays as an agent without the mix did; the mix changes what the search sees."""
    monkeypatch.delenv(agent_module.COMPILE_ENV, raising=False)  # the default: compiled, its trees walked in C
    search = AGENT_SEARCH.replace(simulations=32)
    mixed, alone = AlphaZeroAgent(search=search), AlphaZeroAgent(search=search, mix=0)
    assert (mixed.mix, mixed.mix_depth, alone.mix) == (MIX_WEIGHT, 2, 0.0)
    assert default_mix(8) == MIX_WEIGHT
    assert default_mix(6) == 0.0
    assert AlphaZeroAgent(board_size=6, search=search).mix == 0.0
    assert (mixed.search.compile, mixed.batched_search.compile) == (True, True)
    state = random_states(6, 8, seed=9, plies=14)
    eager = BatchedSearch(exact_wins(alone.network.evaluator()), search).run(state, keep_tree=False)
    assert torch.equal(alone.act_states(state), select_actions(eager))
    plain = alone.batched_search.run(state, keep_tree=False)
    with_patterns = mixed.batched_search.run(state, keep_tree=False)
    assert not torch.equal(plain.q, with_patterns.q)


def test_agent__a_mix_it_cannot_run_is_refused_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    """Another board size, a weight out of range, a compilation the mix cannot take; where the trees cannot be
    walked in C, the mixing agent searches eagerly where the network alone would compile in the background."""
    with pytest.raises(ValueError, match=r"mix=0\.3 mixes in alpha-beta's 8x8 pattern tables: this network plays 6x6"):
        AlphaZeroAgent(board_size=6, mix=0.3)
    with pytest.raises(ValueError, match=r"mix must be a finite number from 0 to 1, got -0\.1"):
        AlphaZeroAgent(mix=-0.1)
    with pytest.raises(ValueError, match="compile='background' compiles the network into the search"):
        AlphaZeroAgent(mix=0.2, compile="background")
    monkeypatch.delenv(agent_module.COMPILE_ENV, raising=False)
    monkeypatch.setattr(_native, "_library", lambda: (None, "no C compiler (cc, gcc or clang) on the PATH"))
    cpu = torch.device("cpu")
    assert agent_module._compile_modes("auto", 8, cpu, AGENT_SEARCH, traced=False) == (False, False)
    assert agent_module._compile_modes("auto", 8, cpu, AGENT_SEARCH) == ("background", False)
    with pytest.raises(ValueError, match="compile=True compiles the network into the search"):
        agent_module._compile_modes(True, 8, cpu, AGENT_SEARCH, traced=False)
