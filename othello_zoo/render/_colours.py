"""The palette of the pygame board and panel (RGB); re-exported by :mod:`othello_zoo.render`.

Every colour is chosen for its WCAG 2 contrast ratio against what it is drawn on (``tests/test_render.py``
computes the ratios from these constants and checks them): text at least 4.5:1 against the panel, and the
marks on the board (legal-move dots, the last-move ring, the mark of a turned disc, the grid, the bar under
the player to move) at least 3:1 against the felt or the discs they lie on.

No single colour can reach 3:1 against the felt, a black disc and a white disc at once (the felt's
luminance lies between the discs'), so the last-move ring has two bands: :data:`LAST_MOVE`, bright, against
the felt and black discs, and :data:`LAST_MOVE_EDGE`, dark, inside it, against white discs.
"""

from __future__ import annotations

FELT = (28, 122, 68)
FELT_DARK = (18, 84, 46)  # the background around the board: the panel, the coordinates
GRID = (4, 36, 16)  # grid lines and star points, 3.10:1 on the felt
BLACK_DISC = (22, 22, 24)
BLACK_EDGE = (70, 70, 76)
WHITE_DISC = (236, 236, 230)
WHITE_EDGE = (160, 160, 152)
DISC_COLOURS = {1: (BLACK_DISC, BLACK_EDGE), 2: (WHITE_DISC, WHITE_EDGE)}  # cell value -> (fill, edge)
HINT = (190, 235, 200)  # the legal-move dots, 4.06:1 on the felt
LAST_MOVE = (255, 221, 51)  # the last-move ring's outer band: 3.99:1 on the felt, 13.46:1 on black discs
LAST_MOVE_EDGE = (16, 16, 16)  # its inner band, against the disc: 16.04:1 on white discs
FLIPPED = (204, 85, 0)  # the mark on discs the last move turned over: 4.19:1 on black, 3.64:1 on white
TEXT = (235, 240, 232)  # 7.78:1 on the panel
DIM_TEXT = (200, 228, 206)  # the key hints, 6.62:1 on the panel
BANNER = (244, 206, 92)  # the result banner
BANNER_TEXT = (30, 30, 24)
MOVER = (150, 230, 170)  # the bar under the player to move, 6.08:1 on the panel

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
]
