"""The house rules of the code base, checked: the public/private boundary of names and of folders, the
layers the folders make, and the generated single-board code being what its generator gives."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from othello_zoo.core import scalar

ROOT = Path(__file__).parent.parent
PACKAGE = ROOT / "othello_zoo"
GENERATED = {"_scalar_generated.py"}  # written by python -m othello_zoo.core.scalar


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
    """Private *modules* (``othello_zoo.engine.kernels.bitboard``) are the package's own business; a private
    *name* (``_sample_from_mask``, ``engine._kernel``) belongs to its module alone."""
    assert _private_imports(path) == []


def test_boundary__the_check_catches_a_private_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text(
        "from othello_zoo.engine.kernels.bitboard import _signed\nfrom othello_zoo import engine\nengine._hidden\n"
    )
    assert _private_imports(bad) == ["othello_zoo.engine.kernels.bitboard._signed", "engine._hidden"]


def test_generated_legal_code__is_up_to_date() -> None:
    """othello_zoo/core/_scalar_generated.py is the fill of the bitboard kernel traced by _scalar; after a
    change to either, ``python -m othello_zoo.core.scalar`` writes it again."""
    assert scalar.GENERATED_MODULE.read_text(encoding="utf-8") == scalar.generated_module_source()


# The folders of the package, lowest layer first. A folder imports from folders before it in this list only
# (``compat`` and ``cli`` sit on top); the package's top level holds the package's names and the public modules
# that re-export a folder's module (othello_v0, vector, notation, symmetry). ``core`` (the rules) and ``runtime``
# (threads, files, malloc) are the bottom: core imports no other folder, runtime only core's argument checks
# (:data:`RUNTIME_IMPORTS`), and every folder above may import both.
LAYERS = [
    "core",
    "runtime",
    "engine",
    "render",
    "env",
    "search",
    "agents",
    "alphazero",
    "gym",
    "play",
    "compat",
    "arena",
    "cli",
]


def _module_name(path: Path, root: Path = ROOT) -> str:
    """The dotted name of the module at ``path``, a file under ``root`` (the folder that holds ``othello_zoo/``)."""
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported_modules(path: Path, root: Path = ROOT) -> set[str]:
    """The othello_zoo modules ``path`` imports (``from a import b`` counts as ``a.b`` where that is a module of
    the package)."""
    name = _module_name(path, root)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("othello_zoo")}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(
                    package.split(".")[: len(package.split(".")) - node.level + 1] + ([base] if base else [])
                )
            if base.startswith("othello_zoo"):
                found |= {f"{base}.{a.name}" if _is_module(base, a.name) else base for a in node.names}
    return found


def _folder_of(module: str) -> str | None:
    """The subpackage (``core``, ``engine``, ...) a module belongs to; ``None`` at the package's top level."""
    parts = module.split(".")
    return parts[1] if len(parts) > 2 or (len(parts) == 2 and (PACKAGE / parts[1]).is_dir()) else None


def _private_module_imports(path: Path, root: Path = ROOT) -> list[str]:
    """Private modules (a ``_`` name on the path) that ``path`` imports from outside their own folder."""
    importer = _module_name(path, root)
    bad = []
    for module in sorted(_imported_modules(path, root)):
        parts = module.split(".")
        private = [i for i, part in enumerate(parts) if part.startswith("_") and not part.startswith("__")]
        if private and not (importer + ".").startswith(".".join(parts[: private[0]]) + "."):
            bad.append(module)
    return bad


@pytest.mark.parametrize("path", _modules(PACKAGE), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_folders__a_private_module_is_imported_only_inside_its_folder(path: Path) -> None:
    """``othello_zoo.engine._state`` is the engine folder's own: other folders use ``othello_zoo.engine``."""
    assert _private_module_imports(path) == []


def _layer_error(path: Path, root: Path = ROOT) -> str | None:
    """What ``path`` imports from folders that are not below its own in :data:`LAYERS`, said in a sentence; ``None``
    when nothing (a module at the package's top level imports any folder: the package's names, public modules)."""
    folder = _folder_of(_module_name(path, root))
    if folder is None:
        return None
    below = set(LAYERS[: LAYERS.index(folder)])
    outside = {_folder_of(m) for m in _imported_modules(path, root)} - {folder, None}
    if outside <= below:
        return None
    return f"{folder}/ imports {sorted(outside - below)}, which are not below it in {LAYERS}"


@pytest.mark.parametrize("path", _modules(PACKAGE), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_folders__import_only_the_layers_below_them(path: Path) -> None:
    assert _layer_error(path) is None


RUNTIME_IMPORTS = {"othello_zoo.core.checks"}  # all that runtime/ may import of the package


@pytest.mark.parametrize("path", _modules(PACKAGE / "runtime"), ids=lambda p: p.name)
def test_runtime__imports_nothing_of_the_package_but_the_argument_checks(path: Path) -> None:
    assert _imported_modules(path) <= RUNTIME_IMPORTS


def test_core__imports_nothing_of_runtime() -> None:
    """The rules stand alone: no module of ``core/`` imports ``runtime/`` (which imports ``core.checks``)."""
    found = {m for path in _modules(PACKAGE / "core") for m in _imported_modules(path)}
    assert {m for m in found if _folder_of(m) != "core"} == set()


def test_folders__every_folder_has_a_layer() -> None:
    folders = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").exists()}
    assert folders == set(LAYERS)


def test_folders__the_checks_catch_a_bad_import(tmp_path: Path) -> None:
    """A module of ``core/`` (written under ``tmp_path``, read as ``othello_zoo.core.bad``) that imports a private
    module of ``engine/`` (a layer above it) and a private module of its own folder (allowed)."""
    bad = tmp_path / "othello_zoo" / "core" / "bad.py"
    bad.parent.mkdir(parents=True)
    bad.write_text("from othello_zoo.engine import _state\nfrom othello_zoo.core import _scalar_generated\n")
    assert _private_module_imports(bad, tmp_path) == ["othello_zoo.engine._state"]
    assert _layer_error(bad, tmp_path) == f"core/ imports ['engine'], which are not below it in {LAYERS}"
