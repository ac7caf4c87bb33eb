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


README_DRIVER = """
import json, re, sys
blocks = re.findall(r"```python\\n(.*?)```", open(sys.argv[1]).read(), re.S)
facts = []
for block in blocks:
    space = {}
    exec(compile(block, "README.md", "exec"), space)
    facts.append(space)
aec, gym, vector, engine = facts
print(json.dumps({
    "blocks": len(blocks),
    "aec_over": bool(aec["env"].unwrapped.board.terminated),
    "gym_end": [bool(gym["terminated"]), gym["reward"]],
    "vector": [list(vector["step"].reward.shape), list(vector["step"].action_mask.shape), vector["device"]],
    "engine_discs": sorted(set(engine["engine"].scores(engine["state"]).sum(1).tolist())),
}))
"""


def test_readme__its_python_examples_run_as_written_on_a_cpu_without_a_display(tmp_path: Path) -> None:
    import json
    import os
    import subprocess
    import sys

    readme = Path(__file__).resolve().parents[1] / "README.md"
    driver = tmp_path / "driver.py"
    driver.write_text(README_DRIVER)
    hidden = ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")
    env = {**{k: v for k, v in os.environ.items() if k not in hidden}, "CUDA_VISIBLE_DEVICES": ""}
    done = subprocess.run(
        [sys.executable, str(driver), str(readme)], capture_output=True, text=True, env=env, timeout=300
    )
    assert done.returncode == 0, done.stderr
    facts = json.loads(done.stdout.strip().splitlines()[-1])
    assert facts["blocks"] == 4
    assert facts["aec_over"] is True  # the AEC example played its game to the end
    assert facts["gym_end"][0] is True  # the Gymnasium example ran to its episode's end
    assert facts["gym_end"][1] in (-1.0, 0.0, 1.0)
    assert facts["vector"] == [[4096], [4096, 65], "cpu"]
    assert facts["engine_discs"] == [5]  # one placement on every board: 4 discs + 1
    assert done.stderr.count("render_mode='human' found no display") == 1  # the AEC example's window, said once
