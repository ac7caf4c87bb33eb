"""Every path that loads a file: the payload of a crafted pickle never runs, and each bad file is named."""

from __future__ import annotations

import collections
import os
import pickle
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import torch

from othello_zoo.agents import make_agent
from othello_zoo.alphazero.agent import load_network, shipped_network
from othello_zoo.alphazero.network import MAX_PARAMETERS, PolicyValueNet, parameter_count
from othello_zoo.alphazero.train import TrainConfig, Trainer, export_network
from othello_zoo.runtime.files import load_saved


class _Payload:
    """Unpickling this runs ``Path.touch`` on its file: the sign that a load ran code."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Path.touch, (str(self.marker),))


def _resume(path: Path) -> object:
    run = path.parent
    return Trainer(TrainConfig(iterations=1, minutes=0), run, resume=True)


def _init(path: Path) -> object:
    config = TrainConfig(board_size=6, channels=32, blocks=2, buffer=64, iterations=1, minutes=0)
    return Trainer(config, path.parent / "new_run", init=path)


LOADERS: dict[str, Callable[[Path], object]] = {
    "load_network": lambda path: load_network(path),
    "make_agent az checkpoint": lambda path: make_agent("az", checkpoint=str(path)),
    "Trainer resume": _resume,
    "Trainer init": _init,
    "export_network": lambda path: export_network(path, path.parent / "exported.pt"),
}
EXPECTED = {  # what each loader says it expected
    "load_network": "a network (the checkpoint.pt of an othello-zoo train run)",
    "make_agent az checkpoint": "a network (the checkpoint.pt of an othello-zoo train run)",
    "Trainer resume": "a training checkpoint",
    "Trainer init": "a network (an exported network or a run's checkpoint.pt)",
    "export_network": "a training checkpoint",
}


def _exactly(message: str) -> str:
    """A ``match`` pattern for exactly ``message``."""
    return f"^{re.escape(message)}$"


def _file(tmp_path: Path, name: str) -> Path:
    folder = tmp_path / name.replace(" ", "_")
    folder.mkdir()
    return folder / "checkpoint.pt"


@pytest.mark.parametrize("loader", LOADERS)
def test_loading__a_crafted_pickle_never_runs_and_the_error_names_the_file(tmp_path: Path, loader: str) -> None:
    path = _file(tmp_path, loader)
    marker = tmp_path / "code-ran"
    torch.save({"network": _Payload(marker), "network_config": {}, "config": {}}, path)
    expected = (
        f"{path} holds objects other than tensors and plain data (builtins.getattr, pathlib.Path), which are never "
        f"loaded (they could run code): expected {EXPECTED[loader]}"
    )
    with pytest.raises(ValueError, match=_exactly(expected)):
        LOADERS[loader](path)
    assert not marker.exists()


@pytest.mark.filterwarnings("ignore:Detected pickle protocol")  # torch's note on the protocol 4 files
@pytest.mark.parametrize("loader", LOADERS)
@pytest.mark.parametrize(
    ("kind", "message"),
    [
        ("empty", "is empty: expected"),
        ("truncated", "is truncated: its 200 bytes end before its data does \\(an interrupted copy or save\\?\\)"),
        ("truncated older format", "is truncated: its 300 bytes end before its data does"),
        ("text", "is not a file that torch.save wrote \\(it starts with b'not a checkpoint'\\)"),
        ("text t", "is not a file that torch.save wrote \\(it starts with b'this is text\\\\n'\\)"),
        ("text h", "is not a file that torch.save wrote \\(it starts with b'hello\\\\n'\\)"),
        ("text c", "is not a file that torch.save wrote \\(it starts with b'config = 1\\\\n'\\)"),
        ("pickle protocol 4", "holds objects other than tensors and plain data \\(pathlib.Path.touch\\)"),
        (
            "tensors at pickle protocol 4",
            "is not of a kind this package reads: the safe loader refused it \\(Unsupported operand 149: a pickle "
            "protocol above torch.save's default 2\\)",
        ),
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
    elif kind == "truncated older format":
        torch.save({"network": {"w": torch.zeros(1000)}}, path, _use_new_zipfile_serialization=False)
        path.write_bytes(path.read_bytes()[:300])
    elif kind == "tensors at pickle protocol 4":
        torch.save({"network": {"w": torch.zeros(3)}, "network_config": {}}, path, pickle_protocol=4)
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


# -- objects other than tensors and plain data, whatever the pickle and torch's wording ---------------
class _Ordered(collections.OrderedDict):  # type: ignore[type-arg]
    """An ``OrderedDict`` subclass: a class of this module, which the safe loader never builds."""


class _System:
    """Unpickling this calls ``os.system`` (a command that makes a marker file)."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (os.system, (f'echo > "{self.marker}"',))


def _write(path: Path, saved: object, layout: str, protocol: int) -> None:
    if layout == "torch zip":
        torch.save(saved, path, pickle_protocol=protocol)
    elif layout == "torch older format":
        torch.save(saved, path, pickle_protocol=protocol, _use_new_zipfile_serialization=False)
    else:
        path.write_bytes(pickle.dumps(saved, protocol=protocol))


@pytest.mark.filterwarnings("ignore:Detected pickle protocol")
@pytest.mark.parametrize("layout", ["torch zip", "torch older format", "plain pickle"])
@pytest.mark.parametrize("protocol", [2, 4, 5])
@pytest.mark.parametrize("payload", ["OrderedDict subclass", "os.system"])
def test_load_saved__names_objects_other_than_tensors_at_every_pickle_protocol(
    tmp_path: Path, layout: str, protocol: int, payload: str
) -> None:
    """The safe loader refuses these with another wording at each protocol (``Unsupported operand 149`` from
    protocol 4 on, ``... whose module posix is blocked`` for ``os.system``): the message names the objects all the
    same, read from the pickle's instructions."""
    path, marker = tmp_path / "network.pt", tmp_path / "code-ran"
    if payload == "os.system":
        saved: dict[str, Any] = {"network": _System(marker), "network_config": {}}
        names = f"{os.system.__module__}.system"
    else:
        saved = {"network": _Ordered(weight=torch.zeros(2)), "network_config": {}}
        names = f"{_Ordered.__module__}._Ordered"
        if layout == "plain pickle":  # a tensor pickled by pickle itself is rebuilt by a function torch never allows
            names += ", torch.storage._load_from_bytes"
    _write(path, saved, layout, protocol)
    expected = (
        f"{path} holds objects other than tensors and plain data ({names}), which are never loaded (they could run "
        "code): expected a network"
    )
    with pytest.raises(ValueError, match=_exactly(expected)):
        load_saved(path, "a network", ["network"])
    assert not marker.exists()
    with pytest.raises(ValueError, match=re.escape(f"plain data ({names}), which are never loaded")):
        load_network(path)


WORDINGS = [  # the safe loader's refusals across torch versions, and the object each names
    ("Unsupported global: GLOBAL x.Evil was not an allowed global by default.", "x.Evil"),
    ("Trying to load unsupported GLOBAL posix.system whose module posix is blocked.", "posix.system"),
    ("Unsupported class x.Evil", "x.Evil"),
    ("Trying to call reduce for unrecognized function <built-in function system>", "<built-in function system>"),
    ("Can only build Tensor, Parameter, OrderedDict or types allowlisted, but got <class 'x.Evil'>", "x.Evil"),
]


@pytest.mark.parametrize(("wording", "name"), WORDINGS)
def test_load_saved__any_wording_of_a_refused_object_says_it_is_never_loaded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, wording: str, name: str
) -> None:
    path = tmp_path / "network.pt"
    torch.save({"network": {"weight": torch.zeros(2)}}, path)  # tensors only: the name comes from the wording

    def refuse(*args: object, **kwargs: object) -> object:
        raise pickle.UnpicklingError(f"Weights only load failed. {wording}\n\nCheck the documentation of torch.load")

    monkeypatch.setattr(torch, "load", refuse)
    expected = (
        f"{path} holds objects other than tensors and plain data ({name}), which are never loaded (they could run "
        "code): expected a network"
    )
    with pytest.raises(ValueError, match=_exactly(expected)):
        load_saved(path, "a network", ["network"])


def test_load_saved__a_wording_that_names_nothing_still_gets_the_objects_from_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """torch 2.13 words some refusals with no name; the file's own instructions name the objects."""
    path = tmp_path / "network.pt"
    torch.save({"network": _System(tmp_path / "code-ran")}, path)

    def refuse(*args: object, **kwargs: object) -> object:
        raise pickle.UnpicklingError("Weights only load failed: the safe loader refused it")

    monkeypatch.setattr(torch, "load", refuse)
    with pytest.raises(ValueError, match=re.escape("plain data (posix.system), which are never loaded")):
        load_saved(path, "a network", ["network"])


# -- the network of a file: its settings and weights, checked before anything is built ---------------
@pytest.fixture(scope="module")
def checkpoint(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A run's checkpoint (6 x 6, 32 channels, 2 blocks, nothing trained) as the dict it holds."""
    out = tmp_path_factory.mktemp("run")
    config = TrainConfig(board_size=6, channels=32, blocks=2, buffer=64, iterations=1, minutes=0)
    with Trainer(config, out) as trainer:
        trainer.save()
    saved: dict[str, Any] = torch.load(out / "checkpoint.pt", weights_only=True)
    return saved


SHAPE_OF_32 = "a network of 32 channels and 2 blocks on 6x6"
BAD_NETWORKS: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "network_config a list": (
        lambda saved: saved.update(network_config=[6, 32, 2]),
        "network_config must be a dict of board_size, channels and blocks, got a list",
    ),
    "network_config without blocks": (
        lambda saved: saved["network_config"].pop("blocks"),
        "network_config must be a dict of board_size, channels and blocks, got one without blocks",
    ),
    "network_config with another key": (
        lambda saved: saved["network_config"].update(depth=3),
        "network_config must be a dict of board_size, channels and blocks, got one with depth",
    ),
    "channels in the millions": (
        lambda saved: saved["network_config"].update(channels=10**7),
        "channels must be an int from 1 to 1024, got 10000000",
    ),
    "blocks in the hundred millions": (
        lambda saved: saved["network_config"].update(blocks=10**8),
        "blocks must be an int from 0 to 128, got 100000000",
    ),
    "too many weights": (
        lambda saved: saved["network_config"].update(channels=1024, blocks=128),
        "channels 1024 and blocks 128 on 6x6 make a network of 2,416,472,084 weights (9.0 GiB in float32); at most "
        "268,435,456 are allowed: give fewer",
    ),
    "channels as text": (
        lambda saved: saved["network_config"].update(channels="wide"),
        "channels must be an int from 1 to 1024, got 'wide' (str)",
    ),
    "odd board size": (
        lambda saved: saved["network_config"].update(board_size=7),
        "board_size must be even and from 4 to 16, got 7",
    ),
    "weights of another shape": (
        lambda saved: saved["network_config"].update(channels=16),
        "its network weight stem.0.weight is 32x2x3x3, where a network of 16 channels and 2 blocks on 6x6 has 16x2x3x3",
    ),
    "a weight missing": (
        lambda saved: saved["network"].pop("value_head.6.bias"),
        f"its network weights lack value_head.6.bias (a network of {SHAPE_OF_32[13:]})",
    ),
    "a weight too many": (
        lambda saved: saved["network"].update(extra=torch.zeros(1)),
        f"its network weights hold extra, which {SHAPE_OF_32} has not",
    ),
    "a weight that is a list": (
        lambda saved: saved["network"].update({"stem.0.weight": [0.0]}),
        "its network weight stem.0.weight must be a tensor, got a list",
    ),
    "weights a list": (
        lambda saved: saved.update(network=[torch.zeros(1)]),
        "its network weights must be a dict of tensors, got a list",
    ),
}


@pytest.mark.parametrize("loader", LOADERS)
@pytest.mark.parametrize("case", BAD_NETWORKS)
def test_loading__a_bad_network_config_or_weights_is_one_error_naming_the_file(
    tmp_path: Path, checkpoint: dict[str, Any], loader: str, case: str
) -> None:
    path = _file(tmp_path, loader)
    saved = {**checkpoint, "network": dict(checkpoint["network"]), "network_config": dict(checkpoint["network_config"])}
    change, message = BAD_NETWORKS[case]
    change(saved)
    torch.save(saved, path)
    start = time.perf_counter()
    with pytest.raises(ValueError, match=_exactly(f"{path} is not {EXPECTED[loader]}: {message}")):
        LOADERS[loader](path)
    assert time.perf_counter() - start < 10  # checked, never built: no network of petabytes, no endless build


def test_network__bounds_and_the_weights_count_without_building() -> None:
    assert parameter_count(6, 32, 2) == sum(p.numel() for p in PolicyValueNet(6, 32, 2).parameters()) == 42_996
    assert parameter_count(16, 1024, 14) == 264_470_408 <= MAX_PARAMETERS < parameter_count(16, 1024, 15)
    with pytest.raises(ValueError, match=_exactly("blocks must be an int from 0 to 128, got 100000000")):
        PolicyValueNet(8, 64, 10**8)
    with pytest.raises(ValueError, match=_exactly("channels must be an int from 1 to 1024, got 10000000")):
        PolicyValueNet(8, 10**7, 1)
    too_many = (
        "channels 1024 and blocks 15 on 16x16 make a network of 283,348,872 weights (1.1 GiB in float32); at most "
        "268,435,456 are allowed: give fewer"
    )
    with pytest.raises(ValueError, match=_exactly(too_many)):
        TrainConfig(board_size=16, channels=1024, blocks=15)
    with pytest.raises(ValueError, match=_exactly("buffer must be an int from 1 to 100,000,000, got 1000000000000")):
        TrainConfig(buffer=10**12)


CHECKPOINT_CHANGES: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "config a list": (lambda saved: saved.update(config=[6]), "its config is a list, not a dict of settings"),
    "config of a huge network": (
        lambda saved: saved["config"].update(channels=10**7),
        "its config: channels must be an int from 1 to 1024, got 10000000",
    ),
    "config with an unknown setting": (
        lambda saved: saved["config"].update(colour="blue"),
        "its config: TrainConfig.__init__() got an unexpected keyword argument 'colour'",
    ),
    "iteration below 0": (lambda saved: saved.update(iteration=-1), "its iteration is -1, not a whole number >= 0"),
    "elapsed as text": (lambda saved: saved.update(elapsed="long"), "its elapsed is 'long', not seconds >= 0"),
    "log a dict": (lambda saved: saved.update(log={}), "its log is not a list of rows (dicts)"),
}


@pytest.mark.parametrize("case", CHECKPOINT_CHANGES)
def test_trainer__resume_and_export_name_a_checkpoint_whose_entries_are_wrong(
    tmp_path: Path, checkpoint: dict[str, Any], case: str
) -> None:
    path = tmp_path / "checkpoint.pt"
    saved = {**checkpoint, "config": dict(checkpoint["config"])}
    change, message = CHECKPOINT_CHANGES[case]
    change(saved)
    torch.save(saved, path)
    expected = f"{path} is not a training checkpoint this package can read: {message}"
    with pytest.raises(ValueError, match=_exactly(expected)):
        _resume(path)
    if not case.startswith("config "):  # the export copies the config as it is
        with pytest.raises(ValueError, match=_exactly(expected)):
            export_network(path, tmp_path / "network.pt")
        assert not (tmp_path / "network.pt").exists()


def test_trainer__resume_names_a_network_other_than_its_config_and_a_buffer_that_does_not_fit(
    tmp_path: Path, checkpoint: dict[str, Any]
) -> None:
    path = tmp_path / "checkpoint.pt"
    torch.save({**checkpoint, "config": {**checkpoint["config"], "channels": 16}}, path)
    expected = (
        f"{path} is not a training checkpoint this package can resume: its network_config {{'board_size': 6, "
        "'channels': 32, 'blocks': 2} is not its config's {'board_size': 6, 'channels': 16, 'blocks': 2}"
    )
    with pytest.raises(ValueError, match=_exactly(expected)):
        _resume(path)
    torch.save({**checkpoint, "buffer": {**checkpoint["buffer"], "cursor": 10**6}}, path)
    expected = (
        f"{path} is not a training checkpoint this package can resume: its optimiser, buffer or generator does not "
        "fit its settings (ValueError: the replay buffer's cursor must be a whole number from 0 to 63, got 1000000)"
    )
    with pytest.raises(ValueError, match=_exactly(expected)):
        _resume(path)
