"""Doctest collection: adapters whose optional framework is not installed are left out."""

from __future__ import annotations

import importlib.util

collect_ignore = [
    f"othello_zoo/compat/{name}.py"
    for name, module in [("torchrl", "torchrl"), ("rllib", "ray"), ("tianshou", "tianshou")]
    if importlib.util.find_spec(module) is None
]
