"""AlphaZero-style tree search on the alpha-zero-general adapter, in an arena against a random player.

What it shows: :class:`othello_zoo.compat.alphazero.OthelloGame` driving a search and an arena
written the way alpha-zero-general writes them: PUCT search over canonical boards keyed by
``stringRepresentation``, ``getGameEnded(board, 1)`` and ``getValidMoves(board, 1)`` at the
nodes, ``getNextState`` plus ``getCanonicalForm`` to descend, and an arena that alternates who
moves first. The leaf evaluator stands in for the network: a uniform prior over the valid moves
and, as the value, the mean result of random playouts from the leaf, played all at once as one
batch of :class:`othello_zoo.compat.alphazero.BatchedOthelloGame`. The returned dictionary holds
the win rate against the random player.

How long: the defaults (6 x 6, 20 games, 25 simulations a move, 8 playouts a leaf) take about a
minute on one CPU core (50 s of CPU time in the measured run, which won 19 games and drew 1).
``--games 2 --simulations 4 --playouts 2`` is a smoke test of a few seconds; ``--board-size 8``
plays the full-size game (each game takes about four times as long).

Using the adapter inside an alpha-zero-general checkout: install this package in the
environment of the checkout, then in its ``main.py`` replace the game by this one::

    from othello_zoo.compat.alphazero import OthelloGame
    from othello.pytorch.NNet import NNetWrapper as nn   # the framework's Othello network
    g = OthelloGame(8)                                   # 1 = black, moves first; boards int8 (n, n)

Its ``Coach``, ``MCTS`` and ``Arena`` then run unchanged (``pit.py`` likewise, with
``OthelloGame.display`` as the display function).

Run: ``python examples/alphazero_general.py``
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import torch

from othello_zoo.compat.alphazero import BatchedOthelloGame, OthelloGame

Player = Callable[[np.ndarray], int]
EPS = 1e-8


class PlayoutEvaluator:
    """The network's stand-in: ``(prior, value)`` of a canonical board (the mover's discs are 1).

    The prior is uniform over the actions; the value is the mover's mean result over
    ``playouts`` random games from the board, stepped together through the batched game.
    """

    def __init__(self, game: OthelloGame, playouts: int, seed: int) -> None:
        self.batched = BatchedOthelloGame(game.n)
        self.playouts = playouts
        self.size = game.getActionSize()
        self.generator = torch.Generator().manual_seed(seed)

    def predict(self, canonical_board: np.ndarray) -> tuple[np.ndarray, float]:
        boards = torch.from_numpy(canonical_board).expand(self.playouts, -1, -1).clone()
        players = torch.ones(self.playouts, dtype=torch.int64)
        valid, ended = self.batched.analyse(boards, players)
        while bool((ended == 0).any()):
            actions = torch.multinomial(valid.float(), 1, generator=self.generator).squeeze(1)
            boards, players, valid, ended = self.batched.play(boards, players, actions)  # finished boards stay
        value = float(self.batched.game_ended(boards, 1).mean())  # from the first mover's side
        return np.full(self.size, 1.0 / self.size, dtype=np.float32), value


class MCTS:
    """PUCT search in the manner of alpha-zero-general's ``MCTS``, on the Game interface only."""

    def __init__(self, game: OthelloGame, evaluator: PlayoutEvaluator, simulations: int, cpuct: float = 1.0) -> None:
        self.game, self.evaluator, self.simulations, self.cpuct = game, evaluator, simulations, cpuct
        self.q: dict[tuple[bytes, int], float] = {}  # mean value of (board, action)
        self.n_edge: dict[tuple[bytes, int], int] = {}  # visits of (board, action)
        self.n_node: dict[bytes, int] = {}  # visits of a board
        self.prior: dict[bytes, np.ndarray] = {}
        self.ended: dict[bytes, float] = {}
        self.valid: dict[bytes, np.ndarray] = {}

    def action_probabilities(self, canonical_board: np.ndarray, temp: float = 1.0) -> np.ndarray:
        """Visit counts after the simulations, as a policy (``temp=0``: all on the most visited)."""
        for _ in range(self.simulations):
            self.search(canonical_board)
        s = self.game.stringRepresentation(canonical_board)
        counts = np.array([self.n_edge.get((s, a), 0) for a in range(self.game.getActionSize())], dtype=np.float64)
        if temp == 0:
            probs = np.zeros_like(counts)
            probs[int(np.argmax(counts))] = 1.0
            return probs
        counts = counts ** (1.0 / temp)
        return counts / counts.sum()

    def search(self, canonical_board: np.ndarray) -> float:
        """One simulation; returns the value of the board for the player who moved into it."""
        s = self.game.stringRepresentation(canonical_board)
        if s not in self.ended:
            self.ended[s] = self.game.getGameEnded(canonical_board, 1)
        if self.ended[s] != 0:
            return -self.ended[s]
        if s not in self.prior:
            prior, value = self.evaluator.predict(canonical_board)
            valid = self.game.getValidMoves(canonical_board, 1)
            prior = prior * valid
            self.prior[s], self.valid[s], self.n_node[s] = prior / prior.sum(), valid, 0
            return -value
        valid, prior, root = self.valid[s], self.prior[s], math.sqrt(self.n_node[s] + EPS)
        best, action = -math.inf, -1
        for a in np.flatnonzero(valid).tolist():
            ucb = self.q.get((s, a), 0.0) + self.cpuct * prior[a] * root / (1 + self.n_edge.get((s, a), 0))
            if ucb > best:
                best, action = ucb, a
        following, player = self.game.getNextState(canonical_board, 1, action)
        value = self.search(self.game.getCanonicalForm(following, player))
        visits = self.n_edge.get((s, action), 0)
        self.q[(s, action)] = (visits * self.q.get((s, action), 0.0) + value) / (visits + 1)
        self.n_edge[(s, action)] = visits + 1
        self.n_node[s] += 1
        return -value


def play_game(game: OthelloGame, player1: Player, player2: Player) -> float:
    """One arena game from the start; the result from player 1's side (1, -1, or the draw value)."""
    players = {1: player1, -1: player2}
    board, current = game.getInitBoard(), 1
    while game.getGameEnded(board, current) == 0:
        canonical = game.getCanonicalForm(board, current)
        action = players[current](canonical)
        if not game.getValidMoves(canonical, 1)[action]:
            raise RuntimeError(f"player {current} chose the invalid action {action}")
        board, current = game.getNextState(board, current, action)
    return game.getGameEnded(board, 1)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Play the arena and return its results (also printed)."""
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n")[0], formatter_class=argparse.ArgumentDefaultsHelpFormatter
    )
    parser.add_argument("--board-size", type=int, default=6)
    parser.add_argument("--games", type=int, default=20, help="arena games; the search moves first in half")
    parser.add_argument("--simulations", type=int, default=25, help="search simulations a move")
    parser.add_argument("--playouts", type=int, default=8, help="random playouts a leaf (one batch)")
    parser.add_argument("--cpuct", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.games < 1 or args.simulations < 1 or args.playouts < 1:
        parser.error("--games, --simulations and --playouts must be at least 1")

    game = OthelloGame(args.board_size)
    rng = np.random.default_rng(args.seed)
    evaluator = PlayoutEvaluator(game, args.playouts, args.seed)

    def random_player(canonical_board: np.ndarray) -> int:
        return int(rng.choice(np.flatnonzero(game.getValidMoves(canonical_board, 1))))

    trees: list[MCTS] = []

    def search_player(canonical_board: np.ndarray) -> int:
        return int(np.argmax(trees[-1].action_probabilities(canonical_board, temp=0)))

    wins = losses = draws = 0
    start = time.perf_counter()
    for i in range(args.games):
        trees.append(MCTS(game, evaluator, args.simulations, args.cpuct))  # a fresh tree a game, kept between moves
        search_first = i % 2 == 0
        result = (
            play_game(game, search_player, random_player)
            if search_first
            else -play_game(game, random_player, search_player)
        )
        if result == 1:
            wins += 1
        elif result == -1:
            losses += 1
        else:
            draws += 1
    seconds = time.perf_counter() - start
    results = {
        "board_size": args.board_size,
        "games": args.games,
        "simulations": args.simulations,
        "playouts": args.playouts,
        "wins": wins,
        "losses": losses,
        "draws": draws,
        "win_rate": wins / args.games,
        "score": (wins + draws / 2) / args.games,
        "seconds": seconds,
    }
    print(
        f"search vs random on {args.board_size}x{args.board_size}: {wins} wins, {losses} losses, {draws} draws "
        f"in {args.games} games (win rate {results['win_rate']:.0%}), {seconds:.1f} s"
    )
    return results


if __name__ == "__main__":
    main()
