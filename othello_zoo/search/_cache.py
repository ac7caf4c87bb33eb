"""Evaluations remembered: :class:`CachedEvaluator` answers a position it has evaluated before from memory.

A search tree keeps a node for each path to a position, and different orders of the same moves reach the same
position: over a game of the 8 x 8 AlphaZero agent against itself (1,152 simulations a move), about one position in
six that a move's search evaluated had been evaluated by the same search already, and about one in four by that
agent earlier in the game. Those answers are the network's own (the same planes: the evaluator sees nothing else),
so keeping them costs memory, not strength.
"""

from __future__ import annotations

import numpy as np
import torch
from torch import Tensor

from othello_zoo.core.checks import check_int
from othello_zoo.search._evaluate import Evaluator, traceable, well_shaped

__all__ = ["CACHE_POSITIONS", "MAX_CACHE_POSITIONS", "CachedEvaluator"]

CACHE_POSITIONS = 1 << 16
"""The positions a :class:`CachedEvaluator` keeps by default: about two games of the 8 x 8 agent's evaluations
(some 17 MiB of logits and values on 8 x 8)."""

MAX_CACHE_POSITIONS = 1 << 24
"""The most positions one :class:`CachedEvaluator` keeps."""


class CachedEvaluator:
    """``evaluator`` with its answers kept for the last ``capacity`` distinct positions it was asked about (first in,
    first out): a position asked again is answered from memory, and the wrapped evaluator sees only the rest of a
    batch (each position once, in the batch's order), or is not called at all.

    The answers are those ``evaluator`` gave the first time, bit for bit: an evaluator whose answer for a position does
    not depend on the rest of its batch gives a search the same result with or without the cache, in fewer calls.
    Positions are told apart by their planes (the evaluator's whole input about them; the legal mask follows from
    them). CPU batches only: a batch on another device goes to ``evaluator`` unremembered (reading it back to the host
    would cost more than a GPU's evaluation), and a compiled search traces the wrapped evaluator's traceable form
    (:func:`~othello_zoo.search.traceable`), the cache left out of its graph.

    Args:
        evaluator: ``(observation, mask) -> (logits, value)``.
        capacity: the positions kept, 1 to :data:`MAX_CACHE_POSITIONS`.

    Attributes:
        lookups: the positions asked about on the CPU since the cache was made (or :meth:`clear` ed).
        hits: those the wrapped evaluator was not asked about (kept from an earlier batch, or twice in one).

    >>> import torch
    >>> from othello_zoo import engine
    >>> from othello_zoo.search import rollout_evaluator
    >>> cached = CachedEvaluator(rollout_evaluator(8, generator=torch.Generator().manual_seed(0)), capacity=1024)
    >>> observation, mask = engine.mover_view(engine.init(2))  # the start, twice
    >>> first = cached(observation, mask)
    >>> again = cached(observation, mask)
    >>> cached.lookups, cached.hits, len(cached), bool((first[1] == again[1]).all())
    (4, 3, 1, True)
    """

    def __init__(self, evaluator: Evaluator, capacity: int = CACHE_POSITIONS) -> None:
        if not callable(evaluator):
            raise TypeError(f"evaluator must be callable as (observation, mask), got {type(evaluator).__name__}")
        self.evaluator = evaluator
        self.capacity = check_int("capacity", capacity, low=1, high=MAX_CACHE_POSITIONS)
        name = getattr(evaluator, "__qualname__", None) or type(evaluator).__name__
        self.__qualname__ = f"CachedEvaluator({name})"
        form = traceable(evaluator)
        if form is not None:
            self.traceable = form
        self.lookups = 0
        self.hits = 0
        self._slots: dict[bytes, int] = {}  # a position's planes, packed, to its row in the store
        self._keys: list[bytes | None] = []  # each row's position (None: not used yet)
        self._logits: Tensor | None = None  # (capacity, A), made at the first answer, in its dtype
        self._value: Tensor | None = None  # (capacity,)
        self._next = 0  # the row the next new position takes: the oldest's

    def __len__(self) -> int:
        """The positions kept now."""
        return len(self._slots)

    def clear(self) -> None:
        """Forgets every position (and the counts)."""
        self._slots.clear()
        self._keys = []
        self._logits = self._value = None
        self._next = self.lookups = self.hits = 0

    def __call__(self, observation: Tensor, mask: Tensor) -> tuple[Tensor, Tensor]:
        if observation.device.type != "cpu" or observation.dim() < 2 or observation.shape[0] == 0:
            return self.evaluator(observation, mask)
        batch = observation.shape[0]
        packed = np.packbits(observation.reshape(batch, -1).numpy(), axis=1)
        keys = [row.tobytes() for row in packed]
        slots = [self._slots.get(key, -1) for key in keys]
        new: dict[bytes, int] = {}  # each position not kept, to its place in the evaluator's batch
        asked = []  # and the batch's row it is first in
        for i, (key, slot) in enumerate(zip(keys, slots, strict=True)):
            if slot < 0 and key not in new:
                new[key] = len(new)
                asked.append(i)
        self.lookups += batch
        known = [i for i, slot in enumerate(slots) if slot >= 0]
        self.hits += batch - len(new)
        if known:  # read before the new positions' rows are written (they may take these)
            assert self._logits is not None  # a position is kept: the store is made
            assert self._value is not None
            rows = torch.tensor([slots[i] for i in known], dtype=torch.int64)
            kept_logits, kept_value = self._logits[rows], self._value[rows]
        if len(new) == batch:  # nothing known, nothing twice: the evaluator's own output, kept
            output = self.evaluator(observation, mask)
            if well_shaped(output, mask):
                self._keep(keys, *output)
            return output  # type: ignore[no-any-return]  # (a malformed one: the search names what is wrong)
        if new:
            index = torch.tensor(asked, dtype=torch.int64)
            fresh = self.evaluator(observation[index], mask[index])
            if not well_shaped(fresh, mask[index]):
                return fresh  # type: ignore[no-any-return]
            fresh_logits, fresh_value = fresh
            self._keep(list(new), fresh_logits, fresh_value)
        like_logits, like_value = (kept_logits, kept_value) if known else (fresh_logits, fresh_value)
        logits = torch.empty((batch, like_logits.shape[1]), dtype=like_logits.dtype)
        value = torch.empty(batch, dtype=like_value.dtype)
        if known:
            at = torch.tensor(known, dtype=torch.int64)
            logits[at], value[at] = kept_logits, kept_value
        if new:
            unknown = [i for i, slot in enumerate(slots) if slot < 0]
            at = torch.tensor(unknown, dtype=torch.int64)
            place = torch.tensor([new[keys[i]] for i in unknown], dtype=torch.int64)
            logits[at], value[at] = fresh_logits[place].to(logits.dtype), fresh_value[place].to(value.dtype)
        return logits, value

    def _keep(self, keys: list[bytes], logits: Tensor, value: Tensor) -> None:
        """Stores the answers for ``keys`` (distinct positions not kept yet, the rows of ``logits`` and ``value``),
        each in the oldest row."""
        if self._logits is None or self._logits.shape[1] != logits.shape[1] or self._logits.dtype != logits.dtype:
            self._logits = torch.empty((self.capacity, logits.shape[1]), dtype=logits.dtype)
            self._value = torch.empty(self.capacity, dtype=value.dtype)
            self._slots.clear()
            self._keys = [None] * self.capacity
            self._next = 0
        assert self._value is not None
        keys = keys[-self.capacity :]  # more new positions than rows: the last ones kept
        first = len(logits) - len(keys)
        rows = []
        for key in keys:
            row = self._next
            old = self._keys[row]
            if old is not None:
                del self._slots[old]
            self._keys[row] = key
            self._slots[key] = row
            rows.append(row)
            self._next = (row + 1) % self.capacity
        index = torch.tensor(rows, dtype=torch.int64)
        self._logits[index] = logits[first:].detach().to("cpu")
        self._value[index] = value[first:].detach().to("cpu", self._value.dtype)
