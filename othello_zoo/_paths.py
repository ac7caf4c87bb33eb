"""The package's second names for modules: the public paths kept where users know them, and the old paths of
moved modules.

A public path (``othello_zoo.othello_v0``, ``.vector``, ``.notation``, ``.symmetry``) is a small module at the top
level that makes its name the module it stands for (:func:`alias`): the *same* module object, so attributes,
monkeypatching and ``isinstance`` checks behave as at the module's own place.

An old path (``othello_zoo.rules``, ...) has no file: :class:`OldPaths`, on ``sys.meta_path`` from the package's
import on, answers the import with the module's new place and a ``DeprecationWarning`` naming it, once per process.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
import warnings
from collections.abc import Sequence
from types import ModuleType

__all__ = ["MOVED", "OldPaths", "alias", "install"]

MOVED = {
    "othello_zoo.rules": "othello_zoo.core.rules",
    "othello_zoo.board": "othello_zoo.core.board",
    "othello_zoo.openings": "othello_zoo.env.openings",
    "othello_zoo.network": "othello_zoo.alphazero.network",
    "othello_zoo.selfplay": "othello_zoo.alphazero.selfplay",
    "othello_zoo.train": "othello_zoo.alphazero.train",
    "othello_zoo.workers": "othello_zoo.alphazero.workers",
    "othello_zoo.agents.alphazero": "othello_zoo.alphazero.agent",
    "othello_zoo.bench": "othello_zoo.cli.bench",
    "othello_zoo.doctor": "othello_zoo.cli.doctor",
}
"""Old module paths and the modules' places now."""


def alias(name: str, target: str) -> None:
    """Make ``sys.modules[name]`` the module ``target`` (called by the module ``name`` as it is imported)."""
    sys.modules[name] = importlib.import_module(target)


class OldPaths(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Imports an old path of :data:`MOVED` as the module at its new place, with a ``DeprecationWarning``."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        return importlib.util.spec_from_loader(fullname, self) if fullname in MOVED else None

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> None:
        return None  # a plain placeholder: exec_module puts the real module in its place

    def exec_module(self, module: ModuleType) -> None:
        name, target = module.__name__, MOVED[module.__name__]
        warnings.warn(
            f"{name} moved to {target}; import it from there (the old path will be removed in a later release)",
            DeprecationWarning,
            stacklevel=2,  # the importer's line (the import system's own frames are skipped)
        )
        sys.modules[name] = importlib.import_module(target)


def install() -> None:
    """Put :class:`OldPaths` at the end of ``sys.meta_path`` (once): it answers only what no file does."""
    if not any(isinstance(finder, OldPaths) for finder in sys.meta_path):
        sys.meta_path.append(OldPaths())
