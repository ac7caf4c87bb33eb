"""The opponent of the single-agent envs: a built-in agent by name, an agent object, or a callable.

The envs call the opponent through :func:`make_opponent`, which makes every answer an ``int`` or raises a
``TypeError`` naming the opponent and its answer; the envs then check that the action is legal
(:func:`reply_error` words the refusal). An exception the opponent raises itself propagates unchanged but for a
note that names the opponent (:func:`note_opponent`).

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
from othello_zoo.core.checks import integer_value
from othello_zoo.core.notation import format_moves

__all__ = ["OPPONENT_NAMES", "Opponent", "OpponentFn", "make_opponent", "note_opponent", "opponent_name", "reply_error"]

OpponentFn = Callable[[np.ndarray, np.ndarray], Any]
"""``(observation, mask) -> action``: the opponent's int8 planes ``(2, n, n)`` (its discs first) and its int8
mask ``(n*n + 1,)``, as the learner gets them; the action is an int (a NumPy integer, a 0-d integer array or
tensor will do)."""

Opponent = Callable[[Board], int]
"""The opponent as the envs call it: the board, its side to move, in; an int action out (the envs check that it
is legal)."""

OPPONENT_NAMES = tuple(AGENT_CLASSES)
"""The built-in opponents by name (those of :func:`othello_zoo.agents.make_agent`)."""


def make_opponent(
    opponent: str | Any, *, board_size: int = 8, seed: int | None = None, options: Mapping[str, Any] | None = None
) -> Opponent:
    """The opponent of ``opponent``: a built-in agent's name (``options`` go to its constructor, ``seed`` seeds it;
    ``"az"`` loads the shipped network for ``board_size``), an object with ``act(board)`` (any agent of
    :mod:`othello_zoo.agents`), or an :data:`OpponentFn`.

    The opponent returned answers an ``int``; an answer of another type (a float, a string, ``None``, a bool) is a
    ``TypeError`` naming the opponent (:func:`opponent_name`) and the answer, and an exception raised by the
    opponent itself carries a note naming it (:func:`note_opponent`).

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
        return _agent_player(agent, opponent_name(opponent))
    if options:
        raise TypeError(f"opponent_options are for a built-in opponent named by a string, got {opponent!r}")
    if callable(getattr(opponent, "act", None)):
        return _agent_player(opponent, opponent_name(opponent))
    if callable(opponent):
        return _function_player(opponent, opponent_name(opponent))
    raise TypeError(
        f"opponent must be a built-in agent's name, an agent with act(board) or a callable "
        f"(observation, mask) -> action, got {opponent!r}"
    )


def opponent_name(opponent: object) -> str:
    """How the errors name ``opponent``: a built-in agent's name quoted, a function by its qualified name, an agent
    object or other callable by its class.

    >>> opponent_name("greedy"), opponent_name(make_opponent), opponent_name(lambda observation, mask: 0)
    ("'greedy'", 'make_opponent', '<lambda>')
    """
    if isinstance(opponent, str):
        return repr(opponent)
    name = getattr(opponent, "__qualname__", None)
    if isinstance(name, str) and not isinstance(opponent, type):
        return name.replace(".<locals>.", ".")
    return type(opponent).__qualname__.replace(".<locals>.", ".") + " object"


def note_opponent(error: BaseException, name: str, where: str) -> None:
    """Adds to ``error``, raised by the opponent ``name``, a note naming the opponent and ``where`` it was asked
    (``"on the position '...'"``), shown under the traceback (``error.__notes__``); the error stays what it is."""
    note = f"raised by the opponent {name} {where}"
    add_note = getattr(error, "add_note", None)
    if add_note is not None:
        add_note(note)
    else:  # Python 3.10: the attribute that 3.11's add_note fills
        error.__notes__ = [*getattr(error, "__notes__", []), note]  # type: ignore[attr-defined]


def reply_error(name: str, action: int, board: Board, where: str = "") -> ValueError:
    """The ``ValueError`` for the opponent ``name``'s ``action`` on ``board`` (where it is to move), which is out of
    range or illegal; ``where`` prefixes the message (a vector env's ``"board 3: "``).

    >>> print(reply_error("'random'", 0, Board.start()))
    the opponent 'random' answered 0, which is illegal here (a1); legal: [19, 26, 37, 44] (d3c4f5e6)
    """
    n = board.board_size
    legal = board.legal_actions()
    what = f"illegal here ({format_moves([action], n)})" if 0 <= action <= n * n else f"not an action in 0..{n * n}"
    return ValueError(
        f"{where}the opponent {name} answered {action}, which is {what}; legal: {legal} ({format_moves(legal, n)})"
    )


def _agent_player(agent: Any, name: str) -> Opponent:
    def play(board: Board) -> int:
        try:
            answer = agent.act(board)
        except Exception as error:
            note_opponent(error, name, f"on the position {board.to_text()!r}")
            raise
        return _as_action(answer, name, board)

    play.agent = agent  # type: ignore[attr-defined]  # the agent itself, for whoever wants to look
    return play


def _function_player(function: OpponentFn, name: str) -> Opponent:
    def play(board: Board) -> int:
        observation, mask = board.observation(board.current_player)
        try:
            answer = function(observation, mask)
        except Exception as error:
            note_opponent(error, name, f"on the position {board.to_text()!r}")
            raise
        return _as_action(answer, name, board)

    return play


def _as_action(value: object, name: str, board: Board) -> int:
    """An opponent's answer as an int (a NumPy integer, 0-d integer array or tensor included), or a ``TypeError``
    naming the opponent and the answer."""
    action = integer_value(value)
    if action is None:
        n2 = board.board_size**2
        raise TypeError(f"the opponent {name} must answer an int action in 0..{n2}, got {value!r}")
    return action
