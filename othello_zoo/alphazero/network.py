"""A small residual policy-value network for the tree search (AlphaZero's shape, sized down).

``PolicyValueNet(board_size, channels, blocks)`` reads the mover's planes (``(B, 2, n, n)``: its
discs, then the opponent's) and returns ``(logits (B, n*n + 1), value (B,))``, the value in
``[-1, 1]`` for the player to move. :meth:`PolicyValueNet.evaluator` wraps it as the evaluator of
:class:`othello_zoo.search.BatchedSearch` (no gradients, evaluation mode).

>>> import torch
>>> net = PolicyValueNet(board_size=6, channels=16, blocks=1)
>>> logits, value = net(torch.zeros(3, 2, 6, 6))
>>> tuple(logits.shape), tuple(value.shape)
((3, 37), (3,))

Its size is bounded (:data:`MAX_CHANNELS`, :data:`MAX_BLOCKS`, :data:`MAX_PARAMETERS`), and a saved network is
checked before anything is built: :func:`check_network_config` reads its settings, :func:`check_weights` compares
its weights' names and shapes with those the settings give, so that a wrong or crafted file is one clear error,
never a network of petabytes or a build that does not end.
"""

from __future__ import annotations

import functools
import operator
import weakref
from collections.abc import Callable, Hashable, Mapping
from typing import NamedTuple

import torch
import torch.nn.functional as F
from torch import Tensor, nn

from othello_zoo.core.checks import check_int
from othello_zoo.core.notation import check_board_size
from othello_zoo.runtime.threads import uses_adaptive_threads
from othello_zoo.search import Evaluator

__all__ = ["MAX_BLOCKS", "MAX_CHANNELS", "MAX_PARAMETERS", "PolicyValueNet", "check_network_config", "check_weights"]
__all__ += ["parameter_count"]

MAX_CHANNELS = 1024
"""The widest network: four times AlphaZero's 256 channels."""
MAX_BLOCKS = 128
"""The deepest network: over three times AlphaZero's 40 residual blocks."""
MAX_PARAMETERS = 2**28
"""The most weights a network may have (268 million, 1 GiB in float32; AlphaZero's 40 blocks of 256 channels had
about 47 million): channels and blocks within their bounds can still multiply to more."""
NETWORK_CONFIG_KEYS = ("board_size", "channels", "blocks")


def parameter_count(board_size: int, channels: int, blocks: int) -> int:
    """The number of weights of ``PolicyValueNet(board_size, channels, blocks)``, worked out without building it.

    >>> parameter_count(8, 48, 4) == sum(p.numel() for p in PolicyValueNet(8, 48, 4).parameters())
    True
    """
    squares = board_size * board_size
    stem = 2 * channels * 9 + 2 * channels  # the 3 x 3 convolution from the two planes, its batch norm
    block = 2 * (channels * channels * 9 + 2 * channels)  # two 3 x 3 convolutions, two batch norms
    policy = channels * 2 + 2 * 2 + 2 * squares * (squares + 1) + squares + 1
    value = channels + 2 + squares * 64 + 64 + 64 + 1
    return stem + blocks * block + policy + value


def check_network_config(config: object) -> dict[str, int]:
    """The settings of a saved network (``network_config``), checked: a dict of exactly ``board_size`` (even, 4 to
    16), ``channels`` (1 to :data:`MAX_CHANNELS`) and ``blocks`` (0 to :data:`MAX_BLOCKS`), whose network has at most
    :data:`MAX_PARAMETERS` weights. Raises ``ValueError`` (``TypeError`` for a value of the wrong type) saying what
    is wrong and what is allowed.

    >>> check_network_config({"board_size": 8, "channels": 48, "blocks": 4})
    {'board_size': 8, 'channels': 48, 'blocks': 4}
    >>> check_network_config([8, 48, 4])
    Traceback (most recent call last):
    ...
    ValueError: network_config must be a dict of board_size, channels and blocks, got a list
    """
    if not isinstance(config, Mapping):
        raise ValueError(f"network_config must be a dict of board_size, channels and blocks, got a {_kind(config)}")
    missing = [key for key in NETWORK_CONFIG_KEYS if key not in config]
    unknown = sorted(str(key) for key in config if key not in NETWORK_CONFIG_KEYS)
    if missing or unknown:
        parts = [f"without {', '.join(missing)}"] if missing else []
        parts += [f"with {', '.join(unknown)}"] if unknown else []
        wanted = "network_config must be a dict of board_size, channels and blocks"
        raise ValueError(f"{wanted}, got one {' and '.join(parts)}")
    n = check_board_size(config["board_size"])
    channels = check_int("channels", config["channels"], low=1, high=MAX_CHANNELS)
    blocks = check_int("blocks", config["blocks"], low=0, high=MAX_BLOCKS)
    _check_size(n, channels, blocks)
    return {"board_size": n, "channels": channels, "blocks": blocks}


def check_weights(config: Mapping[str, int], weights: object) -> None:
    """Checks that ``weights`` (a saved ``state_dict``) are a dict of tensors with exactly the names and shapes of the
    network that ``config`` (checked by :func:`check_network_config`) builds; a ``ValueError`` names the first
    difference. Nothing is allocated: the network is laid out on the meta device."""
    if not isinstance(weights, Mapping):
        raise ValueError(f"its network weights must be a dict of tensors, got a {_kind(weights)}")
    with torch.device("meta"):
        expected = {name: tuple(value.shape) for name, value in PolicyValueNet(**config).state_dict().items()}
    shape_text = "x".join
    for name, shape in expected.items():
        value = weights.get(name)
        if value is None:
            raise ValueError(f"its network weights lack {name} (a network of {_config_text(config)})")
        if not isinstance(value, torch.Tensor):
            raise ValueError(f"its network weight {name} must be a tensor, got a {_kind(value)}")
        if tuple(value.shape) != shape:
            have, want = shape_text(map(str, value.shape)) or "scalar", shape_text(map(str, shape)) or "scalar"
            raise ValueError(
                f"its network weight {name} is {have}, where a network of {_config_text(config)} has {want}"
            )
    unknown = sorted(str(name) for name in weights if name not in expected)
    if unknown:
        raise ValueError(f"its network weights hold {unknown[0]}, which a network of {_config_text(config)} has not")


def _check_size(board_size: int, channels: int, blocks: int) -> None:
    count = parameter_count(board_size, channels, blocks)
    if count > MAX_PARAMETERS:
        raise ValueError(
            f"channels {channels} and blocks {blocks} on {board_size}x{board_size} make a network of {count:,} "
            f"weights ({count * 4 / 2**30:.1f} GiB in float32); at most {MAX_PARAMETERS:,} are allowed: give fewer"
        )


def _config_text(config: Mapping[str, int]) -> str:
    n = config["board_size"]
    return f"{config['channels']} channels and {config['blocks']} blocks on {n}x{n}"


def _kind(value: object) -> str:
    return type(value).__name__


class _Block(nn.Module):
    """Two 3 x 3 convolutions with batch norm, and the input added back."""

    def __init__(self, channels: int) -> None:
        super().__init__()
        self.conv1 = nn.Conv2d(channels, channels, 3, padding=1, bias=False)
        self.norm1 = nn.BatchNorm2d(channels)
        self.conv2 = nn.Conv2d(channels, channels, 3, padding=1, bias=False)
        self.norm2 = nn.BatchNorm2d(channels)

    def forward(self, x: Tensor) -> Tensor:
        y = torch.relu(self.norm1(self.conv1(x)))
        return torch.relu(x + self.norm2(self.conv2(y)))


class PolicyValueNet(nn.Module):
    """A stem, ``blocks`` residual blocks of ``channels`` channels, a policy head and a value head."""

    def __init__(self, board_size: int = 8, channels: int = 64, blocks: int = 4) -> None:
        super().__init__()
        n = check_board_size(board_size)
        self.board_size = n
        self.channels = check_int("channels", channels, low=1, high=MAX_CHANNELS)
        self.blocks = check_int("blocks", blocks, low=0, high=MAX_BLOCKS)
        _check_size(n, self.channels, self.blocks)
        self.stem = nn.Sequential(nn.Conv2d(2, channels, 3, padding=1, bias=False), nn.BatchNorm2d(channels), nn.ReLU())
        self.body = nn.Sequential(*[_Block(channels) for _ in range(blocks)])
        self.policy_head = nn.Sequential(
            nn.Conv2d(channels, 2, 1, bias=False),
            nn.BatchNorm2d(2),
            nn.ReLU(),
            nn.Flatten(),
            nn.Linear(2 * n * n, n * n + 1),
        )
        self.value_head = nn.Sequential(
            nn.Conv2d(channels, 1, 1, bias=False),
            nn.BatchNorm2d(1),
            nn.ReLU(),
            nn.Flatten(),
            nn.Linear(n * n, 64),
            nn.ReLU(),
            nn.Linear(64, 1),
            nn.Tanh(),
        )

    def forward(self, observation: Tensor) -> tuple[Tensor, Tensor]:
        """``(logits (B, n*n + 1), value (B,))`` of the mover's planes ``(B, 2, n, n)`` (any dtype)."""
        dtype = next(self.parameters()).dtype
        x = self.body(self.stem(observation.to(dtype)))
        return self.policy_head(x), self.value_head(x).squeeze(1)

    def config(self) -> dict[str, int]:
        """The constructor's arguments, to rebuild the network from a checkpoint."""
        return {"board_size": self.board_size, "channels": self.channels, "blocks": self.blocks}

    def evaluator(self) -> Evaluator:
        """This network as a search evaluator: evaluation mode, no gradients, illegal logits masked. On the CPU
        its threads are chosen by timing under the ``"auto"`` thread setting (see ``othello_zoo.runtime.threads``;
        the network's outputs were bitwise the same at 1 and 2 threads, and a test holds them to it).

        Its traceable form (what a compiled search compiles into its graph) is :meth:`predict` on the folded
        weights that its ``prepare`` (called by the search before each run, outside the graph) has worked out:
        oneDNN's convolutions, as fast inside a compiled search as eagerly, within float32 rounding of the eager
        evaluator (the residual sum is the graph's own: 6e-8 apart in a test), and weights changed between searches
        (training) are read by the next one. Called as it is, outside a compilation, it folds the weights itself."""

        def threads_key(observation: Tensor, *_: object) -> Hashable | None:
            if observation.device.type != "cpu":
                return None
            return ("network", self.board_size, self.channels, self.blocks, observation.shape[0].bit_length())

        prepared: dict[str, _FoldedWeights] = {}  # the weights the traced form reads (a compiled graph's inputs)
        fused = _traced_fused_body if _fused_convolutions() else None

        def prepare() -> Hashable:
            folded = prepared["folded"] = self._folded()
            return ("network", folded.dtype, folded.stem[0].device)

        def traced(observation: Tensor, mask: Tensor) -> tuple[Tensor, Tensor]:
            # Compiled, the weights its search prepared (the graph's inputs); called as it is, the weights now.
            folded = prepared["folded"] if torch.compiler.is_compiling() else self._folded()
            logits, value = self._predict(folded, observation, fused)
            return logits.masked_fill(~mask, -1e9), value

        @uses_adaptive_threads(threads_key)
        def evaluate(observation: Tensor, mask: Tensor) -> tuple[Tensor, Tensor]:
            with torch.no_grad():
                logits, value = self.predict(observation)
                return logits.masked_fill(~mask, -1e9), value

        traced.prepare = prepare  # type: ignore[attr-defined]
        evaluate.traceable = traced  # type: ignore[attr-defined]  # what a compiled search compiles (no_grad there)
        return evaluate

    def infer(self, observation: Tensor) -> tuple[Tensor, Tensor]:
        """:meth:`forward` in evaluation mode (batch norm from its running statistics) whatever :attr:`training`
        says, written as the functions the layers call: the same operations in the same order, so the same
        outputs bit for bit, without switching the modules' mode. The evaluator used to switch to ``eval()`` and
        back for each call, which walks every module twice: a search evaluates one small batch at a time, and the
        switching was about a sixth of a 256-simulation search's time on one board (10-25% faster a move now)."""
        stem_conv, stem_norm, _ = self.stem
        x = _norm(stem_norm, _conv(stem_conv, observation.to(self.stem_dtype()))).relu()
        for block in self.body:
            y = _norm(block.norm1, _conv(block.conv1, x)).relu()
            x = (x + _norm(block.norm2, _conv(block.conv2, y))).relu()
        p_conv, p_norm, _, _, p_linear = self.policy_head
        policy = _norm(p_norm, _conv(p_conv, x)).relu().flatten(1)
        v_conv, v_norm, _, _, v_hidden, _, v_out, _ = self.value_head
        value = _norm(v_norm, _conv(v_conv, x)).relu().flatten(1)
        value = _linear(v_out, _linear(v_hidden, value).relu()).tanh()
        return _linear(p_linear, policy), value.squeeze(1)

    def predict(self, observation: Tensor) -> tuple[Tensor, Tensor]:
        """:meth:`infer`'s outputs within float32 rounding (a few units in the last place), at up to twice its
        speed: the form the search's evaluator runs eagerly. Each batch norm is folded into the convolution before
        it (a weight and a bias), the weights are laid out channels-last on the CPU, and from
        :data:`FUSED_BATCH` positions on a float32 CPU network runs its body on oneDNN's convolutions with the
        bias, the residual sum and the ReLU done inside them (no pass of their own over the activations).

        The folded weights are worked out again whenever a weight or a statistic has changed (training, a load,
        a move to another device): each call compares the tensors and their version counters with those it last
        folded, which costs microseconds. The layers themselves are listed once (a network's layers are fixed by its
        settings). Call it under ``torch.no_grad()``; it never computes gradients."""
        folded = self._folded()
        if not _fused_convolutions():
            return self._predict(folded, observation, None)
        packed = self._packed(folded)
        return self._predict(
            folded, observation, _fused_body if packed is None else lambda _, x: _fused_body(packed, x)
        )

    def _predict(self, folded: _FoldedWeights, observation: Tensor, body: _Body | None) -> tuple[Tensor, Tensor]:
        """:meth:`predict` on ``folded``, the body on oneDNN's fused convolutions by ``body`` where it applies
        (``None``: never); the eager form and the traced one (the search's compiled graph) alike."""
        x = observation.to(folded.dtype)
        cpu = x.device.type == "cpu"
        if cpu:
            x = x.contiguous(memory_format=torch.channels_last)
        if body is not None and cpu and folded.dtype == torch.float32 and x.shape[0] >= FUSED_BATCH:
            x = body(folded, x)
        else:
            x = F.conv2d(x, *folded.stem, padding=1).relu()
            for (w1, b1), (w2, b2) in folded.blocks:
                x = (x + F.conv2d(F.conv2d(x, w1, b1, padding=1).relu(), w2, b2, padding=1)).relu()
        policy = F.conv2d(x, *folded.policy).relu().flatten(1)
        value = F.conv2d(x, *folded.value).relu().flatten(1)
        p_linear, v_hidden, v_out = self.policy_head[4], self.value_head[4], self.value_head[6]
        value = _linear(v_out, _linear(v_hidden, value).relu()).tanh()
        return _linear(p_linear, policy), value.squeeze(1)

    def _folded(self) -> _FoldedWeights:
        """The folded weights of :meth:`predict`, worked out again when any weight or statistic has changed."""
        modules = self.__dict__.get("_module_list")
        if modules is None:  # the layers never change; their tensors may (a load, a move to another device)
            modules = self.__dict__["_module_list"] = tuple(self.modules())
        # Read from the modules' own dicts: self.parameters() walks the modules through generators, about 0.6 ms a
        # call, half of a call's whole time on one position.
        sources = tuple(t for m in modules for d in (m._parameters, m._buffers) for t in d.values() if t is not None)
        stamp = tuple(t._version for t in sources)
        cached = self.__dict__.get("_folded_cache")
        if cached is not None and cached[1] == stamp and all(map(operator.is_, cached[0], sources)):
            return cached[2]  # type: ignore[no-any-return]
        with torch.no_grad():
            channels_last = sources[0].device.type == "cpu"
            stem_conv, stem_norm, _ = self.stem
            folded = _FoldedWeights(
                dtype=sources[0].dtype,
                stem=_fold(stem_conv, stem_norm, channels_last),
                blocks=tuple(
                    (_fold(b.conv1, b.norm1, channels_last), _fold(b.conv2, b.norm2, channels_last)) for b in self.body
                ),
                policy=_fold(self.policy_head[0], self.policy_head[1], channels_last),
                value=_fold(self.value_head[0], self.value_head[1], channels_last),
            )
        self.__dict__["_folded_cache"] = (sources, stamp, folded)  # outside the module's state: never saved
        return folded

    def _packed(self, folded: _FoldedWeights) -> _FoldedWeights | None:
        """``folded`` with the body's convolution weights reordered once into oneDNN's own layout for them (the
        fused body's eager form: each call otherwise reorders every weight, some 15% of a call on 2 to 64 positions,
        the same outputs bit for bit), made again when ``folded`` is; ``None`` on another device or dtype, or where
        this torch cannot reorder them. Kept beside the network, not in it: a network is copied and pickled whole,
        and tensors of oneDNN's layout can be neither."""
        kept = _PACKED.get(self)
        if kept is not None and kept[0] is folded:
            return kept[1]
        packed = None
        if folded.stem[0].device.type == "cpu" and folded.dtype == torch.float32:
            packed = _packed_weights(folded, self.board_size)
        _PACKED[self] = (folded, packed)
        return packed

    def stem_dtype(self) -> torch.dtype:
        """The dtype of the network's weights (what observations are converted to)."""
        return next(self.parameters()).dtype


FUSED_BATCH = 2
"""From this many positions :meth:`PolicyValueNet.predict` runs a float32 CPU network's body on oneDNN's fused
convolutions; below it, torch's own convolution (channels-last) is the faster. The 64 x 4 network on two threads of
an AVX-512 Xeon, microseconds a call by batch (1, 2, 4, 8): torch's 497, 1,006, 1,356, 1,655; oneDNN's with its
weights reordered once (:meth:`PolicyValueNet._packed`) 728, 884, 1,176, 1,489 (4 before the weights were: oneDNN's
then took 1,006, 1,124, 1,358, 1,765)."""

_PACKED: weakref.WeakKeyDictionary[PolicyValueNet, tuple[_FoldedWeights, _FoldedWeights | None]] = (
    weakref.WeakKeyDictionary()
)


def _packed_weights(folded: _FoldedWeights, board_size: int) -> _FoldedWeights | None:
    """The stem's and blocks' weights of ``folded`` in oneDNN's layout for a convolution over boards of
    ``board_size`` (chosen for 8 positions; oneDNN uses it at every batch), or ``None`` where this torch has no
    reorder."""
    if not _packing_works():
        return None
    reorder = torch.ops.mkldnn._reorder_convolution_weight

    def packed(weight: Tensor) -> Tensor:
        return reorder(weight, _ONE, _ONE, _ONE, 1, [8, weight.shape[1], board_size, board_size])  # type: ignore[no-any-return]

    try:
        with torch.no_grad():
            stem = (packed(folded.stem[0]), folded.stem[1])
            blocks = tuple(((packed(w1), b1), (packed(w2), b2)) for (w1, b1), (w2, b2) in folded.blocks)
    except (RuntimeError, NotImplementedError):
        return None
    return folded._replace(stem=stem, blocks=blocks)


class _FoldedWeights(NamedTuple):
    """Each convolution's weight and bias with the batch norm after it folded in (:meth:`PolicyValueNet.predict`)."""

    dtype: torch.dtype
    stem: tuple[Tensor, Tensor]
    blocks: tuple[tuple[tuple[Tensor, Tensor], tuple[Tensor, Tensor]], ...]
    policy: tuple[Tensor, Tensor]
    value: tuple[Tensor, Tensor]


def _fold(conv: object, norm: object, channels_last: bool) -> tuple[Tensor, Tensor]:
    """``norm(conv(x))`` in evaluation mode as one convolution's ``(weight, bias)``."""
    assert isinstance(conv, nn.Conv2d)
    assert isinstance(norm, nn.BatchNorm2d)
    assert norm.running_mean is not None
    assert norm.running_var is not None
    scale = norm.weight / torch.sqrt(norm.running_var + norm.eps)
    weight = (conv.weight * scale.view(-1, 1, 1, 1)).detach()
    bias = (norm.bias - norm.running_mean * scale).detach()
    if channels_last:
        weight = weight.contiguous(memory_format=torch.channels_last)
    return weight, bias


_Body = Callable[[_FoldedWeights, Tensor], Tensor]
_ONE = [1, 1]


def _fused_body(folded: _FoldedWeights, x: Tensor) -> Tensor:
    """The stem and the residual blocks on oneDNN's convolutions with their bias, sum and ReLU inside."""
    conv_relu = torch.ops.mkldnn._convolution_pointwise
    conv_add_relu = torch.ops.mkldnn._convolution_pointwise_.binary  # into its first argument: x += conv(y); relu
    x = conv_relu(x, *folded.stem, _ONE, _ONE, _ONE, 1, "relu", [None], "")
    for (w1, b1), (w2, b2) in folded.blocks:
        y = conv_relu(x, w1, b1, _ONE, _ONE, _ONE, 1, "relu", [None], "")
        x = conv_add_relu(x, y, w2, b2, _ONE, _ONE, _ONE, 1, "add", 1.0, "relu", [None], "")
    return x


def _traced_fused_body(folded: _FoldedWeights, x: Tensor) -> Tensor:
    """:func:`_fused_body` as ``torch.compile`` traces it: oneDNN's in-place sum has no shape function for the
    compiler, so the residual sum and its ReLU are the compiled graph's own (one pass it fuses; oneDNN adds the
    bias and the residual in another order, so the two agree within float32 rounding)."""
    conv = torch.ops.mkldnn._convolution_pointwise
    x = conv(x, *folded.stem, _ONE, _ONE, _ONE, 1, "relu", [None], "")
    for (w1, b1), (w2, b2) in folded.blocks:
        y = conv(x, w1, b1, _ONE, _ONE, _ONE, 1, "relu", [None], "")
        x = (x + conv(y, w2, b2, _ONE, _ONE, _ONE, 1, "none", [None], "")).relu()
    return x


def _probe() -> tuple[Tensor, _FoldedWeights]:
    """A small case for the probes of oneDNN's convolutions: 4 inputs of 3 channels on 5 x 5, channels-last, and a
    network of one 3 x 3 weight and bias everywhere."""
    generator = torch.Generator().manual_seed(0)
    x = torch.randn(4, 3, 5, 5, generator=generator).contiguous(memory_format=torch.channels_last)
    w = torch.randn(3, 3, 3, 3, generator=generator).contiguous(memory_format=torch.channels_last)
    b = torch.randn(3, generator=generator)
    return x, _FoldedWeights(torch.float32, (w, b), (((w, b), (w, b)),), (w, b), (w, b))


@functools.cache
def _fused_convolutions() -> bool:
    """Whether this torch has oneDNN's fused convolutions and they agree with torch's own on a small case."""
    if not torch.backends.mkldnn.is_available() or not hasattr(torch.ops.mkldnn, "_convolution_pointwise"):
        return False
    try:
        x, folded = _probe()
        (w, b) = folded.stem
        with torch.no_grad():
            got = _fused_body(folded, x)
            want = F.conv2d(x, w, b, padding=1).relu()
            y = F.conv2d(want, w, b, padding=1).relu()
            want = (want + F.conv2d(y, w, b, padding=1)).relu()
        return bool(torch.allclose(got, want, rtol=1e-4, atol=1e-4))
    except (RuntimeError, NotImplementedError):
        return False


@functools.cache
def _packing_works() -> bool:
    """Whether oneDNN's fused convolutions on reordered weights give what they give on plain ones, on a small case
    (bit for bit: the same kernels, the weights read in another layout)."""
    if not _fused_convolutions() or not hasattr(torch.ops.mkldnn, "_reorder_convolution_weight"):
        return False
    try:
        x, plain = _probe()
        (w, b) = plain.stem
        packed = torch.ops.mkldnn._reorder_convolution_weight(w, _ONE, _ONE, _ONE, 1, [8, 3, 5, 5])
        reordered = plain._replace(stem=(packed, b), blocks=(((packed, b), (packed, b)),))
        with torch.no_grad():
            return bool(torch.equal(_fused_body(plain, x), _fused_body(reordered, x)))
    except (RuntimeError, NotImplementedError):
        return False


def _conv(layer: object, x: Tensor) -> Tensor:
    """``layer`` (a ``Conv2d`` without bias) as its function."""
    assert isinstance(layer, nn.Conv2d)
    return F.conv2d(x, layer.weight, None, layer.stride, layer.padding)


def _linear(layer: object, x: Tensor) -> Tensor:
    """``layer`` (a ``Linear``) as its function."""
    assert isinstance(layer, nn.Linear)
    return F.linear(x, layer.weight, layer.bias)


def _norm(norm: object, x: Tensor) -> Tensor:
    """``norm`` (a ``BatchNorm2d``) as in evaluation mode: from its running statistics."""
    assert isinstance(norm, nn.BatchNorm2d)
    return F.batch_norm(x, norm.running_mean, norm.running_var, norm.weight, norm.bias, False, 0.0, norm.eps)
