"""The arena: agents named in text, the Bradley-Terry table, the results file (resume, refusals), external programs
speaking the line protocol, the games' export and replay, and the command line."""

from __future__ import annotations

import json
import math
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from children import default_sigint

from othello_zoo import othello_v0
from othello_zoo.arena import (
    ArenaSettings,
    ColourScore,
    ExternalAgent,
    ExternalAgentError,
    GameRecord,
    colour_scores,
    export_games,
    fit_ratings,
    format_ratings,
    head_to_head,
    openings,
    pairs,
    parse_agent,
    read_results,
    replay,
    run_arena,
    seconds_per_move,
)
from othello_zoo.cli import main as cli_main
from othello_zoo.core.board import Board
from othello_zoo.env.openings import load_book
from othello_zoo.notation import parse_moves

FAKE = Path(__file__).resolve().parent / "data" / "fake_engine.py"


def fake(mode: str = "first") -> str:
    return f"{sys.executable} {FAKE} --mode {mode}"


# -- agents named in text ---------------------------------------------------------------------------------------


def test_parse_agent__labels_options_commands_and_checkpoints() -> None:
    spec = parse_agent("ab6=alphabeta:depth=6,endgame=8")
    assert (spec.label, spec.name, spec.options) == ("ab6", "alphabeta", (("depth", 6), ("endgame", 8)))
    assert spec.text == "ab6=alphabeta:depth=6,endgame=8"
    assert parse_agent(spec.text) == spec
    assert parse_agent("mcts:simulations=50,c=1.5").options == (("simulations", 50), ("c", 1.5))
    assert parse_agent("az:reuse=false").options == (("reuse", False),)
    assert parse_agent("random").label == "random"
    command = parse_agent("mine=cmd:python engine.py --level=3")
    assert (command.label, command.name, command.command) == ("mine", "cmd", "python engine.py --level=3")
    assert parse_agent(command.text) == command
    checkpoint = parse_agent("runs/x/checkpoint.pt")
    assert (checkpoint.name, checkpoint.options, checkpoint.text) == (
        "az",
        (("checkpoint", "runs/x/checkpoint.pt"),),
        "runs/x/checkpoint.pt",
    )
    assert parse_agent("alphabeta:depth=2").build().depth == 2


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("chess", "unknown agent 'chess'"),
        ("alphabeta:depth", "not KEY=VALUE"),
        ("alphabeta:depth=2,depth=3", "given twice"),
        ("cmd:", "needs the program"),
        ("", "is named by text"),
    ],
)
def test_parse_agent__bad_text_is_named(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_agent(text)


def test_agent_spec__a_bad_option_names_the_agent() -> None:
    with pytest.raises(ValueError, match="agent 'alphabeta:colour=red'"):
        parse_agent("alphabeta:colour=red").build()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "alphabeta:dpth=3",
            "agent 'alphabeta:dpth=3': no option 'dpth' for alphabeta, which takes depth, endgame, "
            "evaluation, seconds$",
        ),
        ("greedy:x=1", "agent 'greedy:x=1': no option 'x' for greedy, which takes none$"),
        ("mcts:seed=3", "no option 'seed' for mcts, which takes simulations, .* \\(the arena's --seed seeds the"),
        ("alphabeta:depth=-1", "^agent 'alphabeta:depth=-1': depth must be an int from 1 to 12, got -1$"),
    ],
)
def test_agent_spec__an_unknown_option_lists_the_agents_options_and_a_bad_value_names_the_agent(
    text: str, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        parse_agent(text).build()


def test_parse_agent__an_unknown_name_alone_is_not_repeated() -> None:
    with pytest.raises(ValueError, match=r"^unknown agent 'gready': one of alphabeta, az"):
        parse_agent("gready")
    with pytest.raises(ValueError, match=r"^unknown agent 'gready' in 'gready:depth=1': "):
        parse_agent("gready:depth=1")


# -- ratings ----------------------------------------------------------------------------------------------------


def test_fit_ratings__two_players_give_the_closed_form() -> None:
    """12 wins and 4 losses, one virtual draw: strengths 12.5 : 4.5, 400 log10 of that apart, around 0."""
    table = fit_ratings([("a", "b", 1.0)] * 12 + [("b", "a", 1.0)] * 4)
    gap = 400 * math.log10(12.5 / 4.5)
    assert [r.label for r in table] == ["a", "b"]
    assert table[0].elo == pytest.approx(gap / 2, abs=1e-6)
    assert table[1].elo == pytest.approx(-gap / 2, abs=1e-6)
    assert (table[0].wins, table[0].draws, table[0].losses, table[0].games) == (12, 0, 4, 16)
    assert table[0].score == 0.75
    # The interval: the binomial's, 1.96 standard errors of the log-odds over 17 games (16 and the prior).
    p = 12.5 / 17
    half = 1.959964 * 400 / math.log(10) / math.sqrt(17 * p * (1 - p)) / 2
    assert table[0].high - table[0].elo == pytest.approx(half, rel=1e-4)
    anchored = fit_ratings([("a", "b", 1.0)] * 12 + [("b", "a", 1.0)] * 4, anchor="b")
    assert anchored[1].elo == 0.0
    assert anchored[1].low == pytest.approx(0.0, abs=1e-6)
    assert anchored[0].elo == pytest.approx(gap, abs=1e-6)


def test_fit_ratings__orders_players_as_their_games_do() -> None:
    """Four players, each beating the next 3 games of 4 and the one after that in every game: the table keeps
    that order, a perfect record stays finite, and a draw counts half a win."""
    games = []
    order = ["w", "x", "y", "z"]
    for i, a in enumerate(order):
        for b in order[i + 1 :]:
            wins = 3 if order.index(b) == i + 1 else 4
            games += [(a, b, 1.0)] * wins + [(b, a, 1.0)] * (4 - wins)
    table = fit_ratings(games)
    assert [r.label for r in table] == order
    assert all(math.isfinite(r.elo) and r.low < r.elo < r.high for r in table)
    assert sum(r.elo for r in table) == pytest.approx(0.0, abs=1e-6)
    assert head_to_head([("a", "b", 0.5), ("b", "a", 1.0), ("a", "b", 1.0)]) == {("a", "b"): (1, 1, 1)}
    text = format_ratings(table)
    assert text.splitlines()[1].split()[:2] == ["1", "w"]


def test_colour_scores__each_players_score_as_black_and_as_white_in_the_table() -> None:
    games = [("a", "b", 1.0), ("a", "b", 0.5), ("b", "a", 1.0), ("b", "a", 0.0), ("b", "a", 0.0), ("a", "c", 0.0)]
    scores = colour_scores(games)
    assert scores["a"] == ColourScore(black_points=1.5, black_games=3, white_points=2.0, white_games=3)
    assert (scores["a"].black, scores["a"].white) == (0.5, 2.0 / 3.0)
    assert (scores["b"].black, scores["b"].white) == (1.0 / 3.0, 0.25)
    assert (scores["c"].black, scores["c"].white) == (None, 1.0)
    lines = format_ratings(fit_ratings(games), scores).splitlines()
    assert lines[0].endswith("score  as black  as white")
    row = {line.split()[1]: line.split()[-2:] for line in lines[1:]}
    assert row == {"a": ["0.50", "0.67"], "b": ["0.33", "0.25"], "c": ["-", "1.00"]}


@pytest.mark.parametrize(
    ("games", "message"),
    [
        ([], "no games"),
        ([("a", "a", 1.0)], "against itself"),
        ([("a", "b", 0.7)], "0, 0.5 or 1"),
        ([("a", "b", 1.0), ("c", "d", 1.0)], "never met"),
    ],
)
def test_fit_ratings__refuses_what_cannot_be_rated(games: list[tuple[str, str, float]], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        fit_ratings(games)


def test_fit_ratings__an_unknown_anchor_is_named() -> None:
    with pytest.raises(ValueError, match="anchor 'c' played no game"):
        fit_ratings([("a", "b", 1.0)], anchor="c")


# -- the arena ---------------------------------------------------------------------------------------------------


def test_settings__are_checked_and_named() -> None:
    with pytest.raises(ValueError, match="at least 2 agents"):
        ArenaSettings(agents=("random",))
    with pytest.raises(ValueError, match="games must be even"):
        ArenaSettings(agents=("random", "greedy"), games=3)
    with pytest.raises(ValueError, match=r"\['random'\] repeats"):
        ArenaSettings(agents=("random", "random"))
    with pytest.raises(ValueError, match="schedule must be 'round-robin' or 'gauntlet', got 'swiss'"):
        ArenaSettings(agents=("random", "greedy"), schedule="swiss")
    with pytest.raises(ValueError, match="xot book holds 8 x 8"):
        ArenaSettings(agents=("random", "greedy"), openings="xot", board_size=6)
    settings = ArenaSettings(agents=("random", "g=greedy"), games=4, seed=3, batched=False)
    assert ArenaSettings.from_dict(settings.as_dict()) == settings
    with pytest.raises(ValueError, match=r"unknown arena settings \['colour'\]"):
        ArenaSettings.from_dict({**settings.as_dict(), "colour": "black"})
    assert pairs(["a", "b", "c"]) == [("a", "b"), ("a", "c"), ("b", "c")]
    assert pairs(["a", "b", "c"], "gauntlet") == [("a", "b"), ("a", "c")]


def test_openings__seeded_shared_and_legal() -> None:
    settings = ArenaSettings(agents=("random", "greedy"), random_plies=4, seed=3)
    first = openings(settings, 5)
    assert first == openings(settings, 5)
    assert len({tuple(o) for o in first}) == 5
    assert all(len(o) == 4 for o in first)
    for opening in first:
        board = Board.start(8)
        for action in opening:
            board = board.step(action)  # raises if illegal
    xot = openings(ArenaSettings(agents=("random", "greedy"), openings="xot"), 3)
    assert all(len(o) == 8 for o in xot)


def _lines(path: Path) -> list[str]:
    return path.read_text().splitlines()


def test_run_arena__plays_the_schedule_into_a_results_file(tmp_path: Path) -> None:
    settings = ArenaSettings(agents=("random", "greedy", "ab1=alphabeta:depth=1,endgame=0"), games=4, seed=1)
    out = tmp_path / "arena.jsonl"
    games = run_arena(settings, out, progress=False)
    assert len(games) == 12
    header = json.loads(_lines(out)[0])
    assert header["format"] == "othello-zoo arena 1"
    assert header["settings"]["agents"] == ["random", "greedy", "ab1=alphabeta:depth=1,endgame=0"]
    keys = sorted(game.key for game in games)
    assert keys == sorted((a, b, k) for a, b in pairs(["random", "greedy", "ab1"]) for k in range(4))
    starts = openings(settings, 2)
    for game in games:
        a, b = game.pair
        assert (game.black, game.white) == ((a, b) if game.round % 2 == 0 else (b, a))
        assert parse_moves(game.opening) == starts[game.round // 2]
        assert game.moves.startswith(game.opening)
        final = replay(game)
        assert final.terminated
        assert final.scores() == (game.black_discs, game.white_discs)
        assert set(game.seconds) == {"black", "white"}
    # The same settings play the same games (the agents and openings are seeded).
    again = run_arena(settings, tmp_path / "again.jsonl", progress=False)
    assert sorted((g.key, g.moves) for g in again) == sorted((g.key, g.moves) for g in games)
    # Alpha-beta at depth 1 beats random in most games; the table says so.
    table = fit_ratings(read_results(out).outcomes())
    assert table[-1].label == "random"


def test_run_arena__resumes_without_replaying_finished_games(tmp_path: Path) -> None:
    settings = ArenaSettings(agents=("random", "greedy", "ab1=alphabeta:depth=1,endgame=0"), games=4, seed=2)
    out = tmp_path / "arena.jsonl"
    seen: list[GameRecord] = []

    def stop_after_five(game: GameRecord) -> None:
        seen.append(game)
        if len(seen) == 5:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_arena(settings, out, progress=False, on_game=stop_after_five)
    kept = _lines(out)
    assert len(kept) == 1 + 5
    with out.open("a") as stream:  # a line cut short by the stop
        stream.write('{"black": "rand')
    played: list[GameRecord] = []
    games = run_arena(settings, out, resume=True, progress=False, on_game=played.append)
    assert len(played) == 7
    assert len(games) == 12
    assert not {g.key for g in played} & {g.key for g in seen}
    assert _lines(out)[:6] == kept
    assert len({g.key for g in read_results(out).games}) == 12
    assert run_arena(settings, out, resume=True, progress=False, on_game=played.append)
    assert len(played) == 7


def test_run_arena__never_overwrites_and_checks_the_settings(tmp_path: Path) -> None:
    out = tmp_path / "arena.jsonl"
    settings = ArenaSettings(agents=("random", "greedy"), games=2)
    run_arena(settings, out, progress=False)
    before = out.read_bytes()
    with pytest.raises(FileExistsError, match="--resume"):
        run_arena(settings, out, progress=False)
    with pytest.raises(ValueError, match=r"games: 2 there, 4 now"):
        run_arena(ArenaSettings(agents=("random", "greedy"), games=4), out, resume=True, progress=False)
    assert out.read_bytes() == before
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not json\n")
    with pytest.raises(ValueError, match="line 1 is not an arena results header"):
        read_results(bad)


def test_run_arena__unbatched_plays_one_game_at_a_time_with_act(tmp_path: Path) -> None:
    """``batched=False`` asks every agent board by board, game after game: for agents that decide alone the
    games are those of the batched run; the thinking times are each agent's own."""
    agents = ("greedy", "ab1=alphabeta:depth=1,endgame=0")
    batched = run_arena(ArenaSettings(agents=agents, games=4, seed=4), tmp_path / "a.jsonl", progress=False)
    order: list[int] = []
    alone = run_arena(
        ArenaSettings(agents=agents, games=4, seed=4, batched=False),
        tmp_path / "b.jsonl",
        progress=False,
        on_game=lambda game: order.append(game.round),
    )
    assert order == [0, 1, 2, 3]
    assert sorted((g.key, g.moves) for g in alone) == sorted((g.key, g.moves) for g in batched)
    assert read_results(tmp_path / "b.jsonl").settings["batched"] is False


def test_seconds_per_move__counts_the_moves_each_player_chose() -> None:
    game = GameRecord(("a", "b"), 0, "a", "b", "f5", "f5d6c3d3", 3, 1, {"black": 2.0, "white": 3.0})
    # After the opening f5 (not counted): white chose d6 and d3, black c3.
    assert seconds_per_move([game]) == {"a": 2.0, "b": 1.5}


def test_export__a_book_file_whose_games_replay_in_the_env(tmp_path: Path) -> None:
    settings = ArenaSettings(agents=("random", "greedy"), games=4, seed=5)
    games = run_arena(settings, tmp_path / "arena.jsonl", progress=False)
    path = tmp_path / "games.txt"
    assert export_games(games, path) == 4
    with pytest.raises(FileExistsError):
        export_games(games, path)
    book = load_book(str(path))
    assert [list(o) for o in book.openings] == [parse_moves(g.moves) for g in games]
    for game in games:
        env = othello_v0.env()
        env.reset(seed=0)
        for action in parse_moves(game.moves):
            assert not env.terminations[env.agent_selection]
            env.step(action)
        assert all(env.terminations.values())
        assert env.infos["black_0"]["scores"] == (game.black_discs, game.white_discs)
        points = game.black_points
        assert env.rewards["black_0"] == {1.0: 1, 0.5: 0, 0.0: -1}[points]


# -- external programs -------------------------------------------------------------------------------------------


def test_external_agent__plays_by_the_protocol() -> None:
    board = Board.start(8)
    with ExternalAgent(fake()) as agent:
        assert agent.act(board) == min(board.legal_actions())
        after = board.step(min(board.legal_actions()))
        assert agent.act(after) == min(after.legal_actions())
    with ExternalAgent(fake("chatty"), name="chatty") as agent:
        assert agent.act(board) == min(board.legal_actions())


def test_external_agent__forced_passes_are_not_asked() -> None:
    stuck = Board.from_text("OXOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOXOOOOOOOO- X")
    assert stuck.legal_actions() == [64]
    agent = ExternalAgent(fake("exit"))
    assert agent.act(stuck) == 64  # the program, which exits when asked, was not asked


@pytest.mark.parametrize(
    ("mode", "message"),
    [
        ("illegal", "not legal there; legal: "),
        ("garbage", "answered 'hello there'"),
        ("exit", r"closed its output instead of answering .*; it exited \(exit status 3\).*leaving on purpose"),
        ("silent", "gave no move within 0.5 s"),
    ],
)
def test_external_agent__a_broken_program_is_named(mode: str, message: str) -> None:
    agent = ExternalAgent(fake(mode), name="broken", timeout=0.5)
    try:
        with pytest.raises(ExternalAgentError, match=message) as raised:
            agent.act(Board.start(8))
        assert "external agent 'broken'" in str(raised.value)
        assert "---------------------------OX------XO--------------------------- X" in str(raised.value)
    finally:
        agent.close()


def test_external_agent__bad_commands() -> None:
    with pytest.raises(ValueError, match="command is empty"):
        ExternalAgent("")
    with pytest.raises(ExternalAgentError, match="could not start"):
        ExternalAgent("no-such-program-here").act(Board.start(8))


def test_run_arena__rates_an_external_program(tmp_path: Path) -> None:
    settings = ArenaSettings(agents=("greedy", f"fake=cmd:{fake()}"), games=4)
    games = run_arena(settings, tmp_path / "arena.jsonl", progress=False)
    assert len(games) == 4
    assert {g.black for g in games} == {"greedy", "fake"}
    assert all(replay(g).scores() == (g.black_discs, g.white_discs) for g in games)


# -- the command line --------------------------------------------------------------------------------------------


def test_cli_arena__plays_rates_plots_and_exports(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out, plot, txt = tmp_path / "a.jsonl", tmp_path / "ratings.png", tmp_path / "games.txt"
    assert cli_main(["arena", "random", "greedy", "--games", "2", "--out", str(out), "--quiet"]) == 0
    printed = capsys.readouterr().out
    assert "2 games in" in printed
    assert "greedy" in printed
    code = cli_main(["arena", "--results", str(out), "--plot", str(plot), "--export", str(txt), "--anchor", "random"])
    assert code == 0
    printed = capsys.readouterr().out
    assert plot.stat().st_size > 10_000
    assert plot.read_bytes()[:4] == b"\x89PNG"
    assert len(load_book(str(txt))) == 2
    assert "random" in printed
    assert "+0" in printed
    with pytest.raises(SystemExit):  # an existing file without --resume
        cli_main(["arena", "random", "greedy", "--games", "2", "--out", str(out), "--quiet"])
    assert (
        f"{out} already holds arena results: add --resume to go on with its games, or name another file with --out"
        in (capsys.readouterr().err)
    )


def test_cli_arena__ctrl_c_keeps_the_games_and_resume_plays_the_rest(tmp_path: Path) -> None:
    out = tmp_path / "a.jsonl"
    # An agent of some 10 ms a move, so that the games last past the Ctrl-C (alpha-beta at depth 3 in C: microseconds)
    command = [sys.executable, "-m", "othello_zoo", "arena", "random", "mc=mcts:simulations=100"]
    command += ["greedy", "--games", "8", "--out", str(out), "--quiet"]
    child = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=default_sigint
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and (not out.exists() or len(_lines(out)) < 3):
        time.sleep(0.1)
    assert child.poll() is None, child.communicate()
    child.send_signal(signal.SIGINT)
    _, err = child.communicate(timeout=60)
    assert child.returncode == 130, err
    assert "finished games kept in" in err
    assert "--resume" in err
    kept = [line for line in _lines(out)[1:] if line.strip()]
    assert 2 <= len(kept) < 24
    done = subprocess.run(
        [sys.executable, "-m", "othello_zoo", "arena", "--out", str(out), "--resume", "--quiet"],
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ},
    )
    assert done.returncode == 0, done.stderr
    results = read_results(out)
    assert len(results.games) == 24
    assert len({g.key for g in results.games}) == 24
    assert _lines(out)[1 : 1 + len(kept)] == kept


def test_run_arena__batched_alphazero_on_6x6(tmp_path: Path) -> None:
    """The AlphaZero agent chooses for its boards in one batched search (act_states), the exact solver near the
    end included; the games replay on the 6 x 6 board."""
    settings = ArenaSettings(agents=("random", "az:simulations=8"), games=4, board_size=6, random_plies=2)
    games = run_arena(settings, tmp_path / "arena.jsonl", progress=False)
    assert len(games) == 4
    for game in games:
        final = replay(game, board_size=6)
        assert final.terminated
        assert final.scores() == (game.black_discs, game.white_discs)
    table = fit_ratings(read_results(tmp_path / "arena.jsonl").outcomes())
    assert table[0].label == "az:simulations=8"


@pytest.mark.parametrize("games", ["-4", "0", "3"])
def test_cli_arena__games_that_cannot_be_played_name_the_flag_and_write_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], games: str
) -> None:
    out = tmp_path / "a.jsonl"
    with pytest.raises(SystemExit):
        cli_main(["arena", "random", "greedy", "--games", games, "--out", str(out), "--quiet"])
    err = capsys.readouterr().err
    assert f"--games takes an even number, 2 or more (each opening is played with both colours), got {games}" in err
    assert "Traceback" not in err
    assert not out.exists()


def test_cli_arena__a_results_file_that_is_not_there_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        cli_main(["arena", "--results", str(tmp_path / "none.jsonl")])
    assert f"othello-zoo arena: error: --results {tmp_path / 'none.jsonl'}: no such file" in capsys.readouterr().err


def test_cli_arena__an_out_file_in_a_folder_that_does_not_exist_is_refused_and_no_folder_is_made(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "no" / "such" / "a.jsonl"
    with pytest.raises(SystemExit):
        cli_main(["arena", "random", "greedy", "--games", "2", "--out", str(out), "--quiet"])
    assert f"the folder of {out} does not exist: create it, or choose another file" in capsys.readouterr().err
    assert not (tmp_path / "no").exists()
