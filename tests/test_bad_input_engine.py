"""Bad input to the engine and the notation: a clear error naming the value and what is allowed, the state and the
global generator unchanged (the environments' and agents' bad input: test_bad_input_envs.py; the command line's:
test_cli_bad_input.py)."""

from __future__ import annotations

import pytest
import torch

from othello_zoo import engine, notation


@pytest.fixture
def state() -> engine.State:
    return engine.init(2)


def test_step__rejects_actions_that_are_not_a_tensor(state: engine.State) -> None:
    with pytest.raises(TypeError, match=r"actions must be a torch.Tensor .* got list"):
        engine.step(state, [19, 19])  # type: ignore[arg-type]


def test_step__rejects_the_wrong_dtype(state: engine.State) -> None:
    with pytest.raises(TypeError, match=r"dtype torch.int64, got torch.int32"):
        engine.step(state, torch.tensor([19, 19], dtype=torch.int32))


def test_step__rejects_the_wrong_shape(state: engine.State) -> None:
    with pytest.raises(ValueError, match=r"shape \(2,\) \(one per board\), got \(3,\)"):
        engine.step(state, torch.tensor([19, 19, 19]))
    with pytest.raises(ValueError, match=r"got \(2, 1\)"):
        engine.step(state, torch.tensor([[19], [19]]))


def test_step__rejects_the_wrong_device(state: engine.State) -> None:
    with pytest.raises(ValueError, match=r"actions are on meta, the boards on cpu"):
        engine.step(state, torch.tensor([19, 19], device="meta"))


@pytest.mark.parametrize("action", [-1, 65, 1000])
def test_step__rejects_an_index_out_of_range(state: engine.State, action: int) -> None:
    with pytest.raises(ValueError, match=rf"board 1: action {action} \(out of range\); legal: \[19, 26, 37, 44\]"):
        engine.step(state, torch.tensor([19, action]))


def test_step__rejects_an_illegal_placement_naming_board_and_legal_moves(state: engine.State) -> None:
    with pytest.raises(ValueError, match=r"board 0: action 0 \(a1\); legal: \[19, 26, 37, 44\] \(d3c4f5e6\)"):
        engine.step(state, torch.tensor([0, 19]))
    with pytest.raises(ValueError, match=r"action 64 \(pass\)"):
        engine.step(state, torch.tensor([64, 19]))


def test_step__lose_mode_forfeits_the_offender_only(state: engine.State) -> None:
    after = engine.step(state, torch.tensor([0, 19]), illegal_action="lose")
    assert after.terminated.tolist() == [True, False]
    assert after.forfeited.tolist() == [True, False]
    assert engine.rewards(after).tolist() == [[-1.0, 0.0], [0.0, 0.0]]
    assert engine.legal_action_mask(after)[0].nonzero().flatten().tolist() == [64]
    assert engine.to_text(after)[0] == engine.to_text(state)[0]  # the board is untouched
    # a second illegal action by white on board 1 gives -1 to white
    again = engine.step(after, torch.tensor([0, 0]), illegal_action="lose")
    assert engine.rewards(again).tolist() == [[-1.0, 0.0], [0.0, -1.0]]


def test_step__rejects_an_unknown_illegal_action_mode(state: engine.State) -> None:
    with pytest.raises(ValueError, match=r"illegal_action must be 'raise' or 'lose', got 'ignore'"):
        engine.step(state, torch.tensor([19, 19]), illegal_action="ignore")  # type: ignore[arg-type]


def test_step__leaves_the_input_state_unchanged(state: engine.State) -> None:
    before = engine.clone(state)
    with pytest.raises(ValueError, match="illegal action"):
        engine.step(state, torch.tensor([19, 0]))
    engine.step(state, torch.tensor([19, 26]))
    for name in ("discs", "moves", "current_player", "terminated"):
        assert torch.equal(getattr(state, name), getattr(before, name))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("---- X", r"n\*n characters for an even n from 4 to 16, got 4"),
        ("-" * 81 + " X", r"got 81"),
        ("-" * 63 + "Y X", r"uses only X, O and -, got 'Y'"),
        ("-" * 64 + " B", r"side to move is X or O, got 'B'"),
        ("-" * 64, r"'<board> <side>'"),
        ("", r"'<board> <side>'"),
    ],
)
def test_from_text__names_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        engine.from_text([text])


def test_from_text__rejects_mixed_sizes_and_no_lines() -> None:
    with pytest.raises(ValueError, match=r"one board size, got sizes \[4, 8\]"):
        engine.from_text(["-" * 16 + " X", "-" * 64 + " X"])
    with pytest.raises(ValueError, match="at least one position"):
        engine.from_text([])
    with pytest.raises(ValueError, match="position 1: "):
        engine.from_text(["-" * 64 + " X", "bad"])


@pytest.mark.parametrize("size", [3, 5, 2, 18, 0, -4])
def test_init__rejects_odd_or_out_of_range_board_sizes(size: int) -> None:
    with pytest.raises(ValueError, match=rf"board_size must be even and from 4 to 16, got {size}"):
        engine.init(1, size)


def test_init__rejects_a_board_size_that_is_not_an_int() -> None:
    with pytest.raises(TypeError, match=r"board_size must be an int, got 8.0"):
        engine.init(1, 8.0)  # type: ignore[arg-type]


def test_init__bitboard_is_for_8x8_and_smaller() -> None:
    with pytest.raises(ValueError, match=r"up to 8x8 .* got board_size=10; use backend='conv'"):
        engine.init(1, 10, backend="bitboard")
    assert engine.init(1, 10).backend == "conv"
    assert engine.init(1, 8).backend == "bitboard"


def test_init__rejects_unknown_backends_and_batch_sizes() -> None:
    with pytest.raises(ValueError, match=r"backend must be one of 'auto', 'bitboard', 'conv', 'conv2d', got 'gpu'"):
        engine.init(1, backend="gpu")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"batch_size must be an int >= 1, got 0"):
        engine.init(0)


def test_notation__rejects_bad_squares_and_moves() -> None:
    with pytest.raises(ValueError, match=r"'i1' is not a square of the 8x8 board \(files a-h, ranks 1-8\)"):
        notation.square_to_index("i1")
    with pytest.raises(ValueError, match=r"'a9' is not a square"):
        notation.square_to_index("a9")
    with pytest.raises(ValueError, match=r"cannot read a move at position 4 of 'f5d6x'"):
        notation.parse_moves("f5d6x")
    with pytest.raises(ValueError, match=r"action 66 is outside 0..64"):
        notation.index_to_square(66)


def test_engine__draws_only_from_a_generator_it_is_given() -> None:
    state = engine.init(2)
    before = torch.random.get_rng_state()
    for draw in (
        lambda: engine.sample_actions(engine.legal_action_mask(state), None),
        lambda: engine.random_actions(state, None),
    ):  # type: ignore[arg-type]
        with pytest.raises(TypeError, match=r"generator must be a torch\.Generator .*got None \(NoneType\)"):
            draw()
    assert torch.equal(torch.random.get_rng_state(), before)  # the global generator was not touched


@pytest.mark.parametrize(
    ("mask", "boards", "message"),
    [
        (torch.tensor([True]), 3, r"bool mask of shape \(3,\), one entry a board, got torch.bool \(1,\)"),
        (torch.tensor([True, False, True]), 1, r"shape \(1,\).*got torch.bool \(3,\)"),
        (torch.tensor([1, 0]), 2, r"got torch.int64 \(2,\)"),
        ([True, False], 2, "got list"),
    ],
)
def test_where__takes_one_bool_entry_a_board(mask: object, boards: int, message: str) -> None:
    a, b = engine.init(boards), engine.init(boards)
    with pytest.raises(ValueError, match=message):
        engine.where(mask, a, b)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="one batch size, got 2 and 3 boards"):
        engine.where(torch.tensor([True, True]), engine.init(2), engine.init(3))


def test_cat__needs_states() -> None:
    with pytest.raises(ValueError, match=r"cat\(\) takes a non-empty sequence of States, got \[\]"):
        engine.cat([])
    with pytest.raises(ValueError, match="non-empty sequence of States"):
        engine.cat([engine.init(1), "board"])  # type: ignore[list-item]
