"""The package's C sources built into shared libraries on first use, and loaded with ``ctypes``.

A source beside its module (the endgame solver's, ``agents/endgame_native.c``; the search's descents,
``search/_native.c``) is compiled once a machine by the C compiler on the ``PATH`` (``cc``, ``gcc`` or ``clang``:
the one ``torch.compile`` needs too) into the user's cache (``$XDG_CACHE_HOME/othello_zoo/native`` or
``~/.cache/othello_zoo/native``, a folder only its owner may write), named by a hash of the source, the flags and
the machine, so that a changed source or another CPU builds anew and a cache shared between machines never loads
a build for another. A cache folder or library that is not the user's own (another owner, writable by others) is
never loaded from. A failed build is reported as a reason, never raised: its users fall back to Python or to
torch. ``OTHELLO_ZOO_NATIVE=0`` in the environment turns every library off.
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import platform
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path

__all__ = ["BUILD_SECONDS", "build_library", "c_compiler", "cache_dir", "cpu_flags", "flags_for"]

BUILD_SECONDS = 120
"""How long one build may take before it counts as failed."""


def cache_dir() -> Path:
    """Where the built libraries are kept."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "othello_zoo" / "native"


def c_compiler() -> str | None:
    """The path of the first of ``cc``, ``gcc`` and ``clang`` on the ``PATH``, or ``None``."""
    for name in ("cc", "gcc", "clang"):
        found = shutil.which(name)
        if found:
            return found
    return None


def cpu_flags() -> tuple[str, ...]:
    """``-mpopcnt``, ``-mavx2``, ``-mbmi``, ``-mbmi2`` and ``-mlzcnt`` where this x86-64 CPU has the instructions
    (``/proc/cpuinfo``: ``popcnt``, ``avx2``, ``bmi1``, ``bmi2``, ``abm``), and ``-DOTHELLO_ZOO_SLOW_PEXT`` where its
    pext is microcode (AMD's and Hygon's before Zen 3: family 23 and 24) so that the C code does without it; none
    elsewhere."""
    if platform.machine().lower() not in ("x86_64", "amd64"):
        return ()
    try:
        info = Path("/proc/cpuinfo").read_text(errors="replace")
    except OSError:
        return ()
    return flags_for(info)


def flags_for(cpuinfo: str) -> tuple[str, ...]:
    """:func:`cpu_flags` of the x86-64 CPU that ``cpuinfo`` (the text of ``/proc/cpuinfo``) describes: its first
    processor's ``flags``, ``vendor_id`` and ``cpu family``."""
    fields: dict[str, str] = {}
    for line in cpuinfo.splitlines():
        name, _, value = line.partition(":")
        fields.setdefault(name.strip(), value.strip())
    flags = set(fields.get("flags", "").split())
    named = {"popcnt": "-mpopcnt", "avx2": "-mavx2", "bmi1": "-mbmi", "bmi2": "-mbmi2", "abm": "-mlzcnt"}
    found = tuple(flag for name, flag in named.items() if name in flags)
    vendor, family = fields.get("vendor_id"), fields.get("cpu family", "")
    if "bmi2" in flags and vendor in ("AuthenticAMD", "HygonGenuine") and family.isdigit() and int(family) < 25:
        found += ("-DOTHELLO_ZOO_SLOW_PEXT",)
    return found


def _not_private(path: Path) -> str | None:
    """Why ``path`` is not the user's own (another owner, or writable by others), or ``None`` where it is."""
    info = path.stat()
    if hasattr(os, "getuid") and info.st_uid != os.getuid():
        return f"{path} belongs to another user"
    if info.st_mode & 0o022:
        return f"{path} is writable by others"
    return None


def build_library(source: Path, stem: str, flags: Sequence[str]) -> tuple[ctypes.CDLL | None, str]:
    """``source`` built with ``flags`` (after ``-shared -fPIC``) and loaded, or ``None``; and a sentence: where it
    was built, or why it was not. Two processes building the same library at once each write a file of their own
    and move it into place whole."""
    if os.environ.get("OTHELLO_ZOO_NATIVE") == "0":
        return None, "turned off by OTHELLO_ZOO_NATIVE=0"
    compiler = c_compiler()
    if compiler is None:
        return None, "no C compiler (cc, gcc or clang) on the PATH"
    flags = ("-shared", "-fPIC", *flags)
    text = source.read_bytes()
    digest = hashlib.sha256(text + " ".join(flags).encode() + platform.machine().encode()).hexdigest()[:16]
    folder = cache_dir()
    target = folder / f"{stem}-{digest}.so"
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        unsafe = _not_private(folder) or (target.exists() and _not_private(target))
        if unsafe:
            return None, f"{unsafe}: a library there could be someone else's code, so none is loaded"
        if not target.exists():
            with tempfile.TemporaryDirectory(dir=folder) as scratch:
                built = Path(scratch) / f"{stem}.so"
                command = [compiler, *flags, str(source), "-o", str(built)]
                done = subprocess.run(command, capture_output=True, text=True, timeout=BUILD_SECONDS, check=False)
                if done.returncode != 0:
                    return None, f"{Path(compiler).name} failed: {(done.stderr.strip().splitlines() or [''])[0]}"
                os.replace(built, target)
        library = ctypes.CDLL(str(target))
    except (OSError, subprocess.SubprocessError) as error:
        return None, f"{type(error).__name__}: {error}"
    return library, f"built with {Path(compiler).name} into {target}"
