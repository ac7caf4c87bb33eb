"""Argument types for the command line: a bad flag value is a usage message and exit status 2
(argparse's ``ArgumentTypeError``), never a traceback."""

from __future__ import annotations

import argparse
import math
import os
from collections.abc import Callable, Sequence
from pathlib import Path

from othello_zoo.core.checks import check_device
from othello_zoo.core.notation import MAX_BOARD_SIZE, MIN_BOARD_SIZE

__all__ = ["SIZES", "board_size", "csv_choices", "csv_ints", "devices", "output_path", "positive_real", "whole"]


def whole(low: int, high: int | None = None) -> Callable[[str], int]:
    """An int from ``low`` (to ``high``)."""
    allowed = f"an integer from {low} to {high}" if high is not None else f"an integer >= {low}"

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not {allowed}") from None
        if value < low or (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"{value} is not {allowed}")
        return value

    return parse


SIZES = f"from {MIN_BOARD_SIZE} to {MAX_BOARD_SIZE}"  # the board sizes, for help texts


def board_size(text: str) -> int:
    """An even board size (:data:`SIZES`)."""
    value = whole(MIN_BOARD_SIZE, MAX_BOARD_SIZE)(text)
    if value % 2:
        raise argparse.ArgumentTypeError(f"{value} is odd: the board size is even, {SIZES}")
    return value


def positive_real(text: str) -> float:
    """A finite number above 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a finite number > 0")
    return value


def csv_ints(low: int, extra: Sequence[str] = (), high: int | None = None) -> Callable[[str], list[int | str]]:
    """Comma-separated ints from ``low`` (to ``high``) and the words in ``extra``, at least one."""

    def parse(text: str) -> list[int | str]:
        items: list[int | str] = []
        for item in (part.strip() for part in text.split(",")):
            if item in extra:
                items.append(item)
            elif item:
                items.append(whole(low, high)(item))
        if not items:
            raise argparse.ArgumentTypeError(f"{text!r} holds no values")
        return items

    return parse


def csv_choices(choices: Sequence[str]) -> Callable[[str], list[str]]:
    """Comma-separated words from ``choices``, at least one."""

    def parse(text: str) -> list[str]:
        items = [item.strip() for item in text.split(",") if item.strip()]
        unknown = [item for item in items if item not in choices]
        if unknown or not items:
            raise argparse.ArgumentTypeError(f"{text!r}: choose from {', '.join(choices)}")
        return items

    return parse


def devices(text: str) -> list[str]:
    """Comma-separated torch devices that work here, each in the form torch gives it (``cpu:0`` -> ``cpu``,
    ``cuda`` -> ``cuda:0``), duplicates dropped."""
    names: list[str] = []
    for word in text.split(","):
        if word.strip() not in ("cpu", "cuda") and ":" not in word:
            raise argparse.ArgumentTypeError(f"{word.strip()!r}: choose from cpu, cuda (or one device: cuda:1, cpu:0)")
        try:
            device = check_device("device", word.strip())
        except ValueError as error:
            raise argparse.ArgumentTypeError(f"{word.strip()}: {str(error).removeprefix('device is ')}") from None
        names.append(str(device))
    return list(dict.fromkeys(names))


def output_path(text: str) -> Path:
    """A file path whose folder exists and can be written, checked before any work starts."""
    path = Path(text)
    folder = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{text!r} is a directory, not a file")
    if not folder.is_dir():
        raise argparse.ArgumentTypeError(f"{text!r}: the folder {str(folder)!r} does not exist")
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise argparse.ArgumentTypeError(f"{text!r} cannot be written here")
    return path
