"""Shared fixtures: the backends under test (the data files are at ``helpers.DATA``)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # the reference implementation

BACKENDS_8 = ["bitboard", "conv", "conv2d"]


@pytest.fixture(params=BACKENDS_8)
def backend(request: pytest.FixtureRequest) -> str:
    """Every backend that runs the 8 x 8 board."""
    return str(request.param)


def pytest_configure(config: pytest.Config) -> None:
    """No window or sound device is needed: pygame draws to dummy drivers in tests."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
