"""Matches between agents: the schedule, the games played side by side, the results file.

:func:`run_arena` plays every game of the schedule that the results file does not hold yet: each pair of agents
(all pairs, ``schedule="round-robin"``; the first agent against each other, ``"gauntlet"``) plays ``games`` games,
in twos from the same opening with the colours swapped. The openings are the same for every pair: ``random_plies``
uniformly random plies from the start (seeded), or positions of the XOT book (``openings="xot"``). The games of a
pair are played side by side: an agent with ``act_states`` (the AlphaZero agent) chooses for all of its boards in
one batched search; the others are asked board by board. With ``batched=False`` the games are played one at a time
and every agent is asked board by board (``act``), as it plays alone: the AlphaZero agent with its tree reuse, and
each game's thinking times are the agents' own. Forced passes are played without asking.
"""

from __future__ import annotations

import dataclasses
import itertools
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import torch

from othello_zoo import engine
from othello_zoo.arena.records import GameRecord, ResultsWriter
from othello_zoo.arena.spec import AgentSpec, parse_agent
from othello_zoo.core.board import Board
from othello_zoo.core.checks import check_choice, check_int
from othello_zoo.core.notation import check_board_size, format_moves

__all__ = ["SCHEDULES", "ArenaSettings", "openings", "pairs", "run_arena"]

SCHEDULES = ("round-robin", "gauntlet")
OPENINGS = ("random", "xot")


@dataclass(frozen=True)
class ArenaSettings:
    """What an arena plays; stored in the results file's first line (a resumed run must match it)."""

    agents: tuple[str, ...]
    games: int = 16
    schedule: str = "round-robin"
    openings: str = "random"
    random_plies: int = 4
    seed: int = 0
    board_size: int = 8
    batched: bool = True

    def __post_init__(self) -> None:
        specs = [parse_agent(text) for text in self.agents]
        if len(specs) < 2:
            raise ValueError(f"an arena needs at least 2 agents, got {len(specs)}")
        labels = [spec.label for spec in specs]
        repeated = sorted({label for label in labels if labels.count(label) > 1})
        if repeated:
            raise ValueError(f"agents must have different labels, {repeated} repeats: name them LABEL=SPEC")
        object.__setattr__(self, "agents", tuple(spec.text for spec in specs))
        games = check_int("games", self.games, low=2)
        if games % 2:
            raise ValueError(f"games must be even (each opening is played with both colours), got {games}")
        check_choice("schedule", self.schedule, SCHEDULES)
        check_choice("openings", self.openings, OPENINGS)
        check_int("random_plies", self.random_plies, low=0, high=20)
        check_int("seed", self.seed, low=0)
        check_board_size(self.board_size)
        if not isinstance(self.batched, bool):
            raise TypeError(f"batched must be True or False, got {self.batched!r}")
        if self.openings == "xot" and self.board_size != 8:
            raise ValueError("the xot book holds 8 x 8 openings: use openings='random' on other board sizes")

    @property
    def specs(self) -> list[AgentSpec]:
        return [parse_agent(text) for text in self.agents]

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ArenaSettings:
        """The settings of :meth:`as_dict` (a results file's first line) back."""
        known = {field.name for field in dataclasses.fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"unknown arena settings {unknown}; the settings are {sorted(known)}")
        return cls(**{**data, "agents": tuple(data.get("agents", ()))})

    def as_dict(self) -> dict[str, Any]:
        return {
            "agents": list(self.agents),
            "games": self.games,
            "schedule": self.schedule,
            "openings": self.openings,
            "random_plies": self.random_plies if self.openings == "random" else 0,
            "seed": self.seed,
            "board_size": self.board_size,
            "batched": self.batched,
        }


def pairs(labels: Sequence[str], schedule: str = "round-robin") -> list[tuple[str, str]]:
    """The pairs that meet: every two agents (round robin), or the first against each other (gauntlet)."""
    check_choice("schedule", schedule, SCHEDULES)
    if schedule == "gauntlet":
        return [(labels[0], other) for other in labels[1:]]
    return list(itertools.combinations(labels, 2))


def openings(settings: ArenaSettings, count: int) -> list[list[int]]:
    """The first ``count`` openings of an arena (each a list of actions from the start), the same for every pair."""
    n = settings.board_size
    if settings.openings == "xot":
        from othello_zoo.env.openings import load_book

        book = load_book("xot", n)
        return [book.draw(np.random.default_rng([settings.seed, i])) for i in range(count)]
    result = []
    for i in range(count):
        rng = np.random.default_rng([settings.seed, i])
        board, moves = Board.start(n), []
        for _ in range(settings.random_plies):
            if board.terminated:
                break
            legal = board.legal_actions()
            action = legal[int(rng.integers(len(legal)))]
            moves.append(action)
            board = board.step(action)
        result.append(moves)
    return result


@dataclass
class _Game:
    round: int
    players: tuple[str, str]  # black, white
    opening: list[int]
    board: Board
    moves: list[int]
    seconds: list[float]


def run_arena(
    settings: ArenaSettings,
    out: str | os.PathLike[str],
    *,
    resume: bool = False,
    progress: bool = True,
    on_game: Callable[[GameRecord], None] | None = None,
) -> list[GameRecord]:
    """Play the games of ``settings`` that ``out`` does not hold yet, appending each to ``out`` as it finishes;
    returns all the file's games (those played before included).

    ``out`` must not exist unless ``resume`` (then its settings must be these). Stopped by Ctrl-C, it keeps every
    finished game; run again with ``resume=True`` to play the rest. ``on_game`` is called with each new game.
    """
    writer = ResultsWriter(out, settings.as_dict(), resume)
    try:
        specs = settings.specs
        by_label = {spec.label: spec for spec in specs}
        schedule = pairs([spec.label for spec in specs], settings.schedule)
        starts = openings(settings, settings.games // 2)
        todo = [(pair, k) for pair in schedule for k in range(settings.games) if (*pair, k) not in writer.done]
        bar = _progress(len(schedule) * settings.games, len(writer.done), progress)
        agents: dict[str, Any] = {}
        try:
            for pair in schedule:
                rounds = [k for p, k in todo if p == pair]
                if not rounds:
                    continue
                for label in pair:
                    if label not in agents:
                        agents[label] = by_label[label].build(settings.board_size, seed=settings.seed)
                if bar is not None:
                    bar.set_postfix_str(f"{pair[0]} vs {pair[1]}")

                def finished(record: GameRecord) -> None:
                    writer.write(record)
                    if bar is not None:
                        bar.update(1)
                    if on_game is not None:
                        on_game(record)

                if settings.batched:
                    _play_pair(pair, rounds, starts, agents, settings.board_size, finished)
                else:  # one game at a time, every agent asked board by board (act), as it plays alone
                    for k in rounds:
                        _play_pair(pair, [k], starts, agents, settings.board_size, finished, batched=False)
        finally:
            if bar is not None:
                bar.close()
            for agent in agents.values():
                close = getattr(agent, "close", None)
                if callable(close):
                    close()
        return list(writer.done.values())
    finally:
        writer.close()


def _progress(total: int, done: int, show: bool) -> Any:
    if not show:
        return None
    from tqdm.auto import tqdm

    return tqdm(total=total, initial=done, desc="othello-zoo arena", unit="game", dynamic_ncols=True)


def _play_pair(
    pair: tuple[str, str],
    rounds: Sequence[int],
    starts: Sequence[list[int]],
    agents: dict[str, Any],
    n: int,
    finished: Callable[[GameRecord], None],
    batched: bool = True,
) -> None:
    """Play the ``rounds`` of ``pair`` side by side; ``finished`` gets each game as it ends. ``batched``: an agent
    with ``act_states`` chooses for all its boards at once (else every agent's ``act``, board by board)."""
    games = []
    for k in rounds:
        players = pair if k % 2 == 0 else (pair[1], pair[0])
        board = Board.start(n)
        for action in starts[k // 2]:
            board = board.step(action)
        games.append(_Game(k, players, list(starts[k // 2]), board, list(starts[k // 2]), [0.0, 0.0]))
    while games:
        for game in [g for g in games if not g.board.terminated and g.board.moves == 0]:
            _play(game, n * n)  # a forced pass: nobody is asked
        for label in dict.fromkeys(pair):
            waiting = [g for g in games if not g.board.terminated and g.players[g.board.current_player] == label]
            if waiting:
                _choose(agents[label], waiting, batched)
        for game in [g for g in games if g.board.terminated]:
            black, white = game.board.scores()
            finished(
                GameRecord(
                    pair=pair,
                    round=game.round,
                    black=game.players[0],
                    white=game.players[1],
                    opening=format_moves(game.opening, n),
                    moves=format_moves(game.moves, n),
                    black_discs=black,
                    white_discs=white,
                    seconds={"black": round(game.seconds[0], 4), "white": round(game.seconds[1], 4)},
                )
            )
        games = [g for g in games if not g.board.terminated]


def _play(game: _Game, action: int) -> None:
    game.board = game.board.step(action)
    game.moves.append(action)


def _choose(agent: Any, games: list[_Game], batched: bool = True) -> None:
    """One move of ``agent`` on each of ``games`` (where it is to move): a batched call where it has one (and
    ``batched``)."""
    colours = [g.board.current_player for g in games]
    began = time.perf_counter()
    if batched and callable(getattr(agent, "act_states", None)):
        device = getattr(agent, "device", torch.device("cpu"))
        state = engine.from_text([g.board.to_text() for g in games], device=device)
        actions = [int(a) for a in agent.act_states(state).tolist()]
        share = (time.perf_counter() - began) / len(games)
        for game, colour, action in zip(games, colours, actions, strict=True):
            game.seconds[colour] += share
            _play(game, action)
        return
    for game, colour in zip(games, colours, strict=True):
        began = time.perf_counter()
        action = int(agent.act(game.board))
        game.seconds[colour] += time.perf_counter() - began
        _play(game, action)
