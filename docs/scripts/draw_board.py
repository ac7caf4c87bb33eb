"""Save a frame of the ``rgb_array`` render mode as ``docs/images/board.png`` for the documentation.

The frame is what ``othello_v0.env(render_mode="rgb_array").render()`` returns (no window is opened):
the position after the opening ``f5d6c3d3c4f4``, black to move, with its legal moves hinted and the last
move ringed. Run from the repository root:

    .venv/bin/python docs/scripts/draw_board.py
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt

from othello_zoo import othello_v0

OUT = Path(__file__).resolve().parent.parent / "images" / "board.png"


def main() -> None:
    env = othello_v0.env(render_mode="rgb_array")
    env.reset(options={"opening": "f5d6c3d3c4f4"})
    frame = env.render()
    env.close()
    OUT.parent.mkdir(parents=True, exist_ok=True)
    plt.imsave(OUT, frame)
    print(f"wrote {OUT} ({frame.shape[1]} x {frame.shape[0]})")


if __name__ == "__main__":
    main()
