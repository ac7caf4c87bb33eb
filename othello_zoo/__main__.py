"""``python -m othello_zoo``: the ``othello-zoo`` command (:mod:`othello_zoo.cli`)."""

from __future__ import annotations

import gc
import signal
import sys

from othello_zoo.cli import main

__all__ = ["entry", "main"]


def entry() -> int:
    """The command as a process runs it: :func:`~othello_zoo.cli.main`, then a quick exit. The objects of a compiled
    search (the compiler's graphs, guards and symbolic shapes) are moved out of the garbage collector's reach before
    the interpreter's exit collects: after a compiled arena game its exit took 2.3 s, most of it those collections,
    and 0.45 s so (a Ctrl-C to the arena printed its last line at once and left the terminal waiting the rest). A
    Ctrl-C after the command's work is ignored: it came as the process exits, and had printed a traceback from torch's
    exit handler."""
    code = main()
    # The work is done: a Ctrl-C now would land in an exit handler (torch's) and print its traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    gc.freeze()
    return code


if __name__ == "__main__":
    sys.exit(entry())
