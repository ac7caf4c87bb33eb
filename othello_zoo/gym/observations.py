"""What the single-agent envs hand out as the learner's observation: the int8 planes ``(2, n, n)`` (the learner's
discs, then the opponent's), or the same values as float32 (``observation_dtype="float32"``) and/or flat
(``flatten_observation=True``: ``(2*n*n,)``, plane 0 first, row by row), for frameworks whose stock models want
them so (RLlib's encoders take float Boxes, CleanRL's MLP a flat vector).

>>> fmt = ObservationFormat.checked("float32", True)
>>> fmt.space(8)
Box(0.0, 1.0, (128,), float32)
>>> planes = np.zeros((2, 4, 4), dtype=np.int8)
>>> planes[0, 1, 2] = 1
>>> fmt.array(planes).nonzero()[0].tolist(), fmt.array(planes).dtype
([6], dtype('float32'))
>>> ObservationFormat.checked("float64", False)
Traceback (most recent call last):
...
ValueError: observation_dtype must be 'int8' or 'float32' (a name, a NumPy or a torch dtype), got 'float64'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import gymnasium
import numpy as np
import torch
from torch import Tensor

__all__ = ["OBSERVATION_DTYPES", "ObservationDtype", "ObservationFormat"]

ObservationDtype = Literal["int8", "float32"]
OBSERVATION_DTYPES: tuple[ObservationDtype, ...] = ("int8", "float32")
"""The dtypes of the learner's observation: the planes as they are, or as floats (0.0 and 1.0)."""


@dataclass(frozen=True)
class ObservationFormat:
    """The learner's observation: its dtype and whether it is flat (see the module docstring)."""

    dtype: ObservationDtype = "int8"
    flatten: bool = False

    @classmethod
    def checked(cls, dtype: object, flatten: object) -> ObservationFormat:
        """The format of the constructor arguments ``observation_dtype`` and ``flatten_observation``.

        ``dtype`` is a name of :data:`OBSERVATION_DTYPES`, or the NumPy or torch dtype of that name.

        Raises:
            ValueError: another dtype, named with the allowed ones.
            TypeError: ``flatten`` is not a bool.
        """
        name = _dtype_name(dtype)
        if name not in OBSERVATION_DTYPES:
            allowed = " or ".join(repr(d) for d in OBSERVATION_DTYPES)
            raise ValueError(f"observation_dtype must be {allowed} (a name, a NumPy or a torch dtype), got {dtype!r}")
        if not isinstance(flatten, (bool, np.bool_)):
            raise TypeError(f"flatten_observation must be True or False, got {flatten!r} ({type(flatten).__name__})")
        return cls(name, bool(flatten))

    def shape(self, board_size: int) -> tuple[int, ...]:
        """One observation's shape: ``(2, n, n)``, or ``(2*n*n,)`` flat."""
        n = board_size
        return (2 * n * n,) if self.flatten else (2, n, n)

    def space(self, board_size: int) -> gymnasium.spaces.Box:
        """One observation's space: a Box of 0 and 1 of this dtype and shape."""
        dtype = np.float32 if self.dtype == "float32" else np.int8
        return gymnasium.spaces.Box(0, 1, self.shape(board_size), dtype=dtype)

    def array(self, planes: np.ndarray) -> np.ndarray:
        """One board's int8 planes ``(2, n, n)`` in this format (the planes themselves for the default)."""
        out = planes.astype(np.float32) if self.dtype == "float32" else planes
        return out.reshape(-1) if self.flatten else out

    def tensor(self, planes: Tensor) -> Tensor:
        """A batch's int8 planes ``(N, 2, n, n)`` in this format (the tensor itself for the default)."""
        out = planes.to(torch.float32) if self.dtype == "float32" else planes
        return out.reshape(out.shape[0], -1) if self.flatten else out


def _dtype_name(value: object) -> str | None:
    """The name of a dtype given as a string, a NumPy dtype or scalar type, or a torch dtype (``None``: none)."""
    if isinstance(value, str):
        return value
    if isinstance(value, np.dtype) or (isinstance(value, type) and issubclass(value, np.generic)):
        return str(np.dtype(value).name)
    if isinstance(value, torch.dtype):
        return str(value).removeprefix("torch.")
    return None
