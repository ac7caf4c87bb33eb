"""Self-play with and without the evaluations cache (``self_play(..., cache=)``, the trainer's ``--cache``), the two
alternating round by round on one torch thread: seconds for one iteration's games and the positions they kept.

    python docs/scripts/selfplay_cache.py                       # the trainer's defaults: 6 x 6, 32 x 2, 32 simulations
    python docs/scripts/selfplay_cache.py --board-size 8 --channels 48 --blocks 4 --simulations 64 \\
        --network othello_zoo/data/networks/az8.pt            # the shipped network's runs

The table of ``docs/alphazero.md#evaluations-remembered``. A network of random weights unless ``--network`` names a
trained one (its shape then replaces ``--board-size``, ``--channels`` and ``--blocks``).
"""

from __future__ import annotations

import argparse
import time

import torch

from othello_zoo.alphazero.agent import load_network
from othello_zoo.alphazero.network import PolicyValueNet
from othello_zoo.alphazero.selfplay import SELF_PLAY_SEARCH, self_play
from othello_zoo.search import CACHE_POSITIONS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board-size", type=int, default=6)
    parser.add_argument("--channels", type=int, default=32)
    parser.add_argument("--blocks", type=int, default=2)
    parser.add_argument("--simulations", type=int, default=32)
    parser.add_argument("--games", type=int, default=128)
    parser.add_argument("--rounds", type=int, default=2, help="rounds, each one search of each kind")
    parser.add_argument("--network", help="a trained network to play with (an exported network or checkpoint)")
    args = parser.parse_args()
    torch.set_num_threads(1)
    if args.network:
        net = load_network(args.network)
    else:
        torch.manual_seed(0)
        net = PolicyValueNet(board_size=args.board_size, channels=args.channels, blocks=args.blocks).eval()
    search = SELF_PLAY_SEARCH.replace(simulations=args.simulations)
    n, shape = net.board_size, f"{net.config()['channels']} x {net.config()['blocks']}"
    print(f"{n} x {n}, network {shape}, {args.simulations} simulations, {args.games} games, one thread")
    print("| round | cache | seconds | positions kept |")
    print("| ---: | ---: | ---: | ---: |")
    for round in range(args.rounds):
        order = (0, CACHE_POSITIONS) if round % 2 == 0 else (CACHE_POSITIONS, 0)
        for cache in order:
            began = time.perf_counter()
            generator = torch.Generator().manual_seed(round)
            data = self_play(net.evaluator(), args.games, n, search=search, generator=generator, cache=cache)
            seconds = time.perf_counter() - began
            print(f"| {round} | {cache:,} | {seconds:.1f} | {len(data.values):,} |", flush=True)


if __name__ == "__main__":
    main()
