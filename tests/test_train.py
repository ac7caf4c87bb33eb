"""Self-play data, evaluation matches, the trainer (checkpoint, resume, improvement) and the
AlphaZero agent, at tiny settings."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import torch

from othello_zoo import engine
from othello_zoo.agents.endgame import EndgameSolver
from othello_zoo.alphazero.agent import AlphaZeroAgent, load_network
from othello_zoo.alphazero.selfplay import MatchResult, SelfPlayData, exact_values, match, self_play
from othello_zoo.alphazero.train import TrainConfig, Trainer, elo_difference
from othello_zoo.core.board import Board
from othello_zoo.search import rollout_evaluator


def test_self_play__policies_on_legal_actions_and_values_from_the_final_score(
    device: str, on_device: torch.device
) -> None:
    g = torch.Generator(device=device).manual_seed(1)
    evaluator = rollout_evaluator(6, generator=g)
    data = self_play(evaluator, games=6, board_size=6, simulations=8, generator=g, device=device)
    assert data.observations.device == data.policies.device == data.values.device == on_device
    assert data.games == 6
    assert 20 <= data.plies <= 64
    planes = data.observations.flatten(2).bool()
    state = engine.from_planes(planes, torch.zeros(len(planes), dtype=torch.int64, device=device), 6, device)
    legal = engine.legal_action_mask(state)
    assert torch.all(data.policies[~legal] == 0)
    assert torch.allclose(data.policies.sum(1), torch.ones(len(planes), device=device))
    assert not bool(legal[:, -1].any())  # forced passes (the null action legal) are not kept
    assert set(data.values.tolist()) <= {-1.0, 0.0, 1.0}
    # The first position of each game (4 discs) is black's: its value is black's result.
    first = planes.sum((1, 2)) == 4
    assert int(first.sum()) == 6


def test_self_play__one_game_values_agree_with_its_end(device: str) -> None:
    g = torch.Generator(device=device).manual_seed(2)
    data = self_play(
        rollout_evaluator(4, generator=g), games=1, board_size=4, simulations=4, generator=g, device=device
    )
    # Black moves first, and on 4 x 4 every ply of this game alternates or passes: the values of
    # the positions take two opposite values (or 0 for a draw), by the mover's colour.
    assert len(set(data.values.abs().tolist())) == 1


def _bit_sets(observation: torch.Tensor) -> tuple[int, int]:
    """The mover's and the opponent's discs of an observation ``(2, n, n)`` as bit sets (square r * n + c: bit)."""
    planes = observation.flatten(1).tolist()
    return tuple(sum(1 << i for i, disc in enumerate(plane) if disc) for plane in planes)  # type: ignore[return-value]


def _sign(score: int) -> float:
    return float((score > 0) - (score < 0))


def test_exact_values__solved_positions_and_the_moves_before_them_by_colour() -> None:
    """Random 4 x 4 games: each kept position of 4 empties or fewer gets its perfect-play result (the Python solver,
    asked again here), every earlier position the first solved one's, negated where the other colour moves; passes
    stay as they were."""
    state = engine.init(8, 4)
    g = torch.Generator().manual_seed(4)
    observations, players, keep = [], [], []
    while not bool(state.terminated.all()):
        observation, mask = engine.mover_view(state)
        observations.append(observation)
        players.append(state.current_player)
        keep.append(~state.terminated & ~mask[:, -1])
        weights = engine.legal_action_mask(state).float() + 1e-9 * state.terminated[:, None]
        state = engine.step(state, torch.multinomial(weights, 1, generator=g).squeeze(1), illegal_action="lose")
    stacked, movers, kept = torch.stack(observations), torch.stack(players), torch.stack(keep)
    before = torch.full(movers.shape, 7.0)  # none of the values a result could have
    values = exact_values(stacked, movers, kept, before, empties=4)
    solver = EndgameSolver(4, native=False)
    solved_games = 0
    for game in range(8):
        solved = [ply for ply in range(len(stacked)) if kept[ply, game] and int(stacked[ply, game].sum()) >= 12]
        for ply in solved:
            assert values[ply, game] == _sign(solver.solve(*_bit_sets(stacked[ply, game]), -1, 1).score)
        if solved:
            solved_games += 1
            first = solved[0]
            for ply in range(first):
                flip = 1.0 if movers[ply, game] == movers[first, game] else -1.0
                assert values[ply, game] == flip * values[first, game]
        for ply in range(len(stacked)):
            if not solved or (ply >= solved[0] and not kept[ply, game]):
                assert values[ply, game] == 7.0  # no position to solve, a pass or a finished board: as it was
    assert solved_games >= 6  # (a game may end before 4 empties: one of these eight does)


def test_self_play__exact_empties_changes_the_values_only(device: str) -> None:
    """The same games with and without the solver's values (the same seeds): the same positions and policies; each
    position of 8 empties or fewer valued by its perfect-play result, some of them unlike their games' results; 13
    empties on 6 x 6 (where the solver runs in Python), 21 on 8 x 8 and -1 refused by name."""

    def play(exact: int) -> SelfPlayData:
        g = torch.Generator(device=device).manual_seed(5)
        evaluator = rollout_evaluator(6, generator=g)
        return self_play(
            evaluator, games=4, board_size=6, simulations=4, generator=g, device=device, exact_empties=exact
        )

    plain, exact = play(0), play(8)
    assert torch.equal(plain.observations, exact.observations)
    assert torch.equal(plain.policies, exact.policies)
    solver = EndgameSolver(6, native=False)
    late = [i for i, o in enumerate(exact.observations) if 36 - int(o.sum()) <= 8]
    assert len(late) >= 16
    for i in late:
        assert exact.values[i] == _sign(solver.solve(*_bit_sets(exact.observations[i].cpu()), -1, 1).score)
    assert bool((exact.values[late] != plain.values[late]).any())  # the rollout search misplayed some endgames
    with pytest.raises(ValueError, match=r"exact_empties must be an int from 0 to 12, got 13"):
        play(13)
    with pytest.raises(ValueError, match=r"exact_empties must be an int from 0 to 20, got 21"):
        TrainConfig(board_size=8, exact_empties=21)
    with pytest.raises(ValueError, match=r"exact_empties must be an int from 0 to 12, got -1"):
        TrainConfig(exact_empties=-1)


def test_match__counts_and_score() -> None:
    g = torch.Generator().manual_seed(0)
    strong = rollout_evaluator(6, playouts=4, generator=g)
    result = match(strong, "random", games=16, board_size=6, simulations=32, generator=g)
    assert result.games == 16
    assert result.opponent == "random"
    assert result.score >= 0.75  # a 32-simulation search with rollouts beats random play
    assert MatchResult("greedy", 3, 2, 5).score == 0.4
    with pytest.raises(ValueError, match="opponent must be one of"):
        match(strong, "human")


def test_elo_difference__even_and_clipped_sweeps() -> None:
    assert elo_difference(0.5, 10) == 0.0
    assert round(elo_difference(0.75, 100), 1) == 190.8
    assert elo_difference(1.0, 20) == pytest.approx(400 * __import__("math").log10(39))


@pytest.mark.slow
def test_train__checkpoints_resumes_and_improves_against_random(tmp_path: Path) -> None:
    """6 x 6, 8 simulations a move in the matches: the untrained network scores about 2/3 against
    random; nine small iterations (three, then six more after a resume) lift it clearly above
    (0.83 to 0.91 over seeds 0-3; the network's first weights come from the run's seed)."""
    settings = {"board_size": 6, "channels": 32, "blocks": 2, "games": 32, "simulations": 16, "train_steps": 50}
    settings |= {"batch_size": 128, "eval_every": 0, "eval_games": 64, "eval_simulations": 8, "minutes": 0}
    settings |= {"lr": 3e-3}
    trainer = Trainer(TrainConfig(**settings, iterations=3), tmp_path)
    twin = Trainer(TrainConfig(**settings, iterations=3), tmp_path / "twin")
    first = trainer.net.state_dict()
    assert all(torch.equal(first[k], v) for k, v in twin.net.state_dict().items())  # seeded, not global
    before = trainer.evaluate()["score_vs_random"]
    trainer.run(progress=False)
    assert (tmp_path / "checkpoint.pt").is_file()
    assert trainer.iteration == 3
    resumed = Trainer(TrainConfig(**settings, iterations=9), tmp_path, resume=True)
    assert resumed.iteration == 3
    assert resumed.buffer.size == trainer.buffer.size
    assert torch.equal(resumed.generator.get_state(), trainer.generator.get_state())
    log = resumed.run(progress=False)
    assert [row["iteration"] for row in log] == list(range(1, 10))
    after = resumed.evaluate()["score_vs_random"]
    assert after >= 0.75, (before, after)
    assert after > before + 0.1, (before, after)
    rows = json.loads((tmp_path / "log.json").read_text())
    assert rows[-1]["policy_loss"] != rows[-1]["value_loss"]
    assert (tmp_path / "log.csv").read_text().startswith("iteration,games,positions,policy_loss,value_loss")
    # The agent plays from the checkpoint, on boards and in batches.
    agent = AlphaZeroAgent(tmp_path / "checkpoint.pt", simulations=8)
    board = Board.start(6)
    assert agent.act(board) in board.legal_actions()
    assert agent.act_states(engine.init(3, 6)).tolist()[0] in board.legal_actions()
    with pytest.raises(ValueError, match="plays 6x6"):
        agent.act(Board.start(8))


def test_train__bad_settings_and_missing_files_get_clear_errors(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="games"):
        TrainConfig(games=0)
    with pytest.raises(ValueError, match="never end"):
        TrainConfig(minutes=0, iterations=0)
    with pytest.raises(ValueError, match="ray_workers"):
        TrainConfig(ray_address="local", ray_workers=0)
    with pytest.raises(FileNotFoundError, match="no checkpoint to resume"):
        Trainer(TrainConfig(iterations=1), tmp_path, resume=True)
    with pytest.raises(FileNotFoundError, match=r"no file at .*missing\.pt: expected a network"):
        load_network(tmp_path / "missing.pt")


@pytest.mark.parametrize("n", [6, 8])
def test_shipped_network__plays_whole_games_in_the_three_envs_and_beats_random(
    n: int, device: str, on_device: torch.device
) -> None:
    """The networks shipped with the package, behind make_agent("az", board_size=n), on the device."""
    from othello_zoo import othello_v0
    from othello_zoo.agents import make_agent
    from othello_zoo.alphazero.agent import SHIPPED

    assert sorted(SHIPPED) == [6, 8]
    agent = make_agent("az", board_size=n, simulations=16, device=device)
    assert agent.board_size == n
    assert agent.device == on_device
    assert all(p.device == on_device for p in agent.network.parameters())
    env = othello_v0.env(board_size=n)
    env.reset(seed=0)
    for _name in env.agent_iter():
        observation, _, termination, truncation, _ = env.last()
        env.step(None if termination or truncation else agent.act(observation))
    assert sum(env.unwrapped.board.scores()) >= n * n - 6  # a whole game was played
    parallel = othello_v0.parallel_env(board_size=n)
    observations, _ = parallel.reset(seed=1)
    while parallel.agents:
        actions = {a: agent.act(observations[a]) for a in parallel.agents}
        observations, _, _, _, _ = parallel.step(actions)
    vec = othello_v0.vector_env(8, board_size=n, illegal_action="lose", device=device)
    vec.reset(seed=2)
    for _ in range(40):
        actions = agent.act_states(vec.state)
        assert actions.device == on_device
        vec.step_movers(actions)
    result = match(agent.network.evaluator(), "random", games=16, board_size=n, simulations=16, device=device)
    # A 16-simulation search loses the odd game even to random play: 0 to 3 in 64 for each shipped 8 x 8 network.
    assert result.wins >= 15
    with pytest.raises(ValueError, match="no network is shipped for 10x10"):
        make_agent("az", board_size=10)


def test_train_command__bad_settings_exit_2_and_export_writes_a_loadable_network(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    from othello_zoo.__main__ import main

    with pytest.raises(SystemExit) as stop:
        main(["train", "--out", str(tmp_path), "--games", "0"])
    assert stop.value.code == 2
    assert "games must be" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["train", "--out", str(tmp_path / "none"), "--export", str(tmp_path / "net.pt")])
    assert "no checkpoint to export" in capsys.readouterr().err
    argv = ["train", "--out", str(tmp_path), "--board-size", "4", "--channels", "8", "--blocks", "1", "--games", "4"]
    argv += ["--simulations", "2", "--train-steps", "2", "--batch-size", "16", "--eval-every", "0", "--iterations", "1"]
    assert main([*argv, "--quiet"]) == 0
    assert '"iteration": 1' in capsys.readouterr().out
    assert main(["train", "--out", str(tmp_path), "--export", str(tmp_path / "net.pt")]) == 0
    net = load_network(tmp_path / "net.pt")
    assert net.board_size == 4
    assert (tmp_path / "net.pt").stat().st_size < (tmp_path / "checkpoint.pt").stat().st_size


def test_match__a_forfeit_counts_for_the_other_side(device: str) -> None:
    class Illegal:
        name = "illegal"

        def act(self, board: Board) -> int:
            return 0 if board.board_size == 6 and not board.is_legal(0) else board.legal_actions()[0]

    g = torch.Generator(device=device).manual_seed(0)
    evaluator = rollout_evaluator(6, generator=g)
    result = match(evaluator, Illegal(), games=4, board_size=6, simulations=2, generator=g, device=device)
    assert (result.opponent, result.wins, result.draws, result.losses) == ("illegal", 4, 0, 0)


def test_trainer__plots_whatever_opponents_it_plays(tmp_path: Path, device: str, on_device: torch.device) -> None:
    settings = {"board_size": 4, "channels": 8, "blocks": 1, "games": 4, "simulations": 2, "train_steps": 2}
    config = TrainConfig(
        **settings,
        batch_size=16,
        eval_every=1,
        eval_games=4,
        iterations=1,
        minutes=0,
        eval_opponents="greedy",
        device=device,
    )
    trainer = Trainer(config, tmp_path)
    assert trainer.device == on_device
    assert all(p.device == on_device for p in trainer.net.parameters())
    log = trainer.run(progress=False)
    assert "score_vs_greedy" in log[0]
    assert "score_vs_random" not in log[0]
    assert (tmp_path / "log.csv").is_file()


def test_self_play__reuse_carries_the_visits_of_the_move_played(monkeypatch: pytest.MonkeyPatch, device: str) -> None:
    from othello_zoo.search import BatchedSearch

    totals: list[list[float]] = []
    run = BatchedSearch.run

    def spy(self, roots, generator=None, reuse=None, keep_tree=False):  # type: ignore[no-untyped-def]
        result = run(self, roots, generator, reuse, keep_tree)
        totals.append(result.visits.sum(1).tolist())
        return result

    monkeypatch.setattr(BatchedSearch, "run", spy)
    g = torch.Generator(device=device).manual_seed(3)
    data = self_play(rollout_evaluator(6, generator=g), 4, 6, simulations=8, generator=g, device=device, reuse=True)
    assert totals[0] == [8.0] * 4  # the first search starts from nothing
    assert max(max(t) for t in totals[1:]) > 8  # later ones go on from the kept subtree
    assert torch.allclose(data.policies.sum(1), torch.ones(len(data.policies), device=device))
    totals.clear()
    self_play(rollout_evaluator(6, generator=g), 2, 6, simulations=8, generator=g, device=device)
    assert {v for t in totals for v in t} <= {0.0, 8.0}  # without reuse: 8 visits, or none (finished)
    with pytest.raises(ValueError, match="root_policy='puct'"):
        self_play(rollout_evaluator(6), 2, 6, simulations=8, device=device, root_policy="gumbel", reuse=True)
    with pytest.raises(TypeError, match="reuse_tree must be True or False"):
        TrainConfig(reuse_tree=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("reuse", [True, False])
def test_alphazero_agent__reuses_its_tree_across_its_moves_in_a_game(reuse: bool, device: str) -> None:
    from othello_zoo import othello_v0
    from othello_zoo.agents import make_agent

    agent = make_agent("az", board_size=6, simulations=16, reuse=reuse, device=device)
    greedy = make_agent("greedy", seed=0)
    followed = []
    env = othello_v0.env(board_size=6)
    env.reset(seed=0)
    for name in env.agent_iter():
        observation, _, termination, truncation, _ = env.last()
        if termination or truncation:
            env.step(None)
            continue
        if name == "black_0":
            board = env.unwrapped.board
            followed.append(agent._follow(board) is not None)
            env.step(agent.act(observation))
        else:
            env.step(greedy.act(observation))
    assert sum(env.unwrapped.board.scores()) >= 30
    # With reuse every search after the first starts from the kept subtree, unless the agent's own
    # move was forced (act answers a single legal move without searching) or it had to pass.
    assert (sum(followed) >= len(followed) // 2) if reuse else not any(followed)
    assert not followed[0]


def test_train_config__nests_the_search_and_takes_its_flat_names() -> None:
    from othello_zoo.alphazero.selfplay import SELF_PLAY_SEARCH
    from othello_zoo.search import SearchConfig

    config = TrainConfig(simulations=16, c_puct=2.0, reuse_tree=True)
    assert config.search == SearchConfig(simulations=16, c_puct=2.0, dirichlet_fraction=0.25, reuse=True)
    assert config.search == SELF_PLAY_SEARCH.replace(simulations=16, c_puct=2.0, reuse=True)
    flat = ("simulations", "root_policy", "c_puct", "dirichlet_alpha", "dirichlet_fraction", "reuse_tree")
    assert [config.settings()[name] for name in flat] == [16, "puct", 2.0, 0.5, 0.25, True]
    assert list(config.settings())[:6] == ["board_size", "channels", "blocks", "games", "simulations", "root_policy"]
    nested = TrainConfig(search=SearchConfig(simulations=8))
    assert nested.settings()["dirichlet_fraction"] == 0.0  # the config as given
    assert nested.eval_search == SearchConfig(simulations=32)
    assert config.to_dict()["search"]["dtype"] == "float32"
    assert TrainConfig.from_dict(config.to_dict()) == config
    assert TrainConfig.from_dict(config.settings()) == config  # the flat form of runs saved before the nesting
    with pytest.raises(ValueError, match=r"reuse_tree works with root_policy='puct'"):
        TrainConfig(root_policy="gumbel", reuse_tree=True)
    with pytest.raises(ValueError, match="simulations must be an int from 1 to 1,000,000, got 0"):
        TrainConfig(simulations=0)
    with pytest.raises(ValueError, match="eval_simulations must be an int from 1 to 1,000,000, got 0"):
        TrainConfig(eval_simulations=0)
    with pytest.raises(TypeError, match=r"search must be a SearchConfig, got 32 \(int\)"):
        TrainConfig(search=32)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="search dtype must be one of float32, float64, got 'half'"):
        TrainConfig.from_dict({**config.to_dict(), "search": {**config.to_dict()["search"], "dtype": "half"}})


def test_self_play_and_match__take_a_search_config_or_the_older_keywords(device: str) -> None:
    from othello_zoo.alphazero.selfplay import SELF_PLAY_SEARCH
    from othello_zoo.search import SearchConfig

    def played(**settings: object) -> tuple[torch.Tensor, torch.Tensor]:
        g = torch.Generator(device=device).manual_seed(5)
        data = self_play(rollout_evaluator(6, generator=g), 3, 6, generator=g, device=device, **settings)  # type: ignore[arg-type]
        return data.policies, data.values

    by_config = played(search=SELF_PLAY_SEARCH.replace(simulations=6, c_puct=2.0))
    by_keywords = played(simulations=6, c_puct=2.0)
    assert all(torch.equal(a, b) for a, b in zip(by_config, by_keywords, strict=True))

    def score(**settings: object) -> MatchResult:
        g = torch.Generator(device=device).manual_seed(5)
        evaluator = rollout_evaluator(6, generator=g)
        return match(evaluator, "greedy", games=4, board_size=6, generator=g, device=device, **settings)  # type: ignore[arg-type]

    gumbel = SearchConfig(simulations=6, root_policy="gumbel")
    assert score(search=gumbel) == score(simulations=6, root_policy="gumbel")
    assert score(search=SearchConfig(simulations=6, dirichlet_fraction=0.5)) == score(simulations=6)  # no noise
    with pytest.raises(TypeError, match=r"search must be a SearchConfig, got \{'simulations': 6\} \(dict\)"):
        self_play(rollout_evaluator(6), 2, 6, search={"simulations": 6})  # type: ignore[arg-type]


def test_alphazero_agent__takes_a_search_config_or_the_older_keywords() -> None:
    from othello_zoo.agents import make_agent
    from othello_zoo.alphazero.agent import AGENT_SEARCH
    from othello_zoo.search import SearchConfig

    assert SearchConfig(simulations=2688, leaf_batch=8, reuse=True, stop_when_decided=True) == AGENT_SEARCH
    by_config = make_agent("az", board_size=6, search=AGENT_SEARCH.replace(simulations=16, reuse=False))
    by_keywords = make_agent("az", board_size=6, simulations=16, reuse=False)
    expected = SearchConfig(simulations=16, leaf_batch=8, stop_when_decided=True)
    assert by_config.search.config == by_keywords.search.config == expected
    assert by_config.reuse is False


def test_train_config__flat_search_names_read_through_to_the_search() -> None:
    config = TrainConfig(simulations=16, reuse_tree=True, c_puct=2.0)
    assert (config.simulations, config.reuse_tree, config.c_puct) == (16, True, 2.0)
    assert (config.search.simulations, config.search.reuse, config.search.c_puct) == (16, True, 2.0)
    assert TrainConfig().simulations == TrainConfig().search.simulations == 32
    with pytest.raises(AttributeError, match="'TrainConfig' object has no attribute 'simulation'"):
        _ = config.simulation  # type: ignore[attr-defined]


def _tournament_positions(empties: int, count: int) -> list[Board]:
    """Positions of 2004 tournament games with ``empties`` empty squares and a move to choose."""
    from wthor import read_games

    found = []
    for game in read_games()[::97]:
        board = Board.start(8)
        for action in game.moves:
            if 64 - sum(board.scores()) == empties or board.terminated:
                break
            if board.moves == 0:
                board = board.step(64)
            board = board.step(action)
        if not board.terminated and board.moves and 64 - sum(board.scores()) == empties:
            found.append(board)
        if len(found) == count:
            break
    return found


def test_alphazero_agent__the_solver_decides_won_and_drawn_endgames() -> None:
    """At 12 empties (below the default 18, or 14 without the C solver) the agent plays a move the exact solver
    proves wins (or draws, where nothing wins); in a lost position it plays the search's move; with endgame=0 always
    the search's move. The batched act_states does the same board by board."""
    from othello_zoo.agents.endgame import EndgameSolver
    from othello_zoo.agents.native import native_available
    from othello_zoo.alphazero.agent import ENDGAME, PYTHON_ENDGAME

    assert (ENDGAME, PYTHON_ENDGAME) == (22, 14)
    assert AlphaZeroAgent(simulations=1).endgame == (22 if native_available() else 14)
    assert AlphaZeroAgent(simulations=1, board_size=6).endgame == 14  # the C solver plays 8 x 8 only
    solving = AlphaZeroAgent(simulations=16)
    searching = AlphaZeroAgent(simulations=16, endgame=0)
    positions = _tournament_positions(12, 8)
    assert len(positions) == 8
    solver = EndgameSolver(8)
    outcomes = []
    for board in positions:
        value = solver.solve(board.own, board.opp).score
        move = solving.act(board)
        after = board.step(move)  # the opponent to move (or to pass): its score, negated, is the mover's
        outcome = -solver.solve(after.own, after.opp).score
        if value > 0:
            assert outcome > 0  # a winning move, if not the widest win
        elif value == 0:
            assert outcome == 0
        else:
            assert move == searching.act(board)
        outcomes.append((value > 0) - (value < 0))
    assert {1, -1} <= set(outcomes)  # both kinds were tried
    opening = Board.start(8).step(37)
    state = engine.from_text([b.to_text() for b in [*positions, opening]])
    batched = solving.act_states(state).tolist()
    singly = [AlphaZeroAgent(simulations=16, reuse=False).act(b) for b in [*positions, opening]]
    assert batched == singly
    assert searching.act_states(state).tolist()[-1] == batched[-1]  # far from the end: the search alone
    with pytest.raises(ValueError, match="endgame must be an int from 0 to 24, got 25"):
        AlphaZeroAgent(endgame=25)


def test_trainer__init_starts_a_new_run_from_a_network(tmp_path: Path) -> None:
    """``init`` (``train --init``) loads a trained network's weights into a new run of the same shape; another
    shape, or init with resume, is refused by name."""
    from othello_zoo.alphazero.agent import SHIPPED
    from othello_zoo.cli import main as cli_main

    shipped = load_network(SHIPPED[6])
    config = TrainConfig(board_size=6, channels=32, blocks=2, games=2, simulations=2, iterations=1, eval_every=0)
    trainer = Trainer(config, tmp_path / "a", init=SHIPPED[6])
    weights = shipped.state_dict()
    assert all(torch.equal(value, weights[key]) for key, value in trainer.net.state_dict().items())
    assert trainer.iteration == 0
    with pytest.raises(ValueError, match=r"its network is \{'board_size': 6, 'channels': 32, 'blocks': 2\}"):
        Trainer(TrainConfig(board_size=6, channels=16, blocks=2), tmp_path / "b", init=SHIPPED[6])
    with pytest.raises(ValueError, match="a resumed run goes on from its own weights"):
        Trainer(config, tmp_path / "a", resume=True, init=SHIPPED[6])
    with pytest.raises(SystemExit):
        cli_main(["train", "--out", str(tmp_path / "c"), "--init", str(tmp_path / "missing.pt")])
    assert not (tmp_path / "c").exists()


def test_network_infer__is_the_eval_mode_forward_bit_for_bit() -> None:
    """The search's evaluator runs ``infer``: the layers' functions in eval mode, the same outputs as ``forward``
    after ``eval()``, in training mode too, and without switching the modules' mode."""
    from othello_zoo.alphazero.agent import SHIPPED

    g = torch.Generator().manual_seed(0)
    for n in (6, 8):
        net = load_network(SHIPPED[n])
        planes = torch.randint(0, 2, (9, 2, n, n), generator=g).to(torch.int8)
        with torch.no_grad():
            expected = net(planes)
            net.train()
            got = net.infer(planes)
        assert net.training  # infer left the mode alone
        assert torch.equal(got[0], expected[0])
        assert torch.equal(got[1], expected[1])
        mask = torch.ones(9, n * n + 1, dtype=torch.bool)
        mask[:, 0] = False
        logits, value = net.evaluator()(planes, mask)  # at the thread count it chooses: the last bits may differ
        assert torch.allclose(value, expected[1], atol=1e-6)
        assert torch.allclose(logits[:, 1:], expected[0][:, 1:], atol=1e-5)
        assert bool((logits[:, 0] == -1e9).all())


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_network_predict__is_infer_within_rounding_and_follows_the_weights(dtype: torch.dtype) -> None:
    """``predict`` (batch norm folded, channels-last, oneDNN's fused convolutions from FUSED_BATCH positions) gives
    ``infer``'s outputs within float32 rounding at every batch size, and folds again after the weights change."""
    from othello_zoo.alphazero.agent import SHIPPED
    from othello_zoo.alphazero.network import FUSED_BATCH

    net = load_network(SHIPPED[8]).to(dtype)
    g = torch.Generator().manual_seed(1)
    tolerance = 1e-5 if dtype == torch.float32 else 1e-12

    def same(batch: int) -> None:
        planes = torch.randint(0, 2, (batch, 2, 8, 8), generator=g).to(torch.int8)
        with torch.no_grad():
            (want_logits, want_value), (logits, value) = net.infer(planes), net.predict(planes)
        assert logits.dtype == value.dtype == dtype
        assert torch.allclose(logits, want_logits, rtol=tolerance, atol=tolerance)
        assert torch.allclose(value, want_value, rtol=tolerance, atol=tolerance)

    for batch in (1, FUSED_BATCH - 1, FUSED_BATCH, 37):
        same(batch)
    before = net.predict(torch.zeros(1, 2, 8, 8))[1]
    with torch.no_grad():  # a step of training, as an optimizer would take it: in place
        net.body[0].conv1.weight.mul_(1.5)
        net.body[1].norm2.running_var.add_(0.25)
    assert not torch.equal(net.predict(torch.zeros(1, 2, 8, 8))[1], before)
    same(1)
    same(37)
    net.load_state_dict(load_network(SHIPPED[8]).to(dtype).state_dict())  # a load copies into the same tensors
    assert torch.equal(net.predict(torch.zeros(1, 2, 8, 8))[1], before)
    assert "_folded_cache" not in net.state_dict()
