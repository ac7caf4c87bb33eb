"""Rendering: rgb_array at pixel level, ansi text, and the human window under a dummy driver."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from othello_zoo import othello_v0, render
from othello_zoo.core.board import Board

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
    assert cell == 46
    # from the centre of the black disc on f5 outwards: the disc, the ring's dark band over its rim, the
    # ring's bright band, the felt, the grid line between f and g
    ring = [colour_at(frame, x + dx, y) for dx in range(16, 24)]
    assert ring == [render.BLACK_DISC] * 2 + [render.LAST_MOVE_EDGE] * 2 + [render.LAST_MOVE] * 2 + [
        render.FELT,
        render.GRID,
    ]


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


def relative_luminance(rgb: tuple[int, int, int]) -> float:
    """WCAG 2 relative luminance of an sRGB colour (0 black, 1 white)."""

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(channel) for channel in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """WCAG 2 contrast ratio of two colours, 1 to 21."""
    light, dark = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_contrast_ratio__matches_the_wcag_reference_values() -> None:
    assert contrast_ratio((0, 0, 0), (255, 255, 255)) == 21.0
    assert contrast_ratio((255, 255, 255), (255, 255, 255)) == 1.0
    assert round(contrast_ratio((118, 118, 118), (255, 255, 255)), 2) == 4.54  # the lightest AA grey on white
    assert round(contrast_ratio((119, 119, 119), (255, 255, 255)), 2) == 4.48


AA_TEXT, AA_LARGE_OR_GRAPHIC = 4.5, 3.0
CONTRASTS = [  # what, its colour, what it is drawn on, the ratio (2 decimals), the WCAG AA minimum
    ("text on the panel (players, status, message, moves, coordinates)", "TEXT", "FELT_DARK", 7.78, AA_TEXT),
    ("key hints on the panel", "DIM_TEXT", "FELT_DARK", 6.62, AA_TEXT),
    ("result on its banner", "BANNER_TEXT", "BANNER", 11.03, AA_TEXT),
    ("legal-move dots on the felt", "HINT", "FELT", 4.06, AA_LARGE_OR_GRAPHIC),
    ("last-move ring, bright band, on the felt", "LAST_MOVE", "FELT", 3.99, AA_LARGE_OR_GRAPHIC),
    ("last-move ring, bright band, next to a black disc", "LAST_MOVE", "BLACK_DISC", 13.46, AA_LARGE_OR_GRAPHIC),
    ("last-move ring, dark band, on a white disc", "LAST_MOVE_EDGE", "WHITE_DISC", 16.04, AA_LARGE_OR_GRAPHIC),
    ("mark of a turned disc on a black disc", "FLIPPED", "BLACK_DISC", 4.19, AA_LARGE_OR_GRAPHIC),
    ("mark of a turned disc on a white disc", "FLIPPED", "WHITE_DISC", 3.64, AA_LARGE_OR_GRAPHIC),
    ("bar under the player to move", "MOVER", "FELT_DARK", 6.08, AA_LARGE_OR_GRAPHIC),
    ("grid lines on the felt", "GRID", "FELT", 3.10, AA_LARGE_OR_GRAPHIC),
    ("black discs on the felt", "BLACK_DISC", "FELT", 3.37, AA_LARGE_OR_GRAPHIC),
    ("white discs on the felt", "WHITE_DISC", "FELT", 4.52, AA_LARGE_OR_GRAPHIC),
]


@pytest.mark.parametrize(("what", "colour", "background", "ratio", "minimum"), CONTRASTS, ids=[c[0] for c in CONTRASTS])
def test_palette__every_colour_meets_wcag_aa_against_what_it_is_drawn_on(
    what: str, colour: str, background: str, ratio: float, minimum: float
) -> None:
    measured = contrast_ratio(getattr(render, colour), getattr(render, background))
    assert round(measured, 2) == ratio, what
    assert measured >= minimum, what


def test_palette__the_last_move_ring_stands_out_on_the_felt_and_on_both_discs() -> None:
    """No one colour can: the felt's luminance lies between the discs'. Two bands 9:1 apart (W3C technique
    C40) leave one of them at 3:1 or more against any colour next to the ring."""
    bands = (render.LAST_MOVE, render.LAST_MOVE_EDGE)
    assert round(contrast_ratio(*bands), 2) == 14.17
    best = {
        name: round(max(contrast_ratio(band, getattr(render, name)) for band in bands), 2)
        for name in ("FELT", "BLACK_DISC", "WHITE_DISC")
    }
    assert best == {"FELT": 3.99, "BLACK_DISC": 13.46, "WHITE_DISC": 16.04}
    felt = relative_luminance(render.FELT)
    assert relative_luminance(render.BLACK_DISC) < felt < relative_luminance(render.WHITE_DISC)
    colours_on_all_three = [
        (r, g, b)
        for r in range(0, 256, 15)
        for g in range(0, 256, 15)
        for b in range(0, 256, 15)
        if min(contrast_ratio((r, g, b), getattr(render, name)) for name in ("FELT", "BLACK_DISC", "WHITE_DISC")) >= 3
    ]
    assert colours_on_all_three == []


def _blend_of(pixel: tuple[int, int, int], fg: tuple[int, int, int], bg: tuple[int, int, int]) -> bool:
    """Whether ``pixel`` lies on the line from ``bg`` to ``fg`` (antialiased text), within rounding."""
    span = max(range(3), key=lambda i: abs(fg[i] - bg[i]))
    t = (pixel[span] - bg[span]) / (fg[span] - bg[span])
    return 0 <= t <= 1 and all(abs(pixel[i] - (bg[i] + t * (fg[i] - bg[i]))) <= 2 for i in range(3))


def test_draw__the_panel_texts_are_drawn_in_the_colours_the_contrast_test_checks() -> None:
    import pygame

    renderer = render.BoardRenderer(8)
    surface = pygame.Surface((900, 640))
    cells = render.cells_of(Board.start(8))
    panel = render.Panel(
        ("You", "MCTS"), "Black to move (you)", "Nothing to undo", ["f5", "d6", "c3"], "u: undo   q: quit"
    )
    renderer.draw(surface, cells, 0, [19, 26], 37, False, panel=panel)
    frame = np.transpose(pygame.surfarray.array3d(surface), (1, 0, 2))
    expected = {
        "status": render.TEXT,
        "message": render.TEXT,
        "moves": render.TEXT,
        "files": render.TEXT,
        "black": render.TEXT,
        "keys": render.DIM_TEXT,
    }
    for name, fg in expected.items():
        for x, y, w, h in renderer.boxes[name]:
            pixels = {colour_at(frame, px, py) for px in range(x, x + w) for py in range(y, y + h)}
            assert fg in pixels, name  # the glyphs' cores
            assert render.FELT_DARK in pixels, name
            assert all(_blend_of(p, fg, render.FELT_DARK) for p in pixels), name  # and their antialiased edges
    assert colour_at(frame, 2, 2) == render.FELT_DARK


NO_DISPLAY_GAME = """
from othello_zoo import othello_v0
env = othello_v0.env(render_mode="human")
env.reset(seed=42)
for agent in env.agent_iter():
    observation, reward, termination, truncation, info = env.last()
    mask = observation["action_mask"]
    env.step(None if termination or truncation else env.action_space(agent).sample(mask))
print("visible", env.unwrapped._renderer.visible)
env.close()
"""


def test_human__without_a_display_warns_once_at_the_users_line_and_waits_on_no_frame(tmp_path: Path) -> None:
    script = tmp_path / "game.py"
    script.write_text(NO_DISPLAY_GAME)
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "visible False" in done.stdout
    warning = "UserWarning: render_mode='human' found no display (pygame's video driver is"
    assert done.stderr.count(warning) == 1
    assert f"{script}:4: {warning}" in done.stderr  # env.reset(seed=42), the script's own line
    assert "render_mode='ansi' prints the board as text, 'rgb_array' returns frames" in done.stderr
