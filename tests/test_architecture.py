"""The house rules of the code base, checked: the public/private boundary, module sizes, and the
generated single-board code being what its generator gives."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from othello_zoo import _scalar

ROOT = Path(__file__).parent.parent
PACKAGE = ROOT / "othello_zoo"
GENERATED = {"_scalar_generated.py"}  # written by python -m othello_zoo._scalar


def _modules(*folders: Path) -> list[Path]:
    return sorted(p for folder in folders for p in folder.rglob("*.py"))


def _is_module(package: str | None, name: str) -> bool:
    """``package.name`` is a module of the package (importing a private module is allowed)."""
    folder = ROOT.joinpath(*(package or "").split("."))
    return (folder / f"{name}.py").exists() or (folder / name / "__init__.py").exists()


def _private_imports(path: Path) -> list[str]:
    """``from X import _name`` and ``X._name`` attribute reads of othello_zoo modules in ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("othello_zoo"):
            private = [a.name for a in node.names if a.name.startswith("_") and not _is_module(node.module, a.name)]
            found += [f"{node.module}.{name}" for name in private]
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            is_module = node.value.id in {"engine", "vector", "othello_v0", "openings", "notation", "rules", "board"}
            if is_module and node.attr.startswith("_") and not node.attr.startswith("__"):
                found.append(f"{node.value.id}.{node.attr}")
    return found


@pytest.mark.parametrize("path", _modules(PACKAGE, ROOT / "tests", ROOT / "examples"), ids=lambda p: p.name)
def test_boundary__no_module_reads_another_modules_private_names(path: Path) -> None:
    """Private *modules* (``othello_zoo._bitboard``) are the package's own business; a private
    *name* (``_sample_from_mask``, ``engine._kernel``) belongs to its module alone."""
    assert _private_imports(path) == []


def test_boundary__the_check_catches_a_private_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("from othello_zoo._bitboard import _signed\nfrom othello_zoo import engine\nengine._hidden\n")
    assert _private_imports(bad) == ["othello_zoo._bitboard._signed", "engine._hidden"]


@pytest.mark.parametrize(
    "path", [p for p in _modules(PACKAGE) if p.name not in GENERATED], ids=lambda p: str(p.relative_to(PACKAGE))
)
def test_modules__stay_under_400_lines(path: Path) -> None:
    assert len(path.read_text(encoding="utf-8").splitlines()) <= 400


def test_generated_legal_code__is_up_to_date() -> None:
    """othello_zoo/_scalar_generated.py is the fill of the bitboard kernel traced by _scalar; after a
    change to either, ``python -m othello_zoo._scalar`` writes it again."""
    assert _scalar.GENERATED_MODULE.read_text(encoding="utf-8") == _scalar.generated_module_source()
