"""PPO written the way CleanRL's single-file ``ppo.py`` is written, on ``othello_zoo/Othello-v0``, with a masked policy.

The loop is CleanRL's: a Gymnasium vector env, ``num_steps`` of rollout into fixed tensors, generalised advantage
estimation, ``update_epochs`` passes of minibatch updates with the clipped objective. What Othello adds is the mask:
the legal moves come in ``infos["action_mask"]`` and the policy's logits are set to a large negative number on the
illegal ones before sampling, so the agent never plays an illegal move. The env is either a ``SyncVectorEnv`` of
``gymnasium.make`` (``--vector sync``, CleanRL's default) or the native batched env of
``gymnasium.make_vec(..., vectorization_mode="vector_entry_point")`` (``--vector native``), unchanged but for the id.

    python examples/cleanrl_ppo.py --vector native --num-envs 64 --total-timesteps 200000
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import torch
from torch import Tensor, nn
from torch.distributions import Categorical

import othello_zoo

ID = othello_zoo.GYMNASIUM_ID


def make_envs(kind: str, num_envs: int, opponent: str, board_size: int) -> gymnasium.vector.VectorEnv:
    settings = {"opponent": opponent, "board_size": board_size, "learner": "random"}
    if kind == "sync":
        return gymnasium.vector.SyncVectorEnv([lambda: gymnasium.make(ID, **settings) for _ in range(num_envs)])
    return gymnasium.make_vec(ID, num_envs=num_envs, vectorization_mode="vector_entry_point", **settings)


def layer(module: nn.Linear, std: float = 2**0.5) -> nn.Linear:
    nn.init.orthogonal_(module.weight, std)
    nn.init.constant_(module.bias, 0.0)
    return module


class Agent(nn.Module):
    """An actor and a critic over the flattened planes; the actor's logits masked to the legal moves."""

    def __init__(self, board_size: int) -> None:
        super().__init__()
        inputs, actions = 2 * board_size * board_size, board_size * board_size + 1
        self.critic = nn.Sequential(layer(nn.Linear(inputs, 128)), nn.Tanh(), layer(nn.Linear(128, 1), 1.0))
        self.actor = nn.Sequential(layer(nn.Linear(inputs, 128)), nn.Tanh(), layer(nn.Linear(128, actions), 0.01))

    def value(self, x: Tensor) -> Tensor:
        return self.critic(x.flatten(1)).squeeze(-1)

    def act(self, x: Tensor, mask: Tensor, action: Tensor | None = None) -> tuple[Tensor, Tensor, Tensor, Tensor]:
        logits = self.actor(x.flatten(1)).masked_fill(~mask, -1e8)
        dist = Categorical(logits=logits)
        action = dist.sample() if action is None else action
        return action, dist.log_prob(action), dist.entropy(), self.value(x)


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--vector", choices=["sync", "native"], default="sync", help="the vector env (default: sync)")
    parser.add_argument("--opponent", default="random", help="a built-in agent's name (default: random)")
    parser.add_argument("--board-size", type=int, default=8)
    parser.add_argument("--num-envs", type=int, default=8)
    parser.add_argument("--num-steps", type=int, default=128, help="rollout steps per env and update")
    parser.add_argument("--total-timesteps", type=int, default=100_000)
    parser.add_argument("--learning-rate", type=float, default=2.5e-4)
    parser.add_argument("--update-epochs", type=int, default=4)
    parser.add_argument("--num-minibatches", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    gamma, gae_lambda, clip, ent_coef, vf_coef, max_grad_norm = 0.99, 0.95, 0.2, 0.01, 0.5, 0.5
    torch.manual_seed(args.seed)

    envs = make_envs(args.vector, args.num_envs, args.opponent, args.board_size)
    agent = Agent(args.board_size)
    optimizer = torch.optim.Adam(agent.parameters(), lr=args.learning_rate, eps=1e-5)
    shape = (args.num_steps, args.num_envs)
    obs = torch.zeros(shape + envs.single_observation_space.shape)
    masks = torch.zeros((*shape, envs.single_action_space.n), dtype=torch.bool)
    actions, logprobs, rewards, dones, values = (torch.zeros(shape) for _ in range(5))

    next_obs_np, infos = envs.reset(seed=args.seed)
    next_obs, next_mask = torch.as_tensor(next_obs_np, dtype=torch.float32), torch.as_tensor(infos["action_mask"] > 0)
    next_done = torch.zeros(args.num_envs)
    episodes: list[float] = []
    start, step = time.perf_counter(), 0
    batch_size = args.num_envs * args.num_steps
    for _ in range(max(1, args.total_timesteps // batch_size)):
        for t in range(args.num_steps):
            step += args.num_envs
            obs[t], masks[t], dones[t] = next_obs, next_mask, next_done
            with torch.no_grad():
                action, logprob, _, value = agent.act(next_obs, next_mask)
            actions[t], logprobs[t], values[t] = action, logprob, value
            next_obs_np, reward, terminated, truncated, infos = envs.step(action.numpy())
            done = np.logical_or(terminated, truncated)
            rewards[t] = torch.as_tensor(reward, dtype=torch.float32)
            episodes += [float(r) for r in np.asarray(reward)[done]]
            next_obs = torch.as_tensor(next_obs_np, dtype=torch.float32)
            next_mask, next_done = torch.as_tensor(infos["action_mask"] > 0), torch.as_tensor(done, dtype=torch.float32)
            # Gymnasium's next-step autoreset: the step after an end is a reset, whose action is ignored.
        with torch.no_grad():
            advantages = torch.zeros(shape)
            last = torch.zeros(args.num_envs)
            next_value = agent.value(next_obs)
            for t in reversed(range(args.num_steps)):
                following = next_value if t == args.num_steps - 1 else values[t + 1]
                not_done = 1.0 - (next_done if t == args.num_steps - 1 else dones[t + 1])
                delta = rewards[t] + gamma * following * not_done - values[t]
                last = delta + gamma * gae_lambda * not_done * last
                advantages[t] = last
            returns = advantages + values
        flat = [x.reshape(batch_size, *x.shape[2:]) for x in (obs, masks, actions, logprobs, advantages, returns)]
        b_obs, b_masks, b_actions, b_logprobs, b_advantages, b_returns = flat
        minibatch = batch_size // args.num_minibatches
        for _ in range(args.update_epochs):
            for index in torch.randperm(batch_size).split(minibatch):
                _, newlog, entropy, newvalue = agent.act(b_obs[index], b_masks[index], b_actions[index].long())
                ratio = (newlog - b_logprobs[index]).exp()
                adv = b_advantages[index]
                adv = (adv - adv.mean()) / (adv.std() + 1e-8)
                policy_loss = torch.max(-adv * ratio, -adv * ratio.clamp(1 - clip, 1 + clip)).mean()
                value_loss = 0.5 * ((newvalue - b_returns[index]) ** 2).mean()
                loss = policy_loss - ent_coef * entropy.mean() + vf_coef * value_loss
                optimizer.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(agent.parameters(), max_grad_norm)
                optimizer.step()
        recent = episodes[-200:]
        if recent:
            print(f"{step:>9,} steps  win rate (last {len(recent)} games) {np.mean(np.array(recent) > 0):.0%}")
    envs.close()
    recent = episodes[-200:]
    return {
        "vector": args.vector,
        "timesteps": step,
        "episodes": len(episodes),
        "win_rate_last_200": float(np.mean(np.array(recent) > 0)) if recent else 0.0,
        "seconds": time.perf_counter() - start,
    }


if __name__ == "__main__":
    main()
