"""A deprecated path of :mod:`othello_zoo.cli.doctor` (the same module object; importing it warns)."""

from othello_zoo._alias import alias
from othello_zoo.cli.doctor import *  # noqa: F403  (the names, for type checkers)

alias(__name__, "othello_zoo.cli.doctor", deprecated=True)
