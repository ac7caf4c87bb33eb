"""Plain UCT: the textbook Monte Carlo tree search, one random playout per simulation.

``UCTAgent`` grows one tree of :class:`~othello_zoo.core.board.Board` positions: each simulation descends
by UCB1 (``mean + c * sqrt(ln N / n)``, unvisited children first, in square order), adds one child,
plays one uniformly random game to the end from it, and backs the result (+1 / 0 / -1 for the
player who moved into each node) up the path. The move played is the most visited child. Nothing
is batched, nothing comes from the engine or the batched search: it is the independent baseline
that published Othello programs are compared with (``make_agent("uct", simulations=400)``).

>>> from othello_zoo.core.board import Board
>>> agent = UCTAgent(simulations=50, seed=0)
>>> agent.act(Board.start()) in Board.start().legal_actions()
True
"""

from __future__ import annotations

import math
import random

from othello_zoo.agents.baseline import BoardAgent
from othello_zoo.core.board import Board
from othello_zoo.core.checks import check_int, check_real, check_seed

__all__ = ["UCTAgent"]


class _Node:
    __slots__ = ("board", "children", "untried", "value", "visits")

    def __init__(self, board: Board) -> None:
        self.board = board
        self.children: dict[int, _Node] = {}
        self.untried = [] if board.terminated else board.legal_actions()
        self.visits = 0
        self.value = 0.0  # summed results for the player who moved into this node


class UCTAgent(BoardAgent):
    """UCT with ``simulations`` playouts a move and exploration constant ``c``; ``seed`` makes it
    reproducible."""

    name = "uct"

    def __init__(self, simulations: int = 400, c: float = math.sqrt(2), seed: int | None = None) -> None:
        self.simulations = check_int("simulations", simulations, low=1)
        self.c = check_real("c", c, low=0.0)
        self.rng = random.Random(check_seed("seed", seed))

    def choose(self, board: Board) -> int:
        root = _Node(board)
        for _ in range(self.simulations):
            path = [root]
            node = root
            while not node.untried and node.children:  # select
                node = self._best_child(node)
                path.append(node)
            if node.untried:  # expand
                action = node.untried.pop(0)
                node.children[action] = node = _Node(node.board.step(action))
                path.append(node)
            result = self._playout(node.board)  # for black: +1 / 0 / -1
            for visited in path:  # back up, for the player who moved into each node
                visited.visits += 1
                mover = 1 - visited.board.current_player
                visited.value += result if mover == 0 else -result
        return max(root.children, key=lambda a: (root.children[a].visits, -a))

    def _best_child(self, node: _Node) -> _Node:
        log_total = math.log(node.visits)

        def ucb(child: _Node) -> float:
            return child.value / child.visits + self.c * math.sqrt(log_total / child.visits)

        return max(node.children.values(), key=ucb)

    def _playout(self, board: Board) -> int:
        """A uniformly random game from ``board`` to its end: +1 if black wins, -1 if white, 0 a draw."""
        while not board.terminated:
            board = board.step(self.rng.choice(board.legal_actions()))
        black, white = board.scores()
        return (black > white) - (black < white)
