"""``othello-zoo bench --search``: simulations per second of the batched tree search
(:mod:`othello_zoo.search`) from the start position, with random-rollout leaves and with a small
network (PUCT and Gumbel roots), at several numbers of roots searched together; beside them, when
``mctx`` and ``pgx`` are installed, mctx's Gumbel search over pgx's Othello with a network of the
same shape (:mod:`othello_zoo.cli._measure_mctx`, in a fresh process)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import time
from collections.abc import Callable, Sequence

import torch
from torch import Tensor
from tqdm import tqdm

from othello_zoo import engine
from othello_zoo.alphazero.network import PolicyValueNet
from othello_zoo.cli._measure import best_rounds
from othello_zoo.core.checks import resolve_device
from othello_zoo.search import BatchedSearch, SearchConfig, rollout_evaluator

__all__ = [
    "LEAF_BATCH",
    "LEAF_BATCH_ROOTS",
    "NETWORK_BATCHES",
    "NEW_NODES",
    "ROLLOUT_ROOTS",
    "SEARCH_ROOTS",
    "WARM_SECONDS",
    "batched_search_rates",
    "mctx_rates",
    "network_rates",
]

SEARCH_ROOTS = (1, 64, 1024)
ROLLOUT_ROOTS = (*SEARCH_ROOTS, 4096, 16384)  # rollouts gain from larger batches (to about 16,384 on a CPU)
NETWORK_BATCHES = (1, 4, 16, 64, 256, 1024)  # the batch sizes of the network's positions/s rows
LEAF_BATCH = 8  # the leaf batch of the bench's leaf-batch rows
LEAF_BATCH_ROOTS = 64  # and the most roots they are measured at (more roots batch the network already)
NEW_NODES = "new nodes a simulation"
"""The suffix of a leaf-batch row's companion figure (``"..., leaf batch 8, new nodes a simulation, N=1"``): the
share of its simulations that added a node to the tree. A descent of a leaf batch that reaches a node still awaiting
its evaluation counts that node's value once more instead of a new one (see ``docs/performance.md``), and the
network evaluates it all the same: where this share is low, the simulations a second overstate the search done."""


WARM_SECONDS = 0.5
"""Seconds of searches before a row of :func:`batched_search_rates` is timed (at least one search)."""


def batched_search_rates(
    roots: Sequence[int] = SEARCH_ROOTS,
    simulations: int = 32,
    device: str = "cpu",
    seed: int = 0,
    rollout_roots: Sequence[int] = ROLLOUT_ROOTS,
    compiled: bool = True,
    leaf_batch: int = LEAF_BATCH,
    progress: bool = False,
    warm_seconds: float = WARM_SECONDS,
) -> dict[str, float]:
    """Simulations per second (all roots together) of one search of ``simulations`` per root from
    the start position: ``"rollouts, N=..."`` with one random playout a leaf (at ``rollout_roots``),
    and ``"network (64 x 4 blocks), N=..."`` with an untrained
    :class:`~othello_zoo.alphazero.network.PolicyValueNet` of 64 channels and 4 residual blocks,
    ``"network, Gumbel ..."`` the same with the Gumbel root (16 actions considered), and ``"..., compiled"``
    that search with ``compile=True`` (its compilation in the warm-up; left out with ``compiled=False``), and
    ``"..., leaf batch 8"`` with ``leaf_batch`` simulations a tree per network call, eager and compiled, at up to
    :data:`LEAF_BATCH_ROOTS` roots (where the network's batch is small), each with its share of simulations that
    added a node (:data:`NEW_NODES`; 1.0 for a search one simulation at a time). Each figure is the best of three
    searches after a warm-up (its compilation, then ``warm_seconds`` of searches, :data:`WARM_SECONDS` by default);
    ``progress`` draws a bar on stderr (a search and root count a step; the compiled searches' first steps compile
    for minutes with inductor's cache cold)."""
    dev = resolve_device("device", device)
    net = PolicyValueNet(8, channels=64, blocks=4).to(dev)
    generator = torch.Generator(device=dev).manual_seed(seed)
    searches = {
        "rollouts": BatchedSearch(rollout_evaluator(8, generator=generator), simulations=simulations),
        "network (64 x 4 blocks)": BatchedSearch(net.evaluator(), simulations=simulations),
        "network, Gumbel (64 x 4)": BatchedSearch(net.evaluator(), simulations=simulations, root_policy="gumbel"),
    }
    gumbel = SearchConfig(simulations=simulations, root_policy="gumbel")
    batched = gumbel.replace(leaf_batch=leaf_batch)
    searches[f"network, Gumbel (64 x 4), leaf batch {leaf_batch}"] = BatchedSearch(net.evaluator(), batched)
    if compiled:
        searches["network, Gumbel (64 x 4), compiled"] = BatchedSearch(net.evaluator(), gumbel, compile=True)
        name = f"network, Gumbel (64 x 4), compiled, leaf batch {leaf_batch}"
        searches[name] = BatchedSearch(net.evaluator(), batched, compile=True)
    steps = []
    for name, search in searches.items():
        counts = rollout_roots if name == "rollouts" else roots
        if search.config.leaf_batch > 1:
            counts = [count for count in counts if count <= LEAF_BATCH_ROOTS]
        steps += [(name, search, count) for count in counts]
    rates = {}
    bar = tqdm(steps, desc="othello-zoo bench --search", unit="search", file=sys.stderr, disable=not progress)
    for name, search, count in bar:
        bar.set_postfix_str(f"{name}, N={count}{' (compiling)' if search.compile else ''}")
        state = engine.init(count, device=dev)
        # A warm-up (the compiled search's compilation for this shape, outside the timing); then searches of these
        # roots for warm_seconds, so that the "auto" thread setting has timed the search at both counts and chosen
        # (its first probe comes after 0.05 s of a key's calls): the figure is the package's steady state.
        search.run(state if search.compile else engine.init(min(count, 4), device=dev), generator)
        began = time.perf_counter()
        while time.perf_counter() - began < warm_seconds:
            search.run(state, generator)
        best = 0.0
        for _ in range(3):
            start = time.perf_counter()
            search.run(state, generator)
            if dev.type == "cuda":
                torch.cuda.synchronize()
            best = max(best, count * simulations / (time.perf_counter() - start))
        rates[f"{name}, N={count}"] = best
        if search.config.leaf_batch > 1:
            tree = search.run(state, generator, keep_tree=True).tree
            assert tree is not None
            added = int(tree.size.sum()) - count  # the roots were there before
            rates[f"{name}, {NEW_NODES}, N={count}"] = added / (count * simulations)
    return rates


def network_rates(batches: Sequence[int] = NETWORK_BATCHES, device: str = "cpu", seed: int = 0) -> dict[str, float]:
    """Positions per second of the search's network (the untrained 64 x 4 network of the search rows) at each batch
    size, at torch's thread setting: ``"network positions/s, forward, N=..."`` for
    :meth:`~othello_zoo.alphazero.network.PolicyValueNet.infer` (``forward`` in evaluation mode, bit for bit) and
    ``"network positions/s, predict, N=..."`` for its eager search form
    (:meth:`~othello_zoo.alphazero.network.PolicyValueNet.predict`: batch norm folded, oneDNN's fused convolutions).
    Each figure is the best of three rounds of a tenth of a second after a warm-up (the bench's own timing)."""
    dev = resolve_device("device", device)
    net = PolicyValueNet(8, channels=64, blocks=4).to(dev)
    generator = torch.Generator(device=dev).manual_seed(seed)
    sync = torch.cuda.synchronize if dev.type == "cuda" else lambda: None
    rates = {}
    for batch in batches:
        planes = torch.randint(0, 2, (batch, 2, 8, 8), generator=generator, device=dev).to(torch.int8)
        for name, forward in (("forward", net.infer), ("predict", net.predict)):

            def run(calls: int, forward: Callable[[Tensor], object] = forward, planes: Tensor = planes) -> None:
                with torch.no_grad():
                    for _ in range(calls):
                        forward(planes)

            calls, elapsed = best_rounds(run, sync, seconds=0.1, repeats=3)
            rates[f"network positions/s, {name}, N={batch}"] = calls * batch / elapsed
    return rates


def mctx_rates(roots: Sequence[int] = SEARCH_ROOTS, simulations: int = 32) -> dict[str, float]:
    """``"mctx + pgx, Gumbel (64 x 4), N=..."``: mctx's Gumbel MuZero search over pgx's Othello with
    a network of the same shape, each in a fresh process; empty where mctx or pgx is missing."""
    if not all(importlib.util.find_spec(name) for name in ("mctx", "pgx")):
        return {}
    rates = {}
    for count in roots:
        command = [sys.executable, "-m", "othello_zoo.cli._measure_mctx", str(count), str(simulations)]
        out = subprocess.run(command, capture_output=True, text=True, check=True)
        rates[f"mctx + pgx, Gumbel (64 x 4), N={count}"] = float(out.stdout.strip().splitlines()[-1])
    return rates
