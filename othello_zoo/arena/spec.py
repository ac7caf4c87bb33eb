"""Agents named in text, as the arena's command line and results file name them.

``[LABEL=]NAME[:KEY=VALUE,...]``: a built-in agent (:data:`othello_zoo.agents.AGENT_CLASSES`) with options for
its constructor, values read as ``int``, ``float``, ``true``/``false`` or text; ``[LABEL=]cmd:COMMAND``: an external
program (:class:`~othello_zoo.arena.external.ExternalAgent`); ``[LABEL=]PATH.pt``: the AlphaZero agent with that
checkpoint. ``LABEL`` names the agent in tables (default: the text itself).

>>> parse_agent("ab6=alphabeta:depth=6")
AgentSpec(label='ab6', name='alphabeta', options=(('depth', 6),), command=None)
>>> parse_agent("cmd:python my_engine.py --level 3").label
'cmd:python my_engine.py --level 3'
"""

from __future__ import annotations

import inspect
import re
from dataclasses import dataclass
from typing import Any

from othello_zoo.agents import AGENT_CLASSES, make_agent
from othello_zoo.arena.external import ExternalAgent, split_command

__all__ = ["AgentSpec", "parse_agent"]

_LABEL = re.compile(r"^([A-Za-z0-9_.+-]+)=(.+)$")
_KEY = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


@dataclass(frozen=True)
class AgentSpec:
    """One agent of an arena: its ``label`` in tables and how to build it (a built-in ``name`` and its
    ``options``, or an external ``command``)."""

    label: str
    name: str  # a key of AGENT_CLASSES, or "cmd"
    options: tuple[tuple[str, Any], ...] = ()
    command: str | None = None

    @property
    def runs_a_program(self) -> bool:
        """Whether building the agent starts a program (``cmd:``)."""
        return self.command is not None

    @property
    def text(self) -> str:
        """The spec as text that :func:`parse_agent` reads back to this spec."""
        body = _body(self.name, self.options, self.command)
        return body if self.label == body else f"{self.label}={body}"

    def build(self, board_size: int = 8, seed: int | None = None) -> Any:
        """A fresh agent (the shipped network of ``board_size`` for ``az`` without a checkpoint)."""
        if self.command is not None:
            return ExternalAgent(self.command, name=self.label)
        options = dict(self.options)
        allowed = _options_of(self.name)
        unknown = [key for key in options if key not in allowed]
        if unknown:
            takes = f"which takes {', '.join(allowed)}" if allowed else "which takes none"
            seeded = " (the arena's --seed seeds the agents)" if "seed" in unknown else ""
            raise ValueError(f"agent {self.label!r}: no option {unknown[0]!r} for {self.name}, {takes}{seeded}")
        if self.name == "az" and "checkpoint" not in options:
            options.setdefault("board_size", board_size)
        try:
            return make_agent(self.name, seed=None if self.name == "greedy" else seed, **options)
        except (TypeError, ValueError) as error:
            raise ValueError(f"agent {self.label!r}: {error}") from error


def parse_agent(text: str) -> AgentSpec:
    """The :class:`AgentSpec` that ``text`` names (``ValueError`` naming what is wrong; see the module)."""
    if not isinstance(text, str) or not text.strip():
        raise ValueError(f"an agent is named by text such as 'alphabeta:depth=6', got {text!r}")
    text = text.strip()
    label = None
    found = _LABEL.match(text)
    if found and ":" not in found.group(1):
        label, text = found.group(1), found.group(2)
    if text.startswith("cmd:"):
        command = text[4:].strip()
        if not command:
            raise ValueError("cmd: needs the program to run, e.g. 'cmd:python my_engine.py'")
        try:
            split_command(command)
        except ValueError as error:
            raise ValueError(f"agent {text!r}: {error}") from None
        return AgentSpec(label or f"cmd:{command}", "cmd", (), command)
    if text.endswith(".pt") and ":" not in text:
        return AgentSpec(label or text, "az", (("checkpoint", text),))
    name, _, rest = text.partition(":")
    if name not in AGENT_CLASSES:
        allowed = ", ".join(sorted(AGENT_CLASSES))
        where = "" if text == name else f" in {text!r}"
        raise ValueError(f"unknown agent {name!r}{where}: one of {allowed}, 'cmd:COMMAND' or a .pt checkpoint")
    options: list[tuple[str, Any]] = []
    for item in rest.split(",") if rest else []:
        key, equals, value = item.partition("=")
        key = key.strip()
        if not equals or not _KEY.match(key):
            raise ValueError(f"agent option {item!r} in {text!r} is not KEY=VALUE")
        if key in dict(options):
            raise ValueError(f"agent option {key!r} is given twice in {text!r}")
        options.append((key, _value(value.strip())))
    return AgentSpec(label or _body(name, tuple(options), None), name, tuple(options))


def _options_of(name: str) -> list[str]:
    """The options the built-in agent ``name`` takes: its constructor's keywords, the seed aside (the arena's)."""
    if name == "greedy":
        return []
    parameters = inspect.signature(AGENT_CLASSES[name]).parameters.values()
    keyword = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
    return [p.name for p in parameters if p.kind in keyword and p.name != "seed"]


def _body(name: str, options: tuple[tuple[str, Any], ...], command: str | None) -> str:
    """The spec's text without its label."""
    if command is not None:
        return f"cmd:{command}"
    if len(options) == 1 and options[0][0] == "checkpoint" and name == "az" and str(options[0][1]).endswith(".pt"):
        return str(options[0][1])
    return name + (":" + ",".join(f"{key}={_format(value)}" for key, value in options) if options else "")


def _value(text: str) -> Any:
    """An option's value: an int, a float, a bool or the text itself."""
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def _format(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)
