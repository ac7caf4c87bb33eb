"""Doctest collection: adapters whose optional framework is not installed are left out."""

from __future__ import annotations

import importlib.util
from pathlib import Path

collect_ignore = [
    f"othello_zoo/compat/{name}.py"
    for name, module in [("torchrl", "torchrl"), ("rllib", "ray"), ("tianshou", "tianshou")]
    if importlib.util.find_spec(module) is None
]

# The public second names of modules (othello_zoo/_paths.py) are the modules under another name:
# their doctests are collected once, at the module's own place.
collect_ignore += [
    str(path.relative_to(Path(__file__).parent))
    for path in Path(__file__).parent.joinpath("othello_zoo").rglob("*.py")
    if "from othello_zoo._paths import alias" in path.read_text(encoding="utf-8")
]
