"""The public path of :mod:`othello_zoo.core.symmetry` (the same module object)."""

from othello_zoo._alias import alias
from othello_zoo.core.symmetry import *  # noqa: F403  (the names, for type checkers)

alias(__name__, "othello_zoo.core.symmetry", deprecated=False)
