"""The PettingZoo environments at the path users import, ``from othello_zoo import othello_v0`` (PettingZoo's
``classic/connect_four_v3.py`` layout): the module docstring, the spec and the code are
:mod:`othello_zoo.env.othello_v0`."""

from __future__ import annotations

from othello_zoo.env.othello_v0 import EnvConfig, env, parallel_env, raw_env, vector_env

__all__ = ["EnvConfig", "env", "parallel_env", "raw_env", "vector_env"]
