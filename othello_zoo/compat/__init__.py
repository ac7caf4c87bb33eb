"""Adapters to other frameworks, each importing its framework only when used.

- :mod:`othello_zoo.compat.torchrl`: a TorchRL ``EnvBase`` over the vector env (extra ``torchrl``).
"""
