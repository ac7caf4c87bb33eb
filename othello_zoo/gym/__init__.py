"""Othello for single-agent Gymnasium code: the learner plays one colour, an opponent the other.

``gymnasium.make("othello_zoo/Othello-v0", opponent="greedy")`` is :class:`~othello_zoo.gym.env.OthelloGymEnv`
(registered when ``othello_zoo`` is imported; ``"othello_zoo:othello_zoo/Othello-v0"`` has Gymnasium import it);
``gymnasium.make_vec("othello_zoo/Othello-v0", num_envs=4096, vectorization_mode="vector_entry_point")`` is the
batched form over the engine (:mod:`othello_zoo.gym.vector`). Through the registered id an illegal action loses the
episode (``illegal_action="lose"``); the classes raise by default. The opponent is a built-in agent by name, any
agent object, or a callable ``(observation, mask) -> action`` (:mod:`othello_zoo.gym.opponents`); the observation's
dtype and shape are chosen with ``observation_dtype`` and ``flatten_observation``
(:mod:`othello_zoo.gym.observations`).
"""

from __future__ import annotations

from othello_zoo.gym.env import OthelloGymEnv
from othello_zoo.gym.observations import OBSERVATION_DTYPES, ObservationFormat
from othello_zoo.gym.opponents import OPPONENT_NAMES, Opponent, OpponentFn, make_opponent
from othello_zoo.gym.vector import OthelloGymVectorEnv

__all__ = [
    "ENV_ID",
    "OBSERVATION_DTYPES",
    "OPPONENT_NAMES",
    "ObservationFormat",
    "Opponent",
    "OpponentFn",
    "OthelloGymEnv",
    "OthelloGymVectorEnv",
    "make_opponent",
]

ENV_ID = "othello_zoo/Othello-v0"
"""The id of the single-agent env in Gymnasium's registry."""
