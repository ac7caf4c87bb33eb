"""The AEC env's hot path against the plain forms it writes out.

``raw_env.step`` inlines ``Board.is_legal``, ``BoardEnv._play`` and ``raw_env._sync`` for speed. Here every step of
many seeded random games (forced passes, ends, truncations and illegal actions included) goes through the hot path
and through a twin env whose step calls the plain methods, and both are compared after every step with what the
single-board rules (:class:`othello_zoo.core.board.Board`) give: the board, the legal mask, the agent to move, the
rewards, terminations, truncations and infos, exactly.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from othello_zoo import othello_v0
from othello_zoo.core.board import Board
from othello_zoo.core.rules import AGENTS


class PlainAEC(othello_v0.raw_env):
    """The AEC env with the step written with the plain methods: check, play, sync."""

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if not self.agents or self.terminations[agent] or self.truncations[agent]:
            super().step(action)  # a dead step or an error: not the hot path
            return
        action = self._check_action(agent, action)
        self._cumulative_rewards[agent] = 0
        self._play(action)
        self._steps += 1
        self._sync()


def _expected(board: Board) -> dict[str, Any]:
    """What the single-board rules say the env's public state is."""
    black, white = board.rewards()
    scores = board.scores()
    over = board.terminated
    return {
        "agent_selection": AGENTS[board.current_player],
        "rewards": {"black_0": black, "white_0": white},
        "terminations": {agent: over for agent in AGENTS},
        "infos": {"black_0": {"scores": scores}, "white_0": {"scores": scores}},
    }


def _public(env: othello_v0.raw_env) -> dict[str, Any]:
    return {
        "agent_selection": env.agent_selection,
        "rewards": env.rewards,
        "terminations": env.terminations,
        "infos": env.infos,
    }


def _assert_same(hot: othello_v0.raw_env, plain: PlainAEC, board: Board, truncated: bool = False) -> None:
    """The hot-path env, the plain env and ``board`` agree on everything a client reads."""
    assert hot.board == plain.board == board
    assert hot.history == plain.history
    assert (hot._last_move, hot._steps) == (plain._last_move, plain._steps)  # what render() and max_cycles read
    assert hot.truncations == plain.truncations == {agent: truncated for agent in AGENTS}
    assert hot._cumulative_rewards == plain._cumulative_rewards
    assert _public(hot) == _public(plain)
    if not truncated:
        assert _public(hot) == _expected(board)
    for scores in (hot.infos["black_0"]["scores"], plain.infos["black_0"]["scores"]):
        assert type(scores) is tuple
        assert all(type(count) is int for count in scores)
    nn = board.board_size**2
    for player, agent in enumerate(AGENTS):
        want_obs, want_mask = board.observation(player)
        for env in (hot, plain):
            observed = env.observe(agent)
            assert observed["observation"].dtype == np.int8
            assert observed["action_mask"].dtype == np.int8
            assert np.array_equal(observed["observation"], want_obs)
            assert np.array_equal(observed["action_mask"], want_mask)
    mover_mask = board.action_mask(board.current_player)
    if not board.terminated:
        assert mover_mask.tolist() == [int(board.is_legal(a)) for a in range(nn + 1)]


def _illegal_actions(board: Board) -> list[int]:
    nn = board.board_size**2
    return [a for a in range(-2, nn + 3) if not board.is_legal(a)]


def _assert_refused(hot: othello_v0.raw_env, plain: PlainAEC, action: int, board: Board) -> None:
    """An illegal action raises the same error in both envs and changes nothing."""
    errors = []
    for env in (hot, plain):
        before = (env.board, len(env.history), env._steps, repr(_public(env)), repr(env._cumulative_rewards))
        with pytest.raises(ValueError, match=rf"^action {action} for {env.agent_selection} is ") as caught:
            env.step(action)
        errors.append(str(caught.value))
        assert (env.board, len(env.history), env._steps, repr(_public(env)), repr(env._cumulative_rewards)) == before
    assert errors[0] == errors[1]
    assert hot.board == board


def _play_game(
    size: int, rng: random.Random, *, all_illegal: bool = False, max_cycles: int | None = None
) -> tuple[int, int]:
    """One random game through both envs and the plain board, compared after every step; returns the number of
    steps and of forced passes."""
    hot = othello_v0.raw_env(board_size=size, max_cycles=max_cycles)
    plain = PlainAEC(board_size=size, max_cycles=max_cycles)
    hot.reset()
    plain.reset()
    board = Board.start(size)
    _assert_same(hot, plain, board)
    steps = passes = 0
    while not board.terminated:
        illegal = _illegal_actions(board)
        for action in illegal if all_illegal else rng.sample(illegal, 2):
            _assert_refused(hot, plain, action, board)
        legal = board.legal_actions()
        action = rng.choice(legal)
        passes += action == size * size
        kind = rng.random()  # now and then an integer of another type, which takes the checked way in
        given: Any = np.int64(action) if kind < 0.1 else action
        hot.step(given)
        plain.step(given)
        board = board.step(action)
        steps += 1
        cut = max_cycles is not None and not board.terminated and steps >= max_cycles * len(AGENTS)
        _assert_same(hot, plain, board, truncated=cut)
        if cut:
            break
    for env in (hot, plain):  # the dead steps that end the game for both agents
        while env.agents:
            env.step(None)
    assert hot.agents == plain.agents == []
    return steps, passes


@pytest.mark.parametrize(("size", "games"), [(8, 200), (6, 100), (4, 100)])
def test_aec_hot_path__random_games_equal_the_plain_forms(size: int, games: int) -> None:
    rng = random.Random(size)
    steps = passes = 0
    for _ in range(games):
        played, passed = _play_game(size, rng)
        steps += played
        passes += passed
    assert steps > games * (size * size - 4) // 2  # whole games were played
    assert passes > 0  # forced passes were among them


@pytest.mark.parametrize("size", [8, 6, 4])
def test_aec_hot_path__every_illegal_action_is_refused_alike(size: int) -> None:
    rng = random.Random(100 + size)
    for _ in range(3):
        _play_game(size, rng, all_illegal=True)


@pytest.mark.parametrize("max_cycles", [1, 5, 12])
def test_aec_hot_path__truncation_equals_the_plain_form(max_cycles: int) -> None:
    rng = random.Random(max_cycles)
    for _ in range(10):
        _play_game(8, rng, max_cycles=max_cycles)


def test_aec_hot_path__a_forced_pass_and_the_end() -> None:
    position = "-OXXXXXX" + "-" * 56 + " O"  # white has no move; black's a1 then ends the game
    hot, plain = othello_v0.raw_env(), PlainAEC()
    hot.reset(options={"position": position})
    plain.reset(options={"position": position})
    board = Board.from_text(position)
    assert board.moves == 0
    assert not board.terminated
    _assert_same(hot, plain, board)
    _assert_refused(hot, plain, 8, board)
    for action in (64, 0):
        hot.step(action)
        plain.step(action)
        board = board.step(action)
        _assert_same(hot, plain, board)
    assert board.terminated
    assert hot.rewards == {"black_0": 1.0, "white_0": -1.0}


def test_aec_hot_path__env_ends_an_illegal_action_with_minus_one() -> None:
    """Through ``env()``, an illegal action is the wrapper's: it never reaches the hot path, and the game ends."""
    wrapped = othello_v0.env()
    wrapped.reset(seed=0)
    wrapped.step(0)  # black: a1 is illegal
    assert wrapped.rewards == {"black_0": -1.0, "white_0": 0.0}
    assert all(wrapped.terminations.values())
    assert wrapped.unwrapped.board == Board.start()
