"""Argument checks shared by every public boundary: each error is a ``TypeError`` or ``ValueError``
that names the argument, the value and what is allowed, raised before anything changes.

Integers are accepted as Python ints, NumPy integers and 0-d integer arrays or tensors; ``bool``,
floats (NaN included) and strings are refused where an integer is meant.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any, Literal, cast

import numpy as np
import torch

__all__ = [
    "ILLEGAL_ACTIONS",
    "REWARD_MODES",
    "IllegalAction",
    "IndexOutOfRangeError",
    "RewardMode",
    "check_choice",
    "check_device",
    "check_generator",
    "check_illegal_action",
    "check_int",
    "check_options",
    "check_real",
    "check_reward_mode",
    "check_seed",
    "generator_device",
    "integer_value",
    "resolve_device",
]


IllegalAction = Literal["raise", "lose"]  # what an illegal action does: raise, or lose the game
RewardMode = Literal["outcome", "margin"]  # final rewards: +1/-1/0, or the disc difference over n * n
ILLEGAL_ACTIONS: tuple[IllegalAction, ...] = ("raise", "lose")
REWARD_MODES: tuple[RewardMode, ...] = ("outcome", "margin")


class IndexOutOfRangeError(IndexError, ValueError):
    """An index out of range: an ``IndexError`` as Python's own, and a ``ValueError`` as every bad value here."""


def integer_value(value: object) -> int | None:
    """``value`` as an ``int`` if it is an integer (not a bool) in any of the accepted forms, else ``None``."""
    if type(value) is int:  # the common case, first (a bool's type is bool)
        return value
    if isinstance(value, (bool, np.bool_)):
        return None
    if isinstance(value, (int, np.integer)):
        return int(value)
    if isinstance(value, np.ndarray) and value.shape == () and np.issubdtype(value.dtype, np.integer):
        return int(value)
    if isinstance(value, torch.Tensor) and value.dim() == 0 and value.dtype != torch.bool:
        return None if value.is_floating_point() or value.is_complex() else int(value.item())
    return None


def check_int(name: str, value: object, low: int | None = None, high: int | None = None) -> int:
    """``value`` as an ``int`` within ``[low, high]`` (either bound optional).

    >>> check_int("depth", np.int64(3), low=1)
    3
    >>> check_int("depth", 1.5, low=1)
    Traceback (most recent call last):
    ...
    TypeError: depth must be an int >= 1, got 1.5 (float)
    """
    allowed = _range_text(low, high)
    number = integer_value(value)
    if number is None:
        raise TypeError(f"{name} must be an int{allowed}, got {value!r} ({type(value).__name__})")
    if (low is not None and number < low) or (high is not None and number > high):
        raise ValueError(f"{name} must be an int{allowed}, got {number}")
    return number


def check_real(
    name: str, value: object, low: float | None = None, high: float | None = None, *, open_low: bool = False
) -> float:
    """``value`` as a finite ``float`` within ``[low, high]`` (``open_low``: strictly above ``low``).

    >>> check_real("seconds", float("nan"), low=0, open_low=True)
    Traceback (most recent call last):
    ...
    ValueError: seconds must be a finite number > 0, got nan
    """
    if low is not None and open_low:
        allowed = f" > {low:g}" + (f" and <= {high:g}" if high is not None else "")
    else:
        allowed = _range_text(low, high)
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise TypeError(f"{name} must be a number{allowed}, got {value!r} ({type(value).__name__})")
    number = float(value)
    too_low = low is not None and (number <= low if open_low else number < low)
    if not math.isfinite(number) or too_low or (high is not None and number > high):
        raise ValueError(f"{name} must be a finite number{allowed}, got {number!r}")
    return number


def check_choice(name: str, value: object, choices: Sequence[str]) -> str:
    """``value`` if it is one of the strings ``choices``."""
    if not isinstance(value, str) or value not in choices:
        quoted = [repr(c) for c in choices]
        allowed = " or ".join(quoted) if len(quoted) == 2 else "one of " + ", ".join(quoted)
        raise ValueError(f"{name} must be {allowed}, got {value!r}")
    return value


def check_illegal_action(value: object) -> IllegalAction:
    """``value`` if it is an :data:`IllegalAction` (``"raise"`` or ``"lose"``)."""
    return cast(IllegalAction, check_choice("illegal_action", value, ILLEGAL_ACTIONS))


def check_reward_mode(value: object) -> RewardMode:
    """``value`` if it is a :data:`RewardMode` (``"outcome"`` or ``"margin"``)."""
    return cast(RewardMode, check_choice("reward_mode", value, REWARD_MODES))


def check_seed(name: str, value: object) -> int | None:
    """``None`` or an int seed from 0 to 2**64 - 1 (what torch's and numpy's generators take)."""
    if value is None:
        return None
    return check_int(name, value, low=0, high=2**64 - 1)


def check_device(name: str, value: object) -> torch.device | None:
    """``None`` or the normalised torch device of ``value`` (a ``str`` or ``torch.device``): the device
    torch puts tensors on, so that comparing a tensor's ``.device`` with it is exact (``"cuda"`` ->
    ``cuda:0``, the current CUDA device; ``"cpu:0"`` -> ``cpu``). A device torch cannot allocate on here,
    and ``meta`` (which holds no data), are refused by name.

    >>> check_device("device", "cpu:0")
    device(type='cpu')
    >>> check_device("device", "gpu")
    Traceback (most recent call last):
    ...
    ValueError: device must be a torch device such as 'cpu' or 'cuda:0', got 'gpu'
    >>> check_device("device", "meta")
    Traceback (most recent call last):
    ...
    ValueError: device is 'meta', which holds no data: use 'cpu' or a GPU such as 'cuda'
    """
    if value is None:
        return None
    if not isinstance(value, (str, torch.device)):
        raise TypeError(f"{name} must be None, a str or a torch.device, got {value!r} ({type(value).__name__})")
    try:
        device = torch.device(value)
    except RuntimeError:
        raise ValueError(f"{name} must be a torch device such as 'cpu' or 'cuda:0', got {value!r}") from None
    if device.type == "meta":
        raise ValueError(f"{name} is {value!r}, which holds no data: use 'cpu' or a GPU such as 'cuda'")
    if device.type == "cuda":
        count = torch.cuda.device_count() if torch.cuda.is_available() else 0
        if count == 0:
            raise ValueError(f"{name} is {value!r}, but torch sees no CUDA device on this machine")
        if device.index is not None and device.index >= count:
            raise ValueError(f"{name} is {value!r}, but torch sees {count} CUDA device(s): cuda:0..cuda:{count - 1}")
    elif device.type not in ("cpu", "mps", "xpu"):
        raise ValueError(f"{name} must be a cpu, cuda, mps or xpu device, got {value!r}")
    return _normalised(device, name, value)


def _normalised(device: torch.device, name: str, value: object) -> torch.device:
    """The device a tensor allocated on ``device`` reports (one empty allocation: also proves it works)."""
    if device.type == "cpu":
        return torch.device("cpu")
    try:
        return torch.empty(0, device=device).device
    except (RuntimeError, AssertionError, NotImplementedError) as error:
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise ValueError(f"{name} is {value!r}, but torch cannot allocate on it here: {reason}") from None


def resolve_device(name: str, value: object, default: torch.device | str = "cpu") -> torch.device:
    """:func:`check_device` of ``value``, or of ``default`` where ``value`` is ``None``.

    >>> resolve_device("device", None)
    device(type='cpu')
    """
    device = check_device(name, value if value is not None else default)
    assert device is not None
    return device


def check_options(options: object, allowed: Sequence[str] | None = None) -> dict[str, Any]:
    """``options`` of a ``reset`` as a new dict: ``None`` or a mapping with string keys. With
    ``allowed``, other keys are refused; without it they are ignored (PettingZoo's API test passes some)."""
    if options is None:
        return {}
    if not isinstance(options, Mapping):
        raise TypeError(f"options must be None or a dict, got {options!r} ({type(options).__name__})")
    if allowed is not None:
        unknown = sorted(str(key) for key in options if key not in allowed)
        if unknown:
            raise ValueError(f"options has unknown keys {unknown}; allowed: {list(allowed)}")
    return dict(options)


def _range_text(low: float | None, high: float | None) -> str:
    def shown(x: float) -> str:
        if x == 2**64 - 1:
            return "2**64 - 1"
        return f"{x:,}" if isinstance(x, int) and abs(x) >= 10**6 else f"{x:g}"

    if low is not None and high is not None:
        return f" from {shown(low)} to {shown(high)}"
    if low is not None:
        return f" >= {shown(low)}"
    if high is not None:
        return f" <= {shown(high)}"
    return ""


def check_generator(generator: object, device: torch.device | None = None) -> torch.Generator:
    """``generator`` if it is a ``torch.Generator`` (the engine draws only from a generator it is given, never
    from torch's global one) and, with ``device``, one that draws on that device: a generator made with
    ``device="cuda"`` reports ``cuda`` and draws on the current CUDA device, so it serves boards on ``cuda:0``
    when that is the current one (:func:`generator_device`)."""
    if not isinstance(generator, torch.Generator):
        raise TypeError(
            f"generator must be a torch.Generator (the engine never draws from torch's global generator), "
            f"got {generator!r} ({type(generator).__name__})"
        )
    if device is not None and generator_device(generator) != device:
        raise ValueError(f"generator is on {generator.device}, the boards on {device}: make it on {device}")
    return generator


def generator_device(generator: torch.Generator) -> torch.device:
    """The device ``generator`` draws on, as tensors report it (``cuda`` -> ``cuda:N``, N the current CUDA
    device, as torch makes such a generator; ``cpu``): comparable with a tensor's ``.device``."""
    device = generator.device
    if device.index is None and device.type == "cuda":
        return torch.device("cuda", torch.cuda.current_device())
    return device
