"""The code stays ruff- and mypy-clean (part of the slow group that CI runs)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent


@pytest.mark.slow
@pytest.mark.parametrize(
    "command",
    [
        ["ruff", "check", "othello_zoo", "tests", "examples"],
        ["ruff", "format", "--check", "othello_zoo", "tests", "examples"],
        ["mypy"],
    ],
    ids=["ruff-check", "ruff-format", "mypy"],
)
def test_lint__clean(command: list[str]) -> None:
    result = subprocess.run([sys.executable, "-m", *command], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
