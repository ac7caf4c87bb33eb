"""The texts around the board in the pygame window: players, status or result banner, message,
move list, key hints. :class:`othello_zoo.render.BoardRenderer` draws them with these methods, in
the boxes of :mod:`othello_zoo.render._layout`; every text is fitted to its box (smaller type, then an
ellipsis), so none spills into another."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from othello_zoo.render._layout import Box, Layout

__all__ = ["Panel", "PanelDrawer"]

from othello_zoo.render._colours import BANNER, BANNER_TEXT, DIM_TEXT, DISC_COLOURS, MOVER, TEXT


def _status_text(cells: Sequence[int], player: int, over: bool) -> str:
    """The status text: whose turn it is, or the result (with the counts) once the game is ``over``."""
    black, white = sum(1 for v in cells if v == 1), sum(1 for v in cells if v == 2)
    if over:
        result = "Black wins" if black > white else "White wins" if white > black else "Draw"
        return f"Game over: {result} {black}-{white}"
    return f"{('Black', 'White')[player]} to move"


@dataclass
class Panel:
    """The texts around the board. Empty fields are not drawn; ``status=None`` shows whose turn it
    is (or the result banner once the game is over)."""

    names: tuple[str, str] = ("Black", "White")
    status: str | None = None
    message: str = ""
    moves: list[str] = field(default_factory=list)  # the move list in notation, "pass" for a pass
    keys: str = ""
    result: str | None = None  # the banner once the game is over ("You win 40-24"); None: by colour


class PanelDrawer:
    """The panel's drawing steps, mixed into the board renderer (which provides ``pygame``,
    ``font`` and ``boxes``)."""

    pygame: Any
    boxes: dict[str, list[Box]]

    def font(self, px: int) -> Any:  # provided by the renderer
        raise NotImplementedError

    # -- text ------------------------------------------------------------------------------------
    def _blit(self, surface: Any, name: str, text: Any, **where: Any) -> None:
        """Blit a rendered ``text`` placed by ``where`` (pygame ``Rect`` keywords); record its box."""
        rect = text.get_rect(**where)
        surface.blit(text, rect)
        self.boxes.setdefault(name, []).append((rect.x, rect.y, rect.width, rect.height))

    def _fit(self, text: str, box: Box, colour: tuple[int, int, int], max_px: int = 40) -> Any:
        """``text`` rendered as large as fits in ``box`` (up to ``max_px``), shortened with an
        ellipsis if even 10 px is too wide."""
        px = max(10, min(max_px, int(box[3] * 1.15)))  # pygame's default font is about 0.7 px tall per px
        rendered = self.font(px).render(text, True, colour)
        while px > 10 and (rendered.get_width() > box[2] or rendered.get_height() > box[3]):
            px -= 1
            rendered = self.font(px).render(text, True, colour)
        while rendered.get_width() > box[2] and len(text) > 1:
            text = text[:-2] + "\u2026"
            rendered = self.font(px).render(text, True, colour)
        return rendered

    # -- the panel -----------------------------------------------------------------------------
    def _draw_panel(
        self, surface: Any, layout: Layout, panel: Panel, cells: Sequence[int], player: int, over: bool
    ) -> None:
        """Both players, the status (or the result banner), the message, the move list, the keys."""
        for colour in (0, 1):
            count = sum(1 for v in cells if v == colour + 1)
            self._draw_player(
                surface, layout.players[colour], colour, panel.names[colour], count, not over and colour == player
            )
        status = panel.status if panel.status is not None else _status_text(cells, player, over)
        if over and panel.status is None:
            self._draw_banner(surface, layout.status, panel.result or status)
        else:
            status_text = self._fit(status, layout.status, TEXT, max_px=34)
            self._blit(surface, "status", status_text, midleft=_mid_left(layout.status))
        if panel.message:
            self._draw_message(surface, layout.message, panel.message)
        line = layout.players[0][3]  # the layout's unit of height: the type grows with the window
        if panel.moves:
            self._draw_moves(surface, layout.moves, panel.moves, max_px=max(16, min(32, line)))
        if panel.keys:
            items = [item for item in panel.keys.split("   ") if item.strip()]
            self._draw_wrapped(surface, "keys", items, layout.keys, DIM_TEXT, max_px=max(16, min(30, line)))

    def _draw_player(self, surface: Any, box: Box, colour: int, name: str, count: int, to_move: bool) -> None:
        """A disc of the player's colour, the name, the count; a bar under the player to move."""
        pg, (x, y, w, h) = self.pygame, box
        radius = max(4, h * 2 // 5)
        fill, edge = DISC_COLOURS[colour + 1]
        pg.draw.circle(surface, edge, (x + radius, y + h // 2), radius)
        pg.draw.circle(surface, fill, (x + radius, y + h // 2), radius - 1)
        if to_move:
            pg.draw.rect(surface, MOVER, (x, y + h - max(2, h // 10), w, max(2, h // 10)))
        count_text = self._fit(str(count), (x, y, w // 4, h * 4 // 5), TEXT)
        self._blit(surface, ("black", "white")[colour], count_text, midright=(x + w, y + h * 2 // 5))
        name_box = (x + 2 * radius + 6, y, w - 2 * radius - 12 - count_text.get_width(), h * 4 // 5)
        self._blit(surface, ("black", "white")[colour], self._fit(name, name_box, TEXT), midleft=_mid_left(name_box))

    def _draw_message(self, surface: Any, box: Box, text: str) -> None:
        """The message on one line, or on two (split at a space) where one line would need a font
        smaller than 18 px."""
        rendered = self._fit(text, box, TEXT, max_px=30)  # no louder than the status line
        words = text.split(" ")
        if rendered.get_height() >= 13 or len(words) < 2:  # 13 px: pygame's default font at 18 px
            self._blit(surface, "message", rendered, midleft=_mid_left(box))
            return
        middle = len(text) // 2
        cut = min(range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i])) - middle))
        half = (box[0], box[1], box[2], box[3] // 2)
        for i, part in enumerate((" ".join(words[:cut]), " ".join(words[cut:]))):
            row = (half[0], half[1] + i * half[3], half[2], half[3])
            self._blit(surface, "message", self._fit(part, row, TEXT, max_px=30), midleft=_mid_left(row))

    def _draw_banner(self, surface: Any, box: Box, text: str) -> None:
        """The result, dark on a bright band filling ``box``."""
        self.pygame.draw.rect(surface, BANNER, box, border_radius=max(2, box[3] // 5))
        inner = (box[0] + 8, box[1] + 2, box[2] - 16, box[3] - 4)
        self._blit(
            surface, "status", self._fit(text, inner, BANNER_TEXT), center=(box[0] + box[2] // 2, box[1] + box[3] // 2)
        )

    def _draw_wrapped(
        self, surface: Any, name: str, items: Sequence[str], box: Box, colour: tuple[int, int, int], max_px: int
    ) -> None:
        """``items`` three spaces apart, wrapped between items onto as many lines as ``box`` holds, in the
        largest type up to ``max_px`` that fits (down to 14 px; below that, on one line fitted to the box)."""
        for px in range(max_px, 13, -1):
            font = self.font(px)
            lines = _wrap(items, font, box[2])
            line_h = font.get_linesize()
            if len(lines) * line_h <= box[3] and all(font.size(line)[0] <= box[2] for line in lines):
                top = box[1] + (box[3] - len(lines) * line_h) // 2
                for i, text in enumerate(lines):
                    self._blit(surface, name, font.render(text, True, colour), topleft=(box[0], top + i * line_h))
                return
        rendered = self._fit("   ".join(items), box, colour, max_px=max_px)
        self._blit(surface, name, rendered, midleft=_mid_left(box))

    def _draw_moves(self, surface: Any, box: Box, moves: Sequence[str], max_px: int = 28) -> None:
        """The move list as numbered move pairs (``1. f5 d6``) in columns filling ``box`` from the top
        left, column by column, in type up to ``max_px``; once the box is full, the oldest pairs give way
        to the latest."""
        pairs = [f"{i // 2 + 1}. " + " ".join(moves[i : i + 2]) for i in range(0, len(moves), 2)]
        px = max(10, min(max_px, box[3] * 10 // 7))
        font = self.font(px)
        while px > 10 and font.get_linesize() > box[3]:
            px -= 1
            font = self.font(px)
        line_h, space = font.get_linesize(), font.size("   ")[0]
        rows = max(1, box[3] // line_h)
        col_w = max(font.size(pair)[0] for pair in pairs) + space
        cols = max(1, (box[2] + space) // col_w)
        first = max(0, len(pairs) - rows * cols)  # a full box: the oldest pairs give way
        for k, pair in enumerate(pairs[first:]):
            col, row = divmod(k, rows)
            cell = (box[0] + col * col_w, box[1] + row * line_h, min(col_w - space, box[2]), line_h)
            rendered = font.render(pair, True, TEXT)
            if rendered.get_width() > cell[2]:  # a column narrower than one pair: the type shrinks
                rendered = self._fit(pair, cell, TEXT, max_px=px)
            self._blit(surface, "moves", rendered, topleft=cell[:2])


def _wrap(items: Sequence[str], font: Any, width: int) -> list[str]:
    """``items`` joined three spaces apart into lines no wider than ``width`` pixels in ``font`` (an item
    wider than that gets a line of its own)."""
    lines: list[str] = []
    for item in items:
        if lines and font.size(lines[-1] + "   " + item)[0] <= width:
            lines[-1] += "   " + item
        else:
            lines.append(item)
    return lines


def _mid_left(box: Box) -> tuple[int, int]:
    return box[0], box[1] + box[3] // 2
