"""MCTS: legal and reproducible moves, the solver, and strength (slow group)."""

from __future__ import annotations

import pytest
import torch

from othello_zoo.agents import GreedyAgent, MCTSAgent, RandomAgent, make_agent
from othello_zoo.core.board import Board


def play(black: object, white: object, board: Board | None = None) -> tuple[int, int]:
    board = board or Board.start()
    agents = (black, white)
    while not board.terminated:
        board = board.step(agents[board.current_player].act(board))  # type: ignore[attr-defined]
    return board.scores()


def test_mcts__seeded_agents_are_reproducible(device: str) -> None:
    board = Board.start()
    for move in (37, 43, 34):
        board = board.step(move)
    first = [MCTSAgent(simulations=512, seed=3, device=device).act(board) for _ in range(2)]
    assert first[0] == first[1]
    assert first[0] in board.legal_actions()


def test_mcts__solver_proves_a_won_position_and_plays_the_winning_move(device: str) -> None:
    # White to move: a1 flips b1-g1 (closed by h1) and b2 (closed by c3), wiping black out; a2
    # flips b2 only and the game goes on.
    board = Board.from_text("-XXXXXXO" + "-XO-----" + "--O-----" + "-" * 40 + " O")
    assert board.legal_actions() == [0, 8]
    agent = MCTSAgent(simulations=100_000, seed=0, device=device)
    assert agent.act(board) == 0
    assert agent.last_simulations < 100_000  # the search stopped once the root was proven
    only = Board.from_text("-XXXXXXO" + "-" * 56 + " O")
    assert only.legal_actions() == [0]
    assert MCTSAgent(simulations=64, seed=0, device=device).act(only) == 0  # a single legal move is played at once


def test_mcts__beats_random_in_a_short_match() -> None:
    wins = 0
    for game in range(4):
        mcts, rnd = MCTSAgent(simulations=256, seed=game), RandomAgent(seed=10 + game)
        black, white = play(mcts, rnd) if game % 2 == 0 else play(rnd, mcts)[::-1]
        wins += black > white
    assert wins >= 3


def test_make_agent__names(device: str, on_device: torch.device) -> None:
    assert make_agent("mcts", seed=1, simulations=10).simulations == 10
    agent = make_agent("mcts", seed=1, simulations=10, device=device)
    assert (agent.device, agent.generator.device) == (on_device, on_device)
    assert isinstance(make_agent("greedy"), GreedyAgent)
    with pytest.raises(ValueError, match="agent must be one of"):
        make_agent("alphago")


@pytest.mark.slow
@pytest.mark.parametrize(("opponent", "games", "needed"), [("random", 12, 0.95), ("greedy", 16, 0.80)])
def test_mcts__strength_with_1000_simulations(opponent: str, games: int, needed: float) -> None:
    """Colours alternate; games start after 4 random plies, so that the deterministic greedy
    player meets varied games."""
    score = 0.0
    for game in range(games):
        mcts = MCTSAgent(simulations=1000, seed=game)
        other = RandomAgent(seed=1000 + game) if opponent == "random" else GreedyAgent()
        start, opening = Board.start(), RandomAgent(seed=game)
        for _ in range(4):
            start = start.step(opening.act(start))
        if game % 2 == 0:
            mine, theirs = play(mcts, other, start)
        else:
            theirs, mine = play(other, mcts, start)
        score += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
    print(f"MCTS(1000) vs {opponent}: {score} / {games} (wins count 1, draws 0.5)")
    assert score / games >= needed, score
