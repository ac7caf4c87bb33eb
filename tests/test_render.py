"""Rendering: rgb_array at pixel level, ansi text, and the human window under a dummy driver."""

from __future__ import annotations

import numpy as np

from othello_zoo import othello_v0, render

TEXT = "-----------------OOO------XXXO----XXXX-----O-------------------- X"


def colour_at(frame: np.ndarray, x: int, y: int) -> tuple[int, int, int]:
    r, g, b = frame[y, x].tolist()
    return r, g, b


def test_rgb_array__square_centres_show_discs_felt_and_hints() -> None:
    env = othello_v0.raw_env(render_mode="rgb_array")
    env.reset(options={"position": TEXT})
    frame = env.render()
    assert frame.dtype == np.uint8
    assert frame.shape == (620, 560, 3)
    renderer = env._renderer
    legal = set(env.board.legal_actions())
    board = TEXT.split()[0]
    seen = set()
    for square, char in enumerate(board):
        x, y = renderer.square_centre(square, 560, 620)
        colour = colour_at(frame, x, y)
        expected = (
            render.BLACK_DISC
            if char == "X"
            else render.WHITE_DISC
            if char == "O"
            else render.HINT
            if square in legal
            else render.FELT
        )
        assert colour == expected, (square, char, colour)
        seen.add(expected)
    assert seen == {render.BLACK_DISC, render.WHITE_DISC, render.HINT, render.FELT}


def test_rgb_array__last_move_is_marked_and_no_window_is_opened() -> None:
    import pygame

    env = othello_v0.raw_env(render_mode="rgb_array")
    env.reset()
    env.step(37)
    frame = env.render()
    assert not pygame.display.get_init() or pygame.display.get_surface() is None
    x, y = env._renderer.square_centre(37, 560, 620)
    cell = env._renderer.layout(560, 620).cell
    ring = [colour_at(frame, x + dx, y) for dx in range(cell // 3, cell // 2)]
    assert render.LAST_MOVE in ring


def test_rgb_array__other_sizes_and_repeated_frames() -> None:
    env = othello_v0.raw_env(render_mode="rgb_array", board_size=10)
    env.reset()
    first = env.render()
    assert np.array_equal(first, env.render())
    x, y = env._renderer.square_centre(44, 560, 620)  # e5 on 10x10: (4, 4), white at the start
    assert colour_at(first, x, y) == render.WHITE_DISC


def test_ansi__board_text() -> None:
    env = othello_v0.raw_env(render_mode="ansi")
    env.reset()
    env.step(37)
    text = env.render()
    assert text.splitlines()[0].split() == list("abcdefgh")
    assert text.splitlines()[5] == "  5  .  .  .  X  X [X] .  ."
    assert text.splitlines()[4] == "  4  .  .  .  O  X  *  .  ."
    assert text.splitlines()[-1] == "X black 4   O white 1   O (white) to move"


def test_human__window_opens_lazily_and_close_releases_it() -> None:
    import pygame

    env = othello_v0.raw_env(render_mode="human")
    env.unwrapped.metadata = {**env.metadata, "render_fps": 1000}
    assert env._renderer is None
    env.reset()
    assert env.render() is None
    assert pygame.display.get_surface() is not None
    env.close()
    assert env._renderer is None
    assert not pygame.display.get_init()
