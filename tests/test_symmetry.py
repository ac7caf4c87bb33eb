"""The 8 board symmetries: square maps, batched board and policy maps, group laws, and agreement with the rules."""

from __future__ import annotations

import numpy as np
import pytest
import torch

from othello_zoo import engine
from othello_zoo.symmetry import (
    NAMES,
    START_SYMMETRIES,
    all_symmetries,
    compose,
    inverse,
    source_table,
    square_permutation,
    transform_boards,
    transform_policy,
    transform_square,
)
from othello_zoo.testing import random_play

SIZES = [4, 6, 8, 10]


def reference(board: np.ndarray, k: int) -> np.ndarray:
    """Symmetry ``k`` built from numpy: ``k % 4`` clockwise quarter turns, then the transpose."""
    image = np.rot90(board, -(k % 4))
    return np.ascontiguousarray(image.T if k >= 4 else image)


def random_positions(n: int, batch: int, plies: int, seed: int) -> engine.State:
    """``batch`` boards after ``plies`` random moves each (some may have ended)."""
    return random_play(engine.init(batch, n), plies, torch.Generator().manual_seed(seed))


@pytest.mark.parametrize("n", SIZES)
def test_transform_boards__matches_numpy_rotations_and_transpose(n: int) -> None:
    board = np.arange(n * n).reshape(n, n)
    for k in range(8):
        image = transform_boards(torch.from_numpy(board).unsqueeze(0), k)[0].numpy()
        np.testing.assert_array_equal(image, reference(board, k), err_msg=NAMES[k])


@pytest.mark.parametrize("n", SIZES)
def test_transform_boards__are_exactly_the_eight_dihedral_maps(n: int) -> None:
    board = np.arange(n * n).reshape(n, n)
    images = {transform_boards(torch.from_numpy(board)[None], k)[0].numpy().tobytes() for k in range(8)}
    dihedral = {
        np.ascontiguousarray(f(np.rot90(board, r))).tobytes() for r in range(4) for f in (np.asarray, np.transpose)
    }
    assert len(images) == 8
    assert images == dihedral


def test_transform_boards__named_maps_on_the_8x8_board() -> None:
    board = torch.zeros(1, 8, 8, dtype=torch.int64)
    board[0, 0, 1] = 1  # b1
    squares = [int(transform_boards(board, k)[0].flatten().nonzero()) for k in range(8)]
    # b1 turned clockwise goes to h2, half turn g8, three quarter turns a7; b1 reflected: a2, b8, h7, g1
    assert squares == [1, 15, 62, 48, 8, 57, 55, 6]


@pytest.mark.parametrize("n", SIZES)
def test_transform_boards__put_each_square_on_its_transform_square_image(n: int) -> None:
    boards = torch.eye(n * n, dtype=torch.int8).reshape(n * n, n, n)  # board s has one disc, on s
    for k in range(8):
        images = transform_boards(boards, k).reshape(n * n, n * n)
        assert images.argmax(dim=1).tolist() == [transform_square(s, n, k) for s in range(n * n)]
        assert images.argmax(dim=1).tolist() == square_permutation(n, k)[:-1].tolist()


def test_transform_boards__start_symmetries_keep_the_start_position() -> None:
    start = engine.observe(engine.init(1))
    kept = [k for k in range(8) if torch.equal(transform_boards(start, k), start)]
    assert kept == list(START_SYMMETRIES) == [0, 2, 4, 6]


def test_inverse__undoes_every_symmetry() -> None:
    assert [inverse(k) for k in range(8)] == [0, 3, 2, 1, 4, 5, 6, 7]
    boards = torch.arange(3 * 36).reshape(3, 6, 6)
    for k in range(8):
        assert torch.equal(transform_boards(transform_boards(boards, k), inverse(k)), boards)
        assert torch.equal(transform_boards(transform_boards(boards, inverse(k)), k), boards)
        assert compose(k, inverse(k)) == compose(inverse(k), k) == 0


def test_compose__closes_and_equals_applying_one_after_the_other() -> None:
    boards = torch.arange(2 * 64).reshape(2, 8, 8)
    table = [[compose(j, k) for k in range(8)] for j in range(8)]
    for j in range(8):
        assert sorted(table[j]) == list(range(8))  # each row and column a permutation: a group table
        assert sorted(row[j] for row in table) == list(range(8))
        for k in range(8):
            expected = transform_boards(transform_boards(boards, j), k)
            assert torch.equal(transform_boards(boards, table[j][k]), expected), (j, k)
    assert table[0] == list(range(8))
    assert table[1][:4] == [1, 2, 3, 0]  # quarter turns add up
    assert [table[4][k] for k in range(4)] == [4, 7, 6, 5]  # a reflection then turns
    assert [table[k][k] for k in range(4, 8)] == [0, 0, 0, 0]  # reflections are involutions


def test_compose__is_not_commutative() -> None:
    assert compose(1, 4) == 5
    assert compose(4, 1) == 7


@pytest.mark.parametrize("n", SIZES)
def test_transform_policy__moves_square_entries_and_keeps_pass(n: int) -> None:
    policy = torch.arange(2 * (n * n + 1), dtype=torch.float64).reshape(2, n * n + 1)
    for k in range(8):
        image = transform_policy(policy, k)
        perm = torch.from_numpy(square_permutation(n, k))
        assert torch.equal(image[:, perm], policy)  # entry s lands on the image of s
        assert image[:, -1].tolist() == policy[:, -1].tolist()
        square_image = reference(policy[0, :-1].numpy().reshape(n, n), k).reshape(-1)
        assert image[0, :-1].tolist() == square_image.tolist()


def test_transform_policy__agrees_with_transform_boards_on_the_squares() -> None:
    generator = torch.Generator().manual_seed(3)
    boards = torch.rand(5, 8, 8, generator=generator)
    policy = torch.cat((boards.reshape(5, 64), torch.full((5, 1), 7.0)), dim=1)
    for k in range(8):
        image = transform_policy(policy, k)
        assert torch.equal(image[:, :64], transform_boards(boards, k).reshape(5, 64))
        assert image[:, 64].tolist() == [7.0] * 5


def test_source_table__is_the_inverse_permutation_read_only() -> None:
    table = source_table(6)
    assert table.shape == (8, 37)
    assert not table.flags.writeable
    for k in range(8):
        assert table[k][square_permutation(6, k)].tolist() == list(range(37))
    assert table[:, 36].tolist() == [36] * 8


@pytest.mark.parametrize("n", [4, 8])
def test_transform_boards__per_board_symmetries_match_one_at_a_time(n: int) -> None:
    generator = torch.Generator().manual_seed(n)
    obs = torch.randint(0, 2, (16, 2, n, n), dtype=torch.int8, generator=generator)
    boards = torch.randint(-1, 2, (16, n, n), dtype=torch.int8, generator=generator)
    policy = torch.rand(16, n * n + 1, generator=generator)
    ks = torch.arange(16) % 8
    out_obs, out_boards, out_policy = (
        transform_boards(obs, ks),
        transform_boards(boards, ks),
        transform_policy(policy, ks),
    )
    assert out_obs.dtype == torch.int8
    assert out_obs.shape == obs.shape
    for i in range(16):
        k = int(ks[i])
        assert torch.equal(out_obs[i], transform_boards(obs[i : i + 1], k)[0])
        assert torch.equal(out_boards[i], transform_boards(boards[i : i + 1], k)[0])
        assert torch.equal(out_policy[i], transform_policy(policy[i : i + 1], k)[0])
        np.testing.assert_array_equal(out_boards[i].numpy(), reference(boards[i].numpy(), k))


def test_all_symmetries__stacks_the_eight_images_symmetry_first() -> None:
    generator = torch.Generator().manual_seed(1)
    obs = torch.randint(0, 2, (3, 2, 6, 6), dtype=torch.int8, generator=generator)
    policy = torch.rand(3, 37, generator=generator)
    images, policies = all_symmetries(obs, policy)
    assert images.shape == (8, 3, 2, 6, 6)
    assert policies.shape == (8, 3, 37)
    assert images.is_contiguous()
    for k in range(8):
        assert torch.equal(images[k], transform_boards(obs, k))
        assert torch.equal(policies[k], transform_policy(policy, k))
    boards_only, none = all_symmetries(obs[:, 0])
    assert none is None
    assert torch.equal(boards_only, images[:, :, 0])
    assert images.flatten(0, 1).shape == (24, 2, 6, 6)


@pytest.mark.parametrize("n", [6, 8])
def test_transform_policy__legal_mask_of_the_image_is_the_image_of_the_legal_mask(n: int) -> None:
    state = random_positions(n, batch=24, plies=n * 2, seed=n)
    planes = engine.observe(state)  # the mover's side
    mask = engine.legal_action_mask(state)
    assert int(mask[:, :-1].sum()) > 48  # real positions with moves
    for k in range(8):
        moved = transform_boards(planes, k).reshape(24, 2, n * n).bool()
        image_state = engine.from_planes(moved, state.current_player, n)
        assert torch.equal(engine.legal_action_mask(image_state), transform_policy(mask, k)), NAMES[k]
    ks = torch.arange(24) % 8
    moved = transform_boards(planes, ks).reshape(24, 2, n * n).bool()
    image_state = engine.from_planes(moved, state.current_player, n)
    assert torch.equal(engine.legal_action_mask(image_state), transform_policy(mask, ks))


def test_transform_policy__a_step_commutes_with_the_symmetry() -> None:
    state = random_positions(8, batch=8, plies=10, seed=5)
    generator = torch.Generator().manual_seed(9)
    actions = engine.random_actions(state, generator)
    after = engine.observe(engine.step(state, actions))
    for k in range(8):
        moved = engine.from_planes(
            transform_boards(engine.observe(state), k).reshape(8, 2, 64).bool(), state.current_player, 8
        )
        moved_actions = torch.from_numpy(square_permutation(8, k))[actions]
        assert torch.equal(engine.observe(engine.step(moved, moved_actions)), transform_boards(after, k))


def test_symmetry__bad_arguments_raise() -> None:
    boards = torch.zeros(2, 4, 4)
    with pytest.raises(ValueError, match=r"0\.\.7"):
        transform_boards(boards, 8)
    with pytest.raises(TypeError, match="int"):
        transform_boards(boards, True)
    with pytest.raises(ValueError, match=r"\(n, n\)"):
        transform_boards(torch.zeros(2, 4, 5), 1)
    with pytest.raises(ValueError, match="n\\*n \\+ 1"):
        transform_policy(torch.zeros(2, 16), 1)
    with pytest.raises(ValueError, match="per-board"):
        transform_boards(boards, torch.tensor([1, 2, 3]))
    with pytest.raises(ValueError, match="entries"):
        all_symmetries(boards, torch.zeros(2, 37))
    with pytest.raises(ValueError, match=r"0\.\.7"):
        inverse(-1)
    with pytest.raises(TypeError, match="int"):
        transform_square(3, 4, True)
    with pytest.raises(ValueError, match=r"0\.\.7, got 9"):
        transform_square(3, 4, 9)
