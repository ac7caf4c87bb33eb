"""The play window driven headless by posted events, and the terminal game driven through stdin."""

from __future__ import annotations

import io
import re
import time

import pygame
import pytest

from othello_zoo import render
from othello_zoo.cli import play as play_cli
from othello_zoo.core.board import Board
from othello_zoo.play import Game, PlayWindow, terminal_game
from othello_zoo.play import window as window_module
from othello_zoo.play.window import FLIP_SECONDS


def settle(window: PlayWindow, seconds: float = 5.0) -> None:
    """Pump events and updates until the agent has replied (or the game waits for the human)."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        for event in pygame.event.get():
            window.handle(event)
        window.update()
        if window.game.board.terminated or window.game.human_to_move():
            return
        time.sleep(0.002)
    raise AssertionError("the agent did not reply")


def click(window: PlayWindow, square: int) -> None:
    x, y = window.renderer.square_centre(square, *window.screen.get_size())
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))


def key(code: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code))


def test_window__whole_game_against_greedy_with_undo_and_new_game() -> None:
    window = PlayWindow(Game("human", "greedy", 8, seed=0), size=(480, 540))
    try:
        game = window.game
        click(window, 37)  # f5
        settle(window)
        assert game.moves[0] == 37
        assert len(game.moves) == 2  # greedy replied
        key(pygame.K_u)
        settle(window)
        assert game.moves == []  # undo took back the pair
        assert game.board.to_text() == Board.start().to_text()
        plies = 0
        while not game.board.terminated and plies < 200:
            if game.must_pass():
                key(pygame.K_SPACE)
            else:
                click(window, game.board.legal_actions()[-1])
            settle(window)
            plies += 1
        assert game.board.terminated
        assert window.status() is None  # the renderer shows the result banner
        assert window.message() == "Press n for a new game"
        assert sum(game.board.scores()) <= 64
        key(pygame.K_n)  # the game is over: no question asked
        settle(window)
        assert game.moves == []
        window.screen = pygame.display.set_mode((300, 700), pygame.RESIZABLE)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=300, h=700, size=(300, 700)))
        settle(window)
        assert window.screen.get_size() == (300, 700)
    finally:
        window.close()


def test_window__forced_pass_by_key_then_the_agent_ends_the_game() -> None:
    game = Game("greedy", "human", 8)
    game.history = [Board.from_text("-OXXXXXX" + "-" * 56 + " O")]
    window = PlayWindow(game, size=(400, 460))
    try:
        settle(window)
        assert window.status() == "White: no move - click or press space to pass"
        click(window, 8)  # a click anywhere passes as well; here it is the pass
        settle(window)
        assert game.moves == [64, 0]  # the pass, then black's a1
        assert game.board.terminated
        assert game.result() == "black wins 8-0"
        assert window.message() == "Press n for a new game"
        assert window.renderer.boxes["status"]  # the banner's text was drawn
    finally:
        window.close()


def test_window__agent_thinks_without_blocking_events() -> None:
    class Slow:
        name = "slow"

        def act(self, board: Board) -> int:
            time.sleep(0.3)
            return board.legal_actions()[0]

    game = Game("human", "random", 8)
    game.agents[1] = Slow()
    window = PlayWindow(game, size=(400, 460))
    clock = [100.0]
    window.now = lambda: clock[0]
    try:
        click(window, 37)
        for event in pygame.event.get():
            window.handle(event)
        start = time.time()
        window.update()  # starts the agent's thread and returns at once
        assert time.time() - start < 0.2
        assert window.status() == "Random (white) is thinking... 0.0 s"
        assert window.message() == ""
        with pytest.MonkeyPatch.context() as patch:  # a search compiling in the background: said on the message line
            patch.setattr(window_module, "compiling_in_background", lambda: True)
            assert window.message() == window_module.COMPILING_NOTE
        clock[0] = 107.46
        assert window.status() == "Random (white) is thinking... 7.5 s"
        settle(window)
        assert window.status() == "Black to move (you)"
        assert len(game.moves) == 2
    finally:
        window.close()


class Responder(io.StringIO):
    """stdin that answers the terminal game's last prompt: the first legal move, or a pass."""

    def __init__(self, out: io.StringIO, script: list[str] | None = None) -> None:
        super().__init__()
        self.out = out
        self.script = list(script or [])

    def readline(self, *args: object) -> str:  # type: ignore[override]
        if self.script:
            return self.script.pop(0) + "\n"
        prompt = self.out.getvalue().rstrip().splitlines()[-1]
        if prompt.startswith("pass"):
            return "\n"
        moves = re.search(r"\(([a-p0-9 ]+)\)", prompt)
        assert moves is not None, prompt
        return moves.group(1)[:2] + "\n"


def test_terminal__human_plays_a_whole_game_through_stdin() -> None:
    out = io.StringIO()
    counts = terminal_game("human", "greedy", 6, seed=0, stdin=Responder(out, ["c2", "undo", "zz9", "a1"]), stdout=out)
    assert counts is not None
    text = out.getvalue()
    assert "undone" in text
    assert "cannot read a move" in text
    assert re.search(r"a1 (is taken|turns over no disc); legal moves: ", text)
    assert "game over" in text
    assert sum(counts) <= 36


def test_terminal__quit_and_end_of_input_stop_the_game() -> None:
    out = io.StringIO()
    assert terminal_game("human", "random", 8, stdin=io.StringIO("quit\n"), stdout=out) is None
    assert terminal_game("human", "random", 8, stdin=io.StringIO(""), stdout=io.StringIO()) is None
    assert "game stopped" in out.getvalue()


def test_run__falls_back_to_the_terminal_without_a_display(monkeypatch: pytest.MonkeyPatch, capsys) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(play_cli, "display_available", lambda: False)
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    args = play_cli.build_parser().parse_args(["--agent", "random"])
    assert play_cli.run(args) == 0
    captured = capsys.readouterr()
    assert "no display found: playing in the terminal" in captured.err
    assert "your move (d3 c4 f5 e6)" in captured.out


def test_run__agent_against_agent_in_the_terminal(capsys) -> None:  # type: ignore[no-untyped-def]
    args = play_cli.build_parser().parse_args(["--black", "greedy", "--white", "random", "--terminal", "--seed", "1"])
    assert play_cli.run(args) == 0
    assert "game over" in capsys.readouterr().out


def test_game__seconds_is_the_thinking_time_of_az_mcts_and_alphabeta_alone() -> None:
    timed = Game("az", "mcts", seconds=1.5)
    assert timed.agents[0].search.config.seconds == 1.5
    assert timed.agents[1].seconds == 1.5
    plain = Game("az", "mcts", mcts_simulations=300)
    assert plain.agents[0].search.config.seconds is None
    assert plain.agents[0].search.config.simulations == 2688  # AGENT_SEARCH
    assert plain.agents[0].batched_search.config.simulations == 1344  # batched_search(AGENT_SEARCH)
    assert (plain.agents[1].seconds, plain.agents[1].simulations) == (None, 300)
    deepening = Game("alphabeta", "greedy", seconds=1.5).agents[0]
    assert (deepening.seconds, deepening.depth, deepening.endgame) == (1.5, 12, 16)  # up to MAX_DEPTH, solved from 16
    assert Game("alphabeta", "greedy", board_size=6, seconds=1.5).agents[0].endgame == 10  # the solver in Python
    fixed = Game("alphabeta", "greedy").agents[0]
    assert (fixed.seconds, fixed.depth, fixed.endgame) == (None, 4, 10)
    assert Game("uct", "greedy", seconds=1.5).agents[0].simulations == 400  # the others play as they always do


def test_game__flipped_are_the_discs_the_last_placement_turned() -> None:
    game = Game("human", "human")
    assert game.flipped == []
    game.play(37)  # f5 turns e5 over
    assert game.flipped == [36]
    game.play(45)  # white f6 turns e5 back
    assert game.flipped == [36]
    game.play(44)  # black e6 turns e5 again
    game.play(29)  # white f4 turns e4 (by the row) and f5 (by the column)
    assert game.flipped == [28, 37]
    assert game.undo()
    assert game.flipped == [36]


def test_window__flipped_discs_are_marked_and_turn_over() -> None:
    window = PlayWindow(Game("human", "human", 8), size=(480, 540))
    click(window, 37)  # f5: e5 (36) turns from white to black
    for event in pygame.event.get():
        window.handle(event)
    assert window.game.flipped == [36]
    width, height = window.screen.get_size()
    x, y = window.renderer.square_centre(36, width, height)
    cell = window.renderer.layout(width, height).cell
    cells, legal = render.cells_of(window.game.board), []

    def frame(progress: float) -> tuple[tuple[int, ...], tuple[int, ...]]:
        window.renderer.draw(window.screen, cells, 1, legal, 37, False, flipped=[36], flip_progress=progress)
        edge_x = x - int(cell * 0.3)  # inside a whole disc, outside a disc seen edge-on
        return tuple(window.screen.get_at((x, y)))[:3], tuple(window.screen.get_at((edge_x, y)))[:3]

    centre, side = frame(0.25)  # first half: still the old colour, narrowing
    assert centre == render.WHITE_DISC
    assert side == render.FELT
    centre, side = frame(0.75)  # second half: the new colour, widening
    assert centre == render.BLACK_DISC
    assert side == render.FELT
    centre, side = frame(1.0)  # done: a whole black disc with the mark at its centre
    assert centre == render.FLIPPED
    assert side == render.BLACK_DISC
    assert 0.0 <= window.flip_progress() < 1.0  # the animation of the move just played is running
    time.sleep(FLIP_SECONDS)
    assert window.flip_progress() == 1.0
    window.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_u))  # undo: f5 taken back
    assert window.game.moves == []
    assert window.flip_progress() == 1.0
    window.close()
