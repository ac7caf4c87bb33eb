"""Text rendering of boards (the ``ansi`` render mode and the terminal game)."""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Sequence
from typing import Any

from othello_zoo.core.notation import FILES
from othello_zoo.render._colours import (  # the palette, re-exported (render.FELT, ...)
    BANNER,
    BANNER_TEXT,
    BLACK_DISC,
    BLACK_EDGE,
    DIM_TEXT,
    DISC_COLOURS,
    FELT,
    FELT_DARK,
    FLIPPED,
    GRID,
    HINT,
    LAST_MOVE,
    LAST_MOVE_EDGE,
    MOVER,
    TEXT,
    WHITE_DISC,
    WHITE_EDGE,
)
from othello_zoo.render._layout import Box, Layout, compute_layout
from othello_zoo.render._panel import Panel, PanelDrawer

__all__ = [
    "BANNER",
    "BANNER_TEXT",
    "BLACK_DISC",
    "BLACK_EDGE",
    "DIM_TEXT",
    "DISC_COLOURS",
    "FELT",
    "FELT_DARK",
    "FLIPPED",
    "GRID",
    "HINT",
    "LAST_MOVE",
    "LAST_MOVE_EDGE",
    "MOVER",
    "TEXT",
    "WHITE_DISC",
    "WHITE_EDGE",
    "BoardRenderer",
    "Panel",
    "board_to_ansi",
    "cells_of",
    "display_available",
]


def board_to_ansi(
    cells: Sequence[int],
    player: int,
    legal: Sequence[int] = (),
    last_move: int | None = None,
    over: bool = False,
) -> str:
    """The board as text: coordinates, discs (``X`` black, ``O`` white), legal moves as ``*``,
    the last move in brackets, both counts and whose turn it is.

    Args:
        cells: ``n * n`` values, 0 empty, 1 black, 2 white.
        player: the colour to move (0 black, 1 white).
        legal: squares to mark as legal moves.
        last_move: a square to mark as the last move.
        over: the game is over (the result is shown instead of the turn).

    >>> print(board_to_ansi([0, 1, 2, 0] + [0] * 12, 0, legal=[3]))
         a  b  c  d
      1  .  X  O  *
      2  .  .  .  .
      3  .  .  .  .
      4  .  .  .  .
    X black 1   O white 1   X (black) to move
    """
    n = round(len(cells) ** 0.5)
    marks = set(legal)
    lines = [("    " + "".join(f" {FILES[c]} " for c in range(n))).rstrip()]
    for r in range(n):
        row = []
        for c in range(n):
            s = r * n + c
            ch = "X" if cells[s] == 1 else "O" if cells[s] == 2 else "*" if s in marks else "."
            row.append(f"[{ch}]" if s == last_move else f" {ch} ")
        lines.append((f"{r + 1:>3} " + "".join(row)).rstrip())
    black, white = sum(1 for v in cells if v == 1), sum(1 for v in cells if v == 2)
    if over:
        result = "black wins" if black > white else "white wins" if white > black else "draw"
        status = f"game over: {result}"
    else:
        status = f"{'XO'[player]} ({('black', 'white')[player]}) to move"
    lines.append(f"X black {black}   O white {white}   {status}")
    return "\n".join(lines)


def display_available() -> bool:
    """Whether a pygame window can be seen here (a display, or an explicit SDL video driver): where not, pygame
    draws off screen (the play command then plays in the terminal, and human rendering says so)."""
    if os.environ.get("SDL_VIDEODRIVER"):
        return True
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def _outside_the_libraries() -> int:
    """The ``stacklevel`` of the first caller outside this package and the env libraries that wrap it (PettingZoo,
    Gymnasium): a warning then names the user's own line."""
    folders = [os.path.dirname(os.path.dirname(__file__))]
    folders += [os.path.dirname(m.__file__ or "") for m in map(sys.modules.get, ("pettingzoo", "gymnasium")) if m]
    level, frame = 2, sys._getframe(2)
    while frame.f_back is not None and any(frame.f_code.co_filename.startswith(f + os.sep) for f in folders):
        frame, level = frame.f_back, level + 1
    return level


def cells_of(board: Any) -> list[int]:
    """``n * n`` cells (0 empty, 1 black, 2 white) of a board with ``planes(player)``."""
    planes = board.planes(0).tolist()
    return [1 if b else 2 if w else 0 for b, w in zip(planes[0], planes[1], strict=True)]


class BoardRenderer(PanelDrawer):
    """Draws boards with pygame: procedurally, laid out from the window's size, fonts built once.

    ``mode="rgb_array"`` draws on an off-screen surface and returns an ``H x W x 3`` uint8 frame
    (no window is opened); ``mode="human"`` opens a resizable window on first use. After each
    :meth:`draw`, :attr:`boxes` holds the pixel box of every text drawn, by element (the tests
    check that none overlaps another or the board).
    """

    def __init__(
        self, board_size: int, mode: str = "rgb_array", fps: int = 2, size: tuple[int, int] = (560, 620)
    ) -> None:
        import pygame

        self.pygame = pygame
        self.n = board_size
        self.mode = mode
        self.fps = fps
        self.size = size
        pygame.font.init()
        self._fonts: dict[int, Any] = {}
        self.window: Any = None
        self.clock: Any = None
        self.visible = True  # False once a human-mode window opened where pygame found no display
        self.boxes: dict[str, list[Box]] = {}

    def font(self, px: int) -> Any:
        """A font of ``px`` pixels, made once."""
        if px not in self._fonts:
            self._fonts[px] = self.pygame.font.Font(None, px)
        return self._fonts[px]

    def layout(self, width: int, height: int) -> Layout:
        """The :class:`~othello_zoo.render._layout.Layout` of a surface of ``width x height``."""
        return compute_layout(width, height, self.n)

    def square_at(self, x: int, y: int, width: int, height: int) -> int | None:
        """The square under pixel ``(x, y)`` of a surface of that size, or None off the board."""
        layout = self.layout(width, height)
        left, top, cell = layout.board[0], layout.board[1], layout.cell
        if x < left or y < top:
            return None
        col, row = (x - left) // cell, (y - top) // cell
        return row * self.n + col if 0 <= row < self.n and 0 <= col < self.n else None

    def square_centre(self, square: int, width: int, height: int) -> tuple[int, int]:
        """Pixel ``(x, y)`` of the centre of ``square`` on a surface of that size."""
        layout = self.layout(width, height)
        return self._centre(square, layout.board[0], layout.board[1], layout.cell)

    def _centre(self, square: int, left: int, top: int, cell: int) -> tuple[int, int]:
        """Pixel ``(x, y)`` of the centre of ``square`` on a board drawn from ``(left, top)``."""
        row, col = divmod(square, self.n)
        return left + col * cell + cell // 2, top + row * cell + cell // 2

    def draw(
        self,
        surface: Any,
        cells: Sequence[int],
        player: int,
        legal: Sequence[int],
        last_move: int | None,
        over: bool,
        message: str | None = None,
        flipped: Sequence[int] = (),
        flip_progress: float = 1.0,
        panel: Panel | None = None,
    ) -> None:
        """Draw a position and its panel on ``surface``.

        ``message`` (without a ``panel``) replaces the status text. ``flipped`` squares (the discs
        the last move turned over) carry a small mark; while ``flip_progress`` runs from 0 to 1 they
        turn over: the old colour narrows to a line, then the new colour widens back to a full disc.
        """
        panel = panel or Panel(status=message)
        layout = self.layout(*surface.get_size())
        left, top, cell = layout.board[0], layout.board[1], layout.cell
        self.boxes = {}
        self._draw_board(surface, left, top, cell)
        self._draw_coordinates(surface, layout)
        self._draw_discs(surface, cells, (left, top, cell), last_move, set(flipped), flip_progress)
        self._draw_hints(surface, legal, left, top, cell)
        self._draw_panel(surface, layout, panel, cells, player, over)

    def _draw_board(self, surface: Any, left: int, top: int, cell: int) -> None:
        """The background, the felt, the grid lines and the four star points."""
        pg, n = self.pygame, self.n
        surface.fill(FELT_DARK)
        pg.draw.rect(surface, FELT, (left, top, cell * n, cell * n))
        for i in range(n + 1):
            pg.draw.line(surface, GRID, (left + i * cell, top), (left + i * cell, top + n * cell), max(1, cell // 40))
            pg.draw.line(surface, GRID, (left, top + i * cell), (left + n * cell, top + i * cell), max(1, cell // 40))
        quarter = n // 4 if n >= 8 else 1
        for r in (quarter, n - quarter):
            for c in (quarter, n - quarter):
                pg.draw.circle(surface, GRID, (left + c * cell, top + r * cell), max(2, cell // 14))

    def _draw_coordinates(self, surface: Any, layout: Layout) -> None:
        """The file letters in their strip above the board, the rank numbers in theirs on its left."""
        cell, (fx, fy, _, fh), (rx, ry, rw, _) = layout.cell, layout.files, layout.ranks
        label = self.font(max(12, min(fh, int(cell * 0.45))))
        for i in range(self.n):
            self._blit(
                surface, "files", label.render(FILES[i], True, TEXT), center=(fx + i * cell + cell // 2, fy + fh // 2)
            )
            self._blit(
                surface, "ranks", label.render(str(i + 1), True, TEXT), center=(rx + rw // 2, ry + i * cell + cell // 2)
            )

    def _draw_discs(
        self,
        surface: Any,
        cells: Sequence[int],
        origin: tuple[int, int, int],
        last_move: int | None,
        turning: set[int],
        flip_progress: float,
    ) -> None:
        """Every disc (the ``turning`` ones mid-flip or marked) and the ring around the last move.

        Args:
            surface: The pygame surface.
            cells: ``n * n`` values, 0 empty, 1 black, 2 white.
            origin: ``(left, top, cell)`` of the board on the surface.
            last_move: The square to ring, if any.
            turning: The squares the last move turned over.
            flip_progress: How far the ``turning`` discs have turned over, 0 to 1.
        """
        left, top, cell = origin
        radius = int(cell * 0.42)
        for s, value in enumerate(cells):
            centre = self._centre(s, left, top, cell)
            if value and s in turning and flip_progress < 1.0:
                self._draw_turning_disc(surface, centre, value, radius, cell, flip_progress)
            elif value:
                self._draw_disc(surface, centre, value, radius, cell, marked=s in turning)
            if s == last_move:
                self._draw_last_move_ring(surface, centre, radius, cell)

    def _draw_last_move_ring(self, surface: Any, centre: tuple[int, int], radius: int, cell: int) -> None:
        """The ring around the last move: a dark band over the disc's rim (it stands out on a white disc)
        and a bright one around it (on the felt, and next to a black disc), each ``cell // 16`` pixels wide."""
        band = max(2, cell // 16)
        self.pygame.draw.circle(surface, LAST_MOVE_EDGE, centre, radius + 1, band)
        self.pygame.draw.circle(surface, LAST_MOVE, centre, radius + 1 + band, band)

    def _draw_disc(
        self, surface: Any, centre: tuple[int, int], value: int, radius: int, cell: int, marked: bool
    ) -> None:
        """A full disc of colour ``value``; ``marked`` adds the dot of a disc the last move turned over."""
        pg = self.pygame
        fill, edge = DISC_COLOURS[value]
        pg.draw.circle(surface, edge, centre, radius)
        pg.draw.circle(surface, fill, centre, radius - max(1, cell // 28))
        if marked:
            pg.draw.circle(surface, FLIPPED, centre, max(2, cell // 12))

    def _draw_turning_disc(
        self, surface: Any, centre: tuple[int, int], value: int, radius: int, cell: int, progress: float
    ) -> None:
        """A disc turning over to ``value``: the old colour narrows to a line, then the new one widens."""
        pg, (x, y) = self.pygame, centre
        shown = value if progress >= 0.5 else 3 - value  # the old colour in the first half
        fill, edge = DISC_COLOURS[shown]
        half_width = max(1, int(radius * abs(1.0 - 2.0 * progress)))
        rect = (x - half_width, y - radius, 2 * half_width, 2 * radius)
        pg.draw.ellipse(surface, fill, rect)
        pg.draw.ellipse(surface, edge, rect, max(1, cell // 28))

    def _draw_hints(self, surface: Any, legal: Sequence[int], left: int, top: int, cell: int) -> None:
        """A dot on every legal move."""
        for s in legal:
            self.pygame.draw.circle(surface, HINT, self._centre(s, left, top, cell), max(3, cell // 8))

    def render(
        self, cells: Sequence[int], player: int, legal: Sequence[int], last_move: int | None, over: bool
    ) -> object:
        """Draw; return the frame (``rgb_array``) or show it in the window (``human``, None)."""
        pg = self.pygame
        if self.mode == "rgb_array":
            surface = pg.Surface(self.size)
            self.draw(surface, cells, player, legal, last_move, over)
            import numpy as np

            return np.ascontiguousarray(np.transpose(pg.surfarray.array3d(surface), (1, 0, 2)))
        if self.window is None:
            pg.display.init()
            pg.display.set_caption("othello-zoo")
            self.window = pg.display.set_mode(self.size, pg.RESIZABLE)
            self.clock = pg.time.Clock()
            self.visible = display_available()
            if not self.visible:
                warnings.warn(
                    f"render_mode='human' found no display (pygame's video driver is {pg.display.get_driver()!r}), "
                    "so the window cannot be seen: render_mode='ansi' prints the board as text, 'rgb_array' "
                    "returns frames",
                    stacklevel=_outside_the_libraries(),
                )
        for event in pg.event.get():
            if event.type == pg.VIDEORESIZE:
                self.window = pg.display.set_mode((event.w, event.h), pg.RESIZABLE)
        self.draw(self.window, cells, player, legal, last_move, over)
        pg.display.flip()
        if self.visible:  # nobody waits on frames that nothing shows
            self.clock.tick(self.fps)
        return None

    def close(self) -> None:
        """Close the window, if one was opened."""
        if self.window is not None:
            self.pygame.display.quit()
            self.window = None
