"""The opening book: the shipped XOT list, custom books, seeded draws and symmetries."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from othello_zoo import othello_v0
from othello_zoo.env.openings import load_book, replay
from othello_zoo.notation import parse_moves
from othello_zoo.symmetry import START_SYMMETRIES, transform_actions


def test_book__every_xot_line_replays_legally_to_twelve_discs_black_to_move() -> None:
    book = load_book("xot")
    assert len(book) == 10784
    assert len(set(book.openings)) == 10784
    for opening in book.openings:
        assert len(opening) == 8
        board = replay(opening)
        assert board.current_player == 0
        assert sum(board.scores()) == 12
        assert not board.terminated
    assert {opening[0] for opening in book.openings} == {37}  # all start with f5


def test_book__the_four_symmetries_keep_openings_legal() -> None:
    book = load_book("xot")
    first_moves = set()
    for k in START_SYMMETRIES:
        for opening in book.openings[:300]:
            moved = transform_actions(list(opening), 8, k)
            replay(moved)  # raises if illegal
            first_moves.add(moved[0])
    assert first_moves == {19, 26, 37, 44}


def test_reset__seeded_resets_reproduce_and_all_symmetries_occur() -> None:
    env = othello_v0.raw_env(opening_book="xot")
    histories = []
    for seed in range(40):
        env.reset(seed=seed)
        histories.append(env.history_text)
    again = othello_v0.raw_env(opening_book="xot")
    for seed in range(40):
        again.reset(seed=seed)
        assert again.history_text == histories[seed]
    assert all(len(h) == 16 for h in histories)
    assert {h[:2] for h in histories} == {"f5", "d3", "c4", "e6"}
    assert len(set(histories)) == 40
    assert env.agent_selection == "black_0"
    assert sum(env.infos["black_0"]["scores"]) == 12


def test_reset__symmetries_can_be_turned_off() -> None:
    env = othello_v0.raw_env(opening_book="xot", opening_symmetries=False)
    firsts = set()
    for seed in range(30):
        env.reset(seed=seed)
        firsts.add(env.history_text[:2])
    assert firsts == {"f5"}


def test_reset__forced_opening_and_position_with_or_without_a_book() -> None:
    for book in (None, "xot"):
        env = othello_v0.raw_env(opening_book=book)
        env.reset(seed=1, options={"opening": "f5d6c3d3c4f4c5b3"})
        assert env.history_text == "f5d6c3d3c4f4c5b3"
        assert env.board.to_text() == "-----------------OOO------XXXO----XXXX-----O-------------------- X"
        text = "-----------------OOO------XXXO----XXXX-----O-------------------- O"
        env.reset(options={"position": text})
        assert env.board.to_text() == text
        assert env.agent_selection == "white_0"
        assert env.history == []
    with pytest.raises(ValueError, match=r"the opening: move 2 \(a1\) is illegal; legal there: f4d6f6"):
        env.reset(options={"opening": "f5a1"})
    with pytest.raises(ValueError, match="either options\\['opening'\\] or options\\['position'\\]"):
        env.reset(options={"opening": "f5", "position": text})


def test_book__custom_list_and_file_with_comments(tmp_path: Path) -> None:
    path = tmp_path / "book.txt"
    path.write_text("# my openings\n\nf5d6c3  # the tiger's start\nd3c5\n   \nc4e3f6 # trailing\n")
    book = load_book(path)
    assert [list(o) for o in book.openings] == [parse_moves("f5d6c3"), parse_moves("d3c5"), parse_moves("c4e3f6")]
    listed = load_book(["f5d6", "E6F4"])
    assert [list(o) for o in listed.openings] == [[37, 43], [44, 29]]
    env = othello_v0.raw_env(opening_book=["f5d6"], opening_symmetries=False)
    env.reset(seed=0)
    assert env.history_text == "f5d6"


def test_book__each_kind_of_bad_book_gets_its_named_error(tmp_path: Path) -> None:
    illegal = tmp_path / "illegal.txt"
    illegal.write_text("f5d6\n# fine so far\nf5f5\n")
    with pytest.raises(ValueError, match=r"illegal.txt, line 3: move 2 \(f5\) is illegal; legal there: f4d6f6"):
        load_book(illegal)
    unreadable = tmp_path / "unreadable.txt"
    unreadable.write_text("f5d6\nf5 zz\n")
    with pytest.raises(ValueError, match=r"unreadable.txt, line 2: cannot read a move at position 2"):
        load_book(unreadable)
    offboard = tmp_path / "offboard.txt"
    offboard.write_text("f5i9\n")
    with pytest.raises(ValueError, match=r"offboard.txt, line 1: 'i9' is not a square of the 8x8 board"):
        load_book(offboard)
    empty = tmp_path / "empty.txt"
    empty.write_text("# nothing\n\n")
    with pytest.raises(ValueError, match=r"opening book .*empty.txt holds no openings"):
        load_book(empty)
    with pytest.raises(FileNotFoundError, match=r"opening book file not found: '.*missing.txt'"):
        load_book(tmp_path / "missing.txt")
    with pytest.raises(ValueError, match=r"<sequence>, line 2: move 1 \(a1\) is illegal"):
        load_book(["f5", "a1"])
    with pytest.raises(TypeError, match="opening_book must be None, 'xot', a path or a sequence"):
        load_book(42)  # type: ignore[arg-type]


def test_book__draws_are_uniform_over_openings() -> None:
    book = load_book(["f5d6", "f5f6", "f5f4"])
    rng = np.random.default_rng(0)
    counts: dict[tuple[int, ...], int] = {}
    for _ in range(3000):
        opening = tuple(book.draw(rng, symmetries=False))
        counts[opening] = counts.get(opening, 0) + 1
    assert len(counts) == 3
    assert all(900 <= c <= 1100 for c in counts.values())
