"""Self-play games and evaluation matches with the batched tree search (:mod:`othello_zoo.search`).

:func:`self_play` plays a batch of games in lockstep on the engine, one search over all the
unfinished boards a ply, and returns every position met with its search policy and the final
result for the player to move there: the training data of AlphaZero. :func:`match` plays the
search against a built-in opponent (``"random"`` or ``"greedy"``, batched on the engine) with the
colours alternating and random first plies, and returns the score.

>>> import torch
>>> from othello_zoo.search import rollout_evaluator
>>> g = torch.Generator().manual_seed(0)
>>> search = SELF_PLAY_SEARCH.replace(simulations=4)
>>> data = self_play(rollout_evaluator(4, generator=g), games=2, board_size=4, search=search, generator=g)
>>> data.observations.shape[1:], bool(data.values.abs().le(1).all())
(torch.Size([2, 4, 4]), True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np
import torch
from torch import Tensor

from othello_zoo import engine
from othello_zoo.agents.baseline import greedy_actions
from othello_zoo.core.board import Board
from othello_zoo.core.checks import check_int, resolve_device
from othello_zoo.runtime.threads import uses_package_threads
from othello_zoo.search import (
    MAX_CACHE_POSITIONS,
    BatchedSearch,
    CachedEvaluator,
    Evaluator,
    SearchConfig,
    select_actions,
    walks_in_c,
)

__all__ = [
    "MATCH_SEARCH",
    "MAX_EXACT_EMPTIES",
    "SELF_PLAY_SEARCH",
    "MatchResult",
    "SelfPlayData",
    "exact_values",
    "match",
    "max_exact_empties",
    "self_play",
]

OPPONENTS = ("random", "greedy")

SELF_PLAY_SEARCH = SearchConfig(dirichlet_fraction=0.25)
"""Self-play's search: the search's defaults (32 simulations, PUCT root) with Dirichlet noise on a quarter of the
root prior, so that the games explore."""

MATCH_SEARCH = SearchConfig()
"""A match's search: the search's defaults (32 simulations, PUCT root, no noise)."""

MAX_EXACT_EMPTIES = {8: 20}
"""The most empty squares at which :func:`self_play` may take the values from the exact solver, by board size: 20 on
8 x 8, where the solver runs in C (a win/draw/loss solve of 20 empties takes about 0.1 s on one core, each empty
more about three times that); 12 on the other sizes, where it runs in Python, some hundred times slower
(:func:`max_exact_empties`)."""


def max_exact_empties(board_size: int) -> int:
    """:data:`MAX_EXACT_EMPTIES` of ``board_size`` (12 where the table does not name it)."""
    return MAX_EXACT_EMPTIES.get(board_size, 12)


class SelfPlayData(NamedTuple):
    """Positions from self-play, each seen from its player to move."""

    observations: Tensor  # int8 (P, 2, n, n): the mover's discs, then the opponent's
    policies: Tensor  # float32 (P, n*n + 1): the search's visit distribution
    values: Tensor  # float32 (P,): the game's result for the mover (+1 / -1 / 0)
    games: int  # games played
    plies: int  # plies played by the longest game


@dataclass(frozen=True)
class MatchResult:
    """The search's score against an opponent: wins, draws and losses, from its side."""

    opponent: str
    wins: int
    draws: int
    losses: int

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        """Wins plus half the draws, over the games (the Elo convention)."""
        return (self.wins + 0.5 * self.draws) / max(self.games, 1)


def _overridden(search: SearchConfig, **settings: Any) -> SearchConfig:
    """``search`` with the settings given by the older keywords (``None``: not given), checked by name."""
    if not isinstance(search, SearchConfig):
        raise TypeError(f"search must be a SearchConfig, got {search!r} ({type(search).__name__})")
    given = {name: value for name, value in settings.items() if value is not None}
    return search.replace(**given) if given else search


@uses_package_threads
def self_play(
    evaluator: Evaluator,
    games: int,
    board_size: int = 8,
    *,
    search: SearchConfig = SELF_PLAY_SEARCH,
    temperature_plies: int = 8,
    generator: torch.Generator | None = None,
    device: torch.device | str = "cpu",
    on_ply: Callable[[int, int], None] | None = None,
    simulations: int | None = None,
    c_puct: float | None = None,
    dirichlet_alpha: float | None = None,
    dirichlet_fraction: float | None = None,
    root_policy: str | None = None,
    reuse: bool | None = None,
    exact_empties: int = 0,
    cache: int = 0,
) -> SelfPlayData:
    """Plays ``games`` games against itself, each move one search of ``search`` (default
    :data:`SELF_PLAY_SEARCH`). With the PUCT root the root gets Dirichlet noise and the moves are drawn in
    proportion to the visits for the first ``temperature_plies`` plies, then the most visited; with the Gumbel
    root the search chooses (its noise explores; the config's Dirichlet noise is not added) and the policy kept
    is its improved policy. Forced passes are played but not kept (their policy says nothing). With
    ``search.reuse`` (PUCT only) each search starts from the subtree of the move played, adding
    ``search.simulations`` to its visits. ``on_ply(ply, unfinished)`` is called after each ply (a progress
    display's hook; it costs one synchronisation a ply).

    With ``exact_empties`` above 0 (at most :func:`max_exact_empties` of the board size) the values come from the
    exact solver where it can say more than the game's result: each kept position of that many empty squares or
    fewer gets its win, draw or loss under perfect play (:func:`exact_values`), and each earlier position of its game
    the perfect-play result of the game's first such position, not the result of the moves the search went on to
    play.

    With ``cache`` above 0 the games keep the evaluations of that many positions (a
    :class:`~othello_zoo.search.CachedEvaluator` around ``evaluator``, made for these games alone, CPU batches only):
    a move's search meets again most of the positions the search before it evaluated, and the games' openings meet
    each other's. The same games with an evaluator whose answer for a position does not depend on its batch (a
    network's last bit does).

    ``simulations``, ``c_puct``, ``dirichlet_alpha``, ``dirichlet_fraction``, ``root_policy`` and ``reuse``,
    where given, replace those settings of ``search`` (the older way to pass them)."""
    config = _overridden(
        search,
        simulations=simulations,
        c_puct=c_puct,
        dirichlet_alpha=dirichlet_alpha,
        dirichlet_fraction=dirichlet_fraction,
        root_policy=root_policy,
        reuse=reuse,
    )
    games = check_int("games", games, low=1)
    temperature_plies = check_int("temperature_plies", temperature_plies, low=0)
    exact_empties = check_int("exact_empties", exact_empties, low=0, high=max_exact_empties(board_size))
    cache = check_int("cache", cache, low=0, high=MAX_CACHE_POSITIONS)
    device = resolve_device("device", device)
    generator = generator if generator is not None else torch.Generator(device=device).manual_seed(0)
    if config.root_policy != "puct":
        config = config.replace(dirichlet_fraction=0.0)
    # The trees walked in C where they can be (search._native): the same games, faster (1.55x the games a minute of
    # train's defaults on a 2-core CPU).
    compile = walks_in_c(device, board_size, config)
    if cache:
        evaluator = CachedEvaluator(evaluator, cache)
    searcher, keep_tree = BatchedSearch(evaluator, config, compile=compile), config.reuse
    state = engine.init(games, board_size, device=device)
    observations, policies, players, keep = [], [], [], []
    ply, subtree = 0, None
    while not bool(state.terminated.all()):
        result = searcher.run(state, generator, reuse=subtree, keep_tree=keep_tree)
        observation, mask = engine.mover_view(state)
        observations.append(observation)
        policies.append(result.policy.float())
        players.append(state.current_player)
        keep.append(~state.terminated & ~mask[:, -1])  # not a forced pass (the null action is legal only then)
        temperature = 1.0 if ply < temperature_plies else 0.0
        actions = select_actions(result, temperature, generator)
        subtree = result.subtree(actions) if keep_tree else None
        state = engine.step(state, actions, illegal_action="lose")
        ply += 1
        if on_ply is not None:
            on_ply(ply, int((~state.terminated).sum()))
    rewards = engine.rewards(state)  # a forfeit: -1 for the offender, 0 for the other
    black_result = torch.sign(rewards[:, 0] - rewards[:, 1])
    values = torch.stack([torch.where(p == 0, black_result, -black_result) for p in players])
    if exact_empties:
        values = exact_values(torch.stack(observations), torch.stack(players), torch.stack(keep), values, exact_empties)
    kept = torch.stack(keep).flatten()
    return SelfPlayData(
        torch.stack(observations).flatten(0, 1)[kept],
        torch.stack(policies).flatten(0, 1)[kept],
        values.flatten()[kept],
        games,
        ply,
    )


def exact_values(observations: Tensor, players: Tensor, keep: Tensor, values: Tensor, empties: int) -> Tensor:
    """``values`` (``(plies, games)``, each position's value for its mover) with the exact solver's where it knows
    better: a position kept (``keep``) with ``empties`` empty squares or fewer gets its win, draw or loss under perfect
    play for its mover (+1, 0, -1; :class:`~othello_zoo.agents.endgame.EndgameSolver`, in C on 8 x 8 boards), and
    each earlier position of the game the result of the game's first such position, for its own mover (``players``:
    0 black, 1 white). ``observations`` are the positions from their movers' side (``(plies, games, 2, n, n)``)."""
    from othello_zoo.agents.endgame import EndgameSolver

    plies, games, _, n, _ = observations.shape
    solver = EndgameSolver(n)
    discs = observations.to("cpu", torch.bool).flatten(3).numpy()  # (plies, games, 2, n*n)
    fewest = n * n - empties  # the fewest discs of a position solved
    out = values.to("cpu", torch.float32).clone()
    movers, kept = players.to("cpu"), keep.to("cpu")
    for game in range(games):
        first = None
        for ply in range(plies):
            if not kept[ply, game] or int(discs[ply, game].sum()) < fewest:
                continue
            own, opp = (
                int.from_bytes(np.packbits(plane, bitorder="little").tobytes(), "little") for plane in discs[ply, game]
            )
            score = solver.solve(own, opp, -1, 1).score
            out[ply, game] = float((score > 0) - (score < 0))
            first = ply if first is None else first
        if first is not None:  # the moves before: the perfect-play result from the game's first solved position
            same = movers[:first, game] == movers[first, game]
            out[:first, game] = torch.where(same, out[first, game], -out[first, game])
    return out.to(values.device)


@uses_package_threads
def match(
    evaluator: Evaluator,
    opponent: Any,
    games: int = 32,
    board_size: int = 8,
    *,
    search: SearchConfig = MATCH_SEARCH,
    random_plies: int = 2,
    generator: torch.Generator | None = None,
    device: torch.device | str = "cpu",
    simulations: int | None = None,
    c_puct: float | None = None,
    root_policy: str | None = None,
) -> MatchResult:
    """The search (``search``, its best move; default :data:`MATCH_SEARCH`) against ``opponent`` (``"random"`` or
    ``"greedy"``, batched on the engine, or any agent with ``act(board)``, such as ``make_agent("alphabeta",
    depth=4)``, asked board by board) over ``games`` games: the search plays black in the even-numbered games;
    the first ``random_plies`` plies of every game are random, so that the games differ. A match measures: each
    move is a fresh search without noise (the config's Dirichlet noise, Gumbel noise and reuse are turned off).

    ``simulations``, ``c_puct`` and ``root_policy``, where given, replace those settings of ``search`` (the
    older way to pass them)."""
    config = _overridden(search, simulations=simulations, c_puct=c_puct, root_policy=root_policy)
    if opponent not in OPPONENTS and not callable(getattr(opponent, "act", None)):
        raise ValueError(f"opponent must be one of {OPPONENTS} or an agent with act(board), got {opponent!r}")
    games = check_int("games", games, low=1)
    random_plies = check_int("random_plies", random_plies, low=0)
    device = resolve_device("device", device)
    generator = generator if generator is not None else torch.Generator(device=device).manual_seed(0)
    config = config.replace(dirichlet_fraction=0.0, gumbel_scale=0.0, reuse=False)
    searcher = BatchedSearch(evaluator, config, compile=walks_in_c(device, board_size, config))
    state = engine.init(games, board_size, device=device)
    ours = torch.arange(games, device=state.device) % 2  # the colour the search plays
    ply = 0
    while not bool(state.terminated.all()):
        if ply < random_plies:
            actions = engine.random_actions(state, generator)
        else:
            mine = select_actions(searcher.run(state, generator))
            theirs = _opponent_actions(opponent, state, ours, generator)
            actions = torch.where(state.current_player == ours, mine, theirs)
        state = engine.step(state, actions, illegal_action="lose")
        ply += 1
    rewards = engine.rewards(state)  # a forfeit: -1 for the offender, 0 for the other
    edge = rewards.gather(1, ours.unsqueeze(1)).squeeze(1) - rewards.gather(1, (1 - ours).unsqueeze(1)).squeeze(1)
    wins, draws = int((edge > 0).sum()), int((edge == 0).sum())
    name = opponent if isinstance(opponent, str) else str(getattr(opponent, "name", type(opponent).__name__))
    return MatchResult(name, wins, draws, games - wins - draws)


def _opponent_actions(opponent: Any, state: engine.State, ours: Tensor, generator: torch.Generator) -> Tensor:
    """The opponent's action on every board: batched for ``"random"`` and ``"greedy"``; an agent's
    ``act`` on each board where it is to move (the null action elsewhere)."""
    if opponent == "random":
        return engine.random_actions(state, generator)
    if opponent == "greedy":
        return greedy_actions(state)
    n = state.board_size
    actions = [n * n] * state.batch_size
    turn = ((state.current_player != ours) & ~state.terminated).tolist()
    for i, text in enumerate(engine.to_text(state)):
        if turn[i]:
            actions[i] = int(opponent.act(Board.from_text(text)))
    return torch.tensor(actions, dtype=torch.int64, device=state.device)
