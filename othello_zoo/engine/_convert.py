"""Boards into and out of the engine: from planes, from and to one-board values (by their bits), from and
to position text.

Re-exported by :mod:`othello_zoo.engine`, where they are documented.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import torch
from torch import Tensor

from othello_zoo.core.board import Board
from othello_zoo.core.notation import format_position, parse_position
from othello_zoo.engine._state import Backend, BoardSpec, State, kernel_for, kernel_of

__all__ = ["build", "from_boards", "from_planes", "from_text", "planes_of", "to_boards", "to_text"]


def from_planes(
    planes: Tensor,
    player: Tensor,
    board_size: int,
    device: torch.device | str | None = None,
    backend: Backend = "auto",
) -> State:
    """Boards from bool planes ``(B, 2, n*n)`` (the mover's discs, then the opponent's) and the
    colours to move, int64 ``(B,)``; moves and the end of each game are worked out.

    ``device`` (default: the planes' device) and ``backend`` come in the order of :func:`init` and
    :func:`from_text`.

    Raises:
        TypeError: ``planes`` or ``player`` is not a tensor, or ``player`` is not int64.
        ValueError: a bad shape, a square in both planes, or a colour other than 0 and 1 (these
            two content checks read the tensors on the host: one synchronisation on a GPU).
    """
    spec = BoardSpec(board_size, device if device is not None else getattr(planes, "device", None), backend)
    _check_planes(planes, player, spec.board_size)
    return build(planes.to(device=spec.device, dtype=torch.bool), player.to(spec.device), spec)


def build(planes: Tensor, player: Tensor, spec: BoardSpec) -> State:
    """:func:`from_planes` of checked bool planes and colours on ``spec.device``: moves and ends worked out."""
    kernel = kernel_for(spec.backend, spec.board_size, spec.device)
    discs = kernel.encode(planes)
    moves, rays, terminated = kernel.legal_moves(discs)
    return State(
        discs=discs,
        moves=moves,
        rays=rays,
        current_player=player,
        terminated=terminated,
        forfeited=torch.zeros_like(terminated),
        board_size=spec.board_size,
        backend=spec.backend,
    )


def _check_planes(planes: object, player: object, board_size: int) -> None:
    """The checks of :func:`from_planes` on its tensors (see there)."""
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


def planes_of(state: State) -> Tensor:
    """bool ``(B, 2, n*n)``: the mover's discs, then the opponent's."""
    return kernel_of(state).decode(state.discs)


def from_text(lines: Sequence[str] | str, device: torch.device | str | None = None, backend: Backend = "auto") -> State:
    """Boards from position text, one board per line (a single string gives a batch of one).

    >>> from othello_zoo.engine import legal_action_mask
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
    spec = BoardSpec(n, device, backend)
    cells = torch.tensor([c for c, _, _ in parsed], dtype=torch.int64, device=spec.device)
    player = torch.tensor([p for _, p, _ in parsed], dtype=torch.int64, device=spec.device)
    own = cells == (player + 1).unsqueeze(1)
    opp = cells == (2 - player).unsqueeze(1)
    return build(torch.stack((own, opp), dim=1), player, spec)


def to_text(state: State) -> list[str]:
    """Position text of every board (host transfer; not for hot loops)."""
    planes = planes_of(state).cpu()
    players = state.current_player.cpu().tolist()
    out = []
    for i, player in enumerate(players):
        own, opp = planes[i, 0].tolist(), planes[i, 1].tolist()
        mover, other = 1 + player, 2 - player
        out.append(format_position([mover if a else other if b else 0 for a, b in zip(own, opp, strict=True)], player))
    return out


def from_boards(
    boards: Sequence[Board] | Board, device: torch.device | str | None = None, backend: Backend = "auto"
) -> State:
    """A batch of the one-board values :class:`~othello_zoo.core.board.Board` (one ``Board`` makes a batch of
    one), converted by their bits: the same positions, sides to move and ends (forfeits included).

    >>> from othello_zoo import engine
    >>> from othello_zoo.core.board import Board
    >>> state = engine.from_boards([Board.start(), Board.start().step(37)])
    >>> engine.to_text(state)[1]
    '---------------------------OX------XXX-------------------------- O'

    Raises:
        TypeError: an item is not a ``Board``.
        ValueError: no boards, or boards of different sizes.
    """
    boards = [boards] if isinstance(boards, Board) else list(boards)
    if not boards:
        raise ValueError("from_boards needs at least one board, got none")
    for i, board in enumerate(boards):
        if not isinstance(board, Board):
            raise TypeError(f"boards[{i}] must be a Board, got {type(board).__name__}")
    n = boards[0].board_size
    if any(board.board_size != n for board in boards):
        raise ValueError(f"boards must share one size, got sizes {sorted({b.board_size for b in boards})}")
    spec = BoardSpec(n, device, backend)
    backend, device = spec.backend, spec.device
    # Each Board knows its placements and its end: the kernel takes the bits as they are, with no search.
    discs, moves, rays = kernel_for(backend, n, device).encode_bits(
        [b.own for b in boards], [b.opp for b in boards], [b.moves for b in boards]
    )
    player, terminated, forfeited = torch.tensor(
        [[b.current_player for b in boards], [b.terminated for b in boards], [b.forfeited for b in boards]],
        dtype=torch.int64,
        device=device,
    )  # rows of one tensor: each field contiguous, as the engine's own
    return State(
        discs=discs,
        moves=moves,
        rays=rays,
        current_player=player,
        terminated=terminated.bool(),
        forfeited=forfeited.bool(),
        board_size=n,
        backend=backend,
    )


def to_boards(state: State) -> list[Board]:
    """Each board of ``state`` as a :class:`~othello_zoo.core.board.Board`, converted by its bits (one host
    copy of the planes)."""
    n = state.board_size
    packed = np.packbits(planes_of(state).cpu().numpy(), axis=2, bitorder="little")
    players = state.current_player.tolist()
    forfeited = state.forfeited.tolist()
    boards = []
    for i in range(state.batch_size):
        own, opp = (int.from_bytes(packed[i, side].tobytes(), "little") for side in (0, 1))
        board = Board.make(own, opp, players[i], n)
        boards.append(board.forfeit() if forfeited[i] else board)
    return boards
