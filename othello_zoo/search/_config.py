"""The settings of a search: :class:`SearchConfig`, one frozen dataclass, each default written here once.

Whoever runs searches takes a ``SearchConfig``: :class:`~othello_zoo.search.BatchedSearch`, self-play and matches
(:mod:`othello_zoo.alphazero.selfplay`), the AlphaZero agent and the trainer's ``TrainConfig`` (which nests one).
A use that needs other values than the defaults names them once, as a config of its own (self-play's noise, the
agent's 2,688 simulations), never as a second default of the same setting.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

import torch

from othello_zoo.core.checks import check_choice, check_int, check_real

__all__ = ["DTYPES", "FIRST_ROOM", "MAX_SECONDS", "MAX_SIMULATIONS", "ROOT_POLICIES", "SearchConfig"]

MAX_SIMULATIONS = 1_000_000  # a root's tree holds one node a simulation: 10**6 nodes of ~1 KiB on 8 x 8
MAX_SECONDS = 86_400.0  # a day: a time budget beyond it is a mistake (minutes and seconds mixed up, say)
FIRST_ROOM = 1024
"""The nodes a time-budgeted search (``seconds``) allots each tree at first; the trees double as it needs more."""
ROOT_POLICIES = ("puct", "gumbel")
DTYPES = (torch.float32, torch.float64)  # of the tree's statistics


@dataclass(frozen=True)
class SearchConfig:
    """How a batched search searches: its budget, its selection rules, its root noise and its number type.

    Attributes:
        simulations: simulations per root and search, 1 to :data:`MAX_SIMULATIONS`. 32: what self-play, the
            matches and the trainer use (the agent plays with 256).
        c_puct: the exploration constant of PUCT, ``Q + c_puct * P * sqrt(sum N) / (1 + N)``; on a node's first
            visit ``sqrt(sum N)`` counts as 1, so the first descent follows the prior. At least 0.
        dirichlet_alpha: the concentration of the root noise, ``Dir(alpha)`` over the legal actions; at least
            ``1e-6``. 0.5: the value every training run used (self-play's noise; the search alone adds none by
            default, so no network here was trained with another), and nearer the rule of thumb of about 10 over
            the usual number of legal moves (about 1 for Othello's ~10) than 0.3, AlphaZero's value for chess's ~35.
        dirichlet_fraction: the noise's share of the root prior, ``(1 - fraction) * P + fraction * noise``,
            0 to 1 (``0``, the default, draws none; self-play sets 0.25).
        root_policy: ``"puct"`` (AlphaZero) or ``"gumbel"`` (Gumbel AlphaZero: Gumbel-top-k and sequential
            halving at the root, PUCT below it; strong with few simulations).
        max_considered: the number of root actions the Gumbel root considers, at least 1.
        gumbel_scale: the scale of the Gumbel root's noise, at least 0 (0: deterministic, as in matches).
        c_visit: the Gumbel root's ``sigma(q) = (c_visit + max N) * c_scale * (q + 1) / 2``: its visit offset.
        c_scale: and its scale.
        reuse: a search keeps its trees in its result, and whoever plays a move searches on from the subtree
            under it (self-play, the agent); PUCT root only (the Gumbel root starts each search afresh).
        dtype: of the tree's statistics: ``torch.float32``, or ``torch.float64`` for exact comparisons.
        leaf_batch: simulations a tree per evaluator call, at least 1. Above 1, that many descents run one after
            another, each seeing the ones before it as losses (a virtual loss), and their leaves are evaluated
            together: fewer, larger network calls (on one board, with 16, about twice the simulations a second of
            one at a time, see ``docs/performance.md``), each simulation a little less informed than one at a time.
            A descent that reaches a leaf of its own batch still awaiting its evaluation counts it again instead of
            adding a node: rare in a long search of a position with many moves (the agent's up to 2,688), most
            of the simulations in a short search from a narrow one (32 from the start with 16: 10 new nodes).
            1: one simulation at a time.
        seconds: a time budget: the search stops after the first leaf batch that ends this many seconds or more
            after it began (its roots' evaluation included), ``simulations`` then being the most it runs;
            ``None`` (the default): exactly ``simulations``. The trees start with room for at most
            :data:`FIRST_ROOM` nodes and grow as the search needs. A time, not a count: the same search may run
            more or fewer simulations on another machine or a busier one. PUCT root only (the Gumbel root plans
            its sequential halving on the simulations).
        stop_when_decided: the search stops at the end of the first leaf batch (or before the first) after which no
            root's most visited move can be overtaken in the simulations left: on every root, its lead in visits
            over the next move exceeds them, or it has one legal move or none. The move played at temperature 0 is
            the one the whole search would play, in fewer simulations (a forced choice in none past the root's
            evaluation); the visits, the policy and a kept tree hold less. For play: a self-play policy target
            would be cut short. PUCT root only.

    >>> config = SearchConfig(simulations=64).replace(c_puct=2.0)
    >>> config.simulations, config.c_puct, config.dirichlet_alpha, config.root_policy
    (64, 2.0, 0.5, 'puct')
    >>> SearchConfig(simulations=0)
    Traceback (most recent call last):
    ...
    ValueError: simulations must be an int from 1 to 1,000,000, got 0
    """

    simulations: int = 32
    c_puct: float = 1.25
    dirichlet_alpha: float = 0.5
    dirichlet_fraction: float = 0.0
    root_policy: str = "puct"
    max_considered: int = 16
    gumbel_scale: float = 1.0
    c_visit: float = 50.0
    c_scale: float = 0.1
    reuse: bool = False
    dtype: torch.dtype = torch.float32
    leaf_batch: int = 1
    seconds: float | None = None
    stop_when_decided: bool = False

    def __post_init__(self) -> None:
        def keep(name: str, value: object) -> None:  # the checked value (a NumPy int becomes an int)
            object.__setattr__(self, name, value)

        keep("simulations", check_int("simulations", self.simulations, low=1, high=MAX_SIMULATIONS))
        keep("c_puct", check_real("c_puct", self.c_puct, low=0.0))
        keep("dirichlet_alpha", check_real("dirichlet_alpha", self.dirichlet_alpha, low=1e-6))
        keep("dirichlet_fraction", check_real("dirichlet_fraction", self.dirichlet_fraction, low=0.0, high=1.0))
        check_choice("root_policy", self.root_policy, ROOT_POLICIES)
        keep("max_considered", check_int("max_considered", self.max_considered, low=1))
        keep("gumbel_scale", check_real("gumbel_scale", self.gumbel_scale, low=0.0))
        keep("c_visit", check_real("c_visit", self.c_visit, low=0.0))
        keep("c_scale", check_real("c_scale", self.c_scale, low=0.0))
        if not isinstance(self.reuse, bool):
            raise TypeError(f"reuse must be True or False, got {self.reuse!r}")
        if self.reuse and self.root_policy != "puct":
            raise ValueError("reuse=True works with root_policy='puct' (the Gumbel root starts each search afresh)")
        keep("leaf_batch", check_int("leaf_batch", self.leaf_batch, low=1, high=MAX_SIMULATIONS))
        if self.seconds is not None:
            keep("seconds", check_real("seconds", self.seconds, low=0.0, open_low=True, high=MAX_SECONDS))
            if self.root_policy != "puct":
                raise ValueError(
                    "seconds works with root_policy='puct' (the Gumbel root plans its sequential halving on the "
                    "simulations: give it simulations alone)"
                )
        if not isinstance(self.stop_when_decided, bool):
            raise TypeError(f"stop_when_decided must be True or False, got {self.stop_when_decided!r}")
        if self.stop_when_decided and self.root_policy != "puct":
            raise ValueError(
                "stop_when_decided=True works with root_policy='puct' (the Gumbel root chooses by sequential halving, "
                "not by the most visits)"
            )
        if self.dtype not in DTYPES:
            raise ValueError(f"dtype must be torch.float32 or torch.float64, got {self.dtype!r}")

    def replace(self, **changes: Any) -> SearchConfig:
        """A copy with ``changes`` (setting names as keywords), checked as a new config is.

        >>> SearchConfig().replace(simulatons=8)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        TypeError: SearchConfig has no setting 'simulatons'; the settings are simulations, c_puct, ...
        """
        names = [field.name for field in dataclasses.fields(self)]
        for name in changes:
            if name not in names:
                raise TypeError(f"SearchConfig has no setting {name!r}; the settings are {', '.join(names)}")
        return dataclasses.replace(self, **changes)

    def warm_up(self) -> SearchConfig:
        """The search that :meth:`~othello_zoo.search.BatchedSearch.compile_ahead` runs to start a compilation:
        one leaf batch, no time limit, no tree kept. It runs the graphs of this config's searches; the agent's
        compile process compiles the same one.

        >>> SearchConfig(simulations=384, leaf_batch=8, reuse=True).warm_up().simulations
        8
        """
        return self.replace(simulations=self.leaf_batch, seconds=None, reuse=False, stop_when_decided=False)
