"""The trainer's progress bar over a time budget: whole seconds, shown as ``[H:]MM:SS``, and the time left.

tqdm's own line for a budget counted in seconds shows the seconds as floats (``45.67129854199993/180.0``) and a rate
of seconds a second (``1.01s/s``); this bar shows ``00:45/03:00 [02:15 left, ...]``: the seconds trained (the run's
own clock, resumed time included) and the budget, and the time left to the budget's end, counted from the budget
rather than estimated from a rate.
"""

from __future__ import annotations

from typing import Any, TextIO

from tqdm import tqdm

__all__ = ["BUDGET_FORMAT", "BudgetBar", "budget_bar"]

BUDGET_FORMAT = "{desc}: {percentage:3.0f}%|{bar}| {trained}/{budget} [{left} left{postfix}]"
"""The bar's layout: tqdm's fields, and ``trained``, ``budget`` and ``left`` (see :class:`BudgetBar`)."""


class BudgetBar(tqdm):  # type: ignore[misc]
    """A tqdm bar whose ``n`` and ``total`` are whole seconds; its layout may name ``{trained}`` and ``{budget}``
    (``n`` and ``total`` as ``[H:]MM:SS``) and ``{left}`` (``total - n`` so)."""

    @property
    def format_dict(self) -> dict[str, Any]:
        """tqdm's fields, and ``trained``, ``budget`` and ``left``."""
        values: dict[str, Any] = super().format_dict
        trained, budget = int(values["n"]), int(values["total"] or 0)
        values["trained"] = self.format_interval(trained)
        values["budget"] = self.format_interval(budget)
        values["left"] = self.format_interval(max(budget - trained, 0))
        return values


def budget_bar(budget: int, initial: int, desc: str, file: TextIO | None, disable: bool = False) -> BudgetBar:
    """A :class:`BudgetBar` over ``budget`` whole seconds, ``initial`` of them done, written to ``file`` (stderr
    where ``None``).

    >>> import io
    >>> stream = io.StringIO()
    >>> bar = budget_bar(180, 45, "train", stream)
    >>> bar.set_postfix_str("iteration 3", refresh=False)
    >>> bar.update(1)
    >>> bar.close()
    >>> stream.getvalue().split("\\r")[-1].split("|")[-1].strip()
    '00:46/03:00 [02:14 left, iteration 3]'
    """
    return BudgetBar(
        total=budget, initial=initial, desc=desc, bar_format=BUDGET_FORMAT, file=file, disable=disable, unit="s"
    )
