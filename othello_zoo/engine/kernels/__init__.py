"""The engine's kernels, by name: the rules of a whole batch in one data layout each.

Each kernel speaks the protocol of :mod:`~othello_zoo.engine.kernels.base`. The registry below is the one
list of them: the engine (``init(..., backend=name)``), the environments, the bench and the docs read it.

==========  =================  ============================================================
name        board sizes        layout
==========  =================  ============================================================
bitboard    4 to 8             one int64 word a side (:mod:`~othello_zoo.engine.kernels.bitboard`)
conv        4 to 16            sandwich kernels as one matrix product (:mod:`~othello_zoo.engine.kernels.conv`)
conv2d      4 to 16            the same kernels through ``torch.nn.functional.conv2d`` (the seed form)
==========  =================  ============================================================

``backend="auto"`` takes the first kernel of :data:`AUTO_ORDER` that plays the board size.

Adding a kernel: write a module here with a class that satisfies :class:`~othello_zoo.engine.kernels.base.Kernel`
and a cached factory ``(board_size, device) -> kernel``, then add one :class:`KernelSpec` to :data:`KERNELS`
(and to :data:`AUTO_ORDER` if ``"auto"`` should prefer it). Nothing outside this folder changes: the engine's
functions, the envs, the lockstep tests (``tests/test_engine.py`` runs every registered kernel against the
reference rules) and ``othello-zoo bench --backends`` take it from here.

>>> sorted(KERNELS)
['bitboard', 'conv', 'conv2d']
>>> resolve_backend("auto", 8), resolve_backend("auto", 10)
('bitboard', 'conv')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import torch

from othello_zoo.core.notation import MAX_BOARD_SIZE, MIN_BOARD_SIZE, check_board_size
from othello_zoo.engine.kernels.base import Kernel
from othello_zoo.engine.kernels.bitboard import MAX_BOARD_SIZE as MAX_BITBOARD_SIZE
from othello_zoo.engine.kernels.bitboard import bitboard_kernel, check_bitboard_size
from othello_zoo.engine.kernels.conv import conv_kernel

__all__ = ["AUTO_ORDER", "BACKENDS", "KERNELS", "Kernel", "KernelSpec", "backend_for", "kernel_for", "resolve_backend"]


@dataclass(frozen=True)
class KernelSpec:
    """A kernel of the registry."""

    name: str  # the ``backend`` value that selects it, and ``State.backend`` of its states
    factory: Callable[[int, torch.device], Kernel]  # (board_size, device) -> the kernel, built once (cached)
    max_board_size: int  # the largest even n it plays (every kernel plays from MIN_BOARD_SIZE)
    summary: str  # one line for help texts and the docs
    timed_threads: bool = False  # its CPU step is exact work that may use more threads where timed to pay

    def check_size(self, n: int) -> None:
        """A ``ValueError`` naming the sizes and the way out where the kernel does not play ``n`` (checked even)."""
        if n > self.max_board_size:
            if self.name == "bitboard":
                check_bitboard_size(n)  # its own message: one int64 word holds up to 8 x 8
            raise ValueError(
                f"the {self.name} backend plays boards up to {self.max_board_size}x{self.max_board_size}, "
                f"got board_size={n}; use backend='auto' for larger boards"
            )


def _conv_spec(name: str, evaluation: str, summary: str) -> KernelSpec:
    """The conv kernel with its kernel matches ``evaluation``: ``"matmul"`` or ``"conv2d"``."""
    return KernelSpec(
        name, lambda n, device: conv_kernel(n, device, evaluation), MAX_BOARD_SIZE, summary, timed_threads=True
    )


KERNELS: dict[str, KernelSpec] = {
    spec.name: spec
    for spec in (
        KernelSpec("bitboard", bitboard_kernel, MAX_BITBOARD_SIZE, "int64 bitboards, one word a side (the speed path)"),
        _conv_spec("conv", "matmul", "sandwich kernels evaluated as one matrix product (every size)"),
        _conv_spec("conv2d", "conv2d", "the same kernels through torch's conv2d (the seed form, a reference)"),
    )
}
"""The kernels by name."""

AUTO_ORDER: tuple[str, ...] = ("bitboard", "conv")
"""The kernels ``backend="auto"`` tries, fastest first; it takes the first that plays the board size."""

BACKENDS: tuple[str, ...] = ("auto", *KERNELS)
"""Every value ``backend`` takes."""

assert min(spec.max_board_size for spec in KERNELS.values()) >= MIN_BOARD_SIZE


def resolve_backend(backend: str, board_size: int) -> str:
    """The kernel name ``backend`` stands for on a board of ``board_size`` (``"auto"`` resolved).

    Raises:
        ValueError: for an unknown backend, or a kernel that does not play ``board_size`` (``"bitboard"``
            above 8 x 8).
    """
    return backend_for(backend, check_board_size(board_size))


def backend_for(backend: object, n: int) -> str:
    """:func:`resolve_backend` for a board size ``n`` checked already (by
    :func:`~othello_zoo.core.notation.check_board_size`)."""
    if backend == "auto":
        return next(name for name in AUTO_ORDER if KERNELS[name].max_board_size >= n)
    if not isinstance(backend, str) or backend not in KERNELS:
        raise ValueError(f"backend must be one of {', '.join(map(repr, BACKENDS))}, got {backend!r}")
    KERNELS[backend].check_size(n)
    return backend


def kernel_for(backend: str, board_size: int, device: torch.device) -> Kernel:
    """The kernel of a resolved ``backend`` for ``board_size`` on ``device`` (built once)."""
    return KERNELS[backend].factory(board_size, device)
