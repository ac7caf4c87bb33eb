"""The rules on several words a side (othello_zoo.engine.wide): the conv kernel's games exactly, on every size.

Run op by op against the eager engine's conv kernel (every board, every ply, every field), and compiled by
torch.compile once in the slow group (a compilation of the 10 x 10 loop takes about a minute on 2 cores).
"""

from __future__ import annotations

import random

import pytest
import torch

from othello_zoo import engine
from othello_zoo.engine import wide
from othello_zoo.engine.wide import RandomPlay, Wide, WideBoards
from othello_zoo.engine.words import ByteTables

SELECT = ByteTables(torch.device("cpu")).byte_select_flat


def _wide(values: list[int], count: int) -> Wide:
    limbs = [[((v >> (64 * w)) & (2**64 - 1)) for v in values] for w in range(count)]
    return Wide([torch.tensor([x - 2**64 if x >= 2**63 else x for x in limb]) for limb in limbs])


def _ints(value: Wide, batch: int = 23) -> list[int]:
    """The sets as Python ints (a word shifted out entirely is the int 0)."""
    limbs = [limb.tolist() if isinstance(limb, torch.Tensor) else [limb] * batch for limb in value.limbs]
    rows = list(zip(*limbs, strict=True))
    return [sum((x % 2**64) << (64 * w) for w, x in enumerate(row)) for row in rows]


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_shifts__are_the_logical_shifts_of_the_whole_number(count: int) -> None:
    rng = random.Random(count)
    values = [rng.getrandbits(64 * count) for _ in range(20)] + [2 ** (64 * count) - 1, 1, 2**63]
    full = 2 ** (64 * count) - 1
    x = _wide(values, count)
    for k in (1, 7, 9, 17, 63, 64, 65, 100, 128, 136):
        if k >= 64 * count:
            continue
        assert _ints(x << k) == [(v << k) & full for v in values], k
        assert _ints(x >> k) == [v >> k for v in values], k
    y = _wide(values[::-1], count)
    assert _ints(x & y) == [a & b for a, b in zip(values, values[::-1], strict=True)]
    assert _ints(x | y) == [a | b for a, b in zip(values, values[::-1], strict=True)]
    assert _ints(x ^ y) == [a ^ b for a, b in zip(values, values[::-1], strict=True)]
    assert x.count().tolist() == [bin(v).count("1") for v in values]
    assert x.any().tolist() == [v != 0 for v in values]


def test_directions__sizes_words_and_bad_sizes() -> None:
    assert [wide.words_for(n) for n in (4, 8, 10, 12, 14, 16)] == [1, 1, 2, 3, 4, 4]
    table = wide.directions(16)
    assert (table.board_size, table.words, len(table.left), len(table.left[0])) == (16, 4, 8, 4)
    assert sum(bin(x % 2**64).count("1") for x in table.full) == 256
    with pytest.raises(ValueError, match="7"):
        wide.directions(7)


def test_play_wide__needs_actions_or_numbers() -> None:
    boards = wide.from_state(engine.init(2, 10))
    table = wide.directions(10)
    sets = [Wide(t.unbind(1)) for t in boards[:3]]
    with pytest.raises(ValueError, match="uniform and select_table"):
        wide.play_wide(table, *sets, *boards[3:6], None)


def test_first_move_on_10x10__flips_one_disc_and_hands_over() -> None:
    state = engine.init(1, 10)
    boards = wide.from_state(state)
    table = wide.directions(10)
    # The opening moves of 10 x 10 (black to move): d5-style squares next to the centre; play the first.
    action = int(engine.legal_action_mask(state)[0].nonzero()[0])
    step = wide.play_wide(table, *(Wide(t.unbind(1)) for t in boards[:3]), *boards[3:6], torch.tensor([action]))
    assert step.own.count().tolist() == [1]  # white, to move: 1 disc left
    assert step.opp.count().tolist() == [4]  # black: 4
    assert step.current_player.tolist() == [1]
    assert not step.terminated.item()
    assert not step.illegal.item()
    after = wide.to_state(WideBoards(step.own.stacked(), step.opp.stacked(), step.moves.stacked(), *step[3:6], 10))
    assert engine.to_text(after) == engine.to_text(engine.step(state, torch.tensor([action])))


def _check_same(state: engine.State, boards: WideBoards, where: str) -> None:
    expected = wide.from_state(state)
    assert boards.board_size == expected.board_size == state.board_size
    for field, x, y in zip(WideBoards._fields, expected.tensors, boards.tensors, strict=False):
        assert torch.equal(x, y), f"{where}: {field}"
    back = wide.to_state(boards)
    assert torch.equal(back.discs, state.discs), where
    assert torch.equal(back.moves, state.moves), where
    playing = ~state.terminated
    assert torch.equal(back.rays[playing], state.rays[playing]), where


@pytest.mark.parametrize("n", [6, 8, 10, 12, 14, 16])
def test_play_wide__plays_the_conv_kernels_games(n: int) -> None:
    """Every ply of 32 games to their ends: the drawn actions, the boards, the placements, the flags, and the conv
    State back; some boards get random (mostly illegal) actions and are forfeited, as eagerly."""
    generator = torch.Generator().manual_seed(n)
    state = engine.init(32, n, backend="conv")
    boards = wide.from_state(state)
    table = wide.directions(n)
    kernel = engine.kernel_of(state)
    for ply in range(n * n + 4):
        uniform = torch.rand(32, generator=generator)
        sets = [Wide(t.unbind(1)) for t in boards[:3]]
        if ply == 9:  # one ply of arbitrary actions: most are illegal and forfeit their boards
            actions = torch.randint(0, n * n + 1, (32,), generator=generator)
            step = wide.play_wide(table, *sets, *boards[3:6], actions)
        else:
            step = wide.play_wide(table, *sets, *boards[3:6], None, uniform, SELECT)
            actions = kernel.random_moves(state.moves, uniform)
            assert torch.equal(step.actions, actions), f"ply {ply}"
        illegal = engine.illegal_actions(state, actions)
        assert torch.equal(step.illegal, illegal), f"ply {ply}"
        state = engine.step(state, actions, illegal_action="lose")
        boards = WideBoards(step.own.stacked(), step.opp.stacked(), step.moves.stacked(), *step[3:6], n)
        _check_same(state, boards, f"{n}x{n} ply {ply}")
    assert state.terminated.all()
    assert 0 < int(state.forfeited.sum()) < 32  # some games forfeited at ply 9, the others played out


def test_from_state__reads_the_bitboard_kernels_words_too() -> None:
    state = engine.init(3, 8, backend="bitboard")
    conv = engine.init(3, 8, backend="conv")
    for a, b in zip(wide.from_state(state).tensors, wide.from_state(conv).tensors, strict=True):
        assert torch.equal(a, b)


def _engine_loop(state: engine.State, fresh: engine.State, uniform: torch.Tensor) -> engine.State:
    """The bench's conv row: a random action, the step, the finished boards started again."""
    actions = engine.kernel_of(state).random_moves(state.moves, uniform)
    state = engine.step(state, actions, illegal_action="lose")
    return engine.where(state.terminated, fresh, state)


def test_random_play__is_the_engines_random_play_loop() -> None:
    n, batch = 10, 16
    fresh = engine.init(batch, n, backend="conv")
    state, boards = fresh, wide.from_state(fresh)
    play = RandomPlay(n, torch.device("cpu"), compile=False)
    generator = torch.Generator().manual_seed(1)
    restarted = 0
    for ply in range(150):
        uniform = torch.rand(batch, generator=generator)
        moved = engine.step(state, engine.kernel_of(state).random_moves(state.moves, uniform))
        restarted += int(moved.terminated.sum())
        state = _engine_loop(state, fresh, uniform)
        boards, _ = play(boards, uniform)
        _check_same(state, boards, f"ply {ply}")
    assert restarted > 0  # games ended and started again within the 150 plies


@pytest.mark.slow
def test_random_play_compiled__plays_the_eager_loops_games_at_any_batch() -> None:
    """Compiled by inductor (one to two minutes a size cold on 2 cores): every ply the op-by-op loop's boards, at two
    batch sizes on 10 x 10 (the batch dimension is dynamic: one compilation) and on 16 x 16."""
    for n, batches in ((10, (64, 5)), (16, (32,))):  # 2 words a side; 4, with shifts of up to 136 bits
        _compiled_as_eager(n, batches)


def _compiled_as_eager(n: int, batches: tuple[int, ...]) -> None:
    compiled, eager = RandomPlay(n, torch.device("cpu")), RandomPlay(n, torch.device("cpu"), compile=False)
    generator = torch.Generator().manual_seed(2)
    for batch in batches:
        a = b = wide.from_state(engine.init(batch, n, backend="conv"))
        for ply in range(2 * n * n // 2 + 20):
            uniform = torch.rand(batch, generator=generator)
            a, played_a = compiled(a, uniform)
            b, played_b = eager(b, uniform)
            assert torch.equal(played_a, played_b), f"batch {batch} ply {ply}"
            for field, x, y in zip(WideBoards._fields, a.tensors, b.tensors, strict=False):
                assert torch.equal(x, y), f"batch {batch} ply {ply}: {field}"


def test_bad_boards__are_refused_by_name() -> None:
    play = RandomPlay(16, torch.device("cpu"), compile=False)
    fourteen = wide.from_state(engine.init(2, 14))  # 4 words a side, as 16 x 16
    with pytest.raises(ValueError, match=r"this RandomPlay plays 16x16 boards \(4 words a side\), got 14x14 boards"):
        play(fourteen, torch.rand(2))
    with pytest.raises(TypeError, match="takes WideBoards"):
        wide.to_state(tuple(fourteen))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="planes of 130 squares do not fit in 2 words"):
        wide.planes_to_words(torch.zeros(2, 130, dtype=torch.bool), 2)


def test_planes_to_words__the_torch_path_is_numpys() -> None:
    planes = torch.rand(5, 2, 144, generator=torch.Generator().manual_seed(0)) < 0.5
    host = wide.planes_to_words(planes, 3)
    with engine.numpy_path(False):
        assert torch.equal(wide.planes_to_words(planes, 3), host)
        assert torch.equal(wide.words_to_planes(host, 144), planes)
    assert torch.equal(wide.words_to_planes(host, 144), planes)
