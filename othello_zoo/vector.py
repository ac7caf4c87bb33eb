"""The public path of :mod:`othello_zoo.env.vector` (the same module object)."""

from othello_zoo._alias import alias
from othello_zoo.env.vector import *  # noqa: F403  (the names, for type checkers)

alias(__name__, "othello_zoo.env.vector", deprecated=False)
