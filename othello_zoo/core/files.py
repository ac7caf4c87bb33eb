"""The package's files: loading checkpoints and networks safely, and one writer a run.

Every load is ``torch.load(..., weights_only=True)``: a checkpoint is tensors and plain data (dicts, lists,
numbers, strings), and torch refuses anything else, so a file cannot run code while it is read.

:class:`RunLock` keeps a second process from writing a run that another one writes (an arena's results file, a
training run's folder): the second is refused with the first one's process id.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import re
import zipfile
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType
from typing import IO, Any

import torch

__all__ = ["RunLock", "RunLockedError", "load_saved"]


def load_saved(path: str | Path, what: str, keys: Sequence[str], map_location: torch.device | str = "cpu") -> Any:
    """The dict saved in ``path``, checked to hold ``keys``; ``what`` names the kind of file in errors
    (``"a training checkpoint"``). Raises ``FileNotFoundError`` for a missing file and ``ValueError``, naming the
    file and what was expected, for a folder, an empty, truncated or foreign file, or one that holds objects
    other than tensors and plain data (never loaded: they could run code)."""
    path = Path(path)
    if not path.exists():
        raise FileNotFoundError(f"no file at {path}: expected {what}")
    if path.is_dir():
        raise ValueError(f"{path} is a folder: expected {what} (a file)")
    if path.stat().st_size == 0:
        raise ValueError(f"{path} is empty: expected {what}")
    try:
        saved = torch.load(path, map_location=map_location, weights_only=True)
    except pickle.UnpicklingError as error:
        text = str(error)
        unsafe = re.search(r"GLOBAL (\S+) was not an allowed global", text)
        if unsafe:
            raise ValueError(
                f"{path} holds objects other than tensors and plain data ({unsafe.group(1)}), which are never "
                f"loaded (they could run code): expected {what}"
            ) from None
        if "weights only load failed" in text.lower():
            detail = " ".join(text.split("WeightsUnpickler error:")[-1].split()[:6])
            raise ValueError(f"{path} is not {what}: the safe loader refused it ({detail})") from None
        raise ValueError(f"{path} is not {what}: it cannot be read ({_first_line(error)})") from None
    except (RuntimeError, EOFError, zipfile.BadZipFile) as error:
        raise ValueError(f"{path} is not {what}: it is truncated or corrupt ({_first_line(error)})") from None
    except Exception as error:  # the safe unpickler's other failures on foreign bytes, an unreadable file
        raise ValueError(f"{path} is not {what}: it cannot be read ({type(error).__name__}: {error})") from None
    missing = [key for key in keys if not isinstance(saved, dict) or key not in saved]
    if missing:
        held = f"a dict of {sorted(map(str, saved))}" if isinstance(saved, dict) else type(saved).__name__
        raise ValueError(f"{path} is not {what}: it holds {held}, without {', '.join(missing)}")
    return saved


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
    othello_zoo.core.files.RunLockedError: the run is in use by another process (pid ...): wait for it to end, ...
    """

    def __init__(self, lock_path: str | Path, what: str) -> None:
        self.path = Path(lock_path)
        self.what = what
        self._stream: IO[str] | None = None
        self.path.parent.mkdir(parents=True, exist_ok=True)
        for _ in range(100):  # another holder may remove the file between our open and our lock: open it again
            stream = self.path.open("a+", encoding="utf-8")
            if not _try_lock(stream):
                stream.seek(0)
                holder = stream.read().strip() or "unknown"
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
