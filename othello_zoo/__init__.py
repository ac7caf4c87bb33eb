"""othello_zoo: Othello for reinforcement learning, batched in PyTorch.

The engine (:mod:`othello_zoo.engine`) runs many boards at once on CPU or GPU with two
interchangeable kernels (sandwich convolutions and int64 bitboards).
"""

from __future__ import annotations

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner on stdout when pygame loads

from othello_zoo import engine, notation
from othello_zoo.engine import State

__all__ = ["State", "__version__", "engine", "notation"]
__version__ = "0.1.0"
