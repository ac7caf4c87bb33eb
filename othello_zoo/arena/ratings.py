"""Elo ratings from game results: a Bradley-Terry fit with confidence intervals.

The fit is the maximum-likelihood Bradley-Terry model (a player's strength ``g``, the chance that ``i`` beats ``j``
being ``g_i / (g_i + g_j)``), found by the minorisation-maximisation iteration of Hunter (2004), a draw counting
half a win for each side. Each pair of players that met gets ``prior`` virtual draws (default 1), so that a player
who won every game still has a finite rating. Elo is ``400 log10 g``, shifted so that the ratings average 0 (or so
that ``anchor`` is 0). The interval is the normal one from the curvature of the log-likelihood at the fit (the
inverse of the Fisher information, with the ratings' sum fixed, or the anchor's rating), at ``confidence``.

>>> table = fit_ratings([("a", "b", 1.0)] * 3 + [("b", "c", 1.0)] * 3)
>>> [rating.label for rating in table]
['a', 'b', 'c']
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from statistics import NormalDist

import numpy as np

from othello_zoo.core.checks import check_real

__all__ = ["ColourScore", "Rating", "colour_scores", "fit_ratings", "format_ratings", "head_to_head"]


@dataclass(frozen=True)
class Rating:
    """One player's line of the table: Elo, its 95% interval, and the games behind it."""

    label: str
    elo: float
    low: float
    high: float
    games: int
    wins: int
    draws: int
    losses: int

    @property
    def score(self) -> float:
        """Points per game, a draw counting half."""
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.0


def head_to_head(results: Iterable[tuple[str, str, float]]) -> dict[tuple[str, str], tuple[int, int, int]]:
    """``(wins, draws, losses)`` of the first player of each pair (in the order first met) against the second,
    from ``(player, opponent, points of player)`` triples (points 1, 0.5 or 0)."""
    table: dict[tuple[str, str], list[int]] = {}
    for player, opponent, points in results:
        if player == opponent:
            raise ValueError(f"a game of {player!r} against itself cannot be rated")
        if points not in (0.0, 0.5, 1.0):
            raise ValueError(f"a game's points are 0, 0.5 or 1, got {points!r}")
        key, swapped = ((player, opponent), False) if (opponent, player) not in table else ((opponent, player), True)
        counts = table.setdefault(key, [0, 0, 0])
        counts[1 if points == 0.5 else 0 if (points == 1.0) != swapped else 2] += 1
    return {key: (counts[0], counts[1], counts[2]) for key, counts in table.items()}


def _fit(labels: Sequence[str], pairs: np.ndarray, counts: np.ndarray, prior: float) -> np.ndarray:
    """log10 strengths (mean 0) from ``pairs`` (P, 2) of indices and their ``counts`` (P, 3) of the first's
    wins, draws and losses."""
    m = len(labels)
    points = np.zeros(m)
    played = np.zeros((m, m))
    first, second = pairs[:, 0], pairs[:, 1]
    won = counts[:, 0] + 0.5 * counts[:, 1] + 0.5 * prior
    lost = counts[:, 2] + 0.5 * counts[:, 1] + 0.5 * prior
    np.add.at(points, first, won)
    np.add.at(points, second, lost)
    total = counts.sum(1) + prior
    np.add.at(played, (first, second), total)
    np.add.at(played, (second, first), total)
    strength = np.ones(m)
    for _ in range(10_000):
        denominator = (played / (strength[:, None] + strength[None, :])).sum(1)
        updated = np.where(denominator > 0, points / np.maximum(denominator, 1e-300), strength)
        updated = np.maximum(updated, 1e-300)
        updated /= math.exp(np.log(updated).mean())
        if np.max(np.abs(np.log(updated) - np.log(strength))) < 1e-10:
            strength = updated
            break
        strength = updated
    logs: np.ndarray = np.log10(strength)
    centred: np.ndarray = logs - logs.mean()
    return centred


def fit_ratings(
    results: Iterable[tuple[str, str, float]],
    *,
    prior: float = 1.0,
    confidence: float = 0.95,
    anchor: str | None = None,
) -> list[Rating]:
    """The rating table, best first, of ``(player, opponent, points of player)`` triples (see the module).

    Raises:
        ValueError: no games, a player against itself, points other than 0, 0.5 and 1, an ``anchor`` that
            played no game, or players in separate groups that never met (their ratings could not be compared).
    """
    prior = check_real("prior", prior, low=0.0)
    confidence = check_real("confidence", confidence, low=0.0, high=1.0, open_low=True)
    pairs_table = head_to_head(results)
    if not pairs_table:
        raise ValueError("there are no games to rate")
    labels = sorted({label for pair in pairs_table for label in pair})
    if anchor is not None and anchor not in labels:
        raise ValueError(f"anchor {anchor!r} played no game; players: {labels}")
    _check_connected(labels, pairs_table)
    index = {label: i for i, label in enumerate(labels)}
    pairs = np.array([[index[a], index[b]] for a, b in pairs_table], dtype=np.int64)
    counts = np.array(list(pairs_table.values()), dtype=np.float64)
    logs = _fit(labels, pairs, counts, prior)  # log10 strengths, mean 0
    # The Fisher information of the natural-log strengths, and its pseudo-inverse (the sum fixed at 0).
    m = len(labels)
    information = np.zeros((m, m))
    chance = 1.0 / (1.0 + 10.0 ** (logs[pairs[:, 1]] - logs[pairs[:, 0]]))
    weight = (counts.sum(1) + prior) * chance * (1.0 - chance)
    for (i, j), w in zip(pairs.tolist(), weight.tolist(), strict=True):
        information[i, i] += w
        information[j, j] += w
        information[i, j] -= w
        information[j, i] -= w
    covariance = np.linalg.pinv(information)
    scale = 400.0 / math.log(10.0)  # Elo per unit of natural-log strength
    elo = 400.0 * logs
    if anchor is not None:
        a = index[anchor]
        elo = elo - elo[a]
        variance = np.diag(covariance) + covariance[a, a] - 2.0 * covariance[:, a]
    else:
        variance = np.diag(covariance)
    half = NormalDist().inv_cdf(0.5 + confidence / 2.0) * scale * np.sqrt(np.maximum(variance, 0.0))
    low, high = elo - half, elo + half
    record = {label: [0, 0, 0] for label in labels}
    for (first, second), (won, drawn, lost) in pairs_table.items():
        for player, outcome in ((first, (won, drawn, lost)), (second, (lost, drawn, won))):
            for k in range(3):
                record[player][k] += outcome[k]
    table = [
        Rating(label, float(elo[i]), float(low[i]), float(high[i]), sum(record[label]), *record[label])
        for i, label in enumerate(labels)
    ]
    return sorted(table, key=lambda rating: (-rating.elo, rating.label))


def _check_connected(labels: Sequence[str], pairs: Iterable[tuple[str, str]]) -> None:
    """``ValueError`` when the players fall into groups that never met."""
    parent = {label: label for label in labels}

    def root(label: str) -> str:
        while parent[label] != label:
            label = parent[label]
        return label

    for a, b in pairs:
        parent[root(a)] = root(b)
    groups: dict[str, list[str]] = {}
    for label in labels:
        groups.setdefault(root(label), []).append(label)
    if len(groups) > 1:
        raise ValueError(
            f"the players form groups that never met, so their ratings cannot be compared: {list(groups.values())}"
        )


@dataclass(frozen=True)
class ColourScore:
    """A player's points and games with each colour."""

    black_points: float = 0.0
    black_games: int = 0
    white_points: float = 0.0
    white_games: int = 0

    @property
    def black(self) -> float | None:
        """Points a game as black (``None`` without a game as black)."""
        return self.black_points / self.black_games if self.black_games else None

    @property
    def white(self) -> float | None:
        """Points a game as white (``None`` without a game as white)."""
        return self.white_points / self.white_games if self.white_games else None


def colour_scores(results: Iterable[tuple[str, str, float]]) -> dict[str, ColourScore]:
    """Each player's score with each colour, from ``(black, white, points of black)`` triples (an arena's games, as
    :meth:`~othello_zoo.arena.Results.outcomes` gives them).

    >>> scores = colour_scores([("a", "b", 1.0), ("b", "a", 0.5), ("b", "a", 1.0)])
    >>> scores["a"].black, scores["a"].white, scores["b"].black, scores["b"].white
    (1.0, 0.25, 0.75, 0.0)
    """
    points: dict[str, list[float]] = {}
    for black, white, black_points in results:
        for player, first, won in ((black, 0, black_points), (white, 2, 1.0 - black_points)):
            tally = points.setdefault(player, [0.0, 0, 0.0, 0])
            tally[first] += won
            tally[first + 1] += 1
    return {player: ColourScore(t[0], int(t[1]), t[2], int(t[3])) for player, t in points.items()}


def format_ratings(table: Sequence[Rating], colours: Mapping[str, ColourScore] | None = None) -> str:
    """The table as aligned text: rank, label, Elo with its 95% interval, games, wins/draws/losses, score; with
    ``colours`` (:func:`colour_scores`), the score as black and as white too ("-" without a game of that colour)."""
    width = max([len("agent"), *(len(rating.label) for rating in table)])
    header = f"{'#':>2}  {'agent':<{width}}  {'Elo':>6}  {'95% interval':>15}  {'games':>5}  {'W-D-L':>11}"
    header += f"  {'score':>5}"
    lines = [header + ("  as black  as white" if colours is not None else "")]
    for rank, rating in enumerate(table, 1):
        interval = f"{rating.low:+.0f} .. {rating.high:+.0f}"
        record = f"{rating.wins}-{rating.draws}-{rating.losses}"
        line = (
            f"{rank:>2}  {rating.label:<{width}}  {rating.elo:>+6.0f}  {interval:>15}  {rating.games:>5}  "
            f"{record:>11}  {rating.score:>5.2f}"
        )
        if colours is not None:
            score = colours.get(rating.label, ColourScore())
            shown = ["-" if value is None else f"{value:.2f}" for value in (score.black, score.white)]
            line += f"  {shown[0]:>8}  {shown[1]:>8}"
        lines.append(line)
    return "\n".join(lines)
