"""The Gymnasium vector env compiled (``OthelloGymVectorEnv(..., compile=True)``, ``othello_zoo.gym.fused``): the
eager env's games exactly, every board, every step, every output and every draw of the generator.

Most runs play the compiled step's function op by op (the same function, no compiler), which checks the rules of
the fused step in seconds; two runs compile it with torch.compile, in the slow group (a compilation takes one to
two minutes on 2 cores with inductor's cache on disk cold, then the cache serves it).
"""

from __future__ import annotations

import functools
from collections import Counter
from typing import Any

import gymnasium
import numpy as np
import pytest
import torch

import othello_zoo
from othello_zoo import engine
from othello_zoo.env import fused as env_fused
from othello_zoo.gym import OthelloGymVectorEnv
from othello_zoo.gym import fused as gym_fused
from othello_zoo.gym.fused import PASS_ROUNDS, LearnerSpec, LearnerStep, learner_step
from othello_zoo.runtime import compiler as compiler_module


@pytest.fixture
def op_by_op(monkeypatch: pytest.MonkeyPatch) -> None:
    """The compiled step's function run op by op (as if inductor had compiled it)."""
    monkeypatch.setattr(gym_fused, "_compiled", lambda spec, device: functools.partial(learner_step, spec))
    monkeypatch.setattr(env_fused, "_TRACED", set())


def assert_same(got: Any, want: Any, where: str) -> None:
    """Tensors, tuples and dicts (the infos, ``final_info`` inside them) equal in value, dtype and shape."""
    if isinstance(want, torch.Tensor):
        assert isinstance(got, torch.Tensor), where
        assert got.dtype == want.dtype, where
        assert torch.equal(got, want), where
    elif isinstance(want, dict):
        assert sorted(got) == sorted(want), where
        for key in want:
            assert_same(got[key], want[key], f"{where}, {key}")
    elif isinstance(want, tuple):
        assert len(got) == len(want), where
        for index, (a, b) in enumerate(zip(got, want, strict=True)):
            assert_same(a, b, f"{where}, output {index}")
    else:
        assert got == want, where


def lockstep(steps: int, count: int, seed: int, illegal_every: int = 0, **settings: Any) -> Counter[str]:
    """A compiled env and an eager one stepped side by side with the same learner moves (random, from a generator of
    their own; an illegal one on one board every ``illegal_every`` steps): what happened."""
    options = {"array_type": "torch", "illegal_action": "lose"} | settings
    fast = OthelloGymVectorEnv(count, "random", compile=True, **options)
    slow = OthelloGymVectorEnv(count, "random", **options)
    assert fast.compile is True
    assert_same(fast.reset(seed=seed), slow.reset(seed=seed), "reset")
    generator = torch.Generator(device=slow.device).manual_seed(seed)
    seen: Counter[str] = Counter()
    for ply in range(steps):
        actions = engine.random_actions(slow.state, generator)
        if illegal_every and ply % illegal_every == illegal_every - 1:
            board = ply % count
            actions[board] = slow.board_size**2  # the null action: illegal where the learner has a placement
        want = slow.step(actions)
        got = fast.step(actions)
        assert_same(got, want, f"step {ply}")
        assert torch.equal(fast.generator.get_state(), slow.generator.get_state()), f"step {ply}: the generator"
        infos = want[4]
        seen["ended"] += int(want[2].sum())
        seen["illegal"] += int(infos["illegal_action"].sum())
        if "final_info" in infos:  # SAME_STEP: the flags of the games that ended
            seen["illegal"] += int(infos["final_info"]["illegal_action"][infos["_final_info"]].sum())
        for passes in range(1, PASS_ROUNDS + 2):
            seen[f"{passes} passes"] += int((infos["learner_passes"] >= passes).sum())
    assert fast.compile is True  # no fall-back on the way
    return seen


# -- the rules, op by op -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("mode", ["NextStep", "SameStep", "Disabled"])
def test_op_by_op__every_autoreset_mode_plays_the_eager_games(op_by_op: None, mode: str) -> None:
    seen = lockstep(50, 40, seed=1, autoreset_mode=mode, learner="random", board_size=6, illegal_every=7)
    assert seen["ended"] >= 20
    assert seen["illegal"] >= 2  # the boards still in play (Disabled: fewer, as games end)
    assert seen["1 passes"] > 0


def test_op_by_op__passes_beyond_the_compiled_rounds_go_on_on_the_host(op_by_op: None) -> None:
    """4 x 4 boards, where the learner passes often: rounds of passes in the step and, past PASS_ROUNDS of them,
    on the host (the draws of each round in their order)."""
    seen = lockstep(80, 64, seed=2, learner="white", board_size=4, reward_mode="margin")
    assert seen[f"{PASS_ROUNDS} passes"] > 0
    assert seen[f"{PASS_ROUNDS + 1} passes"] > 0
    assert seen["ended"] > 64


def test_op_by_op__a_book_and_one_board(op_by_op: None) -> None:
    seen = lockstep(40, 12, seed=3, opening_book="xot", learner="random", autoreset_mode="SameStep")
    assert seen["ended"] > 0
    lockstep(30, 1, seed=4, board_size=6)  # one board: rounds where nobody replies draw nothing


def test_op_by_op__on_the_device_under_test(op_by_op: None, device: str, on_device: torch.device) -> None:
    """The compiled step's rules on the device (``pytest -m device --device cuda`` on a GPU): the eager env's games,
    the generator's draws on that device included."""
    seen = lockstep(40, 96, seed=11, learner="random", board_size=6, device=device, illegal_every=6)
    assert seen["ended"] > 20
    assert seen["illegal"] >= 5
    envs = OthelloGymVectorEnv(2, "random", compile=True, device=device, array_type="torch")
    assert envs.reset(seed=0)[0].device == on_device


def test_op_by_op__an_illegal_action_raises_as_eager_and_changes_nothing(op_by_op: None) -> None:
    envs = OthelloGymVectorEnv(3, "random", compile=True, array_type="torch")
    eager = OthelloGymVectorEnv(3, "random", array_type="torch")
    envs.reset(seed=5)
    eager.reset(seed=5)
    state, generator = envs.state, envs.generator.get_state()
    with pytest.raises(ValueError, match="board 1: action 0") as raised:
        envs.step(torch.tensor([19, 0, 26]))
    with pytest.raises(ValueError, match="board 1: action 0") as expected:
        eager.step(torch.tensor([19, 0, 26]))
    assert str(raised.value) == str(expected.value)
    assert str(raised.value).startswith("board 1: action 0 is illegal (a1); legal: [19, 26, 37, 44]")
    assert envs.state is state
    assert torch.equal(envs.generator.get_state(), generator)
    assert_same(envs.step(torch.tensor([19, 26, 37])), eager.step(torch.tensor([19, 26, 37])), "the next step")


# -- compiled by torch.compile ----------------------------------------------------------------------------------------
@pytest.mark.slow
def test_compiled__random_play_at_8x8_is_the_eager_games() -> None:
    seen = lockstep(70, 256, seed=6, learner="random")
    assert seen["ended"] > 100
    assert seen["1 passes"] > 0
    seen = lockstep(30, 64, seed=9, autoreset_mode="SameStep", opening_book="xot", illegal_every=4)  # no new compile
    assert seen["illegal"] >= 5


@pytest.mark.slow
def test_compiled__4x4_passes_beyond_the_compiled_rounds() -> None:
    seen = lockstep(80, 64, seed=2, learner="white", board_size=4, illegal_every=5)
    assert seen[f"{PASS_ROUNDS + 1} passes"] > 0
    assert seen["illegal"] >= 8


@pytest.mark.slow
def test_compiled__through_make_vec() -> None:
    envs = gymnasium.make_vec(othello_zoo.GYMNASIUM_ID, 4, vectorization_mode="vector_entry_point", compile=True)
    assert envs.unwrapped.compile is True
    observations, infos = envs.reset(seed=0)
    assert observations.shape == (4, 2, 8, 8)
    observations, rewards, terminations, _, infos = envs.step(np.array([19, 26, 37, 44]))
    assert infos["opponent_action_count"].tolist() == [1, 1, 1, 1]
    assert observations.sum(axis=(1, 2, 3)).tolist() == [6, 6, 6, 6]  # two discs placed on the four of the start
    assert rewards.tolist() == [0.0] * 4
    assert not terminations.any()


# -- the setting ------------------------------------------------------------------------------------------------------
def test_setting__true_refuses_what_the_fused_step_cannot_play_naming_why() -> None:
    with pytest.raises(
        ValueError,
        match=r"compile=True runs the bitboard kernel's fused step: the fused step plays "
        r"the random opponent \(its draw made in the step\); got 'greedy'",
    ):
        OthelloGymVectorEnv(2, "greedy", compile=True)
    with pytest.raises(ValueError, match=r"got backend 'conv' on 10x10"):
        OthelloGymVectorEnv(2, "random", board_size=10, compile=True)
    with pytest.raises(TypeError, match="compile must be True, False or 'auto', got 1"):
        OthelloGymVectorEnv(2, "random", compile=1)


def test_setting__auto_steps_eagerly_where_it_cannot_compile(monkeypatch: pytest.MonkeyPatch) -> None:
    greedy = OthelloGymVectorEnv(2, "greedy", compile="auto")
    assert greedy.compile is False
    assert greedy.compile_reason == (
        "compile='auto': stepping eagerly: the fused step plays the random opponent (its draw made in the step); "
        "got 'greedy'"
    )
    monkeypatch.setattr(compiler_module, "compiler_missing", lambda device: "no C++ compiler found (install g++)")
    bare = OthelloGymVectorEnv(2, "random", compile="auto")
    assert (bare.compile, bare.compile_reason) == (
        False,
        "compile='auto': stepping eagerly: no C++ compiler found (install g++)",
    )


def test_setting__auto_says_it_compiles_and_a_failure_warns_once_and_plays_on_eagerly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def failing(*args: object) -> None:
        raise torch._dynamo.exc.BackendCompilerFailed(failing, RuntimeError("no C++ compiler found"), None)

    monkeypatch.setattr(gym_fused, "_compiled", lambda spec, device: failing)
    monkeypatch.setattr(env_fused, "_TRACED", set())
    auto = OthelloGymVectorEnv(5, "random", compile="auto", array_type="torch")
    eager = OthelloGymVectorEnv(5, "random", array_type="torch")
    assert auto.compile is True
    assert auto.compile_reason == (
        "compile='auto': compiled on cpu (the random opponent on the bitboard kernel's 8x8 boards, a compiler found)"
    )
    assert_same(auto.reset(seed=8), eager.reset(seed=8), "reset")
    actions = torch.tensor([19, 26, 37, 44, 19])
    with pytest.warns(UserWarning, match="compile='auto': stepping eagerly, the step could not be compiled"):
        first = auto.step(actions)
    assert "othello_zoo: compiling the Gymnasium vector env's step (8x8, the random opponent, on cpu)" in (
        capsys.readouterr().err
    )
    assert auto.compile is False
    assert_same(first, eager.step(actions), "the first step")
    generator = torch.Generator().manual_seed(8)
    for ply in range(20):
        moves = engine.random_actions(eager.state, generator)
        assert_same(auto.step(moves), eager.step(moves), f"step {ply}")


def test_learner_step__takes_one_uniform_a_round() -> None:
    step = LearnerStep(LearnerSpec(6), torch.device("cpu"), compile=False)
    state = engine.init(2, board_size=6)
    flags = torch.zeros(2, dtype=torch.bool)
    with pytest.raises(ValueError, match=f"the learner step takes {1 + PASS_ROUNDS} uniforms"):
        step.run(state, state, flags, flags.long(), flags.long(), (torch.rand(2),))
    with pytest.raises(ValueError, match="the fused step plays boards of size 4, 6 or 8"):
        LearnerSpec(10)
