"""The documentation site: it builds with ``mkdocs build --strict``, and what it shows stays true.

The build needs the ``docs`` extra (mkdocs, mkdocs-material, mkdocstrings[python]) and is skipped without it.
The other checks need only the package: the quickstart repeats the README's commands verbatim, the ``>>>``
examples on the pages run, and the scripts that draw the pictures still run against the code they draw.
"""

from __future__ import annotations

import doctest
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"

PAGES = [
    "index.html",
    "environment/index.html",
    "vector/index.html",
    "engine/index.html",
    "agents/index.html",
    "play/index.html",
    "openings/index.html",
    "integrations/index.html",
    "performance/index.html",
]
API_PAGES = {
    "api/index.html": None,
    "api/engine/index.html": "othello_zoo.engine.step",
    "api/othello_v0/index.html": "othello_zoo.othello_v0.raw_env",
    "api/vector/index.html": "othello_zoo.vector.OthelloVectorEnv",
    "api/openings/index.html": "othello_zoo.openings.load_book",
    "api/notation/index.html": "othello_zoo.notation.parse_moves",
    "api/symmetry/index.html": "othello_zoo.symmetry.transform_square",
    "api/agents/index.html": "othello_zoo.agents.MCTSAgent",
    "api/render/index.html": "othello_zoo.render.board_to_ansi",
    "api/play/index.html": "othello_zoo.play.Game",
    "api/testing/index.html": "othello_zoo.testing.perft",
    "api/compat_torchrl/index.html": "othello_zoo.compat.torchrl.OthelloTorchRLEnv",
    "api/compat_tianshou/index.html": "othello_zoo.compat.tianshou",
    "api/compat_rllib/index.html": "othello_zoo.compat.rllib",
    "api/compat_alphazero/index.html": "othello_zoo.compat.alphazero",
}
IMAGES = ["images/sandwich_kernels.png", "images/bitboard_fill.png", "images/board.png", "throughput.png"]


def test_docs__site_builds_strictly_with_every_page(tmp_path: Path) -> None:
    pytest.importorskip("mkdocs")
    pytest.importorskip("material")
    pytest.importorskip("mkdocstrings")
    site = tmp_path / "site"
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file", str(ROOT / "mkdocs.yml")]
    result = subprocess.run(
        [*command, "--site-dir", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "WARNING" not in result.stderr, result.stderr
    for page in [*PAGES, *API_PAGES, *IMAGES]:
        assert (site / page).is_file(), f"{page} is missing from the built site"
    for page, anchor in API_PAGES.items():
        if anchor is not None:
            html = (site / page).read_text()
            assert f'id="{anchor}"' in html, f"{page} does not document {anchor}"
    # The compat modules import frameworks the docs build does not have; their reference is read statically.
    rllib = (site / "api/compat_rllib/index.html").read_text()
    assert 'id="othello_zoo.compat.rllib.OthelloMultiAgentEnv"' in rllib
    # Docstrings are Markdown by the time they are rendered: no reStructuredText roles, no bare doctests.
    for page in API_PAGES:
        html = (site / page).read_text()
        assert not re.search(r":(func|class|meth|mod|data):`", html), page
        assert "<blockquote>" not in html, page


def test_docs__quickstart_repeats_the_readme_commands_verbatim() -> None:
    readme = (ROOT / "README.md").read_text()
    commands = re.findall(r"```bash\n(.*?)\n```", readme, flags=re.DOTALL)[:2]
    assert len(commands) == 2
    quickstart = (DOCS / "index.md").read_text()
    for command in commands:
        assert f"```bash\n{command}\n```" in quickstart, command


def pycon_blocks() -> list[tuple[str, int, str]]:
    """Every ``pycon`` code block of the pages: (page, line, text)."""
    blocks = []
    for page in sorted(DOCS.glob("*.md")):
        text = page.read_text()
        for match in re.finditer(r"```pycon\n(.*?)```", text, flags=re.DOTALL):
            blocks.append((page.name, text[: match.start()].count("\n") + 1, match.group(1)))
    return blocks


BLOCKS = pycon_blocks()


@pytest.mark.parametrize(("page", "line", "text"), BLOCKS, ids=[f"{page}:{line}" for page, line, _ in BLOCKS])
def test_docs__examples_on_the_pages_run(page: str, line: int, text: str) -> None:
    test = doctest.DocTestParser().get_doctest(text, {}, f"{page}:{line}", page, line)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    results = runner.run(test)
    assert results.attempted > 0
    assert results.failed == 0, f"the example at {page}:{line} fails (see the captured output)"


def test_docs__kernel_pictures_are_drawn_from_the_code(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    result = subprocess.run(
        [sys.executable, str(DOCS / "scripts" / "draw_kernels.py"), "--out", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    for name in ("sandwich_kernels.png", "bitboard_fill.png"):
        drawn = tmp_path / name
        assert drawn.stat().st_size > 10_000
        assert drawn.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert (DOCS / "images" / name).is_file(), f"docs/images/{name} is not committed"
