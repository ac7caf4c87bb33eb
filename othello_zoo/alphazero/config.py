"""The settings of a training run: :class:`TrainConfig` (the ``othello-zoo train`` command's flags).

The self-play search's settings are a :class:`~othello_zoo.search.SearchConfig`, nested as ``TrainConfig.search``
(default :data:`~othello_zoo.alphazero.selfplay.SELF_PLAY_SEARCH`). The command line and runs saved before the
nesting name six of them flat: ``simulations``, ``root_policy``, ``c_puct``, ``dirichlet_alpha``,
``dirichlet_fraction`` and ``reuse_tree`` (:data:`SEARCH_SETTINGS`); ``TrainConfig`` takes them as keywords too,
and :meth:`TrainConfig.settings` gives a run's settings by those names.

>>> config = TrainConfig(board_size=6, simulations=16)
>>> config.search.simulations, config.search.dirichlet_fraction, config.settings()["simulations"]
(16, 0.25, 16)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import InitVar, dataclass
from typing import Any

from othello_zoo.alphazero.network import check_network_config
from othello_zoo.alphazero.selfplay import SELF_PLAY_SEARCH, max_exact_empties
from othello_zoo.core.checks import check_device, check_int, check_real, check_seed
from othello_zoo.search import CACHE_POSITIONS, DTYPES, MAX_CACHE_POSITIONS, MAX_SIMULATIONS, SearchConfig

__all__ = ["EVAL_OPPONENTS", "MAX_BUFFER", "SEARCH_SETTINGS", "TrainConfig", "setting_fields"]

MAX_BUFFER = 100_000_000
"""The most positions the replay buffer may keep (it is allocated whole when a run starts: 39 GB at 8 x 8)."""

EVAL_OPPONENTS = ("random", "greedy", "alphabeta", "mcts", "uct")

SEARCH_SETTINGS = {
    "simulations": "simulations",
    "root_policy": "root_policy",
    "c_puct": "c_puct",
    "dirichlet_alpha": "dirichlet_alpha",
    "dirichlet_fraction": "dirichlet_fraction",
    "reuse_tree": "reuse",
}
"""The run's flat names (the command's flags, the keys of runs saved before the nesting) of the search settings,
and the :class:`~othello_zoo.search.SearchConfig` field each one sets."""


@dataclass
class TrainConfig:
    """The settings of a run (the command's flags); the defaults train 6 x 6 on a small CPU.

    ``simulations``, ``root_policy``, ``c_puct``, ``dirichlet_alpha``, ``dirichlet_fraction`` and ``reuse_tree``
    are accepted as keywords (the command's flags): each replaces its setting of ``search`` (see
    :data:`SEARCH_SETTINGS`), and reading one reads ``search`` (``config.reuse_tree`` is ``config.search.reuse``).
    """

    board_size: int = 6
    channels: int = 32  # network width
    blocks: int = 2  # residual blocks
    games: int = 128  # self-play games an iteration, played together
    search: SearchConfig = SELF_PLAY_SEARCH  # the self-play search: simulations, root policy, noise, reuse
    temperature_plies: int = 8  # plies drawn in proportion to the visits, then the most visited
    exact_empties: int = 0  # from this many empties down, the values are the exact solver's (0: the games' results)
    cache: int = CACHE_POSITIONS  # positions whose evaluations an iteration's self-play keeps (0: none; CPU only)
    buffer: int = 50_000  # positions kept in the replay buffer
    batch_size: int = 256
    train_steps: int = 100  # gradient steps an iteration
    lr: float = 2e-3
    weight_decay: float = 1e-4
    eval_every: int = 5  # iterations between matches (0: none)
    eval_games: int = 64  # games a match (colours alternate)
    eval_simulations: int = SearchConfig.simulations  # the matches' search: the self-play one with this budget
    eval_opponents: str = "random,greedy"  # also "alphabeta" (depth 4), "mcts" (2,000 simulations), "uct" (400)
    minutes: float = 20.0  # wall-clock budget of the run, resumed time included (0: none)
    iterations: int = 0  # iterations to run (0: until the budget)
    seed: int = 0
    device: str = "cpu"
    ray_address: str = ""  # self-play on Ray actors at this address ("local", "auto", "ray://host:port"); "" = none
    ray_workers: int = 2  # Ray actors playing the games of an iteration
    # The flat names of search settings (SEARCH_SETTINGS): taken when given, folded into ``search``.
    simulations: InitVar[int | None] = None
    root_policy: InitVar[str | None] = None
    c_puct: InitVar[float | None] = None
    dirichlet_alpha: InitVar[float | None] = None
    dirichlet_fraction: InitVar[float | None] = None
    reuse_tree: InitVar[bool | None] = None

    def __post_init__(
        self,
        simulations: int | None,
        root_policy: str | None,
        c_puct: float | None,
        dirichlet_alpha: float | None,
        dirichlet_fraction: float | None,
        reuse_tree: bool | None,
    ) -> None:
        if not isinstance(self.search, SearchConfig):
            raise TypeError(f"search must be a SearchConfig, got {self.search!r} ({type(self.search).__name__})")
        flat = {"simulations": simulations, "root_policy": root_policy, "c_puct": c_puct}
        flat |= {"dirichlet_alpha": dirichlet_alpha, "dirichlet_fraction": dirichlet_fraction}
        flat["reuse_tree"] = reuse_tree
        given = {SEARCH_SETTINGS[name]: value for name, value in flat.items() if value is not None}
        if reuse_tree is not None and not isinstance(reuse_tree, bool):
            raise TypeError(f"reuse_tree must be True or False, got {reuse_tree!r}")
        if given.get("reuse") and given.get("root_policy", self.search.root_policy) != "puct":
            raise ValueError("reuse_tree works with root_policy='puct' (the Gumbel root starts each search afresh)")
        if given:
            self.search = self.search.replace(**given)
        # board_size, channels (1 to MAX_CHANNELS), blocks (0 to MAX_BLOCKS) and the network's weights, bounded
        check_network_config({"board_size": self.board_size, "channels": self.channels, "blocks": self.blocks})
        check_int("buffer", self.buffer, low=1, high=MAX_BUFFER)
        for name in ["games", "batch_size", "train_steps", "eval_games", "ray_workers"]:
            check_int(name, getattr(self, name), low=1)
        for name in ("temperature_plies", "eval_every", "iterations"):
            check_int(name, getattr(self, name), low=0)
        check_seed("seed", self.seed)
        check_int("eval_simulations", self.eval_simulations, low=1, high=MAX_SIMULATIONS)
        check_int("exact_empties", self.exact_empties, low=0, high=max_exact_empties(self.board_size))
        check_int("cache", self.cache, low=0, high=MAX_CACHE_POSITIONS)
        for name in ("lr", "weight_decay", "minutes"):
            check_real(name, getattr(self, name), low=0.0)
        unknown = set(self.eval_opponents.split(",")) - set(EVAL_OPPONENTS)
        if unknown or not self.eval_opponents:
            allowed = ", ".join(EVAL_OPPONENTS)
            raise ValueError(f"eval_opponents takes names from {allowed}, got {self.eval_opponents!r}")
        if not self.minutes and not self.iterations:
            raise ValueError("minutes and iterations are both 0: the run would never end; set one")
        check_device("device", self.device)

    def __getattr__(self, name: str) -> Any:
        """The flat names of search settings read through to :attr:`search` (``config.simulations`` is
        ``config.search.simulations``); any other missing name is an ``AttributeError``."""
        field = SEARCH_SETTINGS.get(name)
        if field is None or name.startswith("__"):
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        return getattr(self.search, field)

    @property
    def eval_search(self) -> SearchConfig:
        """The matches' search: the self-play search with ``eval_simulations`` (``match`` turns its noise off)."""
        return self.search.replace(simulations=self.eval_simulations)

    def settings(self) -> dict[str, Any]:
        """The run's settings by the command's names (the search's by their flat names), in the flags' order."""
        out: dict[str, Any] = {}
        for field in dataclasses.fields(self):
            if field.name == "search":
                out |= {flat: getattr(self.search, name) for flat, name in SEARCH_SETTINGS.items()}
            else:
                out[field.name] = getattr(self, field.name)
        return out

    def to_dict(self) -> dict[str, Any]:
        """Plain data to save with a run (the search nested, its dtype by name); :meth:`from_dict` reads it."""
        out = {field.name: getattr(self, field.name) for field in dataclasses.fields(self)}
        search = dataclasses.asdict(self.search)
        search["dtype"] = str(search["dtype"]).removeprefix("torch.")
        out["search"] = search
        return out

    @classmethod
    def from_dict(cls, saved: Mapping[str, Any], **changes: Any) -> TrainConfig:
        """The config of a saved run: :meth:`to_dict`'s form, or the flat one of runs saved before the search was
        nested (``simulations``, ``c_puct``, ... at the top), with ``changes`` (a resumed run's new budget, device or
        Ray settings) in place of the saved values before anything is checked: a run saved on a GPU resumes with
        ``device="cpu"`` on a machine without one."""
        if not isinstance(saved, Mapping):
            raise TypeError(f"a run's config must be a dict of its settings, got a {type(saved).__name__}")
        values = {**saved, **changes}
        search = values.get("search")
        if isinstance(search, Mapping):
            search = dict(search)
            names = {str(dtype).removeprefix("torch."): dtype for dtype in DTYPES}
            if isinstance(search.get("dtype"), str):
                if search["dtype"] not in names:
                    raise ValueError(f"search dtype must be one of {', '.join(names)}, got {search['dtype']!r}")
                search["dtype"] = names[search["dtype"]]
            values["search"] = SearchConfig(**search)
        return cls(**values)


for _flat in SEARCH_SETTINGS:  # the InitVars' class defaults (None) would hide __getattr__'s read-through
    delattr(TrainConfig, _flat)


def setting_fields() -> list[tuple[str, str, Any]]:
    """``(name, type, default)`` of each setting by the command's names, in the flags' order (the type as written:
    ``"int"``, ``"float"``, ``"str"`` or ``"bool"``)."""
    search_types = {field.name: str(field.type) for field in dataclasses.fields(SearchConfig)}
    types = {field.name: str(field.type) for field in dataclasses.fields(TrainConfig)}
    types |= {flat: search_types[name] for flat, name in SEARCH_SETTINGS.items()}
    return [(name, types[name], value) for name, value in TrainConfig().settings().items()]
