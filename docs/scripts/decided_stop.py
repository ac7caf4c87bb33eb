"""The AlphaZero agent's search with and without ``stop_when_decided``, position by position: the same move? how many
simulations, how much time? One torch thread; the agents' one-board searches without subtree reuse, so that each
position is searched afresh by both.

    python docs/scripts/decided_stop.py            # 2 games from XOT openings (seed 11)
    python docs/scripts/decided_stop.py --games 4 --simulations 1344

The games are played by the agent without the stop (its move decides the next position) from XOT openings until the
endgame solver takes over (20 empties); each position (a forced pass aside) is searched by both agents. The
figures of ``docs/alphazero.md#a-move-decided-early``.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import torch

from othello_zoo import engine
from othello_zoo.alphazero.agent import AGENT_SEARCH, ENDGAME, AlphaZeroAgent
from othello_zoo.core.board import Board
from othello_zoo.env.openings import load_book
from othello_zoo.search import select_actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--simulations", type=int, default=AGENT_SEARCH.simulations)
    parser.add_argument("--seed", type=int, default=11, help="the XOT openings' seed")
    args = parser.parse_args()
    torch.set_num_threads(1)
    whole = AlphaZeroAgent(simulations=args.simulations, reuse=False)
    short = AlphaZeroAgent(simulations=args.simulations, reuse=False, stop_when_decided=True)
    book = load_book("xot", 8)
    positions = same = simulations = 0
    seconds = [0.0, 0.0]
    for game in range(args.games):
        board = Board.start(8)
        for move in book.draw(np.random.default_rng([args.seed, game])):
            board = board.step(move)
        while not board.terminated and 64 - sum(board.scores()) > ENDGAME:
            state = engine.from_text([board.to_text()])
            results = []
            for i, agent in enumerate((whole, short)):
                began = time.perf_counter()
                results.append(agent.search.run(state))
                seconds[i] += time.perf_counter() - began
            moves = [int(select_actions(result)[0]) for result in results]
            if board.legal_actions() != [64]:  # not a forced pass
                positions += 1
                same += moves[0] == moves[1]
                simulations += int(results[1].visits.sum())
            board = board.step(moves[0])
    print(f"{positions} positions of {args.games} games, {args.simulations} simulations a search, one thread")
    print(f"the same move: {same} of {positions}")
    print(f"simulations with the stop: {simulations / positions:.0f} a search on average")
    print(f"seconds: {seconds[0]:.1f} without the stop, {seconds[1]:.1f} with it ({seconds[1] / seconds[0]:.2f})")


if __name__ == "__main__":
    main()
