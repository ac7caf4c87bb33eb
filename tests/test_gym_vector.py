"""The single-agent env's vector form (``gymnasium.make_vec(..., vectorization_mode="vector_entry_point")``): board
for board the same game as ``OthelloGymEnv``, Gymnasium's vector conventions, its wrappers, and the bench row."""

from __future__ import annotations

import random
import re
from typing import Any

import gymnasium
import numpy as np
import pytest
import torch
from gymnasium.utils.env_checker import data_equivalence
from gymnasium.vector import AutoresetMode
from gymnasium.wrappers.vector import ClipReward, DictInfoToList, NormalizeReward, RecordEpisodeStatistics

import othello_zoo
from othello_zoo import engine
from othello_zoo.agents import GreedyAgent
from othello_zoo.alphazero.agent import AlphaZeroAgent
from othello_zoo.cli import bench
from othello_zoo.core.board import Board
from othello_zoo.gym import OthelloGymEnv, OthelloGymVectorEnv
from othello_zoo.gym.env import LEARNERS

ID = othello_zoo.GYMNASIUM_ID
END_4x4 = "---X-OXX-XXX-X-O X"  # black to move: a1 (0) ends the game 9 to 1; b1 (1) and a2 (4) play on
PASS_4x4 = "-XXXXXX-OXOO--X- O"  # white to move: a1, black must pass, white d2, then black has d4 (15)


def first_legal(observation: np.ndarray, mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask)[0])


def choose(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal action per row of int8 or bool ``masks``."""
    return np.array([rng.choice(np.flatnonzero(row)) for row in masks], dtype=np.int64)


# -- lockstep against the single env ----------------------------------------------------------------------------------
def random_positions(count: int, board_size: int, seed: int, opponent: Any) -> list[str]:
    """Positions of random play (every depth) that the single env starts from for either colour of the learner."""
    rng, texts = random.Random(seed), []
    while len(texts) < count:
        board = Board.start(board_size)
        for _ in range(rng.randrange(board_size * board_size - 4)):
            if board.terminated:
                break
            board = board.step(rng.choice(board.legal_actions()))
        try:
            for colour in LEARNERS[:2]:
                OthelloGymEnv(opponent, learner=colour, board_size=board_size).reset(
                    options={"position": board.to_text()}
                )
        except ValueError:  # over, or over before the learner's first move
            continue
        texts.append(board.to_text())
    return texts


class Singles:
    """One ``OthelloGymEnv`` per board and colour: the reference the vector env is held to."""

    def __init__(self, count: int, opponent: Any, **settings: Any) -> None:
        self.envs = [
            {c: OthelloGymEnv(opponent, learner=LEARNERS[c], **settings) for c in (0, 1)} for _ in range(count)
        ]
        self.playing = [0] * count  # the colour of each board's current game

    def reset(
        self, board: int, colour: int, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        self.playing[board] = colour
        return self.envs[board][colour].reset(options=options)

    def step(self, board: int, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        return self.envs[board][self.playing[board]].step(action)


def assert_same_board(board: int, observations: Any, infos: dict[str, Any], observation: Any, info: Any) -> None:
    """Board ``board`` of the vector env's output is the single env's ``observation`` and ``info``."""
    np.testing.assert_array_equal(observations[board], observation)
    np.testing.assert_array_equal(infos["action_mask"][board], info["action_mask"])
    assert tuple(infos["scores"][board].tolist()) == info["scores"]
    assert LEARNERS[int(infos["learner"][board])] == info["learner"]
    assert int(infos["opponent_action_count"][board]) == len(info["opponent_actions"])
    assert int(infos["last_opponent_action"][board]) == ([-1, *info["opponent_actions"]])[-1]
    assert int(infos["learner_passes"][board]) == info["learner_passes"]


def run_lockstep(
    opponent: Any, mode: str, *, learner: str, steps: int, count: int, seed: int, **settings: Any
) -> dict[str, int]:
    """Both forms side by side with the same learner moves, every board checked at every step; what happened."""
    rng = np.random.default_rng(seed)
    positions = random_positions(count, settings.get("board_size", 8), seed, opponent)
    envs = OthelloGymVectorEnv(count, opponent, learner=learner, autoreset_mode=mode, **settings)
    singles = Singles(count, opponent, **settings)
    observations, infos = envs.reset(seed=seed, options={"position": positions})
    for board in range(count):
        start = singles.reset(board, int(infos["learner"][board]), {"position": positions[board]})
        assert_same_board(board, observations, infos, *start)
    seen = {"ended": 0, "passes": 0, "replies": 0, "no-ops": 0}
    done = np.zeros(count, dtype=bool)
    for _ in range(steps):
        actions = choose(infos["action_mask"], rng)
        observations, rewards, terminations, truncations, infos = envs.step(actions)
        assert rewards.dtype == np.float32
        assert terminations.dtype == truncations.dtype == np.bool_
        assert not truncations.any()
        for board in range(count):
            colour = int(infos["learner"][board])
            if done[board] and mode == "NextStep":  # the vector env starts a new game on this step
                assert (rewards[board], terminations[board]) == (0.0, False)
                assert_same_board(board, observations, infos, *singles.reset(board, colour))
                continue
            if done[board]:  # DISABLED: a finished board is a no-op
                seen["no-ops"] += 1
                assert (rewards[board], terminations[board]) == (0.0, True)
                continue
            observation, reward, terminated, _, info = singles.step(board, int(actions[board]))
            assert (float(rewards[board]), bool(terminations[board])) == (reward, terminated)
            seen["ended"] += terminated
            seen["passes"] += info["learner_passes"]
            seen["replies"] += len(info["opponent_actions"])
            if terminated and mode == "SameStep":
                assert infos["_final_obs"][board]
                assert infos["_final_info"][board]
                assert_same_board(board, infos["final_obs"], infos["final_info"], observation, info)
                assert_same_board(board, observations, infos, *singles.reset(board, colour))
            else:
                assert_same_board(board, observations, infos, observation, info)
        if mode == "NextStep":
            done = terminations.copy()
        elif mode == "Disabled":
            done |= terminations
    return seen


@pytest.mark.parametrize("mode", ["NextStep", "SameStep", "Disabled"])
def test_lockstep__every_board_every_step_as_the_single_env(mode: str) -> None:
    seen = run_lockstep("greedy", mode, learner="random", steps=40, count=24, seed=1, board_size=6)
    assert seen["ended"] >= 24
    assert seen["replies"] > 150
    assert (seen["no-ops"] > 0) == (mode == "Disabled")


@pytest.mark.parametrize("opponent", [first_legal, GreedyAgent(), "greedy"], ids=["callable", "agent", "name"])
def test_lockstep__passes_on_small_boards_and_margin_rewards(opponent: Any) -> None:
    seen = run_lockstep(opponent, "NextStep", learner="white", steps=30, count=16, seed=2, board_size=4)
    assert seen["passes"] > 0
    assert seen["ended"] > 16
    seen = run_lockstep(opponent, "SameStep", learner="black", steps=20, count=8, seed=3, reward_mode="margin")
    assert seen["replies"] > 100


# -- exact values ----------------------------------------------------------------------------------------------------
def test_registry__make_vec_builds_the_native_vector_env() -> None:
    envs = gymnasium.make_vec(ID, num_envs=3, vectorization_mode="vector_entry_point", opponent="greedy", board_size=6)
    assert isinstance(envs, OthelloGymVectorEnv)
    assert envs.num_envs == 3
    assert envs.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    assert envs.single_observation_space == gymnasium.spaces.Box(0, 1, (2, 6, 6), dtype=np.int8)
    assert envs.single_action_space == gymnasium.spaces.Discrete(37)
    assert envs.observation_space == gymnasium.spaces.Box(0, 1, (3, 2, 6, 6), dtype=np.int8)
    assert envs.action_space == gymnasium.spaces.MultiDiscrete([37, 37, 37])
    assert envs.spec is not None
    assert envs.spec.kwargs["num_envs"] == 3
    assert repr(envs) == "OthelloGymVectorEnv(othello_zoo/Othello-v0, num_envs=3)"


def test_step__the_learners_moves_then_the_opponents_replies_exactly() -> None:
    envs = OthelloGymVectorEnv(4, "greedy")
    observations, infos = envs.reset(seed=0)
    assert [np.flatnonzero(row).tolist() for row in infos["action_mask"]] == [[19, 26, 37, 44]] * 4
    assert infos["scores"].tolist() == [[2, 2]] * 4
    assert (infos["learner"].tolist(), infos["last_opponent_action"].tolist()) == ([0] * 4, [-1] * 4)
    observations, rewards, terminations, _truncations, infos = envs.step(np.array([37, 19, 26, 44]))
    assert infos["last_opponent_action"].tolist() == [29, 18, 18, 29]
    assert infos["opponent_action_count"].tolist() == [1] * 4
    assert infos["scores"].tolist() == [[3, 3]] * 4
    assert rewards.tolist() == [0.0] * 4
    assert terminations.tolist() == [False] * 4
    expected = Board.start().step(37).step(29)
    planes, mask = expected.observation(0)
    np.testing.assert_array_equal(observations[0], planes)
    np.testing.assert_array_equal(infos["action_mask"][0], mask)
    assert engine.to_boards(envs.state)[0] == expected
    np.testing.assert_array_equal(envs.action_masks(), infos["action_mask"].astype(bool))


def test_reset__a_white_learner_sees_the_opponents_first_move() -> None:
    envs = OthelloGymVectorEnv(2, "greedy", learner="white")
    observations, infos = envs.reset(seed=0)
    assert infos["last_opponent_action"].tolist() == [19, 19]
    assert infos["learner"].tolist() == [1, 1]
    assert [np.flatnonzero(row).tolist() for row in infos["action_mask"]] == [[18, 20, 34]] * 2
    np.testing.assert_array_equal(observations[1], Board.start().step(19).observation(1)[0])
    assert observations[0][0].sum() == 1  # the learner's own discs first: white has one left after d3


def test_step__a_forced_pass_of_the_learner_is_played_for_it() -> None:
    envs = OthelloGymVectorEnv(2, first_legal, board_size=4)
    _, infos = envs.reset(options={"position": [PASS_4x4, Board.start(4).to_text()]})
    assert infos["opponent_action_count"].tolist() == [2, 0]
    assert infos["last_opponent_action"].tolist() == [7, -1]
    assert infos["learner_passes"].tolist() == [1, 0]
    assert np.flatnonzero(infos["action_mask"][0]).tolist() == [15]
    assert engine.to_boards(envs.state)[0] == Board.from_text(PASS_4x4).step(0).step(16).step(7)


def test_step__illegal_actions_raise_naming_the_first_board_and_change_nothing() -> None:
    envs = OthelloGymVectorEnv(3, "random")
    envs.reset(seed=3)
    state, generator = envs.state, envs.generator.get_state()
    message = r"board 1: action 0 is illegal \(a1\); legal: \[19, 26, 37, 44\] \(d3c4f5e6\); 1 more board"
    with pytest.raises(ValueError, match=message):
        envs.step(np.array([37, 0, 99]))
    with pytest.raises(ValueError, match=r"board 0: action 99 is not an int in 0..64; legal: \[19, 26, 37, 44\]"):
        envs.step(np.array([99, 37, 37]))
    with pytest.raises(TypeError, match="actions must be integers"):
        envs.step(np.array([37.0, 37.0, 37.0]))
    with pytest.raises(ValueError, match=r"actions must have shape \(3,\) \(one a board\), got \(2,\)"):
        envs.step([37, 37])
    assert envs.state is state
    assert torch.equal(envs.generator.get_state(), generator)
    _, rewards, terminations, _, infos = envs.step(torch.tensor([37, 37, 37]))
    assert (rewards.tolist(), terminations.tolist()) == ([0.0] * 3, [False] * 3)
    assert infos["scores"].tolist() == [[3, 3]] * 3


def test_step__an_illegal_action_loses_that_board_when_asked() -> None:
    envs = OthelloGymVectorEnv(2, "greedy", illegal_action="lose")
    start, _ = envs.reset(seed=0)
    observations, rewards, terminations, _, infos = envs.step([37, 0])
    assert (rewards.tolist(), terminations.tolist()) == ([0.0, -1.0], [False, True])
    assert infos["illegal_action"].tolist() == [False, True]
    assert np.flatnonzero(infos["action_mask"][1]).tolist() == [64]  # nothing left to play
    np.testing.assert_array_equal(observations[1], start[1])  # the board as it was
    legal = int(np.flatnonzero(infos["action_mask"][0])[0])
    observations, rewards, terminations, _, infos = envs.step([legal, 99])  # board 1 starts again; 99 ignored
    assert (rewards.tolist(), terminations.tolist(), infos["illegal_action"].tolist()) == (
        [0.0, 0.0],
        [False, False],
        [False, False],
    )
    np.testing.assert_array_equal(observations[1], start[1])


def test_autoreset__next_step_same_step_and_disabled_exactly() -> None:
    options = {"position": [END_4x4, END_4x4]}
    start = Board.start(4).observation(0)[0]
    final = Board.from_text(END_4x4).step(0).observation(0)[0]

    envs = OthelloGymVectorEnv(2, "greedy", board_size=4, reward_mode="margin")
    envs.reset(options=options)
    observations, rewards, terminations, _, infos = envs.step([0, 1])
    assert (rewards.tolist(), terminations.tolist()) == ([0.5, 0.0], [True, False])  # (9 - 1) / 16
    np.testing.assert_array_equal(observations[0], final)
    assert infos["scores"][0].tolist() == [9, 1]
    observations, rewards, terminations, _, infos = envs.step([64, int(np.flatnonzero(infos["action_mask"][1])[0])])
    assert (rewards[0], terminations[0], infos["scores"][0].tolist()) == (0.0, False, [2, 2])
    np.testing.assert_array_equal(observations[0], start)

    envs = OthelloGymVectorEnv(2, "greedy", board_size=4, autoreset_mode=AutoresetMode.SAME_STEP)
    envs.reset(options=options)
    observations, rewards, terminations, _, infos = envs.step([0, 1])
    assert (rewards.tolist(), terminations.tolist()) == ([1.0, 0.0], [True, False])
    assert (infos["_final_obs"].tolist(), infos["_final_info"].tolist()) == ([True, False], [True, False])
    np.testing.assert_array_equal(infos["final_obs"][0], final)
    assert infos["final_info"]["scores"][0].tolist() == [9, 1]
    np.testing.assert_array_equal(observations[0], start)
    assert infos["scores"][0].tolist() == [2, 2]

    envs = OthelloGymVectorEnv(1, "greedy", board_size=4, autoreset_mode="disabled")
    envs.reset(options={"position": END_4x4})
    envs.step([0])
    for _ in range(2):  # a finished board is a no-op, whatever its action
        observations, rewards, terminations, _, infos = envs.step([3])
        assert (rewards.tolist(), terminations.tolist(), infos["scores"].tolist()) == ([0.0], [True], [[9, 1]])
        np.testing.assert_array_equal(observations[0], final)
    observations, infos = envs.reset(options={"reset_mask": np.array([True])})
    np.testing.assert_array_equal(observations[0], start)
    assert infos["scores"].tolist() == [[2, 2]]
    assert envs.step([4])[2].tolist() == [False]


def test_reset__a_mask_restarts_only_those_boards_and_checks_its_input() -> None:
    envs = OthelloGymVectorEnv(3, "greedy")
    envs.reset(seed=0)
    envs.step([37, 37, 37])
    played = envs.state
    _observations, infos = envs.reset(options={"reset_mask": torch.tensor([False, True, False])})
    assert infos["scores"].tolist() == [[3, 3], [2, 2], [3, 3]]
    assert engine.to_text(envs.state)[0] == engine.to_text(played)[0]
    with pytest.raises(ValueError, match=r"options\['reset_mask'\] must be bool of shape \(3,\), got int64 \(3,\)"):
        envs.reset(options={"reset_mask": np.array([1, 0, 1])})
    with pytest.raises(ValueError, match=r"options has unknown keys \['opening'\]"):
        envs.reset(options={"opening": "f5"})
    over = "X" * 64 + " O"
    with pytest.raises(ValueError, match=r"board 2: the game is over at this start position"):
        envs.reset(options={"position": [Board.start().to_text()] * 2 + [over]})
    assert infos["scores"].tolist() == engine.scores(envs.state).tolist()  # unchanged by the refused resets


def test_constructor__bad_arguments_are_named() -> None:
    cases: list[tuple[dict[str, Any], type[Exception], str]] = [
        ({"learner": "blue"}, ValueError, "learner must be one of 'black', 'white', 'random', got 'blue'"),
        ({"array_type": "jax"}, ValueError, "array_type must be 'numpy' or 'torch', got 'jax'"),
        ({"autoreset_mode": "sometimes"}, ValueError, "autoreset_mode must be an AutoresetMode or one of"),
        ({"render_mode": "human"}, ValueError, "render_mode must be None"),
        ({"opponent": "best"}, ValueError, "opponent must be one of"),
        ({"opponent": first_legal, "opponent_options": {"depth": 1}}, TypeError, "opponent_options are for a built-in"),
        ({"opponent": "greedy", "opponent_options": {"depth": 1}}, TypeError, "the greedy agent takes no options"),
        ({"num_envs": 0}, ValueError, "num_envs must be an int >= 1, got 0"),
        ({"speed": 2}, TypeError, r"OthelloGymVectorEnv\(\) got unexpected keyword arguments \['speed'\]"),
    ]
    for kwargs, error, message in cases:
        with pytest.raises(error, match=message):
            OthelloGymVectorEnv(**({"num_envs": 2} | kwargs))
    with pytest.raises(ValueError, match=r"call reset\(\) before the first step\(\)"):
        OthelloGymVectorEnv(2).step([19, 19])


def test_opponent__an_illegal_answer_is_named() -> None:
    def always_a1(observation: np.ndarray, mask: np.ndarray) -> int:
        return 0

    name = "test_opponent__an_illegal_answer_is_named.always_a1"
    message = f"board 0: the opponent {name} answered 0, which is illegal here (a1); legal: [19, 26, 37, 44] (d3c4f5e6)"
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        OthelloGymVectorEnv(2, always_a1, learner="white").reset(seed=0)

    def after_the_pass(observation: np.ndarray, mask: np.ndarray) -> int:  # illegal only for its reply to a pass
        legal = np.flatnonzero(mask)
        return 5 if legal[0] == 7 else int(legal[0])

    envs = OthelloGymVectorEnv(2, after_the_pass, board_size=4)
    name = "test_opponent__an_illegal_answer_is_named.after_the_pass"
    message = f"board 1: the opponent {name} answered 5, which is illegal here (b2); legal: [7, 13] (d2b4)"
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        envs.reset(options={"position": [Board.start(4).to_text(), PASS_4x4]})

    class Batched:
        def act_states(self, state: engine.State) -> torch.Tensor:
            return torch.zeros(state.batch_size, dtype=torch.int64)

    name = "test_opponent__an_illegal_answer_is_named.Batched object"
    message = f"board 0: the opponent {name} answered 0, which is illegal here (a1); legal: [19, 26, 37, 44] (d3c4f5e6)"
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        OthelloGymVectorEnv(2, Batched(), learner="white").reset(seed=0)


def test_opponent__random_and_greedy_never_go_board_by_board(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(state: engine.State) -> list[Board]:
        raise AssertionError("a per-board conversion")

    monkeypatch.setattr(engine, "to_boards", refuse)
    for opponent in ("random", "greedy"):
        envs = OthelloGymVectorEnv(64, opponent, learner="random", board_size=4, illegal_action="lose")
        _, infos = envs.reset(seed=0)
        rng = np.random.default_rng(0)
        for _ in range(12):
            infos = envs.step(choose(infos["action_mask"], rng))[4]
        assert infos["learner"].tolist().count(1) > 10


def test_opponent__az_searches_all_its_boards_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    batches: list[int] = []
    act_states = AlphaZeroAgent.act_states

    def spy(self: AlphaZeroAgent, state: engine.State) -> torch.Tensor:
        batches.append(state.batch_size)
        return act_states(self, state)

    monkeypatch.setattr(AlphaZeroAgent, "act_states", spy)
    options = {"simulations": 4}
    envs = OthelloGymVectorEnv(5, "az", learner="white", board_size=6, opponent_options=options)
    _, infos = envs.reset(seed=0)
    assert batches == [5]
    assert all(a in Board.start(6).legal_actions() for a in infos["last_opponent_action"].tolist())
    envs.step(choose(infos["action_mask"], np.random.default_rng(0)))
    assert batches[1] == 5


def test_seed__the_same_seed_replays_the_same_games() -> None:
    def trajectory(seed: int) -> list[Any]:
        envs = OthelloGymVectorEnv(8, "random", learner="random", opening_book="xot", illegal_action="lose")
        out: list[Any] = [envs.reset(seed=seed)]
        rng = np.random.default_rng(0)
        for _ in range(10):
            out.append(envs.step(choose(out[-1][-1]["action_mask"], rng)))
        return out

    first = trajectory(7)
    assert data_equivalence(first, trajectory(7), exact=True)
    assert not data_equivalence(first, trajectory(8))
    assert sorted(set(first[0][1]["learner"].tolist())) == [0, 1]
    assert all(sum(scores) >= 12 for scores in first[0][1]["scores"].tolist())  # 8 book moves, a reply perhaps


def test_arrays__numpy_views_are_not_reused_and_masks_are_copies() -> None:
    envs = OthelloGymVectorEnv(4, "greedy")
    observations, infos = envs.reset(seed=0)
    kept = (observations.copy(), infos["action_mask"].copy())
    masks = envs.action_masks()
    masks[:] = False
    envs.step(np.array([37, 19, 26, 44]))
    np.testing.assert_array_equal(observations, kept[0])
    np.testing.assert_array_equal(infos["action_mask"], kept[1])
    assert envs.action_masks().any(1).all()


def test_arrays__torch_tensors_on_the_device(device: str, on_device: torch.device) -> None:
    envs = OthelloGymVectorEnv(16, "random", device=device, array_type="torch", learner="random")
    observations, infos = envs.reset(seed=0)
    assert (observations.device, observations.dtype, observations.shape) == (on_device, torch.int8, (16, 2, 8, 8))
    generator = torch.Generator(device=on_device).manual_seed(0)
    for _ in range(20):
        actions = engine.sample_actions(envs.action_masks(), generator)
        observations, rewards, terminations, _truncations, infos = envs.step(actions)
    assert rewards.device == terminations.device == infos["action_mask"].device == on_device
    assert (rewards.dtype, terminations.dtype, infos["scores"].dtype) == (torch.float32, torch.bool, torch.int64)
    assert envs.action_masks().dtype == torch.bool
    numpy_envs = OthelloGymVectorEnv(2, "greedy", device=device)
    assert isinstance(numpy_envs.reset(seed=0)[0], np.ndarray)


# -- Gymnasium's vector API and wrappers -----------------------------------------------------------------------------
def test_gymnasium__outputs_belong_to_the_spaces_under_sampled_actions() -> None:
    envs = gymnasium.make_vec(ID, 6, vectorization_mode="vector_entry_point", board_size=4, illegal_action="lose")
    observations, infos = envs.reset(seed=0)
    envs.action_space.seed(0)
    for _ in range(30):  # mostly illegal actions: each loses its board's game, which then starts again
        assert envs.observation_space.contains(observations)
        assert all(envs.single_observation_space.contains(row) for row in observations)
        observations, rewards, terminations, truncations, infos = envs.step(envs.action_space.sample())
        assert rewards.shape == terminations.shape == truncations.shape == (6,)
        assert set(infos) == {
            "action_mask",
            "scores",
            "learner",
            "opponent_action_count",
            "last_opponent_action",
            "learner_passes",
            "illegal_action",
        }
        assert all(value.shape[0] == 6 for value in infos.values())
    envs.close()
    assert envs.closed


def test_wrappers__record_episode_statistics_counts_each_boards_games() -> None:
    envs = RecordEpisodeStatistics(OthelloGymVectorEnv(16, "random", board_size=4))
    _, infos = envs.reset(seed=0)
    rng = np.random.default_rng(0)
    returns, lengths, restarting = np.zeros(16), np.zeros(16, dtype=int), np.zeros(16, dtype=bool)
    episodes = 0
    for _ in range(30):
        _, rewards, terminations, _, infos = envs.step(choose(infos["action_mask"], rng))
        returns = np.where(restarting, 0.0, returns + rewards)
        lengths = np.where(restarting, 0, lengths + 1)
        if terminations.any():
            np.testing.assert_array_equal(infos["_episode"], terminations)
            np.testing.assert_array_equal(infos["episode"]["r"][terminations], returns[terminations])
            np.testing.assert_array_equal(infos["episode"]["l"][terminations], lengths[terminations])
            assert set(returns[terminations].tolist()) <= {-1.0, 0.0, 1.0}
            episodes += int(terminations.sum())
        restarting = terminations
    assert episodes == len(envs.return_queue) or len(envs.return_queue) == 100
    assert episodes > 30
    observations, _ = envs.reset(options={"reset_mask": np.arange(16) < 4})
    assert observations.shape == (16, 2, 4, 4)


def test_wrappers__normalize_clip_and_list_infos_run_over_it() -> None:
    envs = DictInfoToList(ClipReward(NormalizeReward(OthelloGymVectorEnv(8, "greedy", board_size=4)), -0.5, 0.5))
    _, infos = envs.reset(seed=0)
    assert len(infos) == 8
    assert infos[3]["action_mask"].shape == (17,)
    assert infos[3]["scores"].tolist() == [2, 2]
    rng = np.random.default_rng(0)
    for _ in range(20):
        masks = np.stack([info["action_mask"] for info in infos])
        _, rewards, _, _, infos = envs.step(choose(masks, rng))
        assert ((rewards >= -0.5) & (rewards <= 0.5)).all()


# -- the bench row ---------------------------------------------------------------------------------------------------
def test_bench__gym_vector_row_counts_two_board_steps_a_step() -> None:
    result = bench.measure_backend("gym-vector", 8, "cpu", 8, 0.01, 1)
    assert (result.backend, result.batch_size, result.board_size) == ("gym-vector", 8, 8)
    assert result.board_steps_per_s == pytest.approx(2 * 8 * result.steps / result.seconds)
    args = bench.build_parser().parse_args(["--backends", "vector,gym-vector", "--batch-sizes", "4096"])
    assert bench.plan(args, ["cpu"]) == ([("cpu", 0, "vector", 4096), ("cpu", 0, "gym-vector", 4096)], [])


def test_bench__peak_memory_of_the_env_rows_above_8x8() -> None:
    # the envs' rows warm up on the kernel they use ("auto": conv above 8 x 8), in a fresh process
    assert 0 <= bench.peak_memory_mib("gym-vector", 8, "cpu", 10) < 1024
