"""Every path that loads a file: the payload of a crafted pickle never runs, and each bad file is named."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
import torch

from othello_zoo.agents import make_agent
from othello_zoo.alphazero.agent import load_network, shipped_network
from othello_zoo.alphazero.train import TrainConfig, Trainer, export_network


class _Payload:
    """Unpickling this runs ``Path.touch`` on its file: the sign that a load ran code."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Path.touch, (str(self.marker),))


def _resume(path: Path) -> object:
    run = path.parent
    return Trainer(TrainConfig(iterations=1, minutes=0), run, resume=True)


LOADERS: dict[str, Callable[[Path], object]] = {
    "load_network": lambda path: load_network(path),
    "make_agent az checkpoint": lambda path: make_agent("az", checkpoint=str(path)),
    "Trainer resume": _resume,
    "export_network": lambda path: export_network(path, path.parent / "exported.pt"),
}


def _file(tmp_path: Path, name: str) -> Path:
    folder = tmp_path / name.replace(" ", "_")
    folder.mkdir()
    return folder / "checkpoint.pt"


@pytest.mark.parametrize("loader", LOADERS)
def test_loading__a_crafted_pickle_never_runs_and_the_error_names_the_file(tmp_path: Path, loader: str) -> None:
    path = _file(tmp_path, loader)
    marker = tmp_path / "code-ran"
    torch.save({"network": _Payload(marker), "network_config": {}, "config": {}}, path)
    with pytest.raises(ValueError, match="holds objects other than tensors and plain data") as error:
        LOADERS[loader](path)
    assert str(path) in str(error.value)
    assert not marker.exists()


@pytest.mark.parametrize("loader", LOADERS)
@pytest.mark.parametrize(
    ("kind", "message"),
    [
        ("empty", "is empty: expected"),
        ("truncated", "is truncated or corrupt"),
        ("text", "the safe loader refused it|cannot be read"),
        ("text t", "cannot be read \\(IndexError"),
        ("text h", "cannot be read \\(KeyError"),
        ("text c", "the safe loader refused it"),
        ("pickle protocol 4", "the safe loader refused it \\(Unsupported operand 149"),
        ("foreign dict", "holds a dict of \\['weights'\\], without"),
        ("a list", "holds list, without"),
    ],
)
def test_loading__bad_files_are_named_with_what_was_expected(
    tmp_path: Path, loader: str, kind: str, message: str
) -> None:
    path = _file(tmp_path, loader)
    if kind == "empty":
        path.write_bytes(b"")
    elif kind == "truncated":
        torch.save({"network": {"w": torch.zeros(1000)}, "network_config": {}}, path)
        path.write_bytes(path.read_bytes()[:200])
    elif kind == "text":
        path.write_text("not a checkpoint\n")
    elif kind.startswith("text "):
        path.write_text({"t": "this is text\n", "h": "hello\n", "c": "config = 1\n"}[kind[-1]])
    elif kind == "pickle protocol 4":  # a plain pickle of a payload: refused before any object is built
        import pickle

        path.write_bytes(pickle.dumps({"network": _Payload(tmp_path / "code-ran")}, protocol=4))
    elif kind == "foreign dict":
        torch.save({"weights": torch.zeros(3)}, path)
    else:
        torch.save([1, 2, 3], path)
    with pytest.raises(ValueError, match=message) as error:
        LOADERS[loader](path)
    assert str(path) in str(error.value)
    assert not (tmp_path / "code-ran").exists()


def test_loading__a_folder_and_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=f"{re.escape(str(tmp_path))} is a folder: expected a network"):
        load_network(tmp_path)
    with pytest.raises(FileNotFoundError, match=r"no file at .*nothing\.pt: expected a network"):
        load_network(tmp_path / "nothing.pt")


def test_loading__the_shipped_networks_load_with_weights_only() -> None:
    for size in (6, 8):
        net = load_network(shipped_network(size), "cpu:0")
        assert net.config()["board_size"] == size
        assert not net.training
