"""The engine's kernels: the rules of a whole batch in one data layout each.

:mod:`~othello_zoo.engine.kernels.bitboard` (one int64 word a side, boards up to 8 x 8) and
:mod:`~othello_zoo.engine.kernels.conv` (sandwich convolutions, every size), both speaking the
protocol of :mod:`~othello_zoo.engine.kernels.base`.
"""
