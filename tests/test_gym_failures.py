"""The single-agent envs when their opponent fails (raises, or answers something illegal, out of range or not an
int): the error reaches the caller naming the opponent, the env is as it was before the call, and the game then goes
on exactly as in a twin env whose opponent never failed."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np
import pytest
import torch

import othello_zoo
from othello_zoo import engine
from othello_zoo.core.board import Board
from othello_zoo.gym import OthelloGymEnv, OthelloGymVectorEnv
from othello_zoo.notation import format_moves

ID = othello_zoo.GYMNASIUM_ID
OPPONENT = "Scripted object"  # how the errors name the opponent below


def first_legal(observation: np.ndarray, mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask)[0])


def last_legal(mask: np.ndarray) -> int:
    """The learner's choice in these tests: its highest legal action."""
    return int(np.flatnonzero(mask)[-1])


def raises(observation: np.ndarray, mask: np.ndarray) -> Any:
    raise RuntimeError("the policy server is down")


def illegal(observation: np.ndarray, mask: np.ndarray) -> Any:
    return int(np.flatnonzero(mask == 0)[0])  # the first square that is not legal


FAILURES: dict[str, Callable[[np.ndarray, np.ndarray], Any]] = {
    "raises": raises,
    "illegal": illegal,
    "out_of_range": lambda observation, mask: len(mask) + 34,  # 99 on 8 x 8
    "negative": lambda observation, mask: -1,
    "float": lambda observation, mask: float(first_legal(observation, mask)),
    "string": lambda observation, mask: "d3",
    "none": lambda observation, mask: None,
}


class Scripted:
    """The first-legal opponent, failing as ``failure`` on the calls numbered in ``failing`` (from 1)."""

    def __init__(self, failure: str, failing: set[int]) -> None:
        self.failure, self.failing, self.calls = FAILURES[failure], failing, 0

    def __call__(self, observation: np.ndarray, mask: np.ndarray) -> Any:
        self.calls += 1
        if self.calls in self.failing:
            return self.failure(observation, mask)
        return first_legal(observation, mask)


def expected_error(failure: str, board: Board, where: str = "") -> tuple[type[Exception], str]:
    """The error type and the exact message of ``failure`` on ``board`` (the opponent to move)."""
    n2 = board.board_size**2
    legal = board.legal_actions()
    named = f"legal: {legal} ({format_moves(legal, board.board_size)})"
    if failure == "raises":  # pytest matches the message and the notes, a line each
        note = f"raised by the opponent {OPPONENT} on the position {board.to_text()!r}"
        return RuntimeError, f"the policy server is down\n{note}"
    if failure == "illegal":
        action = next(a for a in range(n2) if a not in legal)
        move = format_moves([action], board.board_size)
        return ValueError, f"{where}the opponent {OPPONENT} answered {action}, which is illegal here ({move}); {named}"
    if failure in ("out_of_range", "negative"):
        action = n2 + 35 if failure == "out_of_range" else -1
        return (
            ValueError,
            f"{where}the opponent {OPPONENT} answered {action}, which is not an action in 0..{n2}; {named}",
        )
    answer = {"float": repr(float(legal[0])), "string": "'d3'", "none": "None"}[failure]
    return TypeError, f"the opponent {OPPONENT} must answer an int action in 0..{n2}, got {answer}"


def assert_same_step(got: tuple[Any, ...], want: tuple[Any, ...]) -> None:
    """Two results of ``step`` (or ``reset``) hold the same values."""
    assert len(got) == len(want)
    for mine, theirs in zip(got, want, strict=True):
        if isinstance(mine, dict):
            assert mine.keys() == theirs.keys()
            for key in mine:
                np.testing.assert_array_equal(mine[key], theirs[key])
        else:
            np.testing.assert_array_equal(mine, theirs)


# -- the single env ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("call", [1, 2])
@pytest.mark.parametrize("failure", list(FAILURES))
def test_step__a_failed_reply_changes_nothing_and_the_game_goes_on(failure: str, call: int) -> None:
    opponent = Scripted(failure, {call})
    env, twin = OthelloGymEnv(opponent, learner="black"), OthelloGymEnv(first_legal, learner="black")
    _, info = env.reset(seed=7)
    assert_same_step((_, info), twin.reset(seed=7))
    for _ in range(call - 1):  # the opponent answers once a step here (no pass this early)
        action = last_legal(info["action_mask"])
        result = env.step(action)
        assert_same_step(result, twin.step(action))
        info = result[4]
    board, mask, rng = env.board, env.action_masks(), env.np_random.bit_generator.state
    action = last_legal(info["action_mask"])
    error, message = expected_error(failure, board.play(action))
    with pytest.raises(error, match=f"^{re.escape(message)}$") as caught:
        env.step(action)
    if failure == "raises":  # the opponent's own error, with a note naming it and the position it was asked on
        text = board.play(action).to_text()
        assert caught.value.__notes__ == [f"raised by the opponent {OPPONENT} on the position {text!r}"]
    assert opponent.calls == call
    assert env.board == board
    np.testing.assert_array_equal(env.action_masks(), mask)
    assert env.np_random.bit_generator.state == rng
    # The opponent's move is not the learner's to play (before the fix, the learner's move stayed played and this
    # step played the opponent's reply); a move legal for the learner is.
    reply = next(a for a in board.play(action).legal_actions() if not board.is_legal(a))
    with pytest.raises(ValueError, match=rf"^action {reply} is illegal \("):
        env.step(reply)
    done = False
    while not done:  # the whole game, step for step as the twin's
        result = env.step(action)
        assert_same_step(result, twin.step(action))
        assert env.board == twin.board
        done, action = result[2], last_legal(result[4]["action_mask"])
    assert abs(result[1]) == 1.0 or result[1] == 0.0


def test_step__the_first_reply_after_the_start_exactly() -> None:
    env = OthelloGymEnv(Scripted("illegal", {1}), learner="black")
    env.reset(seed=0)
    message = "the opponent Scripted object answered 0, which is illegal here (a1); legal: [29, 43, 45] (f4d6f6)"
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        env.step(37)  # f5: white's replies are f4, d6, f6
    assert env.board == Board.start()
    observation, reward, terminated, truncated, info = env.step(37)  # the second call answers f4
    assert env.board == Board.start().step(37).step(29)
    np.testing.assert_array_equal(observation, Board.start().step(37).step(29).observation(0)[0])
    assert (reward, terminated, truncated) == (0.0, False, False)
    assert info | {"action_mask": None} == {
        "action_mask": None,
        "opponent_actions": [29],
        "learner_passes": 0,
        "learner": "black",
        "scores": (3, 3),
    }
    assert np.flatnonzero(info["action_mask"]).tolist() == Board.start().step(37).step(29).legal_actions()


@pytest.mark.parametrize("failure", ["raises", "illegal", "out_of_range", "float"])
def test_reset__a_failed_first_reply_leaves_the_env_as_it_was(failure: str) -> None:
    env = OthelloGymEnv(Scripted(failure, {1}), learner="white")
    error, message = expected_error(failure, Board.start())
    with pytest.raises(error, match=f"^{re.escape(message)}$"):
        env.reset(seed=0)
    assert (env._np_random, env._np_random_seed) == (None, None)  # the failed reset's seed is gone with it
    with pytest.raises(ValueError, match=r"the episode is over: call reset\(\) before step\(\)"):
        env.step(18)
    twin = OthelloGymEnv(first_legal, learner="white")
    assert_same_step(env.reset(seed=0), twin.reset(seed=0))
    assert env.board == Board.start().step(19)  # the second call answered d3
    assert_same_step(env.step(18), twin.step(18))


def test_reset__a_failed_reset_keeps_the_episode_in_play() -> None:
    # White learner, xot openings (black to move after 8 moves): the opponent replies at every reset and step; it
    # fails on its third call, in the reset that would start a new game (its opening drawn from the game's generator).
    opponent = Scripted("raises", {3})
    env = OthelloGymEnv(opponent, learner="white", opening_book="xot")
    twin = OthelloGymEnv(first_legal, learner="white", opening_book="xot")
    _, info = env.reset(seed=11)
    assert_same_step((_, info), twin.reset(seed=11))
    action = last_legal(info["action_mask"])
    assert_same_step(env.step(action), twin.step(action))
    assert opponent.calls == 2
    board, generator, rng = env.board, env.np_random, env.np_random.bit_generator.state
    game = env._game
    game_generator, game_rng, history = game.np_random, game.np_random.bit_generator.state, list(game.history)
    with pytest.raises(RuntimeError, match="the policy server is down"):
        env.reset(seed=12)
    assert (env.board, env.learner, env.np_random_seed) == (board, 1, 11)
    assert env.np_random is generator
    assert env.np_random.bit_generator.state == rng
    assert game.np_random is game_generator
    assert game.np_random.bit_generator.state == game_rng
    assert game.history == history
    np.testing.assert_array_equal(env.action_masks(), board.action_mask(1).astype(bool))
    action = last_legal(env.action_masks())
    assert_same_step(env.step(action), twin.step(action))  # the episode goes on
    assert_same_step(env.reset(seed=12), twin.reset(seed=12))  # and a new one starts as the twin's


def test_registry__a_failed_reply_raises_even_where_illegal_actions_lose() -> None:
    env = gymnasium.make(ID, opponent=Scripted("illegal", {1}), illegal_action="lose")
    env.reset(seed=0)
    with pytest.raises(ValueError, match=r"^the opponent Scripted object answered 0, which is illegal here \(a1\)"):
        env.step(37)
    assert env.unwrapped.board == Board.start()
    _, reward, terminated, _, info = env.step(37)
    assert (reward, terminated, info["opponent_actions"], "illegal_action" in info) == (0.0, False, [29], False)


def test_opponent__agent_objects_that_fail_are_named() -> None:
    class Broken:
        def act(self, board: Board) -> int:
            raise KeyError("no such table")

    env = OthelloGymEnv(Broken(), learner="white", board_size=6)
    with pytest.raises(KeyError, match="no such table") as caught:
        env.reset(seed=0)
    text = Board.start(6).to_text()
    name = "test_opponent__agent_objects_that_fail_are_named.Broken object"
    assert caught.value.__notes__ == [f"raised by the opponent {name} on the position {text!r}"]


# -- the vector env ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("call", [1, 2])
@pytest.mark.parametrize("failure", ["raises", "illegal", "out_of_range", "float"])
def test_vector__a_failed_reply_changes_nothing_and_the_boards_go_on(failure: str, call: int) -> None:
    # Two boards, the opponent asked board by board (board 0, then board 1) at each step: call 2 is board 1's.
    opponent = Scripted(failure, {call})
    envs, twin = OthelloGymVectorEnv(2, opponent), OthelloGymVectorEnv(2, first_legal)
    assert_same_step(envs.reset(seed=3), twin.reset(seed=3))
    state, generator = envs.state, envs.generator.get_state()
    actions = np.array([37, 19])
    error, message = expected_error(failure, Board.start().step(int(actions[call - 1])), f"board {call - 1}: ")
    with pytest.raises(error, match=f"^{re.escape(message)}$"):
        envs.step(actions)
    assert envs.state is state
    assert torch.equal(envs.generator.get_state(), generator)
    np.testing.assert_array_equal(envs.action_masks(), engine.legal_action_mask(state).numpy())
    for _ in range(40):  # then step for step as the twin, through the ends of games and their restarts
        result = envs.step(actions)
        assert_same_step(result, twin.step(actions))
        actions = np.array([last_legal(mask) for mask in result[4]["action_mask"]])


def test_vector__a_failure_in_a_restart_restores_the_generator() -> None:
    # learner="random": a board whose game ended draws its learner's colour from the env's generator at the next
    # step; the opponent failing in that step leaves the generator (and the boards) as they were.
    opponent = Scripted("raises", set())
    envs = OthelloGymVectorEnv(3, opponent, learner="random", board_size=4)
    twin = OthelloGymVectorEnv(3, first_legal, learner="random", board_size=4)
    observations, infos = envs.reset(seed=5)
    assert_same_step((observations, infos), twin.reset(seed=5))
    terminations, failed = np.zeros(3, dtype=bool), 0
    for _ in range(60):
        actions = np.array([last_legal(mask) for mask in infos["action_mask"]])
        if terminations.any() and failed < 3:  # boards restart in this step
            opponent.failing = {opponent.calls + 1}
            state, generator = envs.state, envs.generator.get_state()
            with pytest.raises(RuntimeError, match="the policy server is down"):
                envs.step(actions)
            assert envs.state is state
            assert torch.equal(envs.generator.get_state(), generator)
            failed += 1
        result = envs.step(actions)
        assert_same_step(result, twin.step(actions))
        _, _, terminations, _, infos = result
    assert failed == 3


def test_vector__a_batched_opponent_that_fails_is_named() -> None:
    class Batched:
        def __init__(self, answer: Callable[[engine.State], torch.Tensor]) -> None:
            self.answer = answer

        def act_states(self, state: engine.State) -> torch.Tensor:
            return self.answer(state)

    def down(state: engine.State) -> torch.Tensor:
        raise RuntimeError("out of memory")

    name = "test_vector__a_batched_opponent_that_fails_is_named.Batched object"
    with pytest.raises(RuntimeError, match="out of memory") as caught:
        OthelloGymVectorEnv(2, Batched(down), learner="white").reset(seed=0)
    assert caught.value.__notes__ == [f"raised by the opponent {name} on a batch of 2 boards"]
    far = Batched(lambda state: torch.full((state.batch_size,), 99))
    message = f"board 0: the opponent {name} answered 99, which is not an action in 0..64; legal: [19, 26, 37, 44]"
    with pytest.raises(ValueError, match=f"^{re.escape(message)} \\(d3c4f5e6\\)$"):
        OthelloGymVectorEnv(2, far, learner="white").reset(seed=0)
    floats = Batched(lambda state: torch.full((state.batch_size,), 19.0))
    with pytest.raises(TypeError, match=f"^the opponent {re.escape(name)} must answer integer actions, got a tensor"):
        OthelloGymVectorEnv(2, floats, learner="white").reset(seed=0)
