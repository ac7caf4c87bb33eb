"""The rollout evaluator: random games played to the end from each position, on the engine."""

from __future__ import annotations

from collections.abc import Hashable

import torch
from torch import Tensor

from othello_zoo import engine
from othello_zoo.core.checks import check_int, generator_device
from othello_zoo.engine.kernels.bitboard import bitboard_kernel
from othello_zoo.runtime.threads import uses_adaptive_threads
from othello_zoo.search._evaluate import Evaluator
from othello_zoo.search._playout import random_playouts

__all__ = ["rollout_evaluator"]


def rollout_evaluator(
    board_size: int, playouts: int = 1, generator: torch.Generator | None = None, backend: str = "auto"
) -> Evaluator:
    """An evaluator playing ``playouts`` random games to the end from each position on the engine:
    uniform logits, and the mean result (+1 / -1 / 0) for the player to move. It reads the host
    once every 8 plies to stop when every game is over."""
    playouts = check_int("playouts", playouts, low=1)
    resolved = engine.resolve_backend(backend, board_size)  # type: ignore[arg-type]
    generators = {} if generator is None else {generator_device(generator): generator}

    def threads_key(observation: Tensor, *_: object) -> Hashable | None:  # exact integer play: threads by timing
        return ("rollouts", board_size, playouts, observation.shape[0].bit_length()) if observation.is_cpu else None

    @uses_adaptive_threads(threads_key)
    def evaluate(observation: Tensor, mask: Tensor) -> tuple[Tensor, Tensor]:
        batch, device = observation.shape[0], observation.device
        if observation.shape[-1] != board_size:
            n = observation.shape[-1]
            raise ValueError(f"this evaluator plays {board_size}x{board_size}, the observations are {n}x{n}")
        if device not in generators:  # seeded 0 on the observations' device where none was given
            generators[device] = torch.Generator(device=device).manual_seed(0)
        own = generators[device]
        planes = observation.flatten(2).bool().repeat(playouts, 1, 1)
        if resolved == "bitboard":  # the playout loop of _playout: only what a random game needs
            result = random_playouts(bitboard_kernel(board_size, device).encode(planes), board_size, own)
        else:
            black = torch.zeros(batch * playouts, dtype=torch.int64, device=device)
            state = engine.from_planes(planes, black, board_size, backend=resolved)
            for ply in range(2 * board_size * board_size):  # more than the longest game
                state = engine.step(state, engine.random_actions(state, own), illegal_action="lose")
                if ply % 8 == 7 and bool(state.terminated.all()):
                    break
            counts = engine.scores(state)  # the mover played black
            result = torch.sign(counts[:, 0] - counts[:, 1]).to(torch.float32)
        return torch.zeros(mask.shape, device=mask.device), result.view(playouts, batch).mean(0)

    return evaluate
