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
:func:`export_network` are importable from here as before.

Example (Python)::

    from othello_zoo.alphazero.train import TrainConfig, Trainer
    trainer = Trainer(TrainConfig(board_size=6, minutes=20), "runs/az6")
    trainer.run()
"""

from __future__ import annotations

import dataclasses
import math
import sys
import time
from pathlib import Path
from typing import Any

import torch
import torch.nn.functional as F

from othello_zoo.alphazero._checkpoint import CHECKPOINT_KEYS, export_network, load_checkpoint, save_checkpoint
from othello_zoo.alphazero._log import write_log
from othello_zoo.alphazero._replay import ReplayBuffer
from othello_zoo.alphazero.config import EVAL_OPPONENTS, TrainConfig
from othello_zoo.alphazero.network import PolicyValueNet
from othello_zoo.alphazero.selfplay import SelfPlayData, match, self_play
from othello_zoo.core.checks import resolve_device
from othello_zoo.core.files import load_saved
from othello_zoo.core.threads import uses_package_threads

__all__ = ["CHECKPOINT_KEYS", "EVAL_OPPONENTS", "ReplayBuffer", "TrainConfig", "Trainer"]
__all__ += ["elo_difference", "eval_opponent", "export_network"]


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
    blocks), with a fresh optimizer and an empty replay buffer; a resumed run has its own weights."""

    def __init__(
        self,
        config: TrainConfig,
        out: str | Path,
        resume: bool = False,
        overwrite: bool = False,
        init: str | Path | None = None,
    ) -> None:
        self.out = Path(out)
        checkpoint = self.out / "checkpoint.pt"
        if resume and init is not None:
            raise ValueError("init starts a new run from a network; a resumed run goes on from its own weights")
        if resume and not checkpoint.is_file():
            raise FileNotFoundError(f"no checkpoint to resume in {self.out}")
        if not resume and not overwrite and checkpoint.exists():
            raise FileExistsError(
                f"{self.out} holds a run already: resume=True continues it (overwrite=True replaces it)"
            )
        self.out.mkdir(parents=True, exist_ok=True)
        saved = load_checkpoint(checkpoint) if resume else None
        if saved is not None:  # the run's own settings (flat in runs saved before the nesting), new budget and device
            config = dataclasses.replace(
                TrainConfig.from_dict(saved["config"]),
                minutes=config.minutes,
                iterations=config.iterations,
                device=config.device,
                ray_address=config.ray_address,
                ray_workers=config.ray_workers,
            )
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
        self._show: Any = None  # the progress bar's postfix setter, while run() shows one
        self._current = self.iteration + 1
        self._said_no_plot = False
        self._fresh = not resume  # a new run (or one replacing another): saved before its first iteration
        self.workers: Any = None  # the Ray actors, started on the first iteration that needs them
        if saved is not None:
            self.net.load_state_dict(saved["network"])
            self.optimizer.load_state_dict(saved["optimizer"])
            self.buffer.load_state_dict(saved["buffer"])
            self.iteration, self.elapsed, self.games = saved["iteration"], saved["elapsed"], saved["games"]
            if saved["config"]["device"].split(":")[0] == self.device.type:  # a generator's state is per device type
                self.generator.set_state(saved["generator"])
            else:
                self.generator.manual_seed((c.seed + self.iteration) % 2**64)
            self.log = saved["log"]
        if init is not None:
            self._start_from(init)
        self.saved_iteration: int | None = self.iteration if resume else None  # what checkpoint.pt holds

    def _start_from(self, path: str | Path) -> None:
        """Load the weights of the network in ``path`` (the same shape as this run's, or a ``ValueError`` naming
        both)."""
        from othello_zoo.alphazero.agent import NETWORK_KEYS

        saved = load_saved(path, "a network (an exported network or a run's checkpoint.pt)", NETWORK_KEYS, self.device)
        c = self.config
        theirs = {key: saved["network_config"].get(key) for key in ("board_size", "channels", "blocks")}
        ours = {"board_size": c.board_size, "channels": c.channels, "blocks": c.blocks}
        if theirs != ours:
            raise ValueError(f"init {path}: its network is {theirs}, this run's {ours}: give the same shape")
        self.net.load_state_dict(saved["network"])

    # -- one iteration ----------------------------------------------------------------------------
    @uses_package_threads
    def step(self) -> dict[str, Any]:
        """Self-play, training and (every ``eval_every`` iterations) the matches of one iteration."""
        c = self.config
        self._current = self.iteration + 1  # the iteration the progress line names
        start = time.perf_counter()
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
    def run(self, progress: bool = True) -> list[dict[str, Any]]:
        """Iterations until the budget (``minutes``) or ``iterations`` is reached; returns the log.

        With ``progress``, a bar on stderr: over the iterations when ``iterations`` is set, else over
        the time budget in seconds (its ETA is the budget's end); within an iteration it says which
        phase runs and, in self-play, the ply and the games still going, so it moves within seconds."""
        from tqdm import tqdm

        c = self.config
        by_time = not c.iterations
        total = c.minutes * 60 if by_time else c.iterations
        start = self.elapsed if by_time else self.iteration
        unit = "s" if by_time else "it"
        bar = tqdm(total=total, initial=start, desc="othello-zoo train", unit=unit, disable=not progress)
        self._show = bar.set_postfix_str if progress else None
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
                    bar.update(min(self.elapsed, total) - bar.n if by_time else 1)
        finally:
            self._show = None
        if self.workers is not None:
            self.workers.close()
            self.workers = None
        self.write_log()
        return self.log

    def _say(self, text: str) -> None:  # what the iteration is doing, on the progress bar where there is one
        if self._show is not None:
            self._show(f"iteration {self._current}: {text}")

    def save(self) -> None:
        """The checkpoint, written to a temporary file and moved into place (never half written)."""
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
        save_checkpoint(state, self.out)
        self.saved_iteration = self.iteration

    def write_log(self) -> None:
        """``log.json``, ``log.csv`` and, with matplotlib, ``curve.png`` (scores against time)."""
        plotted = write_log(self.log, self.out, self.config.eval_opponents.split(","), self.config.board_size)
        if not plotted and not self._said_no_plot:  # once a run
            self._said_no_plot = True
            from tqdm import tqdm  # written above a progress bar, not through it

            tqdm.write(
                "othello-zoo train: no curve.png: matplotlib is not installed (pip install 'othello-zoo[bench]')",
                file=sys.stderr,
            )
