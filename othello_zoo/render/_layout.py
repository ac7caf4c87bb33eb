"""Where everything goes in the board window, worked out from its size alone (no pygame here).

Two arrangements, chosen by the window's shape:

- **side panel** (a window at least 1.3 times as wide as it is tall): the board on the left, and
  on the right, from the top, both players, the status or result banner, the last message, the
  move list and the key hints;
- **header and footer** (squarer or taller windows): the players above the board; the status or
  banner, the message, the move list and the key hints below it.

File letters sit in their own strip above the board and rank numbers in one on its left, so no
text is ever drawn on the board, and no two boxes overlap (``tests/test_window.py`` checks it at
many sizes for every board size).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Box", "Layout", "compute_layout", "intersects"]

Box = tuple[int, int, int, int]  # x, y, width, height


def intersects(a: Box, b: Box) -> bool:
    """Whether two boxes share a pixel.

    >>> intersects((0, 0, 10, 10), (9, 9, 5, 5)), intersects((0, 0, 10, 10), (10, 0, 5, 5))
    (True, False)
    """
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


@dataclass(frozen=True)
class Layout:
    """The boxes of one window size. ``cell`` is a square's side in pixels."""

    board: Box  # the n x n squares
    cell: int
    files: Box  # the strip of file letters above the board
    ranks: Box  # the strip of rank numbers left of the board
    players: tuple[Box, Box]  # black's and white's row: disc, name, count
    status: Box  # whose move it is; the result banner at the end
    message: Box  # the last message (a pass, an illegal click, a question)
    moves: Box  # the move list
    keys: Box  # the key hints
    side_panel: bool  # True: the panel is right of the board; False: header and footer

    def text_boxes(self) -> dict[str, Box]:
        """Every box that holds text, by name."""
        return {
            "files": self.files,
            "ranks": self.ranks,
            "black": self.players[0],
            "white": self.players[1],
            "status": self.status,
            "message": self.message,
            "moves": self.moves,
            "keys": self.keys,
        }


def _board_in(area: Box, n: int) -> tuple[Box, int, Box, Box]:
    """The largest board (with its label strips) that fits in ``area``, centred there."""
    x, y, w, h = area
    cell = max(4, min(w, h) // (n + 1))
    label = max(12, min(cell * 6 // 10, 26))
    cell = max(4, min((w - label) // n, (h - label) // n))
    size = cell * n
    left = x + (w - label - size) // 2 + label
    top = y + (h - label - size) // 2 + label
    return (left, top, size, size), cell, (left, top - label, size, label), (left - label, top, label, size)


def _stack(x: int, y: int, width: int, heights: list[int], gap: int) -> list[Box]:
    """Boxes of the given heights one under the other, ``gap`` apart."""
    boxes = []
    for height in heights:
        boxes.append((x, y, width, height))
        y += height + gap
    return boxes


def compute_layout(width: int, height: int, n: int) -> Layout:
    """The layout of a ``width x height`` window showing an ``n x n`` board.

    >>> layout = compute_layout(900, 600, 8)
    >>> layout.side_panel, layout.cell
    (True, 67)
    >>> compute_layout(500, 600, 8).side_panel
    False
    """
    margin = max(6, min(width, height) // 60)
    gap = max(2, margin // 2)
    line = max(18, min(34, height // 22))
    panel_w = max(180, min(440, width * 34 // 100))
    if width >= 1.3 * height and width - panel_w - 3 * margin >= (n + 1) * 8:  # room for the board beside it
        panel_x = width - margin - panel_w
        area = (margin, margin, panel_x - 2 * margin, height - 2 * margin)
        board, cell, files, ranks = _board_in(area, n)
        fixed = [line, line, line * 3 // 2, line * 3 // 2]
        top = _stack(panel_x, margin, panel_w, fixed, gap)
        keys = (panel_x, height - margin - line * 2, panel_w, line * 2)  # two or three lines of keys
        moves_y = top[-1][1] + top[-1][3] + gap
        moves = (panel_x, moves_y, panel_w, max(line, keys[1] - gap - moves_y))
        return Layout(board, cell, files, ranks, (top[0], top[1]), top[2], top[3], moves, keys, True)
    return _header_and_footer(width, height, n, margin, gap, line)


def _header_and_footer(width: int, height: int, n: int, margin: int, gap: int, line: int) -> Layout:
    """Players above the board, status, message, moves and keys below it; the group centred
    vertically, and the move list given the height a tall window has to spare (up to 6 lines)."""
    inner = width - 2 * margin
    footer_heights = [line * 3 // 2, line * 5 // 4, line * 8 // 5, line * 6 // 5]  # the keys: one or two lines
    footer_h = sum(footer_heights) + gap * len(footer_heights)
    area_h = height - 2 * margin - line - gap - footer_h
    _, cell, _, _ = _board_in((margin, 0, inner, area_h), n)
    label = _board_in((margin, 0, inner, area_h), n)[3][2]
    spare = area_h - label - cell * n
    footer_heights[2] += max(0, min(spare, line * 4))
    footer_h = sum(footer_heights) + gap * len(footer_heights)
    group_h = line + gap + label + cell * n + footer_h
    y = margin + max(0, (height - 2 * margin - group_h) // 2)
    half, apart = inner // 2, max(12, inner // 20)  # the two players' rows, clearly apart
    players = ((margin, y, half - apart // 2, line), (margin + half + apart // 2, y, inner - half - apart // 2, line))
    board, cell, files, ranks = _board_in((margin, y + line + gap, inner, label + cell * n), n)
    footer = _stack(margin, board[1] + board[3] + gap, inner, footer_heights, gap)
    return Layout(board, cell, files, ranks, players, footer[0], footer[1], footer[2], footer[3], False)
