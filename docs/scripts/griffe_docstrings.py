"""A griffe extension that turns the reStructuredText habits of othello_zoo's docstrings into Markdown.

The docstrings are written for two readers: ``help()`` in a terminal and doctest, which pytest runs. They
use a few reStructuredText forms that Markdown reads differently. This extension rewrites them in the
loaded docstrings only (the source files are never touched), when mkdocstrings loads the package:

- a bare doctest (``>>>`` at the left margin, outside an ``Examples:`` section) is fenced as a ``pycon``
  block; left alone, Markdown would read ``>>>`` as nested block quotes and ``x["a"]["b"]`` as links;
- an ``Example:`` section is renamed ``Examples:``, the only spelling griffe's Google parser reads as
  examples (it would make an admonition of it, with the doctest inside read as Markdown);
- a cross-reference role (``:func:`init```, ``:class:`State```, ``:meth:`...```, ``:mod:`...```,
  ``:data:`...```) becomes a link to the API reference when its target is documented there, and code
  text otherwise (private modules, undocumented constants);
- a literal-block marker (a paragraph ending in ``::``) loses one colon: the indented block after it is
  already a Markdown code block;
- a definition list (a term at the margin with its description indented by four spaces below it)
  becomes a Markdown definition list (the ``def_list`` extension).

Fenced code in a docstring (the environment's spec page is Markdown already) is left as it is.

mkdocs.yml loads it with ``extensions: [docs/scripts/griffe_docstrings.py]`` under the python handler.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import griffe

ROLE = re.compile(r":(?:py:)?(func|class|meth|mod|data|attr|exc|obj):`~?([^`]+)`")
SECTION = re.compile(r"^[A-Z][A-Za-z ]*:\s*$")  # a Google section header such as "Examples:" or "Args:"
EXAMPLES = re.compile(r"^(Examples?):\s*$")


def _objects(obj: griffe.Object) -> Iterator[griffe.Object]:
    """``obj`` and every object defined under it (aliases skipped: their targets are visited)."""
    yield obj
    for member in obj.members.values():
        if not member.is_alias:
            yield from _objects(member)  # type: ignore[arg-type]


def _is_public(path: str) -> bool:
    return not any(part.startswith("_") for part in path.split("."))


class DocstringMarkdown(griffe.Extension):
    """Rewrite docstrings of a package to Markdown once the package is loaded."""

    def on_package(self, *, pkg: griffe.Module, loader: griffe.GriffeLoader, **kwargs: Any) -> None:
        for obj in _objects(pkg):
            if obj.docstring is not None:
                obj.docstring.value = self.convert(obj.docstring.value, obj, pkg)

    # -- the rewriting ----------------------------------------------------------------------------
    def convert(self, text: str, obj: griffe.Object, pkg: griffe.Module) -> str:
        lines = text.splitlines()
        out: list[str] = []
        fence: str | None = None  # the open fence's marker while inside fenced code
        in_examples = False
        i = 0
        while i < len(lines):
            line = lines[i]
            stripped = line.lstrip()
            if fence is not None:
                out.append(line)
                if stripped.startswith(fence):
                    fence = None
                i += 1
                continue
            if stripped.startswith(("```", "~~~")):
                fence = stripped[:3]
                out.append(line)
                i += 1
                continue
            margin = line[: len(line) - len(stripped)]
            if not margin and stripped:
                in_examples = bool(EXAMPLES.match(stripped))
                if in_examples:
                    line = "Examples:"  # griffe's Google parser knows only the plural
            if line.startswith(">>>") and not in_examples:
                block = []
                while i < len(lines) and lines[i].strip():
                    block.append(lines[i])
                    i += 1
                out.extend(["```pycon", *block, "```"])
                continue
            if self._is_term(lines, i):
                if out and out[-1].strip():
                    out.append("")
                out.append(self._roles(line, obj, pkg))
                out.append(":   " + self._roles(lines[i + 1][4:], obj, pkg))
                i += 2
                continue
            if line.rstrip().endswith("::") and not line.rstrip().endswith(":::"):
                line = line.rstrip()[:-1]
            out.append(self._roles(line, obj, pkg))
            i += 1
        return "\n".join(out)

    @staticmethod
    def _is_term(lines: list[str], i: int) -> bool:
        """A definition-list term: at the margin, not a section header, its description indented below."""
        line = lines[i]
        if not line.strip() or line[0].isspace() or i + 1 >= len(lines):
            return False
        if SECTION.match(line) or line.rstrip().endswith(":") or line.startswith((">>>", "-", "*", "|", "#")):
            return False
        below = lines[i + 1]
        if not (below.startswith("    ") and below[4:5].strip()):
            return False
        above = lines[i - 1] if i > 0 else ""
        return not above.strip() or above.startswith("    ")

    def _roles(self, line: str, obj: griffe.Object, pkg: griffe.Module) -> str:
        return ROLE.sub(lambda match: self._link(match.group(2), obj, pkg), line)

    def _link(self, target: str, obj: griffe.Object, pkg: griffe.Module) -> str:
        """A Markdown link to ``target``'s entry in the API reference, or code text if it has none."""
        for path in self._candidates(target, obj):
            found = self._documented(path, pkg)
            if found is not None:
                return f"[`{target}`][{found}]"
        return f"`{target}`"

    @staticmethod
    def _candidates(target: str, obj: griffe.Object) -> Iterator[str]:
        """Where ``target`` may live: as written, then relative to ``obj`` and each of its parents."""
        if target.startswith(obj.package.name + "."):
            yield target
            return
        scope: griffe.Object | None = obj
        while scope is not None:
            yield f"{scope.path}.{target}"
            scope = scope.parent

    @staticmethod
    def _documented(path: str, pkg: griffe.Module) -> str | None:
        """``path`` with aliases followed, if it names a public object with a docstring, else None."""
        relative = path.removeprefix(pkg.name + ".")
        if relative == path:
            return None
        try:
            found = pkg[relative]
        except (KeyError, ValueError, griffe.AliasResolutionError):
            return None
        target = found
        if found.is_alias:
            try:
                target = found.final_target  # type: ignore[union-attr]
            except (griffe.AliasResolutionError, griffe.CyclicAliasError):
                return None
        if not _is_public(found.path) or target.docstring is None:
            return None
        return str(found.path)
