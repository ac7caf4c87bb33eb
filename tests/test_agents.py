"""Baseline players against a brute-force reference; every agent from PettingZoo observation dicts and batches."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
import torch
from reference import flips, random_game_positions

from othello_zoo import agents, engine, othello_v0
from othello_zoo.agents import (
    AGENT_CLASSES,
    AlphaBetaAgent,
    GreedyAgent,
    MCTSAgent,
    POSITIONAL_8x8,
    RandomAgent,
    board_from_observation,
    greedy_actions,
    random_actions,
)
from othello_zoo.core.board import Board


def reference_greedy(text: str) -> int:
    from reference import RefGame

    game = RefGame.from_text(text)
    legal = game.legal_actions()
    if legal == [64]:
        return 64
    weights = [v for row in POSITIONAL_8x8 for v in row]
    return max(legal, key=lambda a: (len(flips(game.cells, 8, a, game.to_move)), weights[a], -a))


def test_greedy__matches_a_brute_force_reference_on_random_positions(device: str, on_device: torch.device) -> None:
    rng = random.Random(0)
    texts = [random_game_positions(8, rng.randrange(2**31), rng.randrange(0, 58)).text() for _ in range(300)]
    expected = [reference_greedy(t) for t in texts]
    for backend in ("bitboard", "conv"):
        state = engine.from_text(texts, device=device, backend=backend)  # type: ignore[arg-type]
        actions = greedy_actions(state)
        assert actions.device == on_device
        assert actions.tolist() == expected


def test_greedy__prefers_the_corner_among_equal_flips(device: str) -> None:
    # Black can take a1 (flips b2) or c3... build: white b2, black c3; also white g7 black f6? keep one.
    rows = ["--------", "-O------", "--X-----", "--------", "--------", "--------", "--------", "--------"]
    text = "".join(rows) + " X"
    state = engine.from_text([text], device=device)
    assert engine.legal_action_mask(state)[0].nonzero().flatten().tolist() == [0]
    assert greedy_actions(state).tolist() == [0]


def test_random_actions__are_legal_everywhere(device: str) -> None:
    g = torch.Generator(device=device).manual_seed(0)
    state = engine.init(64, device=device)
    boards = torch.arange(64, device=device)
    for _ in range(70):
        actions = random_actions(state, g)
        mask = engine.legal_action_mask(state)
        assert bool(mask[boards, actions].all())
        state = engine.step(state, actions)
    assert bool(state.terminated.all())


OBSERVATION_AGENTS = ["random", "greedy", "mcts", "alphabeta", "az"]


def observation_agent(name: str, device: str) -> Any:
    """A small agent of each kind; those with a device (mcts, az) on ``device``."""
    agent = {
        "random": lambda: RandomAgent(seed=0),
        "greedy": GreedyAgent,
        "mcts": lambda: MCTSAgent(simulations=32, leaves_per_batch=8, rollouts_per_leaf=2, seed=0, device=device),
        "alphabeta": lambda: AlphaBetaAgent(depth=1, endgame=4),
        "az": lambda: agents.make_agent("az", board_size=6, simulations=8, device=device),  # the shipped 6 x 6 network
    }[name]()
    assert agent.name == name
    return agent


@pytest.mark.parametrize("name", OBSERVATION_AGENTS)
def test_agents__play_whole_games_from_aec_observation_dicts(name: str, device: str) -> None:
    agent = observation_agent(name, device)
    env = othello_v0.env(board_size=6)
    opponent = RandomAgent(seed=1)
    for game in range(2):
        env.reset(seed=game)
        players = {"black_0": agent, "white_0": opponent} if game == 0 else {"black_0": opponent, "white_0": agent}
        for name in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            env.step(None if termination or truncation else players[name].act(observation))
        board = env.unwrapped.board
        assert board.terminated
        assert not board.forfeited  # every action taken from the dicts was legal


@pytest.mark.parametrize("name", OBSERVATION_AGENTS)
def test_agents__play_whole_games_from_parallel_observation_dicts(name: str, device: str) -> None:
    agent = observation_agent(name, device)
    env = othello_v0.parallel_env(board_size=6, illegal_action="raise")
    observations, _ = env.reset(seed=0)
    while env.agents:  # one agent plays both colours; the waiting side answers the null action
        actions = {name: agent.act(observations[name]) for name in env.agents}
        waiting = env.possible_agents[1 - env.board.current_player]
        assert actions[waiting] == 36
        observations, *_ = env.step(actions)
    assert env.board.terminated
    assert not env.board.forfeited


def test_agents__an_observation_gives_the_same_move_as_the_board() -> None:
    env = othello_v0.raw_env()
    env.reset(options={"opening": "f5d6c3d3c4f4c5b3"})
    for agent in (GreedyAgent(), AlphaBetaAgent(depth=2)):
        assert agent.act(env.observe(env.agent_selection)) == agent.act(env.board)
    assert GreedyAgent().act(env.observe(env.agent_selection)) == 10  # c2 flips the most


def test_board_from_observation__rejects_malformed_dicts() -> None:
    env = othello_v0.raw_env()
    env.reset()
    good = env.observe("black_0")
    with pytest.raises(ValueError, match="needs 'observation' and 'action_mask'"):
        board_from_observation({"obs": good["observation"]})
    with pytest.raises(ValueError, match=r"must have shape \(2, n, n\)"):
        board_from_observation({**good, "observation": good["observation"][:, :7]})
    with pytest.raises(ValueError, match=r"must have shape \(65,\)"):
        board_from_observation({**good, "action_mask": good["action_mask"][:64]})
    with pytest.raises(ValueError, match="a square in both planes"):
        board_from_observation({**good, "observation": np.ones((2, 8, 8), dtype=np.int8)})
    wrong_mask = good["action_mask"].copy()
    wrong_mask[0] = 1
    with pytest.raises(ValueError, match=r"marks \[0, 19, 26, 37, 44\], but the legal moves"):
        board_from_observation({**good, "action_mask": wrong_mask})


def test_act_batch__on_the_vector_envs_mover_observations(device: str, on_device: torch.device) -> None:
    env = othello_v0.vector_env(64, board_size=6, illegal_action="raise", device=device)
    env.reset(seed=0)
    greedy, rng = GreedyAgent(), RandomAgent(seed=0)
    boards = torch.arange(64, device=device)
    for ply in range(40):
        observation, mask = env.observe_movers()
        actions = (greedy if ply % 2 else rng).act_batch(observation, mask)
        assert actions.dtype == torch.int64
        assert actions.device == on_device
        assert bool(mask[boards, actions].all())
        if ply % 2:
            assert actions.tolist() == greedy_actions(env.state).tolist()
        env.step_movers(actions)


def test_agent_classes__by_the_names_make_agent_takes(device: str, on_device: torch.device) -> None:
    assert sorted(AGENT_CLASSES) == ["alphabeta", "az", "greedy", "mcts", "random", "uct"]
    for name, cls in AGENT_CLASSES.items():
        options = {"board_size": 6} if name == "az" else {}  # the network shipped for 6 x 6
        assert isinstance(agents.make_agent(name, seed=0, **options), cls)
    for name in ("mcts", "az"):  # the agents that take a device
        options = {"board_size": 6} if name == "az" else {}
        agent = agents.make_agent(name, seed=0, device=device, **options)
        assert isinstance(agent, AGENT_CLASSES[name])
        assert agent.device == on_device


def test_agents__an_unknown_attribute_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'AGENTS'"):
        _ = agents.AGENTS
    with pytest.raises(AttributeError, match="no attribute 'AGENT_CLASSES_'"):
        _ = agents.AGENT_CLASSES_


# Positions with 11 empties, white to move, where exactly one move wins (found with the endgame
# solver; the same as the batched search's tests).
ONE_WINNING_MOVE = [
    ("---O-OXXX--OOXXOXXXXXXXOXXXXXOXOXOXXOOXOOXXXXOXO-X-X-XXOX-XXXXX- O", 63),
    ("---OO---XXXX-O-XOOOXXOO-O-XXOXOO-XXXXOOOXXXXXXOOXXXXXXOOXOOOOOOX O", 0),
    ("-OOOOX--OOXXX-OOOOXXXXO-OOXXXX--OOXOXXX-OOOXXXX-OOOOOXX--XOXXXXX O", 56),
    ("--XXXXXX-OOOOXXO-OXOXXXX--OXOOXX-OXOXOX--XOOOXOOXXXXX-XOOXXX-OXX O", 39),
]


@pytest.mark.parametrize(("text", "winning"), ONE_WINNING_MOVE)
def test_uct__finds_the_only_winning_move_of_the_solver(text: str, winning: int) -> None:
    from othello_zoo.agents.alphabeta import solve_exact
    from othello_zoo.agents.uct import UCTAgent

    board = Board.from_text(text)
    assert solve_exact(board).move == winning
    assert UCTAgent(simulations=3000, seed=0).act(board) == winning


def test_uct__seeded_reproducible_and_beats_random_on_6x6() -> None:
    from othello_zoo.agents.uct import UCTAgent

    start = Board.start(6)
    first = [UCTAgent(simulations=60, seed=s).act(start) for s in range(6)]
    assert first == [UCTAgent(simulations=60, seed=s).act(start) for s in range(6)]
    assert set(first) <= set(start.legal_actions())
    wins = 0
    for game in range(10):
        uct, rand = UCTAgent(simulations=100, seed=game), agents.make_agent("random", seed=100 + game)
        board, uct_colour = start, game % 2
        while not board.terminated:
            board = board.step((uct if board.current_player == uct_colour else rand).act(board))
        wins += board.scores()[uct_colour] > board.scores()[1 - uct_colour]
    assert wins >= 9
    with pytest.raises(ValueError, match="simulations"):
        UCTAgent(simulations=0)
    with pytest.raises(ValueError, match="c must be"):
        UCTAgent(c=-1.0)
