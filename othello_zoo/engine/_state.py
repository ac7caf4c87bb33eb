"""The :class:`State` of a batch of boards, the helpers that merge and slice batches, and the
choice of kernel; re-exported by :mod:`othello_zoo.engine`, where they are documented."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import torch
from torch import Tensor

from othello_zoo.core.checks import IllegalAction, IndexOutOfRangeError, integer_value, resolve_device
from othello_zoo.core.notation import check_board_size
from othello_zoo.engine.kernels import BACKENDS, Kernel, backend_for, kernel_for, resolve_backend
from othello_zoo.runtime.threads import uses_package_threads

__all__ = [
    "BACKENDS",
    "TENSOR_FIELDS",
    "Backend",
    "BoardSpec",
    "IllegalAction",
    "Kernel",
    "State",
    "cat",
    "clone",
    "kernel_for",
    "kernel_of",
    "put",
    "resolve_backend",
    "where",
    "with_rays",
]

Backend = str  # "auto" or a kernel's name in othello_zoo.engine.kernels.KERNELS ("bitboard", "conv", "conv2d")
Index = int | slice | Sequence[int] | Sequence[bool] | np.ndarray | Tensor


@dataclass(frozen=True, init=False)
class BoardSpec:
    """Which boards and where: the board size, the device and the kernel, checked and resolved on construction.

    The engine's builders check these three arguments themselves; a caller that builds states more than once (an
    env, at construction and at every reset) checks them once into a ``BoardSpec`` and passes it to
    :func:`~othello_zoo.engine.start`, which trusts it.

    >>> BoardSpec(6, "cpu:0", "auto")
    BoardSpec(board_size=6, device=device(type='cpu'), backend='bitboard')

    Raises:
        ValueError: a board size that is not even from 4 to 16, an unknown backend or one that does not play the
            size, a device torch cannot use.
    """

    board_size: int
    device: torch.device
    backend: str

    def __init__(self, board_size: int = 8, device: torch.device | str | None = None, backend: str = "auto") -> None:
        n = check_board_size(board_size)
        object.__setattr__(self, "board_size", n)
        object.__setattr__(self, "device", resolve_device("device", device))
        object.__setattr__(self, "backend", backend_for(backend, n))


@dataclass(frozen=True)
class State:
    """``B`` Othello boards on one device. Build with :func:`init` or :func:`from_text`.

    The disc layout belongs to the backend and is seen from the side to move; read boards with
    :func:`observe`, :func:`scores` or :func:`to_text` rather than from the fields.
    """

    discs: Tensor  # bitboard: int64 (B, 2) bit sets | conv: bool (B, 2, n*n) planes; [mover, opponent]
    moves: Tensor  # bitboard: int64 (B,) bit set | conv: bool (B, n*n); the mover's legal placements
    # conv: int64 (B, n*n) sandwich-kernel matches, one bit a slot, or (B, 0) where not found yet (the boards of a
    # compiled step, which plays on words: engine.step finds them) | bitboard: bool (B, 0)
    rays: Tensor
    current_player: Tensor  # int64 (B,) colour to move: 0 black, 1 white (an ended board keeps its last)
    terminated: Tensor  # bool (B,) the game is over
    forfeited: Tensor  # bool (B,) it ended by an illegal action of current_player
    board_size: int  # n: even, 4..16
    backend: str  # the resolved kernel: "bitboard", "conv" or "conv2d"

    @property
    def batch_size(self) -> int:
        """The number of boards ``B``."""
        return int(self.current_player.shape[0])

    @property
    def device(self) -> torch.device:
        """The device every tensor of the state lives on."""
        return self.current_player.device

    def __len__(self) -> int:
        return self.batch_size

    def __getitem__(self, index: Index) -> State:
        """A sub-batch: ``state[3]``, ``state[1:5]``, ``state[[0, 2]]`` or ``state[bool_mask]``.

        An integer index (Python, NumPy, or a 0-d integer array or tensor) keeps the batch
        dimension (a batch of one). A sequence or array of ints selects those boards, and one of
        bools (of length ``B``) the boards where it is True. Integer tensors are taken as they are
        (on a GPU their range is not checked, which would synchronise).

        Raises:
            IndexError: an index out of range (for ints and host sequences; also a ``ValueError``).
            TypeError: an index of another type (floats, strings, ...).
            ValueError: a bool mask whose length is not ``B``, or an index of more than one dimension.
        """
        number = integer_value(index)
        if number is not None:
            if not -self.batch_size <= number < self.batch_size:
                raise IndexOutOfRangeError(f"board {number} is out of range for a batch of {self.batch_size}")
            index = slice(number, number + 1 if number != -1 else None)
        elif isinstance(index, slice):
            pass
        elif isinstance(index, Tensor):
            index = self._check_index_tensor(index)
        elif isinstance(index, (Sequence, np.ndarray)) and not isinstance(index, (str, bytes)):
            index = self._check_index_tensor(self._host_index(index))
        else:
            raise TypeError(f"a State is indexed by an int, slice, sequence or tensor, got {index!r}")
        if isinstance(index, Tensor) and index.dtype == torch.int64:
            rows = torch.where(index < 0, index + self.batch_size, index)
            return self._map(lambda t: t.index_select(0, rows))  # faster than t[rows] on CPU
        return self._map(lambda t: t[index])

    def _host_index(self, index: Sequence[object] | np.ndarray) -> Tensor:
        """A sequence or array index as a CPU tensor (int64 or bool), its ints checked for range."""
        array = np.asarray(index)
        if array.size == 0:
            array = array.astype(np.int64)
        if array.dtype == np.bool_:
            return torch.from_numpy(array.copy())
        if not np.issubdtype(array.dtype, np.integer):
            raise TypeError(f"a State is indexed by ints or bools, got {index!r} ({array.dtype})")
        if array.ndim == 1 and ((array < -self.batch_size) | (array >= self.batch_size)).any():
            bad = [int(i) for i in array if not -self.batch_size <= i < self.batch_size]
            raise IndexOutOfRangeError(f"boards {bad} are out of range for a batch of {self.batch_size}")
        return torch.from_numpy(array.astype(np.int64))

    def _check_index_tensor(self, index: Tensor) -> Tensor:
        """A 1-D index tensor on the state's device: int64 indices or a bool mask of length ``B``."""
        if index.dim() != 1:
            raise ValueError(f"a State index tensor must have one dimension, got shape {tuple(index.shape)}")
        if index.dtype == torch.bool:
            if index.shape[0] != self.batch_size:
                raise ValueError(
                    f"a bool index must have length {self.batch_size} (one per board), got {index.shape[0]}"
                )
        elif index.dtype in (torch.int64, torch.int32, torch.int16, torch.int8, torch.uint8):
            index = index.to(torch.int64)
        else:
            raise TypeError(f"a State index tensor must be integer or bool, got {index.dtype}")
        return index.to(self.device)

    def _map(self, fn: Callable[[Tensor], Tensor]) -> State:
        return _rebuild(self, {name: fn(getattr(self, name)) for name in TENSOR_FIELDS})

    def to(self, device: torch.device | str) -> State:
        """The same boards on ``device``."""
        target = resolve_device("device", device)
        return self._map(lambda t: t.to(target))


TENSOR_FIELDS = ("discs", "moves", "rays", "current_player", "terminated", "forfeited")
"""A :class:`State`'s tensors, one row a board each: what a copy, a selection or a store of boards goes through."""


def _rebuild(template: State, tensors: Mapping[str, Tensor]) -> State:
    """A state with ``template``'s board size and backend and the given tensor fields."""
    return State(
        discs=tensors["discs"],
        moves=tensors["moves"],
        rays=tensors["rays"],
        current_player=tensors["current_player"],
        terminated=tensors["terminated"],
        forfeited=tensors["forfeited"],
        board_size=template.board_size,
        backend=template.backend,
    )


def kernel_of(state: State) -> Kernel:
    """The kernel that plays ``state``'s boards (built once per size, backend and device)."""
    return kernel_for(state.backend, state.board_size, state.device)


@uses_package_threads
def clone(state: State) -> State:
    """An independent copy (new tensors)."""
    return state._map(torch.clone)


@uses_package_threads
def where(mask: Tensor, a: State, b: State) -> State:
    """Per board, ``a`` where ``mask`` (bool ``(B,)``) is True, else ``b``."""
    if (a.board_size, a.backend) != (b.board_size, b.backend):
        raise ValueError("where() needs two states of the same board size and backend")
    if a.batch_size != b.batch_size:
        raise ValueError(f"where() needs two states of one batch size, got {a.batch_size} and {b.batch_size} boards")
    if not isinstance(mask, Tensor) or mask.dtype != torch.bool or tuple(mask.shape) != (a.batch_size,):
        shown = f"{mask.dtype} {tuple(mask.shape)}" if isinstance(mask, Tensor) else type(mask).__name__
        raise ValueError(f"where() takes a bool mask of shape ({a.batch_size},), one entry a board, got {shown}")
    a, b = _alike_rays((a, b))
    return _rebuild(a, {name: select(mask, getattr(a, name), getattr(b, name)) for name in TENSOR_FIELDS})


@uses_package_threads
def with_rays(state: State) -> State:
    """``state`` with the conv kernel's rays found where they are not yet (``(B, 0)``: the boards of a compiled
    step); ``state`` itself otherwise. For code that writes a state's fields into tensors of its own (a search
    tree), where the engine's functions find them by themselves."""
    if state.backend == "bitboard" or state.rays.shape[1] != 0:
        return state
    return dataclasses.replace(state, rays=kernel_of(state).legal_moves(state.discs)[1])


def _alike_rays(states: Sequence[State]) -> list[State]:
    """``states`` with the conv kernel's rays all found or none: where one state's are not found yet (``(B, 0)``),
    none of the others' are kept (``engine.step`` finds them where it needs them)."""
    if len({s.rays.shape[1] for s in states}) <= 1:
        return list(states)
    return [dataclasses.replace(s, rays=s.rays[:, :0]) for s in states]


def select(mask: Tensor, x: Tensor, y: Tensor) -> Tensor:
    """Per board (the first dimension), ``x`` where ``mask`` (bool ``(B,)``) is True, else ``y``.

    Bool tensors of whole words per board (the conv kernel's planes and moves) are selected as
    int64 words, 8 entries at a time.
    """
    if _as_words(x) and _as_words(y) and x.shape == y.shape:
        words = torch.where(mask.unsqueeze(1), _words(x), _words(y))
        return words.view(torch.bool).view(x.shape)
    return torch.where(mask.view(-1, *[1] * (x.dim() - 1)), x, y)


def _as_words(x: Tensor) -> bool:
    """Whether bool ``x`` can be viewed as int64 words per board: contiguous, aligned, whole words."""
    return bool(
        x.dtype == torch.bool
        and x.dim() > 1
        and x.shape[0] > 1
        and x.numel() > 0
        and x[0].numel() % 8 == 0
        and x.is_contiguous()
        and x.storage_offset() % 8 == 0
    )


def _words(x: Tensor) -> Tensor:
    return x.view(x.shape[0], -1).view(torch.int64)


@uses_package_threads
def put(state: State, index: Tensor, part: State) -> State:
    """``state`` with its boards ``index`` (int64 ``(K,)``, distinct) replaced by the ``K`` boards of ``part``; a new
    state (``state`` is not modified): one copy of each field and a write of ``K`` rows.

    >>> import torch
    >>> from othello_zoo import engine
    >>> boards = engine.put(engine.init(3), torch.tensor([1]), engine.from_text(["X" * 64 + " X"]))
    >>> boards.terminated.tolist()
    [False, True, False]
    """
    if (state.board_size, state.backend) != (part.board_size, part.backend):
        raise ValueError("put() needs two states of the same board size and backend")
    if not isinstance(index, Tensor) or index.dtype != torch.int64 or tuple(index.shape) != (part.batch_size,):
        shown = f"{index.dtype} {tuple(index.shape)}" if isinstance(index, Tensor) else type(index).__name__
        raise ValueError(f"put() takes int64 board indices of shape ({part.batch_size},), one a board, got {shown}")
    state, part = _alike_rays((state, part))
    fields = {}
    for name in TENSOR_FIELDS:
        tensor = getattr(state, name).clone()
        tensor[index] = getattr(part, name)
        fields[name] = tensor
    return _rebuild(state, fields)


@uses_package_threads
def cat(states: Sequence[State]) -> State:
    """The boards of several states (same board size and backend) as one batch."""
    if not states or not all(isinstance(s, State) for s in states):
        kinds = (
            ", ".join(type(s).__name__ for s in states) if isinstance(states, (list, tuple)) else type(states).__name__
        )
        raise ValueError(f"cat() takes a non-empty sequence of States, got [{kinds}]")
    first = states[0]
    if any((s.board_size, s.backend) != (first.board_size, first.backend) for s in states):
        raise ValueError("cat() needs states of the same board size and backend")
    alike = _alike_rays(states)
    return _rebuild(first, {name: torch.cat([getattr(s, name) for s in alike]) for name in TENSOR_FIELDS})
