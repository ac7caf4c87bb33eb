"""The package's runtime: how its work runs on the machine, not the rules of Othello.

:mod:`~othello_zoo.runtime.threads` (the package's CPU thread setting, applied at every entry that computes),
:mod:`~othello_zoo.runtime.files` (safe loading of checkpoints and networks, one writer a run) and
:mod:`~othello_zoo.runtime.malloc` (opt-in glibc heap settings for CPU training loops). It sits beside ``core/`` at
the bottom of the layers: every folder may import it, and it imports nothing of the package but
``othello_zoo.core.checks`` (argument checks with named errors).
"""
