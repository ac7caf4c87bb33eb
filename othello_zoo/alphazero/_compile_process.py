"""The agent's first compilation in a process of its own, which only fills inductor's cache on disk.

A compilation in a background thread of the playing process holds the GIL for most of its time (dynamo's tracing
and inductor's lowering are pure Python), and the eager search beside it, which gives the GIL up at each of its
small torch operations, waits to get it back: with inductor's cache cold (a machine's first game, or the first after
``/tmp`` was cleared) the agent's first move took about 100 s on a 2-core CPU. So where this machine's cache does
not hold the agent's graphs yet, the agent starts a Python process that runs :func:`main` here (the same interpreter
and package, the search's settings as JSON on its command line: no file is read), which compiles the
same search and exits; its own background compilation waits for it (:func:`wait`) and then loads the graphs from
the cache (about 12 s) instead of compiling them. Meanwhile the playing process searches eagerly at full speed.

The process:

- runs at a lower priority (``nice`` 10) and with inductor's C++ builds in the process itself
  (``TORCHINDUCTOR_COMPILE_THREADS=1``, not part of inductor's cache key), so that it takes one core at most;
- is in a session of its own (a Ctrl-C at the terminal reaches the game alone), writes nothing to the terminal,
  and exits within a second of the playing process, however that one ended (it watches its parent);
- leaves a marker in inductor's cache directory when it has compiled (:func:`marker`: an empty file, named by a
  hash of the search's settings and the versions), so that later games skip it and load the cache directly.

``OTHELLO_ZOO_COMPILE=0`` turns the agent's compilation off, this process with it.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import platform
import subprocess
import sys
import threading
import time
import warnings
from pathlib import Path
from typing import Any

import torch

from othello_zoo import engine
from othello_zoo.search import BatchedSearch, SearchConfig, exact_wins

__all__ = ["LAUNCH", "Recipe", "compile_plan", "main", "marker", "recipe", "start", "wait"]

Recipe = dict[str, Any]
"""What the process compiles, as plain data: the network's settings (its board size the roots'), the settings of the
agent's first search, ``exact_wins`` and the thread count."""

DTYPES = {"float32": torch.float32, "float64": torch.float64}


def recipe(network_config: dict[str, int], config: SearchConfig, exact: bool, threads: int) -> Recipe:
    """The agent's search as plain data (see :data:`Recipe`)."""
    first = config.warm_up()  # the search that compile_ahead runs
    search = {name: getattr(first, name) for name in first.__dataclass_fields__}
    search["dtype"] = str(first.dtype).removeprefix("torch.")
    return {"network": dict(network_config), "search": search, "exact_wins": bool(exact), "threads": int(threads)}


def marker(plan: Recipe) -> Path | None:
    """The file that says this machine's inductor cache holds the graphs of ``plan``: in inductor's cache directory
    (cleared with it), named by a hash of the plan, torch's and Python's versions, the package's source (its
    version string stays while its code changes), the machine and ATen's CPU capability setting (each changes the
    graphs or their key). ``None`` where inductor has no cache
    directory to name."""
    try:
        from torch._inductor.runtime.cache_dir_utils import cache_dir

        root = Path(cache_dir())
    except (ImportError, OSError, RuntimeError):
        return None
    what = [plan, torch.__version__, _source_digest(), sys.version, platform.machine()]
    what.append(os.environ.get("ATEN_CPU_CAPABILITY", ""))
    digest = hashlib.sha256(json.dumps(what, sort_keys=True).encode()).hexdigest()[:24]
    return root / f"othello-zoo-agent-{digest}"


LAUNCH = f"import sys; from {__name__} import main; sys.exit(main(sys.argv[1:]))"
"""The process's program: :func:`main` of this module imported, not run as ``python -m`` (as ``__main__``, the
compiled graphs' keys in inductor's cache came out other than the playing process's, so that the cache it filled
was never read: measured with torch 2.13)."""


@functools.cache
def _source_digest() -> str:
    """A hash of the package's Python source (a few milliseconds, once a process)."""
    package = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    for path in sorted(package.rglob("*.py")):
        digest.update(path.relative_to(package).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def start(plan: Recipe) -> subprocess.Popen[bytes] | None:
    """Starts the process that compiles ``plan`` into inductor's cache, or returns ``None`` where the cache already
    holds it (:func:`marker`), inductor's caches are off, or the process cannot be started (the agent then compiles
    in its own process)."""
    from torch._inductor import config as inductor

    if torch.compiler.config.force_disable_caches or not inductor.fx_graph_cache:  # nothing to fill
        return None
    done = marker(plan)
    if done is None or done.exists():
        return None
    environment = dict(os.environ, TORCHINDUCTOR_COMPILE_THREADS="1")
    command = [sys.executable, "-c", LAUNCH, json.dumps(plan), str(os.getpid())]
    try:
        return subprocess.Popen(
            command,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env=environment,
            start_new_session=True,
        )
    except OSError:
        return None


def wait(process: subprocess.Popen[bytes]) -> None:
    """Waits for ``process`` to end, in short sleeps (so that an exception raised in the waiting thread, the
    agent's background compilation abandoned at the program's end, lands within a tenth of a second); the process
    is killed if the wait ends otherwise."""
    try:
        while process.poll() is None:
            time.sleep(0.1)
    finally:
        if process.poll() is None:
            process.kill()
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=5)


def _watch_parent(parent: int) -> None:
    """Ends this process at once when ``parent`` (the playing process) has gone."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.2)
        os._exit(0)

    threading.Thread(target=watch, name="othello-zoo-parent-watch", daemon=True).start()


def compile_plan(plan: Recipe) -> bool:
    """Compiles what the agent's first search of ``plan`` runs (its :meth:`~othello_zoo.search.BatchedSearch.
    compile_ahead`), in this process, at ``plan``'s thread count; the search's result is dropped. False where the
    compilation failed (the search then ran eagerly)."""
    from othello_zoo.alphazero.network import PolicyValueNet, check_network_config
    from othello_zoo.runtime.threads import set_threads

    settings = dict(plan["search"])
    if settings.get("dtype") not in DTYPES:
        raise ValueError(f"dtype must be one of {', '.join(DTYPES)}, got {settings.get('dtype')!r}")
    settings["dtype"] = DTYPES[settings["dtype"]]
    config = SearchConfig(**settings)
    network = PolicyValueNet(**check_network_config(plan["network"])).eval()
    evaluate = network.evaluator()
    if plan["exact_wins"]:
        evaluate = exact_wins(evaluate)
    set_threads(int(plan["threads"]))
    roots = engine.init(1, network.board_size)
    with warnings.catch_warnings(record=True) as said:  # a failure is said in a warning, read here
        warnings.simplefilter("always")
        BatchedSearch(evaluate, config, compile=True).run(roots, torch.Generator().manual_seed(0), keep_tree=False)
    return not any("could not be compiled" in str(warning.message) for warning in said)


def main(argv: list[str]) -> int:
    """The process's entry (:data:`LAUNCH`), ``argv`` being ``PLAN PARENT_PID``: compiles ``PLAN`` (JSON of a
    :data:`Recipe`) and leaves its :func:`marker`; exits when the process ``PARENT_PID`` has gone."""
    if len(argv) != 2 or not argv[1].isdigit():
        print("usage: main([PLAN, PARENT_PID]): PLAN the JSON of a Recipe", file=sys.stderr)
        return 2
    _watch_parent(int(argv[1]))
    with contextlib.suppress(OSError):
        os.nice(10)
    plan = json.loads(argv[0])
    if not compile_plan(plan):
        return 1
    done = marker(plan)
    if done is not None:
        done.parent.mkdir(parents=True, exist_ok=True)
        done.touch()
    return 0
