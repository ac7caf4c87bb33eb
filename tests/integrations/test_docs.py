"""The documentation site: it builds with ``mkdocs build --strict``, and what it shows stays true and readable.

The build needs the ``docs`` extra (mkdocs, mkdocs-material, mkdocstrings[python], mkdocs-glightbox, and Ruff to
format the API signatures) and is skipped without it. The other checks need only the package: the quickstart
repeats the README's commands verbatim, the ``>>>`` examples on the pages run, the scripts that draw the pictures
still run against the code they draw, and code and pictures fit the content column of a 1280 px wide window.
"""

from __future__ import annotations

import doctest
import os
import re
import struct
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
    "gymnasium/index.html",
    "architecture/index.html",
]
API_PAGES = {
    "api/index.html": None,
    "api/engine/index.html": "othello_zoo.engine.step",
    "api/othello_v0/index.html": "othello_zoo.env.othello_v0.raw_env",
    "api/vector/index.html": "othello_zoo.env.vector.OthelloVectorEnv",
    "api/openings/index.html": "othello_zoo.env.openings.load_book",
    "api/notation/index.html": "othello_zoo.core.notation.parse_moves",
    "api/symmetry/index.html": "othello_zoo.core.symmetry.transform_square",
    "api/agents/index.html": "othello_zoo.agents.MCTSAgent",
    "api/render/index.html": "othello_zoo.render.board_to_ansi",
    "api/gym/index.html": "othello_zoo.gym.env.OthelloGymEnv",
    "api/kernels/index.html": "othello_zoo.engine.kernels.KernelSpec",
    "api/play/index.html": "othello_zoo.play.Game",
    "api/testing/index.html": "othello_zoo.testing.perft",
    "api/compat_torchrl/index.html": "othello_zoo.compat.torchrl.OthelloTorchRLEnv",
    "api/compat_tianshou/index.html": "othello_zoo.compat.tianshou",
    "api/compat_rllib/index.html": "othello_zoo.compat.rllib",
    "api/compat_alphazero/index.html": "othello_zoo.compat.alphazero",
}
IMAGES = ["images/sandwich_kernels.png", "images/bitboard_fill.png", "images/board.png", "throughput.png"]
SITE_URL = "https://othello-zoo.github.io/othello-zoo/"

# The content column of the site is 688 px wide in a 1280 px window: about 80 characters of code. Python code and
# diagrams must fit it (wrapped Python misreads its indentation, a wrapped diagram falls apart); shell commands
# and messages (bash, text) may run longer, as docs/stylesheets/extra.css wraps them, and copy unchanged.
COLUMN_PX = 688
CODE_COLUMNS = 80
FITTED_LANGUAGES = {"python", "pycon", ""}
OWN_PAGES = sorted(DOCS.glob("*.md"))
# Pictures wider than the column (the package's plots, the play window): the site shows them scaled down and
# enlarges them on a click (mkdocs-glightbox).
ZOOMED_IMAGES = {
    "throughput.png": "othello-zoo bench --plot",
    "throughput-cuda.png": "othello-zoo bench --devices cuda --plot",
    "selfplay_ppo.png": "examples/selfplay_ppo.py",
    "arena-ladder.png": "othello-zoo arena random greedy mcts uct alphabeta az --plot",
    # The play window at the sizes a player sees it (docs/scripts/play_screenshots.py): shown whole, scaled
    # down, and at their own size on a click.
    "play-start.png": "docs/scripts/play_screenshots.py",
    "play-midgame.png": "docs/scripts/play_screenshots.py",
    "play-over-8x8.png": "docs/scripts/play_screenshots.py",
    "play-thinking.png": "a screenshot of the running window (othello-zoo play --agent mcts) while it thinks",
}


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
    # Without Black or Ruff, mkdocstrings leaves every signature on one unformatted line (and says so as INFO).
    assert "ormatting signatures requires" not in result.stdout + result.stderr, "install the docs extra (Ruff)"
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
    # Signatures stand on their own, formatted to the column: a long one is split one parameter a line.
    engine = (site / "api/engine/index.html").read_text()
    signature = re.search(r'id="othello_zoo\.engine\.init".*?<code>(.*?)</code>', engine, flags=re.DOTALL)
    assert signature is not None, "othello_zoo.engine.init has no separate signature"
    lines = re.sub(r"<[^>]+>", "", signature.group(1)).splitlines()
    assert len(lines) > 2, lines
    assert max(len(line) for line in lines) <= CODE_COLUMNS, lines
    # Absolute links (canonical, sitemap) come from site_url.
    index = (site / "index.html").read_text()
    assert f'<link rel="canonical" href="{SITE_URL}">' in index
    assert f"<loc>{SITE_URL}engine/</loc>" in (site / "sitemap.xml").read_text()
    # Long code lines wrap, with one span a line for the hanging indent, instead of running under the column's
    # edge; every page loads the stylesheet that says so.
    css = (site / "stylesheets/extra.css").read_text()
    rule = re.search(r"\.md-typeset pre > code \{([^}]*)\}", css)
    assert rule is not None, css
    assert "white-space: pre-wrap" in rule.group(1), css
    for page in [*PAGES, *API_PAGES]:
        html = (site / page).read_text()
        assert re.search(r'<link rel="stylesheet" href="(\.\./)*stylesheets/extra\.css">', html), page
    assert 'id="__span-0-1"' in index
    # Each line span is an inline block: a block would add a newline of its own to the copied text.
    spans = re.search(r'\.md-typeset pre > code > span\[id\^="__span-"\] \{([^}]*)\}', css)
    assert spans is not None, css
    assert "display: inline-block" in spans.group(1), css
    # Pictures wider than the column open full size on a click.
    for name in ZOOMED_IMAGES:
        shown = rf'src="[^"]*{re.escape(name)}"'
        pages = [html for html in map(Path.read_text, site.glob("**/index.html")) if re.search(shown, html)]
        assert pages, f"{name} is on no page"
        zoom = rf'<a class="glightbox"[^>]*href="[^"]*{re.escape(name)}"[^>]*><img [^>]*{shown}'
        assert all(re.search(zoom, html) for html in pages), f"{name} does not open on a click"


def test_docs__quickstart_repeats_the_readme_commands_verbatim() -> None:
    readme = (ROOT / "README.md").read_text()
    commands = re.findall(r"```bash\n(.*?)\n```", readme, flags=re.DOTALL)[:3]  # the CPU build, play, the tests
    assert len(commands) == 3
    quickstart = (DOCS / "index.md").read_text()
    for command in commands:
        assert f"```bash\n{command}\n```" in quickstart, command


def code_blocks(page: Path) -> list[tuple[str, int, list[str]]]:
    """The fenced code blocks of a page: (language, line of the opening fence, lines)."""
    blocks: list[tuple[str, int, list[str]]] = []
    fence = None
    for number, line in enumerate(page.read_text().splitlines(), 1):
        match = re.match(r"\s*(`{3,}|~{3,})\s*(\{[^}]*\}|[\w+-]*)", line)
        if fence is None:
            if match:
                language = match.group(2).strip("{ }").split(" ")[0].lstrip(".")
                fence = match.group(1)
                blocks.append((language, number, []))
        elif match and match.group(1).startswith(fence) and not match.group(2):
            fence = None
        else:
            blocks[-1][2].append(line)
    return blocks


@pytest.mark.parametrize("page", OWN_PAGES, ids=[page.name for page in OWN_PAGES])
def test_docs__code_fits_the_content_column(page: Path) -> None:
    long = [
        f"{page.name}:{start + 1 + i}: {len(line)} characters"
        for language, start, lines in code_blocks(page)
        if language in FITTED_LANGUAGES
        for i, line in enumerate(lines)
        if len(line) > CODE_COLUMNS
    ]
    assert not long, long


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    assert data[12:16] == b"IHDR", path
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_docs__pictures_fit_the_content_column() -> None:
    """A picture no wider than the column is shown at its own size, so the size its text was drawn at is the size
    read; wider ones are the package's plots, enlarged on a click (checked on the built site)."""
    images = sorted(
        {
            (page.parent / match).resolve()
            for page in OWN_PAGES
            for match in re.findall(r"!\[[^\]]*\]\(([^)\s]+)\)", page.read_text())
        }
    )
    assert len(images) >= 5, images
    for image in images:
        assert image.is_file(), image
        width, _ = png_size(image)
        if image.name in ZOOMED_IMAGES:
            continue
        assert width <= COLUMN_PX, f"{image.name} is {width} px wide, the content column {COLUMN_PX} px"


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
        # The script refuses to write a picture wider than the column or with text under 12 px.
        assert png_size(drawn)[0] <= COLUMN_PX
        assert (DOCS / "images" / name).is_file(), f"docs/images/{name} is not committed"
        assert png_size(DOCS / "images" / name) == png_size(drawn), f"docs/images/{name} is not the current drawing"
