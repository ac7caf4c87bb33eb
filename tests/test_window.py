"""The play window as a player sees it: nothing overlaps at any size for any board size, and the
messages a player needs (illegal clicks, nothing to undo, passes, the question before a new game,
the move list) appear. Headless, under SDL's dummy video driver."""

from __future__ import annotations

import itertools
import os
import re

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest
from children import default_sigint

from othello_zoo.cli import play as play_cli
from othello_zoo.core.board import Board
from othello_zoo.play import Game, PlayWindow, side_names
from othello_zoo.render import BoardRenderer, Panel, cells_of

SIZES = [(400, 400), (480, 540), (640, 700), (900, 640), (1280, 720), (400, 900), (1600, 500), (700, 400)]
LONG_NOTE = "g7 is not a legal move; legal: a1 b2 c3 d4 e5 f6 g7 h8 a2 b3 c4 d5 e6 f7"


def _inside(box: tuple[int, int, int, int], width: int, height: int) -> bool:
    x, y, w, h = box
    return x >= 0 and y >= 0 and x + w <= width and y + h <= height and w > 0 and h > 0


def _overlaps(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


@pytest.mark.parametrize("n", [4, 6, 8, 10, 16])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("over", [False, True], ids=["mid-game", "game-over"])
def test_layout__no_text_overlaps_another_or_the_board_and_all_lies_inside(
    n: int, size: tuple[int, int], over: bool
) -> None:
    renderer = BoardRenderer(n)
    surface = pygame.Surface(size)
    cells = [1 + (s % 3 == 0) if s % 5 else 0 for s in range(n * n)]
    moves = ["f5", "d6", "c3", "pass"] * 20  # a long move list: only its last lines show
    panel = Panel(("You", "Alpha-beta"), None, LONG_NOTE, moves, "click: move   u: undo   n: new game   q: quit")
    renderer.draw(surface, cells, 1, [0, n * n - 1], 3, over, panel=panel)
    layout = renderer.layout(*size)
    drawn = renderer.boxes
    assert set(drawn) == {"files", "ranks", "black", "white", "status", "message", "moves", "keys"}
    assert len(drawn["files"]) == len(drawn["ranks"]) == n  # every coordinate drawn
    for name, boxes in drawn.items():
        for box in boxes:
            assert _inside(box, *size), (name, box)
            assert not _overlaps(box, layout.board), (name, box, layout.board)
    for (a, boxes_a), (b, boxes_b) in itertools.combinations(drawn.items(), 2):
        for box_a, box_b in itertools.product(boxes_a, boxes_b):
            assert not _overlaps(box_a, box_b), (a, box_a, b, box_b)
    assert layout.cell * n <= min(size)  # the board fits
    if over:
        status = drawn["status"][0]
        assert _overlaps(status, layout.status)  # the banner's text sits in the status box


def test_layout__a_wide_window_gets_a_side_panel_a_tall_one_header_and_footer() -> None:
    wide, tall = BoardRenderer(8).layout(1280, 720), BoardRenderer(8).layout(400, 900)
    assert wide.side_panel
    assert wide.players[0][0] >= wide.board[0] + wide.board[2]  # right of the board
    assert not tall.side_panel
    assert tall.players[0][1] + tall.players[0][3] <= tall.files[1]  # above the board
    assert tall.status[1] >= tall.board[1] + tall.board[3]  # below the board
    assert tall.status[1] - (tall.board[1] + tall.board[3]) < 20  # right below it, not at the bottom


def _click(window: PlayWindow, square: int) -> None:
    x, y = window.renderer.square_centre(square, *window.screen.get_size())
    window.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
    window.update()


def _key(window: PlayWindow, code: int) -> None:
    window.handle(pygame.event.Event(pygame.KEYDOWN, key=code))
    window.update()


def _settle(window: PlayWindow) -> None:
    """Let the agent's thread reply (a few frames)."""
    for _ in range(200):
        window.update()
        if window._thinking is None and (window.game.human_to_move() or window.game.board.terminated):
            return
        pygame.time.wait(5)


def test_window__names_the_sides_and_says_which_keys_exist() -> None:
    window = PlayWindow(Game("human", "mcts", 8, seed=0, mcts_simulations=20), size=(900, 640))
    try:
        assert window.names == ("You", "MCTS")
        assert pygame.display.get_caption()[0] == "othello-zoo: You (black) vs MCTS (white)"
        assert window.status() == "Black to move (you)"
        assert window.keys() == "click: move   space: pass   u: undo   n: new game   q: quit"
        window.draw()
        texts = window.renderer.boxes
        assert len(texts["black"]) == len(texts["white"]) == 2  # name and count
    finally:
        window.close()
    assert side_names(("greedy", "random")) == ("Greedy", "Random")
    assert side_names(("az", "human")) == ("AlphaZero", "You")


def test_window__illegal_click_and_nothing_to_undo_are_answered() -> None:
    window = PlayWindow(Game("human", "greedy", 8, seed=0), size=(640, 700))
    try:
        _key(window, pygame.K_u)
        assert window.message() == "Nothing to undo"
        _click(window, 0)  # a1
        assert window.message() == "a1 turns over no disc; legal: d3 c4 f5 e6"
        _click(window, 27)  # d4, a disc of the start position
        assert window.message() == "d4 is taken; legal: d3 c4 f5 e6"
        assert window.game.moves == []
        _click(window, 37)  # f5
        assert window.message() == ""
        _settle(window)
        assert window.move_list()[0] == "f5"
        assert len(window.move_list()) == 2  # and greedy's reply
        _key(window, pygame.K_u)
        assert window.message() == ""
        assert window.move_list() == []
    finally:
        window.close()


def test_window__a_new_game_in_progress_is_only_discarded_when_confirmed() -> None:
    window = PlayWindow(Game("human", "human", 6), size=(480, 540))
    try:
        _click(window, window.game.board.legal_actions()[0])
        assert len(window.game.moves) == 1
        _key(window, pygame.K_n)
        assert window.confirming
        assert window.message() == "Start a new game? y: yes, n or Esc: no"
        _key(window, pygame.K_ESCAPE)  # Esc answers the question; it does not quit
        assert window.running
        assert not window.confirming
        assert len(window.game.moves) == 1
        _key(window, pygame.K_n)
        _key(window, pygame.K_n)  # "no"
        assert len(window.game.moves) == 1
        _key(window, pygame.K_n)
        _key(window, pygame.K_y)
        assert window.game.moves == []
        assert window.message() == ""
    finally:
        window.close()


def test_window__the_agents_pass_is_announced_and_listed() -> None:
    game = Game("human", "greedy", 8, seed=0)
    game.history = [Board.from_text("XOOOO-OXXOOOOOXXXOXXOXOXXOXOXOXXXOXXOOOXXOXOOO-OXOOXXXOOXOOOOOOO X")]
    window = PlayWindow(game, size=(640, 700))
    try:
        _click(window, 46)  # g6: white has no move left
        _settle(window)
        assert window.move_list() == ["g6", "pass"]
        assert window.message() == "White (Greedy) has no move and passes"
        assert window.status() == "Black to move (you)"
    finally:
        window.close()


def test_window__two_agents_wait_between_moves_so_a_person_can_follow() -> None:
    demo = PlayWindow(Game("random", "greedy", 8, seed=0), size=(640, 700))
    try:
        assert demo.delay == 0.8
        assert demo.keys() == "n: new game   q: quit"
        demo.update()  # the first move starts at once (nothing was played before it)
        assert demo._thinking is not None
        demo._thinking.join()
        demo.update()
        assert len(demo.game.moves) == 1
        for _ in range(5):
            demo.update()  # well within the delay: no reply started
        assert demo._thinking is None
        assert len(demo.game.moves) == 1
    finally:
        demo.close()
    quick = PlayWindow(Game("random", "greedy", 8, seed=0), size=(640, 700), delay=0)
    quick.close()
    assert quick.delay == 0
    assert PlayWindow(Game("human", "greedy", 8), size=(640, 700)).delay == 0


def test_renderer__env_frames_keep_the_board_clear_of_text() -> None:
    board = Board.start(8)
    for _ in range(30):
        board = board.step(board.legal_actions()[-1])
    renderer = BoardRenderer(8)
    frame_surface = pygame.Surface((560, 620))
    renderer.draw(frame_surface, cells_of(board), board.current_player, [], None, board.terminated)
    layout = renderer.layout(560, 620)
    assert renderer.boxes["status"]
    for box in renderer.boxes["status"] + renderer.boxes["black"] + renderer.boxes["white"]:
        assert not _overlaps(box, layout.board)


def test_run__opens_the_window_with_delay_from_the_command_line(monkeypatch: pytest.MonkeyPatch) -> None:

    opened: list[PlayWindow] = []
    run = PlayWindow.run

    def five_frames(window: PlayWindow, max_frames: int | None = None) -> None:
        opened.append(window)
        run(window, max_frames=5)

    monkeypatch.setattr(PlayWindow, "run", five_frames)
    args = play_cli.build_parser().parse_args(["--black", "random", "--white", "greedy", "--delay", "0", "--seed", "1"])
    assert args.delay == 0.0
    assert play_cli.run(args) == 0
    assert len(opened) == 1
    assert opened[0].delay == 0.0
    assert opened[0].names == ("Random", "Greedy")
    for bad in ("-1", "nan", "61", "soon"):
        with pytest.raises(SystemExit):
            play_cli.build_parser().parse_args(["--delay", bad])


def test_window__a_reply_worked_out_before_an_undo_is_not_played_after_it() -> None:
    class Counting:
        calls = 0

        def act(self, board: Board) -> int:
            Counting.calls += 1
            return board.legal_actions()[0]

    game = Game("human", "greedy", 8)
    game.agents[1] = Counting()
    window = PlayWindow(game, size=(640, 700))
    try:
        _click(window, 37)  # f5; update() starts the agent's thread
        assert window._thinking is not None
        window._thinking.join()  # the reply is worked out, not yet collected
        _key(window, pygame.K_u)  # undo f5
        assert window.move_list() == []
        _click(window, 44)  # e6 instead
        _settle(window)
        assert Counting.calls == 2  # the reply to e6 was worked out afresh
        assert window.move_list()[0] == "e6"
        assert len(window.move_list()) == 2
    finally:
        window.close()


def test_window__clicks_wait_for_the_answer_and_only_the_left_button_plays() -> None:
    window = PlayWindow(Game("human", "human", 8), size=(640, 700))
    try:
        x, y = window.renderer.square_centre(37, *window.screen.get_size())
        window.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=3))  # right button
        assert window.move_list() == []
        _click(window, 37)
        _key(window, pygame.K_n)  # a game in progress: the question
        _click(window, 45)  # ignored while the question is up
        assert window.move_list() == ["f5"]
        _key(window, pygame.K_n)
        _click(window, 45)
        assert window.move_list() == ["f5", "f6"]
    finally:
        window.close()


def test_window__undo_before_the_person_has_moved_is_nothing_to_undo() -> None:
    game = Game("greedy", "human", 8)
    game.play(game.agent_move())
    assert not game.undo()
    assert len(game.moves) == 1
    game.play(game.board.legal_actions()[0])
    game.play(game.agent_move())
    assert game.undo()
    assert len(game.moves) == 1  # back to the person's turn after the agent's first move


def test_layout__tiny_windows_keep_the_board_on_screen() -> None:
    from othello_zoo.render._layout import compute_layout

    for width, height in [(181, 139), (120, 90), (250, 100)]:
        layout = compute_layout(width, height, 8)
        assert layout.board[0] >= 0
        assert layout.board[1] >= 0


QUIT_WHILE_THINKING = """
import os, sys, time
os.environ["SDL_VIDEODRIVER"] = "dummy"
from othello_zoo.play._game import Game
from othello_zoo.play import PlayWindow
window = PlayWindow(Game(sys.argv[1], "greedy", 8, None, 0, 200000), delay=0.0)
for _ in range(3):
    window.update()  # the agent starts thinking (200,000 simulations: minutes of work)
time.sleep(0.3)
print("thinking", window._thinking is not None and window._thinking.is_alive(), flush=True)
if sys.argv[2] == "new":
    stale = window._thinking
    window._new_game()  # a new game mid-think: the stale thought is called off
    stale.join(timeout=10)
    print("stale thought ended", not stale.is_alive(), flush=True)
    window.update()
window.running = False  # q, Esc or closing the window
start = time.monotonic()
window.run()
print(f"closed in {time.monotonic() - start:.1f} s", flush=True)
"""


@pytest.mark.parametrize(("agent", "then"), [("mcts", "quit"), ("mcts", "new")])
def test_window__quitting_while_the_agent_thinks_ends_cleanly(agent: str, then: str) -> None:
    """Before, the program aborted ('terminate called without an active exception', exit 134): it ended with the
    thinking thread inside torch. Now the window calls the thought off and waits for it."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", QUIT_WHILE_THINKING, agent, then], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "thinking True" in done.stdout
    if then == "new":
        assert "stale thought ended True" in done.stdout
    closed = re.search(r"closed in ([0-9.]+) s", done.stdout)
    assert closed is not None
    assert float(closed.group(1)) < 3  # called off at once, not after the search (minutes)
    assert "terminate called" not in done.stderr


def test_window__the_result_names_the_players_and_space_says_why_no_pass() -> None:
    won = Game("human", "greedy", 8, seed=0)
    won.history = [Board.from_text("X" * 40 + "O" * 24 + " X")]  # over: 40-24 for black, the person
    window = PlayWindow(won, size=(640, 700))
    try:
        assert window.result() == "Game over: You win 40-24"
    finally:
        window.close()
    lost = Game("mcts", "human", 8, seed=0, mcts_simulations=20)
    lost.history = [Board.from_text("X" * 40 + "O" * 24 + " X")]
    window = PlayWindow(lost, size=(640, 700))
    try:
        assert window.result() == "Game over: MCTS wins 40-24"
    finally:
        window.close()
    window = PlayWindow(Game("human", "greedy", 8, seed=0), size=(640, 700))
    try:
        assert window.result() is None
        window.handle(window.pygame.event.Event(window.pygame.KEYDOWN, key=window.pygame.K_SPACE))
        assert window.note == "You have a move, so no pass: click a hinted square"
        assert window.game.moves == []
    finally:
        window.close()


@pytest.mark.parametrize("where", ["window", "terminal"])
def test_play__ctrl_c_while_the_agent_thinks_stops_quietly(where: str) -> None:
    import os
    import signal
    import subprocess
    import sys
    import time

    flags = ["--agent", "mcts", "--human", "white", "--simulations", "200000"]  # black, MCTS, thinks first
    flags += ["--terminal"] if where == "terminal" else []
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONUNBUFFERED": "1"}
    child = subprocess.Popen(
        [sys.executable, "-m", "othello_zoo", "play", *flags],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=default_sigint,
    )
    if where == "terminal":  # wait for the agent to think, however slow the machine
        assert child.stdout is not None
        seen = ""
        while "is thinking" not in seen:
            line = child.stdout.readline().decode()
            assert line, "the game ended before the agent thought"
            seen += line
    else:
        time.sleep(8)  # the window started, and MCTS (200,000 simulations: minutes) thinking
    child.send_signal(signal.SIGINT)
    _, err = child.communicate(timeout=60)
    text = err.decode()
    assert child.returncode == 130, text[-2000:]
    assert text.strip().endswith("stopped (Ctrl-C)")  # the game's line, or the command's while it was starting
    assert "Traceback" not in text
    assert "terminate called" not in text
