"""The batched Othello engine: a :class:`State` of ``B`` boards and pure functions over it.

Every function works on the whole batch at once, with no Python loop or branch over boards, on
whatever torch device the state lives on. Randomness is never drawn here. The rules run in one
of two interchangeable kernels, chosen by ``backend``:

``"bitboard"``
    One int64 word per side and Kogge-Stone fills over the 8 directions at once (n <= 8).
``"conv"``
    Sandwich kernels (one per direction and run length) evaluated as one matrix product; flips
    come from the kernel matches already found for the chosen square. Every board size.
``"conv2d"``
    The same kernels evaluated by ``torch.nn.functional.conv2d`` in the seed form (slow; kept as
    a reference and for the benchmark).
``"auto"``
    The bitboard kernel where it applies (n <= 8), the conv kernel above that: the faster
    choice on CPU and GPU as measured by ``othello-zoo bench``.

Board layout (n = 8), squares ``row * n + col``::

         a  b  c  d  e  f  g  h
      1  0  1  2  3  4  5  6  7
      2  8  9 10 11 12 13 14 15
      3 16 17 18 19 20 21 22 23
      4 24 25 26 27 28 29 30 31          start: white d4 (27), e5 (36)
      5 32 33 34 35 36 37 38 39                 black e4 (28), d5 (35)
      6 40 41 42 43 44 45 46 47          black moves first
      7 48 49 50 51 52 53 54 55
      8 56 57 58 59 60 61 62 63          action 64: the null action (pass)

Example:
    >>> import torch
    >>> from othello_zoo import engine
    >>> state = engine.init(2)
    >>> engine.legal_action_mask(state)[0].nonzero().flatten().tolist()
    [19, 26, 37, 44]
    >>> state = engine.step(state, torch.tensor([37, 19]))
    >>> engine.scores(state).tolist()
    [[4, 1], [4, 1]]
    >>> engine.to_text(state)[0]
    '---------------------------OX------XXX-------------------------- O'
"""

from __future__ import annotations

from collections.abc import Sequence

import torch
from torch import Tensor

from othello_zoo._bitboard import _sample_from_mask
from othello_zoo._checks import check_device, check_int
from othello_zoo._checks import integer_value as check_int_or_none
from othello_zoo._state import (
    BACKENDS,
    Backend,
    IllegalAction,
    State,
    _kernel,
    _kernel_for,
    cat,
    clone,
    resolve_backend,
    where,
)
from othello_zoo.notation import BLACK, format_moves, format_position, parse_position

__all__ = [
    "BACKENDS",
    "Backend",
    "IllegalAction",
    "State",
    "cat",
    "check_tensor",
    "clone",
    "disc_difference",
    "from_planes",
    "from_text",
    "illegal_actions",
    "init",
    "legal_action_mask",
    "mover_view",
    "observe",
    "outcome",
    "random_actions",
    "resolve_backend",
    "rewards",
    "sample_actions",
    "scores",
    "step",
    "to_text",
    "where",
]


def from_planes(
    planes: Tensor, player: Tensor, board_size: int, backend: str = "auto", device: torch.device | None = None
) -> State:
    """Boards from bool planes ``(B, 2, n*n)`` (the mover's discs, then the opponent's) and the
    colours to move, int64 ``(B,)``; moves and the end of each game are worked out.

    Raises:
        TypeError: ``planes`` or ``player`` is not a tensor, or ``player`` is not int64.
        ValueError: a bad shape, a square in both planes, or a colour other than 0 and 1 (these
            two content checks read the tensors on the host: one synchronisation on a GPU).
    """
    backend = resolve_backend(backend, board_size)
    nn = board_size * board_size
    if not isinstance(planes, Tensor) or not isinstance(player, Tensor):
        got = f"{type(planes).__name__} and {type(player).__name__}"
        raise TypeError(f"from_planes takes planes and player as torch tensors, got {got}")
    if planes.dim() != 3 or planes.shape[1:] != (2, nn):
        raise ValueError(f"planes must have shape (B, 2, {nn}) for board_size={board_size}, got {tuple(planes.shape)}")
    if player.dtype != torch.int64 or player.shape != planes.shape[:1]:
        got = f"{player.dtype} {tuple(player.shape)}"
        raise TypeError(f"player must be an int64 tensor of shape ({planes.shape[0]},), got {got}")
    if planes.dtype != torch.bool and bool(((planes != 0) & (planes != 1)).any()):
        raise ValueError("planes must hold only 0 and 1 (or be bool)")
    if bool((planes[:, 0].bool() & planes[:, 1].bool()).any()):
        board = int((planes[:, 0].bool() & planes[:, 1].bool()).any(1).nonzero()[0])
        raise ValueError(f"board {board} has a square in both planes (a disc of both colours)")
    if bool(((player != 0) & (player != 1)).any()):
        raise ValueError(f"player must hold colours 0 (black) and 1 (white), got {sorted(set(player.tolist()))}")
    device = device if device is not None else planes.device
    planes, player = planes.to(device=device, dtype=torch.bool), player.to(device)
    kernel = _kernel_for(backend, board_size, device)
    discs = kernel.encode(planes)
    moves, rays, terminated = kernel.search(discs)
    return State(
        discs=discs,
        moves=moves,
        rays=rays,
        current_player=player,
        terminated=terminated,
        forfeited=torch.zeros_like(terminated),
        board_size=board_size,
        backend=backend,
    )


def init(
    batch_size: int, board_size: int = 8, device: torch.device | str | None = None, backend: Backend = "auto"
) -> State:
    """``batch_size`` boards at the start position, black to move.

    Raises:
        ValueError: for a batch size below 1, a bad board size or backend.

    >>> init(3).batch_size
    3
    """
    batch_size = check_int("batch_size", batch_size, low=1)
    resolved = resolve_backend(backend, board_size)
    dev = check_device("device", device) or torch.device("cpu")
    n = board_size
    planes = torch.zeros(batch_size, 2, n * n, dtype=torch.bool, device=dev)
    c = n // 2 - 1
    d4, e4, d5, e5 = c * n + c, c * n + c + 1, (c + 1) * n + c, (c + 1) * n + c + 1
    planes[:, 0, [e4, d5]] = True  # black, to move
    planes[:, 1, [d4, e5]] = True  # white
    player = torch.full((batch_size,), BLACK, dtype=torch.int64, device=dev)
    return from_planes(planes, player, n, resolved, dev)


def legal_action_mask(state: State) -> Tensor:
    """bool ``(B, n*n + 1)``: the mover's legal actions; the null action only when it must pass.

    A finished board has only the null action.
    """
    kernel = _kernel(state)
    placements = kernel.legal_mask(state.moves)
    return torch.cat((placements, ~kernel.has_moves(state.moves).unsqueeze(1)), dim=1)


def sample_actions(mask: Tensor, generator: torch.Generator, check: bool = True) -> Tensor:
    """One legal action per row of ``mask`` (bool ``(B, A)``), uniformly at random.

    Draws one uniform number per board from ``generator`` (on the mask's device; the engine never
    uses the global generator) and takes that quantile of the row's legal actions.

    A row with no legal action has nothing to sample: with ``check=True`` (the default) that is a
    ``ValueError`` naming the rows, found with one host synchronisation. Loops that must not
    synchronise (a GPU) pass ``check=False``; such a row then gets ``A``, an index out of range
    for any use, never an action that looks legal. The env's masks always hold one legal action.

    >>> mask = torch.tensor([[False, True, False, True], [True, False, False, False]])
    >>> g = torch.Generator().manual_seed(0)
    >>> actions = sample_actions(mask, g)
    >>> bool(mask[torch.arange(2), actions].all())
    True
    >>> sample_actions(torch.tensor([[False, False]]), g, check=False).tolist()
    [2]
    """
    if not isinstance(mask, Tensor) or mask.dtype != torch.bool or mask.dim() != 2:
        got = f"{mask.dtype} {tuple(mask.shape)}" if isinstance(mask, Tensor) else type(mask).__name__
        raise TypeError(f"mask must be a bool tensor of shape (B, A), got {got}")
    if check:
        empty = ~mask.any(1)
        if bool(empty.any()):
            raise ValueError(f"mask rows {empty.nonzero().flatten().tolist()} have no legal action to sample from")
    uniform = torch.rand(mask.shape[0], generator=generator, device=mask.device)
    actions = _sample_from_mask(mask, uniform)
    return actions if check else torch.where(mask.any(1), actions, mask.shape[1])


def random_actions(state: State, generator: torch.Generator) -> Tensor:
    """One uniformly random legal action per board (the null action where it is the only one).

    The same distribution as ``sample_actions(legal_action_mask(state), generator)``, drawn
    straight from the kernel's move sets: on bitboards a byte at a time, without building the
    ``(B, n*n + 1)`` mask.

    >>> state = init(3)
    >>> sorted(set(random_actions(state, torch.Generator().manual_seed(0)).tolist()) - {19, 26, 37, 44})
    []
    """
    uniform = torch.rand(state.batch_size, generator=generator, device=state.device)
    return _kernel(state).random_moves(state.moves, uniform)


def check_tensor(name: str, value: object, dtype: torch.dtype, batch_size: int, device: torch.device) -> Tensor:
    """``value`` if it is a tensor of ``dtype``, shape ``(batch_size,)`` on ``device``; else a
    ``TypeError`` (not a tensor, wrong dtype) or ``ValueError`` (shape, device) naming it."""
    if not isinstance(value, Tensor):
        got = type(value).__name__
        raise TypeError(f"{name} must be a torch.Tensor of {dtype} with shape ({batch_size},), got {got}")
    if value.dtype != dtype:
        raise TypeError(f"{name} must have dtype {dtype}, got {value.dtype}")
    if value.shape != (batch_size,):
        raise ValueError(f"{name} must have shape ({batch_size},) (one per board), got {tuple(value.shape)}")
    if value.device != device:
        raise ValueError(f"{name} are on {value.device}, the boards on {device}: move them with .to()")
    return value


def _check_actions(state: State, actions: object) -> Tensor:
    return check_tensor("actions", actions, torch.int64, state.batch_size, state.device)


def illegal_actions(state: State, actions: Tensor) -> Tensor:
    """bool ``(B,)``: ``actions`` is not legal on an unfinished board (out of range included)."""
    kernel = _kernel(state)
    nn = state.board_size**2
    clamped = actions.clamp(0, nn)
    legal = torch.where(clamped == nn, ~kernel.has_moves(state.moves), kernel.placement_legal(state.moves, clamped))
    return ~(legal & (actions == clamped)) & ~state.terminated


def step(state: State, actions: Tensor, illegal_action: IllegalAction = "raise") -> State:
    """Play one action on every board.

    Args:
        state: the boards.
        actions: int64 ``(B,)`` on the state's device: a square ``0..n*n-1`` or the null action
            ``n*n`` (legal only as a forced pass). A finished board ignores its action.
        illegal_action: ``"raise"`` checks every action (one host synchronisation) and raises;
            ``"lose"`` ends a board whose mover acts illegally, as a loss for that mover
            (``forfeited``), with no host synchronisation.

    Returns:
        The next state; the input is not modified.

    Raises:
        TypeError: for actions that are not an int64 tensor.
        ValueError: for a wrong shape or device, or (with ``"raise"``) an illegal action, naming the
            boards, the actions and the legal ones.
    """
    _check_actions(state, actions)
    if illegal_action not in ("raise", "lose"):
        raise ValueError(f"illegal_action must be 'raise' or 'lose', got {illegal_action!r}")
    kernel = _kernel(state)
    nn = state.board_size**2
    illegal = illegal_actions(state, actions)
    if illegal_action == "raise" and bool(illegal.any()):
        raise ValueError(_describe_illegal(state, actions, illegal))
    clamped = actions.clamp(0, nn)
    discs = kernel.play(state.discs, state.rays, clamped)
    moves, rays, no_moves = kernel.search(discs)
    frozen = state.terminated | illegal
    return State(
        discs=torch.where(frozen.view(-1, *[1] * (discs.dim() - 1)), state.discs, discs),
        moves=moves.masked_fill(frozen.view(-1, *[1] * (moves.dim() - 1)), 0),
        rays=rays,
        current_player=torch.where(frozen, state.current_player, 1 - state.current_player),
        terminated=frozen | no_moves,
        forfeited=state.forfeited | illegal,
        board_size=state.board_size,
        backend=state.backend,
    )


def _describe_illegal(state: State, actions: Tensor, illegal: Tensor) -> str:
    n = state.board_size
    boards = illegal.nonzero().flatten().tolist()
    masks = legal_action_mask(state[boards]).cpu()
    parts = []
    for i, board in enumerate(boards[:5]):
        action = int(actions[board])
        legal = masks[i].nonzero().flatten().tolist()
        name = format_moves([action], n) if 0 <= action <= n * n else "out of range"
        parts.append(f"board {board}: action {action} ({name}); legal: {legal} ({format_moves(legal, n)})")
    more = f" and {len(boards) - 5} more boards" if len(boards) > 5 else ""
    return (
        f"illegal action on {len(boards)} board(s) (actions are 0..{n * n}, {n * n} = pass): " + "; ".join(parts) + more
    )


def _planes(state: State) -> Tensor:
    """bool ``(B, 2, n*n)``: the mover's discs, then the opponent's."""
    return _kernel(state).decode(state.discs)


def observe(state: State, player: Tensor | int | None = None) -> Tensor:
    """int8 ``(B, 2, n, n)`` from ``player``'s side: plane 0 its discs, plane 1 its opponent's.

    ``player`` is an int64 ``(B,)`` tensor of colours (0 black, 1 white), one colour for all, or
    None for the side to move in each board (the cheapest: the engine keeps that view).
    """
    n = state.board_size
    planes = _planes(state)
    if player is None:
        return planes.to(torch.int8).reshape(-1, 2, n, n)
    players = _check_players(state, player)
    swap = (players != state.current_player).view(-1, 1, 1)
    return torch.where(swap, planes.flip(1), planes).to(torch.int8).reshape(-1, 2, n, n)


def _check_players(state: State, player: object) -> Tensor:
    """``player`` of :func:`observe` as int64 ``(B,)``: a colour (0 or 1) for every board, or a tensor
    of colours (int64 ``(B,)`` on the state's device; its values are checked where it is on the CPU)."""
    colour = check_int_or_none(player)
    if colour is not None:
        if colour not in (0, 1):
            raise ValueError(f"player must be 0 (black), 1 (white), an int64 tensor of those, or None; got {colour}")
        return torch.full((state.batch_size,), colour, dtype=torch.int64, device=state.device)
    players = check_tensor("player", player, torch.int64, state.batch_size, state.device)
    if players.device.type == "cpu" and bool(((players != 0) & (players != 1)).any()):
        raise ValueError(f"player must hold colours 0 (black) and 1 (white), got {sorted(set(players.tolist()))}")
    return players


def mover_view(state: State) -> tuple[Tensor, Tensor]:
    """``(observe(state), legal_action_mask(state))`` for the side to move, in fewer operations
    where the kernel can (8 x 8 bitboards: numpy's ``unpackbits`` on CPU, one table look-up elsewhere)."""
    fused = _kernel(state).mover_view(state.discs, state.moves)
    if fused is None:
        return observe(state), legal_action_mask(state)
    planes, placements = fused
    n = state.board_size
    mask = torch.cat((placements, (state.moves == 0).unsqueeze(1)), dim=1)
    return planes.view(-1, 2, n, n), mask


def scores(state: State) -> Tensor:
    """int64 ``(B, 2)`` disc counts: (black, white)."""
    counts = _kernel(state).counts(state.discs)
    return torch.where((state.current_player == BLACK).unsqueeze(1), counts, counts.flip(1))


def rewards(state: State) -> Tensor:
    """float32 ``(B, 2)`` rewards (black, white) of finished boards, 0 on unfinished ones.

    +1 / -1 / 0 for a win / loss / draw by disc count; a forfeited board gives -1 to the player
    who acted illegally and 0 to the other. The colours' view of :func:`outcome`.
    """
    to_move = outcome(state)
    other = torch.where(state.forfeited, 0.0, 0.0 - to_move)  # 0.0 - x: a draw is 0.0, not -0.0
    black_moves = state.current_player == BLACK
    return torch.stack((torch.where(black_moves, to_move, other), torch.where(black_moves, other, to_move)), dim=1)


def outcome(state: State, margin: bool = False) -> Tensor:
    """float32 ``(B,)``: the result of each finished board for its player to move, 0 if unfinished.

    +1 / -1 / 0 by disc count (``margin=True``: the disc difference divided by n * n); a
    forfeited board gives -1, its player to move being the offender. Cheaper than
    :func:`rewards` (no colours involved): a step's mover, who is the other player on a board
    that did not end by forfeit, gets the opposite.
    """
    difference = disc_difference(state)
    result = difference / state.board_size**2 if margin else torch.sign(difference)
    return torch.where(state.forfeited, -1.0, result) * state.terminated


def disc_difference(state: State) -> Tensor:
    """float32 ``(B,)``: the discs of the player to move minus its opponent's.

    >>> disc_difference(from_text(["X" * 40 + "O" * 20 + "----" + " O"])).tolist()
    [-20.0]
    """
    return _kernel(state).difference(state.discs)


def from_text(lines: Sequence[str] | str, device: torch.device | str | None = None, backend: Backend = "auto") -> State:
    """Boards from position text, one board per line (a single string gives a batch of one).

    >>> state = from_text(["---------------------------OX------XO--------------------------- X"])
    >>> legal_action_mask(state)[0].nonzero().flatten().tolist()
    [19, 26, 37, 44]

    Raises:
        ValueError: naming the line and what is wrong with it, or boards of different sizes.
    """
    if isinstance(lines, str):
        lines = [lines]
    if len(lines) == 0:
        raise ValueError("from_text needs at least one position")
    parsed = []
    for i, line in enumerate(lines):
        try:
            parsed.append(parse_position(line))
        except ValueError as error:
            raise ValueError(f"position {i}: {error}") from None
    sizes = {size for _, _, size in parsed}
    if len(sizes) > 1:
        raise ValueError(f"all positions must have one board size, got sizes {sorted(sizes)}")
    n = sizes.pop()
    resolved = resolve_backend(backend, n)
    dev = check_device("device", device) or torch.device("cpu")
    cells = torch.tensor([c for c, _, _ in parsed], dtype=torch.int64, device=dev)
    player = torch.tensor([p for _, p, _ in parsed], dtype=torch.int64, device=dev)
    own = cells == (player + 1).unsqueeze(1)
    opp = cells == (2 - player).unsqueeze(1)
    return from_planes(torch.stack((own, opp), dim=1), player, n, resolved, dev)


def to_text(state: State) -> list[str]:
    """Position text of every board (host transfer; not for hot loops)."""
    planes = _planes(state).cpu()
    players = state.current_player.cpu().tolist()
    out = []
    for i, player in enumerate(players):
        own, opp = planes[i, 0].tolist(), planes[i, 1].tolist()
        mover, other = 1 + player, 2 - player
        out.append(format_position([mover if a else other if b else 0 for a, b in zip(own, opp, strict=True)], player))
    return out
