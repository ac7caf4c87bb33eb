"""A stateful test: raw_env, parallel_env and vector_env driven together by hypothesis with legal
moves, illegal moves, wrong types, good and bad resets, deep copies and pickles, each step checked
against the reference rules of ``tests/reference.py``.

Every failed call must raise a TypeError or ValueError and leave all three envs as they were; the
invariant compares every env with the reference after every rule. The default run tries a few
hundred programs; the slow group thousands.
"""

from __future__ import annotations

import copy
import pickle
from typing import Any

import numpy as np
import pytest
import torch
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
from reference import RefGame

from othello_zoo import engine, othello_v0

AGENTS = ("black_0", "white_0")
WRONG_TYPES = ["e3", None, 1.5, float("nan"), True, [19], {"a": 1}]
BAD_OPTIONS: list[Any] = [
    "abc",
    {"opening": "z9"},
    {"opening": [1.5]},
    {"position": "X"},
    {"position": 7},
    {"opening": "c4", "position": "-" * 16 + " X"},
]


class ThreeEnvs(RuleBasedStateMachine):
    """The AEC, Parallel and vector envs (one board) playing one game in lockstep with the reference."""

    @initialize(n=st.sampled_from([4, 6, 8]))
    def start(self, n: int) -> None:
        self.n = n
        self.raw = othello_v0.raw_env(board_size=n)
        self.par = othello_v0.parallel_env(board_size=n, illegal_action="raise")
        self.vec = othello_v0.vector_env(1, board_size=n, illegal_action="raise", autoreset_mode="disabled")
        self.raw.reset()
        self.par.reset()
        self.vec.reset()
        self.ref = RefGame(n)
        self.outcome: tuple[float, float] | None = None

    # -- moves ------------------------------------------------------------------------------------
    @precondition(lambda self: not self.ref.over)
    @rule(data=st.data())
    def play_legal(self, data: st.DataObject) -> None:
        action = data.draw(st.sampled_from(self.ref.legal_actions()), label="legal action")
        mover = AGENTS[self.ref.to_move - 1]
        waiting = AGENTS[2 - self.ref.to_move]
        self.raw.step(action)
        _, rewards, terminations, _, _ = self.par.step({mover: action, waiting: self.n * self.n})
        _, vec_rewards, *_ = self.vec.step({mover: torch.tensor([action]), waiting: torch.tensor([0])})
        self.ref.play(action)
        expected = (0.0, 0.0)
        if self.ref.over:
            sign = float(self.ref.reward_black())
            expected = (sign, 0.0 - sign)
            self.outcome = expected
        assert (rewards["black_0"], rewards["white_0"]) == expected
        assert (float(vec_rewards["black_0"][0]), float(vec_rewards["white_0"][0])) == expected
        assert all(terminations.values()) == self.ref.over

    @precondition(lambda self: not self.ref.over)
    @rule(action=st.integers(-3, 16 * 16 + 3))
    def play_illegal(self, action: int) -> None:
        if action in self.ref.legal_actions():
            return
        mover = AGENTS[self.ref.to_move - 1]
        with pytest.raises(ValueError, match=str(action)):
            self.raw.step(action)
        with pytest.raises(ValueError, match=str(action)):
            self.par.step({mover: action})
        both = torch.tensor([action])
        with pytest.raises(ValueError, match=f"action {action}"):
            self.vec.step({"black_0": both, "white_0": both})

    @precondition(lambda self: not self.ref.over)
    @rule(value=st.sampled_from(WRONG_TYPES))
    def play_wrong_type(self, value: object) -> None:
        mover = AGENTS[self.ref.to_move - 1]
        with pytest.raises(TypeError, match="got"):
            self.raw.step(value)  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            self.par.step({mover: value})
        with pytest.raises(TypeError):
            self.vec.step({"black_0": value, "white_0": value})  # type: ignore[dict-item]

    # -- resets -----------------------------------------------------------------------------------
    @rule(data=st.data(), seed=st.none() | st.integers(0, 2**31))
    def reset_to_an_opening(self, data: st.DataObject, seed: int | None) -> None:
        plies = data.draw(st.integers(0, 8), label="opening plies")
        ref = RefGame(self.n)
        moves = []
        for _ in range(plies):
            if ref.over:
                break
            action = data.draw(st.sampled_from(ref.legal_actions()), label="opening move")
            ref.play(action)
            moves.append(action)
        self.raw.reset(seed=seed, options={"opening": moves})
        self.par.reset(seed=seed, options={"opening": list(moves)})
        self.vec.reset(seed=seed, options={"position": ref.text()})
        self.ref = ref
        self.outcome = None

    @rule(options=st.sampled_from(BAD_OPTIONS), seed=st.none() | st.integers(-5, -1) | st.just(1.5))
    def reset_badly(self, options: Any, seed: Any) -> None:
        for env in (self.raw, self.par):
            with pytest.raises((TypeError, ValueError)):
                env.reset(seed=seed, options=options)
        with pytest.raises((TypeError, ValueError)):  # the vector env also refuses "opening", a key it lacks
            self.vec.reset(seed=seed, options=options)

    # -- copies -----------------------------------------------------------------------------------
    @rule()
    def deep_copy_and_pickle(self) -> None:
        raw_copy = copy.deepcopy(self.raw)
        par_copy = pickle.loads(pickle.dumps(self.par))
        assert raw_copy.board.to_text() == self.raw.board.to_text()
        assert par_copy.history_text == self.par.history_text
        self.raw, self.par = raw_copy, par_copy  # play on with the copies

    # -- the check after every rule ----------------------------------------------------------------
    @invariant()
    def envs_match_the_reference(self) -> None:
        if not hasattr(self, "ref"):
            return
        text = self.ref.text()
        assert self.raw.board.to_text() == text
        assert self.par.board.to_text() == text
        assert engine.to_text(self.vec.state) == [text]
        legal = self.ref.legal_actions()
        mover = AGENTS[self.ref.to_move - 1]
        if not self.ref.over:
            assert self.raw.agent_selection == mover
            assert np.flatnonzero(self.raw.observe(mover)["action_mask"]).tolist() == legal
            assert engine.legal_action_mask(self.vec.state)[0].nonzero().flatten().tolist() == legal
        assert all(self.raw.terminations.values()) == self.ref.over
        assert bool(self.vec.state.terminated[0]) == self.ref.over
        black, white = self.ref.counts()
        assert self.raw.infos["black_0"]["scores"] == (black, white)
        if self.ref.over and self.outcome is not None:
            assert (self.raw.rewards["black_0"], self.raw.rewards["white_0"]) == self.outcome


ThreeEnvs.TestCase.settings = settings(
    max_examples=300, stateful_step_count=40, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
test_three_envs__against_the_reference = ThreeEnvs.TestCase


class ThreeEnvsLong(ThreeEnvs):
    """The same program space, thousands of programs (the slow group)."""


ThreeEnvsLong.TestCase.settings = settings(
    max_examples=600, stateful_step_count=80, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
test_three_envs__against_the_reference_long = pytest.mark.slow(ThreeEnvsLong.TestCase)
