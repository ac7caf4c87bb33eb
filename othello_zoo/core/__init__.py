"""The rules of Othello on one board, and what every other part shares.

:mod:`~othello_zoo.core.rules` (the rules' constants and the outcome), :mod:`~othello_zoo.core.notation`
(squares, moves, position text), :mod:`~othello_zoo.core.symmetry` (the 8 board symmetries),
:mod:`~othello_zoo.core.fill` (the bitwise ray fill, generic over integer types),
:mod:`~othello_zoo.core.scalar` and :mod:`~othello_zoo.core.board` (one board on Python ints),
:mod:`~othello_zoo.core.checks` (argument checks with named errors). Nothing here imports another folder of
the package; how the package runs (threads, files, malloc) is :mod:`othello_zoo.runtime`.
"""
