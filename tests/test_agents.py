"""Batched baseline players: greedy against a brute-force reference, random legality."""

from __future__ import annotations

import random

import torch
from reference import flips, random_game_positions

from othello_zoo import engine
from othello_zoo.agents import POSITIONAL_8x8, greedy_actions, random_actions


def reference_greedy(text: str) -> int:
    from reference import RefGame

    game = RefGame.from_text(text)
    legal = game.legal_actions()
    if legal == [64]:
        return 64
    weights = [v for row in POSITIONAL_8x8 for v in row]
    return max(legal, key=lambda a: (len(flips(game.cells, 8, a, game.to_move)), weights[a], -a))


def test_greedy__matches_a_brute_force_reference_on_random_positions() -> None:
    rng = random.Random(0)
    texts = [random_game_positions(8, rng.randrange(2**31), rng.randrange(0, 58)).text() for _ in range(300)]
    for backend in ("bitboard", "conv"):
        state = engine.from_text(texts, backend=backend)  # type: ignore[arg-type]
        assert greedy_actions(state).tolist() == [reference_greedy(t) for t in texts]


def test_greedy__prefers_the_corner_among_equal_flips() -> None:
    # Black can take a1 (flips b2) or c3... build: white b2, black c3; also white g7 black f6? keep one.
    rows = ["--------", "-O------", "--X-----", "--------", "--------", "--------", "--------", "--------"]
    text = "".join(rows) + " X"
    state = engine.from_text([text])
    assert engine.legal_action_mask(state)[0].nonzero().flatten().tolist() == [0]
    assert greedy_actions(state).tolist() == [0]


def test_random_actions__are_legal_everywhere() -> None:
    g = torch.Generator().manual_seed(0)
    state = engine.init(64)
    for _ in range(70):
        actions = random_actions(state, g)
        mask = engine.legal_action_mask(state)
        assert bool(mask[torch.arange(64), actions].all())
        state = engine.step(state, actions)
    assert bool(state.terminated.all())
