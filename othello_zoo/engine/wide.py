"""The rules on boards of several int64 words a side (10 x 10 to 16 x 16), written for ``torch.compile`` to fuse.

One int64 word holds a side of a board up to 8 x 8 (:mod:`othello_zoo.engine.fused`); a larger board takes
``W = ceil(n * n / 64)`` words a side: 2 on 10 x 10, 3 on 12 x 12, 4 on 14 x 14 and 16 x 16. Square ``s`` is bit
``s % 64`` of word ``s // 64``, as in the conv kernel's flip sets. A set of squares of ``B`` boards is a
:class:`Wide`: ``W`` int64 tensors ``(B,)``, with the bitwise operators of an int, shifts across the words
included. The rules' fills (:func:`othello_zoo.core.fill.occluded_fill`, :func:`~othello_zoo.core.fill.ray_moves`)
take it as they take an int64 word, so the rules here are the ones the bitboard kernel runs, on more bits.

Everything is a whole-batch operation on ``(B,)`` tensors with every shift amount and mask a Python int, so that
inductor fuses a step into one loop over the boards. :func:`play_wide` is one engine step, the same boards as the
conv kernel's eager step from the same actions or the same random numbers (the tests run both in lockstep);
:class:`WideBoards` holds a batch as ``(B, W)`` tensors, :func:`from_state` and :func:`to_state` convert from and
to an engine :class:`~othello_zoo.engine.State`, and :class:`RandomPlay` is the compiled loop of the bench's
``wide-compiled`` row (random moves, finished games started again).

Every operation stays inside the int64 range, as in :mod:`othello_zoo.engine.fused`: logical right shifts are an
arithmetic shift and a mask, and bits shifted past the last word are dropped.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Sequence
from typing import NamedTuple

import numpy as np
import torch
from torch import Tensor

from othello_zoo.core import rules
from othello_zoo.core.fill import occluded_fill, ray_moves
from othello_zoo.core.notation import check_board_size
from othello_zoo.engine._state import State
from othello_zoo.engine.fused import pack, popcount, running_counts, square_of_rank
from othello_zoo.engine.kernels import kernel_for
from othello_zoo.engine.words import ByteTables, numpy_bridge, on_host, signed, unpack_bits
from othello_zoo.runtime.compiler import compiled_words
from othello_zoo.runtime.threads import uses_package_threads

__all__ = [
    "Directions",
    "RandomPlay",
    "Wide",
    "WideBoards",
    "WideStep",
    "directions",
    "flips",
    "from_state",
    "placements",
    "planes_to_words",
    "play_wide",
    "random_square",
    "to_state",
    "words_for",
    "words_to_planes",
]

_MASK64 = (1 << 64) - 1
_NUMPY = numpy_bridge()  # this torch can view CPU tensors as numpy arrays


def words_for(board_size: int) -> int:
    """``W``: the int64 words a side of an ``n x n`` board takes.

    >>> [words_for(n) for n in (8, 10, 12, 14, 16)]
    [1, 2, 3, 4, 4]
    """
    return -(-board_size * board_size // 64)


def _limbs(value: int, count: int) -> tuple[int, ...]:
    """A non-negative Python int as ``count`` int64-valued words, low word first."""
    return tuple(signed((value >> (64 * w)) & _MASK64) for w in range(count))


class Wide:
    """A set of squares of ``B`` boards as ``W`` int64 words (``limbs``: tensors ``(B,)``, or Python ints for
    constants), low squares first. ``&``, ``|`` and ``^`` take another :class:`Wide` (or a tuple of ``W`` ints);
    ``<<`` and ``>>`` move every square ``k`` bits up or down across the words (logical shifts; bits past the last
    word are dropped, so a caller masks with the board's squares as it would on one word)."""

    __slots__ = ("limbs",)

    def __init__(self, limbs: Sequence[Tensor | int]) -> None:
        self.limbs = tuple(limbs)

    @staticmethod
    def _other(other: object) -> tuple[Tensor | int, ...]:
        return other.limbs if isinstance(other, Wide) else tuple(other)  # type: ignore[arg-type]

    def __and__(self, other: object) -> Wide:
        return Wide([a & b for a, b in zip(self.limbs, self._other(other), strict=True)])

    def __or__(self, other: object) -> Wide:
        return Wide([a | b for a, b in zip(self.limbs, self._other(other), strict=True)])

    def __xor__(self, other: object) -> Wide:
        return Wide([a ^ b for a, b in zip(self.limbs, self._other(other), strict=True)])

    def __lshift__(self, k: int) -> Wide:
        whole, part = k // 64, k % 64
        out: list[Tensor | int] = []
        for w in range(len(self.limbs)):
            low = w - whole
            limb = self.limbs[low] << part if low >= 0 else 0
            if part and low >= 1:  # the top bits of the word below, moved into this one
                limb = limb | _logical_right(self.limbs[low - 1], 64 - part)
            out.append(limb)
        return Wide(out)

    def __rshift__(self, k: int) -> Wide:
        whole, part = k // 64, k % 64
        count = len(self.limbs)
        out: list[Tensor | int] = []
        for w in range(count):
            high = w + whole
            limb = _logical_right(self.limbs[high], part) if high < count else 0
            if part and high + 1 < count:  # the low bits of the word above
                limb = limb | (self.limbs[high + 1] << (64 - part))
            out.append(limb)
        return Wide(out)

    def any(self) -> Tensor:
        """bool ``(B,)``: the set is not empty."""
        found = self.limbs[0] != 0
        for limb in self.limbs[1:]:
            found = found | (limb != 0)
        return found  # type: ignore[return-value]

    def where(self, condition: Tensor, other: Wide | int) -> Wide:
        """This set where ``condition``, else ``other`` (a set, or 0)."""
        others = other.limbs if isinstance(other, Wide) else (other,) * len(self.limbs)
        return Wide([torch.where(condition, a, b) for a, b in zip(self.limbs, others, strict=True)])

    def count(self) -> Tensor:
        """int64 ``(B,)``: the squares in each set."""
        total = popcount(self.limbs[0])  # type: ignore[arg-type]
        for limb in self.limbs[1:]:
            total = total + popcount(limb)  # type: ignore[arg-type]
        return total

    def stacked(self) -> Tensor:
        """int64 ``(B, W)``."""
        return torch.stack(self.limbs, dim=1)  # type: ignore[arg-type]


def _logical_right(limb: Tensor | int, k: int) -> Tensor | int:
    if k == 0:
        return limb
    return (limb >> k) & ((1 << (64 - k)) - 1)


class Directions(NamedTuple):
    """The 8 directions of a board as the wide rules take them: per direction the shift amounts of 1, 2, 4 (and 8
    from 10 x 10 on) steps (one of each pair 0) and the masks of :func:`othello_zoo.core.rules.direction_tables`
    as words; the board's squares as words (``full``); ``n``, ``W``."""

    left: tuple[tuple[int, ...], ...]
    right: tuple[tuple[int, ...], ...]
    interior: tuple[tuple[int, ...], ...]
    target: tuple[tuple[int, ...], ...]
    full: tuple[int, ...]
    board_size: int
    words: int


@functools.cache
def directions(board_size: int) -> Directions:
    """The :class:`Directions` of the ``n x n`` board (any even size 4 to 16), worked out once a process, so that
    ``torch.compile`` finds them as constants."""
    n = check_board_size(board_size)
    count = words_for(n)
    rounds = max(1, (n - 2).bit_length())  # Kogge-Stone rounds: runs of up to n - 2 discs
    left, right, interior, target = rules.direction_tables(n)
    return Directions(
        tuple(tuple(a << k for k in range(rounds)) for a in left),
        tuple(tuple(a << k for k in range(rounds)) for a in right),
        tuple(_limbs(mask, count) for mask in interior),
        tuple(_limbs(mask, count) for mask in target),
        _limbs((1 << (n * n)) - 1, count),
        n,
        count,
    )


def placements(own: Wide, opp: Wide, table: Directions) -> Wide:
    """The legal placements of the side owning ``own`` (the 8 directions unrolled)."""
    moves: Wide | None = None
    for left, right, interior in zip(table.left, table.right, table.interior, strict=True):
        found = ray_moves(own, opp & interior, left, right)
        moves = found if moves is None else moves | found
    assert moves is not None
    return moves & ((own | opp) ^ table.full)


def flips(own: Wide, opp: Wide, placed: Wide, table: Directions) -> Wide:
    """The opponent discs that a disc of ``own`` on the single square ``placed`` (or none) flips."""
    flipped: Wide | None = None
    for left, right, interior, target in zip(table.left, table.right, table.interior, table.target, strict=True):
        pro = opp & interior
        run = occluded_fill(placed, pro, left, right)
        closed = (run << left[0] if left[0] else run >> right[0]) & (own & target)
        kept = (run & pro).where(closed.any(), 0)
        flipped = kept if flipped is None else flipped | kept
    assert flipped is not None
    return flipped


def random_square(moves: Wide, uniform: Tensor, select: Tensor, board_size: int) -> Tensor:
    """int64 ``(B,)``: the legal placement of rank ``min(floor(uniform * count), count - 1)``, ``n * n`` (the null
    action) where there is none: the conv kernel's ``random_moves`` from the same numbers."""
    runs = [running_counts(limb) for limb in moves.limbs]  # type: ignore[arg-type]
    counts = [run >> 56 for run in runs]
    total = counts[0]
    for count in counts[1:]:
        total = total + count
    rank = torch.minimum((uniform * total).to(torch.int64), total - 1).clamp(min=0)
    square = torch.full_like(rank, board_size * board_size)
    before = torch.zeros_like(rank)
    for w, (limb, run, count) in enumerate(zip(moves.limbs, runs, counts, strict=True)):
        inside = (rank >= before) & (rank < before + count)
        within = torch.minimum(rank - before, count - 1).clamp(min=0)  # a rank of this word where it is not
        square = torch.where(inside, 64 * w + square_of_rank(limb, run, within, select), square)  # type: ignore[arg-type]
        before = before + count
    return square


class WideStep(NamedTuple):
    """What :func:`play_wide` returns: the next position's words and flags, and what was played."""

    own: Wide  # the next mover's discs
    opp: Wide  # the other side's
    moves: Wide  # the next mover's placements (none on a finished board)
    current_player: Tensor  # int64 (B,)
    terminated: Tensor  # bool (B,)
    forfeited: Tensor  # bool (B,)
    illegal: Tensor  # bool (B,): the action was illegal on an unfinished board (the board is then frozen, forfeited)
    actions: Tensor  # int64 (B,): the actions played (drawn ones included)


def play_wide(
    table: Directions,
    own: Wide,
    opp: Wide,
    moves: Wide,
    current_player: Tensor,
    terminated: Tensor,
    forfeited: Tensor,
    actions: Tensor | None,
    uniform: Tensor | None = None,
    select_table: Tensor | None = None,
) -> WideStep:
    """One engine step of ``B`` boards on words (``engine.step(..., illegal_action="lose")``): the arguments of
    :func:`othello_zoo.engine.fused.play_words`, the sets as :class:`Wide` and ``table`` :func:`directions` of the
    board. ``actions`` ``None`` draws them from ``uniform`` with ``select_table``
    (:class:`~othello_zoo.engine.words.ByteTables`' ``byte_select_flat``)."""
    nn = table.board_size * table.board_size
    if actions is None:
        if uniform is None or select_table is None:
            raise ValueError("play_wide draws the actions from uniform and select_table where actions is None")
        actions = random_square(moves, uniform, select_table, table.board_size)
    clamped = actions.clamp(0, nn)
    square = clamped.clamp(max=nn - 1)
    on_board = clamped < nn
    one = torch.ones_like(clamped)
    placed = Wide([torch.where(on_board & ((square >> 6) == w), one << (square & 63), 0) for w in range(table.words)])
    legal = torch.where(clamped == nn, ~moves.any(), (moves & placed).any())
    illegal = ~(legal & (actions == clamped)) & ~terminated
    flipped = flips(own, opp, placed, table)
    next_own, next_opp = opp ^ flipped, own | placed | flipped
    next_moves = placements(next_own, next_opp, table)
    # The game is over when neither side has a move; the other side's moves matter only where the next mover has
    # none (a branch of the generated C++, as in play_words).
    no_moves = torch.where(~next_moves.any(), ~placements(next_opp, next_own, table).any(), False)
    frozen = terminated | illegal
    return WideStep(
        next_own.where(~frozen, own),
        next_opp.where(~frozen, opp),
        next_moves.where(~frozen, 0),
        torch.where(frozen, current_player, 1 - current_player),
        frozen | no_moves,
        forfeited | illegal,
        illegal,
        actions,
    )


class WideBoards(NamedTuple):
    """``B`` boards of ``board_size`` as words: ``own``, ``opp`` and ``moves`` int64 ``(B, W)`` (the mover's discs,
    the other side's, the mover's placements), and the engine's flags."""

    own: Tensor
    opp: Tensor
    moves: Tensor
    current_player: Tensor  # int64 (B,)
    terminated: Tensor  # bool (B,)
    forfeited: Tensor  # bool (B,)
    board_size: int

    @property
    def tensors(self) -> tuple[Tensor, ...]:
        """The six tensors, without the board size."""
        return (self.own, self.opp, self.moves, self.current_player, self.terminated, self.forfeited)


def _check_boards(boards: WideBoards, board_size: int, what: str) -> None:
    if not isinstance(boards, WideBoards):
        raise TypeError(f"{what} takes WideBoards (from_state), got {type(boards).__name__}")
    if boards.board_size != board_size or boards.own.shape[-1] != words_for(board_size):
        raise ValueError(
            f"{what} plays {board_size}x{board_size} boards ({words_for(board_size)} words a side), got "
            f"{boards.board_size}x{boards.board_size} boards of {boards.own.shape[-1]} words"
        )


def planes_to_words(planes: Tensor, count: int) -> Tensor:
    """int64 ``(..., W)``: the words of bool planes ``(..., n*n)``, ``count`` (``W``) words each (on the host
    numpy's ``packbits``)."""
    if planes.shape[-1] > 64 * count:
        raise ValueError(f"planes of {planes.shape[-1]} squares do not fit in {count} words ({64 * count} bits)")
    if on_host(planes.device) and sys.byteorder == "little" and planes.dtype == torch.bool and _NUMPY:
        packed = np.packbits(planes.contiguous().numpy(), axis=-1, bitorder="little")
        padded = np.zeros((*packed.shape[:-1], 8 * count), dtype=np.uint8)
        padded[..., : packed.shape[-1]] = packed
        return torch.from_numpy(padded).view(torch.int64)
    padded_planes = torch.nn.functional.pad(planes.to(torch.int64), (0, 64 * count - planes.shape[-1]))
    return pack(padded_planes.view(*planes.shape[:-1], count, 64))


def words_to_planes(words: Tensor, squares: int) -> Tensor:
    """bool ``(..., n*n)``: the planes of int64 words ``(..., W)`` (``squares``: ``n * n``)."""
    return unpack_bits(words)[..., :squares].contiguous()


def from_state(state: State) -> WideBoards:
    """The boards of an engine ``State`` (either kernel) as words."""
    count = words_for(state.board_size)
    if state.backend == "bitboard":  # one word a side already
        own, opp = state.discs[:, 0:1], state.discs[:, 1:2]
        moves = state.moves.unsqueeze(1)
    else:
        own, opp = planes_to_words(state.discs[:, 0], count), planes_to_words(state.discs[:, 1], count)
        moves = planes_to_words(state.moves, count)
    return WideBoards(own, opp, moves, state.current_player, state.terminated, state.forfeited, state.board_size)


def to_state(boards: WideBoards) -> State:
    """An engine ``State`` of the conv kernel (the kernel of boards past 8 x 8) holding ``boards``: the planes
    unpacked from the words, the kernel's rays found from them."""
    if not isinstance(boards, WideBoards):
        raise TypeError(f"to_state takes WideBoards (from_state), got {type(boards).__name__}")
    n = check_board_size(boards.board_size)
    _check_boards(boards, n, "to_state")
    nn = n * n
    kernel = kernel_for("conv", n, boards.own.device)
    planes = words_to_planes(torch.stack((boards.own, boards.opp), dim=1), nn)
    found, rays, _ = kernel.legal_moves(planes)
    moves = words_to_planes(boards.moves, nn)
    return State(
        discs=planes,
        moves=moves & found,
        rays=rays,
        current_player=boards.current_player,
        terminated=boards.terminated,
        forfeited=boards.forfeited,
        board_size=n,
        backend="conv",
    )


def _random_play(
    table: Directions,
    own: Tensor,
    opp: Tensor,
    moves: Tensor,
    current_player: Tensor,
    terminated: Tensor,
    forfeited: Tensor,
    uniform: Tensor,
    select_table: Tensor,
    start_own: Tensor,
    start_opp: Tensor,
    start_moves: Tensor,
    start_player: Tensor,
) -> tuple[Tensor, ...]:
    """A random move on every board, then the boards that ended started again from the start position (the
    bench's engine loop): the function :class:`RandomPlay` compiles."""
    played = play_wide(
        table,
        Wide(own.unbind(1)),
        Wide(opp.unbind(1)),
        Wide(moves.unbind(1)),
        current_player,
        terminated,
        forfeited,
        None,
        uniform,
        select_table,
    )
    ended = played.terminated
    fresh_own, fresh_opp = Wide(start_own.unbind(1)), Wide(start_opp.unbind(1))
    fresh_moves = Wide(start_moves.unbind(1))
    return (
        fresh_own.where(ended, played.own).stacked(),
        fresh_opp.where(ended, played.opp).stacked(),
        fresh_moves.where(ended, played.moves).stacked(),
        torch.where(ended, start_player, played.current_player),
        torch.zeros_like(ended),
        torch.zeros_like(ended),
        played.actions,
    )


class RandomPlay:
    """Random play on ``n x n`` boards as words, a finished game started again from the start position: the conv
    kernel's random-play loop (:func:`othello_zoo.engine.random_actions`, :func:`~othello_zoo.engine.step`, the
    finished boards replaced by fresh ones) as one function, compiled by ``torch.compile`` (``compile=True``: the
    first call compiles) or run op by op.

    >>> import torch
    >>> from othello_zoo import engine
    >>> play = RandomPlay(10, torch.device("cpu"), compile=False)
    >>> boards = from_state(engine.init(3, 10))
    >>> boards, actions = play(boards, torch.tensor([0.0, 0.5, 0.99]))
    >>> actions.tolist()
    [34, 56, 65]
    """

    def __init__(self, board_size: int, device: torch.device, compile: bool = True) -> None:
        self.table = directions(board_size)
        start = from_state(_start(board_size, device))
        self._start = (start.own, start.opp, start.moves, start.current_player)
        self._select = ByteTables(device).byte_select_flat
        table = self.table

        def step(*tensors: Tensor) -> tuple[Tensor, ...]:
            return _random_play(table, *tensors)

        function: Callable[..., tuple[Tensor, ...]] = step
        if compile:  # a code object of its own a board size (dynamo's cache is kept per code object)
            function = compiled_words(step, f"random_play_{board_size}x{board_size}", str(device))
        self._function = function
        self._compiled = compile
        self._traced = False

    @uses_package_threads
    def __call__(self, boards: WideBoards, uniform: Tensor) -> tuple[WideBoards, Tensor]:
        """``(next boards, actions played)``: one random move a board from ``uniform`` (float32 ``(B,)``), at the
        package's thread setting (``othello_zoo.runtime.threads``: one thread by default)."""
        _check_boards(boards, self.table.board_size, "this RandomPlay")
        tensors = boards.tensors
        if self._compiled and not self._traced and boards.own.shape[0] > 1:
            # The batch size alone dynamic: one compilation for every batch from 2 up. (Every dimension dynamic,
            # ``dynamic=True``, gave wrong boards from inductor's code for the words' dimension.)
            for tensor in (*tensors, uniform):
                torch._dynamo.mark_dynamic(tensor, 0)
            self._traced = True
        own, opp, moves, player, terminated, forfeited, actions = self._function(
            *tensors, uniform, self._select, *self._start
        )
        return WideBoards(own, opp, moves, player, terminated, forfeited, boards.board_size), actions


def _start(board_size: int, device: torch.device) -> State:
    from othello_zoo import engine  # the package's builders (engine imports engine.fused, which this module uses)

    return engine.init(1, board_size, device=device, backend="conv")
