"""A strength ladder: matches between agents, Elo ratings, external programs as agents.

:func:`run_arena` plays a round robin (or a gauntlet) between agents named in text (:func:`parse_agent`: built-in
agents with options, checkpoints, external programs speaking the line protocol of
:mod:`othello_zoo.arena.external`), colours alternating, from seeded random openings or the XOT book, into a results
file of JSON lines that a stopped run resumes; :func:`fit_ratings` turns games into an Elo table with confidence
intervals; :func:`plot_ratings` draws it; :func:`export_games` writes the games as move lists. ``othello-zoo arena``
is the command line of the same.

>>> from othello_zoo.arena import fit_ratings, format_ratings
>>> print(format_ratings(fit_ratings([("greedy", "random", 1.0)] * 4)))
 #  agent      Elo     95% interval  games        W-D-L  score
 1  greedy    +191      -63 .. +445      4        4-0-0   1.00
 2  random    -191      -445 .. +63      4        0-0-4   0.00
"""

from __future__ import annotations

from othello_zoo.arena.arena import SCHEDULES, ArenaSettings, openings, pairs, run_arena
from othello_zoo.arena.external import PROTOCOL, ExternalAgent, ExternalAgentError
from othello_zoo.arena.plot import plot_ratings
from othello_zoo.arena.ratings import ColourScore, Rating, colour_scores, fit_ratings, format_ratings, head_to_head
from othello_zoo.arena.records import GameRecord, Results, export_games, read_results, replay, seconds_per_move
from othello_zoo.arena.spec import AgentSpec, parse_agent

__all__ = [
    "PROTOCOL",
    "SCHEDULES",
    "AgentSpec",
    "ArenaSettings",
    "ColourScore",
    "ExternalAgent",
    "ExternalAgentError",
    "GameRecord",
    "Rating",
    "Results",
    "colour_scores",
    "export_games",
    "fit_ratings",
    "format_ratings",
    "head_to_head",
    "openings",
    "pairs",
    "parse_agent",
    "plot_ratings",
    "read_results",
    "replay",
    "run_arena",
    "seconds_per_move",
]
