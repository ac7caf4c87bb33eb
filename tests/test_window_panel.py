"""How the play window's panel uses its room: the move list in columns filling the space beside or under
the board, the key hints wrapped onto lines in large type. Headless, under SDL's dummy video driver."""

from __future__ import annotations

import os
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from othello_zoo.core.board import Board
from othello_zoo.render import DIM_TEXT, TEXT, BoardRenderer, Panel, cells_of

KEYS = "click: move   space: pass   u: undo   n: new game   q: quit"


class _RecordingFont:
    """A pygame font that notes every text it renders: (text, size in px, colour)."""

    def __init__(self, font: Any, px: int, texts: list[tuple[str, int, tuple[int, int, int]]]) -> None:
        self.font, self.px, self.texts = font, px, texts

    def render(self, text: str, antialias: bool, colour: tuple[int, int, int]) -> Any:
        self.texts.append((text, self.px, tuple(colour)))  # type: ignore[arg-type]
        return self.font.render(text, antialias, colour)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.font, name)


class RecordingRenderer(BoardRenderer):
    """A renderer that notes what it writes, so that a test can read the panel's texts."""

    def __init__(self, board_size: int) -> None:
        super().__init__(board_size)
        self.texts: list[tuple[str, int, tuple[int, int, int]]] = []

    def font(self, px: int) -> Any:
        return _RecordingFont(super().font(px), px, self.texts)


def _draw(size: tuple[int, int], moves: list[str]) -> RecordingRenderer:
    renderer = RecordingRenderer(8)
    panel = Panel(("You", "MCTS"), "Black to move (you)", "", moves, KEYS)
    renderer.draw(pygame.Surface(size), cells_of(Board.start(8)), 0, [19, 26, 37, 44], None, False, panel=panel)
    return renderer


def _drawn(renderer: RecordingRenderer, colour: tuple[int, int, int], texts: set[str]) -> list[tuple[str, int]]:
    """The texts among ``texts`` drawn in ``colour`` with their sizes, in order (the last rendering of each)."""
    last = {text: px for text, px, c in renderer.texts if c == colour and text in texts}
    return list(last.items())


GAME = ["f5", "d6", "c3", "d3", "c4", "f4", "f6", "f3", "e6", "e7"] * 6  # 60 moves, 30 pairs: a whole 8x8 game


def _pairs(moves: list[str]) -> list[str]:
    return [f"{i // 2 + 1}. " + " ".join(moves[i : i + 2]) for i in range(0, len(moves), 2)]


def test_moves__a_whole_8x8_game_fills_the_side_panel_in_two_columns_of_large_type() -> None:
    renderer = _draw((900, 640), GAME)
    layout = renderer.layout(900, 640)
    assert layout.side_panel
    assert _drawn(renderer, TEXT, set(_pairs(GAME))) == [(pair, 29) for pair in _pairs(GAME)]  # every pair, 29 px
    boxes = renderer.boxes["moves"]
    assert len(boxes) == 30
    assert sorted({x for x, _, _, _ in boxes}) == [584, 683]  # two columns
    assert boxes[0][:2] == layout.moves[:2]  # from the top left of the room between the message and the keys
    assert boxes[17][1] == boxes[0][1] + 17 * 21  # 18 pairs down the first column, 21 px apart
    assert boxes[18][:2] == (683, layout.moves[1])  # then the second column from the top
    assert max(y + h for _, y, _, h in boxes) <= layout.keys[1]


def test_moves__once_the_box_is_full_the_latest_pairs_fill_it() -> None:
    moves = ["f5", "d6", "c3", "pass"] * 40  # 80 pairs (a 16 x 16 board's game is that long)
    renderer = _draw((900, 640), moves)
    shown = _pairs(moves)[-36:]  # 18 rows of 2 columns
    assert _drawn(renderer, TEXT, set(_pairs(moves))) == [(pair, 29) for pair in shown]
    assert shown[0] == "45. f5 d6"
    assert shown[-1] == "80. c3 pass"


@pytest.mark.parametrize(
    ("size", "lines"),
    [
        ((900, 640), [("click: move   space: pass", 29), ("u: undo   n: new game   q: quit", 29)]),
        ((1280, 720), [("click: move   space: pass   u: undo", 30), ("n: new game   q: quit", 30)]),
        ((640, 700), [(KEYS, 30)]),
        ((420, 760), [("click: move   space: pass   u: undo", 27), ("n: new game   q: quit", 27)]),
    ],
    ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v[0], int) else "",
)
def test_keys__wrapped_onto_lines_in_the_largest_type_that_fits(
    size: tuple[int, int], lines: list[tuple[str, int]]
) -> None:
    renderer = _draw(size, GAME[:4])
    assert _drawn(renderer, DIM_TEXT, {text for text, _ in lines}) == lines
    keys = renderer.boxes["keys"]
    assert len(keys) == len(lines)
    x, y, w, h = renderer.layout(*size).keys
    for box in keys:
        assert x <= box[0]
        assert box[0] + box[2] <= x + w
        assert y <= box[1]
        assert box[1] + box[3] <= y + h
