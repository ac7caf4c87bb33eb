"""Doctest collection: adapters whose optional framework is not installed are left out."""

from __future__ import annotations

import importlib.util
from pathlib import Path

collect_ignore = [
    f"othello_zoo/compat/{name}.py"
    for name, module in [("torchrl", "torchrl"), ("rllib", "ray"), ("tianshou", "tianshou")]
    if importlib.util.find_spec(module) is None
]

# The old paths of moved modules (othello_zoo/_alias.py) are the new modules under a second name:
# their doctests are collected once, at the new place.
collect_ignore += [
    str(path.relative_to(Path(__file__).parent))
    for path in Path(__file__).parent.joinpath("othello_zoo").rglob("*.py")
    if "from othello_zoo._alias import alias" in path.read_text(encoding="utf-8")
]
