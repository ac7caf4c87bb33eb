"""The public path of :mod:`othello_zoo.env.othello_v0` (the same module object)."""

from othello_zoo._alias import alias
from othello_zoo.env.othello_v0 import *  # noqa: F403  (the names, for type checkers)

alias(__name__, "othello_zoo.env.othello_v0", deprecated=False)
