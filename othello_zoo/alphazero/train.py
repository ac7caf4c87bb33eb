"""The AlphaZero trainer (behind ``othello-zoo train``): self-play with the batched tree search, a
residual network, a replay buffer with the board's 8 symmetries, periodic matches, checkpoints.

Each iteration plays ``games`` self-play games together (:func:`othello_zoo.alphazero.selfplay.self_play`),
adds their positions to the replay buffer, takes ``train_steps`` gradient steps on batches drawn
from it (each position under a random symmetry), and every ``eval_every`` iterations plays
matches against the random and greedy agents (:func:`othello_zoo.alphazero.selfplay.match`). Everything a
run needs to go on (the network, the optimiser, the buffer, the generator, the log) is saved to
``<out>/checkpoint.pt`` after every iteration; ``--resume`` continues from it. The log is written
as ``log.csv`` and ``log.json`` and, with matplotlib, plotted to ``curve.png``.

This module holds the :class:`Trainer` (and the matches' opponents and Elo); the run's settings are
:class:`~othello_zoo.alphazero.config.TrainConfig` (:mod:`othello_zoo.alphazero.config`, its self-play search a
nested :class:`~othello_zoo.search.SearchConfig`), the checkpoint's write, read and export are in
``_checkpoint`` and the log files in ``_log``; ``TrainConfig``, ``CHECKPOINT_KEYS``, ``EVAL_OPPONENTS`` and
:func:`export_network` are importable from here as before. One process writes a run: the trainer holds the lock of
its folder (:func:`run_lock`, ``<out>/.lock``) while it runs, and a second writer is refused naming the first's pid.

Example (Python)::

    from othello_zoo.alphazero.train import TrainConfig, Trainer
    trainer = Trainer(TrainConfig(board_size=6, minutes=20), "runs/az6")
    trainer.run()
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TextIO

import torch
import torch.nn.functional as F

from othello_zoo.alphazero._checkpoint import (
    CHECKPOINT_KEYS,
    LOCK_NAME,
    check_checkpoint,
    check_export_target,
    check_saved_network,
    export_network,
    load_checkpoint,
    run_lock,
    save_checkpoint,
)
from othello_zoo.alphazero._curve import pyplot
from othello_zoo.alphazero._log import write_log
from othello_zoo.alphazero._replay import ReplayBuffer
from othello_zoo.alphazero.config import EVAL_OPPONENTS, TrainConfig
from othello_zoo.alphazero.network import PolicyValueNet
from othello_zoo.alphazero.selfplay import SelfPlayData, match, self_play
from othello_zoo.core.checks import resolve_device
from othello_zoo.runtime.files import RunLock, interrupts_deferred, load_saved
from othello_zoo.runtime.threads import uses_package_threads

__all__ = ["CHECKPOINT_KEYS", "EVAL_OPPONENTS", "ReplayBuffer", "TrainConfig", "Trainer"]
__all__ += ["RESUMED_SETTINGS", "check_export_target", "elo_difference", "eval_opponent", "export_network"]
__all__ += ["load_checkpoint", "run_lock", "saved_config"]

RESUMED_SETTINGS = ("minutes", "iterations", "device", "ray_address", "ray_workers")
"""The settings a resumed run takes from the new ``config``; every other one is the run's own."""


def eval_opponent(name: str, seed: int) -> Any:
    """The opponent of a match by name: ``"random"`` and ``"greedy"`` (batched on the engine), the
    alpha-beta agent at depth 4, the MCTS agent with 2,000 simulations, plain UCT with 400."""
    from othello_zoo.agents import make_agent

    if name == "alphabeta":
        return make_agent("alphabeta", depth=4, seed=seed)
    if name == "mcts":
        return make_agent("mcts", simulations=2000, seed=seed)
    if name == "uct":
        return make_agent("uct", simulations=400, seed=seed)
    return name


def elo_difference(score: float, games: int) -> float:
    """The Elo difference that a ``score`` (wins + draws / 2, over ``games``) implies, with the
    score kept half a game away from 0 and 1 (a clean sweep is not an infinite rating)."""
    clipped = min(max(score, 0.5 / games), 1 - 0.5 / games)
    return 400 * math.log10(clipped / (1 - clipped))


class Trainer:
    """One training run in ``out`` (created if missing); ``resume=True`` continues its checkpoint. A folder that
    holds a run is not started afresh unless ``overwrite=True``. ``init`` starts a new run from the weights of a
    trained network (an exported network or another run's checkpoint, of the config's board size, channels and
    blocks), with a fresh optimizer and an empty replay buffer; a resumed run has its own weights.

    One process writes a run: the trainer takes the run's lock (``out/.lock``) when it is made, and a second writer
    of the same folder, in any process, is refused at once with :class:`~othello_zoo.runtime.files.RunLockedError`
    naming the first one's pid. :meth:`run` gives the lock back when it returns; :meth:`step`, :meth:`save` and a
    later :meth:`run` take it again; :meth:`close` (or the end of a ``with`` block) gives it back. ``lock`` is the
    run's lock taken already (:func:`run_lock`; the command takes it before its own checks), which the trainer then
    holds and gives back as its own.
    """

    def __init__(
        self,
        config: TrainConfig,
        out: str | Path,
        resume: bool = False,
        overwrite: bool = False,
        init: str | Path | None = None,
        lock: RunLock | None = None,
    ) -> None:
        self.out = Path(out)
        checkpoint = self.out / "checkpoint.pt"
        self._lock: RunLock | None = lock
        self.workers: Any = None  # the Ray actors, started on the first iteration that needs them
        try:
            if resume and init is not None:
                raise ValueError("init starts a new run from a network; a resumed run goes on from its own weights")
            if resume and not checkpoint.is_file():
                raise FileNotFoundError(f"no checkpoint to resume in {self.out}")
            if self.out.exists() and not self.out.is_dir():
                raise ValueError(f"{self.out} is a file: give the run's folder")
            if lock is not None and lock.path.resolve() != (self.out / LOCK_NAME).resolve():
                raise ValueError(f"lock {lock.path} is not the lock of the run in {self.out}")
            self._hold()  # the checks below are made under the lock: no other writer can change the answers
            if not resume and not overwrite and checkpoint.exists():
                raise FileExistsError(
                    f"{self.out} holds a run already: resume=True continues it (overwrite=True replaces it)"
                )
            if resume and not checkpoint.is_file():
                raise FileNotFoundError(f"no checkpoint to resume in {self.out}")
            self._build(config, checkpoint if resume else None, init)
        except BaseException:
            self.close()
            raise
        self.saved_iteration: int | None = self.iteration if resume else None  # what checkpoint.pt holds

    def _build(self, config: TrainConfig, checkpoint: Path | None, init: str | Path | None) -> None:
        """The run's network, optimiser, buffer and generator: new, or restored from ``checkpoint``."""
        saved = load_checkpoint(checkpoint) if checkpoint is not None else None
        if checkpoint is not None:  # the run's own settings (flat in runs saved before the nesting), new budget, device
            config = saved_config(saved, checkpoint, {name: getattr(config, name) for name in RESUMED_SETTINGS})
        self.config = c = config
        self.device = resolve_device("device", c.device)
        with torch.random.fork_rng(devices=[]):  # the initial weights from the run's seed; the global generator kept
            torch.manual_seed(c.seed)
            self.net = PolicyValueNet(c.board_size, c.channels, c.blocks).to(self.device)
        self.optimizer = torch.optim.AdamW(self.net.parameters(), lr=c.lr, weight_decay=c.weight_decay)
        self.buffer = ReplayBuffer(c.buffer, c.board_size, self.device)
        self.generator = torch.Generator(device=self.device).manual_seed(c.seed)
        self.iteration, self.elapsed, self.games = 0, 0.0, 0
        self.log: list[dict[str, Any]] = []
        self._show: Any = None  # the progress bar, while run() shows one
        self._started = 0.0  # perf_counter() when the iteration in progress started
        self._current = self.iteration + 1
        self._said_no_plot = False
        self._fresh = checkpoint is None  # a new run (or one replacing another): saved before its first iteration
        if saved is not None and checkpoint is not None:
            self._restore(saved, checkpoint)
        if init is not None:
            self._start_from(init)

    def _restore(self, saved: dict[str, Any], checkpoint: Path) -> None:
        """The state of the run saved in ``checkpoint`` (checked first: one ``ValueError`` naming the file)."""
        ours = self.net.config()
        theirs = check_saved_network(saved, checkpoint, "a training checkpoint")
        if theirs != ours:
            raise ValueError(
                f"{checkpoint} is not a training checkpoint this package can resume: its network_config {theirs} "
                f"is not its config's {ours}"
            )
        try:
            self.net.load_state_dict(saved["network"])
            self.optimizer.load_state_dict(saved["optimizer"])
            self.buffer.load_state_dict(saved["buffer"])
            saved_device = str(saved["config"].get("device", "cpu"))
            if saved_device.split(":")[0] == self.device.type:  # a generator's state is per device type
                self.generator.set_state(saved["generator"])
            else:
                self.generator.manual_seed((self.config.seed + saved["iteration"]) % 2**64)
        except (TypeError, ValueError, KeyError, IndexError, AttributeError, RuntimeError) as error:
            text = str(error).strip().splitlines()
            detail = f"{type(error).__name__}: {text[0][:200] if text else 'no detail'}"
            raise ValueError(
                f"{checkpoint} is not a training checkpoint this package can resume: its optimiser, buffer or "
                f"generator does not fit its settings ({detail})"
            ) from None
        self.iteration, self.elapsed, self.games = saved["iteration"], float(saved["elapsed"]), saved["games"]
        self.log = saved["log"]

    def _start_from(self, path: str | Path) -> None:
        """Load the weights of the network in ``path`` (the same shape as this run's, or a ``ValueError`` naming
        both)."""
        from othello_zoo.alphazero.agent import NETWORK_KEYS

        what = "a network (an exported network or a run's checkpoint.pt)"
        saved = load_saved(path, what, NETWORK_KEYS, self.device)
        theirs = check_saved_network(saved, path, what)
        ours = self.net.config()
        if theirs != ours:
            raise ValueError(f"init {path}: its network is {theirs}, this run's {ours}: give the same shape")
        self.net.load_state_dict(saved["network"])

    # -- the run's lock ---------------------------------------------------------------------------
    def _hold(self) -> None:
        """Take the run's lock where this trainer does not hold it (refused where another writer does)."""
        if self._lock is None:
            self._lock = run_lock(self.out)

    def _let_go(self) -> None:
        lock, self._lock = self._lock, None
        if lock is not None:
            lock.release()

    def close(self) -> None:
        """Stop the Ray actors (if any) and give the run's lock back (a later :meth:`run` takes it again)."""
        if self.workers is not None:
            self.workers.close()
            self.workers = None
        self._let_go()

    def __enter__(self) -> Trainer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- one iteration ----------------------------------------------------------------------------
    @uses_package_threads
    def step(self) -> dict[str, Any]:
        """Self-play, training and (every ``eval_every`` iterations) the matches of one iteration."""
        c = self.config
        self._hold()
        self._current = self.iteration + 1  # the iteration the progress line names
        start = self._started = time.perf_counter()
        data = self._self_play()
        self.buffer.add(data)
        self.games += data.games
        self.iteration += 1
        row: dict[str, Any] = {"iteration": self.iteration, "games": self.games, "positions": self.buffer.size}
        row.update(self._train())
        if c.eval_every and self.iteration % c.eval_every == 0:
            row.update(self.evaluate())
        self.elapsed += time.perf_counter() - start
        row["minutes"] = round(self.elapsed / 60, 3)
        self.log.append(row)
        self.save()
        return row

    def _self_play(self) -> SelfPlayData:
        """The iteration's games: in this process, or shared among the Ray actors."""
        c = self.config
        settings: dict[str, Any] = {
            "board_size": c.board_size,
            "search": c.search,
            "temperature_plies": c.temperature_plies,
            "exact_empties": c.exact_empties,
            "cache": c.cache,
        }
        if not c.ray_address:

            def on_ply(ply: int, unfinished: int) -> None:
                self._say(f"self-play ply {ply}, {unfinished} of {c.games} games going")

            hook = on_ply if self._show is not None else None
            evaluator = self.net.evaluator()
            return self_play(evaluator, c.games, generator=self.generator, device=self.device, on_ply=hook, **settings)
        self._say(f"self-play of {c.games} games on {c.ray_workers} Ray workers")
        if self.workers is None:
            from othello_zoo.alphazero.workers import RayWorkers

            self.workers = RayWorkers(c.ray_address, c.ray_workers, self.net.config(), c.device)
        seeds = torch.randint(2**62, (c.ray_workers,), generator=self.generator, device=self.device).tolist()
        return self.workers.self_play(self.net.state_dict(), c.games, seeds, **settings)  # type: ignore[no-any-return]

    def _train(self) -> dict[str, float]:
        c = self.config
        self._say(f"{c.train_steps} gradient steps on {self.buffer.size} positions")
        self.net.train()
        policy_loss = torch.zeros((), device=self.device)
        value_loss = torch.zeros((), device=self.device)
        for _ in range(c.train_steps):
            boards, policies, values = self.buffer.sample(c.batch_size, self.generator)
            logits, predicted = self.net(boards)
            p_loss = -(policies * F.log_softmax(logits, dim=1)).sum(1).mean()
            v_loss = F.mse_loss(predicted, values)
            self.optimizer.zero_grad(set_to_none=True)
            (p_loss + v_loss).backward()
            self.optimizer.step()
            policy_loss += p_loss.detach() / c.train_steps
            value_loss += v_loss.detach() / c.train_steps
        return {"policy_loss": round(float(policy_loss), 4), "value_loss": round(float(value_loss), 4)}

    def evaluate(self) -> dict[str, float]:
        """Matches against each of ``eval_opponents``: scores and the Elo differences they imply."""
        c = self.config
        self._say(f"matches against {c.eval_opponents.replace(',', ', ')}")
        out: dict[str, float] = {}
        for opponent in c.eval_opponents.split(","):
            result = match(
                self.net.evaluator(),
                eval_opponent(opponent, (c.seed + self.iteration) % 2**64),
                c.eval_games,
                c.board_size,
                search=c.eval_search,
                generator=self.generator,
                device=self.device,
            )
            out[f"score_vs_{opponent}"] = round(result.score, 4)
            out[f"elo_vs_{opponent}"] = round(elo_difference(result.score, result.games), 1)
        return out

    # -- the run ----------------------------------------------------------------------------------
    def done(self) -> bool:
        c = self.config
        if c.iterations and self.iteration >= c.iterations:
            return True
        return bool(c.minutes) and self.elapsed >= c.minutes * 60

    @uses_package_threads
    def run(self, progress: bool | TextIO = True) -> list[dict[str, Any]]:
        """Iterations until the budget (``minutes``) or ``iterations`` is reached; returns the log. The run's lock is
        held until it returns.

        With ``progress``, a bar on stderr (or on the stream given): over the iterations when ``iterations`` is set,
        else over the time budget, in whole seconds as minutes and seconds (``01:05/20:00``) with the time left to
        the budget's end; within an iteration it says which phase runs and, in self-play, the ply and the games still
        going, so it moves within seconds."""
        c = self.config
        self._hold()
        try:
            pyplot()  # the plot's import before the first iteration, not where a Ctrl-C after it would land
            bar = self._bar(progress)
            self._show = bar if progress else None
            if self._fresh:
                self._fresh = False
                self.save()  # iteration 0: a run stopped in its first iteration can be resumed
            try:
                with bar:
                    bar.set_postfix_str(f"iteration {self.iteration + 1}: starting self-play of {c.games} games")
                    while not self.done():
                        row = self.step()
                        self.write_log()  # after every iteration, so that a stopped run keeps its log and plot
                        shown = {k: row[k] for k in ("value_loss", "score_vs_greedy") if k in row}
                        bar.set_postfix(iteration=self.iteration, minutes=row["minutes"], **shown)
                        self._advance(bar, finished=True)
            except KeyboardInterrupt:  # (one that came as the checkpoint was written: its iteration's row too)
                with interrupts_deferred():
                    self.write_log()
                raise
            finally:
                self._show = None
            if self.workers is not None:
                self.workers.close()
                self.workers = None
            self.write_log()
        finally:
            self._let_go()
        return self.log

    def _bar(self, progress: bool | TextIO) -> Any:
        """The progress bar: iterations, or the time budget in whole seconds (never fractions of one)."""
        from tqdm import tqdm

        from othello_zoo.alphazero._progress import budget_bar

        c = self.config
        stream = progress if not isinstance(progress, bool) else None
        if c.iterations:
            total, done, off = c.iterations, self.iteration, not progress
            return tqdm(total=total, initial=done, desc="othello-zoo train", unit="it", disable=off, file=stream)
        budget = max(1, math.ceil(c.minutes * 60))
        return budget_bar(budget, min(int(self.elapsed), budget), "othello-zoo train", stream, disable=not progress)

    def _advance(self, bar: Any, finished: bool = False) -> None:
        """Move a time budget's bar to the seconds trained (the iteration in progress included)."""
        if self.config.iterations:
            if finished:
                bar.update(1)
            return
        seconds = self.elapsed + (0.0 if finished else time.perf_counter() - self._started)
        at = bar.total if finished and self.done() else min(int(seconds), bar.total)
        if at > bar.n:
            bar.update(at - bar.n)

    def _say(self, text: str) -> None:  # what the iteration is doing, on the progress bar where there is one
        if self._show is not None:
            self._advance(self._show)
            self._show.set_postfix_str(f"iteration {self._current}: {text}")

    def save(self) -> None:
        """The checkpoint, written to a temporary file and moved into place (never half written), under the run's
        lock."""
        self._hold()
        state = {
            "config": self.config.to_dict(),
            "network": self.net.state_dict(),
            "network_config": self.net.config(),
            "optimizer": self.optimizer.state_dict(),
            "buffer": self.buffer.state_dict(),
            "generator": self.generator.get_state(),
            "iteration": self.iteration,
            "elapsed": self.elapsed,
            "games": self.games,
            "log": self.log,
        }
        with interrupts_deferred():  # a Ctrl-C during the write comes after the count of what the file holds
            save_checkpoint(state, self.out)
            self.saved_iteration = self.iteration

    def write_log(self) -> None:
        """``log.json``, ``log.csv`` and, with matplotlib, ``curve.png`` (scores against time), under the run's
        lock: the rows of the iterations the checkpoint holds."""
        self._hold()
        saved = [row for row in self.log if row["iteration"] <= (self.saved_iteration or 0)]
        plotted = write_log(saved, self.out, self.config.eval_opponents.split(","), self.config.board_size)
        if not plotted and not self._said_no_plot:  # once a run
            self._said_no_plot = True
            from tqdm import tqdm  # written above a progress bar, not through it

            tqdm.write(
                "othello-zoo train: no curve.png: matplotlib is not installed (pip install 'othello-zoo[bench]')",
                file=sys.stderr,
            )


def saved_config(saved: Any, checkpoint: str | Path, changes: Mapping[str, Any]) -> TrainConfig:
    """The settings of the run saved in ``checkpoint`` (``saved``, its loaded dict), with ``changes`` (of
    :data:`RESUMED_SETTINGS`: a new budget, device or Ray settings) in place; one ``ValueError`` naming the file where
    they cannot be read."""
    check_checkpoint(saved, checkpoint)
    try:
        return TrainConfig.from_dict(saved["config"], **changes)
    except (TypeError, ValueError) as error:
        wrong = f"its config: {error}"
        raise ValueError(f"{checkpoint} is not a training checkpoint this package can read: {wrong}") from None
