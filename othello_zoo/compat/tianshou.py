"""Tianshou: Othello as a ``PettingZooEnv`` whose final rewards reach both players (install the ``tianshou`` extra).

How Tianshou 2.x gives rewards to the players of a turn-based game. ``PettingZooEnv.step``
returns one reward per agent, ordered as ``env.agents``, and the collector stores every env step
(both players' moves, interleaved) in one replay buffer per env. ``MultiAgentOffPolicyAlgorithm``
(``MultiAgentPolicyManager`` before Tianshou 2) hands each agent the transitions whose
``obs.agent_id`` is its own, with the reward column ``rew[:, agent_idx[agent]]``, and swaps that
column into the whole buffer while the agent's n-step returns are computed. An agent's return for
its move at step ``t`` thus sums its own column over the steps ``t .. t + n - 1``, whoever moved
there (stopping where the game ends), and bootstraps on ``obs_next`` of the last one:

- with ``n_step_return_horizon=1`` (DQN's default) an agent sees only the rewards of its own moves.
  When the opponent's move ends the game, the outcome lies on the opponent's transition, and the
  loser's last transition keeps 0 and bootstraps as if the game went on (Tianshou issue #399).
  Every bootstrap is wrong too: ``obs_next`` of an agent's move is the opponent's observation.
  No env wrapper can mend this, as the collector decides what ``obs_next`` is;
- with a horizon of 2 (one's move and the opponent's reply: Othello's turns always alternate, a
  forced pass being a move of its own), the return of an agent's last move takes in the outcome
  of a reply that ends the game, and every bootstrap is the agent's own next observation.
  Any multiple of 2 works the same way, over more rounds.

So the fix has two halves. :class:`OthelloTianshouEnv` returns each step's rewards for both
agents as a fresh ``float32`` array: zeros during play, and on the step that ends the game both
outcomes, ``[black, white]`` (+1 / -1 / 0, or the margins with ``reward_mode="margin"``; an
illegal action gives -1 to the offender and 0 to the other), whichever side moved last, and it
checks that the turns alternate. :func:`multi_agent_algorithm`
builds the ``MultiAgentOffPolicyAlgorithm`` and rejects a Q-learner whose horizon is not a
multiple of :data:`PLAYER_HORIZON` (2). Then the outcome reaches the winner's and the loser's last
transitions, whichever of them ended the game. With ``gamma < 1`` an outcome decided by the
reply arrives discounted once (``gamma * r``); ``gamma=1`` (sound here: every game ends) makes it
exact. Two more habits keep the returns right: a ``VectorReplayBuffer`` with one sub-buffer per
env, so that each sub-buffer holds its games' moves in order, and collecting whole episodes
(``collection_step_num_episodes``), so that no learner move waits in a buffer as the unfinished
last one, whose return would bootstrap on the opponent's observation.

Example:
    >>> from othello_zoo.compat.tianshou import make_env
    >>> env = make_env(board_size=6)
    >>> obs, info = env.reset(options={"position": "-OXXXX" + "X" * 30 + " X"})
    >>> obs["agent_id"], [action for action, legal in enumerate(obs["mask"]) if legal]
    ('black_0', [0])
    >>> obs, rew, terminated, truncated, info = env.step(0)  # black fills the board: 36 - 0
    >>> rew.tolist(), terminated, info["scores"]
    ([1.0, -1.0], True, (36, 0))
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from pettingzoo import AECEnv
from tianshou.algorithm.multiagent.marl import MultiAgentOffPolicyAlgorithm
from tianshou.env import PettingZooEnv

from othello_zoo.env import othello_v0

__all__ = ["PLAYER_HORIZON", "OthelloTianshouEnv", "make_env", "multi_agent_algorithm"]

PLAYER_HORIZON = 2
"""A Q-learner's n-step horizon must be a multiple of this: its move and the opponent's reply."""


class OthelloTianshouEnv(PettingZooEnv):  # type: ignore[misc]
    """Tianshou's ``PettingZooEnv`` over an Othello AEC env, with both players' rewards at every step.

    ``reset`` and ``step`` return observations ``{"agent_id": str, "obs": int8 (2, n, n),
    "mask": bool list (n*n + 1)}`` for the agent to move, as ``PettingZooEnv`` does; ``step``
    returns the rewards as ``float32`` of shape ``(2,)``, ordered as :attr:`agents`
    (``["black_0", "white_0"]``). Infos hold ``"scores"`` (black, white discs).

    Args:
        env: the AEC env, e.g. ``othello_v0.env()``; its turns must alternate.
    """

    def __init__(self, env: AECEnv) -> None:
        super().__init__(env)
        self._mover: str = self.env.agent_selection

    def reset(self, *args: Any, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        """Starts a game; takes ``seed`` and ``options`` (``"position"``, ``"opening"``) as ``othello_v0`` does.

        Returns:
            The observation of the agent to move and its info.
        """
        observation, info = super().reset(*args, **kwargs)
        self._mover = self.env.agent_selection
        return observation, info

    def step(self, action: Any) -> tuple[dict[str, Any], np.ndarray, bool, bool, dict[str, Any]]:  # type: ignore[override]
        """Plays the action of the agent to move.

        Args:
            action: an action index in ``0 .. n*n`` (``n*n`` is the null action, a forced pass).

        Returns:
            ``(observation, rewards, terminated, truncated, info)``: the observation and info of
            the next agent to move (of the agent the AEC env selects once the game is over),
            and ``rewards`` (``float32 (2,)``): what each agent received at this step.

        Raises:
            RuntimeError: the same agent is to move again in an unfinished game, so a horizon of
                :data:`PLAYER_HORIZON` would not cover the opponent's reply.
        """
        observation, _, terminated, truncated, info = super().step(action)
        step_rewards = self.env.rewards
        rewards = np.array([step_rewards.get(agent, 0.0) for agent in self.agents], dtype=np.float32)
        mover, self._mover = self._mover, self.env.agent_selection
        if not (terminated or truncated) and self._mover == mover:
            raise RuntimeError(f"{mover} is to move twice in a row: the turns must alternate")
        return observation, rewards, bool(terminated), bool(truncated), info


def make_env(**kwargs: Any) -> OthelloTianshouEnv:
    """``othello_v0.env(**kwargs)`` (PettingZoo's standard wrappers included) as an :class:`OthelloTianshouEnv`.

    Args:
        **kwargs: ``board_size``, ``opening_book``, ``opening_symmetries``, ``backend``,
            ``device``, ``render_mode``, ``reward_mode`` (see :mod:`othello_zoo.env.othello_v0`).
    """
    return OthelloTianshouEnv(othello_v0.env(**kwargs))


def multi_agent_algorithm(algorithms: Mapping[str, Any], env: OthelloTianshouEnv) -> Any:
    """A ``MultiAgentOffPolicyAlgorithm`` with one off-policy algorithm per agent.

    Args:
        algorithms: the algorithm of each agent, keyed by agent (``"black_0"``, ``"white_0"``),
            e.g. a ``DQN`` and a ``MARLRandomDiscreteMaskedOffPolicyAlgorithm``.
        env: one of the envs the algorithm will play in (it reads the agents and their order).

    Returns:
        The ``tianshou.algorithm.MultiAgentOffPolicyAlgorithm``.

    Raises:
        ValueError: an agent has no algorithm or an unknown one is given, or a Q-learner's
            ``n_step_return_horizon`` is not a multiple of :data:`PLAYER_HORIZON`.
    """
    if set(algorithms) != set(env.agents):
        raise ValueError(f"one algorithm per agent of {env.agents} is needed, got {sorted(algorithms)}")
    for agent, algorithm in algorithms.items():
        horizon = getattr(algorithm, "n_step", None)
        if horizon is not None and horizon % PLAYER_HORIZON != 0:
            raise ValueError(
                f"{agent}'s n_step_return_horizon is {horizon}: it must be a multiple of {PLAYER_HORIZON}, "
                "so that its returns take in the opponent's reply (and the outcome when the reply ends the game) "
                "and bootstrap on its own observation"
            )
    return MultiAgentOffPolicyAlgorithm(algorithms=[algorithms[agent] for agent in env.agents], env=env)
