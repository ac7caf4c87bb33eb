"""Every bad input to the environments and agents: a TypeError or ValueError that names the value, no hang, and
nothing changed (the engine's: test_bad_input_engine.py; the command line's: test_cli_bad_input.py).

One parametrised case per kind of defect and surface. The env cases check that a failed call leaves
everything as it was: observations, masks, agent selection, rewards, history, and the next seeded
and unseeded resets (so the random generator was not touched either).
"""

from __future__ import annotations

import copy
import math
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import torch

from othello_zoo import engine, notation, othello_v0, symmetry
from othello_zoo.agents import AlphaBetaAgent, GreedyAgent, MCTSAgent, RandomAgent, make_agent
from othello_zoo.compat.alphazero import BatchedOthelloGame, OthelloGame
from othello_zoo.env.openings import load_book

START = "---------------------------OX------XO--------------------------- X"
FULL = "X" * 64 + " X"  # a finished board: no empty square
Case = tuple[str, Callable[[Any], object], type[Exception], str]


def raises(error: type[Exception], pattern: str, call: Callable[[], object]) -> None:
    with pytest.raises(error, match=pattern):
        call()


# -- the PettingZoo AEC env ------------------------------------------------------------------------
def aec_snapshot(env: Any) -> tuple[Any, ...]:
    """Everything a failed call must leave as it was, the next resets included (on copies)."""
    raw = env.unwrapped
    observations = tuple(
        (raw.observe(agent)["observation"].tobytes(), raw.observe(agent)["action_mask"].tobytes())
        for agent in raw.possible_agents
    )
    state = (
        observations,
        raw.agent_selection,
        dict(raw.rewards),
        dict(raw._cumulative_rewards),
        dict(raw.terminations),
        list(raw.agents),
        raw.history_text,
        str(raw.infos),
    )
    resets = []
    for seed in (None, 7):
        clone = copy.deepcopy(raw)
        clone.reset(seed=seed)
        resets.append(clone.history_text)
    return (*state, tuple(resets))


AEC_CASES: list[Case] = [
    ("action-str", lambda e: e.step("e3"), TypeError, r"got 'e3'"),
    ("action-none-live", lambda e: e.step(None), TypeError, r"got None"),
    ("action-float", lambda e: e.step(19.0), TypeError, r"got 19\.0"),
    ("action-nan", lambda e: e.step(math.nan), TypeError, r"got nan"),
    ("action-bool", lambda e: e.step(True), TypeError, r"got True"),
    ("action-out-of-range", lambda e: e.step(65), ValueError, r"action 65 for black_0 is outside 0..64"),
    ("action-negative", lambda e: e.step(np.int64(-1)), ValueError, r"action -1 .* outside 0..64"),
    ("action-illegal", lambda e: e.step(0), ValueError, r"action 0 for black_0 is illegal \(a1\)"),
    ("action-illegal-pass", lambda e: e.step(64), ValueError, r"action 64 for black_0 is illegal \(pass\)"),
    ("options-str", lambda e: e.reset(options="abc"), TypeError, r"options must be None or a dict, got 'abc'"),
    ("options-list", lambda e: e.reset(options=[1]), TypeError, r"options must be None or a dict, got \[1\]"),
    ("opening-bad-square", lambda e: e.reset(options={"opening": "f5z9"}), ValueError, r"z9"),
    ("opening-illegal", lambda e: e.reset(options={"opening": "f5f5"}), ValueError, r"move 2 \(f5\) is illegal"),
    ("opening-float", lambda e: e.reset(options={"opening": [37.0]}), TypeError, r"opening'\]\[0\] .* got 37\.0"),
    ("opening-number", lambda e: e.reset(options={"opening": 37}), TypeError, r"got 37"),
    ("position-short", lambda e: e.reset(options={"position": "X"}), ValueError, r"got 'X'"),
    ("position-type", lambda e: e.reset(options={"position": 5}), TypeError, r"got int"),
    ("position-size", lambda e: e.reset(options={"position": "-" * 36 + " X"}), ValueError, r"6x6"),
    ("both-options", lambda e: e.reset(options={"opening": "f5", "position": START}), ValueError, "not both"),
    ("seed-negative", lambda e: e.reset(seed=-1), ValueError, r"seed must be an int from 0 to 2\*\*64 - 1, got -1"),
    ("seed-float", lambda e: e.reset(seed=1.5), TypeError, r"seed must be an int from 0 to 2\*\*64 - 1, got 1\.5"),
    ("seed-str", lambda e: e.reset(seed="1"), TypeError, r"got '1'"),
    ("legal-moves-agent", lambda e: e.legal_moves("red_0"), ValueError, r"got 'red_0'"),
    ("set-state-type", lambda e: e.set_state(5), TypeError, r"got int"),
    ("set-state-text", lambda e: e.set_state("XO"), ValueError, r"got 'XO'"),
]


@pytest.mark.parametrize(("name", "call", "error", "pattern"), AEC_CASES, ids=[c[0] for c in AEC_CASES])
def test_raw_env__bad_input_raises_and_changes_nothing(
    name: str, call: Callable[[Any], object], error: type[Exception], pattern: str
) -> None:
    env = othello_v0.raw_env(opening_book=["f5d6", "f5f6", "f5f4", "c4c3"])
    env.reset(seed=3)
    before = aec_snapshot(env)
    rng_state = env.np_random.bit_generator.state
    with pytest.raises(error, match=pattern):
        call(env)
    assert env.np_random.bit_generator.state == rng_state
    assert aec_snapshot(env) == before


def test_raw_env__step_after_the_end_is_a_clear_error() -> None:
    env = othello_v0.raw_env()
    env.reset(options={"position": "-OX" + "X" * 61 + " X"})
    env.step(0)  # fills the board
    env.step(None)
    env.step(None)  # both agents done: the game is over
    assert env.agents == []
    raises(ValueError, r"step\(19\) after the game is over .* call reset\(\)", lambda: env.step(19))
    env2 = othello_v0.raw_env()
    env2.reset(options={"position": "-OX" + "X" * 61 + " X"})
    env2.step(0)
    raises(ValueError, r"white_0 is done: its step takes None, got 19", lambda: env2.step(19))


def test_env__wrapped_errors_come_from_pettingzoos_wrappers() -> None:
    # env() keeps PettingZoo's standard wrappers: stepping before reset fails their order check and an
    # out-of-range action their bounds check (both AssertionError); an illegal action ends the game.
    env = othello_v0.env()
    with pytest.raises(AssertionError, match=r"reset\(\) needs to be called before step"):
        env.step(19)
    env.reset(seed=0)
    with pytest.raises(AssertionError):
        env.step(65)
    env.step(0)
    assert env.unwrapped.rewards == {"black_0": -1.0, "white_0": 0.0}


# -- the Parallel env ------------------------------------------------------------------------------
def parallel_snapshot(env: Any) -> tuple[Any, ...]:
    observations = tuple((o["observation"].tobytes(), o["action_mask"].tobytes()) for o in env._observations().values())
    resets = []
    for seed in (None, 7):
        clone = copy.deepcopy(env)
        clone.reset(seed=seed)
        resets.append(clone.history_text)
    return observations, list(env.agents), env.history_text, env.board.to_text(), tuple(resets)


PARALLEL_CASES: list[Case] = [
    ("actions-not-dict", lambda e: e.step(19), TypeError, r"actions must be a dict .* got 19"),
    ("mover-missing", lambda e: e.step({"white_0": 64}), ValueError, r"for the agent to move, 'black_0'"),
    ("action-str", lambda e: e.step({"black_0": "e3", "white_0": 64}), TypeError, r"black_0 .* got 'e3'"),
    ("action-none", lambda e: e.step({"black_0": None, "white_0": 64}), TypeError, r"black_0 .* got None"),
    ("action-float", lambda e: e.step({"black_0": 19.5, "white_0": 64}), TypeError, r"got 19\.5"),
    ("options-str", lambda e: e.reset(options="abc"), TypeError, r"got 'abc'"),
    ("opening-illegal", lambda e: e.reset(options={"opening": "a1"}), ValueError, r"move 1 \(a1\) is illegal"),
    ("seed-negative", lambda e: e.reset(seed=-5), ValueError, r"got -5"),
    ("legal-moves-agent", lambda e: e.legal_moves(3), ValueError, r"got 3"),
]


@pytest.mark.parametrize("illegal_action", ["lose", "raise"])
@pytest.mark.parametrize(("name", "call", "error", "pattern"), PARALLEL_CASES, ids=[c[0] for c in PARALLEL_CASES])
def test_parallel_env__bad_input_raises_and_changes_nothing(
    name: str, call: Callable[[Any], object], error: type[Exception], pattern: str, illegal_action: str
) -> None:
    env = othello_v0.parallel_env(opening_book=["f5d6", "c4e3"], illegal_action=illegal_action)
    env.reset(seed=1)
    before = parallel_snapshot(env)
    with pytest.raises(error, match=pattern):
        call(env)
    assert parallel_snapshot(env) == before


def test_parallel_env__an_illegal_int_still_loses_in_lose_mode() -> None:
    env = othello_v0.parallel_env()
    env.reset(seed=0)
    _, rewards, terminations, _, _ = env.step({"black_0": 0, "white_0": 64})
    assert rewards == {"black_0": -1.0, "white_0": 0.0}
    assert all(terminations.values())
    raises(ValueError, r"the game is over: call reset\(\)", lambda: env.step({"black_0": 19}))


# -- the vector env --------------------------------------------------------------------------------
VECTOR_CASES: list[Case] = [
    ("seed-negative", lambda v: v.reset(seed=-1), ValueError, r"seed must be an int from 0 to 2\*\*64 - 1, got -1"),
    ("seed-float", lambda v: v.reset(seed=0.5), TypeError, r"got 0\.5"),
    ("options-str", lambda v: v.reset(options="abc"), TypeError, r"got 'abc'"),
    ("options-unknown", lambda v: v.reset(options={"positon": START}), ValueError, r"unknown keys \['positon'\]"),
    ("position-type", lambda v: v.reset(options={"position": 5}), TypeError, r"got 5"),
    ("position-count", lambda v: v.reset(options={"position": [START] * 2}), ValueError, r"one text or 3 .* got 2"),
    ("position-bad", lambda v: v.reset(options={"position": "X"}), ValueError, r"position 0: .* got 'X'"),
    ("mask-list", lambda v: v.reset(options={"reset_mask": [True] * 3}), TypeError, r"reset_mask.*got list"),
    ("actions-list", lambda v: v.step([19, 19, 19]), TypeError, r"actions must be a dict"),
    ("mover-actions-list", lambda v: v.step_movers([19, 19, 19]), TypeError, r"got list"),
    ("agent", lambda v: v.observation_space("red"), ValueError, r"got 'red'"),
]


@pytest.mark.parametrize(("name", "call", "error", "pattern"), VECTOR_CASES, ids=[c[0] for c in VECTOR_CASES])
def test_vector_env__bad_input_raises_and_changes_nothing(
    name: str, call: Callable[[Any], object], error: type[Exception], pattern: str
) -> None:
    vec = othello_v0.vector_env(3, opening_book="xot")
    vec.reset(seed=2)
    before = (engine.to_text(vec.state), vec.generator.get_state().clone(), vec._needs_reset.clone())
    with pytest.raises(error, match=pattern):
        call(vec)
    assert engine.to_text(vec.state) == before[0]
    assert torch.equal(vec.generator.get_state(), before[1])
    assert torch.equal(vec._needs_reset, before[2])


@pytest.mark.parametrize("mode", ["next_step", "same_step", "disabled"])
def test_vector_env__a_board_that_starts_finished_is_reported_once_then_reset(mode: str) -> None:
    vec = othello_v0.vector_env(2, autoreset_mode=mode)
    _, infos = vec.reset(options={"position": [FULL, START]})
    assert infos["scores"].tolist() == [[64, 0], [2, 2]]
    step = vec.step_movers(torch.tensor([64, 19]))  # board 0 is over: reported now, black (to move) won
    assert step.terminated.tolist() == [True, False]
    assert (step.reward.tolist(), step.opponent_reward.tolist()) == ([1.0, 0.0], [-1.0, 0.0])
    if mode == "same_step":
        assert engine.to_text(vec.state)[0] == START  # reset within the step that reported it
    step = vec.step_movers(torch.tensor([19 if mode == "same_step" else 64, 18]))
    assert step.reward.tolist() == [0.0, 0.0]  # reported once only
    if mode == "disabled":
        assert step.terminated.tolist() == [True, False]  # stays over, a no-op
        assert engine.to_text(vec.state)[0] == FULL
    else:
        assert step.terminated.tolist() == [False, False]
    if mode == "next_step":
        assert engine.to_text(vec.state)[0] == START  # reset at the step after the report


def test_vector_env__a_book_line_that_ends_the_game_is_reported_and_reset() -> None:
    # On 4 x 4, b1 c1 d1 a1 a3 pass d4 ends the game 9-1 for black, white to move.
    vec = othello_v0.vector_env(3, board_size=4, opening_book=["b1c1d1a1a3passd4"], opening_symmetries=False)
    _, infos = vec.reset(seed=0)
    assert infos["scores"].tolist() == [[9, 1]] * 3
    for _ in range(3):  # every step: reported once (white, to move, lost), then reset into the same line
        step = vec.step_movers(torch.full((3,), 16))
        assert step.terminated.tolist() == [True] * 3
        assert (step.reward.tolist(), step.opponent_reward.tolist()) == ([-1.0] * 3, [1.0] * 3)
        step = vec.step_movers(torch.full((3,), 16))  # the reset step (NEXT_STEP): no reward, not over
        assert (step.terminated.tolist(), step.reward.tolist()) == ([False] * 3, [0.0] * 3)


# -- constructors ----------------------------------------------------------------------------------
CONSTRUCTOR_CASES: list[tuple[str, Callable[[], object], type[Exception], str]] = [
    ("board-odd", lambda: othello_v0.env(board_size=7), ValueError, r"got 7"),
    ("board-str", lambda: othello_v0.raw_env(board_size="8"), TypeError, r"got '8'"),
    ("board-float", lambda: othello_v0.parallel_env(board_size=8.0), TypeError, r"got 8\.0"),
    ("device-name", lambda: othello_v0.raw_env(device="gpu"), ValueError, r"got 'gpu'"),
    ("device-int", lambda: othello_v0.raw_env(device=5), TypeError, r"got 5"),
    ("backend", lambda: othello_v0.raw_env(backend="fast"), ValueError, r"got 'fast'"),
    ("bitboard-large", lambda: othello_v0.raw_env(board_size=10, backend="bitboard"), ValueError, r"board_size=10"),
    ("render-mode", lambda: othello_v0.raw_env(render_mode="window"), ValueError, r"got 'window'"),
    ("reward-mode", lambda: othello_v0.raw_env(reward_mode="score"), ValueError, r"got 'score'"),
    ("symmetries", lambda: othello_v0.raw_env(opening_symmetries="yes"), TypeError, r"got 'yes'"),
    ("max-cycles", lambda: othello_v0.parallel_env(max_cycles=-2), ValueError, r"got -2"),
    ("illegal-action", lambda: othello_v0.parallel_env(illegal_action="ignore"), ValueError, r"got 'ignore'"),
    ("book-size", lambda: othello_v0.raw_env(board_size=6, opening_book="xot"), ValueError, r"board_size=6"),
    ("vector-num-envs", lambda: othello_v0.vector_env(0), ValueError, r"num_envs must be an int >= 1, got 0"),
    ("vector-num-float", lambda: othello_v0.vector_env(2.5), TypeError, r"got 2\.5"),
    ("vector-num-bool", lambda: othello_v0.vector_env(True), TypeError, r"got True"),
    ("vector-device", lambda: othello_v0.vector_env(2, device="tpu"), ValueError, r"got 'tpu'"),
    ("vector-autoreset", lambda: othello_v0.vector_env(2, autoreset_mode="sometimes"), ValueError, "sometimes"),
]
if not torch.cuda.is_available():
    CONSTRUCTOR_CASES.append(
        ("cuda-absent", lambda: othello_v0.vector_env(2, device="cuda"), ValueError, r"'cuda', but torch sees no CUDA")
    )


@pytest.mark.parametrize(("name", "call", "error", "pattern"), CONSTRUCTOR_CASES, ids=[c[0] for c in CONSTRUCTOR_CASES])
def test_constructors__bad_arguments_are_named(
    name: str, call: Callable[[], object], error: type[Exception], pattern: str
) -> None:
    raises(error, pattern, call)


# -- the engine, notation, symmetry ----------------------------------------------------------------
STATE = engine.init(3)
ENGINE_CASES: list[tuple[str, Callable[[], object], type[Exception], str]] = [
    ("init-batch", lambda: engine.init(0), ValueError, r"batch_size must be an int >= 1, got 0"),
    ("init-batch-float", lambda: engine.init(2.5), TypeError, r"got 2\.5"),
    ("init-device", lambda: engine.init(2, device="gpu"), ValueError, r"got 'gpu'"),
    ("text-device", lambda: engine.from_text([START], device="gpu"), ValueError, r"got 'gpu'"),
    ("init-size", lambda: engine.init(2, board_size=9), ValueError, r"got 9"),
    ("init-backend", lambda: engine.init(2, backend="gpu"), ValueError, r"got 'gpu'"),  # type: ignore[arg-type]
    ("index-numpy-range", lambda: STATE[np.int64(5)], IndexError, r"board 5 is out of range"),
    ("index-numpy-range-value", lambda: STATE[np.int64(-4)], ValueError, r"board -4 is out of range"),
    ("index-bool-length", lambda: STATE[[True, False]], ValueError, r"length 3 .* got 2"),
    ("index-float", lambda: STATE[1.0], TypeError, r"got 1\.0"),
    ("index-str", lambda: STATE["0"], TypeError, r"got '0'"),
    ("index-list-range", lambda: STATE[[0, 7]], IndexError, r"boards \[7\] are out of range"),
    ("index-float-tensor", lambda: STATE[torch.tensor([0.0])], TypeError, r"torch.float32"),
    ("observe-colour", lambda: engine.observe(STATE, 7), ValueError, r"got 7"),
    ("observe-colours", lambda: engine.observe(STATE, torch.tensor([0, 1, 2])), ValueError, r"got \[0, 1, 2\]"),
    ("observe-float", lambda: engine.observe(STATE, 0.5), TypeError, r"float32|got float"),
    (
        "sample-empty",
        lambda: engine.sample_actions(torch.zeros(2, 3, dtype=torch.bool), torch.Generator()),
        ValueError,
        r"rows \[0, 1\]",
    ),
    ("sample-dtype", lambda: engine.sample_actions(torch.zeros(2, 3), torch.Generator()), TypeError, r"torch.float32"),
    (
        "planes-both",
        lambda: engine.from_planes(torch.ones(1, 2, 16, dtype=torch.bool), torch.zeros(1, dtype=torch.int64), 4),
        ValueError,
        r"board 0 has a square in both planes",
    ),
    (
        "planes-player",
        lambda: engine.from_planes(torch.zeros(1, 2, 16, dtype=torch.bool), torch.tensor([2]), 4),
        ValueError,
        r"got \[2\]",
    ),
    (
        "planes-shape",
        lambda: engine.from_planes(torch.zeros(1, 2, 15, dtype=torch.bool), torch.tensor([0]), 4),
        ValueError,
        r"got \(1, 2, 15\)",
    ),
    ("text-length", lambda: engine.from_text(["XO X"]), ValueError, r"got 2"),
    ("step-list", lambda: engine.step(STATE, [19, 19, 19]), TypeError, r"got list"),  # type: ignore[arg-type]
    ("square-name", lambda: notation.square_to_index("z9"), ValueError, r"z9"),
    ("moves-text", lambda: notation.parse_moves("f5xx"), ValueError, r"xx"),
    ("board-size", lambda: notation.check_board_size(18), ValueError, r"got 18"),
    ("square-negative", lambda: symmetry.transform_square(-1, 8, 1), ValueError, r"square .* got -1"),
    ("square-large", lambda: symmetry.transform_square(65, 8, 1), ValueError, r"got 65"),
    ("symmetry-range", lambda: symmetry.transform_square(0, 8, 8), ValueError, r"got 8"),
    ("symmetry-bool", lambda: symmetry.transform_square(0, 8, True), TypeError, r"got True"),
]


@pytest.mark.parametrize(("name", "call", "error", "pattern"), ENGINE_CASES, ids=[c[0] for c in ENGINE_CASES])
def test_engine__bad_input_is_named(
    name: str, call: Callable[[], object], error: type[Exception], pattern: str
) -> None:
    before = engine.to_text(STATE)
    raises(error, pattern, call)
    assert engine.to_text(STATE) == before


def test_engine__numpy_ints_and_bool_lists_index_as_users_mean() -> None:
    state = engine.from_text([START, "-" * 27 + "OX------XXX" + "-" * 26 + " O", FULL])
    assert engine.to_text(state[np.int64(1)]) == engine.to_text(state[1])
    assert engine.to_text(state[torch.tensor(2)]) == [FULL]
    assert engine.to_text(state[[True, False, True]]) == [START, FULL]  # a mask, not the indices 1, 0, 1
    assert engine.to_text(state[np.array([2, 0])]) == [FULL, START]


# -- agents and the alpha-zero-general adapter ------------------------------------------------------
AGENT_CASES: list[tuple[str, Callable[[], object], type[Exception], str]] = [
    ("mcts-nan", lambda: MCTSAgent(simulations=math.nan), TypeError, r"simulations must be an int >= 1, got nan"),
    ("mcts-negative", lambda: MCTSAgent(simulations=-5), ValueError, r"got -5"),
    ("mcts-seconds-nan", lambda: MCTSAgent(seconds=math.nan), ValueError, r"seconds .* got nan"),
    ("mcts-seconds-zero", lambda: MCTSAgent(seconds=0), ValueError, r"seconds must be a finite number > 0, got 0"),
    ("mcts-c", lambda: MCTSAgent(c=-1.0), ValueError, r"c must be a finite number >= 0, got -1"),
    ("mcts-leaves", lambda: MCTSAgent(leaves_per_batch=0), ValueError, r"leaves_per_batch .* got 0"),
    ("mcts-seed", lambda: MCTSAgent(seed=-1), ValueError, r"seed .* got -1"),
    ("mcts-device", lambda: MCTSAgent(device="gpu"), ValueError, r"got 'gpu'"),
    (
        "alphabeta-depth-float",
        lambda: AlphaBetaAgent(depth=1.5),
        TypeError,
        r"depth must be an int from 1 to 12, got 1\.5",
    ),
    ("alphabeta-depth-zero", lambda: AlphaBetaAgent(depth=0), ValueError, r"got 0"),
    ("alphabeta-depth-huge", lambda: AlphaBetaAgent(depth=40), ValueError, r"got 40"),
    ("alphabeta-endgame", lambda: AlphaBetaAgent(endgame=-1), ValueError, r"endgame .* got -1"),
    ("random-seed", lambda: RandomAgent(seed="x"), TypeError, r"got 'x'"),
    ("make-name", lambda: make_agent("strong"), ValueError, r"got 'strong'"),
    ("make-greedy-options", lambda: make_agent("greedy", depth=3), TypeError, r"\['depth'\]"),
    ("act-keys", lambda: GreedyAgent().act({"obs": np.zeros((2, 8, 8))}), ValueError, r"got keys \['obs'\]"),
    (
        "act-mask",
        lambda: GreedyAgent().act({"observation": np.zeros((2, 8, 8)), "action_mask": np.zeros(65)}),
        ValueError,
        r"must hold only 0 and 1|mask",
    ),
]


@pytest.mark.parametrize(("name", "call", "error", "pattern"), AGENT_CASES, ids=[c[0] for c in AGENT_CASES])
def test_agents__budgets_and_inputs_are_checked_when_built(
    name: str, call: Callable[[], object], error: type[Exception], pattern: str
) -> None:
    raises(error, pattern, call)


def test_alphazero__float_actions_and_bad_players_are_refused() -> None:
    game = BatchedOthelloGame(6)
    boards = game.init_boards(2)
    raises(
        TypeError,
        r"actions must be integers, got dtype torch.float32",
        lambda: game.next_states(boards, 1, torch.tensor([8.0, 8.9])),
    )
    single = OthelloGame(6)
    board = single.getInitBoard()
    raises(ValueError, r"player must be 1 or -1, got 2", lambda: single.getNextState(board, 2, 8))
    raises(TypeError, r"action must be an int from 0 to 36, got True", lambda: single.getNextState(board, 1, True))
    raises(TypeError, r"got 8\.0", lambda: single.getNextState(board, 1, 8.0))


# -- opening books ---------------------------------------------------------------------------------
def test_books__files_that_are_not_utf8_text_are_named(tmp_path: Path) -> None:
    utf16 = tmp_path / "utf16.txt"
    utf16.write_text("f5d6\n", encoding="utf-16")
    raises(ValueError, re.escape(repr(str(utf16))) + r" is not UTF-8 text \(UTF-16\?\)", lambda: load_book(utf16))
    latin = tmp_path / "latin.txt"
    latin.write_bytes(b"f5d6\n# caf\xe9\n")
    raises(
        ValueError, re.escape(repr(str(latin))) + r" is not UTF-8 text: a bad byte on line 2", lambda: load_book(latin)
    )
    raises(ValueError, r"is a directory", lambda: load_book(tmp_path))
    raises(FileNotFoundError, r"not found: .*missing\.txt", lambda: load_book(tmp_path / "missing.txt"))
    raises(ValueError, r"not found: .*missing\.txt", lambda: load_book(tmp_path / "missing.txt"))
    bom = tmp_path / "bom.txt"
    bom.write_bytes(b"\xef\xbb\xbff5d6c3\n")
    assert load_book(bom).openings == ((37, 43, 18),)  # a byte-order mark does not break line 1
    raises(TypeError, r"move strings", lambda: load_book(["f5", 3]))  # type: ignore[list-item]
    raises(ValueError, r"<sequence>, line 2: move 1 \(a1\) is illegal", lambda: load_book(["f5", "a1"]))


@pytest.mark.parametrize("make", [lambda: othello_v0.env(), lambda: othello_v0.vector_env(2)])
def test_seeds__at_most_2_64_minus_1_and_the_env_unchanged(make: object) -> None:
    env = make()  # type: ignore[operator]
    env.reset(seed=2**64 - 1)  # the largest seed works
    before = engine.to_text(env.unwrapped.get_state() if hasattr(env, "unwrapped") else env.state)
    with pytest.raises(ValueError, match=r"seed must be an int from 0 to 2\*\*64 - 1, got 18446744073709551616"):
        env.reset(seed=2**64)
    after = engine.to_text(env.unwrapped.get_state() if hasattr(env, "unwrapped") else env.state)
    assert after == before  # the position is as it was


def test_raw_env__observe_names_the_agents() -> None:
    env = othello_v0.raw_env()
    env.reset(seed=0)
    with pytest.raises(ValueError, match="agent must be one of 'black_0', 'white_0', got 'x'"):
        env.observe("x")
    assert env.observe("black_0")["action_mask"].sum() == 4


def test_agent__act_takes_a_board_or_an_observation() -> None:
    with pytest.raises(TypeError, match=r"expected a Board .*got 'abc' \(str\)"):
        make_agent("greedy").act("abc")
