"""RLlib (new API stack): a turn-based ``MultiAgentEnv``, action-masking RLModules and PPO wiring.

Install the ``rllib`` extra. The env speaks RLlib's action-masking convention: each observation is
``{"observations": float32 (2, n, n), "action_mask": float32 (n*n + 1,)}`` (plane 0 the observer's
discs; ``flatten_observations=True`` gives ``(2*n*n,)`` instead, for RLlib's own MLP modules, which
read any 3-D observation as a channels-last image). It is turn based: only the agent to move
receives an observation (a forced pass included, with only the null action legal); when the game
ends both agents get their last observation and reward. Rewards come from the PettingZoo parallel
env: +1 / -1 / 0 at the end.

An illegal action ends the game with -1 for the offender (``illegal_action="lose"``, the default,
counted in the episode's infos and in the ``illegal_actions`` metric of :func:`log_episode_metrics`)
or raises a ``ValueError`` (``"raise"``; then also pass ``disable_env_checking=True`` to
``config.environment``, as RLlib's env check steps a random action).

:class:`OthelloRLModule` is a small channels-first conv net with masked logits and a value head
for PPO; :class:`RandomMaskedRLModule` plays uniformly among the legal actions. Two mappings wire
them: :func:`learner_vs_random_mapping` (the learner takes black in about half of the episodes) and
:func:`self_play_mapping` (one shared module for both colours). :func:`ppo_config` puts it all together.

Example:
    >>> from othello_zoo.compat.rllib import env_creator
    >>> env = env_creator({"board_size": 6})
    >>> observations, infos = env.reset(seed=0)
    >>> list(observations), observations["black_0"]["observations"].shape
    (['black_0'], (2, 6, 6))
    >>> observations["black_0"]["action_mask"].nonzero()[0].tolist()
    [8, 13, 22, 27]
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Hashable, Mapping
from typing import Any, Literal

import gymnasium
import numpy as np
import torch
from ray.rllib.algorithms.ppo import PPOConfig
from ray.rllib.core.columns import Columns
from ray.rllib.core.rl_module.apis import ValueFunctionAPI
from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
from ray.rllib.core.rl_module.rl_module import RLModule, RLModuleSpec
from ray.rllib.core.rl_module.torch import TorchRLModule
from ray.rllib.env.multi_agent_env import MultiAgentEnv
from ray.rllib.utils.typing import MultiAgentDict
from ray.tune.registry import register_env
from torch import Tensor, nn

from othello_zoo.env import othello_v0

__all__ = [
    "ENV_NAME",
    "LEARNER",
    "RANDOM",
    "OthelloMultiAgentEnv",
    "OthelloRLModule",
    "RandomMaskedRLModule",
    "env_creator",
    "evaluate_vs_random",
    "learner_vs_random_mapping",
    "log_episode_metrics",
    "module_specs",
    "ppo_config",
    "register",
    "self_play_mapping",
]

ENV_NAME = "othello_v0"
LEARNER = "learner"
RANDOM = "random"
AGENTS = ("black_0", "white_0")
HEAD_PLANES = 4  # 1 x 1 conv planes feeding each head (more than 1, so that a dead ReLU cannot silence a head)
ENV_KEYS = ("board_size", "opening_book", "opening_symmetries", "backend", "reward_mode")

Observation = dict[str, np.ndarray]


class OthelloMultiAgentEnv(MultiAgentEnv):  # type: ignore[misc]
    """Othello as a turn-based RLlib ``MultiAgentEnv`` over :func:`othello_zoo.env.othello_v0.parallel_env`.

    Args:
        config: ``board_size``, ``opening_book``, ``opening_symmetries``, ``backend``,
            ``reward_mode`` (as for ``othello_v0``), ``illegal_action`` (``"lose"`` or ``"raise"``)
            and ``flatten_observations`` (bool). Other keys are ignored.
    """

    def __init__(self, config: Mapping[str, Any] | None = None) -> None:
        super().__init__()
        config = dict(config or {})
        self.illegal_action: Literal["lose", "raise"] = config.get("illegal_action", "lose")
        self.flatten = bool(config.get("flatten_observations", False))
        kwargs = {key: config[key] for key in ENV_KEYS if key in config}
        self.game = othello_v0.parallel_env(**kwargs, illegal_action=self.illegal_action)
        n = self.game.board_size
        shape = (2 * n * n,) if self.flatten else (2, n, n)
        space = gymnasium.spaces.Dict(
            {
                "observations": gymnasium.spaces.Box(0.0, 1.0, shape, np.float32),
                "action_mask": gymnasium.spaces.Box(0.0, 1.0, (n * n + 1,), np.float32),
            }
        )
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        self.observation_spaces = {agent: space for agent in AGENTS}
        self.action_spaces = {agent: gymnasium.spaces.Discrete(n * n + 1) for agent in AGENTS}

    @property
    def mover(self) -> str:
        """The agent to move (meaningful while the game is running)."""
        return AGENTS[self.game.board.current_player]

    def reset(  # type: ignore[override]  # RLlib's multi-agent reset returns dicts, unlike gymnasium.Env's
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[MultiAgentDict, MultiAgentDict]:
        """Starts a game; returns the observation and infos of the agent to move only."""
        return self._to_move(*self.game.reset(seed=seed, options=options))

    def step(  # type: ignore[override]  # RLlib's multi-agent step returns dicts, unlike gymnasium.Env's
        self, action_dict: MultiAgentDict
    ) -> tuple[MultiAgentDict, MultiAgentDict, MultiAgentDict, MultiAgentDict, MultiAgentDict]:
        """Plays the mover's action; returns the next mover's observation, or both agents' at the end."""
        mover = self.mover
        action = _as_int(action_dict.get(mover))
        observations, rewards, terminations, _, infos = self.game.step({mover: action})
        if not all(terminations.values()):
            observation, info = self._to_move(observations, infos)
            return observation, {mover: 0.0}, {"__all__": False}, {"__all__": False}, info
        return (
            {agent: self._convert(observations[agent]) for agent in AGENTS},
            {agent: float(rewards[agent]) for agent in AGENTS},
            {"black_0": True, "white_0": True, "__all__": True},
            {"__all__": False},
            {agent: {**infos[agent], **self._outcome(rewards)} for agent in AGENTS},
        )

    def _to_move(
        self, observations: Mapping[str, Observation], infos: Mapping[str, Any]
    ) -> tuple[MultiAgentDict, MultiAgentDict]:
        """The observation and infos of the agent to move, from the parallel env's dicts."""
        mover = self.mover
        return {mover: self._convert(observations[mover])}, {mover: infos[mover]}

    def _outcome(self, rewards: Mapping[str, float]) -> dict[str, Any]:
        """The end-of-game infos: ``illegal_actions`` (1 when the game ended by a forfeit) and
        ``black_result`` (+1 / 0 / -1, the sign of black's final reward)."""
        return {"illegal_actions": int(self.game.board.forfeited), "black_result": float(np.sign(rewards["black_0"]))}

    def _convert(self, observation: Observation) -> Observation:
        planes = observation["observation"].astype(np.float32)
        return {
            "observations": planes.reshape(-1) if self.flatten else planes,
            "action_mask": observation["action_mask"].astype(np.float32),
        }


def _as_int(action: Any) -> Any:
    """An integer action (a Python int, NumPy integer or 0-d integer array) as an ``int``; anything else unchanged."""
    value = np.asarray(action)
    if value.shape == () and np.issubdtype(value.dtype, np.integer):
        return int(value)
    return action


def env_creator(config: Mapping[str, Any] | None = None) -> OthelloMultiAgentEnv:
    """The env from an ``env_config``, for ``ray.tune.registry.register_env``.

    Args:
        config: An RLlib ``EnvContext`` or any mapping with the keys of :class:`OthelloMultiAgentEnv`.

    Returns:
        A new :class:`OthelloMultiAgentEnv`.
    """
    return OthelloMultiAgentEnv(config)


def register(name: str = ENV_NAME) -> str:
    """Registers :func:`env_creator` with Ray Tune's registry (the env runners find it by name).

    Args:
        name: The env's name in the registry (``config.environment(name)``).

    Returns:
        ``name``.
    """
    register_env(name, env_creator)
    return name


def _board_size(action_space: Any) -> int:
    """n from the action space ``Discrete(n*n + 1)``."""
    return math.isqrt(int(action_space.n) - 1)


def _split(batch: Mapping[str, Any], board_size: int) -> tuple[Tensor, Tensor]:
    """Board planes float32 (B, 2, n, n) and the legal-action mask bool (B, n*n + 1) of a batch.

    Takes the observation under ``"observations"`` (this env) or ``"observation"`` (the key of the
    PettingZoo envs), flattened or not, of any dtype.
    """
    obs = batch[Columns.OBS]
    planes = obs["observations"] if "observations" in obs else obs["observation"]
    planes = planes.float().reshape(-1, 2, board_size, board_size)
    return planes, obs["action_mask"] > 0


def _masked(logits: Tensor, mask: Tensor) -> Tensor:
    """Logits with illegal actions set to the dtype's most negative value (not -inf: KL and entropy stay finite)."""
    return logits.masked_fill(~mask, torch.finfo(logits.dtype).min)


def _head(channels: int, board_size: int, width: int) -> list[nn.Module]:
    """The start of both heads: a 1 x 1 conv to :data:`HEAD_PLANES` planes, ReLU, flatten, linear to ``width``."""
    return [nn.Conv2d(channels, HEAD_PLANES, 1), nn.ReLU(), nn.Flatten(), nn.Linear(HEAD_PLANES * board_size**2, width)]


class OthelloRLModule(TorchRLModule, ValueFunctionAPI):  # type: ignore[misc]
    """An actor-critic conv net for the 2 x n x n board with masked logits (PPO-ready).

    ``model_config`` keys: ``channels`` (64), ``conv_layers`` (3 conv layers of 3 x 3 kernels) and
    ``value_hidden`` (64). The policy head is a 1 x 1 conv to 4 planes and a linear layer over
    ``n*n + 1`` actions; the value head a 1 x 1 conv, a hidden layer and a tanh (outcomes lie in [-1, 1]).
    """

    def setup(self) -> None:
        """Builds the layers from the action space (``n*n + 1`` actions) and ``model_config``."""
        config = self.model_config if isinstance(self.model_config, Mapping) else {}
        channels = int(config.get("channels", 64))
        layers = int(config.get("conv_layers", 3))
        hidden = int(config.get("value_hidden", 64))
        self.board_size = n = _board_size(self.action_space)
        body: list[nn.Module] = []
        for i in range(layers):
            body += [nn.Conv2d(2 if i == 0 else channels, channels, 3, padding=1), nn.ReLU()]
        self.body = nn.Sequential(*body)
        self.policy = nn.Sequential(*_head(channels, n, n * n + 1))
        self.value = nn.Sequential(*_head(channels, n, hidden), nn.ReLU(), nn.Linear(hidden, 1), nn.Tanh())

    def _forward(self, batch: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        planes, mask = _split(batch, self.board_size)
        return {Columns.ACTION_DIST_INPUTS: _masked(self.policy(self.body(planes)), mask)}

    def _forward_train(self, batch: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        planes, mask = _split(batch, self.board_size)
        hidden = self.body(planes)
        return {Columns.ACTION_DIST_INPUTS: _masked(self.policy(hidden), mask), Columns.EMBEDDINGS: hidden}

    def compute_values(self, batch: dict[str, Any], embeddings: Any = None) -> Tensor:
        """State values float32 (B,) from the observer's side (``embeddings`` from ``_forward_train`` if given)."""
        if embeddings is None:
            embeddings = self.body(_split(batch, self.board_size)[0])
        values: Tensor = self.value(embeddings).squeeze(-1)
        return values


class RandomMaskedRLModule(RLModule):  # type: ignore[misc]
    """Uniformly random legal actions, chosen directly (no distribution); not trainable.

    Leave it out of ``policies_to_train``. ``model_config={"seed": ...}`` seeds its generator.
    Works with NumPy or torch batches (no parameters, so no torch learner state either).
    """

    def setup(self) -> None:
        """Seeds the generator from ``model_config["seed"]`` (fresh entropy without it)."""
        config = self.model_config if isinstance(self.model_config, Mapping) else {}
        self.rng = np.random.default_rng(config.get("seed"))

    def _forward(self, batch: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        mask = batch[Columns.OBS]["action_mask"]
        legal = (mask.cpu().numpy() if isinstance(mask, Tensor) else np.asarray(mask)) > 0
        keys = np.where(legal, self.rng.random(legal.shape), -1.0)  # the argmax of uniform keys: a uniform legal pick
        return {Columns.ACTIONS: keys.argmax(-1)}

    def _forward_train(self, batch: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        raise NotImplementedError("RandomMaskedRLModule is not trainable: leave it out of policies_to_train")


def learner_vs_random_mapping(agent_id: Hashable, episode: Any, **kwargs: Any) -> str:
    """Policy mapping: the learner plays black in about half of the episodes (chosen by episode id),
    the random module the other colour."""
    learner_colour = zlib.crc32(str(episode.id_).encode()) % 2
    return LEARNER if agent_id == AGENTS[learner_colour] else RANDOM


def self_play_mapping(agent_id: Hashable, episode: Any, **kwargs: Any) -> str:
    """Policy mapping: one shared learner module for both agents."""
    return LEARNER


def log_episode_metrics(*, episode: Any, metrics_logger: Any, **kwargs: Any) -> None:
    """An ``on_episode_end`` callback: logs ``illegal_actions`` (a lifetime sum) and ``black_score``
    (1 / 0.5 / 0 for a black win / draw / loss, averaged over the last 100 episodes).

    Both read the infos that the env hands both agents when a game ends.
    """
    info = episode.get_infos(-1).get(AGENTS[0], {})
    metrics_logger.log_value("illegal_actions", int(info.get("illegal_actions", 0)), reduce="lifetime_sum")
    if "black_result" in info:  # a forfeit counts as the loss it is, whatever the discs
        metrics_logger.log_value("black_score", (info["black_result"] + 1.0) / 2.0, window=100)


def module_specs(self_play: bool = False, model_config: Mapping[str, Any] | None = None) -> MultiRLModuleSpec:
    """The modules to train and to play against; RLlib fills in the spaces from the env.

    Args:
        self_play: Only the learner (both colours map to it); else also the random opponent.
        model_config: The learner's ``model_config`` (see :class:`OthelloRLModule`).

    Returns:
        Specs of :class:`OthelloRLModule` under :data:`LEARNER` and, unless ``self_play``,
        :class:`RandomMaskedRLModule` under :data:`RANDOM`.
    """
    specs = {LEARNER: RLModuleSpec(module_class=OthelloRLModule, model_config=dict(model_config or {}))}
    if not self_play:
        specs[RANDOM] = RLModuleSpec(module_class=RandomMaskedRLModule)
    return MultiRLModuleSpec(rl_module_specs=specs)


def ppo_config(
    env_config: Mapping[str, Any] | None = None,
    *,
    self_play: bool = False,
    num_env_runners: int = 2,
    num_envs_per_env_runner: int = 1,
    model_config: Mapping[str, Any] | None = None,
) -> PPOConfig:
    """A ``PPOConfig`` for the registered env: learner vs random (default) or self-play, with episode metrics.

    Training settings (batch sizes, learning rate, ...) are left to the caller's ``.training(...)``.

    Args:
        env_config: The env's config (see :class:`OthelloMultiAgentEnv`).
        self_play: Map both colours to the learner (:func:`self_play_mapping`); else
            :func:`learner_vs_random_mapping`. Only the learner is trained either way.
        num_env_runners: Sampling actors.
        num_envs_per_env_runner: Games each env runner steps at once (one batched module call for all).
        model_config: The learner's ``model_config`` (see :class:`OthelloRLModule`).

    Returns:
        The config, with :func:`log_episode_metrics` as the ``on_episode_end`` callback.
    """
    mapping = self_play_mapping if self_play else learner_vs_random_mapping
    return (
        PPOConfig()
        .environment(register(), env_config=dict(env_config or {}))
        .env_runners(num_env_runners=num_env_runners, num_envs_per_env_runner=num_envs_per_env_runner)
        .multi_agent(
            policies={LEARNER} if self_play else {LEARNER, RANDOM},
            policy_mapping_fn=mapping,
            policies_to_train=[LEARNER],
        )
        .rl_module(rl_module_spec=module_specs(self_play, model_config))
        .callbacks(on_episode_end=log_episode_metrics)
    )


@torch.no_grad()
def evaluate_vs_random(
    module: Any, games: int = 100, seed: int = 0, env_config: Mapping[str, Any] | None = None
) -> dict[str, float]:
    """Plays ``games`` games of ``module``'s argmax policy against a uniformly random player, in this process.

    The module plays black in the even-numbered games and white in the odd ones; game ``i`` is reset
    with seed ``seed + i`` and the random player draws from ``numpy.random.default_rng(seed)``, so a
    result is reproducible.

    Args:
        module: An RLModule taking this env's observations (e.g. ``algo.get_module(LEARNER)``).
        games: Games to play.
        seed: The first reset seed and the random player's seed.
        env_config: The env's config (its ``illegal_action`` is set to ``"raise"``).

    Returns:
        ``wins``, ``draws``, ``losses`` (from the module's side) and ``score`` ((wins + draws / 2) / games).
    """
    env = OthelloMultiAgentEnv({**dict(env_config or {}), "illegal_action": "raise"})
    rng = np.random.default_rng(seed)
    counts = {"wins": 0, "draws": 0, "losses": 0}
    for game in range(games):
        learner = AGENTS[game % 2]
        observations, _ = env.reset(seed=seed + game)
        rewards: MultiAgentDict = {}
        while not rewards:
            agent, observation = next(iter(observations.items()))
            if agent == learner:
                batch = {Columns.OBS: {key: torch.from_numpy(value)[None] for key, value in observation.items()}}
                action = int(module.forward_inference(batch)[Columns.ACTION_DIST_INPUTS].argmax(-1)[0])
            else:
                action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            observations, step_rewards, terminations, _, _ = env.step({agent: action})
            if terminations["__all__"]:
                rewards = step_rewards
        outcome = rewards[learner]
        counts["wins" if outcome > 0 else "losses" if outcome < 0 else "draws"] += 1
    score = (counts["wins"] + counts["draws"] / 2) / games
    return {**{key: float(value) for key, value in counts.items()}, "score": score}
