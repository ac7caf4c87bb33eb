"""Draw the pictures of the engine's two kernels for the documentation.

Writes two PNG files (into ``docs/images/`` unless ``--out`` says otherwise):

- ``sandwich_kernels.png``: the sandwich kernels of the conv backend for one direction (east) and run
  lengths 1 to 3, each as its two planes (the seed form) and as one signed plane (the matrix form); below
  them, a board fragment where each matches, and the run-length-2 kernels of all 8 directions.
- ``bitboard_fill.png``: the bitboard backend's Kogge-Stone fill for one direction (east) on a made-up
  position: the fill grows from the mover's discs through the opponent's by 1, 2 and 4 squares, and one
  more shift lands on the legal placements.

The kernel taps come from ``othello_zoo.core.rules`` (the directions and rays the conv kernel is built
from) and the fill from ``othello_zoo.engine.kernels.bitboard`` (the shift amounts and masks of the bitboard kernel), so
the pictures follow the code. Their captions are in ``docs/engine.md``.

The pictures are drawn for the page's content column: at most ``COLUMN_PX`` pixels wide, so that the
browser shows them at their own size, with no text smaller than ``MIN_TEXT_PX`` pixels; ``readable``
checks both before a picture is written. Run from the repository root:

    .venv/bin/python docs/scripts/draw_kernels.py
"""

from __future__ import annotations

import argparse
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import Circle, Rectangle
from matplotlib.text import Text

from othello_zoo.core.rules import DIRECTIONS, direction_tables, ray
from othello_zoo.engine.kernels.bitboard import occluded_fill

OUT = Path(__file__).resolve().parent.parent / "images"

# The content column of the site (MkDocs Material) is 688 CSS pixels wide in a 1280 px window; a picture no
# wider is shown unscaled, so a font of 9 pt at 100 dpi is 12.5 px on the screen.
COLUMN_PX = 688
MIN_TEXT_PX = 12
DPI = 100
TEXT = 10  # points: headings
SMALL = 9  # points: labels, the smallest text

FELT = "#2e8b57"
FELT_LIGHT = "#9fd3b0"
GRID = "#1d5e3a"
PLACED = "#f2c14e"
OPP_TAP = "#6fa8dc"
OWN_TAP = "#e06666"
FILL = "#f6b26b"
MOVE = "#ffd966"
EAST = DIRECTIONS.index((0, 1))
MINUS = "\u2212"  # typographic minus sign


# -- drawing helpers --------------------------------------------------------------------------------
def canvas(width_px: int, height_px: int, unit_px: int) -> tuple[Figure, Axes]:
    """A figure of exactly ``width_px`` x ``height_px`` pixels, one axes over all of it, in units of
    ``unit_px`` pixels (a board cell is 1 x 1) with y growing downwards, as the rows of the board."""
    fig = plt.figure(figsize=(width_px / DPI, height_px / DPI), dpi=DPI)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, width_px / unit_px)
    ax.set_ylim(height_px / unit_px, 0)
    ax.axis("off")
    return fig, ax


def disc(ax: Axes, x: float, y: float, colour: str, radius: float = 0.36) -> None:
    """A disc centred on cell (x, y): ``"black"`` or ``"white"``."""
    edge = "#555555" if colour == "black" else "#999999"
    fill = "#161618" if colour == "black" else "#f2f2ec"
    ax.add_patch(Circle((x + 0.5, y + 0.5), radius, facecolor=fill, edgecolor=edge, linewidth=1.2, zorder=3))


def cell(ax: Axes, x: float, y: float, colour: str, text: str = "") -> None:
    ax.add_patch(Rectangle((x, y), 1, 1, facecolor=colour, edgecolor=GRID, linewidth=1.0, zorder=1))
    if text:
        ax.text(x + 0.5, y + 0.5, text, ha="center", va="center", fontsize=SMALL, zorder=4)


def heading(ax: Axes, x: float, y: float, text: str) -> None:
    """A heading whose last line sits just above ``y``, starting at ``x``."""
    ax.text(x, y - 0.2, text, ha="left", va="bottom", fontsize=TEXT, linespacing=1.3)


def row_label(ax: Axes, x: float, y: float, length: int) -> None:
    """``L = length`` ending at ``x``, centred on the row of cells at ``y``."""
    ax.text(x, y + 0.5, f"L = {length}", ha="right", va="center", fontsize=TEXT, weight="bold")


def readable(fig: Figure) -> None:
    """Refuse a picture the content column would shrink, or with text smaller than ``MIN_TEXT_PX``."""
    width = round(fig.get_figwidth() * fig.dpi)
    assert width <= COLUMN_PX, f"{width} px is wider than the content column ({COLUMN_PX} px)"
    for text in fig.findobj(Text):
        if text.get_text():
            size = text.get_fontsize() * fig.dpi / 72
            assert size >= MIN_TEXT_PX, f"{text.get_text()!r} is {size:.1f} px, under {MIN_TEXT_PX} px"


def save(fig: Figure, path: Path) -> None:
    readable(fig)
    fig.savefig(path, dpi=DPI)
    plt.close(fig)


# -- the sandwich kernels -------------------------------------------------------------------------
def kernel_taps(length: int, direction: int = EAST) -> tuple[int, list[int], int]:
    """On a 16 x 16 scratch board: the centre square, the opponent taps (1..L steps) and the mover's tap
    (L + 1 steps) of the kernel for ``direction`` and run length ``length``, as the conv kernel builds them."""
    n = 16
    centre = 8 * n + 8
    squares = ray(n, centre, *DIRECTIONS[direction], length + 1)
    return centre, squares[:-1], squares[-1]


def window_xy(square: int, centre: int, half: int, n: int = 16) -> tuple[int, int]:
    """Column and row of ``square`` in a window of side ``2 * half + 1`` centred on ``centre``."""
    (r, c), (cr, cc) = divmod(square, n), divmod(centre, n)
    return c - cc + half, r - cr + half


def draw_strip(ax: Axes, x0: float, y0: float, length: int, kind: str, width: int = 5) -> None:
    """One east kernel of run length ``length`` as a strip of ``width`` cells from (x0, y0), the centre first.

    ``kind``: ``"mover"`` or ``"opponent"`` (one plane of the seed form), ``"signed"`` (the matrix form's
    folded plane) or ``"board"`` (a fragment where the kernel matches, and its response).
    """
    centre, opp, own = kernel_taps(length)
    offsets = {s: window_xy(s, centre, 0)[0] for s in [*opp, own]}
    for x in range(width):
        cell(ax, x0 + x, y0, FELT_LIGHT if kind != "board" else FELT)
    if kind == "board":
        ax.add_patch(Rectangle((x0, y0), 1, 1, facecolor=PLACED, edgecolor=GRID, linewidth=1.0, zorder=2))
        for s in opp:
            disc(ax, x0 + offsets[s], y0, "white")
        disc(ax, x0 + offsets[own], y0, "black")
        response = f"response {length + 1} = L + 1"
        ax.text(x0 + width + 0.3, y0 + 0.5, response, ha="left", va="center", fontsize=SMALL)
    else:
        cell(ax, x0, y0, PLACED, "·")
        for s in opp:
            value = {"mover": "0", "opponent": "1", "signed": MINUS + "1"}[kind]
            cell(ax, x0 + offsets[s], y0, OPP_TAP if kind != "mover" else FELT_LIGHT, value)
        value = {"mover": "1", "opponent": "0", "signed": "+1"}[kind]
        cell(ax, x0 + offsets[own], y0, OWN_TAP if kind != "opponent" else FELT_LIGHT, value)


def draw_star(ax: Axes, x0: float, y0: float, length: int = 2) -> None:
    """The kernels of all 8 directions at one run length, drawn over one window from (x0, y0)."""
    half = length + 1
    side = 2 * half + 1
    for x in range(side):
        for y in range(side):
            cell(ax, x0 + x, y0 + y, FELT_LIGHT)
    for direction in range(8):
        centre, opp, own = kernel_taps(length, direction)
        for s in opp:
            x, y = window_xy(s, centre, half)
            cell(ax, x0 + x, y0 + y, OPP_TAP, "1")
        x, y = window_xy(own, centre, half)
        cell(ax, x0 + x, y0 + y, OWN_TAP, "1")
    cell(ax, x0 + half, y0 + half, PLACED, "·")


def sandwich_figure(path: Path) -> None:
    """Top: the east kernels of run lengths 1 to 3 in the seed form (two planes) and the matrix form (one
    signed plane). Bottom: a board fragment where each matches, and the 8 directions at run length 2."""
    lengths = (1, 2, 3)
    fig, ax = canvas(680, 480, unit_px=30)  # 22.7 x 16 cells
    left, step = 2.2, 6.5  # the strips' first column and the distance between strip columns
    headings = (
        "seed form:\nopponent plane",
        "seed form:\nmover plane",
        f"matrix form:\nmover {MINUS} opponent",
    )
    top = 1.9
    for col, (kind, text) in enumerate(zip(("opponent", "mover", "signed"), headings, strict=True)):
        heading(ax, left + col * step, top, text)
        for row, length in enumerate(lengths):
            draw_strip(ax, left + col * step, top + row * 1.6, length, kind)
    for row, length in enumerate(lengths):
        row_label(ax, left - 0.4, top + row * 1.6, length)

    bottom = 8.3
    heading(ax, left, bottom, "a match (black to move)")
    for row, length in enumerate(lengths):
        row_label(ax, left - 0.4, bottom + 0.6 + row * 2.0, length)
        draw_strip(ax, left, bottom + 0.6 + row * 2.0, length, "board")
    star_x = 22.6 - 7.2
    heading(ax, star_x, bottom, "all 8 directions,\nrun length 2")
    draw_star(ax, star_x, bottom)
    save(fig, path)


# -- the bitboard fill ----------------------------------------------------------------------------
# A made-up 8 x 8 position, black to move, chosen to show runs of several lengths in one direction
# (row 0 is rank 1, at the top). Not reachable in a game; the fill does not care.
ROWS = (
    "XOOOOO--",
    "--------",
    "--XO----",
    "--------",
    "-XOOO---",
    "--------",
    "---XOOOO",
    "--------",
)


def word(symbol: str) -> int:
    return sum(1 << (r * 8 + c) for r, row in enumerate(ROWS) for c, ch in enumerate(row) if ch == symbol)


def draw_board(
    ax: Axes, x0: float, y0: float, title: str, highlight: int, colour: str, own: int, opp: int, faded: int = 0
) -> None:
    """The position from (x0, y0) with the squares of bit set ``highlight`` coloured; ``faded`` discs small."""
    for s in range(64):
        r, c = divmod(s, 8)
        cell(ax, x0 + c, y0 + r, colour if highlight >> s & 1 else FELT)
        if own >> s & 1:
            disc(ax, x0 + c, y0 + r, "black")
        elif opp >> s & 1:
            disc(ax, x0 + c, y0 + r, "white", 0.36 if not faded >> s & 1 else 0.2)
    for i in range(8):
        ax.text(x0 + i + 0.5, y0 - 0.1, "abcdefgh"[i], ha="center", va="bottom", fontsize=SMALL)
        ax.text(x0 - 0.2, y0 + i + 0.5, str(i + 1), ha="right", va="center", fontsize=SMALL)
    ax.text(x0 - 0.6, y0 - 0.9, title, ha="left", va="bottom", fontsize=SMALL, linespacing=1.3, family="monospace")


def bitboard_figure(path: Path) -> None:
    left, right, interior, _ = direction_tables(8)
    shift_l, shift_r = left[EAST], right[EAST]
    own, opp = word("X"), word("O")
    empty = ~(own | opp) & ((1 << 64) - 1)
    pro = opp & interior[EAST]  # opponent discs with a neighbour on both sides along the direction
    stages = []
    gen, p = own, pro
    for k in range(3):
        step = 1 << k
        gen = gen | (p & ((gen << shift_l * step) >> shift_r * step))
        stages.append((f"round {k + 1}:\ngen |= pro & (gen << {step})", gen))
        p = p & ((p << shift_l * step) >> shift_r * step)
    assert gen == occluded_fill(own, pro, [shift_l, 2 * shift_l, 4 * shift_l], [shift_r, 2 * shift_r, 4 * shift_r])
    moves = (((gen & pro) << shift_l) >> shift_r) & empty & ((1 << 64) - 1)

    fig, ax = canvas(680, 540, unit_px=24)  # 28.3 x 22.5 cells: 3 boards a row, 2 rows
    xs, ys = (0.75, 10.45, 20.15), (2.5, 13.8)
    panels = [
        ("1. position\n(black to move)", 0, FELT, 0),
        ("2. pro = opp\n   & INTERIOR[east]", pro, OPP_TAP, opp & ~pro),
        *[(f"{i + 3}. {title}", value, FILL, 0) for i, (title, value) in enumerate(stages)],
        ("6. moves = empty &\n   ((gen & pro) << 1)", moves, MOVE, 0),
    ]
    for i, (title, value, colour, faded) in enumerate(panels):
        x0, y0 = xs[i % 3], ys[i // 3]
        draw_board(ax, x0, y0, title, value, colour, own, opp, faded=faded)
    save(fig, path)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=OUT, help="folder for the PNG files")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    sandwich_figure(args.out / "sandwich_kernels.png")
    bitboard_figure(args.out / "bitboard_fill.png")
    print(f"wrote {args.out / 'sandwich_kernels.png'} and {args.out / 'bitboard_fill.png'}")


if __name__ == "__main__":
    main()
