"""The ``othello-zoo train`` command line: its flags, and the rules that keep
a run safe.

- A folder that holds a run is never started afresh: without ``--resume`` the command refuses it.
- ``--resume`` keeps the run's own settings; a flag that contradicts them is refused by name (only the budget,
  the device and the Ray settings may change).
- One command writes a run: the run's folder is locked while it runs (``--out``/.lock), and a second one is
  refused at once, naming the first one's process id.
- ``--export`` only reads the run (so it works while the run goes on: checkpoints are replaced whole), and writes a
  new file or replaces a network exported before: never the run's checkpoint, a folder or any other file.
- Ctrl-C stops the run between two saves: the checkpoint holds every finished iteration (a new run saves one
  before its first), and one line says where it stopped and how to go on.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import importlib.util
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from othello_zoo.runtime.files import RunLock

__all__ = ["DESCRIPTION", "RESUMABLE", "build_parser", "flag_error", "main"]

DESCRIPTION = "Train an AlphaZero agent by self-play with the batched tree search (CPU by default)."

RESUMABLE = ("minutes", "iterations", "device", "ray_address", "ray_workers")  # what --resume may change


HELP = {  # what each TrainConfig field means, with its unit
    "board_size": "board size, even, 4 to 16",
    "channels": "network width: channels of each convolution",
    "blocks": "residual blocks of the network",
    "games": "self-play games an iteration, played together",
    "simulations": "search simulations a move in self-play",
    "root_policy": "the search's root: puct (AlphaZero: Dirichlet noise, visit counts) or gumbel (Gumbel AlphaZero)",
    "c_puct": "exploration constant of PUCT",
    "dirichlet_alpha": "Dirichlet noise concentration at the root (puct)",
    "dirichlet_fraction": "share of the root prior that is noise, 0 to 1 (puct)",
    "temperature_plies": "opening plies whose moves are drawn in proportion to the visits (then the most visited)",
    "reuse_tree": "each search goes on from the subtree of the move played (puct)",
    "exact_empties": "from this many empty squares down (at most 20 on 8 x 8, 12 on other sizes), the positions' "
    "values are their wins, draws and losses under perfect play by the exact solver, and earlier positions take "
    "the first such result (0: the games' results)",
    "cache": "positions whose evaluations an iteration's self-play keeps, answering them again without the network "
    "(CPU only; 0: none)",
    "buffer": "positions kept in the replay buffer",
    "batch_size": "positions a gradient step",
    "train_steps": "gradient steps an iteration",
    "lr": "learning rate (AdamW)",
    "weight_decay": "weight decay (AdamW)",
    "eval_every": "iterations between matches against the eval opponents (0: no matches)",
    "eval_games": "games a match, colours alternating",
    "eval_simulations": "search simulations a move in the matches",
    "eval_opponents": "comma-separated: random, greedy, alphabeta (depth 4), mcts (2,000 simulations), uct (400)",
    "minutes": "wall-clock budget in minutes, resumed time included (0: no budget; then --iterations)",
    "iterations": "iterations to reach (0: until the budget in --minutes)",
    "seed": "seed of the network's first weights and of every draw",
    "device": "torch device: cpu, cuda, cuda:1, ...",
    "ray_address": "play the self-play games on Ray actors at this address: local, auto, ray://host:port",
    "ray_workers": "Ray actors sharing an iteration's games",
}


def _flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def build_parser(parser: argparse.ArgumentParser | None = None) -> argparse.ArgumentParser:
    """The ``train`` command's arguments: one flag per ``TrainConfig`` setting (the self-play search's by their flat
    names: ``--simulations``, ``--c-puct``, ...), and the run's folder. The settings' flags default to ``None`` so
    that the command knows which were given (the defaults are ``TrainConfig``'s)."""
    from othello_zoo.alphazero.config import setting_fields

    parser = parser or argparse.ArgumentParser(prog="othello-zoo train", description=DESCRIPTION)
    parser.add_argument("--out", default="runs/alphazero", help="the run's folder (default: %(default)s)")
    parser.add_argument("--resume", action="store_true", help="continue the run in --out with its own settings")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.add_argument(
        "--export", metavar="PATH", help="write the network of --out's checkpoint to the file PATH and stop"
    )
    parser.add_argument(
        "--init",
        metavar="PATH",
        help="start the new run from this network's weights (an exported network, e.g. the shipped "
        "othello_zoo/data/networks/az8.pt, or a checkpoint.pt; the same board size, channels and blocks)",
    )
    for name, type_name, value in setting_fields():
        default = value if value != "" else "none"
        shown = f"{HELP.get(name, name.replace('_', ' '))} (default: {default})"
        if type_name == "bool":
            parser.add_argument(_flag(name), action=argparse.BooleanOptionalAction, default=None, help=shown)
            continue
        kind = {"int": int, "float": float, "str": str}[type_name]
        parser.add_argument(_flag(name), type=kind, default=None, help=shown)
    return parser


def flag_error(error: Exception) -> str:
    """An error of the settings as the command line words it: ``argument --games: games must be ...``."""
    from othello_zoo.alphazero.config import setting_fields

    text = str(error)
    for name, _, _ in setting_fields():
        if text.startswith(name + " "):
            return f"argument {_flag(name)}: {text}"
    return text


def _given(args: argparse.Namespace) -> dict[str, Any]:
    """The ``TrainConfig`` settings given on the command line, by their flags' names."""
    from othello_zoo.alphazero.config import setting_fields

    return {name: getattr(args, name) for name, _, _ in setting_fields() if getattr(args, name) is not None}


def _export(args: argparse.Namespace) -> int:
    """``--export``: the network of ``--out``'s checkpoint to a new file, or onto a network exported before; never
    onto the checkpoint, a folder or any other file. It only reads the run, so it works while the run goes on (the
    checkpoint is replaced whole, never seen half written)."""
    from othello_zoo.alphazero.train import check_export_target, export_network

    checkpoint = Path(args.out) / "checkpoint.pt"
    if not checkpoint.is_file():
        raise FileNotFoundError(f"no checkpoint to export in {args.out}")
    target = Path(args.export)
    if target.exists() and os.path.samefile(target, checkpoint):
        raise ValueError(f"--export {args.export} is the run's own checkpoint: give another file, e.g. network.pt")
    try:
        kind = check_export_target(target)
        written = export_network(checkpoint, target)
    except ValueError as error:
        text = str(error)
        raise ValueError(text if text.startswith(str(checkpoint)) else f"--export {text}") from None
    replaced = " (it replaces the network exported there before)" if kind == "replaces" else ""
    print(f"network written to {written}{replaced}")
    return 0


def _resumed_config(args: argparse.Namespace, given: dict[str, Any]) -> dict[str, Any]:
    """The settings of the run being resumed (``TrainConfig``'s keywords), with the resumable flags given; a flag
    that contradicts the run is refused by name."""
    from othello_zoo.alphazero.train import load_checkpoint, saved_config

    checkpoint = Path(args.out) / "checkpoint.pt"
    changes = {name: value for name, value in given.items() if name in RESUMABLE}
    run = saved_config(load_checkpoint(checkpoint), checkpoint, changes)  # flat in runs saved before the nesting
    have = run.settings()
    clashes = [
        f"{_flag(name)} {value} (the run has {have.get(name)!r})"
        for name, value in given.items()
        if name not in RESUMABLE and have.get(name) != value
    ]
    if clashes:
        keep = ", ".join(_flag(name) for name in RESUMABLE)
        raise ValueError(
            f"--resume keeps the run's own settings, and {'; '.join(clashes)} would change them: leave them out "
            f"(only {keep} may change), or start a new run with another --out"
        )
    return {field.name: getattr(run, field.name) for field in dataclasses.fields(run)}


def main(args: argparse.Namespace) -> int:
    """Runs ``othello-zoo train`` with parsed ``args``; prints the last row of the log (130 after Ctrl-C).

    The run's folder is locked (``--out``/.lock) before the checks that read it and until the run ends: a second
    command writing the same run is refused at once, naming the first one's pid (:func:`~othello_zoo.alphazero.
    train.run_lock`)."""
    from othello_zoo.alphazero.train import TrainConfig, run_lock
    from othello_zoo.runtime.threads import threads_setting

    threads_setting()  # a bad OTHELLO_ZOO_THREADS is refused here, before anything is made
    if args.export:
        return _export(args)
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        raise ValueError(f"--out {args.out} is a file: give the run's folder")
    given = _given(args)
    if given.get("ray_address") and importlib.util.find_spec("ray") is None:
        raise ValueError("--ray-address needs Ray, which is not installed: pip install 'othello-zoo[ray]'")
    if args.resume and args.init:
        raise ValueError("--init starts a new run from a network; --resume goes on from the run's own weights")
    if args.init and not Path(args.init).is_file():
        raise FileNotFoundError(f"--init {args.init}: no such file")
    if args.resume and not (out / "checkpoint.pt").is_file():
        raise FileNotFoundError(f"no checkpoint to resume in {args.out}")
    if not args.resume:
        TrainConfig(**given)  # the settings are checked before the folder is made
    made = not out.exists()
    lock = run_lock(out)  # RunLockedError (a FileExistsError) names the process that holds it
    try:
        return _train(args, out, given, lock)
    finally:
        lock.release()
        if made:  # refused before anything was written: no folder left behind
            with contextlib.suppress(OSError):
                out.rmdir()  # only an empty folder goes


def _train(args: argparse.Namespace, out: Path, given: dict[str, Any], lock: RunLock) -> int:
    """The run itself, under its lock: the checks that read the folder, then the iterations."""
    from othello_zoo.alphazero.train import TrainConfig, Trainer

    if args.resume:
        if not (out / "checkpoint.pt").is_file():
            raise FileNotFoundError(f"no checkpoint to resume in {args.out}")
        given = _resumed_config(args, given)  # the run's own budget, device and Ray settings unless given
    elif (out / "checkpoint.pt").exists():
        raise ValueError(f"--out {args.out} holds a run already: add --resume to continue it, or give another --out")
    trainer = None
    try:
        trainer = Trainer(TrainConfig(**given), out, resume=args.resume, init=args.init, lock=lock)
        log = trainer.run(progress=not args.quiet)
    except KeyboardInterrupt:
        saved = None if trainer is None else trainer.saved_iteration
        if saved is None:
            print("\nstopped by Ctrl-C before anything was saved", file=sys.stderr)
        else:
            print(
                f"\nstopped by Ctrl-C in iteration {saved + 1}: {out / 'checkpoint.pt'} holds {saved} finished "
                f"iteration(s); go on with: othello-zoo train --out {args.out} --resume",
                file=sys.stderr,
            )
        return 130
    finally:
        if trainer is not None:
            trainer.close()
    print(json.dumps(log[-1] if log else {}), file=sys.stdout)
    return 0
