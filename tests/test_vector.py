"""The vectorized parallel API: agreement with raw_env, autoreset, seeding, bad input, no host sync."""

from __future__ import annotations

import numpy as np
import pytest
import torch
from gymnasium.vector import AutoresetMode

from othello_zoo import engine, othello_v0
from othello_zoo.engine.kernels.bitboard import NUMPY_PATH
from othello_zoo.vector import OthelloVectorEnv

AGENTS = ("black_0", "white_0")
NEAR_END = "-OXXXXXX" + "-" * 56 + " O"  # white must pass, then black a1 ends the game 8-0
AFTER_END = "XXXXXXXX" + "-" * 56 + " O"
START = "---------------------------OX------XO--------------------------- X"


@pytest.mark.parametrize("host_numpy", [True, False], ids=["cpu-path", "device-path"])
@pytest.mark.parametrize("book", [None, "xot"])
def test_vector__lockstep_with_64_raw_envs_over_whole_games(
    book: str | None, host_numpy: bool, monkeypatch: pytest.MonkeyPatch, device: str, on_device: torch.device
) -> None:
    vec = othello_v0.vector_env(64, opening_book=book, autoreset_mode="disabled", device=device)
    monkeypatch.setattr(NUMPY_PATH, "enabled", host_numpy)  # as engine.numpy_path(False): the path of other devices
    vec.reset(seed=7)
    raws = []
    for text in engine.to_text(vec.state):
        raw = othello_v0.raw_env()
        raw.reset(options={"position": text})
        raws.append(raw)
    rng = np.random.default_rng(0)
    finished = [False] * 64
    for _ in range(70):
        actions = []
        for raw in raws:
            mask = raw.observe(raw.agent_selection)["action_mask"]
            actions.append(int(rng.choice(np.flatnonzero(mask))) if not all(raw.terminations.values()) else 0)
        for raw, action in zip(raws, actions, strict=True):
            if not all(raw.terminations.values()):
                raw.step(action)
        moves = torch.tensor(actions, device=device)
        observations, rewards, terminations, truncations, infos = vec.step({"black_0": moves, "white_0": moves})
        assert observations["black_0"]["observation"].device == infos["scores"].device == on_device
        # Compared on the host, one copy a step (the raw envs are host Python).
        observations = {a: {k: v.cpu() for k, v in observations[a].items()} for a in AGENTS}
        rewards, terminations, truncations = (
            {a: d[a].cpu() for a in AGENTS} for d in (rewards, terminations, truncations)
        )
        scores = infos["scores"].cpu()
        for i, raw in enumerate(raws):
            ended_now = all(raw.terminations.values()) and not finished[i]
            finished[i] = all(raw.terminations.values())
            for agent in AGENTS:
                expected = raw.observe(agent)
                assert np.array_equal(observations[agent]["observation"][i].numpy(), expected["observation"])
                assert np.array_equal(observations[agent]["action_mask"][i].numpy(), expected["action_mask"] == 1)
                assert bool(terminations[agent][i]) == raw.terminations[agent]
                assert not bool(truncations[agent][i])
                assert float(rewards[agent][i]) == (raw.rewards[agent] if ended_now else 0.0)
            assert tuple(scores[i].tolist()) == raw.infos["black_0"]["scores"]
        if all(all(raw.terminations.values()) for raw in raws):
            break
    assert all(all(raw.terminations.values()) for raw in raws)
    assert bool(vec.state.terminated.all())


def _end_game_env(mode: str, num_envs: int = 2, device: str = "cpu") -> OthelloVectorEnv:
    vec = othello_v0.vector_env(num_envs, autoreset_mode=mode, device=device)
    vec.reset(seed=0, options={"position": [NEAR_END] + [START] * (num_envs - 1)})
    return vec


def _both(a: int, b: int, device: str = "cpu") -> dict[str, torch.Tensor]:
    moves = torch.tensor([a, b], device=device)
    return {"black_0": moves, "white_0": moves}


def test_autoreset__next_step(device: str, on_device: torch.device) -> None:
    vec = _end_game_env("next_step", device=device)
    assert vec.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    _, rewards, terminations, _, _ = vec.step(_both(64, 37, device))  # board 0: white passes
    assert terminations["black_0"].tolist() == [False, False]
    assert terminations["black_0"].device == rewards["black_0"].device == on_device
    obs, rewards, terminations, _, infos = vec.step(_both(0, 43, device))  # board 0: black a1 ends it
    assert terminations["black_0"].tolist() == [True, False]
    assert rewards["black_0"].tolist() == [1.0, 0.0]
    assert rewards["white_0"].tolist() == [-1.0, 0.0]
    assert engine.to_text(vec.state[0]) == [AFTER_END]  # the final observation is returned
    assert obs["black_0"]["observation"][0, 0, 0].tolist() == [1] * 8
    assert obs["black_0"]["action_mask"][0].nonzero().flatten().tolist() == [64]
    assert infos["scores"][0].tolist() == [8, 0]
    obs, rewards, terminations, _, infos = vec.step(_both(12, 18, device))  # board 0 is reset; its action ignored
    assert engine.to_text(vec.state[0]) == [START]
    assert terminations["black_0"].tolist() == [False, False]
    assert rewards["black_0"].tolist() == [0.0, 0.0]
    assert obs["black_0"]["action_mask"][0].nonzero().flatten().tolist() == [19, 26, 37, 44]
    assert infos["scores"][0].tolist() == [2, 2]


def test_autoreset__same_step(device: str, on_device: torch.device) -> None:
    vec = _end_game_env(AutoresetMode.SAME_STEP, device=device)
    vec.step(_both(64, 37, device))
    obs, rewards, terminations, _, infos = vec.step(_both(0, 43, device))
    assert terminations["white_0"].tolist() == [True, False]
    assert rewards["black_0"].tolist() == [1.0, 0.0]
    assert engine.to_text(vec.state[0]) == [START]  # already reset
    assert obs["black_0"]["action_mask"][0].nonzero().flatten().tolist() == [19, 26, 37, 44]
    assert infos["_final_obs"].tolist() == [True, False]
    assert infos["final_obs"]["black_0"]["observation"][0, 0, 0].tolist() == [1] * 8
    assert infos["final_obs"]["black_0"]["observation"].device == infos["final_scores"].device == on_device
    assert infos["final_obs"]["white_0"]["observation"][0].sum().item() == 8  # white sees black's 8 discs
    assert infos["final_rewards"]["white_0"].tolist() == [-1.0, 0.0]
    assert infos["final_scores"][0].tolist() == [8, 0]
    assert infos["scores"][0].tolist() == [2, 2]
    _, rewards, terminations, _, _ = vec.step(_both(19, 18, device))
    assert terminations["black_0"].tolist() == [False, False]
    assert rewards["black_0"].tolist() == [0.0, 0.0]


def test_autoreset__disabled_finished_board_is_a_no_op(device: str) -> None:
    vec = _end_game_env("disabled", device=device)
    vec.step(_both(64, 37, device))
    _, rewards, terminations, _, _ = vec.step(_both(0, 43, device))
    assert terminations["black_0"].tolist() == [True, False]
    assert rewards["black_0"].tolist() == [1.0, 0.0]
    _, rewards, terminations, _, _ = vec.step(_both(5, 18, device))
    assert engine.to_text(vec.state[0]) == [AFTER_END]
    assert terminations["black_0"].tolist() == [True, False]
    assert rewards["black_0"].tolist() == [0.0, 0.0]
    assert rewards["white_0"].tolist() == [0.0, 0.0]
    obs, _ = vec.reset(options={"reset_mask": torch.tensor([True, False], device=device)})
    assert engine.to_text(vec.state[0]) == [START]
    assert engine.to_text(vec.state[1]) != [START]  # board 1 kept its game
    assert obs["black_0"]["action_mask"][0].nonzero().flatten().tolist() == [19, 26, 37, 44]


def test_vector__seeding_reproduces_openings_and_trajectories(device: str) -> None:
    def run(seed: int) -> list[str]:
        kwargs = {"opening_book": "xot", "autoreset_mode": "same_step", "illegal_action": "lose", "device": device}
        vec = othello_v0.vector_env(16, **kwargs)  # type: ignore[arg-type]
        vec.reset(seed=seed)
        texts = engine.to_text(vec.state)
        g = torch.Generator(device=device).manual_seed(1)
        for _ in range(80):  # through game ends, so that autoreset draws openings too
            _, mask = vec.observe_movers()
            vec.step_movers(engine.sample_actions(mask, g))
        return texts + engine.to_text(vec.state)

    assert run(3) == run(3)
    assert run(3) != run(4)


def test_vector__mover_view_and_step(device: str, on_device: torch.device) -> None:
    vec = _end_game_env("next_step", device=device)
    obs, mask = vec.observe_movers()
    assert obs.device == mask.device == on_device
    assert mask[0].nonzero().flatten().tolist() == [64]  # white must pass on board 0
    assert obs[0, 0].sum().item() == 1  # white's own disc, b1
    result = vec.step_movers(torch.tensor([64, 37], device=device))
    assert result.action_mask[0].nonzero().flatten().tolist() == [0]
    result = vec.step_movers(torch.tensor([0, 43], device=device))
    assert result.reward.tolist() == [1.0, 0.0]  # black moved on board 0 and won
    assert result.opponent_reward.tolist() == [-1.0, 0.0]
    assert result.terminated.tolist() == [True, False]
    assert result.observation.shape == (2, 2, 8, 8)
    assert result.observation.device == result.reward.device == result.terminated.device == on_device


def test_vector__spaces() -> None:
    vec = othello_v0.vector_env(5, board_size=6)
    assert vec.single_action_space.n == 37  # attributes, as in Gymnasium
    assert vec.single_observation_space["observation"].shape == (2, 6, 6)
    mask_space = vec.single_observation_space["action_mask"]
    assert mask_space == othello_v0.raw_env(board_size=6).observation_space("black_0")["action_mask"]  # one type
    assert vec.action_space("black_0").shape == (5,)
    assert vec.observation_space("black_0")["observation"].shape == (5, 2, 6, 6)
    assert vec.num_envs == 5
    assert vec.possible_agents == ["black_0", "white_0"]
    assert vec.current_player.tolist() == [0] * 5
    with pytest.raises(ValueError, match="agent must be one of"):
        vec.action_space("red_0")


def test_vector__bad_input_gets_a_clear_error_and_leaves_the_env_unchanged(
    device: str, on_device: torch.device
) -> None:
    vec = othello_v0.vector_env(3, device=device)
    vec.reset(seed=0)
    before = engine.to_text(vec.state)
    good = torch.tensor([19, 26, 37], device=device)
    cases = [
        ({"black_0": good}, ValueError, "actions has no entry for 'white_0'"),
        (
            {"black_0": good[:2], "white_0": good[:2]},
            ValueError,
            r"must have shape \(3,\) \(one per board\), got \(2,\)",
        ),
        ({"black_0": good.int(), "white_0": good}, TypeError, "must have dtype torch.int64, got torch.int32"),
        ({"black_0": good.to("meta"), "white_0": good}, ValueError, f"are on meta, the boards on {on_device}:"),
        ({"black_0": [19, 26, 37], "white_0": good}, TypeError, "must be a torch.Tensor"),
        (
            {"black_0": torch.tensor([19, 26, 65], device=device), "white_0": good},
            ValueError,
            r"board 2: action 65 \(out of range\)",
        ),
        (
            {"black_0": torch.tensor([19, 0, 37], device=device), "white_0": good},
            ValueError,
            r"board 1: action 0 \(a1\); legal: \[19",
        ),
    ]
    if on_device.type != "cpu":  # actions left on the host
        cases.append(({"black_0": good.cpu(), "white_0": good}, ValueError, f"are on cpu, the boards on {on_device}:"))
    for actions, error, message in cases:
        with pytest.raises(error, match=message):
            vec.step(actions)  # type: ignore[arg-type]
        assert engine.to_text(vec.state) == before
    with pytest.raises(TypeError, match="actions must be a dict"):
        vec.step(good)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="autoreset_mode must be an AutoresetMode or one of"):
        othello_v0.vector_env(2, autoreset_mode="sometimes", device=device)
    with pytest.raises(ValueError, match="num_envs must be an int >= 1, got 0"):
        othello_v0.vector_env(0, device=device)


def test_vector__lose_mode_ends_the_offending_boards(device: str) -> None:
    vec = othello_v0.vector_env(3, illegal_action="lose", device=device)
    vec.reset(seed=0)
    _, rewards, terminations, _, _ = vec.step(_three(19, 0, 65, device))
    assert terminations["black_0"].tolist() == [False, True, True]
    assert rewards["black_0"].tolist() == [0.0, -1.0, -1.0]
    assert rewards["white_0"].tolist() == [0.0, 0.0, 0.0]


def _three(a: int, b: int, c: int, device: str = "cpu") -> dict[str, torch.Tensor]:
    moves = torch.tensor([a, b, c], device=device)
    return {"black_0": moves, "white_0": moves}


@pytest.mark.parametrize("host_numpy", [True, False], ids=["cpu-path", "device-path"])
def test_vector__lose_mode_step_makes_no_host_synchronisation(
    monkeypatch: pytest.MonkeyPatch, host_numpy: bool
) -> None:
    vec = othello_v0.vector_env(64, illegal_action="lose", opening_book="xot", autoreset_mode="same_step")
    vec.reset(seed=0)
    g = torch.Generator().manual_seed(0)
    ended = torch.zeros(64, dtype=torch.int64)

    def forbidden(*args: object, **kwargs: object) -> None:
        raise AssertionError("host synchronisation in the step path")

    with monkeypatch.context() as patch:
        # On CPU the kernel runs a few steps in numpy on the tensors' own memory, which is no
        # synchronisation there; with that path off, the step runs as it does on a GPU, where
        # reaching for numpy would be one.
        patch.setattr(NUMPY_PATH, "enabled", host_numpy)  # as engine.numpy_path(host_numpy)
        names = ["item", "tolist", "__bool__", "cpu"] + ([] if host_numpy else ["numpy"])
        for name in names:
            patch.setattr(torch.Tensor, name, forbidden)
        for _ in range(70):  # through game ends, autoresets and illegal actions
            _, mask = vec.observe_movers()
            actions = engine.sample_actions(mask, g, check=False)
            actions = torch.where(torch.arange(64) == 5, 3, actions)  # board 5 often plays illegally
            _, _, terminations, _, _ = vec.step({"black_0": actions, "white_0": actions})
            ended += terminations["black_0"]
    assert int(ended[5]) >= 10  # it forfeited again and again
    assert int((ended > 0).sum()) == 64  # every game reached its end (70 plies > one game)


def test_vector__lose_mode_step_makes_no_host_synchronisation_on_cuda(device: str, on_device: torch.device) -> None:
    if on_device.type != "cuda":
        pytest.skip("needs --device cuda")
    vec = othello_v0.vector_env(64, device=device, illegal_action="lose", opening_book="xot")
    vec.reset(seed=0)
    g = torch.Generator(device=device).manual_seed(0)
    torch.cuda.set_sync_debug_mode("error")
    try:
        for _ in range(70):
            _, mask = vec.observe_movers()
            vec.step_movers(engine.sample_actions(mask, g, check=False))
    finally:
        torch.cuda.set_sync_debug_mode("default")
    assert int(vec.state.terminated.sum()) < 64  # finished games were restarted


def test_vector__runs_on_cuda(device: str, on_device: torch.device) -> None:
    if on_device.type != "cuda":
        pytest.skip("needs --device cuda")
    vec = othello_v0.vector_env(8, device=device, opening_book="xot")
    obs, infos = vec.reset(seed=0)
    assert obs["black_0"]["observation"].device.type == "cuda"
    assert infos["scores"].sum(1).tolist() == [12] * 8


@pytest.mark.parametrize("mode", ["next_step", "disabled"])
@pytest.mark.parametrize("reward_mode", ["outcome", "margin"])
def test_step_movers__agrees_with_the_dict_api_over_whole_games(mode: str, reward_mode: str, device: str) -> None:
    """The mover API reads the outcome off the observation; the dict API through engine.outcome.
    Both are stepped with the same actions (some illegal, which forfeit) over several games."""
    kwargs = {"autoreset_mode": mode, "reward_mode": reward_mode, "illegal_action": "lose", "board_size": 6}
    kwargs["device"] = device
    movers, colours = othello_v0.vector_env(32, **kwargs), othello_v0.vector_env(32, **kwargs)  # type: ignore[arg-type]
    movers.reset(seed=1)
    colours.reset(seed=1)
    g = torch.Generator(device=device).manual_seed(0)
    ended = forfeits = 0
    for t in range(90):
        mask = engine.legal_action_mask(movers.state)
        actions = engine.sample_actions(mask, g)
        if t % 7 == 3:  # one board plays an illegal action and forfeits
            board = t % 32
            actions[board] = int((~mask[board]).nonzero()[0])
        mover = movers.state.current_player.clone()
        result = movers.step_movers(actions)
        _, rewards, terminations, _, _ = colours.step({"black_0": actions, "white_0": actions})
        black, white = rewards["black_0"], rewards["white_0"]
        assert torch.equal(result.reward, torch.where(mover == 0, black, white))
        assert torch.equal(result.opponent_reward, torch.where(mover == 0, white, black))
        assert torch.equal(result.terminated, terminations["black_0"])
        observation, action_mask = engine.mover_view(colours.state)
        assert torch.equal(result.observation, observation)
        assert torch.equal(result.action_mask, action_mask)
        ended += int((black != 0).sum())
        forfeits += int((result.reward == -1).logical_and(result.opponent_reward == 0).sum())
    assert ended >= 25  # decided games (draws give 0 to both and are not counted)
    assert forfeits >= 5
    if mode == "disabled":
        assert bool(movers.state.terminated.all())  # every board played to its end


def test_tune_malloc__is_not_a_side_effect_of_building_an_env() -> None:
    from othello_zoo.vector import tune_malloc

    tune_malloc.cache_clear()
    othello_v0.vector_env(4).step_movers(torch.full((4,), 19))
    assert tune_malloc.cache_info().misses == 0  # opt-in: process-wide settings change only when asked


def test_tune_malloc__applies_on_linux_and_can_be_turned_off(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from othello_zoo.vector import MMAP_THRESHOLD, TRIM_THRESHOLD, tune_malloc

    uncached = tune_malloc.__wrapped__  # the cached one applies once per process
    on_linux = sys.platform.startswith("linux")
    assert uncached(MMAP_THRESHOLD, TRIM_THRESHOLD) is on_linux  # glibc's mallopt took both
    monkeypatch.setenv("OTHELLO_ZOO_TUNE_MALLOC", "0")
    assert uncached(MMAP_THRESHOLD, TRIM_THRESHOLD) is False


@pytest.mark.parametrize(
    ("board_size", "backend", "book"), [(8, "bitboard", "xot"), (8, "conv", None), (6, "bitboard", None)]
)
@pytest.mark.parametrize("mode", ["next_step", "same_step"])
def test_dict_and_mover_forms__same_trajectories_from_the_same_seed(
    board_size: int, backend: str, book: str | None, mode: str, device: str
) -> None:
    """Each form draws its actions from its own observations with generators seeded alike: the
    dict form from the mover's mask in its per-agent observations, the mover form from its mover
    mask. Both then play the same games (openings drawn by the env's own seeded generator)."""
    kwargs = {"board_size": board_size, "backend": backend, "opening_book": book, "autoreset_mode": mode}
    kwargs["device"] = device
    colours, movers = othello_v0.vector_env(48, **kwargs), othello_v0.vector_env(48, **kwargs)  # type: ignore[arg-type]
    observations, infos = colours.reset(seed=3)
    movers.reset(seed=3)
    _, mover_mask = movers.observe_movers()
    g_dict, g_mover = torch.Generator(device=device).manual_seed(9), torch.Generator(device=device).manual_seed(9)
    finished = 0
    for _ in range(150):
        black_moves = (infos["current_player"] == 0).unsqueeze(1)
        mask = torch.where(black_moves, observations["black_0"]["action_mask"], observations["white_0"]["action_mask"])
        assert torch.equal(mask, mover_mask)
        actions = engine.sample_actions(mask, g_dict)
        observations, rewards, terminations, _, infos = colours.step({"black_0": actions, "white_0": actions})
        result = movers.step_movers(engine.sample_actions(mover_mask, g_mover))
        mover_mask = result.action_mask
        assert engine.to_text(colours.state) == engine.to_text(movers.state)
        moved_black = black_moves.squeeze(1)
        assert torch.equal(torch.where(moved_black, result.opponent_reward, result.reward), rewards["white_0"])
        assert torch.equal(terminations["black_0"], result.terminated)
        finished += int(result.terminated.sum())
    assert finished >= 48  # every board went through at least one whole game and its restart


@pytest.mark.parametrize("backend", ["bitboard", "conv"])
def test_dict_observations__are_views_of_one_tensor_and_hold_both_agents_exact_views(
    backend: str, device: str, on_device: torch.device
) -> None:
    vec = othello_v0.vector_env(3, backend=backend, device=device)
    observations, infos = vec.reset(options={"position": [START, NEAR_END, AFTER_END]})
    black, white = observations["black_0"], observations["white_0"]
    assert black["observation"].device == white["action_mask"].device == infos["scores"].device == on_device
    # Both observations lie in one buffer: white's first plane is black's second.
    assert black["observation"].untyped_storage().data_ptr() == white["observation"].untyped_storage().data_ptr()
    assert torch.equal(black["observation"][:, 1], white["observation"][:, 0])
    assert torch.equal(black["observation"], engine.observe(vec.state, 0))
    assert torch.equal(white["observation"], engine.observe(vec.state, 1))
    legal = [m.nonzero().flatten().tolist() for m in black["action_mask"]]
    assert legal == [[19, 26, 37, 44], [64], [64]]  # black moves; waits (white to move); game over
    legal = [m.nonzero().flatten().tolist() for m in white["action_mask"]]
    assert legal == [[64], [64], [64]]  # waits; must pass (no white move); game over
    assert infos["scores"].tolist() == [[2, 2], [6, 1], [8, 0]]


@pytest.mark.parametrize("host_numpy", [True, False], ids=["cpu-path", "device-path"])
@pytest.mark.parametrize(
    ("board_size", "backend", "settings"),
    [
        (8, "bitboard", {}),
        (6, "bitboard", {"autoreset_mode": "same_step"}),
        (4, "bitboard", {"autoreset_mode": "disabled"}),
        (8, "conv", {"opening_book": "xot"}),
        (10, "conv", {}),
    ],
)
def test_random_actions__are_the_mask_draws_of_each_agent_from_the_same_generator(
    board_size: int,
    backend: str,
    settings: dict[str, str],
    host_numpy: bool,
    monkeypatch: pytest.MonkeyPatch,
    device: str,
) -> None:
    """Whole games under ``lose`` (two boards forfeit at the first step: their masks are the null action's alone,
    as after a game's end): ``env.random_actions(g)`` equals drawing from each agent's mask in agent order with a
    generator seeded alike, and leaves that generator in the same state."""
    monkeypatch.setattr(NUMPY_PATH, "enabled", host_numpy)
    vec = othello_v0.vector_env(
        64, board_size=board_size, backend=backend, illegal_action="lose", device=device, **settings
    )
    observations, _ = vec.reset(seed=5)
    g_env, g_masks = torch.Generator(device=device).manual_seed(11), torch.Generator(device=device).manual_seed(11)
    ended, passes = 0, 0
    for turn in range(130):
        actions = vec.random_actions(g_env)
        expected = {a: engine.sample_actions(observations[a]["action_mask"], g_masks) for a in AGENTS}
        assert actions.keys() == expected.keys()
        for agent in AGENTS:
            assert actions[agent].dtype == torch.int64
            assert torch.equal(actions[agent], expected[agent]), (turn, agent)
        assert torch.equal(g_env.get_state(), g_masks.get_state())
        null = board_size**2
        passes += int(((actions["black_0"] == null) & (actions["white_0"] == null)).sum())
        if turn == 0:  # an illegal square on boards 0 and 1: they forfeit
            for agent in AGENTS:
                actions[agent][:2] = 0
        observations, _, terminations, _, _ = vec.step(actions)
        ended += int(terminations["black_0"].sum())
    assert ended >= 64 if settings.get("autoreset_mode") != "disabled" else bool(vec.state.terminated.all())
    assert passes > 0


def test_random_actions__bad_generator_is_refused_and_defaults_to_the_envs_own() -> None:
    vec = othello_v0.vector_env(4)
    vec.reset(seed=0)
    with pytest.raises(TypeError, match="generator"):
        vec.random_actions("seed")  # type: ignore[arg-type]
    vec.reset(seed=3)
    first = vec.random_actions()
    vec.reset(seed=3)
    assert torch.equal(vec.random_actions()["black_0"], first["black_0"])
    assert set(first["black_0"].tolist()) <= {19, 26, 37, 44}
    assert first["white_0"].tolist() == [64] * 4


def test_random_actions__one_board_and_the_host_draw_of_the_words() -> None:
    """One board, a whole game; and the host's numpy draw against the torch arithmetic on words with every bit
    count, the top bit included, and numbers up to the largest float32 below 1."""
    vec = othello_v0.vector_env(1, illegal_action="lose")
    observations, _ = vec.reset(seed=0)
    g_env, g_masks = torch.Generator().manual_seed(4), torch.Generator().manual_seed(4)
    for _ in range(70):
        actions = vec.random_actions(g_env)
        for agent in AGENTS:
            assert torch.equal(actions[agent], engine.sample_actions(observations[agent]["action_mask"], g_masks))
        observations = vec.step(actions)[0]
    from othello_zoo.engine.kernels import _host
    from othello_zoo.engine.words import ByteTables, random_bit

    g = torch.Generator().manual_seed(0)
    words = torch.randint(-(2**63), 2**63 - 1, (4096,), dtype=torch.int64, generator=g)
    keep = torch.randint(0, 65, (4096,), generator=g)
    words = torch.where(keep == 64, words, words & ((1 << keep) - 1))  # 0 to 64 low bits kept
    words[:3] = torch.tensor([0, -1, -(2**63)])  # empty, full, the top bit alone
    uniform = torch.rand(4096, generator=g)
    uniform[::5] = 1.0 - 2.0**-24
    expected = random_bit(words, uniform, ByteTables(torch.device("cpu")).byte_select_flat)
    assert torch.equal(_host.random_moves(words, uniform, 64), expected)
    assert torch.equal(_host.random_moves(words, uniform, 36), torch.where(words == 0, 36, expected))
    assert _host.random_moves(words[:3], torch.tensor([0.5, 0.99, 0.3]), 64).tolist() == [64, 63, 63]
