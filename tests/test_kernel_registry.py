"""The kernel registry (``othello_zoo.engine.kernels.KERNELS``) and boards converted by their bits."""

from __future__ import annotations

import random

import pytest
import torch

from othello_zoo import engine
from othello_zoo.core.board import Board
from othello_zoo.engine.kernels import AUTO_ORDER, BACKENDS, KERNELS, kernel_for, resolve_backend


def test_registry__lists_every_kernel_with_its_sizes() -> None:
    assert {name: spec.max_board_size for name, spec in KERNELS.items()} == {"bitboard": 8, "conv": 16, "conv2d": 16}
    assert BACKENDS == ("auto", "bitboard", "conv", "conv2d")
    assert AUTO_ORDER == ("bitboard", "conv")
    assert engine.BACKENDS == BACKENDS


@pytest.mark.parametrize(("n", "expected"), [(4, "bitboard"), (8, "bitboard"), (10, "conv"), (16, "conv")])
def test_registry__auto_takes_the_first_kernel_that_plays_the_size(n: int, expected: str) -> None:
    assert resolve_backend("auto", n) == expected
    assert engine.init(1, n).backend == expected


def test_registry__refuses_unknown_names_and_sizes() -> None:
    with pytest.raises(ValueError, match=r"backend must be one of 'auto', 'bitboard', 'conv', 'conv2d', got 'gpu'"):
        resolve_backend("gpu", 8)
    with pytest.raises(ValueError, match=r"got board_size=10; use backend='conv' \(or 'auto'\) for larger boards"):
        resolve_backend("bitboard", 10)
    with pytest.raises(ValueError, match=r"board_size must be even and from 4 to 16, got 18"):
        resolve_backend("conv", 18)


@pytest.mark.parametrize("name", sorted(KERNELS))
def test_registry__each_kernel_is_built_once_and_named_as_registered(name: str) -> None:
    kernel = kernel_for(name, 6, torch.device("cpu"))
    assert kernel is kernel_for(name, 6, torch.device("cpu"))
    assert (kernel.name, kernel.board_size) == (name, 6)


def _random_boards(n: int, count: int, seed: int) -> list[Board]:
    rng = random.Random(seed)
    boards = []
    for _ in range(count):
        board = Board.start(n)
        for _ in range(rng.randrange(n * n)):
            if board.terminated:
                break
            board = board.step(rng.choice(board.legal_actions()))
        boards.append(board.forfeit() if rng.random() < 0.1 and not board.terminated else board)
    return boards


@pytest.mark.parametrize(("n", "backend"), [(4, "bitboard"), (6, "conv"), (8, "bitboard"), (8, "conv"), (12, "conv")])
def test_boards__round_trip_through_the_engine_by_bits(n: int, backend: str) -> None:
    boards = _random_boards(n, 40, seed=n)
    assert any(b.terminated for b in boards)
    assert any(b.forfeited for b in boards)
    state = engine.from_boards(boards, backend=backend)
    assert state.backend == backend
    assert engine.to_text(state) == [b.to_text() for b in boards]
    assert state.forfeited.tolist() == [b.forfeited for b in boards]
    assert state.terminated.tolist() == [b.terminated for b in boards]
    assert engine.to_boards(state) == boards
    mask = engine.legal_action_mask(state)
    assert [row.nonzero().flatten().tolist() for row in mask] == [
        b.legal_actions() if not b.terminated else [n * n] for b in boards
    ]


def test_boards__bad_input_is_named() -> None:
    with pytest.raises(ValueError, match="at least one board"):
        engine.from_boards([])
    with pytest.raises(TypeError, match=r"boards\[1\] must be a Board, got str"):
        engine.from_boards([Board.start(), "x"])  # type: ignore[list-item]
    with pytest.raises(ValueError, match=r"one size, got sizes \[6, 8\]"):
        engine.from_boards([Board.start(), Board.start(6)])


@pytest.mark.parametrize("backend", ["bitboard", "conv"])
def test_put__replaces_the_rows_and_leaves_the_state_alone(backend: str) -> None:
    boards = _random_boards(8, 6, seed=3)
    state = engine.from_boards(boards, backend=backend)
    part = engine.from_boards([Board.start(), Board.start().step(19)], backend=backend)
    merged = engine.put(state, torch.tensor([4, 1]), part)
    expected = [boards[0], Board.start().step(19), *boards[2:4], Board.start(), boards[5]]
    assert engine.to_boards(merged) == expected
    assert engine.to_boards(state) == boards  # a new state: the old one is as it was
    with pytest.raises(ValueError, match=r"int64 board indices of shape \(2,\), one a board, got torch.int32 \(2,\)"):
        engine.put(state, torch.tensor([4, 1], dtype=torch.int32), part)
