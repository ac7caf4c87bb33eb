"""How the AlphaZero agent's mix of values was fitted (``othello_zoo.alphazero.mixing``): the shipped 8 x 8 network's
value and alpha-beta's pattern search, each against the results of the games in the arena's results files.

    python docs/scripts/mix_fit.py                 # docs/arena-*.jsonl, the shipped network
    python docs/scripts/mix_fit.py --network networks/az8-v3.pt

Every position at 22-52 empties of every game (each game once) whose mover has a placement is labelled with its
game's result for the mover (1 a win, 0 a draw, -1 a loss). For each the script takes the network's value and the
pattern search's score in discs at depths 0 to 4, and prints the mean square error against the label of the network,
of ``tanh(discs / k)`` (the best ``k`` of a grid), of the two mixed with one scale (the best weight and ``k``), and
of the mix the agent uses (its weight and :func:`~othello_zoo.alphazero.mixing.pattern_scale`, which grows with the
empties) and of the best weight with that scale, by range of empties. One core; about a minute, most of it the
4-ply searches.
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

import numpy as np
import torch

from othello_zoo import engine
from othello_zoo.agents.native import native_midgame_values
from othello_zoo.agents.patterns import load_tables
from othello_zoo.alphazero.agent import load_network, shipped_network
from othello_zoo.alphazero.mixing import MIX_WEIGHT, pattern_scale
from othello_zoo.core.board import Board
from othello_zoo.core.notation import parse_moves

DOCS = Path(__file__).resolve().parents[1]
RANGES = ((22, 28), (29, 36), (37, 44), (45, 52), (22, 52))
DEPTHS = (0, 1, 2, 3, 4)


def positions(files: list[Path]) -> tuple[list[Board], np.ndarray, int]:
    """The positions at 22-52 empties of each game once, their labels, and the number of games."""
    boards, labels, seen = [], [], set()
    for path in files:
        for line in path.read_text().splitlines():
            game = json.loads(line)
            if "moves" not in game or game["moves"] in seen:
                continue
            seen.add(game["moves"])
            black = np.sign(game["black_discs"] - game["white_discs"])
            board = Board.start()
            for move in parse_moves(re.sub("pass", "", game["moves"])):
                while not board.terminated and board.moves == 0:
                    board = board.step(64)  # a forced pass
                if board.terminated:
                    break
                if 22 <= 64 - sum(board.scores()) <= 52:
                    boards.append(board)
                    labels.append(black if board.current_player == 0 else -black)
                board = board.step(move)
    return boards, np.array(labels, dtype=np.float64), len(seen)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--network", default=str(shipped_network(8)), help="the network (default: the shipped one)")
    args = parser.parse_args()
    torch.set_num_threads(1)
    boards, label, games = positions(sorted(DOCS.glob("arena-*.jsonl")))
    state = engine.from_text([board.to_text() for board in boards])
    observation, mask = engine.mover_view(state)
    evaluate = load_network(args.network).evaluator()
    with torch.no_grad():
        chunks = range(0, len(boards), 512)
        value = torch.cat([evaluate(observation[i : i + 512], mask[i : i + 512])[1] for i in chunks])
    network = value.double().numpy()
    signed = [[b - (1 << 64) if b >= 1 << 63 else b for b in (board.own, board.opp)] for board in boards]
    words = torch.tensor(signed, dtype=torch.int64)
    empties = np.array([64 - sum(board.scores()) for board in boards])
    tables = load_tables()
    discs = {}
    for depth in DEPTHS:
        found = native_midgame_values(words[:, 0], words[:, 1], depth, tables)
        assert found is not None, "the C library is not built here"
        discs[depth] = found.double().numpy() / 1000
    print(f"{len(boards)} positions of {games} games; mean square error against the games' results")
    for low, high in RANGES:
        inside = (empties >= low) & (empties <= high)

        def error(guess: np.ndarray, inside: np.ndarray = inside) -> float:
            return float(np.mean((guess[inside] - label[inside]) ** 2))

        line = [f"{low}-{high} empties ({inside.sum()}): network {error(network):.4f}"]
        for depth in DEPTHS:
            alone, k = min((error(np.tanh(discs[depth] / k)), k) for k in (4, 6, 8, 10, 12, 15, 20, 25, 30, 40))
            squashed = np.tanh(discs[depth] / k)
            mixed, w = min((error((1 - w) * network + w * squashed), w) for w in np.linspace(0, 1, 21))
            line.append(f"depth {depth}: alone {alone:.4f} (k {k}), mixed {mixed:.4f} (weight {w:.2f})")
        scale = torch.as_tensor(pattern_scale(torch.from_numpy(empties))).double().numpy()
        staged = np.tanh(discs[2] / scale)
        line.append(f"the agent's mix: {error((1 - MIX_WEIGHT) * network + MIX_WEIGHT * staged):.4f}")
        best, w = min((error((1 - w) * network + w * staged), w) for w in np.linspace(0, 1, 21))
        line.append(f"the agent's scale, the best weight: {best:.4f} (weight {w:.2f})")
        print("\n    ".join(line))


if __name__ == "__main__":
    main()
