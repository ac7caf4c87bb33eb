"""The alpha-zero-general adapter: the ``Game`` contract against the engine, and the framework's loops on it."""

from __future__ import annotations

import math
import pickle
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import pytest
import torch

from othello_zoo import engine
from othello_zoo.compat.alphazero import DRAW_VALUE, BatchedOthelloGame, OthelloGame
from othello_zoo.notation import parse_moves

SIZES = [6, 8]


def text(board: np.ndarray, player: int) -> str:
    """Position text of an adapter board (1 is black, X) with ``player`` to move."""
    return "".join({1: "X", -1: "O", 0: "-"}[int(v)] for v in board.reshape(-1)) + (" X" if player == 1 else " O")


def board_of(rows: list[str]) -> np.ndarray:
    """An adapter board from rows drawn with X (player 1), O (player -1) and -."""
    return np.array([[{"X": 1, "O": -1, "-": 0}[c] for c in row] for row in rows], dtype=np.int8)


def expected_result(state: engine.State, player: int) -> float:
    """What getGameEnded must say of a one-board engine state, from ``player``'s side."""
    if not bool(state.terminated[0]):
        return 0.0
    black, white = engine.scores(state)[0].tolist()
    if black == white:
        return DRAW_VALUE
    return float(player * (1 if black > white else -1))


@dataclass
class Ply:
    board: np.ndarray
    player: int
    action: int


def random_game(game: OthelloGame, rng: np.random.Generator) -> tuple[list[Ply], np.ndarray, int]:
    """A game of uniformly random valid actions: its plies and the final board and player."""
    board, player, plies = game.getInitBoard(), 1, []
    while game.getGameEnded(board, player) == 0:
        action = int(rng.choice(np.flatnonzero(game.getValidMoves(board, player))))
        plies.append(Ply(board, player, action))
        board, player = game.getNextState(board, player, action)
    return plies, board, player


@pytest.mark.parametrize("n", SIZES)
def test_othello_game__random_games_follow_the_engine_move_by_move(n: int) -> None:
    game = OthelloGame(n)
    rng = np.random.default_rng(n)
    passes = ends = 0
    for _ in range(8):
        board, player = game.getInitBoard(), 1
        state = engine.init(1, n)
        while True:
            assert text(board, player) == engine.to_text(state)[0]
            mask = engine.legal_action_mask(state)[0].numpy().astype(np.int64)
            valid = game.getValidMoves(board, player)
            assert valid.dtype == np.int64
            np.testing.assert_array_equal(valid, mask)
            np.testing.assert_array_equal(game.getValidMoves(game.getCanonicalForm(board, player), 1), mask)
            result = expected_result(state, player)
            assert game.getGameEnded(board, player) == result
            assert game.getGameEnded(board, -player) == (-result if abs(result) == 1 else result)
            assert game.getGameEnded(game.getCanonicalForm(board, player), 1) == result
            if result != 0:
                ends += 1
                assert valid.tolist() == [0] * (n * n) + [1]
                break
            action = int(rng.choice(np.flatnonzero(valid)))
            passes += action == n * n
            board, next_player = game.getNextState(board, player, action)
            assert next_player == -player
            assert board.dtype == np.int8
            assert board.shape == (n, n)
            player = next_player
            state = engine.step(state, torch.tensor([action]))
    assert ends == 8
    assert passes > 0


def test_othello_game__start_board_is_the_framework_start_board() -> None:
    game = OthelloGame(8)
    board = game.getInitBoard()
    assert board.dtype == np.int8
    assert np.flatnonzero(board == 1).tolist() == [28, 35]  # e4, d5: black, to move first
    assert np.flatnonzero(board == -1).tolist() == [27, 36]  # d4, e5: white
    assert game.getBoardSize() == (8, 8)
    assert game.getActionSize() == 65
    assert np.flatnonzero(game.getValidMoves(board, 1)).tolist() == [19, 26, 37, 44]
    assert np.flatnonzero(game.getValidMoves(board, -1)).tolist() == [20, 29, 34, 43]
    assert game.getGameEnded(board, 1) == 0.0
    board[0, 0] = 1
    assert game.getInitBoard()[0, 0] == 0  # a fresh array each time


def test_othello_game__a_known_opening_gives_the_engine_position() -> None:
    game = OthelloGame(8)
    board, player = game.getInitBoard(), 1
    for action in parse_moves("f5d6c3d3c4f4c5b3"):
        board, player = game.getNextState(board, player, action)
    state = engine.step(engine.init(1), torch.tensor([37]))
    for action in parse_moves("d6c3d3c4f4c5b3"):
        state = engine.step(state, torch.tensor([action]))
    assert player == 1  # eight moves, black to move again
    assert text(board, player) == engine.to_text(state)[0]
    assert game.getScore(board, 1) == int(engine.scores(state)[0, 0] - engine.scores(state)[0, 1])


def test_othello_game__forced_pass_is_the_only_valid_move_and_keeps_the_board() -> None:
    game = OthelloGame(8)
    board = board_of(["OX------"] + ["--------"] * 7)  # black (1) has no move, white plays c1
    assert np.flatnonzero(game.getValidMoves(board, 1)).tolist() == [64]
    assert np.flatnonzero(game.getValidMoves(board, -1)).tolist() == [2]
    assert game.getGameEnded(board, 1) == game.getGameEnded(board, -1) == 0.0
    after, player = game.getNextState(board, 1, 64)
    assert player == -1
    np.testing.assert_array_equal(after, board)
    assert after is not board
    final, player = game.getNextState(after, -1, 2)
    assert player == 1
    assert game.stringRepresentationReadable(final) == "OOO" + "-" * 61
    assert game.getGameEnded(final, 1) == -1.0
    assert game.getGameEnded(final, -1) == 1.0
    state = engine.from_text(text(final, 1))
    assert bool(state.terminated[0])
    assert engine.scores(state)[0].tolist() == [0, 3]


def test_othello_game__draw_gives_the_small_non_zero_value() -> None:
    game = OthelloGame(8)
    board = board_of(["X-------"] + ["--------"] * 6 + ["-------O"])  # nobody can move, one disc each
    assert game.getGameEnded(board, 1) == DRAW_VALUE == 1e-4
    assert game.getGameEnded(board, -1) == DRAW_VALUE
    assert np.flatnonzero(game.getValidMoves(board, 1)).tolist() == [64]  # a finished board: pass only
    state = engine.from_text(text(board, 1))
    assert bool(state.terminated[0])
    assert float(engine.outcome(state)[0]) == 0.0
    after, player = game.getNextState(board, 1, 64)
    np.testing.assert_array_equal(after, board)
    assert player == -1
    assert OthelloGame(8, draw_value=-0.01).getGameEnded(board, 1) == -0.01


def test_othello_game__draws_occur_in_played_games_and_match_the_engine() -> None:
    game = OthelloGame(4)
    rng = np.random.default_rng(0)
    draws = 0
    for _ in range(60):
        plies, board, player = random_game(game, rng)
        state = engine.init(1, 4)
        for ply in plies:
            state = engine.step(state, torch.tensor([ply.action]))
        result = expected_result(state, player)
        assert game.getGameEnded(board, player) == result
        assert result != 0
        draws += result == DRAW_VALUE
    assert draws > 0


def test_othello_game__ended_game_results_match_engine_scores() -> None:
    game = OthelloGame(8)
    won = board_of(["XX------"] + ["--------"] * 6 + ["-------O"])
    assert game.getGameEnded(won, 1) == 1.0
    assert game.getGameEnded(won, -1) == -1.0
    assert game.getGameEnded(-won, 1) == -1.0
    assert game.getScore(won, 1) == 1
    assert game.getScore(won, -1) == -1


def test_othello_game__canonical_form_is_player_times_board() -> None:
    game = OthelloGame(6)
    board = game.getInitBoard()
    np.testing.assert_array_equal(game.getCanonicalForm(board, 1), board)
    canonical = game.getCanonicalForm(board, -1)
    np.testing.assert_array_equal(canonical, -board)
    assert canonical.dtype == np.int8
    canonical[0, 0] = 1
    assert board[0, 0] == 0  # a new array
    np.testing.assert_array_equal(game.getCanonicalForm(board.astype(np.int64), np.int64(-1)), -board)


def azg_symmetries(board: np.ndarray, pi: np.ndarray) -> set[tuple[bytes, bytes]]:
    """The framework's own construction: 4 rotations, each with and without a left-right flip."""
    n = board.shape[0]
    pi_board = pi[:-1].reshape(n, n)
    out = set()
    for i in range(1, 5):
        for flip in (True, False):
            b, p = np.rot90(board, i), np.rot90(pi_board, i)
            if flip:
                b, p = np.fliplr(b), np.fliplr(p)
            out.add((np.ascontiguousarray(b).tobytes(), np.append(p.ravel(), pi[-1]).tobytes()))
    return out


@pytest.mark.parametrize("n", SIZES)
def test_othello_game__symmetries_are_the_framework_set_and_keep_valid_moves(n: int) -> None:
    game = OthelloGame(n)
    plies, _, _ = random_game(game, np.random.default_rng(10 + n))
    for ply in plies[::3]:
        canonical = game.getCanonicalForm(ply.board, ply.player)
        valid = game.getValidMoves(canonical, 1)
        pi = valid / valid.sum()
        pairs = game.getSymmetries(canonical, pi)
        assert len(pairs) == 8
        np.testing.assert_array_equal(pairs[0][0], canonical)
        np.testing.assert_array_equal(pairs[0][1], pi)
        assert {(b.tobytes(), p.tobytes()) for b, p in pairs} == azg_symmetries(canonical, pi)
        for b, p in pairs:
            assert b.dtype == np.int8
            assert p[-1] == pi[-1]
            np.testing.assert_array_equal(game.getValidMoves(b, 1), (p > 0).astype(np.int64))
            assert game.getGameEnded(b, 1) == game.getGameEnded(canonical, 1)
    pairs = game.getSymmetries(game.getInitBoard(), list(range(n * n + 1)))
    # the policy entry landing on the last square comes from that square's preimage under each symmetry
    assert [int(p[n * n - 1]) for _, p in pairs] == [n * n - 1, n - 1, 0, n * n - n, n * n - 1, n - 1, 0, n * n - n]


def test_othello_game__string_representation_is_a_stable_unique_key() -> None:
    game = OthelloGame(8)
    seen: dict[bytes, bytes] = {}
    rng = np.random.default_rng(4)
    for _ in range(4):
        plies, _, _ = random_game(game, rng)
        for ply in plies:
            key = game.stringRepresentation(ply.board)
            assert isinstance(key, bytes)
            assert len(key) == 64
            assert key == game.stringRepresentation(ply.board.copy())
            assert key == game.stringRepresentation(ply.board.astype(np.int64))
            assert seen.setdefault(key, ply.board.tobytes()) == ply.board.tobytes()
    assert len(seen) > 150
    start = game.getInitBoard()
    assert game.stringRepresentation(start) != game.stringRepresentation(-start)


def test_othello_game__invalid_input_raises() -> None:
    game = OthelloGame(8)
    board = game.getInitBoard()
    with pytest.raises(ValueError, match=r"action 0 is not valid .* \[19, 26, 37, 44\]"):
        game.getNextState(board, 1, 0)
    with pytest.raises(ValueError, match="not valid"):
        game.getNextState(board, 1, 64)  # no pass while a placement is legal
    with pytest.raises(ValueError, match=r"from 0 to 64, got 65"):
        game.getNextState(board, 1, 65)
    with pytest.raises(TypeError, match="must be an int"):
        game.getNextState(board, 1, 19.0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="player must be 1 or -1"):
        game.getValidMoves(board, 0)
    with pytest.raises(ValueError, match=r"shape \(8, 8\)"):
        game.getGameEnded(board[:6, :6], 1)
    with pytest.raises(ValueError, match="-1, 0 or 1"):
        game.getValidMoves(board * 2, 1)
    with pytest.raises(ValueError, match="-1, 0 or 1"):
        game.getValidMoves(board + 0.5, 1)
    with pytest.raises(ValueError, match="65 entries"):
        game.getSymmetries(board, np.ones(64))
    with pytest.raises(ValueError, match="draw_value"):
        OthelloGame(8, draw_value=0.0)
    with pytest.raises(ValueError, match="even"):
        OthelloGame(7)


def test_othello_game__cache_changes_no_answer_and_is_not_exposed() -> None:
    cached, uncached = OthelloGame(6), OthelloGame(6, cache_size=0)
    small = OthelloGame(6, cache_size=5)
    plies, _, _ = random_game(cached, np.random.default_rng(2))
    for ply in plies:
        for other in (uncached, small):
            np.testing.assert_array_equal(
                cached.getNextState(ply.board, ply.player, ply.action)[0],
                other.getNextState(ply.board, ply.player, ply.action)[0],
            )
            np.testing.assert_array_equal(
                cached.getValidMoves(ply.board, ply.player), other.getValidMoves(ply.board, ply.player)
            )
    assert uncached._positions == {}
    assert len(small._positions) <= 5
    valid = cached.getValidMoves(plies[0].board, 1)
    valid[:] = 0  # the caller's copy
    assert cached.getValidMoves(plies[0].board, 1).sum() == 4
    after, _ = cached.getNextState(plies[0].board, 1, plies[0].action)
    after[:] = 0
    assert cached.getNextState(plies[0].board, 1, plies[0].action)[0].sum() != 0
    cached.clear_cache()
    assert cached._positions == {}
    assert cached._moves == {}


def test_othello_game__pickles_without_its_cache() -> None:
    game = OthelloGame(6)
    random_game(game, np.random.default_rng(0))
    assert len(game._positions) > 0
    copy = pickle.loads(pickle.dumps(game))
    assert copy._positions == {}
    assert (copy.n, copy.backend, copy.draw_value) == (6, "bitboard", DRAW_VALUE)
    np.testing.assert_array_equal(
        copy.getValidMoves(copy.getInitBoard(), 1), game.getValidMoves(game.getInitBoard(), 1)
    )


@pytest.mark.parametrize("n", [4, 10, 12, 14, 16])
def test_othello_game__answers_as_the_engine_for_either_player_on_every_size(n: int) -> None:
    # The single-board answers (Python-int rules) against the engine, from both sides of each position.
    game = OthelloGame(n)
    rng = np.random.default_rng(n)
    plies: list[Ply] = []
    for _ in range(2):
        moves, board, player = random_game(game, rng)
        plies += [*moves, Ply(board, player, n * n)]
    sides = [(ply, side) for ply in plies for side in (ply.player, -ply.player)]
    states = engine.from_text([text(ply.board, side) for ply, side in sides])  # one batch
    masks = engine.legal_action_mask(states).numpy().astype(np.int64)
    for i, (ply, side) in enumerate(sides):
        np.testing.assert_array_equal(game.getValidMoves(ply.board, side), masks[i])
        assert game.getGameEnded(ply.board, side) == expected_result(states[i], side)
    movers = states[torch.arange(0, len(sides), 2)]
    played = engine.step(movers, torch.tensor([ply.action for ply in plies]))
    for i, (ply, after_text) in enumerate(zip(plies, engine.to_text(played), strict=True)):
        after, next_player = game.getNextState(ply.board, ply.player, ply.action)
        if bool(movers.terminated[i]):  # the pass on a finished board keeps it
            np.testing.assert_array_equal(after, ply.board)
        else:
            assert text(after, next_player) == after_text
    assert sum(game.getGameEnded(ply.board, ply.player) != 0 for ply in plies) == 2


def packbits_reference(board: np.ndarray) -> tuple[int, int]:
    """The bit sets (1s, -1s) of a board by np.packbits: bit ``s`` is square ``s``."""
    flat = board.reshape(-1)
    ones, minus = (np.packbits(flat == v, bitorder="little").tobytes() for v in (1, -1))
    return int.from_bytes(ones, "little"), int.from_bytes(minus, "little")


@pytest.mark.parametrize("n", [4, 6, 8, 10, 12, 14, 16])
def test_othello_game__boards_go_to_bits_and_back_exactly(n: int) -> None:
    game = OthelloGame(n)
    rng = np.random.default_rng(n)
    for board in rng.integers(-1, 2, size=(20, n, n), dtype=np.int8):
        ones, minus = packbits_reference(board)
        assert game._discs(board, 1) == (ones, minus)
        assert game._discs(board, -1) == (minus, ones)
    # Boards where nobody can move (full; one colour only; empty) come back from the pass through the bits.
    full = np.ones((n, n), dtype=np.int8)
    finished = [full, -full, 0 * full, rng.choice(np.array([-1, 1], dtype=np.int8), size=(n, n))]
    finished += [rng.integers(0, 2, size=(n, n), dtype=np.int8), -rng.integers(0, 2, size=(n, n), dtype=np.int8)]
    for board in finished:
        for player in (1, -1):
            assert game.getGameEnded(board, player) != 0
            after, _ = game.getNextState(board, player, n * n)
            np.testing.assert_array_equal(after, board)
            assert after.dtype == np.int8
            assert after.flags.c_contiguous
            assert after.flags.writeable
            assert after is not board


def test_othello_game__every_layout_and_dtype_of_a_board_gets_the_same_answers() -> None:
    game = OthelloGame(8, cache_size=0)
    plies = collect_positions(8, games=2, seed=5)
    for ply in plies[::4]:
        b = ply.board
        wide = np.zeros((8, 16), dtype=np.int8)
        wide[:, ::2] = b
        layouts = [b, np.asfortranarray(b), b.T.copy().T, wide[:, ::2], b.astype(np.int64), b.astype(np.float64)]
        layouts += [b.tolist(), torch.from_numpy(b.copy())]
        answers = set()
        for board in layouts:
            after, player = game.getNextState(board, ply.player, ply.action)  # type: ignore[arg-type]
            valid = game.getValidMoves(board, ply.player)  # type: ignore[arg-type]
            ended = game.getGameEnded(board, -ply.player)  # type: ignore[arg-type]
            answers.add((after.tobytes(), player, valid.tobytes(), ended))
        assert len(answers) == 1


def collect_positions(n: int, games: int, seed: int) -> list[Ply]:
    """Every position of a few random games, their final positions (with a pass) included."""
    game = OthelloGame(n)
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(games):
        plies, board, player = random_game(game, rng)
        out += [*plies, Ply(board, player, n * n)]
    return out


@pytest.mark.parametrize("n", SIZES)
def test_batched_othello_game__agrees_with_the_single_board_game(n: int, device: str, on_device: torch.device) -> None:
    # numpy in, numpy out: the engine runs on the game's device.
    single, batched = OthelloGame(n), BatchedOthelloGame(n, device=device)
    assert batched.device == on_device
    plies = collect_positions(n, games=3, seed=n)
    boards = np.stack([p.board for p in plies])
    players = np.array([p.player for p in plies])
    actions = np.array([p.action for p in plies])
    assert (actions == n * n).sum() > 3  # passes: at least the three finished boards
    valid = batched.valid_moves(boards, players)
    ended = batched.game_ended(boards, players)
    following, next_players = batched.next_states(boards, players, actions)
    canonical = batched.canonical_forms(boards, players)
    assert isinstance(valid, np.ndarray)
    assert valid.dtype == np.bool_
    assert ended.dtype == np.float32
    assert following.dtype == np.int8
    for i, ply in enumerate(plies):
        np.testing.assert_array_equal(valid[i], single.getValidMoves(ply.board, ply.player).astype(bool))
        assert ended[i] == np.float32(single.getGameEnded(ply.board, ply.player))
        board, player = single.getNextState(ply.board, ply.player, ply.action)
        np.testing.assert_array_equal(following[i], board)
        assert next_players[i] == player
        np.testing.assert_array_equal(canonical[i], single.getCanonicalForm(ply.board, ply.player))
    finished = ended[ended != 0]
    assert len(finished) == 3  # the three final positions
    assert set(finished.tolist()) <= {1.0, -1.0, float(np.float32(DRAW_VALUE))}
    both = batched.analyse(boards, players)
    np.testing.assert_array_equal(both[0], valid)
    np.testing.assert_array_equal(both[1], ended)
    played = batched.play(boards, players, actions)  # next boards with their analysis, from one engine step
    np.testing.assert_array_equal(played[0], following)
    np.testing.assert_array_equal(played[1], next_players)
    next_valid, next_ended = batched.analyse(following, next_players)
    np.testing.assert_array_equal(played[2], next_valid)
    np.testing.assert_array_equal(played[3], next_ended)
    assert (next_ended != 0).sum() == 6  # 3 last moves into a finished game, 3 passes on a finished board
    assert batched.string_representations(boards) == [single.stringRepresentation(b) for b in boards]


def test_batched_othello_game__torch_in_torch_out_and_symmetries(device: str, on_device: torch.device) -> None:
    single, batched = OthelloGame(8), BatchedOthelloGame(8, device=device)
    plies = collect_positions(8, games=1, seed=3)[:20]
    boards = torch.from_numpy(np.stack([p.board for p in plies])).to(device)
    players = torch.tensor([p.player for p in plies], device=device)
    actions = torch.tensor([p.action for p in plies], device=device)
    following, next_players = batched.next_states(boards, players, actions)
    assert isinstance(following, torch.Tensor)
    assert following.dtype == torch.int8
    assert following.device == next_players.device == on_device
    assert next_players.tolist() == [-p.player for p in plies]
    canonical = batched.canonical_forms(boards, players)
    pis = batched.valid_moves(canonical, 1).float()
    images, policies = batched.symmetries(canonical, pis)
    assert images.device == policies.device == on_device
    assert images.shape == (8, 20, 8, 8)
    assert policies.shape == (8, 20, 65)
    canonical, pis, images, policies = canonical.cpu(), pis.cpu(), images.cpu(), policies.cpu()
    for i in range(20):
        pairs = single.getSymmetries(canonical[i].numpy(), pis[i].numpy())
        for k, (b, p) in enumerate(pairs):
            np.testing.assert_array_equal(images[k, i].numpy(), b)
            np.testing.assert_array_equal(policies[k, i].numpy(), p)
    start = batched.init_boards(3)
    assert start.shape == (3, 8, 8)
    assert start.device == on_device
    np.testing.assert_array_equal(start[2].cpu().numpy(), single.getInitBoard())
    assert batched.game_ended(start, 1).tolist() == [0.0, 0.0, 0.0]


def test_batched_othello_game__without_validation_an_invalid_action_leaves_the_board(device: str) -> None:
    batched = BatchedOthelloGame(6, device=device, validate=False)
    boards = batched.init_boards(2)
    following, players = batched.next_states(boards, 1, torch.tensor([0, 8], device=device))
    assert torch.equal(following[0], boards[0])
    assert players.tolist() == [-1, -1]
    assert int(following[1].sum()) == 3  # c2 played: four black discs, one white


def test_batched_othello_game__invalid_input_raises(device: str) -> None:
    batched = BatchedOthelloGame(6, device=device)
    boards = batched.init_boards(3)
    with pytest.raises(ValueError, match=r"invalid action on 2 board\(s\): board 0: action 0, valid \[8, 13, 22, 27\]"):
        batched.next_states(boards, 1, torch.tensor([0, 8, 36], device=device))
    with pytest.raises(ValueError, match="players"):
        batched.valid_moves(boards, torch.tensor([1, -1], device=device))
    with pytest.raises(ValueError, match="players 1 or -1"):
        batched.valid_moves(boards, torch.tensor([1, 0, 1], device=device))
    with pytest.raises(ValueError, match=r"\(B, 6, 6\)"):
        batched.valid_moves(boards[0], 1)
    with pytest.raises(ValueError, match="actions"):
        batched.next_states(boards, 1, torch.tensor([8], device=device))


# ----------------------------------------------------------------------------------------------------------
# The framework's loops, written as it writes them: only the Game interface, canonical boards, string keys.

EPS = 1e-8


class TinyMCTS:
    """The framework's MCTS, with a uniform policy and a zero value in place of a network."""

    def __init__(self, game: OthelloGame, num_sims: int, cpuct: float = 1.0) -> None:
        self.game, self.num_sims, self.cpuct = game, num_sims, cpuct
        self.Qsa: dict[tuple[bytes, int], float] = {}
        self.Nsa: dict[tuple[bytes, int], int] = {}
        self.Ns: dict[bytes, int] = {}
        self.Ps: dict[bytes, np.ndarray] = {}
        self.Es: dict[bytes, float] = {}
        self.Vs: dict[bytes, np.ndarray] = {}

    def predict(self, board: np.ndarray) -> tuple[np.ndarray, float]:
        return np.full(self.game.getActionSize(), 1.0 / self.game.getActionSize(), dtype=np.float32), 0.0

    def get_action_prob(self, canonical_board: np.ndarray, temp: float = 1) -> np.ndarray:
        for _ in range(self.num_sims):
            self.search(canonical_board)
        s = self.game.stringRepresentation(canonical_board)
        counts = np.array([self.Nsa.get((s, a), 0) for a in range(self.game.getActionSize())], dtype=np.float32)
        if temp == 0:
            probs = np.zeros_like(counts)
            probs[int(np.flatnonzero(counts == counts.max())[0])] = 1
            return probs
        counts = counts ** (1.0 / temp)
        return counts / counts.sum()

    def search(self, canonical_board: np.ndarray) -> float:
        s = self.game.stringRepresentation(canonical_board)
        if s not in self.Es:
            self.Es[s] = self.game.getGameEnded(canonical_board, 1)
        if self.Es[s] != 0:
            return -self.Es[s]
        if s not in self.Ps:
            self.Ps[s], v = self.predict(canonical_board)
            valids = self.game.getValidMoves(canonical_board, 1)
            self.Ps[s] = self.Ps[s] * valids
            self.Ps[s] /= np.sum(self.Ps[s])
            self.Vs[s] = valids
            self.Ns[s] = 0
            return -v
        valids = self.Vs[s]
        best, best_act = -float("inf"), -1
        for a in range(self.game.getActionSize()):
            if valids[a]:
                q = self.Qsa.get((s, a), 0.0)
                u = q + self.cpuct * self.Ps[s][a] * math.sqrt(self.Ns[s] + EPS) / (1 + self.Nsa.get((s, a), 0))
                if u > best:
                    best, best_act = u, a
        next_s, next_player = self.game.getNextState(canonical_board, 1, best_act)
        next_s = self.game.getCanonicalForm(next_s, next_player)
        v = self.search(next_s)
        if (s, best_act) in self.Qsa:
            self.Qsa[(s, best_act)] = (self.Nsa[(s, best_act)] * self.Qsa[(s, best_act)] + v) / (
                self.Nsa[(s, best_act)] + 1
            )
            self.Nsa[(s, best_act)] += 1
        else:
            self.Qsa[(s, best_act)] = v
            self.Nsa[(s, best_act)] = 1
        self.Ns[s] += 1
        return -v


def arena_game(
    game: OthelloGame, player1: Callable[[np.ndarray], int], player2: Callable[[np.ndarray], int]
) -> tuple[float, list[int]]:
    """The framework's Arena.playGame: the result from player 1's side, and the actions played."""
    players = [player2, None, player1]
    cur_player, board, actions = 1, game.getInitBoard(), []
    while game.getGameEnded(board, cur_player) == 0:
        chooser = players[cur_player + 1]
        assert chooser is not None
        action = chooser(game.getCanonicalForm(board, cur_player))
        valids = game.getValidMoves(game.getCanonicalForm(board, cur_player), 1)
        assert valids[action] > 0
        actions.append(int(action))
        board, cur_player = game.getNextState(board, cur_player, action)
    newer = cur_player * game.getGameEnded(board, cur_player)  # the later Arena's result; a draw may be -1e-4
    assert newer == game.getGameEnded(board, 1) or abs(newer) == game.getGameEnded(board, 1) == DRAW_VALUE
    return game.getGameEnded(board, 1), actions


def test_framework_loops__arena_of_mcts_against_random_plays_legal_games_to_the_engine_result() -> None:
    game = OthelloGame(6)
    rng = np.random.default_rng(0)

    def random_player(board: np.ndarray) -> int:
        return int(rng.choice(np.flatnonzero(game.getValidMoves(board, 1))))

    def mcts_player(board: np.ndarray) -> int:
        return int(np.argmax(TinyMCTS(game, num_sims=12).get_action_prob(board, temp=0)))

    results = []
    for first, second in [(mcts_player, random_player), (random_player, mcts_player)] * 2:
        result, actions = arena_game(game, first, second)
        state = engine.init(1, 6)
        for action in actions:
            state = engine.step(state, torch.tensor([action]))
        assert bool(state.terminated[0])
        assert result == expected_result(state, 1)
        assert len(actions) >= 30  # 32 empty squares, passes included
        results.append(result)
    assert all(r in (1.0, -1.0, DRAW_VALUE) for r in results)


def test_framework_loops__coach_episode_values_are_each_players_engine_result() -> None:
    game = OthelloGame(6)
    rng = np.random.default_rng(1)
    mcts = TinyMCTS(game, num_sims=8)
    examples: list[tuple[np.ndarray, int, np.ndarray]] = []
    board, cur_player, actions = game.getInitBoard(), 1, []
    while True:
        canonical = game.getCanonicalForm(board, cur_player)
        pi = mcts.get_action_prob(canonical, temp=1)
        for b, p in game.getSymmetries(canonical, pi):
            assert (p[game.getValidMoves(b, 1) == 0] == 0).all()  # the policy stays on valid moves
            examples.append((b, cur_player, p))
        action = int(rng.choice(len(pi), p=pi))
        actions.append(action)
        board, cur_player = game.getNextState(board, cur_player, action)
        r = game.getGameEnded(board, cur_player)
        if r != 0:
            values = [r * ((-1) ** (player != cur_player)) for _, player, _ in examples]
            break
    state = engine.init(1, 6)
    for action in actions:
        state = engine.step(state, torch.tensor([action]))
    assert len(examples) == 8 * len(actions)
    for (_, player, _), value in zip(examples, values, strict=True):
        expected = expected_result(state, player)  # a draw reaches the other side's examples as -1e-4
        assert value == expected or abs(value) == expected == DRAW_VALUE
