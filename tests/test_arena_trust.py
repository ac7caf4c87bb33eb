"""The arena as an attacker or a careless user meets it: a results file never starts a program, one writer a file,
the same games after a stop, an external program's answer bounded as a whole, everything checked before the first
game, one line instead of a traceback, start-up timed apart."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from othello_zoo.arena import ArenaSettings, ExternalAgent, ExternalAgentError, GameRecord, read_results, run_arena
from othello_zoo.arena.arena import lock_path
from othello_zoo.arena.records import FORMAT, check_game, seconds_per_move
from othello_zoo.cli import arena as cli_arena
from othello_zoo.cli import main as cli_main
from othello_zoo.core.board import Board
from othello_zoo.runtime.files import RunLock, RunLockedError

FAKE = Path(__file__).resolve().parent / "data" / "fake_engine.py"
START = "---------------------------OX------XO--------------------------- X"


def fake(mode: str = "first") -> str:
    return f"{sys.executable} {FAKE} --mode {mode}"


def marker_command(marker: Path) -> str:
    """A program that leaves ``marker`` behind when it runs (then plays like the fake engine)."""
    code = f"open({str(marker)!r}, 'w').close(); import runpy; runpy.run_path({str(FAKE)!r}, run_name='__main__')"
    return f"{sys.executable} -c {json.dumps(code)}"


def results_file(path: Path, agents: list[str], **settings: object) -> Path:
    """A results file of no games yet, for ``agents`` and ``settings``."""
    header = {"format": FORMAT, "settings": ArenaSettings(agents=tuple(agents), **settings).as_dict()}  # type: ignore[arg-type]
    path.write_text(json.dumps(header) + "\n", encoding="utf-8")
    return path


def error_of(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """The one line the command prints for a refused command line (exit status 2)."""
    with pytest.raises(SystemExit) as stopped:
        cli_main(argv)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return err.strip().splitlines()[-1]


# -- 1. a results file never starts a program ---------------------------------------------------------------------


def test_resume__a_program_named_only_by_the_file_is_never_started(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    marker = tmp_path / "ran"
    out = results_file(tmp_path / "a.jsonl", ["random", f"cmd:{marker_command(marker)}"], games=2)
    line = error_of(["arena", "--out", str(out), "--resume", "--quiet"], capsys)
    assert "names external programs (cmd:" in line
    assert "never starts a program by itself" in line
    assert "othello-zoo arena random 'cmd:" in line
    assert line.endswith(f"--games 2 --out {out} --resume")  # every setting of the file: the command runs as given
    assert not marker.exists()
    assert len(out.read_text().splitlines()) == 1  # nothing written


def test_resume__the_programs_run_when_the_command_line_names_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    marker = tmp_path / "ran"
    program = f"cmd:{marker_command(marker)}"
    out = results_file(tmp_path / "a.jsonl", ["random", program], games=2)
    assert cli_main(["arena", "random", program, "--games", "2", "--out", str(out), "--resume", "--quiet"]) == 0
    assert marker.exists()
    assert len(read_results(out).games) == 2


@pytest.mark.parametrize(("answer", "runs"), [("y", True), ("yes", True), ("n", False), ("", False)])
def test_resume__a_person_at_the_terminal_is_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], answer: str, runs: bool
) -> None:
    marker = tmp_path / "ran"
    out = results_file(tmp_path / "a.jsonl", ["random", f"p=cmd:{marker_command(marker)}"], games=2)
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    monkeypatch.setattr("builtins.input", lambda prompt: answer)
    if runs:
        assert cli_main(["arena", "--out", str(out), "--resume", "--quiet"]) == 0
        assert marker.exists()
    else:
        assert "never starts a program by itself" in error_of(["arena", "--out", str(out), "--resume"], capsys)
        assert not marker.exists()


# -- 2. one writer a file; duplicated games ----------------------------------------------------------------------


def test_run_arena__a_second_writer_is_refused_with_the_first_ones_pid(tmp_path: Path) -> None:
    out = tmp_path / "a.jsonl"
    refused = pytest.raises(RunLockedError, match=rf"in use by another process \(pid {os.getpid()}\)")
    with RunLock(lock_path(out), "the first run"), refused:
        run_arena(ArenaSettings(agents=("random", "greedy"), games=2), out, progress=False)
    assert not out.exists()
    run_arena(ArenaSettings(agents=("random", "greedy"), games=2), out, progress=False)  # the lock was let go
    assert not lock_path(out).exists()


def test_cli_arena__two_processes_on_one_file(tmp_path: Path) -> None:
    out = tmp_path / "a.jsonl"
    # An agent of some 10 ms a move: the first run holds the file past the second's start (not so alpha-beta in C)
    command = [sys.executable, "-m", "othello_zoo", "arena", "random", "mc=mcts:simulations=100", "greedy"]
    first = subprocess.Popen(
        [*command, "--games", "16", "--out", str(out), "--quiet"], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and not lock_path(out).exists():
            time.sleep(0.05)
        second = subprocess.run(
            [*command, "--games", "16", "--out", str(out), "--resume", "--quiet"],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert second.returncode == 2
        assert f"is in use by another process (pid {first.pid})" in second.stderr
        assert "Traceback" not in second.stderr
    finally:
        first.kill()
        first.wait()


def test_read_results__a_duplicated_game_is_rated_once_and_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "a.jsonl"
    run_arena(ArenaSettings(agents=("random", "greedy"), games=2), out, progress=False)
    lines = out.read_text().splitlines()
    out.write_text("\n".join([*lines, lines[1]]) + "\n")
    results = read_results(out)
    assert len(results.games) == 2
    assert results.rejected == ((4, "a second copy of game 0 of random vs greedy"),)
    assert cli_main(["arena", "--results", str(out)]) == 0
    captured = capsys.readouterr()
    assert f"{out}, line 4: not rated: a second copy of game 0 of random vs greedy" in captured.err
    assert re.search(r"random .* 2 +[0-2]-[0-2]-[0-2] ", captured.out)  # two games each in the table


# -- 3. the same games after a stop --------------------------------------------------------------------------------


@pytest.mark.parametrize("batched", [True, False])
def test_run_arena__a_stopped_and_resumed_run_plays_the_same_games(tmp_path: Path, batched: bool) -> None:
    settings = ArenaSettings(agents=("random", "r2=random", "uct:simulations=2"), games=4, seed=3, batched=batched)
    whole = run_arena(settings, tmp_path / "whole.jsonl", progress=False)
    stopped = tmp_path / "stopped.jsonl"
    count = 0

    def stop(game: GameRecord) -> None:
        nonlocal count
        count += 1
        if count == 5:  # in the middle of the second pair
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_arena(settings, stopped, progress=False, on_game=stop)
    assert len(read_results(stopped).games) == 5
    resumed = run_arena(settings, stopped, resume=True, progress=False)
    assert len(resumed) == 12
    assert {g.key: g.moves for g in resumed} == {g.key: g.moves for g in whole}


# -- 4. an external program's answer is bounded as a whole ---------------------------------------------------------


@pytest.mark.parametrize(
    ("mode", "timeout", "message"),
    [
        ("drip", 1.0, r"gave no move within 1 s .*; it was ended \(killed\)"),
        ("flood", 0.5, r"gave no move within 0.5 s"),
        ("closed", 5.0, r"closed its output instead of answering .*; it was ended \(killed\)"),
        ("binary", 5.0, r"wrote bytes that are not UTF-8 \(b'\\xff\\xfe d3\\n'\) instead of answering"),
        ("long", 5.0, r"wrote a line longer than 65536 bytes"),
    ],
)
def test_external_agent__every_way_out_ends_the_program(mode: str, timeout: float, message: str) -> None:
    agent = ExternalAgent(fake(mode), name="bad", timeout=timeout)
    began = time.monotonic()
    with pytest.raises(ExternalAgentError, match=message):
        agent.act(Board.start(8))
    assert time.monotonic() - began < timeout + 3.0
    assert agent._process is None  # ended, not left running


def test_external_agent__a_late_answer_is_never_taken_for_the_next_position() -> None:
    agent = ExternalAgent(fake("late"), name="late", timeout=1.0)
    with pytest.raises(ExternalAgentError, match=r"gave no move within 1 s .*; it was ended"):
        agent.act(Board.start(8))
    board = Board.start(8).step(37)  # f5: white to move; the late answer would have been black's d3
    time.sleep(1.5)
    assert agent.act(board) == min(board.legal_actions())  # a fresh program, which answers this position at once
    agent.close()


def test_external_agent__the_program_is_ended_with_the_agent() -> None:
    agent = ExternalAgent(fake(), name="ok")
    agent.act(Board.start(8))
    process = agent._process
    assert process is not None
    agent.close()
    assert process.poll() is not None


# -- 6, 7. everything checked before the first game; one line, never a traceback ---------------------------------


@pytest.mark.parametrize(
    ("agents", "extra", "message"),
    [
        (["random", "greedy", "alphabeta:depth=abc"], [], "agent 'alphabeta:depth=abc'"),
        (["random", "cmd:prog 'unclosed"], [], "cannot be split into arguments: no closing quotation"),
        (["random", "greedy"], ["--seed", str(2**70)], "seed must be"),
        (["random", "az"], ["--board-size", "10"], "no network is shipped for 10x10"),
        (["random", "greedy"], ["--anchor", "nobody"], "--anchor 'nobody' is not one of the agents: greedy, random"),
        (["random", "greedy"], ["--plot", "missing/ratings.png"], "the folder missing does not exist"),
        (["random", "name=cmd:prog", "1"], [], "quote the whole agent: 'name=cmd:prog 1'"),
        (["random", "cmd:no-such-program-here"], [], "could not start 'no-such-program-here'"),
    ],
)
def test_cli_arena__refused_before_the_first_game(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    agents: list[str],
    extra: list[str],
    message: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    argv = ["arena", *agents, "--games", "2", "--out", "a.jsonl", "--quiet", *extra]
    try:
        code = cli_main(argv)
    except SystemExit as stopped:
        code = int(stopped.code or 0)
    err = capsys.readouterr().err
    assert code in (1, 2)
    assert message in err
    assert "Traceback" not in err
    assert not (tmp_path / "a.jsonl").exists()  # nothing played: the corrected command starts afresh
    assert not (tmp_path / "a.jsonl.lock").exists()


def test_cli_arena__an_existing_export_is_refused_before_playing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    export = tmp_path / "games.txt"
    export.write_text("mine\n")
    out = tmp_path / "a.jsonl"
    line = error_of(["arena", "random", "greedy", "--out", str(out), "--export", str(export), "--quiet"], capsys)
    assert f"--export {export} exists" in line
    assert not out.exists()
    assert export.read_text() == "mine\n"


def test_cli_arena__a_program_that_exits_in_a_game_keeps_the_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "a.jsonl"
    script = tmp_path / "quits.py"  # answers its first 70 positions (the warm-up among them), then exits
    script.write_text(
        "import itertools, runpy, sys\n"
        "sys.stdin = itertools.islice(sys.stdin, 70)\n"
        f"runpy.run_path({str(FAKE)!r}, run_name='__main__')\n"
    )
    argv = ["arena", "greedy", f"q=cmd:{sys.executable} {script}", "--games", "8", "--no-batch", "--out", str(out)]
    code = cli_main([*argv, "--quiet"])
    err = capsys.readouterr().err
    assert code == 1
    kept = len(read_results(out).games)
    assert 1 <= kept < 8
    assert f"{kept} finished games kept" in err
    assert "external agent 'q'" in err
    assert "closed its output instead of answering" in err
    assert f"finished games kept in {out}. Go on with: othello-zoo arena --out {out} --resume" in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"\xff\xfe not text\n", "is not an arena results file: it is not UTF-8 text"),
        (json.dumps({"format": FORMAT}).encode() + b"\n", "line 1 has no arena settings"),
        (json.dumps({"format": FORMAT, "settings": []}).encode() + b"\n", "line 1 has no arena settings"),
        (b"", "is empty: not an arena results file"),
    ],
)
def test_cli_arena__a_bad_results_file_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes, message: str
) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_bytes(content)
    assert message in error_of(["arena", "--results", str(path)], capsys)
    assert message in error_of(["arena", "--out", str(path), "--resume"], capsys)


def test_check_game__illegal_moves_other_sizes_and_wrong_scores_are_named(tmp_path: Path) -> None:
    out = tmp_path / "a.jsonl"
    (game,) = [g for g in run_arena(ArenaSettings(agents=("random", "greedy"), games=2), out, progress=False)][:1]
    assert check_game(game) is None
    data = json.loads(game.to_json())
    illegal = GameRecord.from_json({**data, "moves": "a1" + data["moves"][2:]})
    assert check_game(illegal) == "its moves do not begin with its opening"
    swapped = GameRecord.from_json({**data, "moves": data["opening"] + "a1" + data["moves"][len(data["opening"]) :]})
    assert check_game(swapped) == f"move {len(data['opening']) // 2 + 1} (a1) is not legal there"
    wrong = GameRecord.from_json({**data, "black_discs": data["black_discs"] + 1})
    assert check_game(wrong).startswith(f"it says {data['black_discs'] + 1}-")
    assert check_game(game, board_size=10) is not None
    stranger = GameRecord.from_json({**data, "black": "someone"})
    assert "are not its pair" in check_game(stranger)
    lines = out.read_text().splitlines()
    out.write_text("\n".join([lines[0], lines[1], illegal.to_json(), wrong.to_json()]) + "\n")
    results = read_results(out)
    assert [g.key for g in results.games] == [game.key]
    assert [number for number, _ in results.rejected] == [3, 4]


# -- 12. time a move, start-up apart; the bar; wipeouts ---------------------------------------------------------


def test_run_arena__a_programs_start_up_is_timed_apart(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "a.jsonl"
    code = cli_main(["arena", "greedy", f"slow=cmd:{fake('slowstart')}", "--games", "2", "--out", str(out), "--quiet"])
    assert code == 0
    printed = capsys.readouterr().out
    startup = float(printed.split("start-up (not counted above): slow ")[1].split(" s")[0])
    assert startup >= 1.0
    timing = seconds_per_move(read_results(out).games)
    assert timing["slow"] < 0.5


def test_seconds_per_move__single_legal_moves_are_not_counted() -> None:
    import random

    from othello_zoo.notation import format_moves

    rng = random.Random(0)
    for _ in range(200):  # a random game where black once has a single legal move
        board, moves, chosen, single = Board.start(8), [], 0, 0
        while not board.terminated:
            legal = board.legal_actions()
            if board.current_player == 0 and legal != [64]:
                chosen += len(legal) > 1
                single += len(legal) == 1
            moves.append(rng.choice(legal))
            board = board.step(moves[-1])
        if single:
            break
    assert single >= 1
    black, white = board.scores()
    game = GameRecord(("a", "b"), 0, "a", "b", "", format_moves(moves), black, white, {"black": 6.0, "white": 0.0})
    assert seconds_per_move([game])["a"] == pytest.approx(6.0 / chosen)


def test_wipeouts__games_lost_with_no_disc_left() -> None:
    games = [
        GameRecord(("a", "b"), 0, "a", "b", "", "", 0, 13, {}),
        GameRecord(("a", "b"), 1, "b", "a", "", "", 0, 20, {}),
        GameRecord(("a", "b"), 2, "a", "b", "", "", 40, 24, {}),
    ]
    assert cli_arena.wipeouts(games) == {"a": 1, "b": 1}


def test_run_arena__the_bar_counts_moves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from io import StringIO

    import tqdm.auto

    stream = StringIO()
    original = tqdm.auto.tqdm

    def to_stream(*args: object, **kwargs: object) -> object:
        return original(*args, **{**kwargs, "file": stream, "mininterval": 0})  # type: ignore[call-overload]

    monkeypatch.setattr(tqdm.auto, "tqdm", to_stream)
    run_arena(ArenaSettings(agents=("random", "greedy"), games=2, random_plies=4), tmp_path / "a.jsonl")
    text = stream.getvalue()
    assert "112/112" in text  # 2 games x 56 squares after the 4-ply openings
    assert "move/s" in text
