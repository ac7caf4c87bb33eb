"""The measurements behind ``othello-zoo bench`` (:mod:`othello_zoo.cli.bench` re-exports the public
ones): random-play throughput of the engine, the vector env and pgx under one protocol, PettingZoo
env latency, agent speeds, and peak memory in a fresh process."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

import torch

from othello_zoo import engine
from othello_zoo.core.checks import resolve_device

__all__ = [
    "COMPILED_FORMS",
    "FFO_SUITE",
    "Result",
    "best_rounds",
    "env_latencies",
    "ffo_40",
    "ffo_suite",
    "mcts_rates",
    "measure_aec",
    "measure_backend",
    "measure_compiled",
    "measure_engine",
    "measure_gym_vector",
    "measure_pgx",
    "measure_pgx_subprocess",
    "measure_vector",
    "peak_memory_mib",
    "search_rates",
]


@dataclass
class Result:
    """One measurement: ``board_steps_per_s`` for ``backend`` at ``batch_size``."""

    backend: str
    device: str
    threads: int
    batch_size: int
    board_size: int
    board_steps_per_s: float
    steps: int
    seconds: float


def best_rounds(
    run_steps: Callable[[int], None], sync: Callable[[], None], seconds: float, repeats: int
) -> tuple[int, float]:
    """Time ``repeats`` rounds of at least ``seconds`` each; ``(steps, elapsed)`` of the fastest. The best of
    several rounds (``timeit``'s convention) keeps a busy moment of a shared machine from deciding a figure;
    every framework is measured the same way."""
    start = time.perf_counter()  # warm-up, 0.1 s: kernels built, caches filled, threads chosen
    while time.perf_counter() - start < 0.1:
        run_steps(2)
        sync()
    rounds = []
    for _ in range(repeats):
        steps, chunk, start = 0, 1, time.perf_counter()
        while True:
            run_steps(chunk)
            sync()
            steps += chunk
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                break
            chunk = min(chunk * 2, 256)
        rounds.append((steps / elapsed, steps, elapsed))
    _, steps, elapsed = max(rounds)
    return steps, elapsed


def _sync(device: torch.device) -> Callable[[], None]:
    return (lambda: torch.cuda.synchronize(device)) if device.type == "cuda" else (lambda: None)


def measure_engine(
    backend: str,
    batch_size: int,
    device: str = "cpu",
    board_size: int = 8,
    seconds: float = 0.3,
    seed: int = 0,
    repeats: int = 3,
) -> Result:
    """Random-play throughput of one backend at one batch size."""
    dev = resolve_device("device", device)
    fresh = engine.init(batch_size, board_size, device=dev, backend=backend)  # type: ignore[arg-type]
    generator = torch.Generator(device=dev).manual_seed(seed)
    state = fresh

    def run_steps(k: int) -> None:
        nonlocal state
        for _ in range(k):
            actions = engine.random_actions(state, generator)
            state = engine.step(state, actions, illegal_action="lose")
            state = engine.where(state.terminated, fresh, state)

    steps, elapsed = best_rounds(run_steps, _sync(dev), seconds, repeats)
    return Result(
        fresh.backend,
        str(dev),
        torch.get_num_threads(),
        batch_size,
        board_size,
        batch_size * steps / elapsed,
        steps,
        elapsed,
    )


def measure_vector(
    batch_size: int,
    device: str = "cpu",
    opening_book: str | None = None,
    seconds: float = 0.3,
    seed: int = 0,
    repeats: int = 3,
    board_size: int = 8,
    form: str = "movers",
) -> Result:
    """Random-play throughput of the vector env (``NEXT_STEP`` autoreset, no host sync).

    ``form="movers"``: :meth:`~othello_zoo.env.vector.OthelloVectorEnv.step_movers` with
    ``engine.random_actions`` for the movers (row ``vector``). ``form="dict"``: the per-agent
    ``step({agent: actions})`` with a random legal action for each agent (row ``vector-dict``), drawn by
    :meth:`~othello_zoo.env.vector.OthelloVectorEnv.random_actions`: the actions a PettingZoo-style loop draws from
    each agent's mask with ``engine.sample_actions``, taken from the boards' move words.
    """
    from othello_zoo.env import othello_v0

    if form not in ("movers", "dict"):
        raise ValueError(f"form must be 'movers' or 'dict', got {form!r}")
    dev = resolve_device("device", device)
    env = othello_v0.vector_env(
        batch_size, board_size=board_size, device=dev, opening_book=opening_book, illegal_action="lose"
    )
    env.reset(seed=seed)
    generator = torch.Generator(device=dev).manual_seed(seed)

    def run_movers(k: int) -> None:
        for _ in range(k):
            env.step_movers(engine.random_actions(env.state, generator))

    def run_dict(k: int) -> None:
        for _ in range(k):
            env.step(env.random_actions(generator))

    steps, elapsed = best_rounds(run_dict if form == "dict" else run_movers, _sync(dev), seconds, repeats)
    name = ("vector+xot" if opening_book else "vector") + ("-dict" if form == "dict" else "")
    threads = torch.get_num_threads()
    return Result(name, str(dev), threads, batch_size, board_size, batch_size * steps / elapsed, steps, elapsed)


COMPILED_FORMS = {
    "vector": "vector-compiled",
    "dict": "vector-dict-compiled",
    "engine": "bitboard-compiled",
    "wide": "wide-compiled",
}
"""The forms :func:`measure_compiled` times, and the bench row of each."""


def measure_compiled(
    batch_size: int,
    device: str = "cpu",
    seconds: float = 0.3,
    seed: int = 0,
    repeats: int = 3,
    board_size: int = 8,
    form: str = "vector",
) -> Result:
    """Random-play throughput through :mod:`othello_zoo.env.fused` compiled by ``torch.compile``.

    ``form="vector"``: ``vector_env(..., compile=True).step_movers_random`` (row ``vector-compiled``: the mover loop
    of the ``vector`` row, its next movers' observations and masks included). ``form="dict"``: its per-agent
    ``step({agent: actions})``, each agent's action drawn by ``env.random_actions`` (row ``vector-dict-compiled``,
    the ``vector-dict`` row's loop). ``form="engine"``: the fused step alone, random actions, finished boards started
    again (row ``bitboard-compiled``, the ``bitboard`` row's loop). ``form="wide"``: the same loop on boards of
    several words a side (:class:`othello_zoo.engine.wide.RandomPlay`, any even size 4 to 16: the ``conv`` row's
    loop, row ``wide-compiled``). The first call compiles (see :data:`othello_zoo.env.fused.COMPILE_TIMES`), before
    the timing.
    """
    from othello_zoo.engine.wide import RandomPlay, from_state
    from othello_zoo.env import othello_v0
    from othello_zoo.env.fused import COMPILE_TIMES, FusedSpec, FusedStep

    if form not in COMPILED_FORMS:
        raise ValueError(f"form must be one of {sorted(COMPILED_FORMS)}, got {form!r}")
    dev = resolve_device("device", device)
    generator = torch.Generator(device=dev).manual_seed(seed)
    if form == "vector":
        env = othello_v0.vector_env(batch_size, board_size=board_size, device=dev, illegal_action="lose", compile=True)
        env.reset(seed=seed)

        def run_steps(k: int) -> None:
            for _ in range(k):
                env.step_movers_random(generator)

    elif form == "dict":
        env = othello_v0.vector_env(batch_size, board_size=board_size, device=dev, illegal_action="lose", compile=True)
        env.reset(seed=seed)

        def run_steps(k: int) -> None:
            for _ in range(k):
                env.step(env.random_actions(generator))

    elif form == "wide":
        play = RandomPlay(board_size, dev, compile=True)
        boards = {"boards": from_state(engine.init(batch_size, board_size, device=dev, backend="conv"))}

        def run_steps(k: int) -> None:
            for _ in range(k):
                uniform = torch.rand(batch_size, generator=generator, device=dev)
                boards["boards"] = play(boards["boards"], uniform)[0]

        began = time.perf_counter()
        run_steps(1)  # compiles
        COMPILE_TIMES.setdefault(("wide", board_size, str(dev)), time.perf_counter() - began)

    else:
        fused = FusedStep(FusedSpec(board_size, "same_step", random=True, observe=False), dev)
        start = engine.init(1, board_size, device=dev)
        holder = {"state": engine.init(batch_size, board_size, device=dev)}
        flags = torch.zeros(batch_size, dtype=torch.bool, device=dev)
        zeros = torch.zeros(batch_size, dtype=torch.int64, device=dev)

        def run_steps(k: int) -> None:
            for _ in range(k):
                state = holder["state"]
                uniform = torch.rand(batch_size, generator=generator, device=dev)
                result = fused.run(state, flags, flags, start, zeros, uniform=uniform)
                holder["state"] = fused.next_state(state, result)

    steps, elapsed = best_rounds(run_steps, _sync(dev), seconds, repeats)
    name = COMPILED_FORMS[form]
    threads = torch.get_num_threads()
    return Result(name, str(dev), threads, batch_size, board_size, batch_size * steps / elapsed, steps, elapsed)


def measure_gym_vector(
    batch_size: int,
    device: str = "cpu",
    seconds: float = 0.3,
    seed: int = 0,
    repeats: int = 3,
    board_size: int = 8,
    compile: bool = False,
) -> Result:
    """Random play through the single-agent Gymnasium env's vector form (row ``gym-vector``):
    ``gymnasium.make_vec("othello_zoo/Othello-v0", batch_size, vectorization_mode="vector_entry_point")`` against the
    random opponent, torch arrays on ``device``, ``illegal_action="lose"`` as the ``vector`` row, the learner's moves
    drawn as that row draws the movers' (``engine.random_actions`` of the env's boards: the learner is the mover on
    every board in play).

    Each ``step`` plays the learner's move and the opponent's reply on every board (and, on the few boards that need
    them, the learner's forced passes and the replies after them): it counts as 2 board-steps a board, as two calls
    of the mover API would. ``compile=True`` (row ``gym-vector-compiled``) makes the env with ``compile=True``
    (:mod:`othello_zoo.gym.fused`); its first step compiles, before the timing.
    """
    import gymnasium

    from othello_zoo import GYMNASIUM_ID
    from othello_zoo.gym.vector import OthelloGymVectorEnv

    dev = resolve_device("device", device)
    env = gymnasium.make_vec(
        GYMNASIUM_ID,
        batch_size,
        vectorization_mode="vector_entry_point",
        opponent="random",
        board_size=board_size,
        device=dev,
        array_type="torch",
        illegal_action="lose",
        compile=compile,
    )
    boards = env.unwrapped
    assert isinstance(boards, OthelloGymVectorEnv)  # the entry point's own class, under any wrappers
    env.reset(seed=seed)
    generator = torch.Generator(device=dev).manual_seed(seed)
    env.step(engine.random_actions(boards.state, generator))  # compiles (compile=True)

    def run_steps(k: int) -> None:
        for _ in range(k):
            env.step(engine.random_actions(boards.state, generator))

    steps, elapsed = best_rounds(run_steps, _sync(dev), seconds, repeats)
    threads = torch.get_num_threads()
    name = "gym-vector-compiled" if compile else "gym-vector"
    return Result(name, str(dev), threads, batch_size, board_size, 2 * batch_size * steps / elapsed, steps, elapsed)


def measure_pgx(batch_size: int, seconds: float = 0.3, seed: int = 0, repeats: int = 3) -> Result:
    """pgx's Othello under the same protocol (``jit`` of sample + ``vmap(step)`` + restart)."""
    import jax
    import jax.numpy as jnp
    import pgx

    env = pgx.make("othello")
    fresh = jax.jit(jax.vmap(env.init))(jax.random.split(jax.random.PRNGKey(seed), batch_size))

    @jax.jit
    def body(state, key):  # type: ignore[no-untyped-def]
        k_act, k_step = jax.random.split(key)
        logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)
        actions = jax.random.categorical(k_act, logits, axis=-1)
        state = jax.vmap(env.step)(state, actions, jax.random.split(k_step, batch_size))
        done = state.terminated | state.truncated

        def restart(a, b):  # type: ignore[no-untyped-def]
            return jnp.where(done.reshape(done.shape + (1,) * (a.ndim - 1)), a, b)

        return jax.tree_util.tree_map(restart, fresh, state)

    holder = {"state": fresh, "key": jax.random.PRNGKey(seed + 1)}

    def run_steps(k: int) -> None:
        for _ in range(k):
            holder["key"], sub = jax.random.split(holder["key"])
            holder["state"] = body(holder["state"], sub)

    steps, elapsed = best_rounds(run_steps, lambda: jax.block_until_ready(holder["state"]), seconds, repeats)
    device = str(jax.devices()[0].platform)
    return Result("pgx", device, 0, batch_size, 8, batch_size * steps / elapsed, steps, elapsed)


def measure_pgx_subprocess(batch_size: int, seconds: float = 0.3, repeats: int = 3) -> Result:
    """:func:`measure_pgx` in a fresh process, so that neither framework's threads slow the other."""
    return Result(**json.loads(_in_fresh_process("pgx", str(batch_size), str(seconds), str(repeats))))


def measure_backend(
    backend: str, batch_size: int, device: str, board_size: int, seconds: float, repeats: int
) -> Result:
    """:func:`measure_vector` for ``"vector"``, ``"vector-dict"`` and ``"vector+xot"`` (the book is 8 x 8),
    :func:`measure_gym_vector` for ``"gym-vector"``, :func:`measure_compiled` for the compiled rows
    (:data:`COMPILED_FORMS`), else :func:`measure_engine`."""
    if backend in ("gym-vector", "gym-vector-compiled"):
        compile = backend == "gym-vector-compiled"
        return measure_gym_vector(batch_size, device, seconds, repeats=repeats, board_size=board_size, compile=compile)
    if backend.endswith("-compiled"):
        form = next(form for form, row in COMPILED_FORMS.items() if row == backend)
        return measure_compiled(batch_size, device, seconds, repeats=repeats, board_size=board_size, form=form)
    if backend.startswith("vector"):
        book = "xot" if backend.startswith("vector+xot") else None
        form = "dict" if backend.endswith("-dict") else "movers"
        return measure_vector(batch_size, device, book, seconds, repeats=repeats, board_size=board_size, form=form)
    return measure_engine(backend, batch_size, device, board_size, seconds, repeats=repeats)


class _AECRound:
    """Rounds of random masked play on one AEC env: whole games, ``reset()`` between games not counted."""

    def __init__(self, make_env: Callable[[], Any], seed: int) -> None:
        self.env = make_env()
        self.rng = random.Random(seed)
        self.env.reset(seed=seed)

    def us_per_step(self, seconds: float) -> float:
        """Microseconds per ``last()`` + ``step()`` over about ``seconds`` of play."""
        import numpy as np

        env, rng = self.env, self.rng
        steps, spent = 0, 0.0
        while spent < seconds:
            start = time.perf_counter()
            for _ in range(200):
                obs, _, termination, truncation, _ = env.last()
                if termination or truncation:
                    break
                env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
                steps += 1
            spent += time.perf_counter() - start
            if termination or truncation:
                env.reset()
        return spent / max(steps, 1) * 1e6


def measure_aec(make_env: Callable[[], Any], seconds: float = 1.0, repeats: int = 3, seed: int = 0) -> float:
    """Microseconds per ``last()`` + ``step()`` of an AEC env under random masked play (best round).

    Whole games are played; ``reset()`` between games is not counted.
    """
    player = _AECRound(make_env, seed)
    best = min(player.us_per_step(seconds) for _ in range(repeats))
    player.env.close()
    return best


def env_latencies(seconds: float = 1.0, repeats: int = 3) -> dict[str, float]:
    """``othello_v0`` against PettingZoo's ``tictactoe_v3`` and ``connect_four_v3``, in one run: the envs take
    turns round by round (``repeats`` rounds each of ``seconds``) and each keeps its best round, so that a load
    that comes and goes falls on all of them alike."""
    from pettingzoo.classic import connect_four_v3, tictactoe_v3

    from othello_zoo.env import othello_v0

    makers: dict[str, Callable[[], Any]] = {
        "tictactoe_v3.env()": tictactoe_v3.env,
        "connect_four_v3.env()": connect_four_v3.env,
        "othello_v0.env()": othello_v0.env,
        "othello_v0.raw_env()": othello_v0.raw_env,
        "othello_v0.env(opening_book='xot')": lambda: othello_v0.env(opening_book="xot"),
        "tictactoe_v3.raw_env()": tictactoe_v3.raw_env,
    }
    players = {name: _AECRound(make, seed=0) for name, make in makers.items()}
    best = dict.fromkeys(makers, float("inf"))
    for _ in range(repeats):
        for name, player in players.items():
            best[name] = min(best[name], player.us_per_step(seconds))
    for player in players.values():
        player.env.close()
    return best


def _midgame() -> Any:
    """The position 16 plies into a fixed opening line, where the agents are measured mid-game."""
    from othello_zoo.core.board import Board
    from othello_zoo.core.notation import parse_moves

    board = Board.start()
    for action in parse_moves("f5d6c3d3c4f4c5b3c2e6c6b4b5d2e3a6"):
        board = board.step(action)
    return board


def mcts_rates(seconds: float = 1.0) -> dict[str, float]:
    """MCTS simulations per second from the start position and from a midgame position, with the
    default batch (32 leaves x 8 playouts) and a throughput batch (128 x 8)."""
    from othello_zoo.agents import MCTSAgent
    from othello_zoo.core.board import Board

    midgame = _midgame()
    rates = {}
    for name, board in (("start", Board.start()), ("midgame", midgame)):
        for leaves in (32, 128):
            agent = MCTSAgent(simulations=10**9, seconds=seconds, leaves_per_batch=leaves, seed=0)
            start = time.perf_counter()
            agent.act(board)
            rates[f"{name}, {leaves} leaves x 8 playouts"] = agent.last_simulations / (time.perf_counter() - start)
    return rates


# FFO endgame position #40 (20 empties, black to move; a2 wins by 38), from the FFO test suite.
FFO_40 = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X"


def search_rates(solve_ffo: bool = True) -> dict[str, float]:
    """Alpha-beta figures: midgame nodes/s (depth 6 from a 16-ply opening; in Python, and in C where the library is
    built), endgame solver nodes/s on a 17-empty position, and with ``solve_ffo`` the exact solve of FFO #40
    (:func:`ffo_40`)."""
    from othello_zoo.agents.alphabeta import search
    from othello_zoo.agents.endgame import EndgameSolver
    from othello_zoo.agents.native import native_available
    from othello_zoo.core.board import Board
    from othello_zoo.core.notation import parse_moves

    midgame = _midgame()
    out: dict[str, float] = {}
    for native, name in ((False, "Python"), (True, "C"))[: 2 if native_available() else 1]:
        start = time.perf_counter()
        _, _, nodes = search(midgame, 6, native=native)
        out[f"midgame nodes/s (depth 6, {name})"] = nodes / (time.perf_counter() - start)
    endgame = Board.from_text(FFO_40)
    for action in parse_moves("a2b1c1"):  # 3 plies on: 17 empties
        endgame = endgame.step(action)
    for native, name in ((False, "Python"), (True, "C")):
        solver = EndgameSolver(8, native=native)
        start = time.perf_counter()
        solver.solve(endgame.own, endgame.opp)
        out[f"endgame solver nodes/s (17 empties, {name})"] = solver.nodes / (time.perf_counter() - start)
    return {**out, **ffo_40()} if solve_ffo else out


def ffo_40() -> dict[str, float]:
    """The exact solve of FFO #40 (20 empties) by the C solver (about 1 s on one core) and the Python one (about
    40 s): the seconds, nodes, score and move of each ("FFO #40 ..." for the solver the agents use, "FFO #40
    Python ..." for the other; the C rows are the Python solver's where no C compiler is present)."""
    from othello_zoo.agents.endgame import EndgameSolver

    out: dict[str, float] = {}
    for native, prefix in ((True, "FFO #40"), (False, "FFO #40 Python")):
        solver = EndgameSolver(8, native=native)
        start = time.perf_counter()
        score, move = solver.solve_text(FFO_40)
        seconds = time.perf_counter() - start
        out |= {f"{prefix} seconds": seconds, f"{prefix} nodes": solver.nodes}
        out |= {f"{prefix} score": score, f"{prefix} move": move}
    return out


# FFO endgame positions #40-#49 (20-26 empties), from the FFO test suite (tests/data/SOURCE-ffo.txt): the position,
# its exact score for the mover, and the moves that reach it.
FFO_SUITE: dict[int, tuple[str, int, tuple[str, ...]]] = {
    40: (FFO_40, 38, ("a2",)),
    41: ("-OOOOO----OOOOX--OOOOOO-XXXXXOO--XXOOX--OOXOXX----OXXO---OOO--O- X", 0, ("h4",)),
    42: ("--OOO-------XX-OOOOOOXOO-OOOOXOOX-OOOXXO---OOXOO---OOOXO--OOOO-- X", 6, ("g2",)),
    43: ("--XXXXX---XXXX---OOOXX---OOXXXX--OOXXXO-OOOOXOO----XOX----XXXXX- O", -12, ("c7", "g3")),
    44: ("--O-X-O---O-XO-O-OOXXXOOOOOOXXXOOOOOXX--XXOOXO----XXXX-----XXX-- O", -14, ("b8", "d2")),
    45: ("---XXXX-X-XXXO--XXOXOO--XXXOXO--XXOXXO---OXXXOO-O-OOOO------OO-- X", 6, ("b2",)),
    46: ("---XXX----OOOX----OOOXX--OOOOXXX--OOOOXX--OXOXXX--XXOO---XXXX-O- X", -8, ("b3",)),
    47: ("-OOOOO----OOOO---OOOOX--XXXXXX---OXOOX--OOOXOX----OOXX----XXXX-- O", 4, ("g2",)),
    48: ("-----X--X-XXX---XXXXOO--XOXOOXX-XOOXXX--XOOXX-----OOOX---XXXXXX- O", 28, ("f6",)),
    49: ("--OX-O----XXOO--OOOOOXX-OOOOOX--OOOXOXX-OOOOXX-----OOX----X-O--- X", 16, ("e1",)),
}


def ffo_suite(threads: int, numbers: Sequence[int] = tuple(FFO_SUITE)) -> dict[str, float]:
    """FFO positions (``numbers``, #40-#49 by default) solved exactly by the C solver on ``threads`` threads, each from
    the learned evaluation's guess as ``solve_exact`` solves (the guess's search timed too): "FFO suite #N seconds",
    "... nodes", "... score", "... move" and "... right" (1.0 where the score and the move are the suite's); nothing
    where the C solver is not available (:func:`~othello_zoo.agents.native.native_status` says why)."""
    from othello_zoo.agents.alphabeta import guess_score
    from othello_zoo.agents.native import native_available, native_solve
    from othello_zoo.core.board import Board
    from othello_zoo.core.notation import index_to_square

    out: dict[str, float] = {}
    if not native_available():
        return out
    for number in numbers:
        text, best, moves = FFO_SUITE[number]
        board = Board.from_text(text)
        start = time.perf_counter()
        solved = native_solve(board.own, board.opp, -64, 64, guess_score(board), threads=threads)
        seconds = time.perf_counter() - start
        assert solved is not None  # (available, checked above)
        score, move, nodes = solved
        right = score == best and index_to_square(move) in moves
        prefix = f"FFO suite #{number}"
        out |= {f"{prefix} seconds": seconds, f"{prefix} nodes": nodes, f"{prefix} score": score}
        out |= {f"{prefix} move": move, f"{prefix} right": float(right)}
    return out


def peak_memory_mib(backend: str, batch_size: int, device: str = "cpu", board_size: int = 8) -> float:
    """Memory that random play at ``batch_size`` needs, measured in a fresh process, in MiB.

    On CPU (Linux): the peak resident set during the run minus the resident set just before it
    (the peak is reset through ``/proc/self/clear_refs`` after torch and the kernel tables are
    loaded); elsewhere the process's whole peak. On CUDA: the peak allocated by torch.
    """
    return float(_in_fresh_process("memory", backend, str(batch_size), device, str(board_size)))


def _peak_memory_here(backend: str, batch_size: int, device: str, board_size: int) -> float:
    """:func:`peak_memory_mib`'s measurement, run in this (fresh) process."""
    import resource

    dev = resolve_device("device", device)
    kernel = "auto" if backend.startswith(("vector", "gym-vector")) else backend  # the envs' kernel
    state = engine.init(1, board_size, device=dev, backend=kernel)  # type: ignore[arg-type]
    engine.step(state, torch.zeros(1, dtype=torch.int64, device=dev), "lose")
    base = _reset_peak_rss_mib()
    if dev.type == "cuda":
        torch.cuda.reset_peak_memory_stats(dev)
    measure_backend(backend, batch_size, device, board_size, seconds=0.2, repeats=1)
    if dev.type == "cuda":
        return torch.cuda.max_memory_allocated(dev) / 2**20
    peak = _proc_status_mib("VmHWM:") if base else resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return peak - base


def _reset_peak_rss_mib() -> float:
    """Resets this process's peak resident set to the current one; that resident set in MiB, or 0.0
    where ``/proc/self/clear_refs`` is missing (not Linux)."""
    if not os.path.exists("/proc/self/clear_refs"):
        return 0.0
    with open("/proc/self/clear_refs", "w") as f:
        f.write("5")  # reset the peak resident set to the current one
    return _proc_status_mib("VmRSS:")


def _proc_status_mib(key: str) -> float:
    """The figure under ``key`` (e.g. ``"VmHWM:"``) of ``/proc/self/status``, in MiB."""
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(key):
                return int(line.split()[1]) / 1024
    raise KeyError(f"{key} is not in /proc/self/status")


def _in_fresh_process(*args: str) -> str:
    """The last line that ``python -m othello_zoo.cli._measure *args`` prints (see :func:`_main`)."""
    command = [sys.executable, "-m", "othello_zoo.cli._measure", *args]
    out = subprocess.run(command, capture_output=True, text=True, check=True)
    return out.stdout.strip().splitlines()[-1]


def _main(argv: Sequence[str]) -> int:
    """One measurement in this fresh process, printed on the last line of stdout.

    ``pgx BATCH SECONDS REPEATS``: :func:`measure_pgx`'s result as JSON;
    ``memory BACKEND BATCH DEVICE BOARD_SIZE``: :func:`peak_memory_mib`'s figure.
    """
    command, *rest = argv
    if command == "pgx":
        batch_size, seconds, repeats = rest
        print(json.dumps(asdict(measure_pgx(int(batch_size), float(seconds), repeats=int(repeats)))))
    elif command == "memory":
        backend, batch_size, device, board_size = rest
        print(_peak_memory_here(backend, int(batch_size), device, int(board_size)))
    else:
        raise SystemExit(f"unknown measurement {command!r}: pgx or memory")
    return 0


if __name__ == "__main__":
    raise SystemExit(_main(sys.argv[1:]))
