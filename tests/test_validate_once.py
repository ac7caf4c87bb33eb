"""Each construction argument is checked once, at the public entry, and passed down resolved (the engine's builders
trust a :class:`~othello_zoo.engine.BoardSpec`): the checks are counted by their code objects, whoever calls them."""

from __future__ import annotations

import collections
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import gymnasium
import pytest
import torch

from othello_zoo import engine, othello_v0
from othello_zoo.core import checks, notation
from othello_zoo.engine import kernels
from othello_zoo.env.openings import load_book

CHECKS: dict[str, Callable[..., Any]] = {
    "check_device": checks.check_device,
    "check_board_size": notation.check_board_size,
    "backend_for": kernels.backend_for,
}


@contextmanager
def counted() -> Iterator[collections.Counter[str]]:
    """The calls of each check in :data:`CHECKS` made inside the block."""
    codes = {function.__code__: name for name, function in CHECKS.items()}
    counts: collections.Counter[str] = collections.Counter()

    def profile(frame: Any, event: str, arg: Any) -> None:
        if event == "call" and frame.f_code in codes:
            counts[codes[frame.f_code]] += 1

    previous = sys.getprofile()
    sys.setprofile(profile)
    try:
        yield counts
    finally:
        sys.setprofile(previous)


ONCE = {"check_device": 1, "check_board_size": 1, "backend_for": 1}


@pytest.mark.parametrize("book", [None, "xot"])
@pytest.mark.parametrize("compile", [False, True])
def test_vector_env__checks_the_device_board_size_and_backend_once(book: str | None, compile: bool) -> None:
    load_book("xot")  # read once a process (its lines parsed then), not at each construction
    with counted() as counts:
        env = othello_v0.vector_env(8, device="cpu:0", backend="auto", opening_book=book, compile=compile)
    assert dict(counts) == ONCE
    assert env.device == torch.device("cpu")
    assert env.backend == "bitboard"


@pytest.mark.parametrize("make", [othello_v0.env, othello_v0.raw_env, othello_v0.parallel_env])
def test_pettingzoo_envs__check_each_argument_once(make: Callable[..., Any]) -> None:
    with counted() as counts:
        make(board_size=6, device="cpu", backend="bitboard")
    assert dict(counts) == ONCE


def test_gymnasium_vector_env__checks_each_argument_once() -> None:
    with counted() as counts:
        envs = gymnasium.make_vec("othello_zoo/Othello-v0", num_envs=4, vectorization_mode="vector_entry_point")
    assert dict(counts) == ONCE
    envs.close()


def test_engine_builders__check_once_and_trust_a_board_spec() -> None:
    with counted() as counts:
        engine.init(3, 6, "cpu", "auto")
    assert dict(counts) == ONCE
    spec = engine.BoardSpec(6, "cpu", "auto")
    with counted() as counts:
        state = engine.start(3, spec)
    assert dict(counts) == {}
    assert engine.to_text(state) == engine.to_text(engine.init(3, 6))
    with counted() as counts:
        engine.from_text(engine.to_text(state), device="cpu")
    assert dict(counts) == ONCE


def test_board_spec__resolves_and_names_bad_values() -> None:
    assert engine.BoardSpec(10) == engine.BoardSpec(10, torch.device("cpu"), "conv")
    with pytest.raises(ValueError, match="board_size must be even and from 4 to 16, got 7"):
        engine.BoardSpec(7)
    with pytest.raises(ValueError, match="bitboard backend holds boards up to 8x8"):
        engine.BoardSpec(10, backend="bitboard")
    with pytest.raises(ValueError, match="backend must be one of 'auto', 'bitboard', 'conv', 'conv2d', got 'fast'"):
        engine.BoardSpec(8, backend="fast")
    with pytest.raises(ValueError, match="device must be a torch device"):
        engine.BoardSpec(8, "gpu")
