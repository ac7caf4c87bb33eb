"""The arena's results file: JSON lines, the settings first, then one finished game a line.

Each game line is written whole, flushed and synced before the next game starts, so that a run stopped at any
moment (Ctrl-C, a closed laptop) keeps every game it finished; a line cut short by the stop is dropped when the file
is read. :func:`read_results` reads a file back, :func:`export_games` writes its games as move lists (the opening
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
from othello_zoo.core.notation import parse_moves

__all__ = [
    "FORMAT",
    "GameRecord",
    "Results",
    "ResultsWriter",
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
    """A results file read back: its settings and its games in the order they finished."""

    settings: dict[str, Any]
    games: tuple[GameRecord, ...]

    def outcomes(self) -> list[tuple[str, str, float]]:
        """``(black, white, points of black)`` of every game: what :func:`~othello_zoo.arena.ratings.fit_ratings`
        takes."""
        return [(game.black, game.white, game.black_points) for game in self.games]


def read_results(path: str | os.PathLike[str]) -> Results:
    """The settings and games of a results file (``ValueError`` naming the file and line where it is not one)."""
    where = Path(path)
    with where.open(encoding="utf-8") as stream:
        lines = stream.read().split("\n")
    complete = lines[:-1]  # the text after the last newline is a line cut short (or nothing)
    if not complete:
        raise ValueError(f"{where} is empty: not an arena results file")
    try:
        header = json.loads(complete[0])
    except json.JSONDecodeError:
        header = None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise ValueError(f"{where}: line 1 is not an arena results header ({{'format': {FORMAT!r}, ...}})")
    games = []
    for number, line in enumerate(complete[1:], start=2):
        if not line.strip():
            continue
        try:
            games.append(GameRecord.from_json(json.loads(line)))
        except (json.JSONDecodeError, KeyError, TypeError, ValueError, IndexError) as error:
            raise ValueError(f"{where}, line {number}: not a game record ({error})") from error
    return Results(dict(header["settings"]), tuple(games))


class ResultsWriter:
    """Appends games to a results file, each line flushed and synced to disk before :meth:`write` returns."""

    def __init__(self, path: str | os.PathLike[str], settings: dict[str, Any], resume: bool) -> None:
        """Open ``path``: a new file gets the settings line; with ``resume`` an existing file is continued
        (its settings must be ``settings``). Without ``resume`` an existing file is refused, never overwritten."""
        self.path = Path(path)
        if self.path.exists() and not resume:
            raise FileExistsError(
                f"{self.path} already holds arena results: add --resume (resume=True) to go on with them, "
                "or choose another file"
            )
        self.done: dict[tuple[str, str, int], GameRecord] = {}
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
            self._truncate_partial_line()
            self._stream: TextIO = self.path.open("a", encoding="utf-8")
        else:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._stream = self.path.open("w", encoding="utf-8")
            self._line(json.dumps({"format": FORMAT, "settings": settings}, sort_keys=True))

    def _truncate_partial_line(self) -> None:
        """Drop a last line that a stop cut short, so that the next game starts a line of its own."""
        data = self.path.read_bytes()
        end = data.rfind(b"\n") + 1
        if end < len(data):
            with self.path.open("r+b") as stream:
                stream.truncate(end)

    def _line(self, text: str) -> None:
        self._stream.write(text + "\n")
        self._stream.flush()
        os.fsync(self._stream.fileno())

    def write(self, game: GameRecord) -> None:
        self._line(game.to_json())
        self.done[game.key] = game

    def close(self) -> None:
        self._stream.close()


def replay(game: GameRecord, board_size: int = 8) -> Board:
    """The final board of ``game``, its moves played again from the start (``ValueError`` on an illegal one)."""
    board = Board.start(board_size)
    for action in parse_moves(game.moves, board_size):
        board = board.step(action)
    return board


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
    """Each player's mean thinking time a move it chose (its recorded seconds over its moves after the opening,
    forced passes not counted)."""
    seconds: dict[str, float] = {}
    moves: dict[str, int] = {}
    for game in games:
        board = Board.start(board_size)
        opening = len(parse_moves(game.opening, board_size))
        for ply, action in enumerate(parse_moves(game.moves, board_size)):
            if ply >= opening and board.moves:
                player = game.black if board.current_player == 0 else game.white
                moves[player] = moves.get(player, 0) + 1
            board = board.step(action)
        for player, colour in ((game.black, "black"), (game.white, "white")):
            seconds[player] = seconds.get(player, 0.0) + game.seconds.get(colour, 0.0)
    return {player: seconds[player] / moves[player] if moves.get(player) else 0.0 for player in seconds}
