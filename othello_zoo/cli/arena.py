"""``othello-zoo arena``: matches between agents, an Elo table, a plot and the games (:mod:`othello_zoo.arena`)."""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from collections.abc import Iterable, Sequence
from pathlib import Path

from othello_zoo.arena import (
    ArenaSettings,
    ExternalAgentError,
    GameRecord,
    colour_scores,
    export_games,
    fit_ratings,
    format_ratings,
    plot_ratings,
    read_results,
    run_arena,
    seconds_per_move,
)
from othello_zoo.arena.arena import OPENINGS, SCHEDULES

__all__ = ["DESCRIPTION", "build_parser", "main", "resume_command", "wipeouts"]

DESCRIPTION = """Play a round robin (or a gauntlet: the first agent against each other) between agents and rate
them. Agents: a built-in name with options (random, greedy, mcts:simulations=400, alphabeta:depth=6, az,
az:simulations=64), a checkpoint (runs/x/checkpoint.pt), or an external program (cmd:python my_engine.py)
speaking the line protocol of othello_zoo.arena.external (quote a command with spaces: 'cmd:prog --level 3');
LABEL=SPEC names one in the table. Each finished game is a line of --out at once: stopped with Ctrl-C, the same
command with --resume plays only the rest (a results file's external programs run only when the command line names
them again, or you agree at the terminal). --results rates finished files without playing."""


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
    """Play (unless ``--results``), then print the table; 130 after Ctrl-C with the games kept, 1 where an agent
    failed during play (one line naming it, the games kept and the command that goes on).

    Everything the command line names (agents, files, the anchor) is checked before the first game: errors are
    ``ValueError``/``FileExistsError``/``FileNotFoundError`` that the command prints as one line."""
    _check_outputs(args)
    if args.results:
        if args.agents or args.resume:
            raise ValueError("--results rates finished files: give no agents and no --resume with it")
        missing = [path for path in args.results if not Path(path).is_file()]
        if missing:
            raise FileNotFoundError(f"--results {missing[0]}: no such file")
        files = [read_results(path) for path in args.results]
        for path, results in zip(args.results, files, strict=True):
            _say_rejected(path, results.rejected)
        games = _unique([game for results in files for game in results.games])
        board_size = int(files[0].settings.get("board_size", 8))
        sizes = sorted({int(results.settings.get("board_size", 8)) for results in files})
        if len(sizes) > 1:
            raise ValueError(f"--results files of different board sizes ({sizes}) cannot be rated together")
        _check_anchor(args.anchor, {label for game in games for label in (game.black, game.white)})
        startup: dict[str, float] = {}
    else:
        settings = _settings(args)
        _check_anchor(args.anchor, {spec.label for spec in settings.specs})
        began = time.perf_counter()
        startup = {}
        try:
            games = run_arena(settings, args.out, resume=args.resume, progress=not args.quiet, startup=startup)
        except KeyboardInterrupt:
            print(f"\nothello-zoo arena: stopped (Ctrl-C); {_kept(args.out)}", file=sys.stderr)
            return 130
        except (ExternalAgentError, RuntimeError) as error:
            print(f"othello-zoo arena: {error}", file=sys.stderr)
            print(f"othello-zoo arena: {_kept(args.out)}", file=sys.stderr)
            return 1
        print(f"{len(games)} games in {args.out} ({time.perf_counter() - began:.0f} s this run)")
        board_size = settings.board_size
    if not games:
        print("no finished games to rate")
        return 0
    outcomes = [(game.black, game.white, game.black_points) for game in games]
    table = fit_ratings(outcomes, anchor=args.anchor)
    print(format_ratings(table, colour_scores(outcomes)))
    timing = seconds_per_move(games, board_size)
    print("seconds a move: " + ", ".join(f"{label} {timing[label]:.3f}" for label in [r.label for r in table]))
    if startup:
        print("start-up (not counted above): " + ", ".join(f"{label} {t:.2f} s" for label, t in startup.items()))
    lost = wipeouts(games)
    if lost:
        shown = ", ".join(f"{label} {count}" for label, count in sorted(lost.items(), key=lambda item: -item[1]))
        print(f"wipeouts (games lost with no disc left): {shown}")
    if args.plot:
        plot_ratings(table, outcomes, args.plot)
        print(f"plot: {args.plot}")
    if args.export:
        count = export_games(games, args.export, board_size)
        print(f"{count} games written to {args.export}")
    return 0


def wipeouts(games: Iterable[GameRecord]) -> dict[str, int]:
    """How many games each player lost with no disc left on the board."""
    lost: dict[str, int] = {}
    for game in games:
        for label, discs in ((game.black, game.black_discs), (game.white, game.white_discs)):
            if discs == 0:
                lost[label] = lost.get(label, 0) + 1
    return lost


def _kept(out: str) -> str:
    """What a stopped run left in ``out`` and how to go on."""
    try:
        kept = len(read_results(out).games) if Path(out).exists() else 0
    except ValueError:
        kept = 0
    return f"{kept} finished games kept in {out}. Go on with: othello-zoo arena --out {shlex.quote(out)} --resume"


def _unique(games: list[GameRecord]) -> list[GameRecord]:
    """The games of several files, a game given twice (the same pair, round and moves) counted once."""
    seen: dict[tuple[tuple[str, str, int], str], GameRecord] = {}
    for game in games:
        seen.setdefault((game.key, game.moves), game)
    return list(seen.values())


def _say_rejected(path: str, rejected: Sequence[tuple[int, str]]) -> None:
    for number, why in rejected:
        print(f"othello-zoo arena: {path}, line {number}: not rated: {why}", file=sys.stderr)


def _check_outputs(args: argparse.Namespace) -> None:
    """The files the command will write, checked before anything is played."""
    if not args.results and not args.resume and Path(args.out).exists():
        default = " (the default --out)" if args.out == "arena.jsonl" else ""
        raise FileExistsError(
            f"{args.out}{default} already holds arena results: add --resume to go on with its games, "
            "or name another file with --out"
        )
    if args.export:
        export = Path(args.export)
        if export.exists():
            raise FileExistsError(f"--export {args.export} exists: choose another file for the games")
        if not export.parent.is_dir():
            raise FileNotFoundError(f"--export {args.export}: the folder {export.parent} does not exist")
    if args.plot:
        plot = Path(args.plot)
        if not plot.parent.is_dir():
            raise FileNotFoundError(f"--plot {args.plot}: the folder {plot.parent} does not exist")
        if plot.is_dir():
            raise ValueError(f"--plot {args.plot} is a folder: give the image file to write, e.g. ladder.png")
        try:
            import matplotlib  # noqa: F401
        except ModuleNotFoundError:
            raise ModuleNotFoundError("--plot needs matplotlib: pip install matplotlib") from None


def _check_anchor(anchor: str | None, labels: set[str]) -> None:
    if anchor is not None and anchor not in labels:
        raise ValueError(f"--anchor {anchor!r} is not one of the agents: {', '.join(sorted(labels))}")


def _settings(args: argparse.Namespace) -> ArenaSettings:
    """The arena of the command line; with ``--resume`` and no agents, the one the results file holds, whose
    external programs run only where the command line names them or a person at the terminal agrees."""
    if not args.agents and args.resume and Path(args.out).exists():
        settings = ArenaSettings.from_dict(read_results(args.out).settings)
        if settings.programs and not _agreed(args.out, settings.programs):
            raise ValueError(
                f"{args.out} names external programs ({', '.join(settings.programs)}), and a results file never "
                f"starts a program by itself: name the agents on the command line to run them: "
                f"{resume_command(settings, args.out)}"
            )
        return settings
    if args.games < 2 or args.games % 2:
        raise ValueError(
            f"--games takes an even number, 2 or more (each opening is played with both colours), got {args.games}"
        )
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


def resume_command(settings: ArenaSettings, out: str) -> str:
    """The command line that names every agent and setting of ``settings`` and goes on with ``out``.

    >>> print(resume_command(ArenaSettings(agents=("random", "p=cmd:python my engine.py"), games=4), "a.jsonl"))
    othello-zoo arena random 'p=cmd:python my engine.py' --games 4 --out a.jsonl --resume
    """
    words = ["othello-zoo", "arena", *settings.agents]
    default = ArenaSettings(agents=settings.agents)
    for flag, name in (("--games", "games"), ("--schedule", "schedule"), ("--openings", "openings")):
        if getattr(settings, name) != getattr(default, name):
            words += [flag, str(getattr(settings, name))]
    if settings.openings == "random" and settings.random_plies != default.random_plies:
        words += ["--random-plies", str(settings.random_plies)]
    for flag, name in (("--seed", "seed"), ("--board-size", "board_size")):
        if getattr(settings, name) != getattr(default, name):
            words += [flag, str(getattr(settings, name))]
    if not settings.batched:
        words.append("--no-batch")
    return shlex.join([*words, "--out", out, "--resume"])


def _agreed(out: str, programs: list[str]) -> bool:
    """Whether the person at the terminal agrees to run the programs that the results file ``out`` names (no
    terminal: no)."""
    if not (sys.stdin.isatty() and sys.stderr.isatty()):
        return False
    print(f"{out} names programs to run as agents:", file=sys.stderr)
    for text in programs:
        print(f"    {text}", file=sys.stderr)
    try:
        answer = input("Run them? [y/N] ")
    except EOFError:
        return False
    return answer.strip().lower() in ("y", "yes")
