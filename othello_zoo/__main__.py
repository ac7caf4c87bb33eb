"""``python -m othello_zoo``: the ``othello-zoo`` command (:mod:`othello_zoo.cli`)."""

from __future__ import annotations

import sys

from othello_zoo.cli import main

__all__ = ["main"]

if __name__ == "__main__":
    sys.exit(main())
