"""Every example runs to completion with tiny settings."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import load_example


def test_example__selfplay_ppo_tiny(tmp_path: Path) -> None:
    example = load_example("selfplay_ppo")
    out = tmp_path / "selfplay.png"
    history = example.main(
        [
            "--updates",
            "2",
            "--num-envs",
            "8",
            "--steps",
            "8",
            "--eval-games",
            "8",
            "--eval-every",
            "1",
            "--board-size",
            "6",
            "--out",
            str(out),
            "--json",
            str(tmp_path / "history.json"),
        ]
    )
    assert history["update"] == [1, 2]
    assert all(0.0 <= v <= 1.0 for v in history["vs_random"] + history["vs_greedy"])
    assert out.stat().st_size > 10_000  # a real PNG
    assert (tmp_path / "history.json").exists()


def test_example__random_play_tiny() -> None:
    results = load_example("random_play").main(["--games", "4", "--num-envs", "64", "--seed", "3"])
    assert set(results) == {"aec", "parallel", "vector"}
    for r in results.values():
        assert 0.0 <= r["black_wins"] + r["draws"] <= 1.0
        assert r["games_per_s"] > 0
    # seeded: the same games every run (numpy's generator for the loops, the env's for the vector)
    assert (results["aec"]["black_wins"], results["parallel"]["black_wins"]) == (0.0, 0.0)
    assert (results["vector"]["black_wins"], results["vector"]["draws"]) == (27 / 64, 4 / 64)


def test_example__human_vs_mcts_demo_plays_a_whole_game() -> None:
    counts = load_example("human_vs_mcts").main(["--demo", "--simulations", "32", "--board-size", "6", "--seed", "0"])
    assert counts == (19, 17)  # seeded MCTS against deterministic greedy: the same game every run


@pytest.mark.parametrize("vector", ["sync", "native"])
def test_example__cleanrl_ppo_runs_on_both_vector_envs(vector: str) -> None:
    example = load_example("cleanrl_ppo")
    argv = ["--vector", vector, "--num-envs", "4", "--num-steps", "16", "--total-timesteps", "128", "--board-size", "4"]
    result = example.main(argv)
    assert (result["vector"], result["timesteps"]) == (vector, 128)  # two updates of 4 envs x 16 steps
    assert result["episodes"] >= 4  # a 4 x 4 game lasts at most 6 learner moves
    assert 0.0 <= result["win_rate_last_200"] <= 1.0
