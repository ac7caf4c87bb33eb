"""Seconds a move of the AlphaZero agent with untrained networks of several sizes, the same simulations: what a larger
network costs at the agent's time a move (``docs/alphazero.md``, "Not there yet").

    python docs/scripts/network_size_cost.py                       # 32x4,48x4,48x6,64x6,96x6 at 1,344 simulations
    python docs/scripts/network_size_cost.py 48x4,64x6 --simulations 672

One torch thread, the search compiled (``compile=True``: the first move waits for it and is not timed), no early stop,
no solver, no cache, the pattern mix at its default; 11 timed moves from the positions of one random game (26 to 48
empties). The networks are written to a temporary folder as exported networks (``network`` and ``network_config``).
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from pathlib import Path

import torch

from othello_zoo.alphazero.agent import AlphaZeroAgent
from othello_zoo.alphazero.network import PolicyValueNet
from othello_zoo.core.board import Board


def size(text: str) -> tuple[int, int]:
    channels, _, blocks = text.partition("x")
    if not (channels.isdigit() and blocks.isdigit()):
        raise argparse.ArgumentTypeError(f"a size is CHANNELSxBLOCKS (48x4), got {text!r}")
    return int(channels), int(blocks)


def positions(count: int, seed: int = 0) -> list[Board]:
    """Positions of 26 to 48 empties (even counts) from one random game and the games after it, the mover to place."""
    rng, found = random.Random(seed), []
    board = Board.start(8)
    while len(found) < count:
        if board.terminated:
            board = Board.start(8)
        board = board.play(rng.choice(board.legal_actions()))
        empties = 64 - sum(board.scores())
        if 26 <= empties <= 48 and empties % 2 == 0 and board.moves:
            found.append(board)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", nargs="?", default="32x4,48x4,48x6,64x6,96x6", help="CHANNELSxBLOCKS, comma-separated")
    parser.add_argument("--simulations", type=int, default=1344, choices=range(8, 10001), metavar="8-10000")
    args = parser.parse_args()
    try:
        sizes = [size(text) for text in args.sizes.split(",")]
    except argparse.ArgumentTypeError as error:
        parser.error(str(error))
    torch.set_num_threads(1)
    boards = positions(12)
    print("| network | parameters | seconds a move |")
    print("| --- | ---: | ---: |")
    with tempfile.TemporaryDirectory() as folder:
        for channels, blocks in sizes:
            torch.manual_seed(0)
            net = PolicyValueNet(8, channels, blocks)
            path = Path(folder) / f"net{channels}x{blocks}.pt"
            config = {"board_size": 8, "channels": channels, "blocks": blocks}
            torch.save({"network": net.state_dict(), "network_config": config}, path)
            agent = AlphaZeroAgent(
                path, simulations=args.simulations, stop_when_decided=False, endgame=0, compile=True, cache=0
            )
            agent.choose(boards[0])  # the compilation waited for, not timed
            began = time.perf_counter()
            for board in boards[1:]:
                agent.choose(board)
            seconds = (time.perf_counter() - began) / (len(boards) - 1)
            parameters = sum(p.numel() for p in net.parameters())
            print(f"| {channels} x {blocks} | {parameters:,} | {seconds:.3f} |", flush=True)


if __name__ == "__main__":
    main()
