"""The opponent of the single-agent envs: a built-in agent by name, an agent object, or a callable.

>>> from othello_zoo.core.board import Board
>>> play = make_opponent("greedy")
>>> play(Board.start())  # the first of the four moves that flip one disc, by the positional table's tie-break
19
>>> first_legal = make_opponent(lambda observation, mask: int(mask.nonzero()[0][0]))
>>> first_legal(Board.start().step(19))
18
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from othello_zoo.agents import AGENT_CLASSES, make_agent
from othello_zoo.core.board import Board

__all__ = ["OPPONENT_NAMES", "Opponent", "OpponentFn", "make_opponent"]

OpponentFn = Callable[[np.ndarray, np.ndarray], Any]
"""``(observation, mask) -> action``: the opponent's int8 planes ``(2, n, n)`` (its discs first) and its int8
mask ``(n*n + 1,)``, as the learner gets them; the action is an int (a NumPy integer or 0-d array will do)."""

Opponent = Callable[[Board], int]
"""The opponent as the envs call it: the board, its side to move, in; a legal action out."""

OPPONENT_NAMES = tuple(AGENT_CLASSES)
"""The built-in opponents by name (those of :func:`othello_zoo.agents.make_agent`)."""


def make_opponent(
    opponent: str | Any, *, board_size: int = 8, seed: int | None = None, options: Mapping[str, Any] | None = None
) -> Opponent:
    """The opponent of ``opponent``: a built-in agent's name (``options`` go to its constructor, ``seed`` seeds it;
    ``"az"`` loads the shipped network for ``board_size``), an object with ``act(board)`` (any agent of
    :mod:`othello_zoo.agents`), or an :data:`OpponentFn`.

    Raises:
        ValueError: an unknown name.
        TypeError: options without a name, or something that is neither a name, an agent nor a callable.
    """
    if isinstance(opponent, str):
        if opponent not in OPPONENT_NAMES:
            raise ValueError(
                f"opponent must be one of {list(OPPONENT_NAMES)}, an agent or a callable, got {opponent!r}"
            )
        kwargs = dict(options or {})
        if opponent == "az":
            kwargs.setdefault("board_size", board_size)
        agent = make_agent(opponent, seed=seed, **kwargs)
        return _agent_player(agent)
    if options:
        raise TypeError(f"opponent_options are for a built-in opponent named by a string, got {opponent!r}")
    if callable(getattr(opponent, "act", None)):
        return _agent_player(opponent)
    if callable(opponent):
        return _function_player(opponent)
    raise TypeError(
        f"opponent must be a built-in agent's name, an agent with act(board) or a callable "
        f"(observation, mask) -> action, got {opponent!r}"
    )


def _agent_player(agent: Any) -> Opponent:
    def play(board: Board) -> int:
        return int(agent.act(board))

    play.agent = agent  # type: ignore[attr-defined]  # the agent itself, for whoever wants to look
    return play


def _function_player(function: OpponentFn) -> Opponent:
    def play(board: Board) -> int:
        observation, mask = board.observation(board.current_player)
        return _as_action(function(observation, mask))

    return play


def _as_action(value: object) -> int:
    """An opponent's answer as an int (a NumPy integer or 0-d array included), or a ``TypeError`` naming it."""
    if isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_)):
        return int(value)
    if isinstance(value, np.ndarray) and value.shape == () and np.issubdtype(value.dtype, np.integer):
        return int(value)
    raise TypeError(f"the opponent must answer an int action, got {value!r}")
