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

One kind of work is worth more threads where they are free: the conv kernel's step on the CPU (a matrix product and
large integer operations, exact at any thread count; 1.5x faster on 2 quiet cores). By default (``"auto"``) its
calls are timed now and then at the caller's torch thread count as well as at one thread (see
:class:`AdaptiveThreads`), and the faster one is used: more threads on a quiet machine, one as soon as another
program takes a core. A fixed choice (``set_threads(n)``) turns this off.
"""

from __future__ import annotations

import functools
import os
import threading
import time
from collections.abc import Callable, Hashable
from typing import Any, ParamSpec, TypeVar

import torch

__all__ = [
    "ENV_VAR",
    "AdaptiveThreads",
    "adaptive",
    "caller_threads",
    "get_threads",
    "package_threads",
    "set_threads",
    "thread_report",
    "threads_setting",
    "uses_adaptive_threads",
    "uses_package_threads",
]

ENV_VAR = "OTHELLO_ZOO_THREADS"
_chosen: list[int | str | None] = []  # set_threads' choice, once made (a list: no global statement needed)

_CALLER = threading.local()  # .threads: torch's setting before the outermost package entry changed it
P = ParamSpec("P")
R = TypeVar("R")


def threads_setting() -> int | str | None:
    """The setting in force: :func:`set_threads`' choice, else ``OTHELLO_ZOO_THREADS``, else ``"auto"``."""
    if _chosen:
        return _chosen[-1]
    text = os.environ.get(ENV_VAR, "").strip().lower()
    if text in ("", "auto"):
        return "auto"
    if text in ("torch", "default"):
        return None
    if not text.isdigit() or int(text) < 1:
        raise ValueError(
            f"{ENV_VAR} must be a whole number >= 1, 'auto' or 'torch' (torch's own setting), got {text!r}"
        )
    return int(text)


def get_threads() -> int | None:
    """The intra-op threads the package's work runs with: the number :func:`set_threads` chose, else
    ``OTHELLO_ZOO_THREADS``'s, else 1 (``"auto"``, the default, where only the conv kernel's step adapts).
    ``None``: torch's own setting, left alone.

    >>> get_threads()
    1
    """
    setting = threads_setting()
    return 1 if setting == "auto" else setting  # type: ignore[return-value]


def adaptive() -> bool:
    """Whether the conv kernel's step picks its threads by timing (the ``"auto"`` setting, the default)."""
    return threads_setting() == "auto"


def set_threads(threads: int | str | None) -> None:
    """Runs the package's work with ``threads`` intra-op threads from now on: a whole number, ``"auto"``
    (the default: one, and the conv kernel's step timed at torch's setting too, see :class:`AdaptiveThreads`)
    or ``None`` (torch's own setting, whatever the caller sets). Process-wide; the caller's own torch
    setting is not changed.

    >>> set_threads(2); get_threads()
    2
    >>> set_threads("auto")
    """
    fixed = isinstance(threads, int) and not isinstance(threads, bool) and threads >= 1
    if not (fixed or threads is None or threads == "auto"):
        raise ValueError(f"threads must be a whole number >= 1, 'auto' or None (torch's own setting), got {threads!r}")
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
        outer = getattr(_CALLER, "threads", None)
        if outer is None:  # the outermost entry: nested ones read the caller's setting here
            _CALLER.threads = before
        try:
            return function(*args, **kwargs)
        finally:
            torch.set_num_threads(before)
            if outer is None:
                _CALLER.threads = None

    return wrapper


def caller_threads() -> int:
    """torch's thread setting of the code that called into the package (before an entry changed it)."""
    outer = getattr(_CALLER, "threads", None)
    return torch.get_num_threads() if outer is None else int(outer)


class AdaptiveThreads:
    """Chooses between one thread and ``wide`` threads for a call repeated with the same key (the same
    kernel, board size and batch size class) by timing both.

    A key starts at one thread. After ``FIRST_PROBE`` seconds of its calls one call runs at the other
    count (a probe); each count keeps a running mean of its time, and the faster one is used. While the
    choice holds, the probes grow rarer (the interval doubles up to ``MAX_INTERVAL`` seconds). A wide
    call that takes ``SLOW`` times its mean (another program took a core) falls back to one thread at
    once. Results do not depend on the choice: it is used only for exact integer work.
    """

    FIRST_PROBE = 0.05
    MAX_INTERVAL = 5.0
    SLOW = 3.0

    __slots__ = ("_keys",)

    def __init__(self) -> None:
        self._keys: dict[Hashable, list[Any]] = {}  # key: [threads now, {threads: mean s}, next probe, interval]

    def reset(self) -> None:
        """Forgets every key's timings (each starts again at one thread)."""
        self._keys.clear()

    def run(self, key: Hashable, wide: int, function: Callable[[], R]) -> R:
        """``function()`` with this key's choice of threads, timed."""
        start = time.perf_counter()
        entry = self._keys.get(key)
        if entry is None:
            entry = self._keys[key] = [1, {}, start + self.FIRST_PROBE, self.FIRST_PROBE]
        chosen, means, probe_at, interval = entry
        probing = start >= probe_at and chosen in means
        threads = (wide if chosen == 1 else 1) if probing else chosen
        before = torch.get_num_threads()
        if threads != before:
            torch.set_num_threads(threads)
        start = time.perf_counter()
        try:
            result = function()
        finally:
            end = time.perf_counter()
            if torch.get_num_threads() != before:
                torch.set_num_threads(before)
        seconds, mean = end - start, means.get(threads)
        if threads > 1 and mean is not None and seconds > self.SLOW * mean:  # a core was taken: one thread now
            means[threads] = 0.5 * mean + 0.5 * seconds
            entry[0], entry[2], entry[3] = 1, end + self.FIRST_PROBE, self.FIRST_PROBE
            return result
        means[threads] = seconds if mean is None else 0.8 * mean + 0.2 * seconds
        if probing:
            other = means.get(chosen)
            if other is not None and means[threads] < 0.9 * other:
                entry[0], entry[3] = threads, self.FIRST_PROBE
            else:
                entry[3] = min(2 * interval, self.MAX_INTERVAL)
            entry[2] = end + entry[3]
        return result

    def choice(self, key: Hashable) -> int | None:
        """The thread count the key uses now (``None`` before its first call)."""
        entry = self._keys.get(key)
        return None if entry is None else int(entry[0])


ADAPTIVE = AdaptiveThreads()


def uses_adaptive_threads(key_of: Callable[..., Hashable | None]) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """``function`` run under :data:`ADAPTIVE`'s choice for the key ``key_of(*args)``, where the setting is
    ``"auto"``, the key is not ``None`` and torch's setting of the calling thread is above one; under
    :class:`package_threads` otherwise."""

    def decorate(function: Callable[P, R]) -> Callable[P, R]:
        fixed = uses_package_threads(function)

        @functools.wraps(function)
        def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
            wide = caller_threads()
            key = key_of(*args) if wide > 1 and adaptive() else None
            if key is None:
                return fixed(*args, **kwargs)
            return ADAPTIVE.run(key, wide, lambda: function(*args, **kwargs))

        return wrapper

    return decorate


def thread_report() -> list[tuple[str, str]]:
    """The facts about CPU threads, as (name, value) rows (``othello-zoo doctor`` prints them)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    rows = [
        ("CPU cores", f"{cores} usable of {os.cpu_count()}"),
        ("torch threads", f"{torch.get_num_threads()} intra-op (torch's setting in this process)"),
    ]
    setting = threads_setting()
    if setting == "auto":
        text = "auto (1; the conv kernel's step timed at torch's setting too)"
    else:
        text = "torch's setting" if setting is None else f"{setting} (set with {ENV_VAR} or --threads)"
    rows.append(("package threads", text))
    if hasattr(os, "getloadavg"):
        rows.append(("load average", " ".join(f"{x:.2f}" for x in os.getloadavg()) + " (1, 5, 15 min)"))
    for name in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", ENV_VAR):
        if os.environ.get(name):
            rows.append((name, os.environ[name]))
    return rows
