"""othello_zoo: Othello for reinforcement learning, batched in PyTorch.

The engine (:mod:`othello_zoo.engine`) runs many boards at once on CPU or GPU with two
interchangeable kernels (sandwich convolutions and int64 bitboards).
"""

from __future__ import annotations

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner on stdout when pygame loads

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from othello_zoo import engine, notation
    from othello_zoo.engine import State
    from othello_zoo.runtime.threads import get_threads, set_threads

__all__ = ["ENV_ID", "GYMNASIUM_ID", "State", "__version__", "engine", "get_threads", "notation", "set_threads"]
__version__ = "0.1.0"

ENV_ID = "othello_zoo/othello_v0"
"""The id of the envs in PettingZoo's registry: ``pettingzoo.make("aec" | "parallel", ENV_ID)``."""


def __getattr__(name: str) -> Any:
    """``engine``, ``notation`` and ``State`` load on first use: the package itself imports no torch,
    so that ``othello-zoo`` can say it is loading before PyTorch's import (seconds on a cold start)."""
    if name in ("engine", "notation"):
        import importlib

        return importlib.import_module(f"othello_zoo.{name}")
    if name in ("get_threads", "set_threads"):  # how many CPU threads the package's work runs with
        from othello_zoo.runtime import threads

        return getattr(threads, name)
    if name == "State":
        from othello_zoo.engine import State

        return State
    raise AttributeError(f"module 'othello_zoo' has no attribute {name!r}")


def _register() -> None:
    """Registers ``env()`` and ``parallel_env()`` with PettingZoo's registry where the installed
    PettingZoo has one (1.27 and later); the entry points are imported only when made."""
    try:
        from pettingzoo import aec_registry, parallel_registry, register
    except ImportError:  # an older PettingZoo: no registry to join
        return
    for kind, registry, entry in (("aec", aec_registry, "env"), ("parallel", parallel_registry, "parallel_env")):
        if not any(spec.namespace == "othello_zoo" and spec.name == "othello" for spec in registry.values()):
            register(kind, ENV_ID, entry_point=f"othello_zoo.env.othello_v0:{entry}")


GYMNASIUM_ID = "othello_zoo/Othello-v0"
"""The id of the single-agent env in Gymnasium's registry: ``gymnasium.make(GYMNASIUM_ID, opponent=...)`` and
``gymnasium.make_vec(GYMNASIUM_ID, num_envs, vectorization_mode="vector_entry_point")``."""


def _register_gymnasium() -> None:
    """Registers the single-agent env (and its batched form) with Gymnasium; imported only when made."""
    import gymnasium

    if GYMNASIUM_ID not in gymnasium.registry:
        gymnasium.register(
            GYMNASIUM_ID,
            entry_point="othello_zoo.gym.env:OthelloGymEnv",
            vector_entry_point="othello_zoo.gym.vector:OthelloGymVectorEnv",
            kwargs={"illegal_action": "lose"},  # stock code samples unmasked actions: through the id they lose
        )


_register()
_register_gymnasium()
