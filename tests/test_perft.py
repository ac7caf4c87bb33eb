"""Perft from the start position through the batched engine (Aart Bik's convention)."""

from __future__ import annotations

import pytest

from othello_zoo import engine
from othello_zoo.testing import PERFT_START, perft


@pytest.mark.parametrize("depth", range(1, 8))
@pytest.mark.parametrize("backend", ["bitboard", "conv"])
def test_perft__start_position_to_depth_7(backend: str, depth: int) -> None:
    assert perft(depth, backend=backend) == PERFT_START[depth]


@pytest.mark.parametrize("depth", range(1, 6))
def test_perft__seed_conv2d_form_agrees(depth: int) -> None:
    assert perft(depth, backend="conv2d") == PERFT_START[depth]


@pytest.mark.slow
@pytest.mark.parametrize("depth", [8, 9])
@pytest.mark.parametrize("backend", ["bitboard", "conv"])
def test_perft__start_position_depths_8_and_9(backend: str, depth: int) -> None:
    assert perft(depth, backend=backend, chunk=1 << 15) == PERFT_START[depth]


@pytest.mark.slow
def test_perft__depth_10_bitboard() -> None:
    assert perft(10, backend="bitboard", chunk=1 << 18) == PERFT_START[10]


def test_perft__counts_a_finished_game_as_one_leaf() -> None:
    # Black has just wiped out white: the game is over, and every depth counts one leaf.
    state = engine.from_text("-" * 27 + "XX------XX" + "-" * 27 + " O")
    assert bool(state.terminated[0])
    assert [perft(d, state) for d in range(4)] == [1, 1, 1, 1]


def test_perft__counts_a_forced_pass_as_a_ply() -> None:
    # 4 x 4, rank 1 "-OXX": white (to move) has no placement, so it passes; black's only move
    # is then a1, which wipes white out and ends the game: one line of 1 pass + 1 move + the end.
    text = "-OXX" + "-" * 12 + " O"
    state = engine.from_text(text)
    assert engine.legal_action_mask(state)[0].nonzero().flatten().tolist() == [16]
    assert [perft(d, state) for d in range(1, 4)] == [1, 1, 1]
