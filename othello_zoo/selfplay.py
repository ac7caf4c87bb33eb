"""A deprecated path of :mod:`othello_zoo.alphazero.selfplay` (the same module object; importing it warns)."""

from othello_zoo._alias import alias
from othello_zoo.alphazero.selfplay import *  # noqa: F403  (the names, for type checkers)

alias(__name__, "othello_zoo.alphazero.selfplay", deprecated=True)
