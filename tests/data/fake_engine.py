"""A tiny engine speaking the arena's line protocol (othello_zoo.arena.external), for the tests.

It reads position text line by line and answers the legal square that comes first from a1 (its own few lines of
move generation, no import of the package), or misbehaves as ``--mode`` says: ``illegal`` (an occupied square),
``garbage``, ``silent`` (never answers), ``exit`` (exits at the first position), ``chatty`` (comment lines and
spaces around each answer).
"""

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
    for line in sys.stdin:
        cells, me = line.split()
        n = int(len(cells) ** 0.5)
        if mode == "exit":
            sys.stderr.write("fake engine: leaving on purpose\n")
            sys.exit(3)
        if mode == "silent":
            time.sleep(60)
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
