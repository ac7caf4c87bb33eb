"""The public path of :mod:`othello_zoo.core.notation` (the same module object: see :mod:`othello_zoo._paths`)."""

from othello_zoo._paths import alias
from othello_zoo.core.notation import *  # noqa: F403  (the names, for type checkers)

alias(__name__, "othello_zoo.core.notation")
