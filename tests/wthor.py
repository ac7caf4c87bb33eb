"""Reader of the WTHOR game database (see tests/data/SOURCE-wthor.txt for the format)."""

from __future__ import annotations

import struct
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from helpers import DATA

from othello_zoo.core.board import Board


@dataclass(frozen=True)
class Game:
    moves: list[int]  # square indices (row * 8 + col), passes not stored
    black_score: int  # black's final discs, empty squares credited to the winner
    theoretical: int  # black's discs after perfect play from 24 empties (the same convention)


def read_games(path: Path = DATA / "WTH_2004.wtb") -> list[Game]:
    raw = path.read_bytes()
    (count,) = struct.unpack_from("<I", raw, 4)
    assert raw[12] == 8, "8 x 8 games"
    games = []
    for i in range(count):
        record = raw[16 + 68 * i : 16 + 68 * (i + 1)]
        moves = [(v // 10 - 1) * 8 + (v % 10 - 1) for v in record[8:68] if v]
        games.append(Game(moves, record[6], record[7]))
    return games


def credited_black(black: int, white: int) -> int:
    """Black's count with the empty squares given to the winner (split in a draw)."""
    empties = 64 - black - white
    if black > white:
        return black + empties
    if black < white:
        return black
    return black + empties // 2


def positions_of(game: Game) -> Iterator[tuple[Board, int]]:
    """Each position of ``game`` before one of its moves, with that move (a pass, which the file does not store,
    made first where the side to move has no placement)."""
    board = Board.start()
    for move in game.moves:
        if not board.is_legal(move):
            board = board.step(64)
        yield board, move
        board = board.step(move)


def at_empties(game: Game, empties: int) -> Board | None:
    """The position of ``game`` with ``empties`` empty squares; ``None`` where the game never has it or the side to
    move has no placement there (it passes)."""
    board = Board.start()
    for move in game.moves:
        if 64 - sum(board.scores()) == empties:
            break
        if not board.moves:
            board = board.step(64)
        board = board.step(move)
    return board if 64 - sum(board.scores()) == empties and board.moves else None
