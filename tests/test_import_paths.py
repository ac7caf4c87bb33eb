"""The package's public import paths: each name has one, and a top-level public module re-exports the names of the
module that owns them (the same objects, PettingZoo's ``classic/connect_four_v3.py`` layout)."""

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


def _fresh_import(name: str) -> object:
    """Import ``name`` as a first import would (the module it names stays loaded)."""
    saved = sys.modules.pop(name, None)
    try:
        return importlib.import_module(name)
    finally:
        if saved is not None:
            sys.modules[name] = saved


@pytest.mark.parametrize(("public", "owner"), PUBLIC.items())
def test_public_path__re_exports_the_owners_names_and_imports_quietly(public: str, owner: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        module = _fresh_import(public)
    source = importlib.import_module(owner)
    assert module is not source  # a module of its own, not a second name in sys.modules
    assert module.__all__ == source.__all__  # type: ignore[attr-defined]
    for name in source.__all__:
        assert getattr(module, name) is getattr(source, name), name


def test_package__its_lazy_notation_is_the_public_module() -> None:
    import othello_zoo

    assert othello_zoo.__getattr__("notation") is importlib.import_module("othello_zoo.notation")
    assert othello_zoo.__getattr__("engine") is importlib.import_module("othello_zoo.engine")


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


def test_command__the_script_runs_main_then_freezes_the_collector(monkeypatch: pytest.MonkeyPatch) -> None:
    """``othello-zoo`` is :func:`othello_zoo.__main__.entry`: the command's exit status, and ``gc.freeze()`` after
    it (a compiled search's objects left out of the exit's collections)."""
    import gc
    from pathlib import Path

    import othello_zoo.__main__ as command

    project = (Path(__file__).resolve().parent.parent / "pyproject.toml").read_text()
    assert '\nothello-zoo = "othello_zoo.__main__:entry"\n' in project  # tomllib is Python 3.11's
    calls: list[object] = []
    monkeypatch.setattr(command, "main", lambda: calls.append("main") or 7)
    monkeypatch.setattr(gc, "freeze", lambda: calls.append("freeze"))
    # Recorded, not done: a real SIG_IGN would stay for the tests after this one.
    monkeypatch.setattr(command.signal, "signal", lambda number, handler: calls.append((number, handler)))
    assert command.entry() == 7
    assert calls == ["main", (command.signal.SIGINT, command.signal.SIG_IGN), "freeze"]
