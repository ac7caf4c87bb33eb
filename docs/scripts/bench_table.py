"""Markdown tables of an ``othello-zoo bench --json`` file: the throughput table and the ratios at the big batches.

    .venv/bin/python docs/scripts/bench_table.py docs/bench-cpu.json

Rows are (backend, threads), ``auto`` for the package's own setting; a ratio takes each backend at its best
thread setting, and the busy pairs at the same setting.
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict


def main(path: str) -> None:
    with open(path) as f:
        results = json.load(f)["results"]
    rows: dict[tuple[str, int], dict[int, float]] = defaultdict(dict)
    for r in results:
        rows[(r["backend"], r["threads"])][r["batch_size"]] = r["board_steps_per_s"]
    batches = sorted({r["batch_size"] for r in results})
    print("| backend | threads | " + " | ".join(f"B={b:,}" for b in batches) + " |")
    print("| --- | --- | " + " | ".join("---:" for _ in batches) + " |")
    order = {name: i for i, name in enumerate(["bitboard", "conv", "conv2d", "vector", "vector-dict", "vector+xot"])}

    def key(item: tuple[tuple[str, int], dict[int, float]]) -> tuple[int, str, int]:
        (backend, threads), _ = item
        base = backend.split("@")[0].split("+malloc")[0]
        return (order.get(base, 99), backend, threads)

    for (backend, threads), values in sorted(rows.items(), key=key):
        label = threads or ("default" if backend == "pgx" else "auto")
        cells = " | ".join(f"{values[b]:,.0f}" if b in values else "" for b in batches)
        print(f"| {backend} | {label} | {cells} |")

    def best(backend: str, batch: int, threads: int | None = None) -> float | None:
        found = [v[batch] for (b, t), v in rows.items() if b == backend and batch in v and threads in (None, t)]
        return max(found) if found else None

    pairs = [("bitboard", "pgx"), ("conv", "pgx"), ("vector", "pgx"), ("vector-dict", "pgx"), ("vector+xot", "pgx")]
    pairs += [("conv", "conv2d"), ("vector", "bitboard"), ("vector-dict", "vector")]
    print("\n| ratio | " + " | ".join(f"B={b:,}" for b in batches[-2:]) + " |")
    print("| --- | " + " | ".join("---:" for _ in batches[-2:]) + " |")
    for a, b in pairs:
        cells = []
        for batch in batches[-2:]:
            x, y = best(a, batch), best(b, batch)
            cells.append(f"{x / y:.2f}x" if x and y else "")
        if any(cells):
            print(f"| {a} / {b} | " + " | ".join(cells) + " |")
    threads = sorted({t for (b, t) in rows if b.endswith("@busy")})
    for name in sorted({b for (b, _) in rows if b.endswith("@busy")}, key=lambda n: order.get(n[:-5], 99)):
        for t in threads:
            cells = []
            for batch in batches[-2:]:
                x, y = best(name, batch, t), best(name[:-5], batch, t)
                cells.append(f"{x / y:.2f}x" if x and y else "")
            if any(cells):
                print(f"| {name} / {name[:-5]}, threads {t or 'auto'} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "docs/bench-cpu.json")
