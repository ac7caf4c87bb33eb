"""Bad input that once passed silently or failed deep inside: each is refused by name, with the state unchanged."""

from __future__ import annotations

import pytest
import torch

from othello_zoo import engine, othello_v0
from othello_zoo.agents import make_agent


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


@pytest.mark.parametrize("make", [lambda: othello_v0.env(), lambda: othello_v0.vector_env(2)])
def test_seeds__at_most_2_64_minus_1_and_the_env_unchanged(make: object) -> None:
    env = make()  # type: ignore[operator]
    env.reset(seed=2**64 - 1)  # the largest seed works
    before = engine.to_text(env.unwrapped.get_state() if hasattr(env, "unwrapped") else env.state)
    with pytest.raises(ValueError, match=r"seed must be an int from 0 to 2\*\*64 - 1, got 18446744073709551616"):
        env.reset(seed=2**64)
    after = engine.to_text(env.unwrapped.get_state() if hasattr(env, "unwrapped") else env.state)
    assert after == before  # the position is as it was


def test_raw_env__observe_names_the_agents() -> None:
    env = othello_v0.raw_env()
    env.reset(seed=0)
    with pytest.raises(ValueError, match="agent must be one of 'black_0', 'white_0', got 'x'"):
        env.observe("x")
    assert env.observe("black_0")["action_mask"].sum() == 4


def test_agent__act_takes_a_board_or_an_observation() -> None:
    with pytest.raises(TypeError, match=r"expected a Board .*got 'abc' \(str\)"):
        make_agent("greedy").act("abc")
