"""Old import paths of moved modules: ``othello_zoo.<old>`` becomes the module at its new place.

The name is bound to the *same* module object (``othello_zoo.rules is othello_zoo.core.rules``), so
attributes, monkeypatching and ``isinstance`` checks behave as before. A deprecated path warns once,
when it is first imported.
"""

from __future__ import annotations

import importlib
import sys
import warnings


def alias(name: str, target: str, *, deprecated: bool) -> None:
    """Make ``sys.modules[name]`` the module ``target``; with ``deprecated``, say where it moved."""
    if deprecated:
        warnings.warn(
            f"{name} moved to {target}; import it from there (the old path will be removed in a later release)",
            DeprecationWarning,
            stacklevel=4,  # the importer's line: alias <- the old module <- the import machinery
        )
    sys.modules[name] = importlib.import_module(target)
