"""The play window while an agent thinks: the status line counts the seconds, the window keeps answering
events (resizing, quitting), and it is redrawn often enough for the count to move. Headless, under SDL's
dummy video driver."""

from __future__ import annotations

import itertools
import os
import threading
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from othello_zoo.core.board import Board
from othello_zoo.play import Game, PlayWindow
from othello_zoo.render import Panel


class Waiting:
    """An agent that thinks until it is told to answer (its first legal move)."""

    def __init__(self) -> None:
        self.answer = threading.Event()

    def act(self, board: Board) -> int:
        self.answer.wait(timeout=30)
        return board.legal_actions()[0]


class Busy:
    """An agent that keeps a core (and the interpreter) busy in pure Python for ``seconds``."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds

    def act(self, board: Board) -> int:
        end = time.monotonic() + self.seconds
        total = 0
        while time.monotonic() < end:
            total += sum(range(1000))
        return board.legal_actions()[0]


def _window_against(agent: object, size: tuple[int, int] = (900, 640)) -> tuple[PlayWindow, list[float]]:
    """A window where the person (black) has played f5 and the agent (white, named MCTS) is to move, on a
    clock the test sets."""
    game = Game("human", "mcts", 8, seed=0, mcts_simulations=10)
    game.agents[1] = agent
    window = PlayWindow(game, size=size)
    clock = [100.0]
    window.now = lambda: clock[0]
    window._play(37)
    return window, clock


def test_status__counts_the_seconds_the_agent_has_thought() -> None:
    agent = Waiting()
    window, clock = _window_against(agent)
    try:
        assert window.thinking_seconds() is None
        window.update()  # the agent's thread starts
        assert window.status() == "MCTS (white) is thinking... 0.0 s"
        clock[0] = 100.46
        assert window.thinking_seconds() == 100.46 - 100.0
        assert window.status() == "MCTS (white) is thinking... 0.5 s"
        clock[0] = 109.94
        window.update()
        assert window.status() == "MCTS (white) is thinking... 9.9 s"
        clock[0] = 225.0
        assert window.status() == "MCTS (white) is thinking... 2 min 05 s"
        agent.answer.set()
        window._thinking.join()  # type: ignore[union-attr]
        window.update()  # the reply is played
        assert window.game.moves == [37, 29]  # f5, then the first legal move: f4
        assert window.thinking_seconds() is None
        assert window.status() == "Black to move (you)"
    finally:
        agent.answer.set()
        window.close()


def test_status__drawn_in_the_panel_every_frame_with_the_new_count() -> None:
    agent = Waiting()
    window, clock = _window_against(agent)
    drawn: list[str | None] = []
    draw = window.renderer.draw

    def recording(*args: object, panel: Panel, **kwargs: object) -> None:
        drawn.append(panel.status)
        draw(*args, panel=panel, **kwargs)  # type: ignore[arg-type]

    window.renderer.draw = recording  # type: ignore[method-assign]
    try:
        for now in (100.0, 100.3, 100.6, 101.0):
            clock[0] = now
            window.update()
        assert drawn == [f"MCTS (white) is thinking... {s} s" for s in ("0.0", "0.3", "0.6", "1.0")]
        assert window.renderer.boxes["status"]  # and the text was drawn
    finally:
        agent.answer.set()
        window.close()


def test_status__two_agents_are_to_move_during_the_delay_then_thinking() -> None:
    game = Game("greedy", "random", 8, seed=0)
    window = PlayWindow(game, size=(640, 700), delay=30.0)
    clock = [50.0]
    window.now = lambda: clock[0]
    try:
        window.update()  # the first move starts at once
        assert window.status() == "Greedy (black) is thinking... 0.0 s"
        window._thinking.join()  # type: ignore[union-attr]
        window.update()  # greedy's move is played; random waits for the delay
        assert len(game.moves) == 1
        window.update()
        assert window._thinking is None
        assert window.status() == "Random (white) to move"
    finally:
        window.close()


def test_window__answers_resizing_and_quitting_while_the_agent_thinks() -> None:
    agent = Waiting()
    window, _ = _window_against(agent)
    try:
        window.update()
        thinking = window._thinking
        assert thinking is not None
        assert thinking.is_alive()
        start = time.monotonic()
        window.handle(pygame.event.Event(pygame.VIDEORESIZE, w=500, h=760, size=(500, 760)))
        window.update()
        assert time.monotonic() - start < 0.5  # no waiting for the agent
        assert window.screen.get_size() == (500, 760)
        assert not window.renderer.layout(500, 760).side_panel  # laid out anew: the panel moved below the board
        assert thinking.is_alive()
        window.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q))
        assert not window.running
        assert window.game.moves == [37]  # the agent has not answered yet
    finally:
        agent.answer.set()
        window.close()


def test_run__the_count_moves_at_least_twice_a_second_while_a_busy_agent_thinks() -> None:
    """The agent shares the interpreter with the window (a thread); the window still gets its frames."""
    window = PlayWindow(Game("human", "mcts", 8, seed=0, mcts_simulations=10), size=(900, 640))
    window.game.agents[1] = Busy(1.5)
    window._play(37)
    frames: list[tuple[float, str | None]] = []
    draw = window.renderer.draw

    def recording(*args: object, panel: Panel, **kwargs: object) -> None:
        frames.append((time.monotonic(), panel.status))
        draw(*args, panel=panel, **kwargs)  # type: ignore[arg-type]
        if len(window.game.moves) == 2:  # the agent's reply was played: enough
            window.running = False

    window.renderer.draw = recording  # type: ignore[method-assign]
    window.run(max_frames=2000)
    thinking = [(t, status) for t, status in frames if status and "is thinking" in status]
    counts = [status for _, status in thinking]
    assert counts[0] == "MCTS (white) is thinking... 0.0 s"
    assert len(set(counts)) >= 6  # 0.0 s to 1.5 s in tenths, a good part of them shown
    gaps = [b[0] - a[0] for a, b in itertools.pairwise(thinking)]
    assert max(gaps) < 0.5
    assert frames[-1][1] == "Black to move (you)"
