"""The engine's public API: start positions, observations, scores, batching helpers."""

from __future__ import annotations

import pytest
import torch
from helpers import draw

from othello_zoo import engine
from othello_zoo.engine.kernels.base import sample_from_mask
from othello_zoo.engine.kernels.conv import GPU_CHUNK_FACTOR
from othello_zoo.notation import parse_moves

START = "---------------------------OX------XO--------------------------- X"
FIELDS = ("discs", "moves", "rays", "current_player", "terminated", "forfeited")  # every tensor of a State


def test_init__start_position_text_and_first_moves(backend: str, device: str, on_device: torch.device) -> None:
    state = engine.init(3, device=device, backend=backend)  # type: ignore[arg-type]
    assert state.device == on_device
    assert all(getattr(state, field).device == on_device for field in FIELDS)
    assert engine.to_text(state) == [START] * 3
    assert engine.legal_action_mask(state)[0].nonzero().flatten().tolist() == [19, 26, 37, 44]
    assert state.current_player.tolist() == [0, 0, 0]
    assert state.terminated.tolist() == [False] * 3
    assert engine.scores(state).tolist() == [[2, 2]] * 3


@pytest.mark.parametrize("n", [4, 6, 10, 12, 14, 16])
def test_init__other_sizes_put_the_pattern_on_the_central_square(n: int, device: str) -> None:
    state = engine.init(1, n, device=device)
    board = engine.to_text(state)[0].split()[0]
    c = n // 2 - 1
    assert board[c * n + c] == "O"
    assert board[(c + 1) * n + c + 1] == "O"
    assert board[c * n + c + 1] == "X"
    assert board[(c + 1) * n + c] == "X"
    assert board.count("-") == n * n - 4
    moves = engine.legal_action_mask(state)[0].nonzero().flatten().tolist()
    assert moves == sorted([(c - 1) * n + c, c * n + c - 1, (c + 1) * n + c + 2, (c + 2) * n + c + 1])


def test_observe__planes_are_from_the_observer_side(device: str, on_device: torch.device) -> None:
    state = engine.step(engine.init(1, device=device), torch.tensor([37], device=device))  # black f5; white to move
    black = engine.observe(state, 0)
    white = engine.observe(state, torch.tensor([1], device=device))
    assert black.dtype == torch.int8
    assert black.device == white.device == on_device
    assert black.shape == (1, 2, 8, 8)
    assert black[0, 0].flatten().nonzero().flatten().tolist() == [28, 35, 36, 37]
    assert black[0, 1].flatten().nonzero().flatten().tolist() == [27]
    assert torch.equal(white, black.flip(1))


def test_state__indexing_where_cat_and_clone(backend: str, device: str, on_device: torch.device) -> None:
    state = engine.init(4, device=device, backend=backend)  # type: ignore[arg-type]
    moved = engine.step(state, torch.tensor([19, 26, 37, 44], device=device))
    assert all(getattr(moved, field).device == on_device for field in FIELDS)
    assert engine.to_text(moved[2])[0] == engine.to_text(moved)[2]
    assert moved[1:3].batch_size == 2
    assert moved[[3, 0]].current_player.tolist() == [1, 1]
    assert moved[torch.tensor([True, False, False, True], device=device)].batch_size == 2
    assert moved[torch.tensor([3, 0], device=device)].current_player.tolist() == [1, 1]
    assert moved[-1].batch_size == 1
    assert engine.to_text(moved[-1]) == engine.to_text(moved)[3:]
    mixed = engine.where(torch.tensor([True, False, True, False], device=device), moved, state)
    assert mixed.device == on_device
    assert engine.to_text(mixed) == [engine.to_text(moved)[0], START, engine.to_text(moved)[2], START]
    both = engine.cat([state[0], moved[1]])
    assert both.device == on_device
    assert engine.to_text(both) == [START, engine.to_text(moved)[1]]
    copy = engine.clone(moved)
    assert copy.device == on_device
    assert copy.discs.data_ptr() != moved.discs.data_ptr()
    assert engine.to_text(copy) == engine.to_text(moved)
    with pytest.raises(IndexError, match="board 4 is out of range for a batch of 4"):
        moved[4]


def test_state__to_moves_every_tensor(device: str, on_device: torch.device) -> None:
    start = engine.step(engine.init(2), torch.tensor([19, 37]))
    state = start.to(device)
    assert state.device == on_device
    for field in FIELDS:
        assert getattr(state, field).device == on_device, field
    assert engine.to_text(state) == engine.to_text(start)
    back = state.to("cpu")
    assert back.device == torch.device("cpu")
    assert all(getattr(back, field).device == torch.device("cpu") for field in FIELDS)
    assert engine.to_text(back) == engine.to_text(start)
    with pytest.raises(ValueError, match="holds no data"):
        start.to("meta")


def test_sample_actions__legal_and_roughly_uniform(device: str, on_device: torch.device) -> None:
    state = engine.init(4000, device=device)
    mask = engine.legal_action_mask(state)
    actions = engine.sample_actions(mask, torch.Generator(device=device).manual_seed(1))
    assert actions.device == on_device
    counts = torch.bincount(actions, minlength=65)
    assert counts.nonzero().flatten().tolist() == [19, 26, 37, 44]
    assert counts.sum() == 4000
    assert all(850 <= int(c) <= 1150 for c in counts[[19, 26, 37, 44]])
    again = engine.sample_actions(mask, torch.Generator(device=device).manual_seed(1))
    assert torch.equal(actions, again)


def test_step__a_recorded_opening_gives_the_known_board(backend: str, device: str) -> None:
    state = engine.init(1, device=device, backend=backend)  # type: ignore[arg-type]
    for move in parse_moves("f5d6c3d3c4f4c5b3"):
        state = engine.step(state, torch.tensor([move], device=device))
    assert draw(engine.to_text(state)[0]) == [
        "--------",
        "--------",
        "-OOO----",
        "--XXXO--",
        "--XXXX--",
        "---O----",
        "--------",
        "--------",
    ]
    assert engine.scores(state).tolist() == [[7, 5]]
    assert state.current_player.tolist() == [0]


@pytest.mark.parametrize("host", [True, False], ids=["numpy", "torch"])
@pytest.mark.parametrize("columns", [1, 5, 8, 37, 64, 65, 66, 72, 73, 101, 300])
def test_sample_from_mask__the_ranked_column_counted_from_the_first(columns: int, host: bool, device: str) -> None:
    # Random masks (empty and full rows included, as a strided view like the env's masks) and draws
    # (0 and just below 1 included) against a plain loop, on the host's numpy form (up to 72
    # columns; CPU only, elsewhere both take torch's) and torch's; 300 columns take the int16
    # running count. The masks and draws are made on the CPU: the same on every device.
    g = torch.Generator().manual_seed(columns)
    wide = (torch.rand(300, columns + 9, generator=g) < torch.rand(300, 1, generator=g)).to(device)
    mask = wide[:, 3 : 3 + columns]
    mask[0], mask[1] = False, True
    uniform = torch.rand(300, generator=g).to(device)
    uniform[2:4] = torch.tensor([0.0, 0.99999994], device=device)
    with engine.numpy_path(host):
        actions, counts = sample_from_mask(mask, uniform)
    expected = []
    for row, u in zip(mask.tolist(), uniform.tolist(), strict=True):
        legal = [c for c, on in enumerate(row) if on]
        expected.append(legal[min(int(u * len(legal)), len(legal) - 1)] if legal else columns)
    assert actions.tolist() == expected
    assert counts.tolist() == mask.sum(1).tolist()


def test_random_actions__bitboard_and_conv_draw_the_same_moves(device: str, on_device: torch.device) -> None:
    g = torch.Generator(device=device).manual_seed(11)
    from othello_zoo.testing import random_play

    state = random_play(engine.init(256, device=device, backend="bitboard"), 24, g)
    conv = engine.from_text(engine.to_text(state), device=device, backend="conv")
    assert state.device == conv.device == on_device
    for seed in range(5):
        drawn = engine.random_actions(state, torch.Generator(device=device).manual_seed(seed))
        assert drawn.device == on_device
        assert torch.equal(drawn, engine.random_actions(conv, torch.Generator(device=device).manual_seed(seed)))


@pytest.mark.parametrize("backend", ["bitboard", "conv"])
def test_random_actions__uniform_over_the_legal_actions(backend: str, device: str) -> None:
    # Position after f5: white has d6, f6, f4 (and nothing else); repeat it 3000 times.
    state = engine.from_text(
        ["---------------------------OX------XXX-------------------------- O"] * 3000, device=device, backend=backend
    )  # type: ignore[arg-type]
    actions = engine.random_actions(state, torch.Generator(device=device).manual_seed(3))
    counts = torch.bincount(actions, minlength=65)
    assert counts.nonzero().flatten().tolist() == [29, 43, 45]
    assert all(900 <= int(c) <= 1100 for c in counts[[29, 43, 45]])
    same = engine.random_actions(state, torch.Generator(device=device).manual_seed(3))
    assert torch.equal(actions, same)


@pytest.mark.parametrize("backend", ["bitboard", "conv"])
def test_random_actions__pass_and_finished_boards_get_the_null_action(backend: str, device: str) -> None:
    texts = ["-OXXXXXX" + "-" * 56 + " O", "X" * 24 + "-" * 16 + "O" * 24 + " X"]
    state = engine.from_text(texts, device=device, backend=backend)  # type: ignore[arg-type]
    assert engine.random_actions(state, torch.Generator(device=device).manual_seed(0)).tolist() == [64, 64]


def test_random_actions__every_legal_square_can_be_drawn_on_a_busy_board(device: str) -> None:
    g = torch.Generator(device=device).manual_seed(5)
    from othello_zoo.testing import random_play

    state = random_play(engine.init(256, device=device), 20, g)
    boards = torch.arange(256, device=device)
    for backend in ("bitboard", "conv"):
        same = engine.from_text(engine.to_text(state), device=device, backend=backend)  # type: ignore[arg-type]
        mask = engine.legal_action_mask(same)
        seen = torch.zeros_like(mask)
        for _ in range(200):
            actions = engine.random_actions(same, g)
            assert bool(mask[boards, actions].all())
            seen[boards, actions] = True
        assert torch.equal(seen, mask)  # every legal action of every board came up


@pytest.mark.parametrize(("n", "backend"), [(6, "bitboard"), (8, "bitboard"), (8, "conv"), (10, "conv")])
def test_observe__mover_view_matches_the_explicit_player(n: int, backend: str, device: str) -> None:
    from othello_zoo.testing import random_play

    start = engine.init(32, n, device=device, backend=backend)  # type: ignore[arg-type]
    state = random_play(start, 9, torch.Generator(device=device).manual_seed(n))
    mover = engine.observe(state)
    assert torch.equal(mover, engine.observe(state, state.current_player))
    mover[:] = 0  # an observation is a copy: writing to it leaves the state alone
    assert engine.observe(state).sum() == engine.scores(state).sum()


@pytest.mark.parametrize(("n", "backend"), [(8, "bitboard"), (6, "bitboard"), (8, "conv")])
def test_mover_view__equals_observe_and_mask(n: int, backend: str, device: str, on_device: torch.device) -> None:
    from othello_zoo.testing import random_play

    start = engine.init(16, n, device=device, backend=backend)  # type: ignore[arg-type]
    state = random_play(start, 30, torch.Generator(device=device).manual_seed(2))
    observation, mask = engine.mover_view(state)
    assert observation.device == mask.device == on_device
    assert torch.equal(observation, engine.observe(state))
    assert torch.equal(mask, engine.legal_action_mask(state))
    observation.zero_()  # a fresh tensor: the state is untouched
    assert int(engine.observe(state).sum()) == int(engine.scores(state).sum())


@pytest.mark.parametrize("host_numpy", [True, False], ids=["cpu-path", "device-path"])
@pytest.mark.parametrize(("n", "backend"), [(8, "bitboard"), (6, "bitboard"), (8, "conv"), (10, "conv")])
def test_colour_views__equal_observe_masks_and_scores_of_each_colour(
    n: int, backend: str, host_numpy: bool, device: str, on_device: torch.device
) -> None:
    # Off the CPU both parameters take the device path.
    from othello_zoo.testing import random_play

    start = engine.init(24, n, device=device, backend=backend)  # type: ignore[arg-type]
    played = [random_play(start, k, torch.Generator(device=device).manual_seed(k)) for k in (7, 90)]
    ends = ["X" * (n * n - 1) + "O X", "X" + "O" * (n * n - 1) + " O"]
    full = engine.from_text(ends, device=device, backend=backend)  # type: ignore[arg-type]
    state = engine.cat([*played, full])  # mid-game boards, passes, finished games (the last ones)
    assert 0 < int(state.terminated.sum()) < state.batch_size
    null_only = torch.zeros(n * n + 1, dtype=torch.bool, device=device)
    null_only[-1] = True
    with engine.numpy_path(host_numpy):
        planes, masks, scores = engine.colour_views(state)
    assert planes.device == masks.device == scores.device == on_device
    mask = engine.legal_action_mask(state)
    for colour in (0, 1):
        assert torch.equal(planes[:, colour : colour + 2], engine.observe(state, colour))
        to_move = (state.current_player == colour).unsqueeze(1)
        assert torch.equal(masks[:, colour], torch.where(to_move, mask, null_only))
    assert torch.equal(scores, engine.scores(state))
    if backend == "bitboard" and n == 8:  # the words a compiled step makes, given: the same views
        from othello_zoo.engine.fused import colour_words

        words = colour_words(state.discs[:, 0], state.discs[:, 1], state.moves, state.current_player == 0)
        with engine.numpy_path(host_numpy):
            given = engine.colour_views(state, words)
        assert all(torch.equal(a, b) for a, b in zip(given, (planes, masks, scores), strict=True))
    elif backend == "conv":
        with pytest.raises(ValueError, match="words are the bitboard kernel's on 8x8 boards; the state is the 'conv'"):
            engine.colour_views(state, torch.zeros(state.batch_size, 6, dtype=torch.int64, device=device))
    assert masks[state.terminated].sum().item() == 2 * int(state.terminated.sum())  # only the null action


@pytest.mark.parametrize("n", [4, 6, 8])
def test_bitboard_kernel__numpy_and_table_paths_agree(n: int) -> None:
    """On CPU the kernel unpacks and counts bits with numpy; elsewhere with table look-ups.
    Both must give the reference bits and counts, on played boards and on extremes."""
    from othello_zoo.testing import random_play

    played = random_play(engine.init(64, n, backend="bitboard"), 2 * n, torch.Generator().manual_seed(n))
    full, empty = "X" * (n * n), "-" * (n * n)
    extremes = engine.from_text([full + " X", full + " O", empty + " X", "O" + empty[1:] + " X"], backend="bitboard")
    state = engine.cat([played, extremes])
    kernel = engine.kernel_of(state)
    reference = (state.discs.unsqueeze(-1) >> torch.arange(64)) & 1 == 1  # (B, 2, 64)
    counts = reference.sum(-1)
    seen = []
    for host_numpy in (True, False):
        with engine.numpy_path(host_numpy):
            assert kernel.host_numpy is host_numpy
            assert torch.equal(kernel.bits(state.discs), reference)
            assert torch.equal(kernel.mover_counts(state.discs), counts)
            assert torch.equal(kernel.difference(state.discs), (counts[:, 0] - counts[:, 1]).float())
            assert torch.equal(kernel.encode(reference[..., : n * n]), state.discs)
            observation, mask = engine.mover_view(state)
            assert torch.equal(observation.flatten(2), reference[..., : n * n].to(torch.int8))
            views = engine.colour_views(state)  # on 8 x 8 its words are built by numpy on the host
            seen.append(
                (observation, mask, engine.observe(state, 0), engine.scores(state), engine.to_text(state), *views)
            )
    assert kernel.host_numpy  # the block restored the default
    for a, b in zip(*seen, strict=True):
        assert a == b if isinstance(a, list) else torch.equal(a, b)


@pytest.mark.parametrize("n", [6, 8, 10])
def test_conv_kernel__host_and_device_paths_find_the_same_moves_and_ends(n: int) -> None:
    # On the host the opponent's responses are compared only where the mover has no placement.
    from othello_zoo.testing import random_play

    played = random_play(engine.init(64, n, backend="conv"), 3 * n * n // 4, torch.Generator().manual_seed(n))
    # A finished board, and a pass (white has nothing, black can take the last square).
    full = engine.from_text(["X" * (n * n - 1) + "- O", "X" * (n * n - 2) + "O- O"], backend="conv")
    state = engine.cat([played, full])
    kernel = engine.kernel_of(state)
    found = []
    for host in (True, False):
        with engine.numpy_path(host):
            assert kernel.host_path is host
            found.append(kernel.legal_moves(state.discs))
    for a, b in zip(*found, strict=True):
        assert torch.equal(a, b)
    moves, _, over = found[0]
    assert torch.equal(over, state.terminated)
    assert bool((~moves.any(1) & ~over).any())  # a pass: the opponent's responses decided it


@pytest.mark.parametrize(("n", "backend"), [(8, "bitboard"), (6, "bitboard"), (4, "bitboard"), (8, "conv")])
def test_disc_difference__exact_on_played_and_extreme_boards(n: int, backend: str, device: str) -> None:
    from othello_zoo.testing import random_play

    full, half = "X" * (n * n), "X" * (n * n // 2) + "O" * (n * n // 2)
    lone_white = "O" + "-" * (n * n - 1)
    extremes = [full + " X", full + " O", "-" * (n * n) + " X", half + " X", half + " O", lone_white + " X"]
    expected = [n * n, -(n * n), 0, 0, 0, -1]  # from the side to move: a full board of its own colour, ...
    state = engine.from_text(extremes, device=device, backend=backend)  # type: ignore[arg-type]
    assert engine.disc_difference(state).tolist() == expected
    start = engine.init(64, n, device=device, backend=backend)  # type: ignore[arg-type]
    played = random_play(start, 3 * n, torch.Generator(device=device).manual_seed(n))
    scores = engine.scores(played)
    own = torch.where(played.current_player == 0, scores[:, 0], scores[:, 1])
    assert torch.equal(engine.disc_difference(played), (2 * own - scores.sum(1)).float())


def test_from_planes__takes_device_then_backend(device: str, on_device: torch.device) -> None:
    start = engine.init(1, 6, device=device)
    planes, player = engine.observe(start).flatten(2).bool(), start.current_player
    state = engine.from_planes(planes, player, 6, device, "conv")
    assert (state.backend, state.device, engine.to_text(state)) == ("conv", on_device, engine.to_text(start))


@pytest.mark.parametrize("n", [4, 8, 16])
def test_conv_kernel__each_square_takes_only_the_column_groups_its_kernels_need(n: int) -> None:
    from othello_zoo.engine.kernels._conv_tables import SlotLayout, matmul_tables

    layout = SlotLayout(n)
    counts = [len(kernels) for kernels in layout.per_square]
    used = [int(layout.column[s, j]) for s in range(n * n) for j in range(counts[s])]
    assert len(set(used)) == len(used)  # one column per kernel placement
    groups = {c // 8 for c in used}  # each square's groups hold its kernels and nothing else
    assert len(groups) * 8 == layout.columns == 8 * sum(-(-c // 8) for c in counts)
    weight, magic, _ = matmul_tables(layout)
    padding = sorted(set(range(layout.columns)) - set(used))
    assert bool((weight[:, padding] == 0).all())  # padding columns never match
    assert bool((magic[padding] == -1).all())
    assert bool((magic[used] >= 2).all())
    if n == 8:  # 15 to 19 kernels a square: 1,184 columns, not 64 x 24 = 1,536
        assert (min(counts), max(counts), layout.slots, layout.columns) == (15, 19, 24, 1184)


@pytest.mark.parametrize("n", [8, 16])
def test_conv_kernel__packed_rays_hold_bit_j_for_each_matched_slot_j(n: int) -> None:
    from othello_zoo.engine.kernels._conv_tables import SlotLayout
    from othello_zoo.testing import random_play

    state = random_play(engine.init(16, n, backend="conv"), n * n // 3, torch.Generator().manual_seed(1))
    kernel = engine.kernel_of(state)
    hits = kernel.response(state.discs) == kernel.magic_int8[0]  # (B, columns)
    rays = kernel.pack(hits, torch.empty((16, n * n), dtype=torch.int64))
    expected = torch.zeros_like(rays)
    column = SlotLayout(n).column
    for s in range(n * n):
        for j in range(kernel.slots):
            if column[s, j] >= 0:
                expected[:, s] |= hits[:, column[s, j]].to(torch.int64) << j
    assert torch.equal(rays, expected)
    assert bool((rays != 0).sum() > 16)  # the positions have moves to find
    assert bool(((rays >> 7) & 1).any())  # slot 7 of some group: the gathered byte's sign bit


@pytest.mark.parametrize("n", [4, 6, 8, 10, 16])
def test_conv_kernel__every_product_arithmetic_gives_the_responses_of_float32(n: int) -> None:
    # int8 into int32 (AVX-512 VNNI CPUs), bfloat16 (bfloat16 CPUs, GPUs), float32: the responses
    # are small integers, exact in each; every arithmetic this machine has is tried.
    import copy

    from othello_zoo.engine.kernels._conv_tables import int8_product_works, product_dtype
    from othello_zoo.engine.kernels.conv import ConvKernel
    from othello_zoo.testing import random_play

    state = random_play(engine.init(32, n, backend="conv"), n * n // 2, torch.Generator().manual_seed(2))
    kernel = ConvKernel(n, torch.device("cpu"))
    assert kernel.dtype == product_dtype(torch.device("cpu"))
    assert product_dtype(torch.device("cuda")) == torch.bfloat16  # chosen without touching a GPU
    arithmetics = [torch.float32]
    if int8_product_works():
        arithmetics.append(torch.int8)
    if torch.backends.mkldnn.is_available() and torch.ops.mkldnn._is_mkldnn_bf16_supported():
        arithmetics.append(torch.bfloat16)
    responses = []
    for dtype in arithmetics:
        other = copy.copy(kernel)
        other.dtype, other.weight = dtype, kernel.weight.to(dtype)
        responses.append(other.response(state.discs))
    for response in responses[1:]:
        assert torch.equal(response, responses[0])
    assert int(responses[0].abs().max()) > 32  # the centre tap is in the product: occupied squares respond


@pytest.mark.parametrize(("n", "backend"), [(8, "conv"), (16, "conv"), (10, "conv2d")])
def test_conv_kernel__boards_in_several_chunks_give_what_one_chunk_gives(n: int, backend: str, device: str) -> None:
    from othello_zoo.testing import random_play

    start = engine.init(40, n, device=device, backend=backend)  # type: ignore[arg-type]
    state = random_play(start, n * n // 2, torch.Generator(device=device).manual_seed(3))
    kernel = engine.kernel_of(state)
    on_cpu = state.device.type == "cpu"  # a GPU takes passes GPU_CHUNK_FACTOR times larger (fewer launches)
    factor = 1 if on_cpu else GPU_CHUNK_FACTOR
    assert kernel.chunk == {8: 2048, 10: 959, 16: 209}[n] * factor  # the responses stay a few MiB a CPU pass
    whole = kernel.legal_moves(state.discs)
    chunk, kernel.chunk = kernel.chunk, 7  # 6 chunks, the last of 5 boards
    try:
        parts = kernel.legal_moves(state.discs)
    finally:
        kernel.chunk = chunk
    for a, b in zip(whole, parts, strict=True):
        assert torch.equal(a, b)
    assert bool(whole[0].any(1).all())  # the positions have moves to find


@pytest.mark.parametrize("backend", ["bitboard", "conv"])
def test_step__finished_and_forfeited_boards_keep_their_position_on_both_paths(backend: str, device: str) -> None:
    # On the host the frozen boards are restored by index in the step's new tensors, elsewhere by a
    # where over every board (off the CPU both runs take that path): the same states, and the
    # input state is never written to.
    from othello_zoo.testing import random_play

    start = engine.init(6, device=device, backend=backend)  # type: ignore[arg-type]
    played = random_play(start, 10, torch.Generator(device=device).manual_seed(4))
    over = engine.from_text(["X" * 63 + "O X", "X" * 40 + "O" * 24 + " O"], device=device, backend=backend)  # type: ignore[arg-type]
    state = engine.cat([played, over])
    assert state.terminated.tolist() == [False] * 6 + [True, True]
    actions = engine.random_actions(state, torch.Generator(device=device).manual_seed(5))
    illegal = (~engine.legal_action_mask(state)[2, :-1]).nonzero().flatten().tolist()
    actions[2] = illegal[0]  # an illegal move (the first square board 2 cannot take): forfeited
    assert not bool(engine.legal_action_mask(state)[2, actions[2]])
    before = (engine.to_text(state), state.discs.clone(), state.moves.clone())
    results = []
    for host in (True, False):
        with engine.numpy_path(host):
            results.append(engine.step(state, actions, illegal_action="lose"))
    host_step, device_step = results
    assert engine.to_text(host_step) == engine.to_text(device_step)
    assert torch.equal(host_step.moves, device_step.moves)
    assert host_step.forfeited.tolist() == [False, False, True, False, False, False, False, False]
    assert host_step.terminated.tolist()[2:] == [True, False, False, False, True, True]
    texts = engine.to_text(host_step)
    for board in (2, 6, 7):  # frozen: the position (and the player to move) as before
        assert texts[board] == before[0][board]
        assert not bool(host_step.moves[board].any())
    assert engine.to_text(state) == before[0]
    assert torch.equal(state.discs, before[1])
    assert torch.equal(state.moves, before[2])
