"""Monte Carlo tree search: UCT with the UCB1 rule, batched random playouts on the engine, and an
MCTS-solver for positions proven won, lost or drawn near the end of the game.

Each iteration selects ``leaves_per_batch`` leaves (a virtual loss steers the descents apart),
expands one new child under each, and plays ``rollouts_per_leaf`` random games from every leaf
as one batch of the torch engine, so the playouts cost a few dozen tensor operations a ply for
hundreds of games. A node stores its board (the immutable Python-int board of the environments).
Scores are 1 for a win, 1/2 for a draw and 0 for a loss, for the player who moved into the node.
The solver marks a finished game proven, a node with a proven-won child proven won for its mover,
and a node whose children are all proven losses for its mover proven lost; the agent plays a
proven win as soon as it sees one and never walks into a proven loss while an alternative exists.

>>> from othello_zoo.core.board import Board
>>> agent = MCTSAgent(simulations=256, seed=0)
>>> agent.act(Board.start()) in (19, 26, 37, 44)
True
"""

from __future__ import annotations

import math
import random
import time
from typing import TypeVar

import numpy as np
import torch
from torch import Tensor

from othello_zoo import engine
from othello_zoo.agents.baseline import BoardAgent
from othello_zoo.core.board import Board
from othello_zoo.core.checks import check_device, check_int, check_real, check_seed

__all__ = ["MCTSAgent", "Node"]

_Reward = TypeVar("_Reward", float, Tensor)


class Node:
    """A position in the search tree."""

    __slots__ = ("action", "board", "children", "parent", "proven", "untried", "visits", "wins")

    def __init__(self, board: Board, parent: Node | None, action: int, rng: random.Random) -> None:
        self.board = board
        self.parent = parent
        self.action = action
        self.children: list[Node] = []
        self.untried = [] if board.terminated else board.legal_actions()
        rng.shuffle(self.untried)
        self.visits = 0.0
        self.wins = 0.0  # for the player who moved into this node
        # Proven result for the player who moved into this node: 1 win, 0.5 draw, 0 loss, None unknown.
        self.proven: float | None = _exact(board) if board.terminated else None


def _score(reward: _Reward) -> _Reward:
    """A reward of :mod:`othello_zoo.core.rules` (+1 / -1 / 0) on the tree's scale: 1 for a win, 1/2 for
    a draw, 0 for a loss."""
    return (reward + 1.0) / 2.0


def _exact(board: Board) -> float:
    """The finished game's score for the player who made the last move (not the player to move)."""
    return _score(board.rewards()[1 - board.current_player])


class MCTSAgent(BoardAgent):
    """UCT agent. Budget: ``simulations`` playouts, or ``seconds`` of thinking when given.

    Args:
        simulations: playouts per move (leaves x rollouts per leaf).
        seconds: think for this long instead (at least one batch).
        c: the UCB1 exploration constant (sqrt(2) by default).
        rollouts_per_leaf: random playouts from each new leaf, in one batch.
        leaves_per_batch: leaves selected before the playouts run.
        reuse_tree: keep the subtree of the position reached between moves.
        seed: seed of the tree's random choices and of the playouts.
        device: torch device of the playouts.
    """

    name = "mcts"

    def __init__(
        self,
        simulations: int = 1000,
        seconds: float | None = None,
        c: float = math.sqrt(2),
        rollouts_per_leaf: int = 8,
        leaves_per_batch: int = 32,
        reuse_tree: bool = False,
        seed: int | None = None,
        device: torch.device | str = "cpu",
    ) -> None:
        self.simulations = check_int("simulations", simulations, low=1)
        self.seconds = None if seconds is None else check_real("seconds", seconds, low=0, open_low=True)
        self.c = check_real("c", c, low=0)
        self.rollouts = check_int("rollouts_per_leaf", rollouts_per_leaf, low=1)
        self.leaves = check_int("leaves_per_batch", leaves_per_batch, low=1)
        if not isinstance(reuse_tree, bool):
            raise TypeError(f"reuse_tree must be True or False, got {reuse_tree!r}")
        self.reuse_tree = reuse_tree
        seed = check_seed("seed", seed)
        self.rng = random.Random(seed)
        self.device = check_device("device", device) or torch.device("cpu")
        self.generator = torch.Generator(device=self.device)
        self.generator.manual_seed(seed if seed is not None else random.randrange(2**62))
        self.root: Node | None = None
        self.last_simulations = 0

    # -- the interface ----------------------------------------------------------------------------
    def choose(self, board: Board) -> int:
        root = self._root_for(board)
        done, start = 0, time.perf_counter()
        while root.proven is None:
            done += self._batch(root)
            if self.seconds is not None:
                if time.perf_counter() - start >= self.seconds:
                    break
            elif done >= self.simulations:
                break
        self.last_simulations = done
        best = self._best_child(root)
        self.root = best if self.reuse_tree else None
        return best.action

    # -- search -----------------------------------------------------------------------------------
    def _root_for(self, board: Board) -> Node:
        if self.root is not None:
            for child in self.root.children:  # the opponent's replies to our last move
                if child.board == board:
                    child.parent = None
                    return child
        return Node(board, None, -1, self.rng)

    def _best_child(self, root: Node) -> Node:
        won = [c for c in root.children if c.proven == 1.0]
        if won:
            return won[0]
        safe = [c for c in root.children if c.proven != 0.0] or root.children
        return max(safe, key=lambda c: (c.visits, c.wins))

    def _select(self, root: Node) -> Node:
        node = root
        while not node.untried and node.children and node.proven is None:
            log_n = math.log(max(node.visits, 1.0))
            open_children = [c for c in node.children if c.proven is None] or node.children
            node = max(open_children, key=lambda c: self._ucb(c, log_n))
        if node.untried and node.proven is None:
            action = node.untried.pop()
            child = Node(node.board.step(action), node, action, self.rng)
            node.children.append(child)
            node = child
        return node

    def _ucb(self, child: Node, log_n: float) -> float:
        if child.visits == 0:
            return math.inf
        return child.wins / child.visits + self.c * math.sqrt(log_n / child.visits)

    def _batch(self, root: Node) -> int:
        """One round: select leaves, play them out as one engine batch, back the results up."""
        leaves: list[Node] = []
        for _ in range(self.leaves):
            leaf = self._select(root)
            node: Node | None = leaf
            while node is not None:  # virtual loss: visits now, wins on the way back
                node.visits += self.rollouts
                node = node.parent
            leaves.append(leaf)
            if root.proven is not None:
                break
        scores = self._playouts([leaf for leaf in leaves if leaf.proven is None])
        open_index = 0
        for leaf in leaves:
            if leaf.proven is not None:
                score = leaf.proven * self.rollouts  # for the player who moved into the leaf
            else:
                score = float(scores[open_index])
                open_index += 1
            self._backup(leaf, score)
        return len(leaves) * self.rollouts

    def _playouts(self, leaves: list[Node]) -> np.ndarray:
        """Summed scores of ``rollouts`` random games from each leaf, for the player who moved
        into it, played as one engine batch."""
        if not leaves:
            return np.zeros(0)
        k = self.rollouts
        planes = np.stack([leaf.board.planes(leaf.board.current_player) for leaf in leaves])
        players = torch.tensor([leaf.board.current_player for leaf in leaves], dtype=torch.int64)
        board_size = leaves[0].board.board_size
        state = engine.from_planes(
            torch.from_numpy(planes).repeat_interleave(k, 0),
            players.repeat_interleave(k),
            board_size,
            device=self.device,
        )
        plies = 0
        while True:
            state = engine.step(state, engine.random_actions(state, self.generator), illegal_action="lose")
            plies += 1
            if plies % 8 == 0 and bool(state.terminated.all()):
                break
        # The player who moved into a leaf is the opponent of the leaf's player to move.
        into = (1 - players).repeat_interleave(k).to(self.device)
        rewards = engine.rewards(state).gather(1, into.unsqueeze(1)).squeeze(1)
        scores: np.ndarray = _score(rewards.double()).view(len(leaves), k).sum(1).cpu().numpy()
        return scores

    def _backup(self, leaf: Node, score: float) -> None:
        node: Node | None = leaf
        while node is not None:
            node.wins += score
            score = self.rollouts - score  # the parent's mover is the other player
            if node.proven is None and node.children and not node.untried:
                self._prove(node)
            node = node.parent

    @staticmethod
    def _prove(node: Node) -> None:
        """MCTS-solver: a child proven won for this node's mover makes the node a loss for the
        player who moved into it; all children proven makes it the best of them, negated."""
        results = [c.proven for c in node.children]
        if 1.0 in results:
            node.proven = 0.0
        elif all(r is not None for r in results):
            node.proven = 1.0 - max(r for r in results if r is not None)
