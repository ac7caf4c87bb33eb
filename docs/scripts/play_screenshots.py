"""Draw the play window's pictures for docs/play.md: the window as a player sees it, at several
sizes and board sizes, from fixed games (seeded random moves), under SDL's dummy video driver.

    .venv/bin/python docs/scripts/play_screenshots.py [OUT_DIR]   # default: docs/images
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from othello_zoo.play import Game, PlayWindow

SHOTS = {  # name: (window size, board size, plies to play (None: to the end), click an illegal square)
    "play-start": ((900, 640), 8, 0, False),
    "play-midgame": ((900, 640), 8, 20, True),
    "play-over-8x8": ((900, 640), 8, None, False),
    "play-over-6x6": ((560, 680), 6, None, False),
    "play-narrow": ((420, 760), 8, 30, False),
}


def draw(path: Path, size: tuple[int, int], n: int, plies: int | None, illegal_click: bool) -> None:
    """One picture: a game of seeded random moves, ``plies`` long (or to its end), then a click on
    the first illegal empty square if asked (the window answers it)."""
    game = Game("human", "mcts", n, seed=0, mcts_simulations=10)
    rng = random.Random(1)
    while not game.board.terminated and (plies is None or len(game.moves) < plies):
        game.play(rng.choice(game.board.legal_actions()))
    window = PlayWindow(game, size=size)
    if illegal_click:
        board = game.board
        square = next(s for s in range(n * n) if not board.is_legal(s) and not (board.own | board.opp) >> s & 1)
        x, y = window.renderer.square_centre(square, *size)
        window.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
    window.draw()
    pygame.image.save(window.screen, str(path))
    window.close()


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for name, (size, n, plies, illegal_click) in SHOTS.items():
        draw(out / f"{name}.png", size, n, plies, illegal_click)
        print(out / f"{name}.png")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent.parent / "images")
