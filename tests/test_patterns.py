"""The learned evaluation (othello_zoo.agents.patterns): the instances and their indices, the shipped tables and
their loader, and what the tables know: held-out tournament positions, told better than the hand-made evaluation."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from wthor import positions_of, read_games

from othello_zoo.agents import AlphaBetaAgent, alphabeta, patterns
from othello_zoo.agents.patterns import INSTANCES, OFFSETS, STAGES, TOTAL, instance_indices, load_tables, stage_of
from othello_zoo.core.board import Board, squares_of


def test_instances__every_orientation_of_each_shape_once_and_every_square_seen() -> None:
    by_shape = {name: sum(1 for shape, _ in INSTANCES if shape == name) for name in patterns.SHAPES}
    assert by_shape == {
        "edge+2x": 4,
        "corner 3x3": 4,
        "corner 2x5": 8,
        "row 2": 4,
        "row 3": 4,
        "row 4": 4,
        "diagonal 8": 2,
        "diagonal 7": 4,
        "diagonal 6": 4,
        "diagonal 5": 4,
        "diagonal 4": 4,
    }
    assert set().union(*(set(squares) for _, squares in INSTANCES)) == set(range(64))
    assert TOTAL == 2 * 3**10 + 3**9 + 4 * 3**8 + 3**7 + 3**6 + 3**5 + 3**4 == 167_265
    assert [stage_of(e) for e in (60, 57, 56, 24, 5, 4, 0)] == [0, 0, 1, 9, 13, 14, 14]


def test_instance_indices__base_three_digits_from_the_first_square() -> None:
    assert instance_indices(0, 0) == [OFFSETS[name] for name, _ in INSTANCES]
    # The mover on a1 (square 0, the first digit of the first edge and corner instances), the opponent on b1.
    found = instance_indices(1 << 0, 1 << 1)
    edge = INSTANCES.index(("edge+2x", (0, 1, 2, 3, 4, 5, 6, 7, 9, 14)))
    assert found[edge] == OFFSETS["edge+2x"] + 1 * 1 + 2 * 3
    # The first column's edge (the first row's, transposed): a1 its first digit, b1 not in it.
    column = INSTANCES.index(("edge+2x", (0, 8, 16, 24, 32, 40, 48, 56, 9, 49)))
    assert found[column] == OFFSETS["edge+2x"] + 1
    corner = INSTANCES.index(("corner 3x3", (0, 1, 2, 8, 9, 10, 16, 17, 18)))
    assert found[corner] == OFFSETS["corner 3x3"] + 1 + 2 * 3
    # Instances away from a1 and b1 read an empty board.
    row4 = INSTANCES.index(("row 4", tuple(range(24, 32))))
    assert found[row4] == OFFSETS["row 4"]


def test_load_tables__the_shipped_tables_and_files_that_are_not_tables(tmp_path: Path) -> None:
    tables = load_tables()
    assert (tables.weights.shape, tables.weights.dtype) == ((STAGES, TOTAL), np.int16)
    assert (tables.scalars.shape, tables.scalars.dtype) == ((STAGES, 3), np.int32)
    assert not tables.weights.flags.writeable
    assert (tables.scalars[:, 0] > 0).all()  # more moves than the opponent is good in every stage
    wrong = tmp_path / "wrong.npz"
    np.savez(wrong, weights=np.zeros((STAGES, 10), np.int16), scalars=np.zeros((STAGES, 3), np.int32))
    with pytest.raises(ValueError, match=r"weights of shape \(15, 10\)"):
        load_tables(wrong)
    pickled = tmp_path / "pickled.npz"
    np.savez(pickled, weights=np.array([object()]), scalars=np.zeros(1))
    with pytest.raises(ValueError, match="is not a pattern table file"):
        load_tables(pickled)  # an object array would need pickle: never loaded
    with pytest.raises(ValueError, match="is not a pattern table file"):
        load_tables(tmp_path / "absent.npz")


def held_out_positions(stage_range: range) -> tuple[list[Board], np.ndarray]:
    """Positions of the WTHOR games the tables were not fitted to (every fifth), of the given stages, with the final
    disc difference for the mover from perfect play after 24 empties."""
    boards, labels = [], []
    for number, game in enumerate(read_games()):
        if number % 5:
            continue
        for board, _ in positions_of(game):
            empties = 64 - sum(board.scores())
            if stage_of(empties) in stage_range and empties >= 24:
                boards.append(board)
                black = 2 * game.theoretical - 64
                labels.append(black if board.current_player == 0 else -black)
        if len(boards) >= 3000:
            break
    return boards, np.array(labels)


def test_tables__tell_held_out_games_better_than_the_hand_made_evaluation() -> None:
    """On positions of 25 to 40 empties from games the tables never saw, the learned value correlates with the
    game's theoretical outcome better than the hand-made evaluation does (0.79 against 0.66 over these stages)."""
    boards, labels = held_out_positions(range(5, 9))
    learned = np.array([alphabeta.evaluate(board) for board in boards])
    hand = np.array([alphabeta.evaluate(board, evaluation="hand") for board in boards])
    ours, theirs = np.corrcoef(learned, labels)[0, 1], np.corrcoef(hand, labels)[0, 1]
    assert ours > 0.75, ours
    assert ours > theirs + 0.1, (ours, theirs)


def beside_the_line(count: int) -> tuple[list[Board], np.ndarray]:
    """Positions one other move away from the held-out games' position of 12 empties (a game's own move left out),
    the mover with a placement, and their exact scores."""
    boards = []
    for number, game in enumerate(read_games()):
        if number % 5:
            continue
        for board, move in positions_of(game):
            if 64 - sum(board.scores()) == 12:
                others = [board.step(square) for square in squares_of(board.moves) if square != move]
                boards += [child for child in others if child.moves]
                break
        if len(boards) >= count:
            break
    return boards[:count], np.array([alphabeta.solve_exact(board).score for board in boards[:count]])


def test_endgame_tables__tell_exact_scores_off_the_games_line_better() -> None:
    """The solver's tables, fitted to exact scores, miss the exact score of positions beside the held-out games' line
    by less than the tournament-fitted tables (about 9 discs against 13 at 9-12 empties over 35,168 such positions)."""
    endgame = load_tables(patterns.ENDGAME_TABLES)
    assert (endgame.weights.shape, endgame.scalars.shape) == ((STAGES, TOTAL), (STAGES, 3))
    boards, exact = beside_the_line(120)
    assert len(boards) == 120
    assert {64 - sum(b.scores()) for b in boards} == {11}
    errors = {}
    for name, tables in (("endgame", endgame), ("tournament", load_tables())):
        search = alphabeta._Search(8, tables)
        values = np.array([search.evaluate(board.own, board.opp) / 1000 for board in boards])
        errors[name] = float(np.sqrt(np.mean((values - exact) ** 2)))
    assert errors["endgame"] < 11.0 < 12.0 < errors["tournament"], errors


def test_evaluation__choices_and_board_sizes() -> None:
    with pytest.raises(ValueError, match=r"evaluation must be one of 'auto', 'patterns', 'hand', got 'deep'"):
        AlphaBetaAgent(evaluation="deep")
    six = Board.start(6)
    assert AlphaBetaAgent(depth=2).act(six) == AlphaBetaAgent(depth=2, evaluation="hand").act(six)  # auto: hand
    with pytest.raises(ValueError, match=r"evaluation='patterns' plays 8 x 8 boards .* got 6 x 6"):
        AlphaBetaAgent(depth=2, evaluation="patterns").act(six)
    start = Board.start()
    assert alphabeta.evaluate(start) == alphabeta.evaluate(start, evaluation="patterns") != 0.0
    assert alphabeta.evaluate(start, evaluation="hand") == 0.0
