"""The package's files: loading checkpoints and networks safely, and one writer a run.

Every load is ``torch.load(..., weights_only=True)``: a checkpoint is tensors and plain data (dicts, lists,
numbers, strings), and torch refuses anything else, so a file cannot run code while it is read.

:class:`RunLock` keeps a second process from writing a run that another one writes (an arena's results file, a
training run's folder): the second is refused with the first one's process id.
"""

from __future__ import annotations

import contextlib
import functools
import io
import os
import pickle
import pickletools
import re
import signal
import threading
import time
import zipfile
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import TracebackType
from typing import IO, Any

import torch

__all__ = ["RunLock", "RunLockedError", "interrupts_deferred", "load_saved"]


def load_saved(path: str | Path, what: str, keys: Sequence[str], map_location: torch.device | str = "cpu") -> Any:
    """The dict saved in ``path``, checked to hold ``keys``; ``what`` names the kind of file in errors
    (``"a training checkpoint"``).

    Raises ``FileNotFoundError`` for a missing file and ``ValueError``, naming the file and what was expected, for a
    folder, an empty or truncated file, one that ``torch.save`` did not write, one that holds objects other than
    tensors and plain data (never loaded: they could run code; the pickle's instructions are read, never run, to
    name them, whatever torch's wording of the refusal), or one without ``keys``.
    """
    path = Path(path)
    if not path.exists():
        raise FileNotFoundError(f"no file at {path}: expected {what}")
    if path.is_dir():
        raise ValueError(f"{path} is a folder: expected {what} (a file)")
    size = path.stat().st_size
    if size == 0:
        raise ValueError(f"{path} is empty: expected {what}")
    try:
        saved = torch.load(path, map_location=map_location, weights_only=True)
    except Exception as error:  # every failure of the safe loader on foreign bytes, and an unreadable file
        raise ValueError(f"{path} {_refusal(path, size, error)}: expected {what}") from None
    missing = [key for key in keys if not isinstance(saved, dict) or key not in saved]
    if missing:
        held = f"a dict of {sorted(map(str, saved))}" if isinstance(saved, dict) else type(saved).__name__
        raise ValueError(f"{path} is not {what}: it holds {held}, without {', '.join(missing)}")
    return saved


@contextlib.contextmanager
def interrupts_deferred() -> Iterator[None]:
    """Ctrl-C (SIGINT) held back while the block runs, then raised as ``KeyboardInterrupt`` once it has finished: for
    a write that must end whole. A Ctrl-C in the middle of ``torch.save`` broke its zip writer, whose clean-up then
    raised a ``RuntimeError`` in place of the interrupt (a traceback instead of the command's own message). Only in
    the main thread, and only where Python's default handler is in place (elsewhere the block runs as it is)."""
    if threading.current_thread() is not threading.main_thread() or (
        signal.getsignal(signal.SIGINT) is not signal.default_int_handler
    ):
        yield
        return
    received: list[int] = []
    signal.signal(signal.SIGINT, lambda number, frame: received.append(number))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    if received:
        raise KeyboardInterrupt


_ZIP_MAGIC = b"PK\x03\x04"  # torch.save's format: a zip archive
_PICKLE_PROTOCOL = 0x80  # the first byte of a pickle of protocol 2 or above (torch's older format starts so too)
_PICKLE_LIMIT = 256 * 2**20  # the most bytes of pickle read to name a file's objects
_UNSAFE_WORDINGS = (  # the ways torch's safe loader has named a refused object (2.0 to 2.13)
    r"GLOBAL ([\w.]+) was not an allowed global",
    r"Unsupported global: GLOBAL ([\w.]+)",
    r"unsupported GLOBAL ([\w.]+)",
    r"Unsupported class ([\w.]+)",
    r"unrecognized function ([\w.<> -]+?)(?: which belongs|$)",
    r"but got <class '([\w.]+)'>",
)
_PLAIN_GLOBALS = frozenset(  # what torch's safe loader takes besides dtypes, storages and tensor classes
    {
        "_codecs.encode",
        "builtins.bytearray",
        "builtins.complex",
        "builtins.set",
        "collections.Counter",
        "collections.OrderedDict",
        "torch.Size",
        "torch.Tensor",
        "torch.device",
        "torch.nn.parameter.Parameter",
        "torch.serialization._get_layout",
        "torch._tensor._rebuild_from_type_v2",
    }
)


def _refusal(path: Path, size: int, error: Exception) -> str:
    """Why the safe loader refused ``path`` (of ``size`` bytes), in words that follow the file's name."""
    head = _head(path)
    if head is None:
        return f"cannot be read ({_error_text(error)})"
    foreign = _foreign_globals(path, head)
    if foreign:
        return _holds_objects(foreign)
    if _truncated(path, head, size, error):
        return f"is truncated: its {size:,} bytes end before its data does (an interrupted copy or save?)"
    if not (head.startswith(_ZIP_MAGIC) or head[:1] == bytes([_PICKLE_PROTOCOL])):
        return f"is not a file that torch.save wrote (it starts with {head[:16]!r})"
    named = [m.group(1).strip() for m in (re.search(w, str(error), re.MULTILINE) for w in _UNSAFE_WORDINGS) if m]
    if named:  # a wording of torch's that names an object the reading above did not find
        return _holds_objects(named[:1])
    if isinstance(error, pickle.UnpicklingError):
        text = str(error).split("WeightsUnpickler error:")[-1]
        lines = [line.strip() for line in text.splitlines() if line.strip()]
        detail = lines[0][:100] if lines else "no reason given"
        if detail.startswith("Unsupported operand"):
            detail += ": a pickle protocol above torch.save's default 2"
        return f"is not of a kind this package reads: the safe loader refused it ({detail})"
    return f"is corrupt: it cannot be read ({_error_text(error)})"


def _holds_objects(names: Sequence[str]) -> str:
    listed = ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
    return f"holds objects other than tensors and plain data ({listed}), which are never loaded (they could run code)"


def _error_text(error: BaseException) -> str:
    line = _first_line(error)
    return line if line == type(error).__name__ else f"{type(error).__name__}: {line}"


def _head(path: Path) -> bytes | None:
    """The first bytes of ``path`` (``None`` where it cannot be read)."""
    try:
        with path.open("rb") as stream:
            return stream.read(64)
    except OSError:
        return None


def _truncated(path: Path, head: bytes, size: int, error: Exception) -> bool:
    """Whether ``path`` is the start of a file that torch wrote: a zip archive without its end (the directory at
    the end of every zip file), or pickles (torch's older format) that stop before their end or before the data
    that follows them."""
    if size < len(_ZIP_MAGIC):
        return _ZIP_MAGIC.startswith(head) or head[:1] == bytes([_PICKLE_PROTOCOL])
    if head.startswith(_ZIP_MAGIC):
        return not zipfile.is_zipfile(path)
    if head[:1] != bytes([_PICKLE_PROTOCOL]):
        return False
    if isinstance(error, EOFError) or re.search(r"\bEOF\b|unpack requires a buffer", str(error)):
        return True
    stream = io.BytesIO(_pickle_bytes(path, head))
    try:
        for _ in range(5):  # the pickles of torch's older format (see _foreign_globals)
            for _ in pickletools.genops(stream):
                pass
            if stream.tell() >= size:
                return False
    except ValueError as problem:
        return "exhausted" in str(problem) or "not enough data" in str(problem) or "no newline" in str(problem)
    return False


def _pickle_bytes(path: Path, head: bytes) -> bytes:
    """The pickle of ``path`` (the ``data.pkl`` record of torch's zip format, else the file's own bytes), at most
    ``_PICKLE_LIMIT`` bytes of it (none where the file cannot be read)."""
    if head.startswith(_ZIP_MAGIC):
        try:
            with zipfile.ZipFile(path) as archive:
                records = [info for info in archive.infolist() if info.filename.endswith("data.pkl")]
                if records:
                    with archive.open(records[0]) as stream:
                        return stream.read(_PICKLE_LIMIT)
        except (zipfile.BadZipFile, OSError, RuntimeError, EOFError, ValueError):
            pass
    try:
        with path.open("rb") as stream:
            return stream.read(_PICKLE_LIMIT)
    except OSError:  # gone or unreadable since it was opened: nothing to read
        return b""


def _foreign_globals(path: Path, head: bytes) -> list[str]:
    """The names of the objects other than tensors and plain data that the pickle of ``path`` would build (its
    ``GLOBAL``, ``STACK_GLOBAL`` and ``INST`` instructions, read with :mod:`pickletools`: nothing is built or run).
    torch's older format holds several pickles one after the other: each is read. An instruction is counted once
    read whole (a truncated file's are counted up to its end); a file that does not start as torch's files do
    counts only where its first pickle reads to its end (text is not read as instructions)."""
    data = _pickle_bytes(path, head)
    torch_file = head.startswith(_ZIP_MAGIC) or head[:1] == bytes([_PICKLE_PROTOCOL])
    found: list[str] = []
    stream = io.BytesIO(data)
    for index in range(5):  # torch's older format: a magic number, a protocol, the system's facts, the object, keys
        start = stream.tell()
        if start >= len(data) or (index and data[start] != _PICKLE_PROTOCOL):
            break
        try:
            found += _globals_of(pickletools.genops(stream))
        except ValueError:  # a truncated or foreign pickle: what was read whole counts, in torch's files
            if torch_file:
                found += _globals_of(_ops_until_error(data[start:]))
            break
    allowed = _allowed_globals()
    return list(dict.fromkeys(name for name in found if name not in allowed))


def _ops_until_error(data: bytes) -> Any:
    """The instructions of the pickle ``data`` up to the first one that cannot be read."""
    try:
        yield from pickletools.genops(data)
    except ValueError:
        return


def _globals_of(ops: Any) -> list[str]:
    """The full names (``module.name``) of the objects that the pickle instructions ``ops`` look up. The names of
    ``STACK_GLOBAL`` are the two strings pushed before it (directly or from the memo)."""
    names: list[str] = []
    pushed: list[object] = []  # what the instructions pushed, strings kept (enough for STACK_GLOBAL's two)
    memo: dict[object, object] = {}
    for op, arg, _ in ops:
        if op.name in ("GLOBAL", "INST"):
            module, _, name = str(arg).partition(" ")
            names.append(_full_name(module, name))
            pushed.append(None)
        elif op.name == "STACK_GLOBAL":
            last, first = (pushed.pop() if pushed else None), (pushed.pop() if pushed else None)
            known = isinstance(first, str) and isinstance(last, str)
            names.append(_full_name(str(first), str(last)) if known else "an object named at load time")
            pushed.append(None)
        elif op.name == "MEMOIZE":
            memo[len(memo)] = pushed[-1] if pushed else None
        elif op.name in ("PUT", "BINPUT", "LONG_BINPUT"):
            memo[arg] = pushed[-1] if pushed else None
        elif op.name in ("GET", "BINGET", "LONG_BINGET"):
            pushed.append(memo.get(arg))
        elif op.stack_after:
            pushed.append(arg if isinstance(arg, str) else None)
    return names


def _full_name(module: str, name: str) -> str:
    """``module.name`` with Python 2's names of modules and objects as Python 3 names them (as pickle does)."""
    import _compat_pickle

    if (module, name) in _compat_pickle.NAME_MAPPING:
        module, name = _compat_pickle.NAME_MAPPING[(module, name)]
    elif module in _compat_pickle.IMPORT_MAPPING:
        module = _compat_pickle.IMPORT_MAPPING[module]
    return f"{module}.{name}"


@functools.lru_cache(maxsize=1)
def _allowed_globals() -> frozenset[str]:
    """The names torch's safe loader takes: its own list where this torch has one, and the plain ones (dtypes,
    storages, tensor classes, tensor rebuilders) in any case."""
    names = set(_PLAIN_GLOBALS)
    names |= {str(value) for value in vars(torch).values() if isinstance(value, torch.dtype)}
    names |= {f"torch.{name}" for name in dir(torch) if name.endswith("Storage")}
    names |= {f"torch._utils.{name}" for name in dir(torch._utils) if name.startswith("_rebuild_")}
    try:
        from torch import _weights_only_unpickler

        names |= set(_weights_only_unpickler._get_allowed_globals())
    except (ImportError, AttributeError):  # a torch without that list (it is private)
        pass
    return frozenset(names)


def _first_line(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return text[0][:200] if text else type(error).__name__


class RunLockedError(FileExistsError):
    """Another process holds the lock of a run (its process id is in the message)."""


class RunLock:
    """An exclusive lock on a run's file or folder, held by this process until :meth:`release` (or the end of a
    ``with`` block, or the process's end, whatever kills it).

    The lock is an advisory lock (``flock``; ``msvcrt.locking`` on Windows) on ``lock_path``, a small file that
    holds the holder's process id, removed on release. A second :class:`RunLock` on the same path, in any process,
    raises :class:`RunLockedError` naming ``what`` and the first holder's pid; it never waits.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "run.lock"
    >>> with RunLock(path, "the run"):
    ...     RunLock(path, "the run")
    Traceback (most recent call last):
    ...
    othello_zoo.runtime.files.RunLockedError: the run is in use by another process (pid ...): wait for it to end, ...
    """

    def __init__(self, lock_path: str | Path, what: str) -> None:
        self.path = Path(lock_path)
        self.what = what
        self._stream: IO[str] | None = None
        self.path.parent.mkdir(parents=True, exist_ok=True)
        for _ in range(100):  # another holder may remove the file between our open and our lock: open it again
            stream = self.path.open("a+", encoding="utf-8")
            if not _try_lock(stream):
                holder = _holder_pid(stream)
                stream.close()
                raise RunLockedError(
                    f"{what} is in use by another process (pid {holder}): wait for it to end, or stop it"
                )
            try:
                same = os.path.samestat(os.fstat(stream.fileno()), os.stat(self.path))
            except FileNotFoundError:
                same = False
            if same:
                stream.seek(0)
                stream.truncate()
                stream.write(str(os.getpid()))
                stream.flush()
                self._stream = stream
                return
            stream.close()
        raise RunLockedError(f"{what}: could not take the lock {self.path}")

    def release(self) -> None:
        """Remove the lock file and let the lock go (a second call does nothing)."""
        stream, self._stream = self._stream, None
        if stream is None:
            return
        with contextlib.suppress(OSError):
            self.path.unlink()
        stream.close()  # closing the file lets the lock go

    def __enter__(self) -> RunLock:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.release()

    def __del__(self) -> None:
        stream = getattr(self, "_stream", None)
        if stream is not None:
            stream.close()


def _holder_pid(stream: IO[str], wait: float = 0.5) -> str:
    """The pid in the lock file ``stream``, which its holder writes just after taking the lock: read again for up to
    ``wait`` seconds while the file is still empty (two runs started together: the second had read the file between
    the first's lock and its write, and named the holder "unknown"); "unknown" after that."""
    deadline = time.monotonic() + wait
    while True:
        stream.seek(0)
        text = stream.read().strip()
        if text or time.monotonic() >= deadline:
            return text or "unknown"
        time.sleep(0.01)


def _try_lock(stream: IO[str]) -> bool:
    """Take an exclusive lock on ``stream`` without waiting; False where another process holds it."""
    try:
        import fcntl
    except ImportError:  # Windows
        import msvcrt

        try:
            stream.seek(0)
            msvcrt.locking(stream.fileno(), msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
        except OSError:
            return False
        return True
    try:
        fcntl.flock(stream.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True
