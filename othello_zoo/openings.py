"""A deprecated path of :mod:`othello_zoo.env.openings` (the same module object; importing it warns)."""

from othello_zoo._alias import alias
from othello_zoo.env.openings import *  # noqa: F403  (the names, for type checkers)

alias(__name__, "othello_zoo.env.openings", deprecated=True)
