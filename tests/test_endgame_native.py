"""The exact endgame solver in C (othello_zoo.agents.native): the Python solver's scores on random endgames, the
FFO suite's values, the hand-off inside EndgameSolver, and the fallback when it cannot be built."""

from __future__ import annotations

import ctypes
import functools
import subprocess
from pathlib import Path
from typing import Any

import pytest
import torch
from helpers import DATA
from wthor import at_empties, read_games

from othello_zoo import engine
from othello_zoo.agents import AlphaBetaAgent, GreedyAgent, alphabeta, endgame, native
from othello_zoo.agents.endgame import EndgameSolver, Solution
from othello_zoo.core.board import Board
from othello_zoo.notation import format_moves
from othello_zoo.runtime.native import c_compiler, cpu_flags
from othello_zoo.testing import random_play

CORNERS = 0x8100000000000081

pytestmark = pytest.mark.skipif(
    native.native_solve(0, 0, -1, 1) is None, reason="no C compiler here: the Python solver is tested elsewhere"
)


def endgames(count: int, plies: int, seed: int) -> list[Board]:
    state = random_play(engine.init(count), plies, torch.Generator().manual_seed(seed))
    return [board for board in map(Board.from_text, engine.to_text(state)) if not board.terminated]


@pytest.mark.parametrize("plies", [50, 52, 54, 56, 58])
def test_native__the_python_solvers_scores_and_moves_that_reach_them(plies: int) -> None:
    python = EndgameSolver(8, native=False)
    for board in endgames(4 if plies == 50 else 6, plies, seed=plies):
        want = python.solve(board.own, board.opp)
        score, move, nodes = native.native_solve(board.own, board.opp, -(10**9), 10**9)  # type: ignore[misc]
        assert score == want.score
        assert nodes > 0
        if move == 64:  # a forced pass: the opponent's best, negated
            assert -python.solve(board.opp, board.own).score == score
        else:
            child = board.step(move)
            sign = 1 if child.current_player == board.current_player else -1
            assert sign * python.solve(child.own, child.opp).score == score  # the move reaches the score


def test_native__from_a_guess_the_same_scores_and_moves_that_reach_them() -> None:
    """Null-window searches from a guess (MTD(f)), close or far, give the full window's score and a move that reaches
    it; inside a narrower window, the same bounds; a window of 2 or less ignores the guess."""
    python = EndgameSolver(8, native=False)
    for board in endgames(6, 50, seed=11):
        exact = python.solve(board.own, board.opp).score
        full = native.native_solve(board.own, board.opp, -64, 64)
        assert full is not None
        for guess in (exact, exact + 2, exact - 6, -exact + 20, 64, -64):
            score, move, nodes = native.native_solve(board.own, board.opp, -64, 64, guess)  # type: ignore[misc]
            assert score == exact
            assert nodes > 0
            if move != 64:
                child = board.step(move)
                sign = 1 if child.current_player == board.current_player else -1
                assert sign * python.solve(child.own, child.opp).score == score  # the move reaches the score
        high, _, _ = native.native_solve(board.own, board.opp, exact - 20, exact - 10, exact - 14)  # type: ignore[misc]
        low, _, _ = native.native_solve(board.own, board.opp, exact + 10, exact + 20, exact + 14)  # type: ignore[misc]
        assert high >= exact - 10
        assert low <= exact + 10
        narrow = native.native_solve(board.own, board.opp, -1, 1)
        assert native.native_solve(board.own, board.opp, -1, 1, 40) == narrow


def tournament_endgames(count: int, empties: int) -> list[Board]:
    """The position of ``empties`` empty squares in ``count`` WTHOR 2004 games that no table was fitted to (every
    105th game: numbers that are multiples of five), the mover with a placement."""
    found = [at_empties(game, empties) for game in read_games()[::105]]
    return [board for board in found if board is not None][:count]


def test_native__the_learned_evaluations_order_the_same_scores_in_fewer_positions() -> None:
    """From 16 empties the moves are also ranked by a shallow search with the endgame tables: the scores of fastest
    first alone, a move that reaches them, and fewer positions over the set (22.6 million against 25.9 on these
    tournament positions at 18 empties)."""
    ranked_nodes = plain_nodes = 0
    for board in tournament_endgames(16, 18):
        ranked = native.native_solve(board.own, board.opp, -64, 64, evaluation=True)
        plain = native.native_solve(board.own, board.opp, -64, 64, evaluation=False)
        assert ranked is not None
        assert plain is not None
        assert ranked[0] == plain[0]
        if ranked[1] != 64:
            child = board.step(ranked[1])
            sign = 1 if child.current_player == board.current_player else -1
            reached = native.native_solve(child.own, child.opp, -64, 64, evaluation=False)
            assert reached is not None
            assert sign * reached[0] == ranked[0]
        ranked_nodes += ranked[2]
        plain_nodes += plain[2]
    assert ranked_nodes < 0.9 * plain_nodes


def test_native__selective_probes_order_the_moves_and_change_no_score() -> None:
    """From 18 empties a null-window node of the exact search whose table move is not known to reach beta probes its
    moves selectively first (probe_children), the first that probably reaches beta searched first: the scores of
    fastest first (which never probes) on tournament positions of 20 empties, in the full window and from a guess
    (the selective search first, then the exact one's probes), on one thread and on two (a probe's split point is
    searched selectively by the helper too), and a move that reaches the score."""
    for board in tournament_endgames(5, 20):
        plain = native.native_solve(board.own, board.opp, -64, 64, evaluation=False)
        assert plain is not None
        for threads in (1, 2):
            for guess in (None, plain[0] + 4):
                solved = native.native_solve(board.own, board.opp, -64, 64, guess, threads=threads)
                assert solved is not None
                assert solved[0] == plain[0]
        assert solved[1] != 64
        child = board.step(solved[1])
        sign = 1 if child.current_player == board.current_player else -1
        reached = native.native_solve(child.own, child.opp, -64, 64, evaluation=False)
        assert reached is not None
        assert sign * reached[0] == plain[0]  # the move reaches the score


def test_native__threads_give_the_same_scores_and_moves_that_reach_them() -> None:
    """A solve in parallel (2 threads on this machine's cores, 3 more than it has) against one thread: the same
    scores in the full window, from a guess and outside narrow windows, and a best move that reaches the score."""
    for board in endgames(4, 42, seed=21):  # 18 empties: from PARALLEL_EMPTIES the solve runs in parallel
        assert 64 - (board.own | board.opp).bit_count() >= native.PARALLEL_EMPTIES
        exact, _, _ = native.native_solve(board.own, board.opp, -64, 64)  # type: ignore[misc]
        for threads in (2, 3):
            for guess in (None, exact, exact + 8):
                score, move, nodes = native.native_solve(  # type: ignore[misc]
                    board.own, board.opp, -64, 64, guess, threads=threads
                )
                assert score == exact
                assert nodes > 0
                if move != 64:
                    child = board.step(move)
                    sign = 1 if child.current_player == board.current_player else -1
                    reached, _, _ = native.native_solve(child.own, child.opp, -64, 64)  # type: ignore[misc]
                    assert sign * reached == exact  # the move reaches the score
            high, _, _ = native.native_solve(board.own, board.opp, exact - 20, exact - 10, threads=threads)  # type: ignore[misc]
            low, _, _ = native.native_solve(board.own, board.opp, exact + 10, exact + 20, threads=threads)  # type: ignore[misc]
            assert high >= exact - 10
            assert low <= exact + 10


@pytest.mark.slow
def test_native__the_selective_search_first_changes_no_score() -> None:
    """From 20 empties a solve from a guess searches selectively first (ProbCut with the learned evaluation), its
    probable score the exact search's guess and its table entries only hints: the score of the full window's one
    search (no selective search there), from guesses near and far, on one thread, two and three, and a move that
    reaches it. The threads share the selective flag: with a helper's own flag (always exact), a helper searching a
    split point of the selective search stored a probable bound as exact, and 4 of these 24 threaded solves were
    wrong by 1 to 46 discs."""
    for board in endgames(6, 40, seed=33):  # 20 empties
        assert 64 - (board.own | board.opp).bit_count() == 20
        exact, _, _ = native.native_solve(board.own, board.opp, -64, 64)  # type: ignore[misc]
        for threads in (1, 2, 3):
            for guess in (exact, -exact + 24):
                score, move, _ = native.native_solve(  # type: ignore[misc]
                    board.own, board.opp, -64, 64, guess, threads=threads
                )
                assert score == exact
                if threads == 2 and guess == exact:
                    child = board.step(move)
                    sign = 1 if child.current_player == board.current_player else -1
                    reached, _, _ = native.native_solve(child.own, child.opp, -64, 64)  # type: ignore[misc]
                    assert sign * reached == exact  # the move reaches the score
        high, _, _ = native.native_solve(board.own, board.opp, exact - 20, exact - 10, exact - 14)  # type: ignore[misc]
        low, _, _ = native.native_solve(board.own, board.opp, exact + 10, exact + 20, exact + 14)  # type: ignore[misc]
        assert high >= exact - 10
        assert low <= exact + 10


@pytest.mark.parametrize("threads", [0, -1, 65, 1.5, "2", True, None])
def test_native__threads_out_of_range_are_refused_by_name(threads: Any) -> None:
    with pytest.raises((TypeError, ValueError), match=rf"threads must be an int from 1 to 64, got {threads!r}"):
        native.native_solve(0, 0, -1, 1, threads=threads)
    with pytest.raises((TypeError, ValueError), match="threads must be an int from 1 to 64"):
        EndgameSolver(8, threads=threads)


def test_endgame_solver__threads_solve_ffo_40() -> None:
    lines = (DATA / "fforum-40-59.obf").read_text().splitlines()
    solver = EndgameSolver(8, threads=2)
    assert solver.solve_text(lines[0].split(";")[0]) == Solution(score=38, move=8)  # a2, the only best move
    assert solver.nodes > 0


def test_guess_score__even_estimates_where_they_help() -> None:
    lines = (DATA / "fforum-40-59.obf").read_text().splitlines()
    ffo40 = Board.from_text(lines[0].split(";")[0])
    assert alphabeta.guess_score(ffo40) == 36  # the score is +38: the learned evaluation at GUESS_DEPTH plies
    assert alphabeta.guess_score(ffo40, evaluation="hand") is None  # not in discs
    assert alphabeta.guess_score(Board.start(6)) is None
    assert alphabeta.guess_score(Board.from_text("-OXXXXXX" + "-" * 56 + " O")) is None  # white must pass


def test_native__bounds_outside_the_window() -> None:
    board = endgames(1, 52, seed=3)[0]
    exact = EndgameSolver(8, native=False).solve(board.own, board.opp).score
    high, _, _ = native.native_solve(board.own, board.opp, exact - 20, exact - 10)  # type: ignore[misc]
    low, _, _ = native.native_solve(board.own, board.opp, exact + 10, exact + 20)  # type: ignore[misc]
    assert high >= exact - 10  # fails high: a lower bound at or above the window
    assert low <= exact + 10  # fails low: an upper bound at or below it


def test_native__ffo_40_and_41_exactly() -> None:
    """FFO #40 (a2 +38, 20 empties) and #41 (h4 +0, 22 empties), solved by EndgameSolver's C hand-off."""
    lines = (DATA / "fforum-40-59.obf").read_text().splitlines()
    solver = EndgameSolver(8)
    assert solver.solve_text(lines[0].split(";")[0]) == Solution(score=38, move=8)  # a2
    assert solver.solve_text(lines[1].split(";")[0]).score == 0
    assert solver.nodes > 1_000_000  # the C solver's nodes, counted


@pytest.mark.slow
def test_native__ffo_42_to_44_exactly() -> None:
    """FFO #42 (g2 +6), #43 (g3 or c7 -12) and #44 (d2 or b8 -14), 22 to 23 empties: the C solver's scores and moves
    (seconds each), where its stability bound, enhanced transposition cutoff and two-ply ordering all run."""
    lines = (DATA / "fforum-40-59.obf").read_text().splitlines()
    for line, score, moves in ((lines[2], 6, {"g2"}), (lines[3], -12, {"g3", "c7"}), (lines[4], -14, {"d2", "b8"})):
        board = Board.from_text(line.split(";")[0])
        solved, move, _ = native.native_solve(board.own, board.opp, -64, 64)  # type: ignore[misc]
        assert solved == score
        assert format_moves([move], 8, "") in moves


def test_native__stable_discs_never_flip_in_play() -> None:
    """The stable discs the solver's bound counts (``native_stable``) keep their colour through every random game
    played on from 60 positions of 20 to 58 plies; the corners and a full board's discs are among them."""
    generator = torch.Generator().manual_seed(17)
    checked = 0
    for plies in range(20, 60, 2):
        for board in endgames(3, plies, seed=plies):
            black, white = (board.own, board.opp) if board.current_player == 0 else (board.opp, board.own)
            filled = black | white
            stable = {}
            for colour, discs in ((0, black), (1, white)):
                found = native.native_stable(discs, filled)
                assert found is not None
                assert found & ~discs == 0  # its own discs only
                assert found & CORNERS == discs & CORNERS  # its corners among them
                stable[colour] = found
            state = engine.from_text([board.to_text()] * 8)
            while not bool(state.terminated.all()):
                state = random_play(state, 1, generator)
                for text in engine.to_text(state):
                    later = Board.from_text(text)
                    now_black = later.own if later.current_player == 0 else later.opp
                    assert stable[0] & ~now_black == 0  # black's stable discs still black
                    assert stable[1] & now_black == 0  # white's never black
            checked += 1
    assert checked >= 55
    full = Board.from_text("XXXXXXXXOOOOOOOOXXXXXXXXOOOOOOOOXXXXXXXXOOOOOOOOXXXXXXXXOOOOOOOO X")
    assert native.native_stable(full.own, full.own | full.opp) == full.own


def _line_flips(mover: int, other: int, square: int) -> int:
    """The discs of ``other`` that ``mover`` placing on ``square`` of an 8-square line flips along it."""
    flipped = 0
    for step in (-1, 1):
        k, run = square + step, 0
        while 0 <= k < 8 and other >> k & 1:
            run |= 1 << k
            k += step
        if 0 <= k < 8 and mover >> k & 1:
            flipped |= run
    return flipped


@functools.cache
def _never_flipped(black: int, white: int) -> int:
    """The discs of a line that no sequence of placements on its empty squares, by either side in any order, flips
    along it (the definition, by exhausting the sequences)."""
    stable = black | white
    for square in range(8):
        if (black | white) >> square & 1:
            continue
        f = _line_flips(black, white, square)
        stable &= ~f & _never_flipped(black | f | 1 << square, white & ~f)
        f = _line_flips(white, black, square)
        stable &= ~f & _never_flipped(black & ~f, white | f | 1 << square)
    return stable


def _on_edge(line: int, edge: str) -> int:
    """An 8-bit line's bit i on the edge's i-th square (the first row along it, the other edges likewise)."""
    squares = {"top": range(8), "bottom": range(56, 64), "left": range(0, 64, 8), "right": range(7, 64, 8)}[edge]
    return sum(1 << square for i, square in enumerate(squares) if line >> i & 1)


def test_native__stable_edge_discs_are_exactly_those_no_play_along_the_edge_flips() -> None:
    """On a board with one edge filled in every way (3^8 lines, each of the four edges) the bound counts exactly the
    edge discs that no sequence of placements flips: an edge's disc flips only along the edge, and the line has no
    full line across it. Before its table, a disc counted only in a run from a corner of its colour: in ``...OXOXO``
    the X on g1, beside the corner O, is in no such run, yet no sequence of plays on a1-c1 ever encloses it between
    two O discs, and it counts now (the O on f1 does not: X on c1, O on b1, X on a1 flip it)."""
    checked = 0
    for black in range(256):
        for white in range(256):
            if black & white:
                continue
            want = _never_flipped(black, white)
            for edge in ("top", "bottom", "left", "right"):
                b, w = _on_edge(black, edge), _on_edge(white, edge)
                assert native.native_stable(b, b | w) == _on_edge(want & black, edge)
                assert native.native_stable(w, b | w) == _on_edge(want & white, edge)
            checked += 1
    assert checked == 3**8
    line = Board.from_text("---OXOXO" + "-" * 56 + " X")  # the example of the docstring, on the top row
    assert native.native_stable(line.own, line.own | line.opp) == 1 << 6  # g1 alone of the X discs


def test_native__finished_boards_and_forced_passes() -> None:
    over = Board.from_text("XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXOO X")
    assert EndgameSolver(8).solve(over.own, over.opp) == Solution(score=60, move=-1)
    board = Board.from_text("XXXXOOOOXXXXXXX-XXOOXXXXXOXXXOXXOOOXXOXXXXXXXXXX---XXXXX----XXXX X")  # black must pass
    assert board.legal_actions() == [64]
    score, move, _ = native.native_solve(board.own, board.opp, -100, 100)  # type: ignore[misc]
    assert (score, move) == (EndgameSolver(8, native=False).solve(board.own, board.opp).score, 64)


def test_native__without_a_compiler_the_python_solver_runs_and_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(native, "_library", lambda: (None, "no C compiler (cc, gcc or clang) on the PATH"))
    monkeypatch.setattr(endgame, "native_solve", native.native_solve)
    native._warn_once.cache_clear()
    board = endgames(1, 48, seed=5)[0]  # 12 empties: past NATIVE_EMPTIES
    with pytest.warns(UserWarning, match="runs in Python.*no C compiler"):
        solved = EndgameSolver(8).solve(board.own, board.opp)
    assert solved == EndgameSolver(8, native=False).solve(board.own, board.opp)
    assert native.native_status() == "C solver off: no C compiler (cc, gcc or clang) on the PATH"


@pytest.mark.parametrize("evaluation", ["patterns", "hand"])
@pytest.mark.parametrize("plies", [4, 20, 36])
def test_native_midgame__the_python_searchs_values_moves_and_nodes(plies: int, evaluation: str) -> None:
    """Alpha-beta's midgame search in C is the Python one, move for move: at depths 1 to 4 on positions of random
    games, with either evaluation, the same value, best move and nodes."""
    boards = [board for board in endgames(12, plies, seed=plies) if board.legal_actions() != [64]]
    assert len(boards) >= 8
    for board in boards:
        for depth in (1, 2, 3, 4):
            in_c = alphabeta.search(board, depth, evaluation=evaluation)
            assert in_c == alphabeta.search(board, depth, native=False, evaluation=evaluation)
            assert in_c[1] in board.legal_actions()
    # Evaluations at the horizon: a depth-1 value is the best child's, negated (the weights of the same table).
    board = boards[0]
    children = [board.step(action) for action in board.legal_actions()]
    best = max(-alphabeta.evaluate(child, evaluation=evaluation) for child in children)
    assert alphabeta.search(board, 1, evaluation=evaluation)[0] == best


def test_alphabeta_agent__plays_the_same_game_in_c_and_in_python(monkeypatch: pytest.MonkeyPatch) -> None:
    """The agent's moves and node counts over a whole game against greedy: the C search's, then the Python one's."""

    def game() -> list[tuple[int, int]]:
        agent, greedy, board, played = AlphaBetaAgent(depth=3, endgame=8), GreedyAgent(), Board.start(), []
        while not board.terminated:
            if board.current_player == 0:
                action = agent.act(board)
                played.append((action, agent.last_nodes))
            else:
                action = greedy.act(board)
            board = board.step(action)
        return played

    in_c = game()
    monkeypatch.setattr(alphabeta, "native_midgame", lambda *args: None)  # the library's absence
    assert game() == in_c
    assert len(in_c) >= 20


def test_native_midgame__refuses_a_table_of_another_size_and_a_board_without_a_placement() -> None:
    with pytest.raises(ValueError, match=r"64 weights .* got 36"):
        native.native_midgame(0, 0, 2, tuple(range(36)), None, 3)
    with pytest.raises(ValueError, match="no placement to search"):
        alphabeta.search(Board.from_text("-OXXXXXX" + "-" * 56 + " O"), 2)  # white must pass


def test_bench_search_rates__the_midgame_search_in_python_and_in_c() -> None:
    """``othello-zoo bench --agents``'s alpha-beta rows: the midgame search measured both ways, C well ahead."""
    from othello_zoo.cli._measure import search_rates

    rates = search_rates(solve_ffo=False)
    assert list(rates)[:2] == ["midgame nodes/s (depth 6, Python)", "midgame nodes/s (depth 6, C)"]
    assert rates["midgame nodes/s (depth 6, C)"] > 10 * rates["midgame nodes/s (depth 6, Python)"] > 0


def _solver_built(flags: tuple[str, ...], folder: Path) -> Any:
    """``othello_zoo_solve`` of the solver's source built with ``flags`` into ``folder``."""
    compiler = c_compiler()
    assert compiler is not None
    built = folder / f"solver{len(list(folder.iterdir()))}.so"
    command = [compiler, *native._FLAGS, "-shared", "-fPIC", *flags, str(native.SOURCE), "-o", str(built)]
    subprocess.run(command, check=True, capture_output=True, timeout=120)
    return native.solve_function(ctypes.CDLL(str(built)))


@pytest.mark.skipif("-mavx2" not in cpu_flags(), reason="this CPU cannot run the AVX2 build")
def test_native__the_build_for_this_cpu_searches_the_portable_builds_tree(tmp_path: Path) -> None:
    """The flips and placements in 256-bit registers (and, with BMI2, the learned evaluation's indices by pext)
    against the portable C, built side by side: the same score, move and node count on each endgame (the node count:
    every position of the search alike), fastest first alone and ranked by the learned evaluation's searches (16
    empties: where the ranking starts)."""
    portable, wide = _solver_built(("-mpopcnt",), tmp_path), _solver_built(cpu_flags(), tmp_path)
    weights, patterns = native._order()
    for i, board in enumerate(endgames(12, 44, seed=3)):
        assert 64 - (board.own | board.opp).bit_count() == 16
        order = (weights, patterns, native.SORTED_DEPTH) if i % 2 else (None, None, 0)
        answers = []
        for solve in (portable, wide):
            move, nodes = ctypes.c_int(), ctypes.c_uint64()
            score = solve(board.own, board.opp, -64, 64, 0, *order, 1, ctypes.byref(move), ctypes.byref(nodes))
            answers.append((score, move.value, nodes.value))
        assert answers[0] == answers[1]
        assert answers[0][2] > 1000
