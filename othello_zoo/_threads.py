"""How the package uses CPU threads: its own work runs with a set number of intra-op threads (1 by default).

torch's default is one intra-op thread per core, and its threads wait for each other at the end of every
parallel operation. When another process is busy on one of the cores (a learner, a browser, a Ray worker:
the normal case), a thread that shares that core holds up every operation, and work that runs in a few
microseconds an operation slows down by an order of magnitude or more (measured on 2 cores: the conv
kernel at 4,096 boards 16x slower with 2 threads than with 1, a training iteration 26x). The package's
operations are small (words or planes of a few thousand boards, a small network), so one thread is also
close to the best on a quiet machine; see ``docs/performance.md`` for the figures.

So every entry that computes (the engine's functions, the envs' steps, the search, the agents' moves,
self-play and the trainer) runs under :func:`package_threads`, which sets torch's intra-op threads of the
calling thread to :func:`get_threads` and restores the caller's setting afterwards (about 0.3 us). The
caller's own work (a learner's backward pass) keeps torch's setting. ``set_threads(n)``, the environment
variable ``OTHELLO_ZOO_THREADS`` or the commands' ``--threads`` choose another count; ``set_threads(None)``
leaves torch's setting alone.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from typing import ParamSpec, TypeVar

import torch

__all__ = ["ENV_VAR", "get_threads", "package_threads", "set_threads", "thread_report", "uses_package_threads"]

ENV_VAR = "OTHELLO_ZOO_THREADS"
_DEFAULT = 1
_chosen: list[int | None] = []  # set_threads' choice, once made (a list: no global statement needed)

P = ParamSpec("P")
R = TypeVar("R")


def _from_environment() -> int | None:
    text = os.environ.get(ENV_VAR, "").strip()
    if not text:
        return _DEFAULT
    if text.lower() in ("torch", "default"):
        return None
    if not text.isdigit() or int(text) < 1:
        raise ValueError(f"{ENV_VAR} must be a whole number >= 1 or 'torch' (torch's own setting), got {text!r}")
    return int(text)


def get_threads() -> int | None:
    """The intra-op threads the package's work runs with: :func:`set_threads`' choice, else
    ``OTHELLO_ZOO_THREADS``, else 1. ``None``: torch's own setting, left alone.

    >>> get_threads()
    1
    """
    return _chosen[-1] if _chosen else _from_environment()


def set_threads(threads: int | None) -> None:
    """Runs the package's work with ``threads`` intra-op threads from now on (``None``: with torch's own
    setting, whatever the caller sets). Process-wide; the caller's own torch setting is not changed.

    >>> set_threads(2); get_threads()
    2
    >>> set_threads(1)
    """
    if threads is not None and (isinstance(threads, bool) or not isinstance(threads, int) or threads < 1):
        raise ValueError(f"threads must be a whole number >= 1 or None (torch's own setting), got {threads!r}")
    _chosen[:] = [threads]


class package_threads:  # noqa: N801 (used as a context manager, like torch.no_grad)
    """Within ``with package_threads():`` torch's intra-op threads of this thread are :func:`get_threads`;
    the caller's setting is restored on the way out (exceptions included)."""

    __slots__ = ("_before",)

    def __enter__(self) -> None:
        want = get_threads()
        self._before = torch.get_num_threads()
        if want is not None and want != self._before:
            torch.set_num_threads(want)

    def __exit__(self, *exc: object) -> None:
        if torch.get_num_threads() != self._before:
            torch.set_num_threads(self._before)


def uses_package_threads(function: Callable[P, R]) -> Callable[P, R]:
    """``function`` run under :class:`package_threads`."""

    @functools.wraps(function)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        want = get_threads()
        before = torch.get_num_threads()
        if want is None or want == before:
            return function(*args, **kwargs)
        torch.set_num_threads(want)
        try:
            return function(*args, **kwargs)
        finally:
            torch.set_num_threads(before)

    return wrapper


def thread_report() -> list[tuple[str, str]]:
    """The facts about CPU threads, as (name, value) rows (``othello-zoo doctor`` prints them)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    rows = [
        ("CPU cores", f"{cores} usable of {os.cpu_count()}"),
        ("torch threads", f"{torch.get_num_threads()} intra-op (torch's setting in this process)"),
    ]
    chosen = get_threads()
    rows.append(
        ("package threads", "torch's setting" if chosen is None else f"{chosen} (set with {ENV_VAR} or --threads)")
    )
    if hasattr(os, "getloadavg"):
        rows.append(("load average", " ".join(f"{x:.2f}" for x in os.getloadavg()) + " (1, 5, 15 min)"))
    for name in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", ENV_VAR):
        if os.environ.get(name):
            rows.append((name, os.environ[name]))
    return rows
