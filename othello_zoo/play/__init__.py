"""``othello-zoo play``: a person against an agent in a pygame window, or in the terminal.

The window (laid out from its size; see :mod:`othello_zoo.render._layout`): click a square to move (legal
moves are hinted, the last move ringed, the discs it turned over flip in a short animation and keep
a small mark); when you must pass, the status line says so and any click or the space bar passes;
``u`` undoes your last move and the agent's reply, ``n`` starts a new game (asking first when one
is in progress), ``Esc`` or ``q`` quits. A panel names both sides with their counts and shows the
side to move, the last message (an illegal click, a pass, nothing to undo), the move list and the
keys; the result comes on a banner. The agent thinks in a background thread while the window keeps
answering, and the status line counts the seconds it has been thinking; two agents wait ``--delay``
seconds between moves, so that a demonstration can be watched.

With no display (or ``--terminal``) the game runs in the terminal (:func:`terminal_game`): moves
are typed as squares (``f5``), ``pass`` (or Enter) when a pass is forced, and ``help``, ``undo``,
``new``, ``q``/``quit``/``exit``; a searching agent's move comes with the time it took.
"""

from __future__ import annotations

from othello_zoo.play._game import PLAYERS, THINKING_AGENTS, Game
from othello_zoo.play._terminal import another_game, terminal_game
from othello_zoo.play.window import DEMO_DELAY, PlayWindow, display_available, side_names

__all__ = [
    "DEMO_DELAY",
    "PLAYERS",
    "THINKING_AGENTS",
    "Game",
    "PlayWindow",
    "another_game",
    "display_available",
    "side_names",
    "terminal_game",
]
