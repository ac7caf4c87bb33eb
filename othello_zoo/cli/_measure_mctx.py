"""The side-by-side figure of ``othello-zoo bench --search``: Gumbel MuZero's search from ``mctx``
over ``pgx``'s Othello (both JAX, compiled with ``jit``), with a network of the same shape as
:class:`othello_zoo.alphazero.network.PolicyValueNet` written here in plain JAX (untrained, batch norm folded
into the convolutions as in inference).

Run in a fresh process (``python -m othello_zoo.cli._measure_mctx ROOTS SIMULATIONS``), so that the
two frameworks' thread pools do not slow each other; it prints simulations per second (all roots
together, the compilation left out) on its last line. Needs ``mctx``, ``pgx`` and ``jax``.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from typing import Any

__all__ = ["mctx_rate"]


def _network(channels: int, blocks: int, key: Any) -> tuple[Any, Any]:
    """``(params, apply)``: stem, residual blocks, policy and value heads on ``(B, 8, 8, 2)`` boards."""
    import jax
    import jax.numpy as jnp

    def conv(key: Any, size: int, into: int, out: int) -> dict[str, Any]:
        scale = (2.0 / (size * size * into)) ** 0.5
        return {"w": jax.random.normal(key, (size, size, into, out)) * scale, "b": jnp.zeros(out)}

    def dense(key: Any, into: int, out: int) -> dict[str, Any]:
        return {"w": jax.random.normal(key, (into, out)) * (1.0 / into) ** 0.5, "b": jnp.zeros(out)}

    keys = iter(jax.random.split(key, 6 + 2 * blocks))
    params = {
        "stem": conv(next(keys), 3, 2, channels),
        "blocks": [
            (conv(next(keys), 3, channels, channels), conv(next(keys), 3, channels, channels)) for _ in range(blocks)
        ],
        "policy_conv": conv(next(keys), 1, channels, 2),
        "policy": dense(next(keys), 128, 65),
        "value_conv": conv(next(keys), 1, channels, 1),
        "value_hidden": dense(next(keys), 64, 64),
        "value": dense(next(keys), 64, 1),
    }

    def apply_conv(layer: dict[str, Any], x: Any) -> Any:
        spec = ("NHWC", "HWIO", "NHWC")
        return jax.lax.conv_general_dilated(x, layer["w"], (1, 1), "SAME", dimension_numbers=spec) + layer["b"]

    def apply(params: dict[str, Any], boards: Any) -> tuple[Any, Any]:
        x = jax.nn.relu(apply_conv(params["stem"], boards.astype(jnp.float32)))
        for first, second in params["blocks"]:
            x = jax.nn.relu(x + apply_conv(second, jax.nn.relu(apply_conv(first, x))))
        p = jax.nn.relu(apply_conv(params["policy_conv"], x)).reshape(x.shape[0], -1)
        v = jax.nn.relu(apply_conv(params["value_conv"], x)).reshape(x.shape[0], -1)
        v = jax.nn.relu(v @ params["value_hidden"]["w"] + params["value_hidden"]["b"])
        value = jnp.tanh(v @ params["value"]["w"] + params["value"]["b"])[:, 0]
        return p @ params["policy"]["w"] + params["policy"]["b"], value

    return params, apply


def mctx_rate(roots: int, simulations: int = 32, channels: int = 64, blocks: int = 4, considered: int = 16) -> float:
    """Simulations per second of ``mctx.gumbel_muzero_policy`` over ``roots`` start positions of
    pgx's Othello (the better of two searches after a compiling one)."""
    import jax
    import jax.numpy as jnp
    import mctx
    import pgx

    env = pgx.make("othello")
    params, apply = _network(channels, blocks, jax.random.PRNGKey(0))

    def recurrent(params: Any, key: Any, action: Any, state: Any) -> tuple[Any, Any]:
        mover = state.current_player
        state = jax.vmap(env.step)(state, action, jax.random.split(key, action.shape[0]))
        logits, value = apply(params, state.observation)
        logits = jnp.where(state.legal_action_mask, logits, jnp.finfo(logits.dtype).min)
        reward = state.rewards[jnp.arange(action.shape[0]), mover]
        discount = jnp.where(state.terminated, 0.0, -1.0)  # the next node is the opponent's
        value = jnp.where(state.terminated, 0.0, value)
        return mctx.RecurrentFnOutput(reward=reward, discount=discount, prior_logits=logits, value=value), state

    def plan(params: Any, key: Any, state: Any) -> Any:
        logits, value = apply(params, state.observation)
        root = mctx.RootFnOutput(prior_logits=logits, value=value, embedding=state)
        return mctx.gumbel_muzero_policy(
            params, key, root, recurrent, simulations,
            invalid_actions=~state.legal_action_mask, max_num_considered_actions=considered,
        ).action  # fmt: skip

    search = jax.jit(plan)

    state = jax.vmap(env.init)(jax.random.split(jax.random.PRNGKey(1), roots))
    jax.block_until_ready(search(params, jax.random.PRNGKey(2), state))  # compiles
    best = 0.0
    for k in range(2):
        start = time.perf_counter()
        jax.block_until_ready(search(params, jax.random.PRNGKey(3 + k), state))
        best = max(best, roots * simulations / (time.perf_counter() - start))
    return best


def _main(argv: Sequence[str]) -> int:
    roots, simulations = (int(a) for a in argv)
    print(mctx_rate(roots, simulations))
    return 0


if __name__ == "__main__":
    raise SystemExit(_main(sys.argv[1:]))
