"""Text rendering of boards (the ``ansi`` render mode and the terminal game)."""

from __future__ import annotations

from collections.abc import Sequence

from othello_zoo.notation import FILES

__all__ = ["board_to_ansi"]


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
