"""The AlphaZero agent: a policy-value network (:mod:`othello_zoo.alphazero.network`) and the batched tree
search (:mod:`othello_zoo.search`).

``AlphaZeroAgent(checkpoint)`` loads the ``checkpoint.pt`` of an ``othello-zoo train`` run (or a
file holding only ``{"network": state_dict, "network_config": {...}}``); without one it loads the
network shipped with the package for ``board_size`` (:data:`SHIPPED`). ``act`` runs one search a move
(``search=SearchConfig(...)``, default :data:`AGENT_SEARCH`: up to 2,688 simulations, ending once the move is
decided) with the network made exact one move
before a win (``exact_wins``) and plays the most visited action; when the board is the one its last move led to
with one reply played, the search goes on from the subtree of that reply (subtree reuse, the config's ``reuse``).
``act_states`` searches a whole batch of engine states at once (:func:`batched_search`).
``make_agent("az", board_size=6)`` builds it by name.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Literal

import torch
from torch import Tensor

from othello_zoo import engine
from othello_zoo.agents.alphabeta import MAX_ENDGAME
from othello_zoo.agents.baseline import BoardAgent
from othello_zoo.agents.endgame import EndgameSolver
from othello_zoo.agents.native import native_available
from othello_zoo.alphazero import _compile_process
from othello_zoo.alphazero._checkpoint import check_saved_network
from othello_zoo.alphazero.mixing import MAX_MIX_DEPTH, MIX_DEPTH, MIX_WEIGHT, mix_patterns, patterns_available
from othello_zoo.alphazero.network import PolicyValueNet
from othello_zoo.core.board import Board
from othello_zoo.core.checks import check_device, check_int, check_real, check_seed, resolve_device
from othello_zoo.core.notation import check_board_size
from othello_zoo.runtime.compiler import compiler_missing
from othello_zoo.runtime.files import load_saved
from othello_zoo.runtime.threads import get_threads, uses_package_threads
from othello_zoo.search import (
    CACHE_POSITIONS,
    MAX_CACHE_POSITIONS,
    MAX_SIMULATIONS,
    BatchedSearch,
    CachedEvaluator,
    Compile,
    SearchConfig,
    Subtree,
    check_compile,
    select_actions,
    walks_in_c,
)
from othello_zoo.search import exact_wins as exact_wins_of

__all__ = ["AGENT_SEARCH", "COMPILE_ENV", "ENDGAME", "PYTHON_ENDGAME", "SHIPPED", "AlphaZeroAgent", "compile_status"]
__all__ += ["batched_search", "default_cache", "default_endgame", "default_mix"]
__all__ += ["load_network", "shipped_network"]

_NETWORKS = Path(__file__).resolve().parent.parent / "data" / "networks"
SHIPPED = {n: _NETWORKS / f"az{n}.pt" for n in (6, 8) if (_NETWORKS / f"az{n}.pt").is_file()}
"""The networks shipped with the package, by board size (trained with ``othello-zoo train``; see the
docs' AlphaZero page for the command and the curve)."""


def shipped_network(board_size: int) -> Path:
    """The path of the shipped network for ``board_size``, or a ``ValueError`` naming those there are."""
    if board_size not in SHIPPED:
        there = ", ".join(f"{n}x{n}" for n in sorted(SHIPPED)) or "none"
        raise ValueError(
            f"no network is shipped for {board_size}x{board_size} (shipped: {there}); "
            "pass checkpoint= the checkpoint.pt of an othello-zoo train run"
        )
    return SHIPPED[board_size]


NETWORK_KEYS = ("network", "network_config")  # what a checkpoint or an exported network holds at least


def load_network(path: str | Path, device: torch.device | str = "cpu") -> PolicyValueNet:
    """The network saved in ``path`` (a training checkpoint, or ``network`` and ``network_config``
    alone), in evaluation mode on ``device``. Only tensors and plain data are read (``weights_only``):
    a file cannot run code. Its ``network_config`` and weights are checked before the network is built (sizes
    within :data:`~othello_zoo.alphazero.network.MAX_PARAMETERS`, every weight of its shape): a ``ValueError``
    names the file and what is wrong."""
    device = resolve_device("device", device)
    what = "a network (the checkpoint.pt of an othello-zoo train run)"
    saved = load_saved(path, what, NETWORK_KEYS, device)
    config = check_saved_network(saved, path, what)  # within bounds, the weights of its shapes: nothing built yet
    net = PolicyValueNet(**config).to(device)
    net.load_state_dict(saved["network"])
    return net.eval()


ENDGAME = 22
"""Empty squares from which the agent plays the exact endgame solver's move where it wins or draws, where the solver
runs in C (:mod:`othello_zoo.agents.native`; :data:`PYTHON_ENDGAME` where it runs in Python). Chosen by timing
(``python docs/scripts/endgame_timing.py 20 21 22``): the C solver's win/draw/loss search of 30 positions of 2004
tournament games took 0.070 s on average and 0.29 s at most at 20 empties, 0.11 s and 0.48 s at 21, 0.33 s and 2.1 s
at 22 (one core of a 2-core AVX2 AMD EPYC, Zen 3): on average less than the search's move it replaces (about 0.4 s
there), a few of them seconds. Black meets the even counts, white the odd ones (passes aside), so 22 has each side
solve from its first move at 21 or 22. Since the solver orders its moves with tables fitted to exact endgame scores
(:data:`~othello_zoo.agents.patterns.ENDGAME_TABLES`), 0.28 s and 2.1 s at 22, 0.49 s and 1.7 s at 23 (more than the
search's move). It was 20 while the search took less time a move, and 18 when the solver took 0.15 s and 1.0 s at 20
(before its AVX2 flips and its order by the learned evaluation)."""

PYTHON_ENDGAME = 14
""":data:`ENDGAME` where the solver runs in Python (no C compiler): its win/draw/loss search of the same positions
took 0.04 s on average and 0.17 s at most at 14 empties, 0.32 s and 3.6 s at 16, 1.3 s and 12 s at 18 (one core of
an AVX2 AMD EPYC)."""


def default_endgame(board_size: int = 8) -> int:
    """The agent's default ``endgame`` on ``board_size`` boards: :data:`ENDGAME` where the C solver runs (8 x 8, a C
    compiler present; built on first use, a second or so once a machine), :data:`PYTHON_ENDGAME` elsewhere."""
    return ENDGAME if board_size == 8 and native_available() else PYTHON_ENDGAME


AGENT_SEARCH = SearchConfig(simulations=2688, leaf_batch=8, reuse=True, stop_when_decided=True)
"""The agent's search of one board (``choose``, ``act``): up to 2,688 simulations a move (PUCT, no noise) in leaf
batches of 8, each move's search going on from the subtree of the reply played, and ending once its move is decided
(no other move can overtake it in the simulations left: ``stop_when_decided``; about 1,600 simulations a search of a
position afresh, fewer from a kept subtree). With the evaluations it keeps (``cache``) and the solver's moves from 22
empties, a move takes no more time than 1,152 simulations took before the stop, the cache and the mix (see
``docs/alphazero.md``). A batch of boards (``act_states``) is searched by :func:`batched_search` of it. Eagerly,
before the compilation has finished or without a compiler, a move takes about three and a half times as long."""


def batched_search(search: SearchConfig) -> SearchConfig:
    """The agent's search of a batch of boards (``act_states``) for its one-board ``search``: where that stops when
    decided, half its simulations without the stop (1,344 for :data:`AGENT_SEARCH`): a batch stops only once every
    board's move is decided, which seldom comes, and a one-board search with the stop runs not many more (1,616 of
    2,688 a search of a position afresh in ``docs/scripts/decided_stop.py``, fewer from a kept subtree); else
    ``search`` itself."""
    if not search.stop_when_decided:
        return search
    return search.replace(simulations=max(1, search.simulations // 2), stop_when_decided=False)


def default_mix(board_size: int = 8, device: torch.device | str = "cpu", search: SearchConfig = AGENT_SEARCH) -> float:
    """The agent's default ``mix``: :data:`~othello_zoo.alphazero.mixing.MIX_WEIGHT` on 8 x 8 boards where the C
    library is built (the pattern search's home) and the agent's trees are walked in C (the CPU, float32 statistics:
    :func:`~othello_zoo.search.walks_in_c`); 0 elsewhere, where the mix would keep torch from compiling the search or
    is not measured (a GPU)."""
    usable = board_size == 8 and patterns_available() is None
    return MIX_WEIGHT if usable and walks_in_c(device, board_size, search) else 0.0


def default_cache(device: torch.device | str = "cpu") -> int:
    """The agent's default ``cache``: :data:`~othello_zoo.search.CACHE_POSITIONS` on the CPU, where the evaluator
    runs eagerly between the search's walks and its batches are on the host; 0 elsewhere (a GPU's batch would be read
    back to the host for the look-up, and a compiled search runs the network inside its graph)."""
    return CACHE_POSITIONS if torch.device(device).type == "cpu" else 0


COMPILE_ENV = "OTHELLO_ZOO_COMPILE"
"""The environment variable that, set to ``0``, makes the agent's default ``compile="auto"`` search eagerly (no
compilation in the background): for a machine whose compiler should not run, or a test suite."""


class AlphaZeroAgent(BoardAgent):
    """Plays the most visited move of a search with a trained network.

    Args:
        checkpoint: a run's ``checkpoint.pt`` or an exported network (the shipped one for ``board_size`` if
            ``None``).
        board_size: the board size of the shipped network to load.
        device: the network's and the search's device.
        seed: accepted like every agent's (the search draws nothing).
        search: the search's settings (default :data:`AGENT_SEARCH`); a batch of boards (``act_states``) is searched
            by :func:`batched_search` of them (with the stop when decided: half the simulations, without it).
        simulations: replaces ``search.simulations`` (the older way to pass it).
        c_puct: replaces ``search.c_puct``.
        reuse: replaces ``search.reuse``.
        seconds: replaces ``search.seconds``: think this long a move (at least one leaf batch), with no cap on the
            simulations unless ``simulations`` is given too (see :class:`~othello_zoo.search.SearchConfig`). The
            endgame solver's moves are not bound by it.
        stop_when_decided: replaces ``search.stop_when_decided``: the search ends once its move is decided (no other
            can overtake it in the simulations left), the same move in less time.
        leaf_batch: replaces ``search.leaf_batch``: simulations per network call, under virtual losses (16 with
            ``compile=True`` made a 384-simulation move 1.8x to 3x faster on one core; see ``docs/performance.md``).
        exact_wins: the search's evaluator is the network wrapped by :func:`othello_zoo.search.exact_wins`: a
            position whose mover can end the game in its win at once (a wipeout) is valued +1, its prior on those
            moves, whatever the network says. The shipped 8 x 8 network values a side left with a few discs as
            winning even one move before the opponent takes them all, and gives the wipeout move almost no prior;
            without the wrapper the agent was wiped out 0-37 by greedy from the opening e6d6c5f4. ``False``
            searches with the network alone.
        endgame: from this many empty squares (default :func:`default_endgame`: 22 where the exact solver runs in
            C, on 8 x 8; 14 elsewhere) the exact solver decides: it plays a
            winning move where there is one, else a drawing one, and leaves lost positions to the search (whose
            moves give the opponent the most chances to go wrong); 0 turns it off.
        mix: the share of each evaluated position's value that comes from a ``mix_depth``-ply alpha-beta search
            with the learned pattern evaluation, the network giving the rest
            (:func:`othello_zoo.alphazero.mixing.mix_patterns`); default :func:`default_mix`: 0.35 on 8 x 8 where
            the C library is built and the search's trees are walked in C (the CPU), else 0. 0 searches with the
            network's value alone, as the agent did before the mix (see ``docs/alphazero.md`` for the matches).
        mix_depth: the pattern search's plies (0 to 6).
        cache: the positions whose evaluations (the network's, with the mix) the agent keeps between the batches of
            its searches and from move to move, answering them again without the network
            (:class:`othello_zoo.search.CachedEvaluator`): default :func:`default_cache`,
            :data:`~othello_zoo.search.CACHE_POSITIONS` on the CPU and 0 (none kept) elsewhere. The same values
            (within float32 rounding: the network's last bit depends on its batch), in fewer network calls (see
            ``docs/alphazero.md``). ``agent.cache`` is it (``None`` at 0): a change to ``agent.network``'s weights
            after the agent is made needs ``agent.cache.clear()``.
        compile: how the searches run (the same moves whichever way: only their speed differs). ``"auto"``
            (default): the one-board moves (``choose``, ``act``) compiled by ``torch.compile`` on the CPU where a C++
            compiler is present (``othello_zoo.runtime.compiler.compiler_missing``) and :data:`COMPILE_ENV` is not
            ``0``, on boards up to 8 x 8 (on a GPU the network would run inside the compiled graph, rounding its last
            bit otherwise than eagerly, so that the moves would depend on when the compilation ends: eagerly there until
            that is measured); the compilation runs in a background thread while the first moves are searched eagerly
            (about 10 s on a 2-core CPU with inductor's cache warm, several minutes the first time on a machine: see
            ``docs/performance.md``). ``act_states`` searches eagerly (compiled, a search of many boards gained nothing
            on the CPU). ``True``: every search compiled, the first waiting for its compilation; ``"background"``: every
            search compiled in the background; ``False``: eagerly.
    """

    name = "az"

    def __init__(
        self,
        checkpoint: str | Path | None = None,
        board_size: int = 8,
        *,
        search: SearchConfig = AGENT_SEARCH,
        device: torch.device | str | None = None,
        seed: int | None = None,
        simulations: int | None = None,
        c_puct: float | None = None,
        reuse: bool | None = None,
        leaf_batch: int | None = None,
        seconds: float | None = None,
        stop_when_decided: bool | None = None,
        exact_wins: bool = True,
        endgame: int | None = None,
        mix: float | None = None,
        mix_depth: int = MIX_DEPTH,
        cache: int | None = None,
        compile: Compile | Literal["auto"] = "auto",
    ) -> None:
        if not isinstance(search, SearchConfig):
            raise TypeError(f"search must be a SearchConfig, got {search!r} ({type(search).__name__})")
        if seconds is not None and simulations is None:
            simulations = MAX_SIMULATIONS  # the time decides
        given = {
            "simulations": simulations,
            "c_puct": c_puct,
            "reuse": reuse,
            "leaf_batch": leaf_batch,
            "seconds": seconds,
            "stop_when_decided": stop_when_decided,
        }
        config = search.replace(**{name: value for name, value in given.items() if value is not None})
        self.device = check_device("device", device) or torch.device("cpu")
        check_seed("seed", seed)  # the search is deterministic; accepted like every agent's
        path = checkpoint if checkpoint is not None else shipped_network(check_board_size(board_size))
        self.network = load_network(path, self.device)
        self.board_size = self.network.board_size
        if not isinstance(exact_wins, bool):
            raise TypeError(f"exact_wins must be True or False, got {exact_wins!r}")
        self.exact_wins = exact_wins
        weight = None if mix is None else check_real("mix", mix, low=0.0, high=1.0)
        self.mix = default_mix(self.board_size, self.device, config) if weight is None else weight
        self.mix_depth = check_int("mix_depth", mix_depth, low=0, high=MAX_MIX_DEPTH)
        evaluator = self.network.evaluator()
        if self.mix:
            if self.board_size != 8:
                n = self.board_size
                raise ValueError(f"mix={self.mix} mixes in alpha-beta's 8x8 pattern tables: this network plays {n}x{n}")
            evaluator = mix_patterns(evaluator, self.mix, self.mix_depth)
        positions = default_cache(self.device) if cache is None else cache
        positions = check_int("cache", positions, low=0, high=MAX_CACHE_POSITIONS)
        self.cache = CachedEvaluator(evaluator, positions) if positions else None
        if self.cache is not None:
            evaluator = self.cache
        evaluate = exact_wins_of(evaluator) if exact_wins else evaluator
        one, many = _compile_modes(compile, self.board_size, self.device, config, traced=not self.mix)
        self.search = BatchedSearch(evaluate, config, compile=one)
        batched = batched_search(config)
        same = many == one and batched == config
        self.batched_search = self.search if same else BatchedSearch(evaluate, batched, compile=many)
        # With "background" only: its compilation starts now, after a process of its own has filled inductor's
        # cache where it did not hold the graphs yet (so that the compilation beside the first moves only loads them).
        threads = get_threads() or torch.get_num_threads()
        plan = _compile_process.recipe(self.network.config(), config, exact_wins, threads)
        self.search.compile_ahead(engine.init(1, self.board_size, device=self.device), before=lambda: _fill(plan))
        self.reuse = config.reuse
        endgame = default_endgame(self.board_size) if endgame is None else endgame
        self.endgame = check_int("endgame", endgame, low=0, high=MAX_ENDGAME)
        self._solver: EndgameSolver | None = None  # kept between moves: its table serves the next solve
        self._kept: tuple[Board, Subtree] | None = None  # the board after the last move, and its subtree

    def choose(self, board: Board) -> int:
        if board.board_size != self.board_size:
            n, m = self.board_size, board.board_size
            raise ValueError(f"this network plays {n}x{n}, the board is {m}x{m}")
        solved = self._solved(board)
        if solved is not None:
            self._kept = None
            return solved
        state = engine.from_text([board.to_text()], device=self.device)
        result = self.search.run(state, reuse=self._follow(board))
        action = int(select_actions(result)[0])
        if self.reuse:
            self._kept = (board.step(action), result.subtree(torch.tensor([action], device=self.device)))
        return action

    def _solved(self, board: Board) -> int | None:
        """The solver's winning or drawing move on a board with at most ``endgame`` empty squares and a choice
        to make; ``None`` elsewhere (more empties, a forced pass, a lost position)."""
        n = board.board_size
        if board.terminated or board.moves == 0 or n * n - sum(board.scores()) > self.endgame:
            return None
        solver = self._solver = EndgameSolver.kept(self._solver, n)
        score, move = solver.solve(board.own, board.opp, -1, 1)  # win, draw or loss only: a narrow window
        return move if score >= 0 else None

    def _follow(self, board: Board) -> Subtree | None:
        """The kept subtree under the reply that turned the board after the last move into ``board``."""
        if self._kept is None:
            return None
        before, subtree = self._kept
        text = board.to_text()
        for reply in before.legal_actions():
            if before.step(reply).to_text() == text:
                return subtree.advance(torch.tensor([reply], device=self.device))
        return None

    @uses_package_threads
    def act_states(self, state: engine.State) -> Tensor:
        """int64 ``(B,)``: the agent's action on every board of ``state`` (one batched search)."""
        if state.board_size != self.board_size:
            n, m = self.board_size, state.board_size
            raise ValueError(f"this network plays {n}x{n}, the boards are {m}x{m}")
        if state.device != self.device:
            raise ValueError(f"the boards are on {state.device}, the network on {self.device}: move them with .to()")
        if not self.endgame:
            return select_actions(self.batched_search.run(state, keep_tree=False))
        n = self.board_size
        near_end = (engine.scores(state).sum(1) >= n * n - self.endgame).nonzero().flatten().tolist()
        solved: list[int | None] = [None] * state.batch_size
        if near_end:  # only boards the solver may decide go to position text
            index = torch.tensor(near_end, dtype=torch.int64, device=state.device)
            for i, text in zip(near_end, engine.to_text(state[index]), strict=True):
                solved[i] = self._solved(Board.from_text(text))
        rest = [i for i, move in enumerate(solved) if move is None]
        actions = torch.tensor([-1 if move is None else move for move in solved], dtype=torch.int64)
        if rest:
            index = torch.tensor(rest, dtype=torch.int64, device=state.device)
            actions[rest] = select_actions(self.batched_search.run(state[index], keep_tree=False)).cpu()
        return actions.to(state.device)


def compile_status(board_size: int = 8) -> str:
    """How the shipped agent's one-board search runs on this machine, in one line (``othello-zoo doctor``): eagerly
    (compilation turned off, or no compiler), or compiled in the background, its graphs already in inductor's cache
    on disk or not yet (then its first game compiles them in a process of its own)."""
    device = torch.device("cpu")
    mode = _compile_modes("auto", board_size, device, AGENT_SEARCH, traced=not default_mix(board_size))[0]
    if mode is True:
        return "compiled: its trees walked in C (search trees, above), nothing for inductor to compile"
    if mode != "background":
        why = compiler_missing(device) or f"{COMPILE_ENV}=0"
        return f"eagerly ({why})"
    threads = get_threads() or torch.get_num_threads()
    network = load_network(shipped_network(board_size)).config()
    done = _compile_process.marker(_compile_process.recipe(network, AGENT_SEARCH, True, threads))
    if done is not None and done.exists():
        return f"compiled in the background, its graphs in inductor's cache ({done.parent})"
    return (
        "compiled in the background; not in inductor's cache yet: the first game compiles it in a process of its own "
        "(minutes; the agent searches eagerly meanwhile)"
    )


def _fill(plan: _compile_process.Recipe) -> None:
    """Fills inductor's cache with the graphs of ``plan`` in a process of its own, where the cache does not hold
    them yet (:mod:`othello_zoo.alphazero._compile_process`), and waits for it."""
    process = _compile_process.start(plan)
    if process is not None:
        _compile_process.wait(process)


def _compile_modes(
    compile: object, board_size: int, device: torch.device, config: SearchConfig, traced: bool = True
) -> tuple[Compile, Compile]:
    """How the agent's one-board searches and its batched ones run, for its ``compile`` argument (see
    :class:`AlphaZeroAgent`): at ``"auto"``, both compiled where their trees walk in C (nothing to compile: see
    :func:`~othello_zoo.search.walks_in_c`), else the one-board searches compiled in the background where a
    C++ compiler is found and the evaluator has a traceable form (``traced``; a mix with the pattern search has
    none, and searches eagerly there)."""
    walks = walks_in_c(device, board_size, config)
    if isinstance(compile, str) and compile == "auto":
        wanted = os.environ.get(COMPILE_ENV, "").strip() != "0" and device.type == "cpu" and board_size <= 8
        if wanted and walks:
            return True, True
        return ("background" if wanted and traced and compiler_missing(device) is None else False), False
    try:
        mode = check_compile(compile)
    except TypeError:
        raise TypeError(f"compile must be 'auto', True, False or 'background', got {compile!r}") from None
    if mode and not traced and (mode == "background" or not walks):
        raise ValueError(
            f"compile={compile!r} compiles the network into the search, and the mix with the pattern search runs in C "
            "outside it: compile=True where the trees are walked in C (the CPU, 8x8), else compile=False, or mix=0"
        )
    return mode, mode
