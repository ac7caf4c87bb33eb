"""Shared fixtures: the backends under test and the device under test (the data files are at ``helpers.DATA``).

``pytest --device DEV`` (default ``cpu``) runs every device-aware test on ``DEV``: the tests that take the
``device`` fixture, marked ``device`` here, so that ``pytest --device cuda -m device`` runs just them. The
fixture is the text as given (``"cuda"``, ``"cpu:0"``): the public entries are handed exactly what a user types.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import torch

sys.path.insert(0, str(Path(__file__).parent))  # the reference implementation
# The AlphaZero agent's default compile="auto" compiles its search in a background thread: minutes of a core with
# inductor's cache cold, beside every test that asks it for a move (and in the programs they start). Its moves are
# the same either way; tests/test_compiled_search.py runs the compilation itself.
os.environ.setdefault("OTHELLO_ZOO_COMPILE", "0")

BACKENDS_8 = ["bitboard", "conv", "conv2d"]


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--device",
        default="cpu",
        help="torch device of the device-aware tests (marked 'device'), as a user types it: cpu, cpu:0, cuda, ...",
    )


@pytest.fixture(params=BACKENDS_8)
def backend(request: pytest.FixtureRequest) -> str:
    """Every backend that runs the 8 x 8 board."""
    return str(request.param)


@pytest.fixture(scope="session")
def device(request: pytest.FixtureRequest) -> str:
    """The device under test as given to ``--device`` (not normalised: that is the package's job)."""
    text = str(request.config.getoption("--device"))
    try:
        torch.empty(0, device=text)
    except (RuntimeError, AssertionError) as error:
        pytest.exit(f"--device {text}: torch cannot allocate on it here ({error})", returncode=4)
    return text


@pytest.fixture(scope="session")
def on_device(device: str) -> torch.device:
    """The device the tensors under test should be on (the normalised form of ``device``)."""
    return torch.empty(0, device=device).device


MOST_WORKERS = 8
"""The most worker processes ``-n auto`` starts (pytest-xdist): one a core up to this, each holding torch (280 MB
each as they start, more as the tests go on), so that a many-core machine's run does not take its memory."""


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: a worker a core this process may run on, at most :data:`MOST_WORKERS`."""
    from othello_zoo.runtime.threads import usable_cores

    return min(usable_cores(), MOST_WORKERS)


def pytest_configure(config: pytest.Config) -> None:
    """No window or sound device is needed: pygame draws to dummy drivers in tests."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def _graphs_compiled() -> int:
    """Graphs dynamo has compiled in this process (served from inductor's cache or not); 0 before it is imported."""
    utils = sys.modules.get("torch._dynamo.utils")
    return 0 if utils is None else int(utils.counters["stats"]["unique_graphs"])


@pytest.fixture(autouse=True)
def _compiles_only_where_marked(request: pytest.FixtureRequest) -> Iterator[None]:
    """A test that compiles is marked ``compiles`` (or is in the ``slow`` or ``integrations`` group, which the
    README's test command leaves out or skips): a compilation costs 10-80 s of that command on a fresh machine, whose
    inductor cache is cold, and one crept in unseen before (an op-by-op test whose private hook had gone stale
    compiled every configuration: 556 s)."""
    before = _graphs_compiled()
    yield
    compiled = _graphs_compiled() - before
    marked = any(request.node.get_closest_marker(name) for name in ("compiles", "slow", "integrations"))
    if compiled and not marked:
        pytest.fail(f"compiled {compiled} graph(s) without the 'compiles' mark (see tests/conftest.py)")


LONGEST_FIRST = (
    "test_compiled_search.py",
    "test_wide.py",
    "test_gym_vector_compiled.py",
    "test_wipeout.py",
    "test_compile_process.py",
    "test_alphabeta.py",
    "test_mcts.py",
    "test_stateful.py",
    "test_fused.py",
)
"""The test files whose slow groups take longest, longest first (measured with inductor's cache cold on 2 cores:
476, 179, 155, 154, 130, 117, 102, 79 and 58 s; every other file under 45 s). They are collected first, each file's
tests in their order, so that CI's ``-n 2 --dist loadfile --no-loadscope-reorder`` hands a worker the longest file
first and neither ends long after the other: the slow groups' 1,712 s of tests ended at 983 s when the longest
files came last, ideally at 856 s."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test that takes the device under test is in the ``device`` group; the files of :data:`LONGEST_FIRST`
    collected first, in that order (a stable sort: every file's tests stay together and in order); a name there
    that is no file of ``tests/`` stops the run before any test."""
    for item in items:
        if "device" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.device)
    missing = [name for name in LONGEST_FIRST if not (Path(__file__).parent / name).is_file()]
    if missing:  # a renamed file would silently drop out of the order
        raise pytest.UsageError(f"tests/conftest.py's LONGEST_FIRST names files that are not in tests/: {missing}")
    rank = {name: i for i, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(LONGEST_FIRST)))
