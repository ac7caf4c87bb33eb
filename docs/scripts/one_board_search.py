"""The one-board search side by side: simulations/s of the eager and the compiled search, one at a time and in leaf
batches, and mctx + pgx in the same run (where installed); or the shipped agent's seconds a move.

    python docs/scripts/one_board_search.py                 # 64 x 4 network, 32 simulations, Gumbel root, 1 root
    python docs/scripts/one_board_search.py --roots 64      # the same at 64 roots
    python docs/scripts/one_board_search.py --agent         # the shipped agent's 384-simulation move, one thread
    python docs/scripts/one_board_search.py --agent --game  # the agent's searches in a game, as it plays by default

The figures of ``docs/performance.md#leaf-batches-and-the-one-board-search``. Each search is timed 40 times (fewer at
more roots) after a first search (a compiled search's compilation: minutes with inductor's cache cold) and half a
second of searches (the bench's ``WARM_SECONDS``: with two warm-ups, a one-root row had caught the ``auto`` thread
setting before it had timed two threads, 2,821 simulations/s against the bench's 3,424); the median and the best are
printed, since a shared machine's speed wanders between runs: compare within one run only.
"""

from __future__ import annotations

import argparse
import statistics
import time

import torch

from othello_zoo import engine
from othello_zoo.agents import make_agent
from othello_zoo.alphazero.agent import AGENT_SEARCH, AlphaZeroAgent
from othello_zoo.alphazero.network import PolicyValueNet
from othello_zoo.cli._measure_search import WARM_SECONDS, mctx_rates
from othello_zoo.core.board import Board
from othello_zoo.runtime.threads import set_threads
from othello_zoo.search import BatchedSearch, SearchConfig
from othello_zoo.testing import random_play

SEARCHES = ((False, 1), (False, 16), (True, 1), (True, 8), (True, 16))  # (compile, leaf_batch)


def search_rates(roots: int, simulations: int) -> None:
    torch.manual_seed(0)
    net = PolicyValueNet(8, channels=64, blocks=4)
    generator = torch.Generator().manual_seed(0)
    state = engine.init(roots)
    for compile, leaf_batch in SEARCHES:
        config = SearchConfig(simulations=simulations, root_policy="gumbel", leaf_batch=leaf_batch)
        search = BatchedSearch(net.evaluator(), config, compile=compile)
        search.run(state, generator)  # a compiled search's compilation
        warm = time.perf_counter()
        while time.perf_counter() - warm < WARM_SECONDS:  # the auto thread setting times both counts and chooses
            search.run(state, generator)
        rates = []
        for _ in range(max(3, 40 // roots)):
            start = time.perf_counter()
            search.run(state, generator)
            rates.append(roots * simulations / (time.perf_counter() - start))
        tree = search.run(state, generator, keep_tree=True).tree
        assert tree is not None
        added = int(tree.size.sum()) - roots  # a collision in a leaf batch adds no node (docs/performance.md)
        name = f"{'compiled' if compile else 'eager'}, leaf_batch={leaf_batch}"
        print(
            f"{name:<28} median {statistics.median(rates):9,.0f}  best {max(rates):9,.0f} simulations/s, "
            f"{added} of {roots * simulations} added a node",
            flush=True,
        )
    for name, rate in mctx_rates((roots,), simulations).items():
        print(f"{name:<28} {rate:,.0f} simulations/s")


def agent_seconds() -> None:
    torch.set_num_threads(1)
    texts = engine.to_text(random_play(engine.init(6), 12, torch.Generator().manual_seed(1)))
    boards = [board for board in map(Board.from_text, texts) if not board.terminated][:4]
    for compile, leaf_batch in SEARCHES:
        agent = AlphaZeroAgent(
            search=AGENT_SEARCH.replace(simulations=384, leaf_batch=leaf_batch, reuse=False), compile=compile
        )
        start = time.perf_counter()
        agent.choose(boards[0])
        first = time.perf_counter() - start
        times = []
        for board in boards * 2:
            start = time.perf_counter()
            agent.choose(board)
            times.append(time.perf_counter() - start)
        name = f"{'compiled' if compile else 'eager'}, leaf_batch={leaf_batch}"
        print(f"{name:<28} {statistics.mean(times):.3f} s a move (the first {first:.1f} s)", flush=True)


GAME_SEARCHES = (  # (label, search settings, compile)
    ("1,152 simulations, leaf batches of 8, compiled (default)", AGENT_SEARCH, True),
    ("1,152 simulations, leaf batches of 8, eagerly", AGENT_SEARCH, False),
    ("384 simulations one at a time, eagerly (before)", AGENT_SEARCH.replace(simulations=384, leaf_batch=1), False),
)


def game_seconds() -> None:
    """Each search as the agent plays a whole game with it (subtree reuse included) as black against alpha-beta at
    depth 3, one thread: the mean seconds of its searches (the endgame solver's moves left out), after a first game
    that compiles."""
    set_threads(1)
    for label, search, compile in GAME_SEARCHES:
        agent = AlphaZeroAgent(search=search, compile=compile)
        for _ in range(1 + compile):
            times, board, opponent = [], Board.start(8), make_agent("alphabeta", depth=3)
            while not board.terminated:
                if board.moves == 0:
                    board = board.step(64)
                    continue
                if board.current_player == 0:
                    searched = 64 - sum(board.scores()) > agent.endgame
                    start = time.perf_counter()
                    action = agent.choose(board)
                    if searched:
                        times.append(time.perf_counter() - start)
                else:
                    action = opponent.choose(board)
                board = board.step(action)
        print(f"{label:<58} {statistics.mean(times):.3f} s a move ({len(times)} searches)", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--roots", type=int, default=1)
    parser.add_argument("--simulations", type=int, default=32)
    parser.add_argument("--agent", action="store_true", help="the shipped agent's seconds a move instead")
    parser.add_argument("--game", action="store_true", help="with --agent: its searches in a game")
    args = parser.parse_args()
    if args.agent and args.game:
        game_seconds()
    elif args.agent:
        agent_seconds()
    else:
        search_rates(args.roots, args.simulations)


if __name__ == "__main__":
    main()
