"""Loading the package's files (training checkpoints, exported networks) safely, with errors that name the file.

Every load is ``torch.load(..., weights_only=True)``: a checkpoint is tensors and plain data (dicts, lists,
numbers, strings), and torch refuses anything else, so a file cannot run code while it is read.
"""

from __future__ import annotations

import pickle
import re
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import torch

__all__ = ["load_saved"]


def load_saved(path: str | Path, what: str, keys: Sequence[str], map_location: torch.device | str = "cpu") -> Any:
    """The dict saved in ``path``, checked to hold ``keys``; ``what`` names the kind of file in errors
    (``"a training checkpoint"``). Raises ``FileNotFoundError`` for a missing file and ``ValueError``, naming the
    file and what was expected, for a folder, an empty, truncated or foreign file, or one that holds objects
    other than tensors and plain data (never loaded: they could run code)."""
    path = Path(path)
    if not path.exists():
        raise FileNotFoundError(f"no file at {path}: expected {what}")
    if path.is_dir():
        raise ValueError(f"{path} is a folder: expected {what} (a file)")
    if path.stat().st_size == 0:
        raise ValueError(f"{path} is empty: expected {what}")
    try:
        saved = torch.load(path, map_location=map_location, weights_only=True)
    except pickle.UnpicklingError as error:
        text = str(error)
        unsafe = re.search(r"GLOBAL (\S+) was not an allowed global", text)
        if unsafe:
            raise ValueError(
                f"{path} holds objects other than tensors and plain data ({unsafe.group(1)}), which are never "
                f"loaded (they could run code): expected {what}"
            ) from None
        if "weights only load failed" in text.lower():
            detail = " ".join(text.split("WeightsUnpickler error:")[-1].split()[:6])
            raise ValueError(f"{path} is not {what}: the safe loader refused it ({detail})") from None
        raise ValueError(f"{path} is not {what}: it cannot be read ({_first_line(error)})") from None
    except (RuntimeError, EOFError, zipfile.BadZipFile) as error:
        raise ValueError(f"{path} is not {what}: it is truncated or corrupt ({_first_line(error)})") from None
    except Exception as error:  # the safe unpickler's other failures on foreign bytes, an unreadable file
        raise ValueError(f"{path} is not {what}: it cannot be read ({type(error).__name__}: {error})") from None
    missing = [key for key in keys if not isinstance(saved, dict) or key not in saved]
    if missing:
        held = f"a dict of {sorted(map(str, saved))}" if isinstance(saved, dict) else type(saved).__name__
        raise ValueError(f"{path} is not {what}: it holds {held}, without {', '.join(missing)}")
    return saved


def _first_line(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return text[0][:200] if text else type(error).__name__
