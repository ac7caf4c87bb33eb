"""The arena's results file: JSON lines, the settings first, then one finished game a line.

Each game line is written whole, flushed and synced before the next game starts, so that a run stopped at any
moment (Ctrl-C, a closed laptop) keeps every game it finished; a line cut short by the stop is dropped when the file
is read. Reading checks every game (its moves replayed, its score and players compared): a game that is not one of
the file's arena (an illegal move, another board size, a wrong score, a second copy of a game) is named in
:attr:`Results.rejected` and never rated.

:func:`read_results` reads a file back, :func:`export_games` writes its games as move lists (the opening
book format: one game a line, ``#`` comments), and :func:`replay` plays a game's moves on a board again.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, TextIO

from othello_zoo.core.board import Board
from othello_zoo.core.notation import format_moves, parse_moves

__all__ = [
    "FORMAT",
    "GameRecord",
    "Results",
    "ResultsWriter",
    "check_folder",
    "check_game",
    "export_games",
    "read_results",
    "replay",
    "seconds_per_move",
]

FORMAT = "othello-zoo arena 1"
"""The first line's ``format``: what a results file says it is."""


@dataclass(frozen=True)
class GameRecord:
    """One finished game of an arena.

    ``pair`` names the two agents as the schedule pairs them and ``round`` the game's number within the pair (the
    game's key); ``moves`` holds every move from the start position, the opening's included, ``pass`` where a pass
    was forced; ``seconds`` is each colour's thinking time (a batched search's time shared among its boards).
    """

    pair: tuple[str, str]
    round: int
    black: str
    white: str
    opening: str
    moves: str
    black_discs: int
    white_discs: int
    seconds: dict[str, float] = field(default_factory=dict)

    @property
    def key(self) -> tuple[str, str, int]:
        return (self.pair[0], self.pair[1], self.round)

    @property
    def black_points(self) -> float:
        """1 for a black win, 0.5 for a draw, 0 for a loss (by discs at the end)."""
        return 1.0 if self.black_discs > self.white_discs else 0.5 if self.black_discs == self.white_discs else 0.0

    def to_json(self) -> str:
        data = asdict(self)
        data["pair"] = list(self.pair)
        return json.dumps(data, sort_keys=True)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameRecord:
        return cls(
            pair=(str(data["pair"][0]), str(data["pair"][1])),
            round=int(data["round"]),
            black=str(data["black"]),
            white=str(data["white"]),
            opening=str(data["opening"]),
            moves=str(data["moves"]),
            black_discs=int(data["black_discs"]),
            white_discs=int(data["white_discs"]),
            seconds={str(k): float(v) for k, v in dict(data.get("seconds", {})).items()},
        )


@dataclass(frozen=True)
class Results:
    """A results file read back: its settings, its games in the order they finished, and the lines that were not
    rated (``(line number, why)``: a game that does not replay, a second copy of a game)."""

    settings: dict[str, Any]
    games: tuple[GameRecord, ...]
    rejected: tuple[tuple[int, str], ...] = ()

    def outcomes(self) -> list[tuple[str, str, float]]:
        """``(black, white, points of black)`` of every game: what :func:`~othello_zoo.arena.ratings.fit_ratings`
        takes."""
        return [(game.black, game.white, game.black_points) for game in self.games]


def read_results(path: str | os.PathLike[str]) -> Results:
    """The settings and games of a results file (``ValueError`` naming the file and line where it is not one; games
    that do not check out are in :attr:`Results.rejected`, not in :attr:`Results.games`)."""
    where = Path(path)
    if where.is_dir():
        raise ValueError(f"{where} is a folder: expected an arena results file")
    try:
        with where.open(encoding="utf-8") as stream:
            lines = stream.read().split("\n")
    except UnicodeDecodeError as error:
        raise ValueError(f"{where} is not an arena results file: it is not UTF-8 text (byte {error.start})") from None
    complete = lines[:-1]  # the text after the last newline is a line cut short (or nothing)
    if not complete:
        raise ValueError(f"{where} is empty: not an arena results file")
    try:
        header = json.loads(complete[0])
    except json.JSONDecodeError:
        header = None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise ValueError(f"{where}: line 1 is not an arena results header ({{'format': {FORMAT!r}, ...}})")
    settings = header.get("settings")
    if not isinstance(settings, dict):
        raise ValueError(f"{where}: line 1 has no arena settings (a 'settings' object)")
    board_size = settings.get("board_size", 8)
    if not isinstance(board_size, int) or isinstance(board_size, bool) or board_size % 2 or not 4 <= board_size <= 16:
        raise ValueError(f"{where}: line 1's board_size is {board_size!r}, not an even size from 4 to 16")
    games: dict[tuple[str, str, int], GameRecord] = {}
    rejected: list[tuple[int, str]] = []
    for number, line in enumerate(complete[1:], start=2):
        if not line.strip():
            continue
        try:
            game = GameRecord.from_json(json.loads(line))
        except (json.JSONDecodeError, KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
            raise ValueError(f"{where}, line {number}: not a game record ({error})") from error
        problem = check_game(game, board_size)
        if problem is None and game.key in games:
            problem = f"a second copy of game {game.round} of {game.pair[0]} vs {game.pair[1]}"
        if problem is not None:
            rejected.append((number, problem))
        else:
            games[game.key] = game
    return Results(dict(settings), tuple(games.values()), tuple(rejected))


def check_game(game: GameRecord, board_size: int = 8) -> str | None:
    """What is wrong with ``game`` as a game on the ``board_size`` board (``None``: nothing): its moves must be
    legal from the start, begin with its opening and end the game with its score, its players be its pair's."""
    try:
        moves = parse_moves(game.moves, board_size)
        opening = parse_moves(game.opening, board_size)
    except ValueError as error:
        return f"its moves are not moves of the {board_size}x{board_size} board ({error})"
    if set(game.pair) != {game.black, game.white} or game.black == game.white:
        return f"its players {game.black!r} and {game.white!r} are not its pair {list(game.pair)}"
    if moves[: len(opening)] != opening:
        return "its moves do not begin with its opening"
    board = Board.start(board_size)
    for ply, action in enumerate(moves, start=1):
        if board.terminated or action not in board.legal_actions():
            return f"move {ply} ({format_moves([action], board_size)}) is not legal there"
        board = board.step(action)
    if not board.terminated:
        return "the game is not over after its moves"
    if board.scores() != (game.black_discs, game.white_discs):
        black, white = board.scores()
        return f"it says {game.black_discs}-{game.white_discs}, its moves end {black}-{white}"
    return None


class ResultsWriter:
    """Appends games to a results file, each line flushed and synced to disk before :meth:`write` returns."""

    def __init__(self, path: str | os.PathLike[str], settings: dict[str, Any], resume: bool) -> None:
        """Check ``path``: with ``resume`` an existing file is continued (its settings must be ``settings``);
        without, an existing file is refused, never overwritten. A new file is written at the first game."""
        self.path = Path(path)
        self.settings = settings
        if self.path.exists() and not resume:
            raise FileExistsError(
                f"{self.path} already holds arena results: add --resume (resume=True) to go on with them, "
                "or choose another file"
            )
        check_folder(self.path)
        self.done: dict[tuple[str, str, int], GameRecord] = {}
        self.rejected: tuple[tuple[int, str], ...] = ()
        self._stream: TextIO | None = None
        if self.path.exists() and self.path.stat().st_size > 0:
            results = read_results(self.path)
            if results.settings != settings:
                changed = sorted(
                    key
                    for key in set(results.settings) | set(settings)
                    if results.settings.get(key) != settings.get(key)
                )
                shown = ", ".join(f"{k}: {results.settings.get(k)!r} there, {settings.get(k)!r} now" for k in changed)
                raise ValueError(f"{self.path} was played with other settings ({shown}); use another file")
            self.done = {game.key: game for game in results.games}
            self.rejected = results.rejected
            self._truncate_partial_line()
            self._stream = self.path.open("a", encoding="utf-8")

    def _truncate_partial_line(self) -> None:
        """Drop a last line that a stop cut short, so that the next game starts a line of its own."""
        data = self.path.read_bytes()
        end = data.rfind(b"\n") + 1
        if end < len(data):
            with self.path.open("r+b") as stream:
                stream.truncate(end)

    def _line(self, text: str) -> None:
        if self._stream is None:  # the first game of a new file: the settings line first
            empty = self.path.exists() and self.path.stat().st_size == 0  # resumed from an empty file
            self._stream = self.path.open("w" if empty else "x", encoding="utf-8")
            self._line(json.dumps({"format": FORMAT, "settings": self.settings}, sort_keys=True))
        self._stream.write(text + "\n")
        self._stream.flush()
        os.fsync(self._stream.fileno())

    def write(self, game: GameRecord) -> None:
        self._line(game.to_json())
        self.done[game.key] = game

    def close(self) -> None:
        if self._stream is not None:
            self._stream.close()


def replay(game: GameRecord, board_size: int = 8) -> Board:
    """The final board of ``game``, its moves played again from the start (``ValueError`` on an illegal one)."""
    board = Board.start(board_size)
    for action in parse_moves(game.moves, board_size):
        board = board.step(action)
    return board


def check_folder(path: str | os.PathLike[str]) -> None:
    """``FileNotFoundError`` naming ``path`` where its folder does not exist (a results file's folder is never
    made for it: a mistyped path would leave games where nobody looks)."""
    if not Path(path).parent.is_dir():
        raise FileNotFoundError(f"the folder of {path} does not exist: create it, or choose another file")


def export_games(games: Iterable[GameRecord], path: str | os.PathLike[str], board_size: int = 8) -> int:
    """Write the games as move lists, one a line, each followed by a ``#`` comment naming the players and the
    score (the format of an opening book file); returns how many. The file must not exist yet."""
    target = Path(path)
    if target.exists():
        raise FileExistsError(f"{target} exists: choose another file for the games")
    lines: list[str] = [f"# {FORMAT}: one game a line, every move from the start ('pass' where forced)"]
    count = 0
    for game in games:
        lines.append(f"{game.moves}  # {game.black} (black) {game.black_discs}-{game.white_discs} {game.white}")
        count += 1
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return count


def seconds_per_move(games: Iterable[GameRecord], board_size: int = 8) -> dict[str, float]:
    """Each player's mean thinking time a move it chose (its recorded seconds over its moves after the opening
    where it had two or more legal moves: forced passes and single legal moves are played without asking)."""
    seconds: dict[str, float] = {}
    moves: dict[str, int] = {}
    for game in games:
        board = Board.start(board_size)
        opening = len(parse_moves(game.opening, board_size))
        for ply, action in enumerate(parse_moves(game.moves, board_size)):
            if ply >= opening and len(board.legal_actions()) > 1:
                player = game.black if board.current_player == 0 else game.white
                moves[player] = moves.get(player, 0) + 1
            board = board.step(action)
        for player, colour in ((game.black, "black"), (game.white, "white")):
            seconds[player] = seconds.get(player, 0.0) + game.seconds.get(colour, 0.0)
    return {player: seconds[player] / moves[player] if moves.get(player) else 0.0 for player in seconds}
