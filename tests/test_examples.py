"""Every example runs to completion with tiny settings."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

EXAMPLES = Path(__file__).parent.parent / "examples"


def load(name: str):  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def test_example__selfplay_ppo_tiny(tmp_path: Path) -> None:
    example = load("selfplay_ppo")
    out = tmp_path / "selfplay.png"
    history = example.main(
        [
            "--updates",
            "2",
            "--num-envs",
            "8",
            "--steps",
            "8",
            "--eval-games",
            "8",
            "--eval-every",
            "1",
            "--board-size",
            "6",
            "--out",
            str(out),
            "--json",
            str(tmp_path / "history.json"),
        ]
    )
    assert history["update"] == [1, 2]
    assert all(0.0 <= v <= 1.0 for v in history["vs_random"] + history["vs_greedy"])
    assert out.stat().st_size > 10_000  # a real PNG
    assert (tmp_path / "history.json").exists()
