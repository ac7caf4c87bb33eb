"""Adapters to other frameworks, each importing its framework only when used.

- :mod:`othello_zoo.compat.tianshou`: Tianshou 2's ``PettingZooEnv`` with the outcome delivered to
  both players, and a multi-agent algorithm builder that checks the return horizon (extra ``tianshou``).
- :mod:`othello_zoo.compat.rllib`: an RLlib ``MultiAgentEnv`` creator, an action-masking RLModule
  for the 2 x n x n board and a PPO config for play against random or self-play (extra ``rllib``).
- :mod:`othello_zoo.compat.torchrl`: a TorchRL ``EnvBase`` over the vector env (extra ``torchrl``).
- :mod:`othello_zoo.compat.alphazero`: the ``Game`` interface of alpha-zero-general over the
  engine, one board or many (no extra needed).
"""
