"""A tiny engine speaking the arena's line protocol (othello_zoo.arena.external), for the tests.

It reads position text line by line and answers the legal square that comes first from a1 (its own few lines of
move generation, no import of the package), or misbehaves as ``--mode`` says: ``illegal`` (an occupied square),
``garbage``, ``silent`` (never answers), ``exit`` (exits at the first position), ``chatty`` (comment lines and
spaces around each answer), ``drip`` (a comment line every 0.1 s, never an answer), ``binary`` (bytes that are not
UTF-8), ``closed`` (closes its output and goes on running), ``late`` (answers black's positions after 1.5 s, white's at
once), ``long`` (one line of 100,000 characters), ``slowstart`` (sleeps 1 s before reading anything),
``flood`` (200,000 comment lines before each answer).
"""

import os
import sys
import time

DIRECTIONS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def legal_squares(cells: str, me: str) -> list[int]:
    n = int(len(cells) ** 0.5)
    them = "O" if me == "X" else "X"
    found = []
    for square, cell in enumerate(cells):
        if cell != "-":
            continue
        row, col = divmod(square, n)
        for dr, dc in DIRECTIONS:
            r, c, seen = row + dr, col + dc, 0
            while 0 <= r < n and 0 <= c < n and cells[r * n + c] == them:
                r, c, seen = r + dr, c + dc, seen + 1
            if seen and 0 <= r < n and 0 <= c < n and cells[r * n + c] == me:
                found.append(square)
                break
    return found


def main() -> None:
    mode = sys.argv[sys.argv.index("--mode") + 1] if "--mode" in sys.argv else "first"
    if mode == "slowstart":
        time.sleep(1.0)
    asked = 0
    for line in sys.stdin:
        asked += 1
        cells, me = line.split()
        n = int(len(cells) ** 0.5)
        if mode == "exit":
            sys.stderr.write("fake engine: leaving on purpose\n")
            sys.exit(3)
        if mode == "silent":
            time.sleep(60)
        if mode == "drip":
            for _ in range(600):
                print("# thinking", flush=True)
                time.sleep(0.1)
        if mode == "binary":
            sys.stdout.buffer.write(b"\xff\xfe d3\n")
            sys.stdout.flush()
            continue
        if mode == "closed":
            sys.stdout.close()
            os.close(1)
            time.sleep(60)
        if mode == "long":
            print("#" + "x" * 100_000, flush=True)
        if mode == "late" and me == "X":
            time.sleep(1.5)
        if mode == "flood":
            sys.stdout.write("# thinking\n" * 200_000)
        if mode == "garbage":
            print("hello there", flush=True)
            continue
        if mode == "illegal":
            square = cells.index(me)
        else:
            squares = legal_squares(cells, me)
            if not squares:
                print("pass", flush=True)
                continue
            square = squares[0]
        name = "abcdefghijklmnop"[square % n] + str(square // n + 1)
        if mode == "chatty":
            print("# thinking...", flush=True)
            print(f"  {name.upper()}  ", flush=True)
        else:
            print(name, flush=True)


if __name__ == "__main__":
    main()
