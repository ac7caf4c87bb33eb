"""Any program as an agent: a line protocol on its standard input and output.

The protocol, version 1 (the whole of it):

- The arena starts the program once and keeps it running for all its games.
- For each move it writes one line to the program's standard input: the position in position text (``n*n``
  characters from a1 row by row, ``X`` black, ``O`` white, ``-`` empty, a space, the side to move), e.g.
  ``---------------------------OX------XO--------------------------- X``.
- The program answers with one line of UTF-8 on its standard output: the square it plays in lower case (``d3``),
  or ``pass``. Lines that start with ``#`` are ignored (a program may log on them); so is surrounding white space.
- The program is asked only when it has a choice: a forced pass, or the only legal move, is played for it.
- Before the games the arena asks once for a move in the start position and drops the answer: the time of that
  answer is the program's start-up (:attr:`ExternalAgent.startup_seconds`), kept apart from its time a move.
- At the end the arena closes the program's standard input; a program should exit when it reads end of file.

``timeout`` bounds the whole answer to a position, comment lines included. A program that answers with anything
but a legal move, answers nothing in time, writes bytes that are not UTF-8 or a line longer than
:data:`MAX_LINE` bytes, or closes its output, is ended (its late answers can never be taken for the next position)
and :class:`ExternalAgentError` names the program, the position, the reply and what happened (the arena stops there
and keeps the games already finished). Standard error is the program's own: its last lines are quoted in such an
error.

A complete engine in Python (the one the tests run, in ``tests/data/fake_engine.py``) is a loop over
``sys.stdin`` that prints a square and flushes.
"""

from __future__ import annotations

import collections
import queue
import shlex
import subprocess
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType
from typing import IO

from othello_zoo.agents.baseline import BoardAgent
from othello_zoo.core.board import Board
from othello_zoo.core.checks import check_real
from othello_zoo.core.notation import format_moves, square_to_index

__all__ = ["MAX_LINE", "PROTOCOL", "ExternalAgent", "ExternalAgentError", "split_command"]

PROTOCOL = 1
"""The version of the line protocol described in this module's documentation."""

MAX_LINE = 65536
"""The longest line (in bytes) a program may write on its standard output."""


class _End:
    """What the reader thread puts on the queue when the program's output cannot go on."""

    def __init__(self, why: str) -> None:
        self.why = why


class ExternalAgentError(RuntimeError):
    """An external program broke the protocol: no answer in time, an illegal or unreadable answer, or it exited."""


def split_command(command: str) -> list[str]:
    """The arguments of a command line, split as a POSIX shell splits them (no shell runs); ``ValueError`` naming
    the command where its quoting is broken or it is empty.

    >>> split_command("python 'my engine.py' --level 3")
    ['python', 'my engine.py', '--level', '3']
    """
    try:
        arguments = shlex.split(command)
    except ValueError as error:
        raise ValueError(f"the command {command!r} cannot be split into arguments: {str(error).lower()}") from None
    if not arguments:
        raise ValueError("command is empty: give the program to run, e.g. 'python my_engine.py'")
    return arguments


class ExternalAgent(BoardAgent):
    """A program that speaks the protocol of :mod:`othello_zoo.arena.external`, as an agent.

    Args:
        command: the command line, as a string (split like a POSIX shell does, without running one) or a
            sequence of arguments, e.g. ``"python my_engine.py --level 3"``.
        name: the agent's name in tables (default: the command line).
        timeout: seconds the whole answer to one position may take before :class:`ExternalAgentError`.
        cwd: the program's working directory (default: the current one).

    The program starts at :meth:`warm_up` or the first move and stops at :meth:`close` (or at the end of a
    ``with`` block); a program that broke the protocol has been ended already.
    """

    def __init__(
        self,
        command: str | Sequence[str],
        name: str | None = None,
        *,
        timeout: float = 60.0,
        cwd: str | Path | None = None,
    ) -> None:
        if isinstance(command, str):
            arguments = split_command(command)
        elif isinstance(command, Sequence) and all(isinstance(part, str) for part in command):
            arguments = list(command)
        else:
            raise TypeError(f"command must be a string or a sequence of strings, got {command!r}")
        if not arguments:
            raise ValueError("command is empty: give the program to run, e.g. 'python my_engine.py'")
        self.arguments = arguments
        self.command = shlex.join(arguments)
        self.name = name if name is not None else self.command
        self.timeout = check_real("timeout", timeout, low=0.0, open_low=True)
        self.cwd = cwd
        self.startup_seconds: float | None = None
        """The time of the answer to :meth:`warm_up` (the program's start-up); ``None`` before."""
        self._process: subprocess.Popen[bytes] | None = None
        self._lines: queue.Queue[str | _End] = queue.Queue()
        self._errors: collections.deque[str] = collections.deque(maxlen=20)

    # -- the program ------------------------------------------------------------------------------
    def start(self) -> None:
        """Start the program (done by the first move; a program that has ended is started again)."""
        if self._process is not None and self._process.poll() is None:
            return
        self._end()
        try:
            process = subprocess.Popen(
                self.arguments,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                bufsize=0,
                cwd=self.cwd,
            )
        except (OSError, ValueError) as error:
            raise ExternalAgentError(f"could not start {self.command!r}: {error}") from error
        self._process = process
        self._lines = queue.Queue()
        self._errors.clear()
        assert process.stdout is not None
        assert process.stderr is not None
        threading.Thread(target=_read, args=(process.stdout, self._lines), daemon=True).start()
        threading.Thread(target=self._drain, args=(process.stderr,), daemon=True).start()

    def warm_up(self, board_size: int = 8) -> float:
        """Start the program and ask it for a move in the start position, dropping the answer; returns (and keeps
        in :attr:`startup_seconds`) how long the answer took: the program's start-up, not a move of a game."""
        began = time.perf_counter()
        self.start()
        self.choose(Board.start(board_size))
        self.startup_seconds = time.perf_counter() - began
        return self.startup_seconds

    def _drain(self, stream: IO[bytes]) -> None:
        for line in iter(lambda: stream.readline(MAX_LINE), b""):
            self._errors.append(line.decode("utf-8", "replace").rstrip("\r\n"))

    def close(self) -> None:
        """End the program: its standard input closed, then killed if it has not exited within 2 seconds."""
        self._end(grace=2.0)

    def _end(self, grace: float = 0.0) -> int | None:
        """End the program (standard input closed; killed after ``grace`` seconds); its exit status, ``None``
        where it had to be killed or none ran."""
        process, self._process = self._process, None
        if process is None:
            return None
        try:
            if process.stdin is not None:
                process.stdin.close()
        except OSError:
            pass
        try:
            return process.wait(timeout=grace) if grace > 0 else _exited(process)
        except subprocess.TimeoutExpired:
            pass
        process.kill()
        process.wait()
        return None

    def __enter__(self) -> ExternalAgent:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()

    def __del__(self) -> None:
        process = getattr(self, "_process", None)
        if process is not None and process.poll() is None:
            process.kill()

    # -- a move -----------------------------------------------------------------------------------
    def choose(self, board: Board) -> int:
        n = board.board_size
        legal = board.legal_actions()
        if legal == [n * n]:  # a forced pass: nothing to ask
            return n * n
        self.start()
        process = self._process
        assert process is not None
        assert process.stdin is not None
        text = board.to_text()
        try:
            process.stdin.write((text + "\n").encode())
            process.stdin.flush()
        except OSError as error:  # the program has exited
            raise self._failure(f"could not be sent the position {text!r} ({error})") from error
        reply = self._reply(text)
        try:
            action = square_to_index(reply, n)
        except ValueError:
            raise self._failure(f"answered {reply!r} to {text!r}: expected a square such as 'd3', or 'pass'") from None
        if action not in legal:
            named = format_moves(legal, n, " ")
            raise self._failure(f"played {reply!r} in {text!r}, which is not legal there; legal: {named}")
        return action

    def _reply(self, text: str) -> str:
        """The program's next line that is not a comment, within ``timeout`` seconds in all."""
        deadline = time.monotonic() + self.timeout
        while True:
            left = deadline - time.monotonic()
            try:
                line = self._lines.get(timeout=left) if left > 0 else self._lines.get_nowait()
            except queue.Empty:
                raise self._failure(f"gave no move within {self.timeout:g} s for {text!r}") from None
            if isinstance(line, _End):
                raise self._failure(f"{line.why} instead of answering {text!r}")
            reply = line.strip().lower()
            if reply and not reply.startswith("#"):
                return reply

    def _failure(self, what: str) -> ExternalAgentError:
        """The error for ``what`` happened, the program ended first (how it ended is said)."""
        process = self._process
        if process is not None:
            try:
                exited: int | None = process.wait(timeout=0.2)
            except subprocess.TimeoutExpired:
                exited = None
            status = self._end(grace=0.3)
            if exited is not None:
                what += f"; it exited (exit status {exited})"
            else:
                what += "; it was ended" + (f" (exit status {status})" if status is not None else " (killed)")
        time.sleep(0.05)  # the last standard error lines, which the program may write as it exits
        said = "; its last standard error lines: " + " | ".join(self._errors) if self._errors else ""
        return ExternalAgentError(f"external agent {self.name!r} ({self.command}) {what}{said}")

    def __repr__(self) -> str:
        return f"ExternalAgent({self.command!r}, name={self.name!r}, timeout={self.timeout:g})"


def _read(stream: IO[bytes], lines: queue.Queue[str | _End]) -> None:
    """The program's output as lines of text on ``lines``; an :class:`_End` saying why it stops."""
    while True:
        try:
            raw = stream.readline(MAX_LINE + 1)
        except (OSError, ValueError):
            lines.put(_End("closed its output"))
            return
        if not raw:
            lines.put(_End("closed its output"))
            return
        if len(raw) > MAX_LINE:
            lines.put(_End(f"wrote a line longer than {MAX_LINE} bytes"))
            return
        try:
            lines.put(raw.decode("utf-8"))
        except UnicodeDecodeError:
            lines.put(_End(f"wrote bytes that are not UTF-8 ({raw[:40]!r})"))
            return


def _exited(process: subprocess.Popen[bytes]) -> int | None:
    """The exit status of a program that has exited or exits within a moment; ``None`` after killing it."""
    try:
        return process.wait(timeout=0.2)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        return None
