"""Hand-made positions with exact expected boards, on every backend."""

from __future__ import annotations

import pytest
import torch
from helpers import draw, position

from othello_zoo import engine
from othello_zoo.notation import square_to_index

DIRECTIONS = {
    "N": (-1, 0),
    "S": (1, 0),
    "W": (0, -1),
    "E": (0, 1),
    "NW": (-1, -1),
    "NE": (-1, 1),
    "SW": (1, -1),
    "SE": (1, 1),
}


def play(text: str, move: str, backend: str) -> engine.State:
    state = engine.from_text(text, backend=backend)  # type: ignore[arg-type]
    n = state.board_size
    return engine.step(state, torch.tensor([square_to_index(move, n)]))


def legal(text: str, backend: str) -> list[int]:
    state = engine.from_text(text, backend=backend)  # type: ignore[arg-type]
    return engine.legal_action_mask(state)[0].nonzero().flatten().tolist()


def _board_with(cells: dict[tuple[int, int], str], n: int = 8) -> list[str]:
    rows = [["-"] * n for _ in range(n)]
    for (r, c), disc in cells.items():
        rows[r][c] = disc
    return ["".join(r) for r in rows]


@pytest.mark.parametrize("name", DIRECTIONS)
def test_step__flips_a_run_in_each_direction(name: str, backend: str) -> None:
    dr, dc = DIRECTIONS[name]
    r0, c0 = 3, 3  # d4, with room for 3 steps in every direction
    before = {(r0 + t * dr, c0 + t * dc): "O" for t in (1, 2)} | {(r0 + 3 * dr, c0 + 3 * dc): "X"}
    after = {(r0 + t * dr, c0 + t * dc): "X" for t in (0, 1, 2, 3)}
    state = play(position(_board_with(before)), "d4", backend)
    assert engine.to_text(state) == [position(_board_with(after), "O")]
    # white has no discs left: the game is over, black wins 4-0
    assert state.terminated.tolist() == [True]
    assert engine.scores(state).tolist() == [[4, 0]]
    assert engine.rewards(state).tolist() == [[1.0, -1.0]]


def test_step__longest_run_from_a_corner_in_three_directions(backend: str) -> None:
    rows = [
        "-OOOOOOX",
        "OO------",
        "O-O-----",
        "O--O----",
        "O---O---",
        "O----O--",
        "O-----O-",
        "X------X",
    ]
    assert legal(position(rows), backend) == [0]
    state = play(position(rows), "a1", backend)
    expected = [
        "XXXXXXXX",
        "XX------",
        "X-X-----",
        "X--X----",
        "X---X---",
        "X----X--",
        "X-----X-",
        "X------X",
    ]
    assert draw(engine.to_text(state)[0]) == expected
    assert engine.to_text(state)[0].endswith(" O")  # the side to move is recorded even when over
    assert state.terminated.tolist() == [True]


def test_step__several_directions_but_not_unclosed_rays(backend: str) -> None:
    rows = [
        "--------",
        "--X-----",
        "--O-----",
        "XO-OOO--",  # west closed by X, east open (runs into an empty square)
        "--O-----",
        "--O-----",
        "--O-----",
        "--O-----",  # south runs off the board: no flip
    ]
    state = play(position(rows), "c4", backend)
    expected = [
        "--------",
        "--X-----",
        "--X-----",
        "XXXOOO--",
        "--O-----",
        "--O-----",
        "--O-----",
        "--O-----",
    ]
    assert draw(engine.to_text(state)[0]) == expected
    assert engine.scores(state).tolist() == [[5, 7]]


def test_legal_action_mask__rays_off_the_edge_are_not_moves(backend: str) -> None:
    # e1 flanks f1 with g1. The white runs a2 and h2 reach the edge with nothing beyond, and
    # a3 would flank h2 with g2 only on a board that wrapped from the a-file to the h-file.
    rows = [
        "-----OX-",
        "O-----XO",
        "--------",
        "--------",
        "--------",
        "--------",
        "--------",
        "--------",
    ]
    assert legal(position(rows), backend) == [4]


def test_step__forced_pass_on_4x4_then_the_other_side_moves(backend: str) -> None:
    # 4 x 4: white to move has no placement.
    text = "-OXX" + "-" * 12 + " O"
    state = engine.from_text(text, backend=backend)  # type: ignore[arg-type]
    assert engine.legal_action_mask(state).tolist() == [[False] * 16 + [True]]
    with pytest.raises(ValueError, match="illegal action"):
        engine.step(state, torch.tensor([3]))
    state = engine.step(state, torch.tensor([16]))
    assert engine.to_text(state) == ["-OXX" + "-" * 12 + " X"]
    assert engine.legal_action_mask(state)[0].nonzero().flatten().tolist() == [0]


def test_step__forced_pass_on_8x8(backend: str) -> None:
    rows = ["-OXXXXXX"] + ["--------"] * 7
    state = engine.from_text(position(rows, "O"), backend=backend)  # type: ignore[arg-type]
    assert engine.legal_action_mask(state)[0].nonzero().flatten().tolist() == [64]
    assert state.terminated.tolist() == [False]
    state = engine.step(state, torch.tensor([64]))
    assert state.current_player.tolist() == [0]
    assert engine.legal_action_mask(state)[0].nonzero().flatten().tolist() == [0]
    state = engine.step(state, torch.tensor([0]))
    assert engine.to_text(state) == [position(["XXXXXXXX"] + ["--------"] * 7, "O")]
    assert state.terminated.tolist() == [True]


def test_from_text__neither_side_can_move_with_empties_left(backend: str) -> None:
    # Two separated groups: no run of a colour ends next to an empty square beyond the other.
    rows = ["XXXXXXXX"] * 3 + ["--------"] * 2 + ["OOOOOOOO"] * 3
    state = engine.from_text(position(rows), backend=backend)  # type: ignore[arg-type]
    assert state.terminated.tolist() == [True]
    assert engine.legal_action_mask(state).tolist() == [[False] * 64 + [True]]
    assert engine.scores(state).tolist() == [[24, 24]]
    assert engine.rewards(state).tolist() == [[0.0, 0.0]]


def test_step__pass_then_the_last_empty_square_fills_the_board(backend: str) -> None:
    # One empty square, a1: black cannot use it (b1 is black), white can (it flanks b1 with c1).
    rows = ["-XOO" + "O" * 4] + ["X" * 8] * 7
    state = engine.from_text(position(rows), backend=backend)  # type: ignore[arg-type]
    # black has no placement (a1 is next to black b1); white can play a1 (flanks b1 with c1)
    assert engine.legal_action_mask(state)[0].nonzero().flatten().tolist() == [64]
    state = engine.step(state, torch.tensor([64]))
    state = engine.step(state, torch.tensor([0]))
    assert draw(engine.to_text(state)[0])[0] == "OOOOOOOO"
    assert state.terminated.tolist() == [True]  # the board is full now
    assert engine.scores(state).tolist() == [[56, 8]]
    assert engine.rewards(state).tolist() == [[1.0, -1.0]]


def test_from_text__full_board_is_over() -> None:
    rows = ["XOXOXOXO", "OXOXOXOX"] * 4
    for backend in ("bitboard", "conv"):
        state = engine.from_text(position(rows, "O"), backend=backend)  # type: ignore[arg-type]
        assert state.terminated.tolist() == [True]
        assert engine.scores(state).tolist() == [[32, 32]]
        assert engine.rewards(state).tolist() == [[0.0, 0.0]]


def test_step__a_finished_board_is_a_no_op_whatever_its_action(backend: str) -> None:
    rows = ["XXXXXXXX"] * 3 + ["--------"] * 2 + ["OOOOOOOO"] * 3
    state = engine.from_text(position(rows), backend=backend)  # type: ignore[arg-type]
    for action in (0, 27, 64, 500, -3):
        after = engine.step(state, torch.tensor([action]))
        assert engine.to_text(after) == engine.to_text(state)
        assert after.terminated.tolist() == [True]
        assert after.forfeited.tolist() == [False]
        assert engine.rewards(after).tolist() == [[0.0, 0.0]]


def test_rules_module__owns_the_start_end_and_result() -> None:
    from othello_zoo.core import rules

    assert rules.start_squares(8) == ((28, 35), (27, 36))  # black e4 d5, white d4 e5
    assert rules.start_bits(6) == ((1 << 15) | (1 << 20), (1 << 14) | (1 << 21))
    assert rules.game_over(0, 0)
    assert not rules.game_over(0, 1 << 5)
    flags = rules.game_over(torch.tensor([0, 0, 4]), torch.tensor([0, 8, 0]))
    assert flags.tolist() == [True, False, False]
    words = torch.tensor([0, 0, 4, -(1 << 63), 0, 7])  # the sign bit is a square too (h8 on 8 x 8)
    others = torch.tensor([0, 8, 0, 0, -(1 << 63), 0])
    assert rules.game_over_where(words, others).tolist() == [True, False, False, False, False, False]
    assert torch.equal(rules.game_over_where(words, others), rules.game_over(words, others))
    assert [rules.mover_result(d, False, 8) for d in (5, 0, -5)] == [1.0, 0.0, -1.0]
    assert rules.mover_result(30, True, 8) == -1.0  # a forfeit loses whatever the discs
    assert rules.mover_result(-16, False, 8, margin=True) == -0.25
    batch = rules.mover_result(torch.tensor([3.0, 0.0, 3.0]), torch.tensor([False, False, True]), 8)
    assert batch.tolist() == [1.0, 0.0, -1.0]
    assert rules.split_result(-1.0, True) == (-1.0, 0.0)  # the other player gets 0 after a forfeit
    _to_move, other = rules.split_result(torch.tensor([0.0, 1.0]), torch.tensor([False, False]))
    assert other.tolist() == [0.0, -1.0]
    assert not torch.signbit(other[0])
    assert rules.by_colour(1.0, -1.0, 1) == (-1.0, 1.0)
    assert rules.exact_score(33, 30, 64) == 4
    assert rules.exact_score(10, 12, 64) == -44
    assert rules.rays_from(4, 5)[3] == (6, 7)  # east of b2: c2, d2


def test_rules__no_negative_zero_before_the_end_and_board_step_checks_legality() -> None:
    from othello_zoo.core.board import Board

    state = engine.step(engine.init(1), torch.tensor([37]))
    assert not torch.signbit(engine.rewards(state)).any()
    assert not torch.signbit(engine.outcome(state)).any()
    with pytest.raises(ValueError, match=r"action 0 is not legal here; legal: \[19, 26, 37, 44\] \(d3 c4 f5 e6\)"):
        Board.start().step(0)
    with pytest.raises(ValueError, match="action 64 is not legal"):
        Board.start().step(64)  # a pass while there are moves
