"""Whether ``torch.compile`` can compile here: the C++ compiler inductor uses on the CPU, Triton on a GPU.

Used by ``othello-zoo doctor`` (a row of its report) and by ``compile="auto"`` (:class:`~othello_zoo.env.vector.
OthelloVectorEnv`), which compiles where it can and steps eagerly, saying why, where it cannot.
"""

from __future__ import annotations

import importlib.util
import shutil
import threading
import types
import warnings
from collections.abc import Callable
from typing import Any

import torch

__all__ = [
    "compile_setting",
    "compiled_step_failed",
    "compiled_words",
    "compiler_missing",
    "compiling_in_background",
    "cpp_compiler",
    "started_in_background",
]

_BACKGROUND: set[threading.Thread] = set()  # the compilations running in threads of their own


def started_in_background(job: threading.Thread) -> None:
    """Counts ``job`` (a started thread that compiles) among the compilations in the background until it ends."""
    _BACKGROUND.add(job)


def compiling_in_background() -> bool:
    """Whether a compilation runs in a background thread now (the search's ``compile="background"``).

    While one does, no other compiled code of the package may skip dynamo's guard checks or run at all where it
    shares dynamo's state: ``torch.compiler.set_stance`` is one setting for the whole process (each block puts back
    on exit what it found on entry, so two threads' blocks interleaved leave it wrong), and dynamo's flag for skipped
    guards is process-wide too, so that a compilation traced while another thread skipped guards could take a graph
    compiled for other inputs."""
    for job in list(_BACKGROUND):
        if not job.is_alive():
            _BACKGROUND.discard(job)
    return bool(_BACKGROUND)


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


def compiled_step_failed(env: Any, part: str, failure: str, stacklevel: int) -> None:
    """``compile="auto"``'s fall-back where ``part`` of ``env`` (a batched env: its ``compile`` and
    ``compile_reason``) failed to compile: the env steps eagerly from then on, and a warning says why, pointed
    ``stacklevel`` frames above the caller."""
    env.compile = False
    env.compile_reason = f"compile='auto': stepping eagerly, {part} could not be compiled: {failure}"
    warnings.warn(env.compile_reason, stacklevel=stacklevel + 1)


def compile_setting(compile: object, device: torch.device, cannot: str | None, what: str) -> tuple[bool, str | None]:
    """``(compiled, reason)`` of an env's ``compile`` argument.

    ``True`` and ``False`` stand as given, ``True`` refused with a ``ValueError`` where the fused step cannot play
    the env's configuration (``cannot`` says why; ``None`` where it can); ``"auto"`` compiles where the step can
    run and a compiler is found for ``device``, and says why it does or does not in ``reason`` (``what`` names the
    configuration it compiles).
    """
    if isinstance(compile, str) and compile == "auto":
        missing = cannot or compiler_missing(device)
        if missing is not None:
            return False, f"compile='auto': stepping eagerly: {missing}"
        return True, f"compile='auto': compiled on {device} ({what}, a compiler found)"
    if not isinstance(compile, bool):
        raise TypeError(f"compile must be True, False or 'auto', got {compile!r}")
    if compile and cannot is not None:
        raise ValueError(f"compile=True runs the bitboard kernel's fused step: {cannot}")
    return compile, None


def compiled_words(function: Callable[..., Any], name: str, device: str) -> Callable[..., Any]:
    """``function`` (a step on ``(B,)`` words) under ``torch.compile``, with the options the fused steps are
    compiled with, as a code object of its own named ``name``."""
    # Dynamo keeps its compiled graphs per code object, up to a few variants each: each spec gets a code object
    # of its own, so that the specs of one process do not share (and exhaust) one cache.
    code = function.__code__.replace(co_name=name)
    own = types.FunctionType(code, function.__globals__, name, None, function.__closure__)
    # On the CPU the step is written as scalar C++ (``cpp.simdlen=1``), which the C++ compiler makes 2.7 times
    # faster than inductor's own 16-lane vectors of int64 for a loop body of this size (measured at 4,096 boards).
    # ``cpp.dynamic_threads`` writes the loop as an OpenMP loop whatever the thread count and batch size at compile
    # time, run at the count in force at each call.
    options: dict[str, str | int | bool | Callable[..., Any]] = {}
    if device.startswith("cpu"):
        options = {"cpp.simdlen": 1, "cpp.dynamic_threads": True}
    return torch.compile(own, fullgraph=True, options=options)  # type: ignore[no-any-return]
