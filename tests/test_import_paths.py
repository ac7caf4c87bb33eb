"""The package's import paths: the public ones stay where users know them, and a moved module's old path is the
new module under a second name (the same object), with a ``DeprecationWarning`` where the old path is retired."""

from __future__ import annotations

import importlib
import sys
import warnings

import pytest

PUBLIC = {
    "othello_zoo.othello_v0": "othello_zoo.env.othello_v0",
    "othello_zoo.vector": "othello_zoo.env.vector",
    "othello_zoo.notation": "othello_zoo.core.notation",
    "othello_zoo.symmetry": "othello_zoo.core.symmetry",
}
DEPRECATED = {
    "othello_zoo.rules": "othello_zoo.core.rules",
    "othello_zoo.board": "othello_zoo.core.board",
    "othello_zoo.openings": "othello_zoo.env.openings",
    "othello_zoo.network": "othello_zoo.alphazero.network",
    "othello_zoo.selfplay": "othello_zoo.alphazero.selfplay",
    "othello_zoo.train": "othello_zoo.alphazero.train",
    "othello_zoo.workers": "othello_zoo.alphazero.workers",
    "othello_zoo.bench": "othello_zoo.cli.bench",
    "othello_zoo.doctor": "othello_zoo.cli.doctor",
    "othello_zoo.agents.alphazero": "othello_zoo.alphazero.agent",
}


def _fresh_import(name: str) -> object:
    """Import ``name`` as a first import would (the module it names stays loaded)."""
    saved = sys.modules.pop(name, None)
    try:
        return importlib.import_module(name)
    finally:
        if saved is not None:
            sys.modules[name] = saved


@pytest.mark.parametrize(("old", "new"), PUBLIC.items())
def test_public_path__is_the_module_and_imports_quietly(old: str, new: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        module = _fresh_import(old)
    assert module is importlib.import_module(new)


@pytest.mark.parametrize(("old", "new"), DEPRECATED.items())
def test_old_path__is_the_moved_module_and_warns_once(old: str, new: str) -> None:
    with pytest.warns(DeprecationWarning, match=rf"^{old} moved to {new}; import it from there"):
        module = _fresh_import(old)
    assert module is importlib.import_module(new)


def test_old_path__from_import_gives_the_same_objects() -> None:
    sys.modules.pop("othello_zoo.rules", None)
    with pytest.warns(DeprecationWarning, match="othello_zoo.rules moved"):
        from othello_zoo.rules import AGENTS
    from othello_zoo.core import rules

    assert AGENTS is rules.AGENTS == ("black_0", "white_0")


@pytest.mark.parametrize("name", ["engine", "search", "agents", "render", "play", "testing"])
def test_public_path__packages_and_modules_import_from_where_they_were(name: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        importlib.import_module(f"othello_zoo.{name}")


def test_agents__the_alphazero_agent_is_registered_by_name_and_by_attribute() -> None:
    from othello_zoo import agents
    from othello_zoo.alphazero.agent import AlphaZeroAgent

    assert agents.AGENT_CLASSES["az"] is AlphaZeroAgent
    assert agents.AlphaZeroAgent is AlphaZeroAgent
    assert sorted(agents.AGENT_CLASSES) == ["alphabeta", "az", "greedy", "mcts", "random", "uct"]
    with pytest.raises(ValueError, match=r"entry_point must be 'package.module:Class', got 'nowhere'"):
        agents.AGENT_CLASSES.register("x", "nowhere")
    assert "x" not in agents.AGENT_CLASSES
