"""Helpers for tests that start the command in a child process and stop it with Ctrl-C (SIGINT)."""

from __future__ import annotations

import signal


def default_sigint() -> None:
    """``preexec_fn`` of such a child: SIGINT back to its default disposition. A test runner started in the
    background of a non-interactive shell inherits SIGINT ignored, and so would the child; Python then installs no
    KeyboardInterrupt handler, and the Ctrl-C under test would never arrive."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
