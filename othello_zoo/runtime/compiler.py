"""Whether ``torch.compile`` can compile here: the C++ compiler inductor uses on the CPU, Triton on a GPU.

Used by ``othello-zoo doctor`` (a row of its report) and by ``compile="auto"`` (:class:`~othello_zoo.env.vector.
OthelloVectorEnv`), which compiles where it can and steps eagerly, saying why, where it cannot.
"""

from __future__ import annotations

import importlib.util
import shutil

import torch

__all__ = ["compiler_missing", "cpp_compiler"]


def cpp_compiler() -> str | None:
    """The path of the C++ compiler inductor would use on the CPU (its configured one, else ``g++``, else
    ``clang++``), or ``None`` where none is on the ``PATH``."""
    from torch._inductor import config

    name = str(config.cpp.cxx[-1] if isinstance(config.cpp.cxx, tuple) else config.cpp.cxx or "g++")
    for candidate in (name, "g++", "clang++"):
        path = shutil.which(candidate)
        if path:
            return path
    return None


def compiler_missing(device: torch.device) -> str | None:
    """Why ``torch.compile`` cannot compile for ``device`` (one sentence), or ``None`` where it can: on the CPU a
    C++ compiler, on CUDA Triton; other devices are not compiled for."""
    if device.type == "cpu":
        return None if cpp_compiler() is not None else "no C++ compiler found (install g++ or clang++)"
    if device.type == "cuda":
        return None if importlib.util.find_spec("triton") is not None else "Triton is not installed"
    return f"torch.compile is not used on {device.type} devices here"
