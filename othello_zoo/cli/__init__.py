"""The ``othello-zoo`` command (also ``python -m othello_zoo``): ``play``, ``bench``, ``train``, ``arena`` and
``doctor``.

Each command has a module here: its arguments and its run (:mod:`~othello_zoo.cli.play`,
:mod:`~othello_zoo.cli.bench`, :mod:`~othello_zoo.cli.train`, :mod:`~othello_zoo.cli.arena`,
:mod:`~othello_zoo.cli.doctor`); the work itself
is in the other folders of the package."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the command line and run a subcommand; returns the exit status (2, with a usage message, for a bad one;
    130 after Ctrl-C, with one line and no traceback, wherever it came: loading PyTorch included)."""
    try:
        return _main(argv)
    except KeyboardInterrupt:
        print("\nothello-zoo: stopped (Ctrl-C)", file=sys.stderr)
        return 130


def _main(argv: Sequence[str] | None) -> int:
    parser = argparse.ArgumentParser(prog="othello-zoo", description="Othello for reinforcement learning.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="{play,bench,train,arena,doctor}")
    words = list(sys.argv[1:] if argv is None else argv)
    if (
        sys.stderr.isatty()
        and words[:1] in (["play"], ["bench"], ["train"], ["arena"], ["doctor"])
        and not {"-h", "--help"} & set(words)
    ):
        print("othello-zoo: loading PyTorch (the first start can take a while)...", file=sys.stderr, flush=True)
    from othello_zoo.cli import arena, bench, doctor, play, train

    play_parser = play.build_parser(
        commands.add_parser(
            "play", help="play a game (human vs agent, or agent vs agent)", description=play.DESCRIPTION
        )
    )
    bench_parser = bench.build_parser(
        commands.add_parser("bench", help="measure engine throughput (quick by default)", description=bench.DESCRIPTION)
    )
    train_parser = train.build_parser(
        commands.add_parser("train", help="train an AlphaZero agent by self-play", description=train.DESCRIPTION)
    )
    arena_parser = arena.build_parser(
        commands.add_parser("arena", help="matches between agents and their Elo table", description=arena.DESCRIPTION)
    )
    doctor.build_parser(
        commands.add_parser(
            "doctor",
            help="check torch, devices and threads; run each part once per device",
            description=doctor.DESCRIPTION,
        )
    )
    for sub in (play_parser, train_parser, arena_parser):
        sub.add_argument(
            "--threads",
            type=_whole_threads,
            help="CPU threads of the package's work: a number, 'auto' (1, more where timed to pay) or 'torch' "
            "(torch's own) (default: OTHELLO_ZOO_THREADS, else auto)",
        )
    args = parser.parse_args(argv)
    if getattr(args, "threads", None) is not None and args.command in ("play", "train", "arena"):
        from othello_zoo.runtime.threads import set_threads

        set_threads(None if args.threads == "torch" else args.threads)  # a number or "auto"
    # OTHELLO_ZOO_THREADS (unless --threads chose) is checked before anything runs (doctor shows it in a row)
    if args.command != "doctor":
        from othello_zoo.runtime.threads import threads_setting

        try:
            threads_setting()
        except ValueError as error:
            subparsers = {"play": play_parser, "bench": bench_parser, "train": train_parser, "arena": arena_parser}
            subparsers[args.command].error(str(error))
    if args.command == "doctor":
        return doctor.main(args)
    if args.command == "bench":
        try:  # checked before anything is measured
            bench.run(args)
        except bench.NothingToRunError as error:
            bench_parser.error(str(error))
        return 0
    if args.command == "arena":
        try:  # the settings and files are checked before anything is played
            return arena.main(args)
        except (ValueError, TypeError, FileNotFoundError, FileExistsError, ModuleNotFoundError) as error:
            arena_parser.error(str(error))
    if args.command == "train":
        try:  # the settings are checked before anything runs
            return train.main(args)
        except (ValueError, TypeError, FileNotFoundError, FileExistsError) as error:
            train_parser.error(train.flag_error(error))
    play.check(args, play_parser)  # before anything starts
    return play.run(args)


def _whole_threads(text: str) -> int | str:
    """``--threads``: a whole number from 1 to ``MAX_THREADS`` (1,024), ``auto`` (the default) or ``torch`` (torch's
    own setting); anything else is an ``argparse`` error naming the value and what is allowed."""
    from othello_zoo.runtime.threads import MAX_THREADS, parse_threads

    setting = parse_threads(text)
    if setting is None:
        shown = text if len(text) <= 40 else text[:37] + "..."
        raise argparse.ArgumentTypeError(
            f"expected a whole number from 1 to {MAX_THREADS}, 'auto' or 'torch', got {shown!r}"
        )
    return setting
