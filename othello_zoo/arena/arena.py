"""Matches between agents: the schedule, the games played side by side, the results file.

:func:`run_arena` plays every game of the schedule that the results file does not hold yet: each pair of agents
(all pairs, ``schedule="round-robin"``; the first agent against each other, ``"gauntlet"``) plays ``games`` games,
in twos from the same opening with the colours swapped. The openings are the same for every pair: ``random_plies``
uniformly random plies from the start (seeded), or positions of the XOT book (``openings="xot"``). The games of a
pair are played side by side: an agent with ``act_states`` (the AlphaZero agent) chooses for all of its boards in
one batched search; the others are asked board by board. With ``batched=False`` the games are played one at a time
and every agent is asked board by board (``act``), as it plays alone: the AlphaZero agent with its tree reuse, and
each game's thinking times are the agents' own. Forced passes and single legal moves are played without asking.

A resumed arena plays the games it would have played without the stop: every built-in agent is built afresh, from a
seed of the arena's ``seed``, the pair and the game, for each game (``batched=False``) or each pair (the games of a
pair played side by side: a pair stopped halfway is played again whole, and only its missing games are written).
External programs are started once, before the first game, and asked once for a move in the start position (their
start-up, reported apart from their time a move); their own randomness is theirs. Every agent is built, and every
program started, before the results file is written: a bad agent fails before any game.
"""

from __future__ import annotations

import dataclasses
import itertools
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import torch

from othello_zoo import engine
from othello_zoo.arena.external import ExternalAgent
from othello_zoo.arena.records import GameRecord, ResultsWriter, check_folder
from othello_zoo.arena.spec import AgentSpec, parse_agent
from othello_zoo.core.board import Board
from othello_zoo.core.checks import check_choice, check_int
from othello_zoo.core.notation import check_board_size, format_moves
from othello_zoo.runtime.files import RunLock

__all__ = ["SCHEDULES", "ArenaSettings", "agent_seed", "lock_path", "openings", "pairs", "run_arena"]

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
        if isinstance(self.agents, str) or not all(isinstance(text, str) for text in self.agents):
            raise TypeError(f"agents must be a sequence of texts such as 'alphabeta:depth=6', got {self.agents!r}")
        specs = _parse_all(self.agents)
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
        check_int("seed", self.seed, low=0, high=2**64 - 1)
        check_board_size(self.board_size)
        check_int("board_size", self.board_size, low=4, high=16)
        if not isinstance(self.batched, bool):
            raise TypeError(f"batched must be True or False, got {self.batched!r}")
        if self.openings == "xot" and self.board_size != 8:
            raise ValueError("the xot book holds 8 x 8 openings: use openings='random' on other board sizes")

    @property
    def specs(self) -> list[AgentSpec]:
        return [parse_agent(text) for text in self.agents]

    @property
    def programs(self) -> list[str]:
        """The external programs' agents (``cmd:``), whose building starts a program."""
        return [spec.text for spec in self.specs if spec.runs_a_program]

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ArenaSettings:
        """The settings of :meth:`as_dict` (a results file's first line) back (``ValueError`` naming what is
        wrong where they are not settings)."""
        if not isinstance(data, dict):
            raise ValueError(f"arena settings are a JSON object, got {type(data).__name__}")
        known = {field.name for field in dataclasses.fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"unknown arena settings {unknown}; the settings are {sorted(known)}")
        agents = data.get("agents", ())
        if not isinstance(agents, list):
            raise ValueError(f"the settings' agents are a list of texts, got {agents!r}")
        return cls(**{**data, "agents": tuple(agents)})

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


def _parse_all(texts: Sequence[str]) -> list[AgentSpec]:
    """The specs of ``texts``; an unknown name right after a ``cmd:`` agent hints at the quotes its command needs."""
    specs: list[AgentSpec] = []
    for text in texts:
        try:
            specs.append(parse_agent(text))
        except ValueError as error:
            if specs and specs[-1].runs_a_program and str(error).startswith("unknown agent"):
                joined = f"{specs[-1].text} {text}"
                raise ValueError(
                    f"{error}. If {text!r} belongs to the command before it, quote the whole agent: {joined!r}"
                ) from None
            raise
    return specs


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
    written: bool = True  # False: a game of a pair played again whole whose record the file holds already
    counted: int = 0  # the placements shown on the progress bar


def agent_seed(seed: int, pair: int, game: int | None = None) -> int:
    """The seed of the built-in agents of a pair (``game`` None: the pair's games side by side) or of one game: the
    same in a resumed run as in one never stopped."""
    key = [seed, 1 + pair] if game is None else [seed, 1 + pair, 1 + game]
    return int(np.random.default_rng(key).integers(2**62))


class _Agents:
    """The arena's agents: each built once at the start to check it (external programs started and warmed up),
    then built-in agents afresh from a seed for each pair or game; external programs kept running."""

    def __init__(self, settings: ArenaSettings) -> None:
        self.settings = settings
        self.specs = {spec.label: spec for spec in settings.specs}
        self.programs: dict[str, ExternalAgent] = {}
        self.startup: dict[str, float] = {}
        try:
            for label, spec in self.specs.items():
                agent = spec.build(settings.board_size, seed=settings.seed)
                if isinstance(agent, ExternalAgent):
                    self.programs[label] = agent
                    self.startup[label] = agent.warm_up(settings.board_size)
                else:
                    _close(agent)
        except BaseException:
            self.close()
            raise

    def build(self, labels: Sequence[str], seed: int) -> dict[str, Any]:
        built: dict[str, Any] = {}
        for label in labels:
            program = self.programs.get(label)
            built[label] = program if program is not None else self.specs[label].build(self.settings.board_size, seed)
        return built

    def close(self) -> None:
        for agent in self.programs.values():
            agent.close()


def _close(agent: Any) -> None:
    close = getattr(agent, "close", None)
    if callable(close):
        close()


def lock_path(out: str | os.PathLike[str]) -> Path:
    """The lock file that keeps a second run from writing the results file ``out``."""
    out = Path(out)
    return out.with_name(out.name + ".lock")


def run_arena(
    settings: ArenaSettings,
    out: str | os.PathLike[str],
    *,
    resume: bool = False,
    progress: bool = True,
    on_game: Callable[[GameRecord], None] | None = None,
    startup: dict[str, float] | None = None,
) -> list[GameRecord]:
    """Play the games of ``settings`` that ``out`` does not hold yet, appending each to ``out`` as it finishes;
    returns all the file's games (those played before included).

    ``out`` must not exist unless ``resume`` (then its settings must be these); while the arena runs, a second
    run on ``out`` is refused (:class:`~othello_zoo.runtime.files.RunLockedError`, naming this one's process id).
    Every agent is built first: a bad one fails before the file is written. Stopped by Ctrl-C, it keeps every
    finished game; run again with ``resume=True`` to play the rest, the same games. ``on_game`` is called with
    each new game; ``startup`` (a dict) receives each external program's start-up seconds.
    """
    check_folder(out)  # before the lock, which would make the folder
    with RunLock(lock_path(out), f"the results file {out}"):
        writer = ResultsWriter(out, settings.as_dict(), resume)
        try:
            agents = _Agents(settings)
            if startup is not None:
                startup.update(agents.startup)
            try:
                _run(settings, writer, agents, progress, on_game)
            finally:
                agents.close()
            return list(writer.done.values())
        finally:
            writer.close()


def _run(
    settings: ArenaSettings,
    writer: ResultsWriter,
    agents: _Agents,
    progress: bool,
    on_game: Callable[[GameRecord], None] | None,
) -> None:
    n = settings.board_size
    schedule = pairs(list(agents.specs), settings.schedule)
    starts = openings(settings, settings.games // 2)
    squares = [n * n - 4 - sum(a < n * n for a in start) for start in starts]  # the placements a game may make
    total = sum(squares[k // 2] for _ in schedule for k in range(settings.games))
    done = sum(squares[k // 2] for pair in schedule for k in range(settings.games) if (*pair, k) in writer.done)
    bar = _progress(total, done, progress)
    try:
        for index, pair in enumerate(schedule):
            missing = [k for k in range(settings.games) if (*pair, k) not in writer.done]
            if not missing:
                continue
            if bar is not None:
                bar.set_postfix_str(f"{_games(len(writer.done))} done; {pair[0]} vs {pair[1]}")

            def finished(record: GameRecord, game: _Game) -> None:
                if bar is not None:
                    bar.update(squares[game.round // 2] - game.counted)
                    bar.set_postfix_str(f"{_games(len(writer.done) + 1)} done; {record.pair[0]} vs {record.pair[1]}")
                writer.write(record)
                if on_game is not None:
                    on_game(record)

            def placed(game: _Game) -> None:
                game.counted += 1
                if bar is not None:
                    bar.update(1)

            if settings.batched:  # the whole pair side by side, as in a run never stopped
                built = agents.build(pair, agent_seed(settings.seed, index))
                try:
                    _play_pair(pair, range(settings.games), starts, built, n, finished, placed, set(missing))
                finally:
                    _close_built(built, agents)
            else:  # one game at a time, every agent asked board by board (act), as it plays alone
                for k in missing:
                    built = agents.build(pair, agent_seed(settings.seed, index, k))
                    try:
                        _play_pair(pair, [k], starts, built, n, finished, placed, {k}, batched=False)
                    finally:
                        _close_built(built, agents)
    finally:
        if bar is not None:
            bar.close()


def _close_built(built: dict[str, Any], agents: _Agents) -> None:
    for label, agent in built.items():
        if label not in agents.programs:
            _close(agent)


def _games(count: int) -> str:
    """``count`` games, in words (the progress bar's count).

    >>> _games(1), _games(2)
    ('1 game', '2 games')
    """
    return f"{count} game" if count == 1 else f"{count} games"


def _progress(total: int, done: int, show: bool) -> Any:
    """A bar over the moves of the schedule (the games of a pair end together: moves give an even estimate)."""
    if not show:
        return None
    from tqdm.auto import tqdm

    return tqdm(total=total, initial=done, desc="othello-zoo arena", unit="move", dynamic_ncols=True)


def _play_pair(
    pair: tuple[str, str],
    rounds: Sequence[int],
    starts: Sequence[list[int]],
    agents: dict[str, Any],
    n: int,
    finished: Callable[[GameRecord, _Game], None],
    placed: Callable[[_Game], None],
    write: set[int],
    batched: bool = True,
) -> None:
    """Play the ``rounds`` of ``pair`` side by side; ``finished`` gets each game of ``write`` as it ends, ``placed``
    each game where a disc was placed (of ``write`` too). ``batched``: an agent with ``act_states`` chooses for all
    its boards at once (else every agent's ``act``, board by board)."""
    games = []
    for k in rounds:
        players = pair if k % 2 == 0 else (pair[1], pair[0])
        board = Board.start(n)
        for action in starts[k // 2]:
            board = board.step(action)
        games.append(_Game(k, players, list(starts[k // 2]), board, list(starts[k // 2]), [0.0, 0.0], k in write))

    def play(game: _Game, action: int) -> None:
        game.board = game.board.step(action)
        game.moves.append(action)
        if action < n * n and game.written:
            placed(game)

    while games:
        for game in games:  # forced passes and single legal moves: nobody is asked
            while not game.board.terminated and len(legal := game.board.legal_actions()) == 1:
                play(game, legal[0])
        for label in dict.fromkeys(pair):
            waiting = [
                g
                for g in games
                if not g.board.terminated
                and g.players[g.board.current_player] == label
                and len(g.board.legal_actions()) > 1
            ]
            if waiting:
                _choose(agents[label], waiting, play, batched)
        for game in [g for g in games if g.board.terminated and g.written]:
            black, white = game.board.scores()
            record = GameRecord(
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
            finished(record, game)
        games = [g for g in games if not g.board.terminated]


def _choose(agent: Any, games: list[_Game], play: Callable[[_Game, int], None], batched: bool = True) -> None:
    """One move of ``agent`` on each of ``games`` (where it is to move, with a choice): a batched call where it has
    one (and ``batched``)."""
    colours = [g.board.current_player for g in games]
    began = time.perf_counter()
    if batched and callable(getattr(agent, "act_states", None)):
        device = getattr(agent, "device", torch.device("cpu"))
        state = engine.from_text([g.board.to_text() for g in games], device=device)
        actions = [int(a) for a in agent.act_states(state).tolist()]
        share = (time.perf_counter() - began) / len(games)
        for game, colour, action in zip(games, colours, actions, strict=True):
            game.seconds[colour] += share
            play(game, action)
        return
    for game, colour in zip(games, colours, strict=True):
        began = time.perf_counter()
        action = int(agent.act(game.board))
        game.seconds[colour] += time.perf_counter() - began
        play(game, action)
