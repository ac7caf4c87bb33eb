"""The terminal game (``othello-zoo play --terminal``) driven through stdin: the banner, the
commands, bad input answered in one line, passes announced, the board shown only when it changed."""

from __future__ import annotations

import io
import re
import threading
import time

import pytest

from othello_zoo.core.board import Board
from othello_zoo.notation import format_moves, parse_moves
from othello_zoo.play import Game, terminal_game
from othello_zoo.play._terminal import COMMANDS, TerminalSession, Ticker
from othello_zoo.render import board_to_ansi, cells_of

BANNER = "othello-zoo play, 8x8: black (X) you, white (O) random\n" + COMMANDS + "\n"
START = board_to_ansi(cells_of(Board.start()), 0, [19, 26, 37, 44])  # d3 c4 f5 e6 marked
PROMPT = "your move (d3 c4 f5 e6): "
HEADER_8 = "     a  b  c  d  e  f  g  h\n"


def play(typed: str, board_size: int = 8, opening: str = "") -> tuple[tuple[int, int] | None, str]:
    """The game's result and everything it printed, for a person (black) against random (white)."""
    out = io.StringIO()
    moves = parse_moves(opening, board_size) if opening else None
    result = terminal_game("human", "random", board_size, 0, stdin=io.StringIO(typed), stdout=out, opening=moves)
    return result, out.getvalue()


def test_banner__lists_the_commands_before_the_first_board() -> None:
    result, text = play("q\n")
    assert result is None
    assert text == BANNER + "\n" + START + "\n" + PROMPT + "game stopped\n"
    for word in ("help", "undo", "new", "q, quit, exit", "pass", "f5"):
        assert word in COMMANDS


def test_banner__agents_only_names_the_sides_without_the_commands() -> None:
    out = io.StringIO()
    assert terminal_game("greedy", "random", 6, seed=1, stdout=out) is not None
    assert out.getvalue().startswith("othello-zoo play, 6x6: black (X) greedy, white (O) random\n\n     a  b")
    assert "Commands:" not in out.getvalue()


def test_help__prints_the_commands_and_the_legal_moves_without_the_board() -> None:
    _, text = play("help\nq\n")
    help_answer = COMMANDS + "\nlegal moves now: d3 c4 f5 e6\n"
    assert text == BANNER + "\n" + START + "\n" + PROMPT + help_answer + PROMPT + "game stopped\n"


@pytest.mark.parametrize("word", ["q", "quit", "exit", "Q", "QUIT", "Exit", "  quit  "])
def test_quit__every_word_in_any_case_stops_the_game(word: str) -> None:
    result, text = play(f"{word}\n")
    assert result is None
    assert text.endswith(PROMPT + "game stopped\n")


def test_quit__end_of_input_stops_the_game() -> None:
    result, text = play("")
    assert result is None
    assert text.endswith(PROMPT + "\ngame stopped\n")


def test_bad_input__one_line_naming_it_and_the_legal_moves_no_board() -> None:
    _, text = play("\nzz9\na1\nD4\nf5d6\npass\nhelp me\nq\n")
    answers = [
        "nothing typed; legal moves: d3 c4 f5 e6 (type help for the commands)",
        "cannot read a move in 'zz9'; legal moves: d3 c4 f5 e6 (type help for the commands)",
        "a1 turns over no disc; legal moves: d3 c4 f5 e6",
        "d4 is taken; legal moves: d3 c4 f5 e6",
        "'f5d6' is 2 moves: type one at a time; legal moves: d3 c4 f5 e6",
        "'pass': a pass is only for a side with no move, and you have moves; legal moves: d3 c4 f5 e6",
        "cannot read a move in 'help me'; legal moves: d3 c4 f5 e6 (type help for the commands)",
    ]
    expected = BANNER + "\n" + START + "\n" + "".join(PROMPT + answer + "\n" for answer in answers)
    assert text == expected + PROMPT + "game stopped\n"
    assert text.count(HEADER_8) == 1  # the board is not printed again after a bad input


def test_moves__a_move_in_capitals_is_played_and_the_board_shown_again() -> None:
    _, text = play("F5\nq\n")
    assert text.count(HEADER_8) == 2  # the start, then the position after the agent's reply
    assert "O (random) plays " in text
    assert "X black 4   O white 1" not in text  # the position between the move and the reply is not shown


def test_new__asks_for_confirmation_while_a_game_is_in_progress() -> None:
    result, text = play("f5\nnew\nn\nnew\nyes\nq\n")
    assert result is None
    confirm = re.escape("a game is in progress: start a new one? (y/n): ")
    answers = confirm + "carrying on with this game\n" + r"\1" + confirm + "new game\n\n"
    after_the_reply = r"(your move \([a-h1-8 ]+\): )" + answers + re.escape(START + "\n" + PROMPT + "game stopped\n")
    assert re.search(after_the_reply + "$", text)
    assert text.count(HEADER_8) == 3  # the start, after the agent's reply, the new game


def test_new__without_a_move_played_starts_at_once_and_end_of_input_at_the_question_stops() -> None:
    _, text = play("new\nq\n")
    assert text == BANNER + "\n" + START + "\n" + PROMPT + "new game\n\n" + START + "\n" + PROMPT + "game stopped\n"
    result, text = play("f5\nnew\n")
    assert result is None
    assert text.endswith("a game is in progress: start a new one? (y/n): \ngame stopped\n")


def test_undo__answers_in_one_line_and_shows_the_board_only_when_a_move_was_undone() -> None:
    _, text = play("undo\nf5\nundo\nq\n")
    assert text.startswith(BANNER + "\n" + START + "\n" + PROMPT + "nothing to undo\n" + PROMPT)
    assert text.endswith("undone\n\n" + START + "\n" + PROMPT + "game stopped\n")


def test_pass__the_agents_pass_is_announced() -> None:
    # 4x4, after b1 c1 d1 a1: black's a3 leaves white without a move
    result, text = play("a3\nq\n", board_size=4, opening="b1c1d1a1")
    assert result is None
    assert "your move (a2 a3 d3 c4): white has no move and passes\n" in text
    assert "plays pass" not in text


def test_pass__the_persons_forced_pass_is_asked_for_and_announced() -> None:
    # 4x4, after b1 c1 d3 a1: black has no move
    result, text = play("zz\n\nq\n", board_size=4, opening="b1c1d3a1")
    assert result is None
    prompt = "pass (black has no move; press Enter): "
    bad = "cannot read a move in 'zz'; legal moves: pass (type help for the commands)\n"
    assert prompt + bad + prompt + "black has no move and passes\nO (random) plays " in text


def test_pass__typing_pass_works_too() -> None:
    _, text = play("PASS\nq\n", board_size=4, opening="b1c1d3a1")
    assert "(black has no move; press Enter): black has no move and passes\n" in text


def test_format_moves__one_space_apart_for_a_person_with_pass_named() -> None:
    assert format_moves([19, 26, 37, 44], 8, " ") == "d3 c4 f5 e6"
    assert format_moves([16], 4, " ") == "pass"


def test_terminal__says_who_is_thinking_while_a_searching_agent_thinks() -> None:
    out = io.StringIO()
    terminal_game("human", "mcts", 8, seed=0, stdin=io.StringIO("f5\nq\n"), stdout=out, simulations=50)
    text = out.getvalue()
    assert "O (mcts) is thinking...\nO (mcts) plays " in text
    assert re.search(r"\nO \(mcts\) plays [a-h][1-8] after \d+\.\d s\n", text)
    quick = io.StringIO()
    terminal_game("human", "greedy", 8, seed=0, stdin=io.StringIO("f5\nq\n"), stdout=quick)
    assert "thinking" not in quick.getvalue()  # an instant agent needs no word


def test_terminal__says_once_that_a_search_compiles_in_the_background(monkeypatch: pytest.MonkeyPatch) -> None:
    """While a compilation runs in the background (the AlphaZero agent's first minutes on a machine), the game says
    once that the agent's moves are slower until it is done; without one it says nothing of it."""
    from othello_zoo.play import _terminal

    monkeypatch.setattr(_terminal, "compiling_in_background", lambda: True)
    out = io.StringIO()
    terminal_game("human", "mcts", 8, seed=0, stdin=io.StringIO("f5\nd6\nq\n"), stdout=out, simulations=20)
    said = "O (mcts) compiles its search in the background: slower moves until it is done\n"
    assert out.getvalue().count(said) == 1
    assert said + "O (mcts) is thinking...\n" in out.getvalue()
    monkeypatch.setattr(_terminal, "compiling_in_background", lambda: False)
    quiet = io.StringIO()
    terminal_game("human", "mcts", 8, seed=0, stdin=io.StringIO("f5\nq\n"), stdout=quiet, simulations=20)
    assert "compiles" not in quiet.getvalue()


def test_play_command__offers_another_game_at_the_end(monkeypatch: pytest.MonkeyPatch, capsys) -> None:  # type: ignore[no-untyped-def]
    from othello_zoo.__main__ import main

    # 4x4 games against random, answered with "pass" and moves until the end; "y" once, then "n"
    answers = iter(["y\n", "n\n"])
    monkeypatch.setattr("othello_zoo.cli.play.another_game", lambda: next(answers) == "y\n")
    games = []
    monkeypatch.setattr("othello_zoo.cli.play.terminal_game", lambda *a, **k: games.append(a) or (5, 3))
    assert main(["play", "--terminal", "--board-size", "4", "--agent", "random"]) == 0
    assert len(games) == 2  # the first game, then the one asked for


def test_another_game__yes_or_anything_else() -> None:
    from othello_zoo.play._terminal import another_game

    for typed, wanted in (("y\n", True), ("Yes\n", True), ("n\n", False), ("", False), ("maybe\n", False)):
        out = io.StringIO()
        assert another_game(io.StringIO(typed), out) is wanted
        assert out.getvalue() == "Another game? (y: yes, anything else: quit) "


class _Stub:
    """An agent that plays ``square`` (an index), taking ``seconds`` on a fake clock."""

    def __init__(self, square: int, clock: list[float], seconds: float) -> None:
        self.square, self.clock, self.seconds = square, clock, seconds

    def act(self, board: Board) -> int:
        self.clock[0] += self.seconds
        return self.square


class _Terminal(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def _session(stdout: io.StringIO, agent: object, clock: list[float]) -> TerminalSession:
    """The person (black) has played f5; the agent (white, named mcts) is to move, on a fake clock."""
    game = Game("human", "mcts", 8, seed=0, mcts_simulations=10)
    game.agents[1] = agent
    game.play(37)
    return TerminalSession(game, io.StringIO(), stdout, clock=lambda: clock[0])


def test_agent_turn__says_how_long_the_agent_took() -> None:
    clock = [10.0]
    out = io.StringIO()
    session = _session(out, _Stub(29, clock, 8.27), clock)  # f4 after 8.27 s
    assert not session.live
    session.agent_turn()
    assert out.getvalue() == "O (mcts) is thinking...\nO (mcts) plays f4 after 8.3 s\n"
    clock[0] = 0.0
    session.game.undo()
    session.game.play(37)
    session.game.agents[1] = _Stub(29, clock, 75.0)
    out.seek(0)
    out.truncate()
    session.agent_turn()
    assert out.getvalue() == "O (mcts) is thinking...\nO (mcts) plays f4 after 1 min 15 s\n"


def test_ticker__writes_the_seconds_over_the_line_only_when_they_change() -> None:
    clock = [5.0]
    out = io.StringIO()
    ticker = Ticker(out, "O (mcts) is thinking...", lambda: clock[0], 5.0)
    ticker.tick()
    ticker.tick()
    clock[0] = 5.52
    ticker.tick()
    clock[0] = 15.0
    ticker.tick()
    ticker.clear()
    line = "O (mcts) is thinking..."
    blank = "\r" + " " * len(line + " 10.0 s") + "\r"
    assert out.getvalue() == line + "\r" + line + " 0.0 s\r" + line + " 0.5 s\r" + line + " 10.0 s" + blank


def test_think__on_a_terminal_counts_the_seconds_in_place_then_announces_the_move() -> None:
    clock = [0.0]
    out = _Terminal()
    line = "O (mcts) is thinking..."

    class Slow:
        """Lets the ticker show 0.0 s, then moves the clock to 3.5 s and waits for the ticker to show it."""

        def act(self, board: Board) -> int:
            for shown, now in (("0.0 s", 0.0), ("3.5 s", 3.5)):
                clock[0] = now
                deadline = time.monotonic() + 30
                while f"{line} {shown}" not in out.getvalue():
                    assert time.monotonic() < deadline, out.getvalue()
                    time.sleep(0.005)
            return 29

    session = _session(out, Slow(), clock)
    session.tick_seconds = 0.01
    assert session.live
    session.agent_turn()
    blank = "\r" + " " * len(line + " 3.5 s") + "\r"
    expected = line + "\r" + line + " 0.0 s\r" + line + " 3.5 s" + blank + "O (mcts) plays f4 after 3.5 s\n"
    assert out.getvalue() == expected


def test_think__ctrl_c_stops_the_ticker_before_it_goes_on() -> None:
    clock = [0.0]
    out = _Terminal()

    class Interrupted:
        def act(self, board: Board) -> int:
            raise KeyboardInterrupt

    session = _session(out, Interrupted(), clock)
    threads = threading.active_count()
    with pytest.raises(KeyboardInterrupt):
        session.agent_turn()
    assert threading.active_count() == threads  # the ticker's thread has ended
    time.sleep(0.7)  # longer than a tick: nothing more is written
    assert out.getvalue() == "O (mcts) is thinking..."
