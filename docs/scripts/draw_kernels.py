"""Draw the pictures of the engine's two kernels for the documentation.

Writes two PNG files (into ``docs/images/`` unless ``--out`` says otherwise):

- ``sandwich_kernels.png``: the sandwich kernels of the conv backend for one direction (east) and run
  lengths 1 to 3, each as its two planes (the seed form), as one signed plane (the matrix form) and on a
  board fragment where it matches; beside them, the run-length-2 kernels of all 8 directions.
- ``bitboard_fill.png``: the bitboard backend's Kogge-Stone fill for one direction (east) on a made-up
  position: the fill grows from the mover's discs through the opponent's by 1, 2 and 4 squares, and one
  more shift lands on the legal placements.

The kernel taps come from ``othello_zoo.rules`` (the directions and rays the conv kernel is built
from) and the fill from ``othello_zoo._bitboard`` (the shift amounts and masks of the bitboard kernel), so
the pictures follow the code. Run from the repository root:

    .venv/bin/python docs/scripts/draw_kernels.py
"""

from __future__ import annotations

import argparse
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
from matplotlib.axes import Axes
from matplotlib.patches import Circle, Rectangle

from othello_zoo._bitboard import direction_tables, occluded_fill
from othello_zoo.rules import DIRECTIONS, ray

OUT = Path(__file__).resolve().parent.parent / "images"

FELT = "#2e8b57"
FELT_LIGHT = "#9fd3b0"
GRID = "#1d5e3a"
PLACED = "#f2c14e"
OPP_TAP = "#6fa8dc"
OWN_TAP = "#e06666"
FILL = "#f6b26b"
MOVE = "#ffd966"
EAST = DIRECTIONS.index((0, 1))
MINUS, TIMES = "\u2212", "\u00d7"  # typographic minus and multiplication signs


# -- drawing helpers --------------------------------------------------------------------------------
def disc(ax: Axes, x: float, y: float, colour: str, radius: float = 0.36) -> None:
    """A disc centred on cell (x, y): ``"black"`` or ``"white"``."""
    edge = "#555555" if colour == "black" else "#999999"
    fill = "#161618" if colour == "black" else "#f2f2ec"
    ax.add_patch(Circle((x + 0.5, y + 0.5), radius, facecolor=fill, edgecolor=edge, linewidth=1.2, zorder=3))


def cell(ax: Axes, x: float, y: float, colour: str, text: str = "", text_colour: str = "black") -> None:
    ax.add_patch(Rectangle((x, y), 1, 1, facecolor=colour, edgecolor=GRID, linewidth=1.0, zorder=1))
    if text:
        ax.text(x + 0.5, y + 0.5, text, ha="center", va="center", fontsize=10, color=text_colour, zorder=4)


def frame(ax: Axes, width: float, height: float, title: str = "") -> None:
    ax.set_xlim(-0.1, width + 0.1)
    ax.set_ylim(height + 0.1, -0.1)  # row 0 at the top, as on the board
    ax.set_aspect("equal")
    ax.axis("off")
    if title:
        ax.set_title(title, fontsize=10, pad=4)


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


def draw_strip(ax: Axes, length: int, kind: str, width: int = 5) -> None:
    """One east kernel of run length ``length`` as a strip of ``width`` cells starting at the centre.

    ``kind``: ``"mover"`` or ``"opponent"`` (one plane of the seed form), ``"signed"`` (the matrix form's
    folded plane) or ``"board"`` (a fragment where the kernel matches).
    """
    centre, opp, own = kernel_taps(length)
    offsets = {s: window_xy(s, centre, 0)[0] for s in [*opp, own]}
    for x in range(width):
        cell(ax, x, 0, FELT_LIGHT if kind != "board" else FELT)
    if kind == "board":
        ax.text(width + 0.3, 0.5, f"response {length + 1}\n= magic L + 1", ha="left", va="center", fontsize=9)
        ax.add_patch(Rectangle((0, 0), 1, 1, facecolor=PLACED, edgecolor=GRID, linewidth=1.0, zorder=2))
        ax.text(0.5, 0.5, "new", ha="center", va="center", fontsize=8, zorder=4)
        for s in opp:
            disc(ax, offsets[s], 0, "white")
        disc(ax, offsets[own], 0, "black")
    else:
        cell(ax, 0, 0, PLACED, "·")
        for s in opp:
            value = {"mover": "0", "opponent": "1", "signed": MINUS + "1"}[kind]
            cell(ax, offsets[s], 0, OPP_TAP if kind != "mover" else FELT_LIGHT, value)
        value = {"mover": "1", "opponent": "0", "signed": "+1"}[kind]
        cell(ax, offsets[own], 0, OWN_TAP if kind != "opponent" else FELT_LIGHT, value)
    frame(ax, width + (3.2 if kind == "board" else 0), 1)


def draw_star(ax: Axes, length: int = 2) -> None:
    """The kernels of all 8 directions at one run length, drawn over one window."""
    half = length + 1
    side = 2 * half + 1
    for x in range(side):
        for y in range(side):
            cell(ax, x, y, FELT_LIGHT)
    for direction in range(8):
        centre, opp, own = kernel_taps(length, direction)
        for s in opp:
            cell(ax, *window_xy(s, centre, half), OPP_TAP, "1")
        cell(ax, *window_xy(own, centre, half), OWN_TAP, "1")
    cell(ax, half, half, PLACED, "·")
    frame(ax, side, side, f"all 8 directions, run length {length}")


def sandwich_figure(path: Path) -> None:
    lengths = (1, 2, 3)
    fig = plt.figure(figsize=(12.5, 4.8))
    grid = fig.add_gridspec(len(lengths), 5, width_ratios=[1, 1, 1, 1.64, 1.3], wspace=0.25, hspace=0.6)
    headings = (
        "seed form: opponent plane",
        "seed form: mover plane",
        f"matrix form: mover {MINUS} opponent",
        "a match (black to move)",
    )
    kinds = ("opponent", "mover", "signed", "board")
    for row, length in enumerate(lengths):
        for col, kind in enumerate(kinds):
            ax = fig.add_subplot(grid[row, col])
            draw_strip(ax, length, kind)
            if row == 0:
                ax.set_title(headings[col], fontsize=10, pad=8)
            if col == 0:
                ax.text(-0.35, 0.5, f"L = {length}", ha="right", va="center", fontsize=11, weight="bold")
    star = fig.add_subplot(grid[:, 4])
    draw_star(star)
    fig.text(
        0.5,
        0.015,
        "East kernels of run length L: the placed square (yellow, ·), L opponent taps (blue), then the mover's tap "
        "(red). Each tap adds at most 1, so the response\nreaches L + 1 only when all L + 1 taps match; "
        f"the square must also be empty. 8 directions {TIMES} run lengths 1..6 = 48 kernels on 8 {TIMES} 8.",
        ha="center",
        va="bottom",
        fontsize=9,
    )
    fig.subplots_adjust(left=0.06, right=0.99, top=0.88, bottom=0.16)
    fig.savefig(path, dpi=110, bbox_inches="tight", pad_inches=0.15)
    plt.close(fig)


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


def draw_board(ax: Axes, title: str, highlight: int, colour: str, own: int, opp: int, faded: int = 0) -> None:
    """The position with the squares of bit set ``highlight`` coloured; ``faded`` discs drawn grey."""
    for s in range(64):
        r, c = divmod(s, 8)
        cell(ax, c, r, colour if highlight >> s & 1 else FELT)
        if own >> s & 1:
            disc(ax, c, r, "black")
        elif opp >> s & 1:
            disc(ax, c, r, "white", 0.36 if not faded >> s & 1 else 0.2)
    for i in range(8):
        ax.text(i + 0.5, -0.25, "abcdefgh"[i], ha="center", va="bottom", fontsize=7)
        ax.text(-0.15, i + 0.5, str(i + 1), ha="right", va="center", fontsize=7)
    frame(ax, 8, 8)
    ax.set_title(title, fontsize=10, pad=14)


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
        stages.append((f"round {k + 1}: gen |= pro & (gen << {step})", gen))
        p = p & ((p << shift_l * step) >> shift_r * step)
    assert gen == occluded_fill(own, pro, [shift_l, 2 * shift_l, 4 * shift_l], [shift_r, 2 * shift_r, 4 * shift_r])
    moves = (((gen & pro) << shift_l) >> shift_r) & empty & ((1 << 64) - 1)

    fig, grid = plt.subplots(2, 3, figsize=(10, 7.6))
    axes = grid.flatten()
    draw_board(axes[0], "1. position (black to move)", 0, FELT, own, opp)
    draw_board(axes[1], "2. pro = opp & INTERIOR[east]", pro, OPP_TAP, own, opp, faded=opp & ~pro)
    for i, (ax, (title, value)) in enumerate(zip(axes[2:5], stages, strict=True)):
        draw_board(ax, f"{i + 3}. {title}", value, FILL, own, opp)
    draw_board(axes[5], "6. moves = ((gen & pro) << 1) & empty", moves, MOVE, own, opp)
    fig.text(
        0.5,
        0.02,
        "One int64 word per side; east is a shift by 1 bit (square s to s + 1). Kogge-Stone: 3 doubling rounds "
        "(pro narrows to runs\nof 2, then 4, between them) cross runs of up to 7 discs. h7 is not in INTERIOR (no "
        "square east of it), so nothing\nwraps onto the next rank. The engine runs the 8 directions as a trailing "
        "tensor dimension of size 8, in the same operations.",
        ha="center",
        va="bottom",
        fontsize=8.5,
    )
    fig.subplots_adjust(left=0.03, right=0.99, top=0.95, bottom=0.12, wspace=0.15, hspace=0.2)
    fig.savefig(path, dpi=110, bbox_inches="tight", pad_inches=0.15)
    plt.close(fig)


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
