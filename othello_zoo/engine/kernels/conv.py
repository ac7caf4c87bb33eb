"""The sandwich-kernel backend: legal placements by convolution, flips from the rays found.

For each of the 8 directions and each run length ``L`` in ``1..n-2`` there is one kernel over
the two planes (mover, opponent): weight 1 on the opponent plane ``1..L`` steps from the centre
and weight 1 on the mover plane ``L + 1`` steps from it. Its response at an empty square equals
the kernel's *magic number* ``L + 1`` exactly when placing there sandwiches ``L`` opponent discs
in that direction. There are ``8 * (n - 2)`` kernels (48 on the 8 x 8 board), and a placement is
legal when any of them matches at that square. The matches, kept as ``rays``, also say which
discs a placement flips: the union of the runs of the kernels matched at the chosen square.

Two evaluations of the same kernels give the same matches:

``"conv2d"``
    The seed formulation: ``torch.nn.functional.conv2d`` with 2 x n x n kernels and padding
    ``n - 1`` (a ``B x 48 x 15 x 15`` response for n = 8), each kernel's n x n window read out.
    It does ~1.4 M multiply-adds per board, almost all against zero weights.
``"matmul"`` (the default)
    The convolution unrolled into one matrix product over the flattened board: column
    ``(square, slot)`` of the weight matrix holds one kernel placed at that square. Kernels that
    would run off the board from a square can never match and are left out, and each square
    takes only the groups of 8 columns its kernels need (1,184 columns for n = 8, 15 to 19
    kernels a square, instead of 24 slots for every square). The two planes are folded into one signed
    plane ``mover - opponent`` and each kernel into ``mover weights - opponent weights``: every
    tap then adds at most 1, so the response reaches the magic number exactly when all taps
    match, as before. Negating the board swaps the sides, so the same product also gives the
    opponent's matches where the response is ``-magic``: one ``(B, n^2) @ (n^2, columns)``
    product serves both players (in int8, bfloat16 or float32: see
    :func:`~othello_zoo.engine.kernels._conv_tables.product_dtype`), about 36x fewer multiply-adds than the
    direct convolution of both sides. A tap of weight
    :data:`~othello_zoo.engine.kernels._conv_tables.CENTRE_TAP` on the kernel's own square keeps occupied squares
    from ever matching, so emptiness needs no test of its own. The tables are built in
    :mod:`othello_zoo.engine.kernels._conv_tables`.
"""

from __future__ import annotations

import functools
import sys
import threading

import numpy as np
import torch
import torch.nn.functional as F
from torch import Tensor

from othello_zoo.core import rules
from othello_zoo.engine.kernels._conv_tables import SlotLayout, as_words, matmul_tables, product_dtype, seed_tables
from othello_zoo.engine.kernels.base import colour_view_of, sample_from_mask
from othello_zoo.engine.words import on_host, unpack_bits

__all__ = ["CHUNK_ENTRIES", "GPU_CHUNK_FACTOR", "ConvKernel", "conv_kernel"]

# Responses per pass of the rules on a CPU (2,048 boards on 8 x 8, 209 on 16 x 16): the matrix form's
# temporaries stay a few MiB a pass (2,048 boards of 16 x 16 took 95 MiB and ran 3 times slower).
CHUNK_ENTRIES = 2048 * 1184
# On a GPU, passes this many times larger (65,536 boards on 8 x 8): each operation of a pass is a
# kernel launch, and a pass of 2,048 boards left an H100 launch-bound at about 6 M board-steps/s.
GPU_CHUNK_FACTOR = 32
# Times an int64 viewing 8 bytes that are each 0 or 1, it gathers them into its top byte (byte k at
# bit k; the bytes' places in the word depend on the host's byte order), with no carries.
_GATHER_BYTE = 0x0102040810204080 if sys.byteorder == "little" else 0x8040201008040201 - (1 << 64)


class ConvKernel:
    """Sandwich-kernel rules for any even board size from 4 to 16.

    ``discs`` is bool ``(B, 2, n*n)`` (mover, opponent); ``moves`` is bool ``(B, n*n)``; ``rays``
    is int64 ``(B, n*n)``, the kernel matches at each square as bits (bit ``j``: slot ``j``, whose
    kernel is ``slot_kernel[square, j]``).
    """

    def __init__(self, board_size: int, device: torch.device, evaluation: str = "matmul") -> None:
        if evaluation not in ("matmul", "conv2d"):
            raise ValueError(f"evaluation must be 'matmul' or 'conv2d', got {evaluation!r}")
        n = board_size
        nn = n * n
        self.name = "conv" if evaluation == "matmul" else "conv2d"
        self.board_size = n
        self.device = device
        self.evaluation = evaluation
        layout = SlotLayout(n)
        self.slots = layout.slots
        self.chunk = max(1, CHUNK_ENTRIES // layout.columns)  # boards a pass of the rules
        if device.type != "cpu":
            self.chunk *= GPU_CHUNK_FACTOR
        self.slot_kernel = layout.slot_kernel
        weight, magic, flip = matmul_tables(layout)
        self.dtype = product_dtype(device)
        self.weight = weight.to(device, self.dtype)
        self.magic = magic.to(device)
        self.magic_int8 = torch.stack((magic, -magic)).to(device, torch.int8)  # (2, columns)
        # Flip sets as bit words (``ceil(n*n / 64)`` int64 a set), for each (square, slot): the
        # sets matched at one square are disjoint (one run length per direction), so a sum of
        # them is their union. ``placed``: the bit of each action's square (none for the null action).
        self.flip = as_words(flip).to(device)
        eye = torch.eye(nn + 1, nn, dtype=torch.bool)
        eye[nn] = False
        self.placed = as_words(eye).to(device)
        self.slot_index = torch.arange(self.slots, dtype=torch.int64, device=device)
        # Byte b of the squares' rays: groups [start, start + len(squares)) of the matches.
        self.levels = [
            (start, torch.tensor(squares, dtype=torch.int64, device=device), len(squares) == nn)
            for start, squares in layout.levels
        ]
        seed_weight, seed_index = seed_tables(layout)
        self.seed_weight = seed_weight.to(device)
        self.seed_index = seed_index.to(device)
        self._work = threading.local()  # each thread's work buffers (see _buffers)

    def _buffers(self, rows: int) -> tuple[Tensor, Tensor, Tensor, Tensor] | None:
        """This thread's work buffers for a pass of ``rows`` boards (at most ``self.chunk``): the
        product, the int8 responses, their matches and the gathered words, allocated once for a full
        chunk and reused. A pass's temporaries are several MiB: allocated afresh each pass, the C
        library hands them back to the system and every step faults their pages in again (about
        1,000 page faults a step of 4,096 boards, and a third of the speed in a plain script). ``None``
        off the CPU: a GPU's caching allocator reuses freed blocks itself."""
        work = getattr(self._work, "buffers", None)
        if work is None and self.device.type != "cpu":  # the GPU's caching allocator reuses blocks itself
            return None
        if work is None or work[0].shape[0] < rows:  # none yet, or made before the chunk grew
            columns, device = self.weight.shape[1], self.device
            product = torch.int32 if self.dtype == torch.int8 else self.dtype
            work = (
                torch.empty((max(rows, self.chunk), columns), dtype=product, device=device),
                torch.empty((max(rows, self.chunk), columns), dtype=torch.int8, device=device),
                torch.empty((max(rows, self.chunk), columns), dtype=torch.bool, device=device),
                torch.empty((max(rows, self.chunk), columns // 8), dtype=torch.int64, device=device),
            )
            self._work.buffers = work
        return work[0][:rows], work[1][:rows], work[2][:rows], work[3][:rows]

    @property
    def host_path(self) -> bool:
        """Whether this kernel takes the host path now: on CPU, unless
        :func:`othello_zoo.engine.numpy_path` turns it off (see :meth:`_opponent_moves`)."""
        return on_host(self.device)

    # -- conversions ---------------------------------------------------------------------------
    def encode(self, planes: Tensor) -> Tensor:
        """bool ``(B, 2, n*n)`` planes (mover, opponent) -> discs (the same planes)."""
        return planes.clone()

    def decode(self, discs: Tensor) -> Tensor:
        """discs -> bool ``(B, 2, n*n)`` planes."""
        return discs

    def encode_bits(self, own: list[int], opp: list[int], moves: list[int]) -> tuple[Tensor, Tensor, Tensor]:
        """``(discs, moves, rays)`` from bit sets: the planes unpacked, the rays found by the kernels (the moves
        as given: 0 on a finished board)."""
        nn, width = self.board_size**2, (self.board_size**2 + 7) // 8
        raw = b"".join(a.to_bytes(width, "little") + b.to_bytes(width, "little") for a, b in zip(own, opp, strict=True))
        bits = np.unpackbits(np.frombuffer(raw, dtype=np.uint8).reshape(len(own), 2, width), axis=2, bitorder="little")
        planes = torch.from_numpy(bits[:, :, :nn].astype(bool)).to(self.device)
        found, rays, _ = self.legal_moves(planes)
        given = b"".join(m.to_bytes(width, "little") for m in moves)
        mask = np.unpackbits(np.frombuffer(given, dtype=np.uint8).reshape(len(own), width), axis=1, bitorder="little")
        placements = torch.from_numpy(mask[:, :nn].astype(bool)).to(self.device)
        return planes, placements & found, rays

    def mover_view(self, discs: Tensor, moves: Tensor) -> tuple[Tensor, Tensor]:
        """``(planes int8 (B, 2, n*n), placements bool (B, n*n))``: the state's own tensors."""
        return discs.to(torch.int8), moves

    def colour_view(self, discs: Tensor, moves: Tensor, black_to_move: Tensor) -> tuple[Tensor, Tensor, Tensor]:
        """``(planes int8 (B, 3, n*n), masks bool (B, 2, n*n+1), counts int64 (B, 2))`` (see
        :func:`colour_view_of`)."""
        return colour_view_of(discs, moves, self.has_moves(moves), black_to_move)

    def mover_counts(self, discs: Tensor) -> Tensor:
        """int64 ``(B, 2)`` disc counts (mover, opponent)."""
        return discs.sum(-1)

    def difference(self, discs: Tensor) -> Tensor:
        """float32 ``(B,)``: the mover's discs minus the opponent's."""
        counts = self.mover_counts(discs)
        return (counts[:, 0] - counts[:, 1]).to(torch.float32)

    # -- rules ---------------------------------------------------------------------------------
    def seed_matches(self, planes: Tensor) -> tuple[Tensor, Tensor]:
        """The seed form (``conv2d``): ``(mover, opponent)``, bool ``(B, columns)`` each (the
        matmul form's columns), whether each kernel slot matches at its square for either side of
        bool planes ``(B, 2, n*n)``. (The matmul form reads its matches straight off
        :meth:`response` in :meth:`legal_moves`.)"""
        batch, n = planes.shape[0], self.board_size
        both = torch.stack((planes, planes.flip(1)), dim=1).view(2 * batch, 2, n, n)
        full = F.conv2d(both.to(self.seed_weight.dtype), self.seed_weight, padding=n - 1)
        hits = (full.flatten(1)[:, self.seed_index] == self.magic).view(batch, 2, -1)
        return hits[:, 0], hits[:, 1]

    def legal_moves(self, discs: Tensor) -> tuple[Tensor, Tensor, Tensor]:
        """``(moves, rays, game_over)`` of boards whose mover owns ``discs[:, 0]``.

        ``rays`` holds the mover's matches packed as bits: int64 ``(B, n*n)``, bit ``j`` of square
        ``s`` set when slot ``j`` of ``s`` matches (at most 56 slots, on 16 x 16). A square is a
        legal placement when its word is not 0 (and it is empty). Large batches go through in
        chunks of ``self.chunk`` boards (see :data:`CHUNK_ENTRIES`).
        """
        batch, nn = discs.shape[0], self.board_size**2
        rays = torch.empty((batch, nn), dtype=torch.int64, device=discs.device)
        moves, over = [], []
        for start in range(0, batch, self.chunk):
            part, out = discs[start : start + self.chunk], rays[start : start + self.chunk]
            if self.evaluation == "matmul":
                # The centre tap keeps occupied squares from matching (see matmul_tables), so the
                # matches alone say where each side can play.
                work = self._buffers(part.shape[0])
                if work is None:
                    response = self.response(part)
                    legal = self.pack(response == self.magic_int8[0], out) != 0
                else:
                    product, response, hits, gathered = work
                    response = self.response(part, product, response)
                    legal = self.pack(torch.eq(response, self.magic_int8[0], out=hits), out, gathered) != 0
                has = _any_set(legal)
                theirs = self._opponent_moves(response, has)
            else:
                mine, opponent = self.seed_matches(part)
                empty = ~(part[:, 0] | part[:, 1])
                legal = (self.pack(mine, out) != 0) & empty
                theirs = _any_set((self.pack(opponent, torch.empty_like(out)) != 0) & empty)
                has = _any_set(legal)
            moves.append(legal)
            over.append(rules.game_over(has, theirs))
        if len(moves) == 1:
            return moves[0], rays, over[0]
        return torch.cat(moves), rays, torch.cat(over)

    def _opponent_moves(self, response: Tensor, has_moves: Tensor) -> Tensor:
        """bool ``(B,)``: the opponent has a placement, from the responses (where the response is
        ``-magic``). It matters only where the mover has none (``has_moves`` false: a pass, or the
        end): on the host, where picking those boards out costs no synchronisation, only they are
        compared (about 1 board in 50 in random play); elsewhere every board, with no
        data-dependent shape."""
        if not self.host_path:
            return (response == self.magic_int8[1]).view(torch.int64).amax(1) != 0
        theirs = torch.zeros(response.shape[0], dtype=torch.bool, device=response.device)
        idle = (~has_moves).nonzero().squeeze(1)
        if idle.numel():
            theirs[idle] = (response[idle] == self.magic_int8[1]).view(torch.int64).amax(1) != 0
        return theirs

    def response(self, planes: Tensor, product: Tensor | None = None, out: Tensor | None = None) -> Tensor:
        """int8 ``(B, columns)``: every kernel's response at every square (the matmul form), written
        into ``out`` with ``product`` (the product's own type) as the work space where given."""
        # The signed plane in int8 (the bools' own bytes); responses compared as int8, which
        # vectorises best (comparing the product's own bits or int32 values is slower).
        signed = planes[:, 0].view(torch.int8) - planes[:, 1].view(torch.int8)
        if product is None or out is None:
            if self.dtype == torch.int8:
                return torch._int_mm(signed, self.weight).to(torch.int8)
            return (signed.to(self.dtype) @ self.weight).to(torch.int8)
        if self.dtype == torch.int8:
            torch._int_mm(signed, self.weight, out=product)
        else:
            torch.matmul(signed.to(self.dtype), self.weight, out=product)
        return out.copy_(product)

    def pack(self, hits: Tensor, out: Tensor, gathered: Tensor | None = None) -> Tensor:
        """bool ``(B, columns)`` matches -> int64 ``(B, n*n)`` bits, written into ``out``: each group
        of 8 slots (8 bytes of 0 or 1) is gathered into one byte by a multiply, and the groups of
        each level are shifted into that byte of their squares' words (``gathered``: work space of
        int64 ``(B, columns / 8)``, where given)."""
        words = hits.view(torch.int64)
        product = torch.mul(words, _GATHER_BYTE, out=gathered) if gathered is not None else words.mul(_GATHER_BYTE)
        gathered = product.bitwise_right_shift_(56).bitwise_and_(0xFF)
        for byte, (start, squares, every) in enumerate(self.levels):
            group = gathered[:, start : start + squares.shape[0]]  # shifted in place: read once
            if byte == 0:  # every square has a kernel: level 0 holds them all
                out.copy_(group)
            elif every:
                out |= group.bitwise_left_shift_(8 * byte)
            else:  # the bits are disjoint: a sum is their union
                out.index_add_(1, squares, group.bitwise_left_shift_(8 * byte))
        return out

    def play(self, discs: Tensor, rays: Tensor, actions: Tensor) -> Tensor:
        """Discs after the mover plays ``actions`` (``n*n`` passes), seen from the next mover. ``rays`` of shape
        ``(B, 0)`` are not found yet (a compiled step's boards: see :class:`~othello_zoo.engine.State`): they are
        found here from the discs."""
        nn = self.board_size**2
        if rays.shape[1] == 0:
            rays = self.legal_moves(discs)[1]
        found = rays.gather(1, actions.clamp(max=nn - 1).unsqueeze(1))  # (B, 1): the chosen square's matches
        matched = torch.bitwise_right_shift(found, self.slot_index).bitwise_and_(1)  # (B, slots) of 0 and 1
        flipped = self.flip.index_select(0, actions).mul_(matched.unsqueeze(-1)).sum(1)  # (B, words)
        # One unpacking gives the flipped discs and, with the placed disc, the mover's gains.
        bits = unpack_bits(torch.cat((flipped, flipped | self.placed.index_select(0, actions)), dim=1))
        words = flipped.shape[1]
        own, opp = discs[:, 0], discs[:, 1]
        lost, gained = bits[:, : 64 * words][:, :nn], bits[:, 64 * words :][:, :nn]
        return torch.stack((opp & ~lost, own | gained), dim=1)

    def legal_mask(self, moves: Tensor) -> Tensor:
        """bool ``(B, n*n)`` legal placements."""
        return moves

    def has_moves(self, moves: Tensor) -> Tensor:
        """bool ``(B,)``: the mover has a legal placement."""
        return _any_set(moves)

    def random_moves(self, moves: Tensor, uniform: Tensor) -> Tensor:
        """int64 ``(B,)``: the legal placement of rank ``floor(uniform * count)``, or the null action."""
        return sample_from_mask(torch.cat((moves, ~_any_set(moves).unsqueeze(1)), dim=1), uniform)[0]

    def placement_legal(self, moves: Tensor, actions: Tensor) -> Tensor:
        """bool ``(B,)``: ``actions`` (in ``0..n*n``) is a legal placement."""
        padded = torch.cat((moves, moves.new_zeros(moves.shape[0], 1)), dim=1)
        return padded.gather(1, actions.unsqueeze(1)).squeeze(1)


def _any_set(x: Tensor) -> Tensor:
    """bool ``(B,)``: some entry of each row of bool ``x (B, m)`` is set. Rows of whole words are
    ORed as int64 words, 8 entries at a time (torch's ``any(1)`` reads one byte at a time)."""
    m = x.shape[1]
    if m % 8 or not x.is_contiguous() or x.storage_offset() % 8:
        return x.any(1)
    words = x.view(torch.int64)
    found = words[:, 0]
    for i in range(1, m // 8):
        found = found | words[:, i]
    return found != 0


@functools.cache
def conv_kernel(board_size: int, device: torch.device, evaluation: str = "matmul") -> ConvKernel:
    """The kernel for ``board_size`` on ``device``, built once."""
    return ConvKernel(board_size, device, evaluation)
