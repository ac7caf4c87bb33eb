"""How the package uses CPU threads: its own work runs under its own thread setting, one thread by default.

torch's default is one intra-op thread per core, and its threads wait for each other at the end of every
parallel operation. When another process is busy on one of the cores (a learner, a browser, a Ray worker:
the normal case), a thread that shares that core holds up every operation, and work of a few microseconds
an operation slows down several times (measured on 2 cores with one busy: a training iteration 2.6 times, the
AlphaZero agent's move 3.3 times, the conv kernel 3 times; see ``docs/devices.md``). The package's operations
are small (words or planes of a few thousand boards, a small network), so one thread is also close to the best
on a quiet machine.

So every entry that computes (the engine's functions, the envs' steps, the search, the agents' moves,
self-play and the trainer) runs under :func:`uses_package_threads`: torch's intra-op threads are set to
:func:`get_threads` for the call and the caller's setting is restored afterwards, exceptions included.
Everything inside such a call runs at that setting, code of the caller's that the package calls back
included (an evaluator network, a match opponent) and the trainer's own gradient steps. ``set_threads(n)``, the
environment variable ``OTHELLO_ZOO_THREADS`` or the commands' ``--threads`` choose another count;
``set_threads(None)`` (``torch``) leaves torch's setting alone.

One kind of work is worth more threads where they are free: the conv kernel's step on the CPU (a matrix product
and large integer operations, exact at any thread count; about 1.5x faster on 2 quiet cores). Under the default
setting, ``"auto"``, its calls are timed now and then at the caller's torch setting as well as at one thread
(:class:`AdaptiveThreads`), and the faster count is used: more threads on a quiet machine, one as soon as another
program takes a core. A number or ``None`` turns this off.

``torch.set_num_threads`` reaches beyond the calling thread in torch's OpenMP build (threads started later begin at
the count last set, and torch's own thread pool is resized), so the switch is made only where the count differs, and
restored at once.
"""

from __future__ import annotations

import functools
import os
import threading
import time
from collections.abc import Callable, Hashable
from typing import Literal, ParamSpec, TypeVar

import torch

from othello_zoo.core.checks import integer_value

__all__ = [
    "ADAPTIVE",
    "ENV_VAR",
    "MAX_THREADS",
    "AdaptiveThreads",
    "Cancelled",
    "Setting",
    "adaptive",
    "call_off_when",
    "caller_threads",
    "get_threads",
    "kept_settings",
    "package_threads",
    "parse_threads",
    "pinned_threads",
    "set_threads",
    "thread_report",
    "threads_setting",
    "usable_cores",
    "uses_adaptive_threads",
    "uses_package_threads",
]

ENV_VAR = "OTHELLO_ZOO_THREADS"
MAX_THREADS = 1024
"""The most threads a setting may name: torch's OpenMP runtime aborts the process (no exception to catch) when it
is asked for far more threads than a machine can start, e.g. 100,000; 1,024 is above the cores of any one CPU
machine today and still starts (tried on 2 cores)."""
Setting = int | Literal["auto"] | None  # a fixed count, "auto" (the default) or None (torch's own setting)
_chosen: list[Setting] = []  # set_threads' choice, once made (a list: no global statement needed)
_CALLER = threading.local()  # .threads: torch's setting before the outermost package entry changed it
_CANCEL = threading.local()  # .event: once set, the package's entries in this thread raise Cancelled
_HELD = threading.local()  # .count: the thread count an adaptive entry chose for the adaptive entries inside it
_PINNED: list[int] = []  # while a background compilation runs (pinned_threads): the count every thread keeps
_PIN_COUNT = [0]  # how many pins were made so far

P = ParamSpec("P")
R = TypeVar("R")


class Cancelled(Exception):  # noqa: N818 (it names what happened, like KeyboardInterrupt)
    """The work of a thread was called off (see :func:`call_off_when`)."""


def call_off_when(event: threading.Event | None) -> None:
    """From now on, in the calling thread, every entry of the package raises :class:`Cancelled` once ``event`` is
    set (``None``: never). A thread doing long work (an agent thinking for a window) can so be stopped at its next
    engine call, within milliseconds, instead of being left inside torch when the program ends."""
    _CANCEL.event = event


def _check_cancelled() -> None:
    event = getattr(_CANCEL, "event", None)
    if event is not None and event.is_set():
        raise Cancelled("the work of this thread was called off")


def threads_setting() -> Setting:
    """The setting in force: :func:`set_threads`' choice, else ``OTHELLO_ZOO_THREADS``, else ``"auto"``."""
    if _chosen:
        return _chosen[-1]
    return _from_environment(os.environ.get(ENV_VAR, ""))


@functools.lru_cache(maxsize=8)
def _from_environment(raw: str) -> Setting:
    """``OTHELLO_ZOO_THREADS``'s text as a setting (parsed once a text: every entry of the package reads it)."""
    if raw.strip() == "":
        return "auto"
    setting = parse_threads(raw)
    if setting is not None:
        return None if setting == "torch" else setting
    allowed = f"a whole number from 1 to {MAX_THREADS}, 'auto' or 'torch' (torch's setting)"
    raise ValueError(f"{ENV_VAR} must be {allowed}, got {_shown(raw)}")


def parse_threads(text: str) -> int | Literal["auto", "torch"] | None:
    """The thread setting that ``text`` names, as ``OTHELLO_ZOO_THREADS`` and ``--threads`` write it: a whole number
    from 1 to :data:`MAX_THREADS`, ``"auto"`` or ``"torch"`` (any case, spaces around ignored); ``None`` for any
    other text (the caller words the error for its source).

    >>> parse_threads("4"), parse_threads(" Auto "), parse_threads("torch")
    (4, 'auto', 'torch')
    >>> parse_threads("0"), parse_threads("100000"), parse_threads("1.5"), parse_threads("1e3")
    (None, None, None, None)
    """
    word = text.strip().lower()
    if word in ("auto", "torch"):
        return "auto" if word == "auto" else "torch"
    if not word.isascii() or not word.isdigit() or len(word) > len(str(MAX_THREADS)):  # no int() of a huge text
        return None
    number = int(word)
    return number if 1 <= number <= MAX_THREADS else None


def _shown(value: object) -> str:
    """``repr(value)``, cut to a readable length (a bad setting may be any text)."""
    return _cut(repr(value))


def _cut(text: str) -> str:
    """``text`` cut to at most 40 characters."""
    return text if len(text) <= 40 else text[:37] + "..."


def get_threads() -> int | None:
    """The intra-op threads the package's work runs with: the number :func:`set_threads` chose, else
    ``OTHELLO_ZOO_THREADS``'s, else 1 (``"auto"``, the default, where only the conv kernel's step adapts).
    ``None``: torch's own setting, left alone.

    >>> get_threads()
    1
    """
    setting = threads_setting()
    return 1 if setting == "auto" else setting


def adaptive() -> bool:
    """Whether the conv kernel's step picks its threads by timing (the ``"auto"`` setting, the default)."""
    return threads_setting() == "auto"


def set_threads(threads: Setting) -> None:
    """Runs the package's work with ``threads`` intra-op threads from now on: a whole number, ``"auto"``
    (the default: one, and the conv kernel's step timed at the caller's torch setting too, see
    :class:`AdaptiveThreads`) or ``None`` (torch's own setting, whatever the caller sets). Process-wide;
    the caller's own torch setting is not changed. A number above :data:`MAX_THREADS` is refused with a
    ``ValueError`` (torch's OpenMP runtime aborts the whole process at counts like 100,000).

    >>> set_threads(2); get_threads()
    2
    >>> set_threads("auto")
    """
    number = integer_value(threads)
    if not (threads is None or threads == "auto" or (number is not None and 1 <= number <= MAX_THREADS)):
        allowed = f"a whole number from 1 to {MAX_THREADS}, 'auto' or None (torch's own setting)"
        raise ValueError(f"threads must be {allowed}, got {_shown(threads if number is None else number)}")
    _chosen[:] = [number if number is not None else threads]


class kept_settings:  # noqa: N801 (a context manager)
    """Within the block the thread settings may change; torch's setting and :func:`set_threads`' choice (or its
    absence) are as before afterwards, exceptions included."""

    __slots__ = ("_chosen", "_torch")

    def __enter__(self) -> None:
        self._chosen, self._torch = list(_chosen), torch.get_num_threads()

    def __exit__(self, *exc: object) -> None:
        _chosen[:] = self._chosen
        torch.set_num_threads(self._torch)


def caller_threads() -> int:
    """torch's thread setting of the code that called into the package (before an entry changed it)."""
    outer = getattr(_CALLER, "threads", None)
    return torch.get_num_threads() if outer is None else int(outer)


class package_threads:  # noqa: N801 (a context manager, like torch.no_grad)
    """Within ``with package_threads():`` torch's intra-op threads are :func:`get_threads`; the caller's setting
    is restored on the way out (exceptions included), and entries inside see it as the caller's."""

    __slots__ = ("_before", "_outermost")

    def __enter__(self) -> None:
        want = get_threads()
        self._before = torch.get_num_threads()
        self._outermost = False
        if want is None or want == self._before:
            return
        torch.set_num_threads(want)
        if getattr(_CALLER, "threads", None) is None:  # the outermost entry: nested ones read the caller's here
            _CALLER.threads, self._outermost = self._before, True

    def __exit__(self, *exc: object) -> None:
        if torch.get_num_threads() != self._before:
            torch.set_num_threads(self._before)
        if self._outermost:
            _CALLER.threads = None


def uses_package_threads(function: Callable[P, R]) -> Callable[P, R]:
    """``function`` run under :class:`package_threads`."""

    @functools.wraps(function)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        _check_cancelled()
        if get_threads() in (None, torch.get_num_threads()):  # the common case, no switch: nothing to do
            return function(*args, **kwargs)
        with package_threads():
            return function(*args, **kwargs)

    return wrapper


class _Timing:
    """One key's record: the count in use, each count's mean seconds a call, the seconds its calls took in all
    (``work``), and at what ``work`` and how soon to probe."""

    __slots__ = ("interval", "means", "probe_at", "threads", "work")

    def __init__(self, interval: float) -> None:
        self.threads = 1
        self.means: dict[int, float] = {}
        self.work = 0.0
        self.probe_at = interval
        self.interval = interval


class AdaptiveThreads:
    """Chooses between one thread and ``wide`` threads for a call repeated with the same key (the same
    kernel, board size, batch size class and ``wide``) by timing both.

    A key starts at one thread. After ``FIRST_PROBE`` seconds of its calls one call runs at the other count (a probe);
    each count keeps a running mean of its time, and the faster one is used. While the choice holds, the probes grow
    rarer (the interval doubles up to ``MAX_INTERVAL`` seconds). The intervals count the seconds spent in the key's
    calls, not the time between them: the moves of an agent that waits for its opponent (a search of 0.4 s every second
    or so) had probed every other move, and a probe at two threads beside a busy core took three times as long. Nor does
    a probe come sooner than ``PROBE_CALLS`` calls of the count in use after the last (the first intervals are shorter
    than a search). A wide call that takes ``SLOW`` times its mean (another program took a core) falls back to one
    thread at once. Results do not depend on the choice: it is used only for exact integer work. ``clock`` is the timer
    (``time.perf_counter``; a test passes its own).
    """

    FIRST_PROBE = 0.05
    MAX_INTERVAL = 5.0
    PROBE_CALLS = 8
    SLOW = 3.0

    __slots__ = ("_clock", "_keys")

    def __init__(self, clock: Callable[[], float] = time.perf_counter) -> None:
        self._keys: dict[tuple[Hashable, int], _Timing] = {}
        self._clock = clock

    def reset(self) -> None:
        """Forgets every key's timings (each starts again at one thread)."""
        self._keys.clear()

    def timed_keys(self) -> list[Hashable]:
        """The keys timed so far (each once, whatever the wide counts it was timed at)."""
        return list(dict.fromkeys(key for key, _ in self._keys))

    def choice(self, key: Hashable, wide: int) -> int | None:
        """The thread count the key uses now at ``wide`` (``None`` before its first call)."""
        timing = self._keys.get((key, wide))
        return None if timing is None else timing.threads

    def run(self, key: Hashable, wide: int, function: Callable[[], R]) -> R:
        """``function()`` with this key's choice between 1 and ``wide`` threads, timed."""
        timing = self._keys.get((key, wide))
        if timing is None:
            timing = self._keys[(key, wide)] = _Timing(self.FIRST_PROBE)
        chosen, means = timing.threads, timing.means
        probing = timing.work >= timing.probe_at and chosen in means
        threads = (wide if chosen == 1 else 1) if probing else chosen
        before, held = torch.get_num_threads(), getattr(_HELD, "count", None)
        if threads != before:
            torch.set_num_threads(threads)
        _HELD.count = threads
        pinned, pins = bool(_PINNED), _PIN_COUNT[0]
        start = self._clock()
        try:
            result = function()
        finally:
            end = self._clock()
            _HELD.count = held
            if torch.get_num_threads() != before:
                torch.set_num_threads(before)
        if pinned or _PINNED or _PIN_COUNT[0] != pins:  # a compilation ran beside it: its time says nothing
            return result
        seconds, mean = end - start, means.get(threads)
        timing.work += seconds
        if threads > 1 and mean is not None and seconds > self.SLOW * mean:  # a core was taken: one thread now
            means[threads] = 0.5 * mean + 0.5 * seconds
            timing.threads, timing.interval = 1, self.FIRST_PROBE
            timing.probe_at = timing.work + max(self.FIRST_PROBE, self.PROBE_CALLS * means.get(1, 0.0))
            return result
        # A probe's time stands alone: the other count's mean may be from long ago (or from a first call that
        # compiled), and averaged with it one probe could not undo a choice made on it.
        means[threads] = seconds if mean is None or probing else 0.8 * mean + 0.2 * seconds
        if probing:
            other = means.get(chosen)
            if other is not None and means[threads] < 0.9 * other:
                timing.threads, timing.interval = threads, self.FIRST_PROBE
            else:
                timing.interval = min(2 * timing.interval, self.MAX_INTERVAL)
            timing.probe_at = timing.work + max(timing.interval, self.PROBE_CALLS * means[timing.threads])
        return result


ADAPTIVE = AdaptiveThreads()


def uses_adaptive_threads(key_of: Callable[..., Hashable | None]) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """``function`` run under :data:`ADAPTIVE`'s choice for the key ``key_of(*args, **kwargs)``, where the setting
    is ``"auto"``, the key is not ``None`` and the caller's torch setting is above one thread; under
    :func:`uses_package_threads` otherwise.

    Inside an adaptive entry (a search, whose whole run is timed), a nested adaptive entry (the search's network
    calls) runs at the count the outer one chose, untimed: the search chooses once for all its calls. Timed call by
    call, the network's calls of a few milliseconds each, spread over a search, had chosen one thread on a quiet
    2-core CPU where two ran the search 1.2 times faster: a probe at two threads now and then found the second
    core's thread asleep and its caches cold. The package's other entries inside it keep the package's setting."""

    def decorate(function: Callable[P, R]) -> Callable[P, R]:
        fixed = uses_package_threads(function)

        @functools.wraps(function)
        def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
            _check_cancelled()
            held = _PINNED[-1] if _PINNED else getattr(_HELD, "count", None)
            if held is not None:  # inside an adaptive entry (a search): its choice, timed with it; or pinned
                return _at(held, function, *args, **kwargs)
            wide = caller_threads()
            key = key_of(*args, **kwargs) if wide > 1 and adaptive() else None
            if key is None:
                return fixed(*args, **kwargs)
            return ADAPTIVE.run(key, wide, lambda: function(*args, **kwargs))

        return wrapper

    return decorate


class pinned_threads:  # noqa: N801 (a context manager)
    """Within ``with pinned_threads(count):`` torch's intra-op threads are ``count``, and every adaptive entry, in
    every thread of the process, runs at ``count`` untimed; afterwards the setting from before is restored.

    For a compilation in a background thread (:mod:`othello_zoo.search._compiled`), which pins the count of the
    search that started it: dynamo guards its graphs on the count, and torch's OpenMP count is not one plain setting
    of the process (with torch 2.13: a count set in a second thread was then read by the main thread, while one the
    main thread set later was not seen by the second), so every thread keeps the one count while it compiles. A
    search beside it, whose time says nothing about a quiet machine, is not timed either."""

    __slots__ = ("_before", "_count")

    def __init__(self, count: int) -> None:
        self._count = count

    def __enter__(self) -> None:
        self._before = torch.get_num_threads()
        _PINNED.append(self._count)
        _PIN_COUNT[0] += 1
        if self._count != self._before:
            torch.set_num_threads(self._count)

    def __exit__(self, *exc: object) -> None:
        _PINNED.remove(self._count)
        if not _PINNED and torch.get_num_threads() != self._before:
            torch.set_num_threads(self._before)


def _at(threads: int, function: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """``function(*args, **kwargs)`` at ``threads`` intra-op threads, the count in force restored afterwards."""
    before = torch.get_num_threads()
    if threads == before:
        return function(*args, **kwargs)
    torch.set_num_threads(threads)
    try:
        return function(*args, **kwargs)
    finally:
        torch.set_num_threads(before)


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system has one, else every core).

    >>> usable_cores() >= 1
    True"""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def thread_report() -> list[tuple[str, str]]:
    """The facts about CPU threads, as (name, value) rows (``othello-zoo doctor`` prints them)."""
    rows = [
        ("CPU cores", f"{usable_cores()} usable of {os.cpu_count()}"),
        ("torch threads", f"{torch.get_num_threads()} intra-op (torch's setting in this process)"),
    ]
    rows.append(("package threads", _setting_text()))
    if hasattr(os, "getloadavg"):
        rows.append(("load average", " ".join(f"{x:.2f}" for x in os.getloadavg()) + " (1, 5, 15 min)"))
    for name in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", ENV_VAR):
        if os.environ.get(name):
            rows.append((name, _cut(os.environ[name])))
    return rows


def _setting_text() -> str:
    """The setting in force as the report words it; a bad ``OTHELLO_ZOO_THREADS`` is reported, not raised."""
    try:
        setting = threads_setting()
    except ValueError as error:
        return str(error)
    if setting == "auto":
        return "auto (1; the conv kernel's step timed at torch's setting too)"
    return "torch's setting" if setting is None else f"{setting} (set with {ENV_VAR} or --threads)"
