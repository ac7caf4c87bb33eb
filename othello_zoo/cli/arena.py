"""``othello-zoo arena``: matches between agents, an Elo table, a plot and the games (:mod:`othello_zoo.arena`)."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from othello_zoo.arena import (
    ArenaSettings,
    export_games,
    fit_ratings,
    format_ratings,
    plot_ratings,
    read_results,
    run_arena,
    seconds_per_move,
)
from othello_zoo.arena.arena import OPENINGS, SCHEDULES

__all__ = ["DESCRIPTION", "build_parser", "main"]

DESCRIPTION = """Play a round robin (or a gauntlet: the first agent against each other) between agents and rate
them. Agents: a built-in name with options (random, greedy, mcts:simulations=400, alphabeta:depth=6, az,
az:simulations=64), a checkpoint (runs/x/checkpoint.pt), or an external program (cmd:python my_engine.py)
speaking the line protocol of othello_zoo.arena.external; LABEL=SPEC names one in the table. Each finished
game is a line of --out at once: stopped with Ctrl-C, the same command with --resume plays only the rest.
--results rates finished files without playing."""


def build_parser(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    parser.add_argument("agents", nargs="*", metavar="AGENT", help="the agents (at least 2; see above)")
    parser.add_argument("--games", type=int, default=16, help="games a pair, even (default: %(default)s)")
    parser.add_argument("--schedule", choices=SCHEDULES, default="round-robin", help="(default: %(default)s)")
    parser.add_argument(
        "--openings",
        choices=OPENINGS,
        default="random",
        help="random first plies, or the XOT book's positions (default: %(default)s)",
    )
    parser.add_argument("--random-plies", type=int, default=4, help="with --openings random (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=0, help="the openings' and agents' seed (default: %(default)s)")
    parser.add_argument("--board-size", type=int, default=8, help="(default: %(default)s)")
    parser.add_argument(
        "--no-batch",
        dest="batched",
        action="store_false",
        help="one game at a time, every agent asked board by board: as it plays alone (the AlphaZero agent's "
        "tree reuse included), with its own time a move (default: the games of a pair side by side, the "
        "AlphaZero agent's boards in one batched search)",
    )
    parser.add_argument("--out", default="arena.jsonl", help="the results file (default: %(default)s)")
    parser.add_argument("--resume", action="store_true", help="go on with the games of --out")
    parser.add_argument("--results", nargs="+", metavar="FILE", help="rate these results files; play nothing")
    parser.add_argument("--anchor", help="the agent rated 0 (default: the ratings average 0)")
    parser.add_argument("--plot", metavar="PATH", help="save the ratings and head-to-head scores (needs matplotlib)")
    parser.add_argument("--export", metavar="PATH", help="write the games as move lists, one a line")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    return parser


def main(args: argparse.Namespace) -> int:
    """Play (unless ``--results``), then print the table; 130 after Ctrl-C with the games kept."""
    if args.results:
        if args.agents or args.resume:
            raise ValueError("--results rates finished files: give no agents and no --resume with it")
        files = [read_results(path) for path in args.results]
        games = [game for results in files for game in results.games]
        board_size = int(files[0].settings.get("board_size", 8))
    else:
        settings = _settings(args)
        began = time.perf_counter()
        try:
            games = run_arena(settings, args.out, resume=args.resume, progress=not args.quiet)
        except KeyboardInterrupt:
            kept = len(read_results(args.out).games) if Path(args.out).exists() else 0
            print(
                f"\nothello-zoo arena: stopped (Ctrl-C); {kept} finished games kept in {args.out}. "
                f"Go on with: othello-zoo arena --out {args.out} --resume",
                file=sys.stderr,
            )
            return 130
        print(f"{len(games)} games in {args.out} ({time.perf_counter() - began:.0f} s this run)")
        board_size = settings.board_size
    if not games:
        print("no finished games to rate")
        return 0
    outcomes = [(game.black, game.white, game.black_points) for game in games]
    table = fit_ratings(outcomes, anchor=args.anchor)
    print(format_ratings(table))
    timing = seconds_per_move(games, board_size)
    print("seconds a move: " + ", ".join(f"{label} {timing[label]:.3f}" for label in [r.label for r in table]))
    if args.plot:
        plot_ratings(table, outcomes, args.plot)
        print(f"plot: {args.plot}")
    if args.export:
        count = export_games(games, args.export, board_size)
        print(f"{count} games written to {args.export}")
    return 0


def _settings(args: argparse.Namespace) -> ArenaSettings:
    """The arena of the command line; with ``--resume`` and no agents, the one the results file holds."""
    if not args.agents and args.resume and Path(args.out).exists():
        return ArenaSettings.from_dict(read_results(args.out).settings)
    return ArenaSettings(
        agents=tuple(args.agents),
        games=args.games,
        schedule=args.schedule,
        openings=args.openings,
        random_plies=args.random_plies if args.openings == "random" else 0,
        seed=args.seed,
        board_size=args.board_size,
        batched=args.batched,
    )
