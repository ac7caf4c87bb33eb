"""The batched Othello engine: a :class:`State` of ``B`` boards and pure functions over it.

Every function works on the whole batch at once, with no Python loop or branch over boards, on
whatever torch device the state lives on. Randomness is never drawn here. The rules run in one
of the interchangeable kernels of the registry :data:`othello_zoo.engine.kernels.KERNELS`, chosen by
``backend``:

``"bitboard"``
    One int64 word per side and Kogge-Stone fills over the 8 directions at once (n <= 8).
``"conv"``
    Sandwich kernels (one per direction and run length) evaluated as one matrix product; flips
    come from the kernel matches already found for the chosen square. Every board size.
``"conv2d"``
    The same kernels evaluated by ``torch.nn.functional.conv2d`` in the seed form (slow; kept as
    a reference and for the benchmark).
``"auto"``
    The first kernel of :data:`othello_zoo.engine.kernels.AUTO_ORDER` that plays the size: the
    bitboard kernel where it applies (n <= 8), the conv kernel above that; the faster choice on CPU
    and GPU as measured by ``othello-zoo bench``.

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

from typing import NamedTuple

import torch
from torch import Tensor

from othello_zoo.core import rules
from othello_zoo.core.checks import check_generator, check_illegal_action, check_int
from othello_zoo.core.checks import integer_value as check_int_or_none
from othello_zoo.core.notation import format_moves
from othello_zoo.core.rules import BLACK
from othello_zoo.engine._convert import build, from_boards, from_planes, from_text, planes_of, to_boards, to_text
from othello_zoo.engine._state import (
    BACKENDS,
    TENSOR_FIELDS,
    Backend,
    BoardSpec,
    IllegalAction,
    State,
    cat,
    clone,
    kernel_of,
    put,
    resolve_backend,
    where,
    with_rays,
)
from othello_zoo.engine.kernels import KERNELS
from othello_zoo.engine.kernels.base import sample_from_mask
from othello_zoo.engine.kernels.bitboard import BitboardKernel
from othello_zoo.engine.words import numpy_path, on_host
from othello_zoo.runtime.threads import uses_adaptive_threads, uses_package_threads

__all__ = [
    "BACKENDS",
    "TENSOR_FIELDS",
    "Backend",
    "BoardSpec",
    "ColourViews",
    "IllegalAction",
    "State",
    "cat",
    "check_tensor",
    "clone",
    "colour_views",
    "disc_difference",
    "from_boards",
    "from_planes",
    "from_text",
    "illegal_actions",
    "init",
    "legal_action_mask",
    "mover_view",
    "numpy_path",
    "observe",
    "outcome",
    "put",
    "random_actions",
    "ranked_actions",
    "resolve_backend",
    "rewards",
    "sample_actions",
    "scores",
    "start",
    "step",
    "to_boards",
    "to_text",
    "where",
    "with_rays",
]


def init(
    batch_size: int, board_size: int = 8, device: torch.device | str | None = None, backend: Backend = "auto"
) -> State:
    """``batch_size`` boards at the start position, black to move.

    Raises:
        ValueError: for a batch size below 1, a bad board size or backend.

    >>> init(3).batch_size
    3
    """
    return start(check_int("batch_size", batch_size, low=1), BoardSpec(board_size, device, backend))


def start(batch_size: int, spec: BoardSpec) -> State:
    """:func:`init` from a :class:`BoardSpec`, checked when it was built (an env's, once at its construction)."""
    n = spec.board_size
    planes = torch.zeros(batch_size, 2, n * n, dtype=torch.bool, device=spec.device)
    black, white = rules.start_squares(n)
    planes[:, 0, list(black)] = True  # black, to move
    planes[:, 1, list(white)] = True
    player = torch.full((batch_size,), BLACK, dtype=torch.int64, device=spec.device)
    return build(planes, player, spec)


@uses_package_threads
def legal_action_mask(state: State) -> Tensor:
    """bool ``(B, n*n + 1)``: the mover's legal actions; the null action only when it must pass.

    A finished board has only the null action.
    """
    kernel = kernel_of(state)
    placements = kernel.legal_mask(state.moves)
    return torch.cat((placements, ~kernel.has_moves(state.moves).unsqueeze(1)), dim=1)


@uses_package_threads
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
    check_generator(generator, mask.device)
    if check:  # before drawing, so that a refused mask leaves the generator as it was
        empty = ~mask.any(1)
        if bool(empty.any()):
            raise ValueError(f"mask rows {empty.nonzero().flatten().tolist()} have no legal action to sample from")
    uniform = torch.rand(mask.shape[0], generator=generator, device=mask.device)
    return sample_from_mask(mask, uniform)[0]  # an empty row gets A


@uses_package_threads
def random_actions(state: State, generator: torch.Generator) -> Tensor:
    """One uniformly random legal action per board (the null action where it is the only one).

    The same distribution as ``sample_actions(legal_action_mask(state), generator)``, drawn
    straight from the kernel's move sets: on bitboards a byte at a time, without building the
    ``(B, n*n + 1)`` mask.

    >>> state = init(3)
    >>> sorted(set(random_actions(state, torch.Generator().manual_seed(0)).tolist()) - {19, 26, 37, 44})
    []
    """
    check_generator(generator, state.device)
    return ranked_actions(state, torch.rand(state.batch_size, generator=generator, device=state.device))


@uses_package_threads
def ranked_actions(state: State, uniform: Tensor) -> Tensor:
    """The legal action of rank ``min(floor(uniform * count), count - 1)`` among each board's placements (in square
    order), or the null action where there is none: :func:`random_actions` with its numbers given (float32 ``(B,)``
    in ``[0, 1)``, on the boards' device).

    >>> ranked_actions(init(2), torch.tensor([0.0, 0.99])).tolist()
    [19, 44]
    """
    return kernel_of(state).random_moves(state.moves, uniform)


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


@uses_package_threads
def illegal_actions(state: State, actions: Tensor) -> Tensor:
    """bool ``(B,)``: ``actions`` is not legal on an unfinished board (out of range included)."""
    kernel = kernel_of(state)
    nn = state.board_size**2
    clamped = actions.clamp(0, nn)
    legal = torch.where(clamped == nn, ~kernel.has_moves(state.moves), kernel.placement_legal(state.moves, clamped))
    return ~(legal & (actions == clamped)) & ~state.terminated


def _threads_key(state: object = None, *_: object, **__: object) -> tuple[str, int, int] | None:
    """The conv kernel's step on the CPU picks its threads by timing (see ``othello_zoo.runtime.threads``)."""
    state = __.get("state", state)
    if not isinstance(state, State) or not KERNELS[state.backend].timed_threads or not on_host(state.device):
        return None
    return (state.backend, state.board_size, state.batch_size.bit_length())


@uses_adaptive_threads(_threads_key)
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
    check_illegal_action(illegal_action)
    kernel = kernel_of(state)
    nn = state.board_size**2
    illegal = illegal_actions(state, actions)
    if illegal_action == "raise" and bool(illegal.any()):
        raise ValueError(_describe_illegal(state, actions, illegal))
    clamped = actions.clamp(0, nn)
    discs = kernel.play(state.discs, state.rays, clamped)
    moves, rays, no_moves = kernel.legal_moves(discs)
    frozen = state.terminated | illegal
    if on_host(state.device):  # no sync on the host: restore only those (often none) in the
        kept = frozen.nonzero().squeeze(1)  # kernel's new tensors, not every board
        if kept.numel():
            discs[kept], moves[kept] = state.discs[kept], 0
    else:
        discs = torch.where(frozen.view(-1, *[1] * (discs.dim() - 1)), state.discs, discs)
        moves = moves.masked_fill(frozen.view(-1, *[1] * (moves.dim() - 1)), 0)
    return State(
        discs=discs,
        moves=moves,
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


@uses_package_threads
def observe(state: State, player: Tensor | int | None = None) -> Tensor:
    """int8 ``(B, 2, n, n)`` from ``player``'s side: plane 0 its discs, plane 1 its opponent's.

    ``player`` is an int64 ``(B,)`` tensor of colours (0 black, 1 white), one colour for all, or
    None for the side to move in each board (the cheapest: the engine keeps that view).
    """
    n = state.board_size
    planes = planes_of(state)
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


@uses_package_threads
def mover_view(state: State) -> tuple[Tensor, Tensor]:
    """``(observe(state), legal_action_mask(state))`` for the side to move, in fewer operations
    where the kernel can (8 x 8 bitboards: numpy's ``unpackbits`` on CPU, one table look-up elsewhere)."""
    kernel = kernel_of(state)
    planes, placements = kernel.mover_view(state.discs, state.moves)
    n = state.board_size
    mask = torch.cat((placements, ~kernel.has_moves(state.moves).unsqueeze(1)), dim=1)
    return planes.view(-1, 2, n, n), mask


class ColourViews(NamedTuple):
    """What :func:`colour_views` returns: both colours' observations, masks and scores at once."""

    planes: Tensor  # int8 (B, 3, n, n): black's discs, white's, black's again
    masks: Tensor  # bool (B, 2, n*n + 1): black's legal actions, white's
    scores: Tensor  # int64 (B, 2): disc counts (black, white), as scores(state)


@uses_package_threads
def colour_views(state: State, words: Tensor | None = None) -> ColourViews:
    """Both colours' observations, action masks and disc counts in one pass, as views of few tensors.

    ``planes[:, 0:2]`` is :func:`observe` ``(state, 0)`` (black's view: its discs, then white's) and
    ``planes[:, 1:3]`` is ``observe(state, 1)``; ``masks[:, 0]`` and ``masks[:, 1]`` are black's and
    white's legal actions, the waiting colour's being the null action alone (so is a finished
    board's, for both); ``scores`` is :func:`scores` ``(state)``. The views share memory: copy one
    before writing into it. The vector env's per-agent step is built on it. ``words``: on 8 x 8
    bitboard states, the words the views unpack (``othello_zoo.engine.fused.colour_words``),
    where the compiled step made them.

    >>> views = colour_views(init(1))
    >>> views.planes[:, 1:3].equal(observe(init(1), 1)), views.masks[0, 1].nonzero().flatten().tolist()
    (True, [64])
    """
    kernel, black = kernel_of(state), state.current_player == BLACK
    if words is None:
        planes, masks, counts = kernel.colour_view(state.discs, state.moves, black)
    elif isinstance(kernel, BitboardKernel) and state.board_size == 8:
        planes, masks, counts = kernel.colour_view(state.discs, state.moves, black, words)
    else:
        raise ValueError(f"words are the bitboard kernel's on 8x8 boards; the state is the {state.backend!r} kernel's")
    n = state.board_size
    return ColourViews(planes.view(-1, 3, n, n), masks, counts)


@uses_package_threads
def scores(state: State) -> Tensor:
    """int64 ``(B, 2)`` disc counts: (black, white)."""
    counts = kernel_of(state).mover_counts(state.discs)
    return torch.where((state.current_player == BLACK).unsqueeze(1), counts, counts.flip(1))


@uses_package_threads
def rewards(state: State, margin: bool = False) -> Tensor:
    """float32 ``(B, 2)`` rewards (black, white) of finished boards, 0 on unfinished ones.

    +1 / -1 / 0 for a win / loss / draw by disc count (``margin=True``: the disc difference over
    n * n); a forfeited board gives -1 to the player who acted illegally and 0 to the other. The
    colours' view of :func:`outcome` (:func:`~othello_zoo.core.rules.split_result`,
    :func:`~othello_zoo.core.rules.by_colour`).
    """
    to_move, other = rules.split_result(outcome(state, margin), state.forfeited)
    return torch.stack(rules.by_colour(to_move, other, state.current_player), dim=1)


@uses_package_threads
def outcome(state: State, margin: bool = False) -> Tensor:
    """float32 ``(B,)``: the result of each finished board for its player to move, 0 if unfinished.

    +1 / -1 / 0 by disc count (``margin=True``: the disc difference divided by n * n); a
    forfeited board gives -1, its player to move being the offender. Cheaper than
    :func:`rewards` (no colours involved): a step's mover, who is the other player on a board
    that did not end by forfeit, gets the opposite.
    """
    result = rules.mover_result(disc_difference(state), state.forfeited, state.board_size, margin)
    return torch.where(state.terminated, result, 0.0)  # not result * terminated: -1 * 0 is -0.0


@uses_package_threads
def disc_difference(state: State) -> Tensor:
    """float32 ``(B,)``: the discs of the player to move minus its opponent's.

    >>> disc_difference(from_text(["X" * 40 + "O" * 20 + "----" + " O"])).tolist()
    [-20.0]
    """
    return kernel_of(state).difference(state.discs)
