"""Fit alpha-beta's learned evaluation (othello_zoo/agents/patterns.py) to the WTHOR 2004 games and write the tables
the package ships, ``othello_zoo/data/patterns.npz``.

    python docs/scripts/fit_patterns.py                 # fit, report, write the tables (about two minutes)
    python docs/scripts/fit_patterns.py --out /tmp/p.npz --epochs 50
    python docs/scripts/fit_patterns.py --out /tmp/p.npz --labels /tmp/labels-0.npz /tmp/labels-1.npz

Every position of the 9,113 games (``tests/data/WTH_2004.wtb``: its SOURCE file says where it comes from) is a
sample: its label is the final disc difference for the side to move, the game's theoretical score (perfect play
from 24 empties, recorded in the file) for positions of 24 empties or more, its final score after. The games whose
number is a multiple of five are held out: the report compares the fitted evaluation's error on them with the hand
evaluation's (fitted to the same labels by a line per stage). The tables of each stage are fitted together
(Adam on the squared error, full batches), with a small penalty on the weights and on the difference between
neighbouring stages' tables, which share what a stage's few positions cannot tell.

With ``--labels`` (files of ``label_endgames.py``: exact scores of the games' positions of at most 20 empties and of
the positions one other move away from them at 14 or fewer), those files' positions and scores replace the games'
positions of as many empties, every other position is labelled with the game's theoretical score, the stages
before the first the files reach (those of 21 empties and more, for files of 20) are copied from the tournament
tables, and the tables are written to the endgame solver's file, ``othello_zoo/data/endgame-patterns.npz`` (the
shipped one by ``--labels FILES --epochs 900 --decay 3e-5``, about 12 minutes).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np
import torch

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))

from wthor import positions_of, read_games  # noqa: E402

from othello_zoo.agents.alphabeta import _Search  # noqa: E402
from othello_zoo.agents.patterns import (  # noqa: E402
    ENDGAME_TABLES,
    INSTANCES,
    OFFSETS,
    STAGES,
    TABLES,
    TOTAL,
    instance_indices,
    load_tables,
    stage_of,
)

SCALE = 125  # table units a disc (othello_zoo.agents.patterns.UNIT = 1000 / SCALE)


def features(search: _Search, own: int, opp: int) -> tuple[int, int, int]:
    """The empties, mobility and potential mobility (each for the mover) of one position."""
    empty = ~(own | opp) & search.full
    mobility = search.rules.legal(own, opp).bit_count() - search.rules.legal(opp, own).bit_count()
    potential = (empty & search._neighbours(opp)).bit_count() - (empty & search._neighbours(own)).bit_count()
    return empty.bit_count(), mobility, potential


def positions(labels: list[Path]) -> dict[str, np.ndarray]:
    """Every position of the games before each move: the discs, counts and label, as arrays. With ``labels``
    (files of ``label_endgames.py``), the games' positions of as many empties as those files label or fewer are
    replaced by the files' positions and their exact scores."""
    search = _Search(8)
    rows = []
    for path in labels:
        with np.load(path, allow_pickle=False) as saved:
            found = zip(*(saved[name].tolist() for name in ("own", "opp", "score", "game")), strict=True)
            for own, opp, score, number in found:
                empties, mobility, potential = features(search, own, opp)
                rows.append((own, opp, empties, score, number, mobility, potential))
    labelled = max((row[2] for row in rows), default=-1)
    for number, game in enumerate(read_games()):
        for board, _ in positions_of(game):
            empties, mobility, potential = features(search, board.own, board.opp)
            if empties > labelled:
                # the theoretical score where it is a nearer label than the final score of human play: before 24
                # empties, and after them where exact scores label the endgame
                black = 2 * (game.theoretical if empties >= 24 or labels else game.black_score) - 64
                label = black if board.current_player == 0 else -black
                rows.append((board.own, board.opp, empties, label, number, mobility, potential))
    columns = list(zip(*rows, strict=True))
    return {
        "labelled": np.array(labelled),
        "own": np.array(columns[0], np.uint64),
        "opp": np.array(columns[1], np.uint64),
        "empties": np.array(columns[2], np.int64),
        "label": np.array(columns[3], np.float32),
        "game": np.array(columns[4], np.int64),
        "scalars": np.stack([np.array(columns[5], np.float32), np.array(columns[6], np.float32)], 1),
    }


def indices(own: np.ndarray, opp: np.ndarray) -> np.ndarray:
    """``instance_indices`` of many positions at once: (positions, instances)."""
    shifts = np.arange(64, dtype=np.uint64)
    state = ((own[:, None] >> shifts) & np.uint64(1)).astype(np.int64)
    state += 2 * ((opp[:, None] >> shifts) & np.uint64(1)).astype(np.int64)
    found = np.zeros((len(own), len(INSTANCES)), np.int64)
    for i, (name, squares) in enumerate(INSTANCES):
        for digit, square in enumerate(squares):
            found[:, i] += state[:, square] * 3**digit
        found[:, i] += OFFSETS[name]
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help=f"default {TABLES}, {ENDGAME_TABLES} with --labels")
    parser.add_argument("--epochs", type=int, default=300)
    parser.add_argument("--decay", type=float, default=1e-4, help="penalty on the squared weights")
    parser.add_argument("--smooth", type=float, default=1e-3, help="penalty on neighbouring stages' differences")
    parser.add_argument("--labels", type=Path, nargs="*", default=[], help="exact scores from label_endgames.py")
    args = parser.parse_args()
    out = args.out or (ENDGAME_TABLES if args.labels else TABLES)
    torch.manual_seed(0)
    began = time.perf_counter()
    data = positions(args.labels)
    table_rows = indices(data["own"], data["opp"])
    for k in range(0, len(table_rows), 9973):  # the vectorized indices are the package's
        assert table_rows[k].tolist() == instance_indices(int(data["own"][k]), int(data["opp"][k]))
    stages = np.array([stage_of(int(e)) for e in data["empties"]])
    held = data["game"] % 5 == 0
    print(f"{len(stages):,} positions ({held.sum():,} held out) in {time.perf_counter() - began:.0f} s", flush=True)

    rows, scalars = torch.as_tensor(table_rows), torch.as_tensor(data["scalars"])
    stage, label = torch.as_tensor(stages), torch.as_tensor(data["label"])
    train, test = torch.as_tensor(~held), torch.as_tensor(held)
    weights = torch.zeros(STAGES, TOTAL, requires_grad=True)
    linear = torch.zeros(STAGES, 3, requires_grad=True)  # mobility, potential mobility, bias
    optimiser = torch.optim.Adam([weights, linear], lr=0.05)

    def predict(mask: torch.Tensor) -> torch.Tensor:
        s = stage[mask]
        terms = weights[s[:, None], rows[mask]].sum(1)
        return terms + (linear[s, :2] * scalars[mask]).sum(1) + linear[s, 2]

    for epoch in range(args.epochs):
        optimiser.zero_grad()
        error = predict(train) - label[train]
        penalty = args.decay * weights.square().sum() / STAGES
        penalty = penalty + args.smooth * (weights[1:] - weights[:-1]).square().sum()
        (error.square().mean() + penalty).backward()
        optimiser.step()
        if epoch % 50 == 0 or epoch == args.epochs - 1:
            print(f"epoch {epoch}: training error {error.detach().square().mean().sqrt():.2f} discs", flush=True)

    quantized_weights = torch.round(weights.detach() * SCALE).clamp(-32767, 32767).to(torch.int16)
    quantized_linear = torch.round(linear.detach() * SCALE).to(torch.int32)
    if args.labels:  # the stages the exact scores do not reach keep the tournament tables
        first = stage_of(int(data["labelled"]))
        tournament = load_tables(TABLES)
        quantized_weights[:first] = torch.from_numpy(tournament.weights[:first].copy())
        quantized_linear[:first] = torch.from_numpy(tournament.scalars[:first].copy())
        print(f"stages 0-{first - 1} are {TABLES.name}'s", flush=True)
    with torch.no_grad():  # the held-out error of the tables as the search reads them (quantized)
        s = stage[test]
        fitted = quantized_weights[s[:, None], rows[test]].long().sum(1)
        fitted = fitted + (quantized_linear[s, :2] * scalars[test].long()).sum(1) + quantized_linear[s, 2]
        fitted = (fitted.double() / SCALE).numpy()
    report(fitted, data, stages, held)
    out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(out, weights=quantized_weights.numpy(), scalars=quantized_linear.numpy())
    print(f"wrote {out} ({out.stat().st_size:,} bytes) in {time.perf_counter() - began:.0f} s")


def report(fitted: np.ndarray, data: dict[str, np.ndarray], stages: np.ndarray, held: np.ndarray) -> None:
    """Per stage, the held-out games' error (root mean square, discs) and correlation with the label: the fitted
    tables against the hand evaluation fitted by a line per stage to the training games."""
    search = _Search(8)
    hand = np.array([search.evaluate(int(o), int(p)) for o, p in zip(data["own"], data["opp"], strict=True)])
    label = data["label"]
    print("| stage | empties | held out | error, patterns | error, hand | correlation, patterns | correlation, hand |")
    print("| ---: | --- | ---: | ---: | ---: | ---: | ---: |")
    for s in range(STAGES):
        train, test = (~held) & (stages == s), held & (stages == s)
        slope, intercept = np.polyfit(hand[train], label[train], 1)
        by_hand = slope * hand[test] + intercept
        ours = fitted[stages[held] == s]
        truth = label[test]
        low, high = (0 if s == STAGES - 1 else 57 - 4 * s), 60 - 4 * s
        print(
            f"| {s} | {low}-{high} | {test.sum():,} "
            f"| {np.sqrt(np.mean((ours - truth) ** 2)):.1f} | {np.sqrt(np.mean((by_hand - truth) ** 2)):.1f} "
            f"| {np.corrcoef(ours, truth)[0, 1]:.2f} | {np.corrcoef(by_hand, truth)[0, 1]:.2f} |"
        )


if __name__ == "__main__":
    main()
