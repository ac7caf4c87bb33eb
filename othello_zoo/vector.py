"""The vectorized parallel API at the path users import, ``othello_zoo.vector``: the code and its documentation
are :mod:`othello_zoo.env.vector`."""

from __future__ import annotations

from othello_zoo.env.vector import MMAP_THRESHOLD, TRIM_THRESHOLD, MoverStep, OthelloVectorEnv, tune_malloc

__all__ = ["MMAP_THRESHOLD", "TRIM_THRESHOLD", "MoverStep", "OthelloVectorEnv", "tune_malloc"]
