"""The palette of the pygame board and panel (RGB); re-exported by :mod:`othello_zoo.render`."""

from __future__ import annotations

FELT = (28, 122, 68)
FELT_DARK = (18, 84, 46)
GRID = (12, 60, 32)
BLACK_DISC = (22, 22, 24)
BLACK_EDGE = (70, 70, 76)
WHITE_DISC = (236, 236, 230)
WHITE_EDGE = (160, 160, 152)
DISC_COLOURS = {1: (BLACK_DISC, BLACK_EDGE), 2: (WHITE_DISC, WHITE_EDGE)}  # cell value -> (fill, edge)
HINT = (64, 160, 100)
LAST_MOVE = (214, 58, 48)
FLIPPED = (232, 150, 60)  # the mark on discs the last move turned over
TEXT = (235, 240, 232)
DIM_TEXT = (170, 200, 176)  # key hints, the move list
BANNER = (244, 206, 92)  # the result banner
BANNER_TEXT = (30, 30, 24)
MOVER = (64, 160, 100)  # the bar under the player to move

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
    "MOVER",
    "TEXT",
    "WHITE_DISC",
    "WHITE_EDGE",
]
