"""Root noise: draws of a Dirichlet distribution over each root's legal actions, batched, from a given generator."""

from __future__ import annotations

import math

import torch
from torch import Tensor

from othello_zoo.core.checks import check_real

__all__ = ["dirichlet"]


def dirichlet(mask: Tensor, alpha: float, generator: torch.Generator) -> Tensor:
    """float32 ``(N, A)``: a draw of ``Dir(alpha)`` over each row's ``True`` entries (0 elsewhere),
    from ``generator`` alone (Marsaglia and Tsang's gamma sampler, its rejection rounds batched).

    >>> noise = dirichlet(torch.tensor([[True, False, True]]), 0.3, torch.Generator().manual_seed(0))
    >>> float(noise.sum()), float(noise[0, 1])
    (1.0, 0.0)
    """
    alpha = check_real("alpha", alpha, low=0.0, open_low=True)
    shape, device = mask.shape, mask.device
    boost = alpha < 1  # Gamma(a) = Gamma(a + 1) * U ** (1 / a), taken in logs (U ** (1 / a) underflows)
    a = alpha + 1 if boost else alpha
    d = a - 1 / 3
    c = 1 / math.sqrt(9 * d)
    rounds = 16  # each round accepts with probability > 0.95: all 16 fail about once in 10**20 draws
    x = torch.randn((rounds, *shape), generator=generator, device=device)
    u = torch.rand((rounds, *shape), generator=generator, device=device)
    v = (1 + c * x) ** 3
    accept = (v > 0) & (u.log() < 0.5 * x * x + d - d * v + d * v.clamp(min=1e-30).log())
    first = accept.to(torch.int8).argmax(0, keepdim=True)
    log_gamma = torch.log(d * torch.where(accept.any(0), v.gather(0, first).squeeze(0), 1.0))
    if boost:
        log_gamma = log_gamma + torch.rand(shape, generator=generator, device=device).clamp(min=1e-30).log() / alpha
    noise = torch.softmax(log_gamma.masked_fill(~mask, -math.inf), dim=1)
    return torch.nan_to_num(noise)  # a row with no True entry: all 0
