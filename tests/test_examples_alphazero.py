"""The alpha-zero-general example runs to completion with tiny settings."""

from __future__ import annotations

import numpy as np
import pytest
from helpers import load_example

from othello_zoo.compat.alphazero import OthelloGame


def test_example__alphazero_general_tiny() -> None:
    example = load_example("alphazero_general")
    results = example.main(["--games", "2", "--simulations", "4", "--playouts", "2", "--board-size", "6"])
    assert (results["board_size"], results["games"], results["simulations"], results["playouts"]) == (6, 2, 4, 2)
    assert results["wins"] + results["losses"] + results["draws"] == 2
    assert results["win_rate"] == results["wins"] / 2
    assert results["score"] == (results["wins"] + results["draws"] / 2) / 2
    assert results["seconds"] > 0


def test_example__alphazero_general_search_prefers_a_won_finish() -> None:
    example = load_example("alphazero_general")
    game = OthelloGame(4)
    evaluator = example.PlayoutEvaluator(game, playouts=2, seed=0)
    # The mover (1) has a4 and b4; with best play a4 wins and b4 loses (solved exhaustively).
    board = np.array([[-1, 1, 1, 1], [-1, -1, 1, 1], [-1, -1, -1, 1], [0, 0, -1, 0]], dtype=np.int8)
    assert np.flatnonzero(game.getValidMoves(board, 1)).tolist() == [12, 13]
    winning = np.zeros(17)
    winning[12] = 1.0
    chosen = []
    for image, target in game.getSymmetries(board, winning):  # the same choice in every orientation
        tree = example.MCTS(game, evaluator, simulations=40)
        chosen.append(int(np.argmax(tree.action_probabilities(image, temp=0))) == int(np.argmax(target)))
    assert chosen == [True] * 8


def test_example__alphazero_general_rejects_empty_settings() -> None:
    example = load_example("alphazero_general")
    with pytest.raises(SystemExit) as exit_:
        example.main(["--games", "0"])
    assert exit_.value.code == 2
