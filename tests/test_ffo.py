"""The FFO endgame suite (#40-#59): positions load, legal moves match the listed ones, text round-trips."""

from __future__ import annotations

import pytest
from helpers import DATA

from othello_zoo import engine
from othello_zoo.notation import square_to_index


def ffo_lines() -> list[tuple[str, list[int]]]:
    out = []
    for line in (DATA / "fforum-40-59.obf").read_text().splitlines():
        position, *moves = [part.strip() for part in line.split(";") if part.strip()]
        out.append((position, sorted(square_to_index(m.split(":")[0]) for m in moves)))
    return out


def test_ffo__twenty_positions_are_read() -> None:
    lines = ffo_lines()
    assert len(lines) == 20
    assert lines[0][0].startswith("O--OOOOX")
    assert lines[0][0].endswith(" X")


@pytest.mark.parametrize("backend", ["bitboard", "conv"])
def test_ffo__legal_placements_are_exactly_the_listed_moves(backend: str) -> None:
    lines = ffo_lines()
    state = engine.from_text([p for p, _ in lines], backend=backend)  # type: ignore[arg-type]
    masks = engine.legal_action_mask(state)
    for i, (_, moves) in enumerate(lines):
        assert masks[i].nonzero().flatten().tolist() == moves, f"FFO #{40 + i}"
    # position 40: a2 is among black's moves, and the text comes back unchanged
    assert square_to_index("a2") in lines[0][1]
    assert engine.to_text(state) == [p for p, _ in lines]


def test_ffo__position_40_counts() -> None:
    state = engine.from_text(ffo_lines()[0][0])
    assert engine.scores(state).tolist() == [[12, 32]]
    assert state.current_player.tolist() == [0]
    assert int((engine.observe(state, 0) == 0).all(1).sum()) == 20  # 20 empties
