"""The fused mover step (othello_zoo.env.fused, vector_env(compile=True)): the eager env's games exactly.

The fused function is checked against the vector env's eager path in every configuration run op by op (cheap), and
compiled by torch.compile in a few (a compilation takes 10-30 s on 2 cores): every board, every ply, every output.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Iterator

import pytest
import torch
from torch._dynamo.utils import counters

from othello_zoo import engine, othello_v0
from othello_zoo.alphazero.network import PolicyValueNet
from othello_zoo.env import fused as fused_module
from othello_zoo.env import vector as vector_module
from othello_zoo.env.fused import COMPILE_TIMES, FusedSpec, FusedStep, fused_step
from othello_zoo.runtime import compiler as compiler_module
from othello_zoo.search import BatchedSearch, SearchConfig

NEAR_END = "-OXXXXXX" + "-" * 56 + " O"  # white must pass, then black a1 ends the game 8-0


def _same(eager: engine.State, fused: engine.State) -> None:
    for field in ("discs", "moves", "current_player", "terminated", "forfeited"):
        assert torch.equal(getattr(eager, field), getattr(fused, field)), field


def _assert_same(x: object, y: object, where: str) -> None:
    """The same tensors (dtype, shape, values) in the same nested dicts and tuples."""
    if isinstance(x, dict):
        assert isinstance(y, dict), where
        assert x.keys() == y.keys(), where
        for key in x:
            _assert_same(x[key], y[key], f"{where}[{key!r}]")
    elif isinstance(x, tuple):
        assert isinstance(y, tuple), where
        assert len(x) == len(y), where
        for i, (a, b) in enumerate(zip(x, y, strict=True)):
            _assert_same(a, b, f"{where}[{i}]")
    else:
        assert isinstance(x, torch.Tensor), where
        assert isinstance(y, torch.Tensor), where
        assert (x.dtype, x.shape) == (y.dtype, y.shape), where
        assert torch.equal(x, y), where


@contextlib.contextmanager
def _op_by_op() -> Iterator[None]:
    """Every fused step a ``compile=True`` env builds inside runs its function op by op (``FusedStep(...,
    compile=False)``), and nothing compiles: a compilation in the quick group costs 10-80 s with inductor's cache
    cold (a fresh machine's), and had crept in unseen when the env's key of its steps changed."""
    graphs = counters["stats"]["unique_graphs"]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(vector_module, "FusedStep", functools.partial(FusedStep, compile=False))
        yield
    assert counters["stats"]["unique_graphs"] == graphs, "a graph was compiled in an op-by-op test"


def _lockstep(
    plies: int,
    boards: int,
    compiled: bool,
    random: bool,
    device: str = "cpu",
    dict_step: bool = False,
    **settings: object,
) -> tuple[int, int]:
    """Plays ``plies`` steps of ``boards`` games on an eager env and a fused one (compiled or run op by op) from the
    same seeds, comparing every output and the state after each step; ``dict_step``: through the per-agent
    ``step`` (given actions). Returns (boards that ended, forfeits)."""
    with contextlib.nullcontext() if compiled else _op_by_op():  # op by op: the same function, not compiled
        return _play_lockstep(plies, boards, random, device, dict_step, **settings)


def _play_lockstep(
    plies: int, boards: int, random: bool, device: str, dict_step: bool, **settings: object
) -> tuple[int, int]:
    eager = othello_v0.vector_env(boards, device=device, **settings)  # type: ignore[arg-type]
    fused = othello_v0.vector_env(boards, device=device, compile=True, **settings)  # type: ignore[arg-type]
    eager.reset(seed=3)
    fused.reset(seed=3)
    g_eager = torch.Generator(device=device).manual_seed(11)
    g_fused = torch.Generator(device=device).manual_seed(11)
    actions_rng = torch.Generator(device=device).manual_seed(5)
    ended = forfeits = 0
    n = eager.board_size
    for ply in range(plies):
        if dict_step:  # the mover's action, and a stray one for the waiting agent (ignored)
            legal = engine.random_actions(eager.state, actions_rng)
            wild = torch.randint(0, n * n + 1, (boards,), generator=actions_rng, device=device)
            pick = torch.rand(boards, generator=actions_rng, device=device) < 0.02
            movers = torch.where(pick, wild, legal)
            black = eager.state.current_player == 0
            actions = {"black_0": torch.where(black, movers, wild), "white_0": torch.where(black, wild, movers)}
            x, y = eager.step(actions), fused.step(actions)
            _assert_same(x, y, f"ply {ply}")
            _same(eager.state, fused.state)
            ended += int(x[2]["black_0"].sum())
            lost = torch.where(black, x[1]["black_0"], x[1]["white_0"]) == -1.0  # the mover's loss: an illegal action
            forfeits += int((lost & (torch.where(black, x[1]["white_0"], x[1]["black_0"]) == 0.0)).sum())
            continue
        if random:
            a, b = eager.step_movers_random(g_eager), fused.step_movers_random(g_fused)
        else:  # legal moves mostly, an illegal square now and then (a forfeit under "lose")
            legal = engine.random_actions(eager.state, actions_rng)
            wild = torch.randint(0, n * n + 1, (boards,), generator=actions_rng, device=device)
            pick = torch.rand(boards, generator=actions_rng, device=device) < 0.02
            actions = torch.where(pick, wild, legal)
            a, b = eager.step_movers(actions), fused.step_movers(actions)
        for name in ("observation", "action_mask", "reward", "opponent_reward", "terminated", "truncated"):
            x, y = getattr(a, name), getattr(b, name)
            assert x.dtype == y.dtype, (ply, name)
            assert x.shape == y.shape, (ply, name)
            assert torch.equal(x, y), (ply, name)
        assert a.info.keys() == b.info.keys()
        for key in ("_final_obs", "final_scores"):
            if key in a.info:
                assert torch.equal(a.info[key], b.info[key]), (ply, key)
        if "final_rewards" in a.info:
            for agent in ("black_0", "white_0"):
                assert torch.equal(a.info["final_rewards"][agent], b.info["final_rewards"][agent])
        _same(eager.state, fused.state)
        assert torch.equal(eager._needs_reset, fused._needs_reset)
        assert torch.equal(eager._unreported, fused._unreported)
        ended += int(a.terminated.sum())
        forfeits += int(((a.reward == -1.0) & (a.opponent_reward == 0.0)).sum())  # a loss for an illegal action
    return ended, forfeits


@pytest.mark.parametrize("autoreset", ["next_step", "same_step", "disabled"])
@pytest.mark.parametrize("book", [None, "xot"])
def test_fused_function__plays_the_eager_games_in_every_autoreset_mode(autoreset: str, book: str | None) -> None:
    ended, _ = _lockstep(90, 48, compiled=False, random=True, autoreset_mode=autoreset, opening_book=book)
    assert ended >= 20  # whole games end (and start over) within the run


@pytest.mark.parametrize(
    ("n", "settings"),
    [
        (6, {"random": True, "autoreset_mode": "next_step"}),
        (10, {"random": True, "autoreset_mode": "same_step"}),
        (12, {"random": False, "reward_mode": "margin", "illegal_action": "lose"}),
        (16, {"random": False, "dict_step": True, "illegal_action": "lose", "autoreset_mode": "same_step"}),
    ],
)
def test_fused_function__plays_the_conv_kernels_boards_of_every_size(n: int, settings: dict[str, object]) -> None:
    """The conv kernel's planes through the wide words (FusedSpec's planes): the eager env's games, long enough
    for whole games on 10 x 10 and 6 x 6; the next states' rays are left to be found (and found by engine.step)."""
    plies = {6: 60, 10: 110, 12: 40, 16: 24}[n]
    ended, forfeits = _lockstep(plies, 24, compiled=False, board_size=n, backend="conv", **settings)  # type: ignore[arg-type]
    if n in (6, 10):
        assert ended >= 10
    if settings.get("illegal_action") == "lose":
        assert forfeits >= 1


def test_fused_state__its_rays_are_found_where_the_engine_needs_them() -> None:
    """A compiled-form step leaves a conv state's rays unfound ((B, 0)); engine.step, where, put and cat take such
    a state, alone or beside one whose rays are found, and play the same games."""
    env = othello_v0.vector_env(3, board_size=10, compile=True)
    env.reset(seed=1)
    with _op_by_op():
        env.step_movers_random()
    assert env.state.rays.shape == (3, 0)
    found = engine.from_text(engine.to_text(env.state), backend="conv")
    assert found.rays.shape == (3, 100)
    actions = engine.random_actions(found, torch.Generator().manual_seed(0))
    _same(engine.step(found, actions), engine.step(env.state, actions))
    mixed = engine.where(torch.tensor([True, False, True]), env.state, found)
    assert mixed.rays.shape == (3, 0)
    _same(engine.step(mixed, actions), engine.step(found, actions))
    both = engine.cat([found, env.state])
    assert both.rays.shape == (6, 0)
    _same(engine.step(both, actions.repeat(2)), engine.cat([engine.step(found, actions)] * 2))
    put = engine.put(found, torch.tensor([0]), env.state[1])
    assert put.rays.shape == (3, 0)
    _same(
        engine.step(put, actions, illegal_action="lose"), engine.step(found[[1, 1, 2]], actions, illegal_action="lose")
    )
    # A search stores its roots' fields in its tree: it finds the rays first (engine.with_rays).
    net = PolicyValueNet(10, channels=8, blocks=1)
    config = SearchConfig(simulations=6, reuse=True)
    ran = [BatchedSearch(net.evaluator(), config).run(s, torch.Generator().manual_seed(2)) for s in (found, env.state)]
    assert torch.equal(ran[0].visits, ran[1].visits)
    assert ran[1].visits.sum().item() == 18
    assert engine.with_rays(env.state).rays.shape == (3, 100)
    assert engine.with_rays(found) is found


def test_fused_planes__the_views_made_in_the_step_are_the_hosts() -> None:
    """With ``observe`` (a GPU's way) the planes spec makes the next movers' views in the step; they are those the
    host unpacks from its words (the CPU's way), every ply of 10 x 10 games."""
    state = engine.init(16, 10)
    start = engine.init(1, 10)
    flags, index = torch.zeros(16, dtype=torch.bool), torch.zeros(16, dtype=torch.int64)
    made, host = (
        FusedStep(FusedSpec(board_size=10, observe=observe, planes=True), torch.device("cpu"), compile=False)
        for observe in (True, False)
    )
    generator = torch.Generator().manual_seed(0)
    for _ in range(40):
        uniform = torch.rand(16, generator=generator)
        a = made.run(state, flags, flags, start, index, uniform=uniform)
        b = host.run(state, flags, flags, start, index, uniform=uniform)
        state = host.next_state(state, b)
        for x, y in zip(made.views(a), host.views(b), strict=True):
            assert x.dtype == y.dtype
            assert torch.equal(x, y)
    assert engine.mover_view(state)[0].shape == (16, 2, 10, 10)
    assert torch.equal(host.views(b)[0], engine.mover_view(engine.with_rays(state))[0])


def test_fused_step__refuses_a_state_of_the_other_kernel() -> None:
    planes = FusedStep(FusedSpec(board_size=8, planes=True), torch.device("cpu"), compile=False)
    words = FusedStep(FusedSpec(board_size=8), torch.device("cpu"), compile=False)
    flags, index = torch.zeros(2, dtype=torch.bool), torch.zeros(2, dtype=torch.int64)
    with pytest.raises(ValueError, match="plays the conv kernel's planes; got a state of the 'bitboard' kernel"):
        planes.run(engine.init(2, 8), flags, flags, engine.init(1, 8), index, uniform=torch.rand(2))
    with pytest.raises(ValueError, match="plays the bitboard kernel's words; got a state of the 'conv' kernel"):
        words.run(engine.init(2, 8, backend="conv"), flags, flags, engine.init(1, 8), index, uniform=torch.rand(2))


def test_fused_state__a_write_into_its_planes_is_read_at_the_next_step() -> None:
    """The step keeps the words of the planes it made; a write into those planes (their version counter) makes it
    pack them again: the next step is the one from a copy of the written state."""
    envs = [othello_v0.vector_env(3, board_size=10, illegal_action="lose", compile=True) for _ in range(2)]
    for env in envs:
        env.reset(seed=0)
    actions = engine.random_actions(envs[0].state, torch.Generator().manual_seed(0))
    with _op_by_op():
        for env in envs:
            env.step_movers(actions)
        envs[0].state.discs[:, 1, 40:50] = False  # the opponent's discs of row 5 taken off, in place
        envs[1].state = engine.clone(envs[0].state)  # the same boards in new tensors (nothing kept for them)
        actions = engine.random_actions(envs[1].state, torch.Generator().manual_seed(1))
        a, b = (env.step_movers(actions) for env in envs)
    _same(envs[1].state, envs[0].state)
    assert torch.equal(a.observation, b.observation)
    assert int(envs[0].state.discs.sum()) > 0


@pytest.mark.parametrize("n", [4, 6, 8])
@pytest.mark.parametrize("reward_mode", ["outcome", "margin"])
def test_fused_function__given_actions_and_forfeits_on_every_size(n: int, reward_mode: str) -> None:
    ended, forfeits = _lockstep(
        60, 40, compiled=False, random=False, board_size=n, reward_mode=reward_mode, illegal_action="lose"
    )
    assert ended >= 10
    assert forfeits >= 1  # illegal actions were played and lost


@pytest.mark.parametrize("autoreset", ["next_step", "same_step", "disabled"])
@pytest.mark.parametrize("book", [None, "xot"])
def test_fused_function__the_per_agent_step_plays_the_eager_games(autoreset: str, book: str | None) -> None:
    """``step(actions_dict)`` with ``compile=True``: the observations of both agents, rewards, flags and infos (the
    final observations of ``same_step`` included) of the eager env, stray actions of the waiting agent ignored."""
    ended, forfeits = _lockstep(
        80,
        40,
        compiled=False,
        random=False,
        dict_step=True,
        autoreset_mode=autoreset,
        opening_book=book,
        illegal_action="lose",
        reward_mode="margin" if book else "outcome",
    )
    assert ended >= 10
    assert forfeits >= 1


@pytest.mark.compiles
def test_compiled__the_per_agent_step_with_same_step_autoreset_is_the_eager_games() -> None:
    ended, forfeits = _lockstep(
        90, 64, compiled=True, random=False, dict_step=True, autoreset_mode="same_step", illegal_action="lose"
    )
    assert ended >= 20
    assert forfeits >= 1
    assert FusedSpec(random=False, observe=False, autoreset="same_step", colours=True) in COMPILE_TIMES


@pytest.mark.compiles
def test_compiled__random_play_with_autoreset_is_the_eager_games() -> None:
    """torch.compile's loop (C++ on the CPU) against the eager engine: 256 boards, 130 plies, whole games."""
    ended, _ = _lockstep(130, 256, compiled=True, random=True, illegal_action="lose")
    assert ended >= 256
    assert FusedSpec(random=True, observe=False) in COMPILE_TIMES


@pytest.mark.compiles
def test_compiled__given_actions_book_and_same_step_on_6x6() -> None:
    ended, forfeits = _lockstep(
        70, 96, compiled=True, random=False, board_size=6, autoreset_mode="same_step", illegal_action="lose"
    )
    assert ended >= 40
    assert forfeits >= 1


def test_compiled__one_compilation_serves_every_batch_size() -> None:
    """After the first call, other batch sizes run the same graph (dynamo compiles no other) and the games still
    match the eager env's."""
    from torch._dynamo.utils import counters

    _lockstep(3, 256, compiled=True, random=True, illegal_action="lose")
    graphs = counters["stats"]["unique_graphs"]
    assert graphs >= 1  # the counter counts compilations (at least this spec's, in this process)
    for boards in (3, 1000, 2, 77):
        _lockstep(3, boards, compiled=True, random=True, illegal_action="lose")
    assert counters["stats"]["unique_graphs"] == graphs
    assert FusedSpec(random=True, observe=False) in COMPILE_TIMES


@pytest.mark.slow
def test_compiled__the_conv_kernels_10x10_boards() -> None:
    """Compiled by inductor (a minute or two cold on 2 cores): whole 10 x 10 games on the wide words, the eager
    env's in every output."""
    ended, forfeits = _lockstep(
        110, 64, compiled=True, random=False, board_size=10, autoreset_mode="same_step", illegal_action="lose"
    )
    assert ended >= 20
    assert forfeits >= 1


@pytest.mark.compiles
def test_compiled__an_illegal_action_raises_and_changes_nothing() -> None:
    env = othello_v0.vector_env(4, compile=True, opening_book="xot")  # illegal_action="raise"
    env.reset(seed=0)
    env.step_movers(engine.random_actions(env.state, torch.Generator().manual_seed(0)))
    state, generator = env.state, env.generator.get_state()
    actions = engine.random_actions(env.state, torch.Generator().manual_seed(1))
    actions[2] = 0  # a1: never legal this early
    with pytest.raises(ValueError, match=r"illegal action on 1 board\(s\).*board 2: action 0 \(a1\)"):
        env.step_movers(actions)
    assert env.state is state
    assert torch.equal(env.generator.get_state(), generator)


def test_compiled__a_forced_pass_and_the_end_of_a_game() -> None:
    env = othello_v0.vector_env(2, compile=True, illegal_action="lose")
    env.reset(options={"position": NEAR_END})
    step = env.step_movers(torch.tensor([64, 64]))  # white passes
    assert step.action_mask[:, 0].tolist() == [True, True]
    assert step.action_mask.sum(1).tolist() == [1, 1]
    step = env.step_movers(torch.tensor([0, 0]))  # black a1: 8-0
    assert step.terminated.tolist() == [True, True]
    assert step.reward.tolist() == [1.0, 1.0]
    assert step.opponent_reward.tolist() == [-1.0, -1.0]
    assert engine.scores(env.state).tolist() == [[8, 0], [8, 0]]


def test_compile_flag__bad_values_are_refused_and_every_kernel_compiles() -> None:
    with pytest.raises(TypeError, match="compile must be True, False or 'auto', got 'yes'"):
        othello_v0.vector_env(4, compile="yes")
    with pytest.raises(ValueError, match="boards of size 4, 6 or 8"):
        FusedSpec(board_size=10)  # the bitboard kernel's words: one a side
    with pytest.raises(ValueError, match="board_size must be even and from 4 to 16, got 18"):
        FusedSpec(board_size=18, planes=True)
    with pytest.raises(ValueError, match="autoreset must be"):
        FusedSpec(autoreset="NextStep")  # type: ignore[arg-type]
    env = othello_v0.vector_env(4, compile=True)
    with pytest.raises(TypeError, match=r"generator must be a torch\.Generator"):
        env.step_movers_random(generator=3)  # type: ignore[arg-type]


def test_step_movers_random__eager_is_step_movers_of_random_actions() -> None:
    """Without compile, step_movers_random is step_movers(engine.random_actions(env.state, generator))."""
    a, b = othello_v0.vector_env(32, opening_book="xot"), othello_v0.vector_env(32, opening_book="xot")
    a.reset(seed=1)
    b.reset(seed=1)
    ga, gb = torch.Generator().manual_seed(2), torch.Generator().manual_seed(2)
    for _ in range(40):
        x = a.step_movers_random(ga)
        y = b.step_movers(engine.random_actions(b.state, gb))
        assert torch.equal(x.observation, y.observation)
        assert torch.equal(x.reward, y.reward)
    _same(a.state, b.state)


@pytest.mark.compiles
def test_compiled__on_the_device_under_test(device: str, on_device: torch.device) -> None:
    """The compiled step on the device given to --device (CI: cpu:0; a GPU run: Triton's loop)."""
    ended, _ = _lockstep(70, 64, compiled=True, random=True, device=device, illegal_action="lose")
    assert ended >= 1


def test_fused_function__a_single_board() -> None:
    ended, _ = _lockstep(130, 1, compiled=False, random=True, opening_book="xot")
    assert ended >= 1


@pytest.mark.compiles
def test_bench__compiled_rows_with_compile_time_and_crossover(capsys: pytest.CaptureFixture[str]) -> None:
    from othello_zoo.cli.bench import main

    rows = "vector,vector-compiled,vector-dict,vector-dict-compiled,bitboard-compiled"
    argv = ["bench", "--backends", rows, "--batch-sizes", "2,64"]
    assert main([*argv[1:], "--seconds", "0.01", "--repeats", "1", "--threads", "1", "--devices", "cpu"]) == 0
    out = capsys.readouterr().out
    for row in ("vector-compiled", "vector-dict-compiled", "bitboard-compiled"):
        assert any(line.startswith(f"cpu    {row} ") for line in out.splitlines()), row
    assert "compilation (first call, this process" in out
    assert "8x8, autoreset same_step, random actions" in out  # the bitboard-compiled row's function
    assert "8x8, autoreset next_step, given actions" in out  # the vector-dict-compiled row's
    assert "vector-compiled pays against vector on cpu" in out
    assert "vector-dict-compiled pays against vector-dict on cpu" in out
    assert "(measured at [2, 64])" in out


def test_bench__the_one_word_rows_are_left_out_above_8x8(capsys: pytest.CaptureFixture[str]) -> None:
    from othello_zoo.cli.bench import main

    argv = ["--board-size", "10", "--backends", "conv,bitboard-compiled", "--batch-sizes", "4", "--seconds", "0.01"]
    assert main([*argv, "--repeats", "1", "--threads", "1", "--devices", "cpu"]) == 0
    captured = capsys.readouterr()
    assert "left out bitboard-compiled: the fused step plays boards of size 4, 6 or 8" in captured.err


def test_compile_auto__compiles_every_kernel_and_steps_eagerly_without_a_compiler(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    wide = othello_v0.vector_env(4, board_size=10, compile="auto")  # every kernel compiles now
    assert wide.compile is True
    assert wide.compile_reason == "compile='auto': compiled on cpu (the conv kernel's 10x10 boards, a compiler found)"
    monkeypatch.setattr(compiler_module, "compiler_missing", lambda device: "no C++ compiler found (install g++)")
    bare = othello_v0.vector_env(4, compile="auto")
    assert bare.compile is False
    assert bare.compile_reason == "compile='auto': stepping eagerly: no C++ compiler found (install g++)"
    assert othello_v0.vector_env(4, compile=False).compile_reason is None


def test_compile_auto__a_failed_compilation_warns_once_and_steps_eagerly_the_same_games(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The compiler fails at the first step: one line said it was compiling, one warning names the failure, and
    every step (that one included) is the eager env's, the generator's draws too."""

    def failing(*args: object) -> None:
        raise torch._dynamo.exc.BackendCompilerFailed(failing, RuntimeError("no C++ compiler found"), None)

    monkeypatch.setattr(fused_module, "compiled_step", lambda spec, device: failing)
    monkeypatch.setattr(fused_module, "_TRACED", set())
    auto = othello_v0.vector_env(6, opening_book="xot", compile="auto")
    eager = othello_v0.vector_env(6, opening_book="xot")
    assert auto.compile is True
    auto.reset(seed=4)
    eager.reset(seed=4)
    with pytest.warns(UserWarning, match="compile='auto': stepping eagerly, the step could not be compiled"):
        first = auto.step_movers_random()
    assert "othello_zoo: compiling the vector env's step (8x8, random actions, on cpu)" in capsys.readouterr().err
    assert auto.compile is False
    assert auto.compile_reason is not None
    assert "could not be compiled" in auto.compile_reason
    _assert_same(tuple(first[:6]), tuple(eager.step_movers_random()[:6]), "first step")
    for ply in range(30):
        _assert_same(tuple(auto.step_movers_random()[:6]), tuple(eager.step_movers_random()[:6]), f"ply {ply}")
    _same(eager.state, auto.state)


def test_compile_auto__compiles_with_a_line_on_standard_error_and_plays_the_eager_games(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A compiler that works (the function run op by op stands for inductor's): the line, then the games."""
    monkeypatch.setattr(fused_module, "compiled_step", lambda spec, device: functools.partial(fused_step, spec))
    monkeypatch.setattr(fused_module, "_TRACED", set())
    auto = othello_v0.vector_env(5, compile="auto")
    assert auto.compile is True
    assert auto.compile_reason == "compile='auto': compiled on cpu (the bitboard kernel's 8x8 boards, a compiler found)"
    eager = othello_v0.vector_env(5)
    auto.reset(seed=2)
    eager.reset(seed=2)
    actions = torch.Generator().manual_seed(3)
    for ply in range(40):
        moves = engine.random_actions(eager.state, actions)
        _assert_same(tuple(auto.step_movers(moves)[:6]), tuple(eager.step_movers(moves)[:6]), f"ply {ply}")
    err = capsys.readouterr().err
    assert err.count("othello_zoo: compiling the vector env's step") == 1  # once: the function is ready since
    assert "(8x8, given actions, on cpu)" in err


@pytest.mark.compiles
@pytest.mark.parametrize("board_size", [8, 6])
def test_compiled__random_actions_are_the_mask_draws_of_each_agent(board_size: int) -> None:
    """The compiled env's ``random_actions`` (one generated loop) against drawing from each agent's mask with a
    generator seeded alike, over whole games of the compiled per-agent step (forfeits at the first step)."""
    env = othello_v0.vector_env(64, board_size=board_size, illegal_action="lose", compile=True)
    observations, _ = env.reset(seed=1)
    g_env, g_masks = torch.Generator().manual_seed(2), torch.Generator().manual_seed(2)
    ended = 0
    for turn in range(90):
        actions = env.random_actions(g_env)
        for agent in env.agents:
            assert torch.equal(actions[agent], engine.sample_actions(observations[agent]["action_mask"], g_masks))
        assert torch.equal(g_env.get_state(), g_masks.get_state())
        if turn == 0:
            actions = {agent: torch.where(torch.arange(64) < 2, 0, drawn) for agent, drawn in actions.items()}
        observations, _, terminations, _, _ = env.step(actions)
        ended += int(terminations["black_0"].sum())
    assert ended >= 64
    assert fused_module.is_traced((("colour_draws", board_size), "cpu"))


def test_compile_auto__draws_that_fail_to_compile_fall_back_in_every_env(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Draws whose compilation fails under ``compile="auto"``: a line, a warning, and the eager draws (the mask draws'
    actions); a second env of the process tries again and falls back the same way, never raising. Where they compile
    (the function run op by op stands for inductor's), the same actions."""

    def failing(*args: object) -> None:
        raise torch._dynamo.exc.BackendCompilerFailed(failing, RuntimeError("no C++ compiler found"), None)

    monkeypatch.setattr(vector_module, "compiled_draws", lambda board_size, device: failing)
    monkeypatch.setattr(fused_module, "_TRACED", set())
    for attempt in range(2):
        env = othello_v0.vector_env(5, compile="auto")
        observations, _ = env.reset(seed=attempt)
        g_env, g_masks = torch.Generator().manual_seed(7), torch.Generator().manual_seed(7)
        with pytest.warns(UserWarning, match="compile='auto': stepping eagerly, the draws could not be compiled"):
            actions = env.random_actions(g_env)
        assert "othello_zoo: compiling the vector env's random actions (8x8, on cpu)" in capsys.readouterr().err
        assert env.compile is False
        for agent in env.agents:
            assert torch.equal(actions[agent], engine.sample_actions(observations[agent]["action_mask"], g_masks))

    draws = functools.partial(fused_module.colour_draws, null=36)
    monkeypatch.setattr(vector_module, "compiled_draws", lambda board_size, device: draws)
    monkeypatch.setattr(fused_module, "compiled_step", lambda spec, device: functools.partial(fused_step, spec))
    env = othello_v0.vector_env(6, board_size=6, compile="auto")
    observations, _ = env.reset(seed=3)
    g_env, g_masks = torch.Generator().manual_seed(8), torch.Generator().manual_seed(8)
    for _ in range(40):
        actions = env.random_actions(g_env)
        for agent in env.agents:
            assert torch.equal(actions[agent], engine.sample_actions(observations[agent]["action_mask"], g_masks))
        observations = env.step({agent: drawn.clone() for agent, drawn in actions.items()})[0]
    assert fused_module.is_traced((("colour_draws", 6), "cpu"))
