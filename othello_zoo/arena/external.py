"""Any program as an agent: a line protocol on its standard input and output.

The protocol, version 1 (the whole of it):

- The arena starts the program once and keeps it running for all its games.
- For each move it writes one line to the program's standard input: the position in position text (``n*n``
  characters from a1 row by row, ``X`` black, ``O`` white, ``-`` empty, a space, the side to move), e.g.
  ``---------------------------OX------XO--------------------------- X``.
- The program answers with one line on its standard output: the square it plays in lower case (``d3``), or
  ``pass``. Lines that start with ``#`` are ignored (a program may log on them); so is surrounding white space.
- The program is asked only when it has a choice: a forced pass, or the only legal move, is played for it.
- At the end the arena closes the program's standard input; a program should exit when it reads end of file.

A program that answers with anything but a legal move, answers nothing within ``timeout`` seconds, or exits,
raises :class:`ExternalAgentError` naming the program, the position and the reply (the arena stops there and keeps
the games already finished). Standard error is the program's own: its last lines are quoted in such an error.

A complete engine in Python (the one the tests run, in ``tests/data/fake_engine.py``) is a loop over
``sys.stdin`` that prints a square and flushes.
"""

from __future__ import annotations

import collections
import queue
import shlex
import subprocess
import threading
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType
from typing import IO

from othello_zoo.agents.baseline import BoardAgent
from othello_zoo.core.board import Board
from othello_zoo.core.checks import check_real
from othello_zoo.core.notation import format_moves, square_to_index

__all__ = ["PROTOCOL", "ExternalAgent", "ExternalAgentError"]

PROTOCOL = 1
"""The version of the line protocol described in this module's documentation."""

_EOF = object()  # what the reader thread puts on the queue when the program's output ends


class ExternalAgentError(RuntimeError):
    """An external program broke the protocol: no answer in time, an illegal or unreadable answer, or it exited."""


class ExternalAgent(BoardAgent):
    """A program that speaks the protocol of :mod:`othello_zoo.arena.external`, as an agent.

    Args:
        command: the command line, as a string (split like a POSIX shell does, without running one) or a
            sequence of arguments, e.g. ``"python my_engine.py --level 3"``.
        name: the agent's name in tables (default: the command line).
        timeout: seconds a move may take before :class:`ExternalAgentError`.
        cwd: the program's working directory (default: the current one).

    The program starts at the first move and stops at :meth:`close` (or at the end of a ``with`` block).
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
            arguments = shlex.split(command)
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
        self._process: subprocess.Popen[str] | None = None
        self._lines: queue.Queue[object] = queue.Queue()
        self._errors: collections.deque[str] = collections.deque(maxlen=20)

    # -- the program ------------------------------------------------------------------------------
    def start(self) -> None:
        """Start the program (done by the first move; a program that has exited is started again)."""
        if self._process is not None and self._process.poll() is None:
            return
        try:
            process = subprocess.Popen(
                self.arguments,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                bufsize=1,
                cwd=self.cwd,
            )
        except OSError as error:
            raise ExternalAgentError(f"could not start {self.command!r}: {error}") from error
        self._process = process
        self._lines = queue.Queue()
        assert process.stdout is not None
        assert process.stderr is not None
        threading.Thread(target=self._read, args=(process.stdout, self._lines), daemon=True).start()
        threading.Thread(target=self._drain, args=(process.stderr,), daemon=True).start()

    @staticmethod
    def _read(stream: IO[str], lines: queue.Queue[object]) -> None:
        for line in stream:
            lines.put(line)
        lines.put(_EOF)

    def _drain(self, stream: IO[str]) -> None:
        for line in stream:
            self._errors.append(line.rstrip("\n"))

    def close(self) -> None:
        """End the program: its standard input closed, then terminated if it has not exited within 2 seconds."""
        process, self._process = self._process, None
        if process is None:
            return
        try:
            if process.stdin is not None:
                process.stdin.close()
        except OSError:
            pass
        try:
            process.wait(timeout=2.0)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()

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
            process.stdin.write(text + "\n")
            process.stdin.flush()
        except OSError as error:  # the program has exited
            raise self._failure(f"could not send the position {text!r} ({error})") from error
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
        """The program's next line that is not a comment, within ``timeout`` seconds."""
        while True:
            try:
                line = self._lines.get(timeout=self.timeout)
            except queue.Empty:
                raise self._failure(f"gave no move within {self.timeout:g} s for {text!r}") from None
            if line is _EOF:
                assert self._process is not None
                try:
                    code = self._process.wait(timeout=2.0)
                except subprocess.TimeoutExpired:
                    code = None
                self._process = None
                raise self._failure(f"closed its output (exit status {code}) instead of answering {text!r}")
            reply = str(line).strip().lower()
            if reply and not reply.startswith("#"):
                return reply

    def _failure(self, what: str) -> ExternalAgentError:
        said = "; its last standard error lines: " + " | ".join(self._errors) if self._errors else ""
        return ExternalAgentError(f"external agent {self.name!r} ({self.command}) {what}{said}")

    def __repr__(self) -> str:
        return f"ExternalAgent({self.command!r}, name={self.name!r}, timeout={self.timeout:g})"
