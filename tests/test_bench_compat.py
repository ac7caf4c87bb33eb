"""``othello-zoo bench --compare-azg [PATH]``: the adapter's cost per move beside alpha-zero-general's own
game, here a small stand-in written to a temporary folder laid out as its checkout (no checkout needed)."""

from __future__ import annotations

import json
import re
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from othello_zoo.cli._measure_compat import (
    ADAPTER,
    AZG,
    RATIO,
    compat_per_move,
    load_azg_game,
    unseen_plies,
    us_per_move,
)
from othello_zoo.cli.bench import main
from othello_zoo.compat.alphazero import OthelloGame
from othello_zoo.core.board import Board

HEADER = (
    "alpha-zero-general Game, 8x8: getGameEnded + getValidMoves + getNextState per move on unseen positions "
    "of random play (us per move)"
)
TINY_THROUGHPUT = ["--backends", "bitboard", "--batch-sizes", "1", "--seconds", "0.01", "--repeats", "1"]

# Laid out as alpha-zero-general's checkout: Game.py at the top, othello/OthelloGame.py importing it after
# putting '..' on sys.path, as the framework's module does. Every call is recorded.
FAKE_GAME = """
class Game:
    pass
"""
FAKE_OTHELLO_GAME = """
import sys
sys.path.append('..')
from Game import Game


class OthelloGame(Game):
    calls = []

    def __init__(self, n):
        self.n = n

    def getGameEnded(self, board, player):
        self.calls.append(("getGameEnded", board.dtype.name, player))
        return 0

    def getValidMoves(self, board, player):
        self.calls.append(("getValidMoves", board.dtype.name, player))
        return [1] * (self.n * self.n + 1)

    def getNextState(self, board, player, action):
        self.calls.append(("getNextState", board.dtype.name, player, action))
        return board, -player
"""


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    """A folder laid out as alpha-zero-general's checkout, holding the stand-in game."""
    (tmp_path / "Game.py").write_text(textwrap.dedent(FAKE_GAME))
    (tmp_path / "othello").mkdir()
    (tmp_path / "othello" / "OthelloGame.py").write_text(textwrap.dedent(FAKE_OTHELLO_GAME))
    return tmp_path


def figures_printed(out: str) -> list[tuple[str, float, str]]:
    """``(name, value, unit)`` of each row under the header."""
    lines = out.splitlines()
    rows = []
    for line in lines[lines.index(HEADER) + 1 :]:
        match = re.fullmatch(r"  (.+?) +(\d+\.\d+) ?(us|x)", line)
        if match is None:
            break
        rows.append((match[1], float(match[2]), match[3]))
    return rows


def test_bench_compare_azg__prints_both_games_and_their_ratio(checkout: Path, tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    path, modules = list(sys.path), set(sys.modules)
    out = tmp_path / "bench.json"
    assert main([*TINY_THROUGHPUT, "--compare-azg", str(checkout), "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    figures = json.loads(out.read_text())["compat_us_per_move"]
    assert list(figures) == [ADAPTER, AZG, RATIO]
    assert figures[RATIO] == figures[ADAPTER] / figures[AZG]
    assert figures_printed(printed) == [
        ("othello_zoo.compat.alphazero.OthelloGame", round(figures[ADAPTER], 1), "us"),
        ("alpha-zero-general othello.OthelloGame", round(figures[AZG], 1), "us"),
        ("ratio (othello_zoo / alpha-zero-general)", round(figures[RATIO], 2), "x"),
    ]
    assert "--compare-azg PATH" not in printed
    assert sys.path == path  # the checkout's folder and the '..' its module appends are gone again
    assert {"Game", "othello", "othello.OthelloGame"}.isdisjoint(set(sys.modules) - modules)


def test_bench_compare_azg__without_a_path_prints_the_adapter_alone(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main([*TINY_THROUGHPUT, "--compare-azg"]) == 0
    printed = capsys.readouterr().out
    rows = figures_printed(printed)
    assert [(name, unit) for name, _, unit in rows] == [("othello_zoo.compat.alphazero.OthelloGame", "us")]
    assert 0 < rows[0][1] < 10_000
    assert printed.rstrip().endswith(
        "  (--compare-azg PATH, a folder holding alpha-zero-general's checkout: its own game beside it)"
    )


def test_bench_compare_azg__a_folder_without_the_game_is_a_usage_error(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(SystemExit) as exit_:
        main([*TINY_THROUGHPUT, "--compare-azg", str(tmp_path)])
    assert exit_.value.code == 2
    expected = (
        f"argument --compare-azg: {str(tmp_path)!r} holds no othello/OthelloGame.py (an alpha-zero-general checkout)"
    )
    assert expected in capsys.readouterr().err
    with pytest.raises(FileNotFoundError, match=r"holds no othello/OthelloGame\.py"):
        load_azg_game(tmp_path)


def test_us_per_move__asks_each_game_the_three_questions_per_ply_with_its_own_boards(checkout: Path) -> None:
    plies = unseen_plies(6, seed=3)
    azg_class = load_azg_game(checkout)
    assert us_per_move(azg_class(8), plies, [ply.board.astype(np.int64) for ply in plies]) > 0
    expected: list[tuple[object, ...]] = []
    for ply in plies:
        expected += [("getGameEnded", "int64", ply.player), ("getValidMoves", "int64", ply.player)]
        expected += [("getNextState", "int64", ply.player, ply.action)]
    assert azg_class.calls == expected
    assert set(compat_per_move(checkout, positions=4, repeats=2)) == {ADAPTER, AZG, RATIO}


@pytest.mark.parametrize("n", [6, 8])
def test_unseen_plies__a_fresh_adapter_remembers_nothing_it_is_asked(n: int) -> None:
    plies = unseen_plies(300, board_size=n, seed=1)
    again = unseen_plies(300, board_size=n, seed=1)  # seeded
    assert [(p.board.tobytes(), p.player, p.action) for p in plies] == [
        (p.board.tobytes(), p.player, p.action) for p in again
    ]
    assert len({ply.board.tobytes() + bytes([ply.player + 1]) for ply in plies}) == 300
    assert sum(ply.action == n * n for ply in unseen_plies(2000, board_size=n, seed=1)) > 0  # passes come up
    game = OthelloGame(n)
    for ply in plies:
        text = "".join("-XO"[v] for v in ply.board.reshape(-1)) + (" X" if ply.player == 1 else " O")
        assert ply.action in Board.from_text(text).legal_actions()
    us_per_move(game, plies)
    # Each position was analysed once and each move played once: no question found an answer remembered.
    assert len(game._positions) == len(game._moves) == 300
