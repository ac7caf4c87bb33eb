"""The ``Game`` interface of alpha-zero-general, with the package's rules (one board, or a batch on the engine).

`alpha-zero-general <https://github.com/suragnair/alpha-zero-general>`_ trains AlphaZero on any
game that implements its ``Game`` class. :class:`OthelloGame` is such a game: its ``Coach``,
``MCTS`` and ``Arena`` run on it unchanged (``g = OthelloGame(8)`` in ``main.py``). Its conventions:

- A board is a numpy ``int8`` array ``(n, n)``: ``1`` for player 1, ``-1`` for player 2, ``0``
  empty; ``board[row, col]`` is square ``row * n + col`` (``a1`` = 0, top left). Player 1 is black
  and moves first, from the same start board as the framework's own Othello (``1`` on e4 and d5).
- The board does not record whose turn it is: ``player`` (``1`` or ``-1``) says who moves.
- Actions ``0..n*n-1`` place a disc; ``n*n`` is the pass, valid exactly when no placement is.
- ``getGameEnded(board, player)`` is 0 while either side can move, then ``1`` / ``-1`` if
  ``player`` has more / fewer discs, and ``1e-4`` (:data:`DRAW_VALUE`) for a draw.
- The canonical form is ``player * board``: the mover's discs are ``1``.

:class:`OthelloGame` answers one board at a time on two Python ints, the mover's discs and the
opponent's: legal moves and flips from the single-board kernel :mod:`othello_zoo.core.scalar` (held
to the engine move by move by the package's tests, and by this adapter's), the start, the end and
the result from :mod:`othello_zoo.core.rules`. A board goes to bits and back by its int8 bytes (no
position text). A move (``getGameEnded``, ``getValidMoves``, ``getNextState`` on a new position)
costs about 17 us on 8 x 8 on a 2-core CPU, 0.02x to 0.04x of alpha-zero-general's own
``OthelloGame`` there (``othello-zoo bench --compare-azg PATH``). Positions and moves already seen
are remembered (keyed by the mover's and the opponent's bits), so the repeated calls of a tree
search cost less still. :class:`BatchedOthelloGame` answers the same questions for ``B`` boards at
once in one engine call, on numpy arrays or torch tensors (any device).

Example:
    >>> game = OthelloGame(8)
    >>> board = game.getInitBoard()
    >>> np.flatnonzero(game.getValidMoves(board, 1)).tolist()
    [19, 26, 37, 44]
    >>> board, player = game.getNextState(board, 1, 37)  # f5
    >>> player, game.getGameEnded(board, player)
    (-1, 0.0)
    >>> np.flatnonzero(game.getValidMoves(game.getCanonicalForm(board, player), 1)).tolist()
    [29, 43, 45]
"""

from __future__ import annotations

from typing import Any, ClassVar, TypeVar

import numpy as np
import torch
from torch import Tensor

from othello_zoo import engine
from othello_zoo.core import rules
from othello_zoo.core.board import squares_of
from othello_zoo.core.checks import check_int, check_real, integer_value, resolve_device
from othello_zoo.core.notation import check_board_size, index_to_square
from othello_zoo.core.scalar import scalar_rules
from othello_zoo.core.symmetry import all_symmetries, source_table

__all__ = ["DRAW_VALUE", "BatchedOthelloGame", "OthelloGame"]

DRAW_VALUE = 1e-4  # getGameEnded of a drawn game: non-zero (the game is over) and near 0 in value
ArrayT = TypeVar("ArrayT", np.ndarray, Tensor)

# A board's int8 bytes to bit sets and back (see OthelloGame._discs and _to_board).
_VALUE_BYTES = bytes((0, 1, 0xFF))  # the int8 bytes of 0, 1 and -1
_ONE_DIGITS = bytes(ord("1") if byte == 1 else ord("0") for byte in range(256))  # the byte of 1 -> digit 1
_MINUS_DIGITS = bytes(ord("1") if byte == 0xFF else ord("0") for byte in range(256))  # the byte of -1 -> digit 1
_INT8_OF_DIGIT = bytes.maketrans(b"012", _VALUE_BYTES)  # hex digit 0, 1, 2 -> the int8 byte of 0, 1, -1


def _check_player(player: object) -> int:
    value = integer_value(player)
    if value is None:
        raise TypeError(f"player must be the int 1 or -1, got {player!r} ({type(player).__name__})")
    if value not in (1, -1):
        raise ValueError(f"player must be 1 or -1, got {player!r}")
    return value


def _check_draw_value(draw_value: float) -> float:
    value = check_real("draw_value", draw_value)
    if not 0 < abs(value) < 1:
        raise ValueError(f"draw_value must be non-zero and smaller than 1 in size, got {draw_value!r}")
    return value


def _state(canonical: Tensor, colours: Tensor, n: int, backend: engine.Backend) -> engine.State:
    """Engine boards from canonical boards int8 ``(B, n, n)`` (the mover's discs are 1)."""
    flat = canonical.reshape(-1, n * n)
    return engine.from_planes(torch.stack((flat == 1, flat == -1), dim=1), colours, n, backend=backend)


def _game_ended(state: engine.State, draw: float, other: Tensor | None = None) -> Tensor:
    """``getGameEnded`` ``(B,)``: 0 on unfinished boards, else :func:`engine.outcome` for the engine's mover
    (the other player where ``other``: zero-sum), with ``draw`` for its 0 (as ``OthelloGame._analyse`` for one)."""
    result = engine.outcome(state).float()
    if other is not None:
        result = torch.where(other, rules.split_result(result, torch.zeros_like(other))[1], result)
    return torch.where(state.terminated, torch.where(result == 0, draw, result), 0.0)


def _check_valid(state: engine.State, actions: Tensor) -> None:
    """``ValueError`` naming the boards (up to 5) whose action ``getValidMoves`` does not allow."""
    bad = engine.illegal_actions(state, actions) | (state.terminated & (actions != state.board_size**2))
    if bool(bad.any()):
        valid = engine.legal_action_mask(state)
        rows = bad.nonzero().flatten()[:5].tolist()
        shown = [f"board {i}: action {int(actions[i])}, valid {valid[i].nonzero().flatten().tolist()}" for i in rows]
        raise ValueError(f"invalid action on {int(bad.sum())} board(s): {'; '.join(shown)}")


def _to_board(ones: int, minus: int, n: int) -> np.ndarray:
    """A new int8 board ``(n, n)`` from two bit sets (bit ``s`` is square ``s``): 1 on ``ones``,
    -1 on ``minus``, 0 elsewhere.

    Each bit set's binary digits read as hex digits spread its bits one hex digit a square; their
    sum with ``minus`` doubled holds the digit 0, 1 or 2 per square, written out as ``n*n`` hex
    digits (the last square first), each mapped to its square's int8 byte and reversed.

    >>> _to_board(0b0011, 0b1000, 2).tolist()
    [[1, 1], [0, -1]]
    """
    spread = int(format(ones, "b"), 16) + 2 * int(format(minus, "b"), 16)
    raw = format(spread, f"0{n * n}x").encode().translate(_INT8_OF_DIGIT)[::-1]
    return np.frombuffer(bytearray(raw), dtype=np.int8).reshape(n, n)


def _mover_boards(state: engine.State) -> Tensor:
    """int8 ``(B, n, n)``: each board from its mover's side (mover 1, opponent -1)."""
    planes = engine.observe(state)
    return planes[:, 0] - planes[:, 1]


class OthelloGame:
    """Othello on an ``n x n`` board behind alpha-zero-general's ``Game`` interface.

    Each board is answered on its own, with the rules of :mod:`othello_zoo.core.scalar` on two
    Python ints (see the module docstring); ``backend`` is checked and kept, and names the engine
    kernel that :class:`BatchedOthelloGame` would run for this size.

    Args:
        n: the board size, even, 4 to 16.
        backend: an engine kernel (``"auto"``, ``"bitboard"``, ``"conv"``; see :func:`engine.init`).
        draw_value: what :meth:`getGameEnded` returns for a draw; non-zero, below 1 in size.
        cache_size: how many positions and moves to remember (each table is emptied when it
            fills); 0 remembers nothing.
    """

    square_content: ClassVar[dict[int, str]] = {1: "X", 0: "-", -1: "O"}  # position-text letters: player 1 is black (X)

    def __init__(
        self, n: int = 8, *, backend: str = "auto", draw_value: float = DRAW_VALUE, cache_size: int = 1 << 16
    ) -> None:
        self.n = check_board_size(n)
        self.backend = engine.resolve_backend(backend, self.n)
        self.draw_value = _check_draw_value(draw_value)
        self.cache_size = int(cache_size)
        self._start: np.ndarray = _to_board(*rules.start_bits(self.n), self.n)  # black (player 1) moves first
        self._positions: dict[tuple[int, int], tuple[int, float]] = {}  # canonical -> (valid actions, result)
        self._moves: dict[tuple[int, int, int], tuple[int, int]] = {}  # (canonical, action) -> next canonical
        self._scalar = scalar_rules(self.n)

    def __repr__(self) -> str:
        return f"OthelloGame(n={self.n}, backend={self.backend!r})"

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__, _positions={}, _moves={})  # pickles stay small
        del state["_scalar"]  # functions built per size (closures on most sizes): built again on load
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state, _scalar=scalar_rules(state["n"]))

    def getInitBoard(self) -> np.ndarray:  # noqa: N802
        """The start board (a new array): player 1 (black) on e4 and d5, -1 (white) on d4 and e5."""
        return np.array(self._start)

    def getBoardSize(self) -> tuple[int, int]:  # noqa: N802
        """``(n, n)``."""
        return (self.n, self.n)

    def getActionSize(self) -> int:  # noqa: N802
        """``n * n + 1``: the squares, then the pass."""
        return self.n * self.n + 1

    def getNextState(self, board: np.ndarray, player: int, action: int) -> tuple[np.ndarray, int]:  # noqa: N802
        """The board after ``player`` plays ``action`` (a new int8 array), and ``-player`` (the next to move).

        A pass leaves the board as it is; so does the pass on a finished board.

        Raises:
            ValueError: for an action that :meth:`getValidMoves` does not allow, a bad board or player.
        """
        p = _check_player(player)
        own, opp = self._discs(board, p)
        a = check_int("action", action, low=0, high=self.n * self.n)
        following = self._moves.get((own, opp, a))
        if following is None:
            following = self._play(own, opp, a, p)
        mine, theirs = following  # the discs of player, then of -player
        return (_to_board(mine, theirs, self.n) if p == 1 else _to_board(theirs, mine, self.n)), -p

    def getValidMoves(self, board: np.ndarray, player: int) -> np.ndarray:  # noqa: N802
        """int64 ``(n*n + 1,)``: 1 for the actions ``player`` may take; the pass exactly when no
        placement is legal (a finished board included)."""
        p = _check_player(player)
        valid = self._analyse(*self._discs(board, p))[0]
        nn = self.n * self.n
        raw = np.frombuffer(valid.to_bytes(nn // 8 + 1, "little"), dtype=np.uint8)
        return np.unpackbits(raw, count=nn + 1, bitorder="little").astype(np.int64)

    def getGameEnded(self, board: np.ndarray, player: int) -> float:  # noqa: N802
        """0.0 while either side can move; else 1.0 if ``player`` has more discs, -1.0 if fewer,
        :attr:`draw_value` (``1e-4``) for a draw."""
        p = _check_player(player)
        return self._analyse(*self._discs(board, p))[1]

    def getCanonicalForm(self, board: np.ndarray, player: int) -> np.ndarray:  # noqa: N802
        """``player * board`` (a new array): the mover's discs are 1."""
        return _check_player(player) * self._board(board)

    def getSymmetries(self, board: np.ndarray, pi: Any) -> list[tuple[np.ndarray, np.ndarray]]:  # noqa: N802
        """The 8 images ``(board, pi)`` under the board's symmetries, in the order of
        :mod:`othello_zoo.core.symmetry` (symmetry ``k`` at index ``k``, identity first): the policy's
        entry for each square moves with the square, the pass entry stays last."""
        b = self._board(board)
        policy = np.asarray(pi)
        if policy.shape != (self.n * self.n + 1,):
            raise ValueError(f"pi must have {self.n * self.n + 1} entries (the last one is pass), got {policy.shape}")
        table = source_table(self.n)
        images = b.reshape(-1)[table[:, :-1]].reshape(8, self.n, self.n)
        return list(zip(images, policy[table], strict=True))

    def stringRepresentation(self, board: np.ndarray) -> bytes:  # noqa: N802
        """The board's ``n * n`` bytes (int8 values), a dictionary key for tree search."""
        return np.ascontiguousarray(board, dtype=np.int8).tobytes()

    # -- extras of the framework's own OthelloGame, beyond its Game interface --------------------
    def stringRepresentationReadable(self, board: np.ndarray) -> str:  # noqa: N802
        """The board as position-text squares: ``X`` for 1 (black), ``O`` for -1, ``-`` empty."""
        return "".join(self.square_content[int(v)] for v in self._board(board).reshape(-1))

    def getScore(self, board: np.ndarray, player: int) -> int:  # noqa: N802
        """``player``'s discs minus the opponent's."""
        return _check_player(player) * int(self._board(board).sum(dtype=np.int64))

    @staticmethod
    def display(board: np.ndarray) -> None:
        """Print the board with file letters and rank numbers."""
        n = len(board)
        print("   " + " ".join(index_to_square(c, n)[0] for c in range(n)))
        for r in range(n):
            print(f"{r + 1:>2} " + " ".join(OthelloGame.square_content[int(v)] for v in board[r]))

    def clear_cache(self) -> None:
        """Forget the remembered positions and moves."""
        self._positions.clear()
        self._moves.clear()

    def _board(self, board: np.ndarray) -> np.ndarray:
        """``board`` as an int8 array, checked: its shape ``(n, n)``, its values -1, 0 and 1."""
        array = np.asarray(board)
        if array.shape != (self.n, self.n):
            raise ValueError(f"board must have shape ({self.n}, {self.n}), got {array.shape}")
        converted = array.astype(np.int8, copy=False)
        if not np.array_equal(converted, array) or ((converted < -1) | (converted > 1)).any():
            raise ValueError("board values must be -1, 0 or 1")
        return converted

    def _discs(self, board: np.ndarray, player: int) -> tuple[int, int]:
        """``(player's discs, the opponent's)`` of a board, checked as :meth:`_board` checks it.

        An int8 board (the adapter's own) is read from its bytes without a numpy operation:
        reversed (bit ``s`` of an int is square ``s``), each byte mapped to a binary digit, the
        digits read by ``int(..., 2)``; a byte other than those of 0, 1 and -1 is a bad value.
        """
        array = np.asarray(board)
        if array.dtype != np.int8:
            array = self._board(array)
        elif array.shape != (self.n, self.n):
            raise ValueError(f"board must have shape ({self.n}, {self.n}), got {array.shape}")
        raw = array.tobytes()[::-1]
        if raw.translate(None, _VALUE_BYTES):
            raise ValueError("board values must be -1, 0 or 1")
        ones, minus = int(raw.translate(_ONE_DIGITS), 2), int(raw.translate(_MINUS_DIGITS), 2)
        return (ones, minus) if player == 1 else (minus, ones)

    def _remember(self, table: dict[Any, Any], key: Any, value: Any) -> None:
        if self.cache_size > 0:
            if len(table) >= self.cache_size:
                table.clear()
            table[key] = value

    def _analyse(self, own: int, opp: int) -> tuple[int, float]:
        """``(valid actions as bits, getGameEnded)`` for the owner of ``own`` discs; remembered.

        The valid actions are the legal placements, or the pass (bit ``n*n``) alone; the result is
        0.0 unless :func:`rules.game_over`, else :func:`rules.mover_result` with :attr:`draw_value`
        for its 0.
        """
        entry = self._positions.get((own, opp))
        if entry is None:
            moves = self._scalar.legal(own, opp)
            if moves:
                entry = (moves, 0.0)
            elif not rules.game_over(moves, self._scalar.legal(opp, own)):
                entry = (1 << self.n * self.n, 0.0)  # a forced pass
            else:
                difference = own.bit_count() - opp.bit_count()
                entry = (1 << self.n * self.n, rules.mover_result(difference, False, self.n) or self.draw_value)
            self._remember(self._positions, (own, opp), entry)
        return entry

    def _play(self, own: int, opp: int, action: int, player: int) -> tuple[int, int]:
        """The discs of ``player`` (owning ``own``) and of its opponent after ``action``; remembered."""
        valid, _ = self._analyse(own, opp)
        if not valid >> action & 1:
            legal = squares_of(valid)
            raise ValueError(f"action {action} is not valid for player {player} here; valid actions: {legal}")
        if action == self.n * self.n:  # a pass (forced, or on a finished board) leaves the board as it is
            following = (own, opp)
        else:
            flipped = self._scalar.flips_of[action](own, opp)
            following = (own | 1 << action | flipped, opp ^ flipped)
        self._remember(self._moves, (own, opp, action), following)
        return following


class BatchedOthelloGame:
    """The :class:`OthelloGame` answers for ``B`` boards at once, one engine call per method.

    Boards are int8 ``(B, n, n)`` and players ``(B,)`` of ``1`` / ``-1`` (or one int for all),
    as numpy arrays or torch tensors; results come back as the boards came (numpy, or tensors on
    the boards' device). Nothing is remembered between calls.

    Args:
        n: the board size, even, 4 to 16.
        device: where numpy inputs go and the engine runs for them (tensors stay on their device).
        backend: the engine kernel (``"auto"``, ``"bitboard"``, ``"conv"``).
        draw_value: what :meth:`game_ended` gives a drawn game.
        validate: check boards, players and actions (a host synchronisation per call on a GPU).
            Without the checks an invalid action leaves its board as it was, and what
            :meth:`play` reports for that board is unspecified.

    >>> game = BatchedOthelloGame(6)
    >>> boards, players, valid, ended = game.play(game.init_boards(2), 1, torch.tensor([8, 27]))  # c2, d5
    >>> players.tolist(), ended.tolist(), valid.sum(dim=1).tolist()
    ([-1, -1], [0.0, 0.0], [3, 3])
    """

    def __init__(
        self,
        n: int = 8,
        *,
        device: torch.device | str | None = None,
        backend: str = "auto",
        draw_value: float = DRAW_VALUE,
        validate: bool = True,
    ) -> None:
        self.n = check_board_size(n)
        self.validate = validate
        self.device = resolve_device("device", device)
        self.backend = engine.resolve_backend(backend, self.n)
        self.draw_value = _check_draw_value(draw_value)
        self._start = torch.from_numpy(OthelloGame(self.n).getInitBoard()).to(self.device)

    def __repr__(self) -> str:
        return f"BatchedOthelloGame(n={self.n}, device={str(self.device)!r}, backend={self.backend!r})"

    def init_boards(self, batch_size: int) -> Tensor:
        """int8 ``(batch_size, n, n)`` start boards on the game's device (player 1 to move)."""
        return self._start.expand(batch_size, self.n, self.n).clone()

    def canonical_forms(self, boards: ArrayT, players: ArrayT | int) -> ArrayT:
        """``players * boards`` per board: each mover's discs are 1 (``getCanonicalForm``)."""
        b, p = self._inputs(boards, players)
        return self._like(b * p.view(-1, 1, 1).to(torch.int8), boards)

    def analyse(self, boards: ArrayT, players: ArrayT | int) -> tuple[ArrayT, ArrayT]:
        """``(valid_moves(boards, players), game_ended(boards, players))`` from one engine call."""
        state = self._state(*self._inputs(boards, players))
        valid, ended = engine.legal_action_mask(state), _game_ended(state, self.draw_value)
        return self._like(valid, boards), self._like(ended, boards)

    def valid_moves(self, boards: ArrayT, players: ArrayT | int) -> ArrayT:
        """bool ``(B, n*n + 1)``: each player's valid actions (``getValidMoves``)."""
        return self._like(engine.legal_action_mask(self._state(*self._inputs(boards, players))), boards)

    def game_ended(self, boards: ArrayT, players: ArrayT | int) -> ArrayT:
        """float32 ``(B,)``: 0, 1, -1 or ``draw_value`` for each player (``getGameEnded``)."""
        return self._like(_game_ended(self._state(*self._inputs(boards, players)), self.draw_value), boards)

    def next_states(self, boards: ArrayT, players: ArrayT | int, actions: ArrayT) -> tuple[ArrayT, ArrayT]:
        """The boards after each player's action, and ``-players`` (``getNextState``).

        Raises:
            ValueError: naming the boards whose action is not valid (one host synchronisation).
        """
        _, following, next_players, _ = self._advance(boards, players, actions)
        return self._like(following, boards), self._like(next_players, boards)

    def play(self, boards: ArrayT, players: ArrayT | int, actions: ArrayT) -> tuple[ArrayT, ArrayT, ArrayT, ArrayT]:
        """``next_states`` and the ``analyse`` of what it returns, from one engine step:
        ``(boards, players, valid_moves, game_ended)`` of the next boards for the next players."""
        after, following, next_players, unmoved = self._advance(boards, players, actions)
        ended = _game_ended(after, self.draw_value, other=unmoved)  # unmoved: the engine's mover is the old one
        out = [self._like(x, boards) for x in (following, next_players, engine.legal_action_mask(after), ended)]
        return out[0], out[1], out[2], out[3]

    def _advance(
        self, boards: np.ndarray | Tensor, players: np.ndarray | Tensor | int, actions: np.ndarray | Tensor
    ) -> tuple[engine.State, Tensor, Tensor, Tensor]:
        """The engine state after the actions, the next boards, the next players, and bool ``(B,)``
        where the engine's player to move is still the old one (a finished board stays as it is)."""
        b, p = self._inputs(boards, players)
        a = torch.as_tensor(actions, device=b.device)
        if a.is_floating_point() or a.is_complex() or a.dtype == torch.bool:
            raise TypeError(f"actions must be integers, got dtype {a.dtype}")
        a = a.to(torch.int64).reshape(-1)
        if a.shape != p.shape:
            raise ValueError(f"actions must have shape ({p.shape[0]},), got {tuple(a.shape)}")
        state = self._state(b, p)
        if self.validate:
            _check_valid(state, a)
        after = engine.step(state, a, illegal_action="lose")  # a finished board stays as it is
        unmoved = after.current_player == state.current_player
        mover = torch.where(unmoved, p, -p).to(torch.int8)
        return after, _mover_boards(after) * mover.view(-1, 1, 1), -p, unmoved

    def symmetries(self, boards: ArrayT, pis: ArrayT) -> tuple[ArrayT, ArrayT]:
        """The 8 images of boards ``(B, n, n)`` and policies ``(B, n*n + 1)``: ``(8, B, n, n)`` and
        ``(8, B, n*n + 1)``, symmetry ``k`` at index ``k`` (``getSymmetries`` for a batch)."""
        images, policies = all_symmetries(self._tensor(boards), self._tensor(pis))
        return self._like(images, boards), self._like(policies, boards)

    def string_representations(self, boards: ArrayT) -> list[bytes]:
        """Each board's key, equal to ``OthelloGame.stringRepresentation`` of it."""
        flat = self._tensor(boards).to(torch.int8).reshape(-1, self.n * self.n).cpu().numpy()
        return [row.tobytes() for row in flat]

    def _tensor(self, x: np.ndarray | Tensor) -> Tensor:
        return torch.as_tensor(x, device=self.device if isinstance(x, np.ndarray) else None)

    def _inputs(self, boards: np.ndarray | Tensor, players: np.ndarray | Tensor | int) -> tuple[Tensor, Tensor]:
        b = self._tensor(boards)
        if b.dim() != 3 or b.shape[1:] != (self.n, self.n):
            raise ValueError(f"boards must have shape (B, {self.n}, {self.n}), got {tuple(b.shape)}")
        b = b.to(torch.int8)
        p = torch.as_tensor(players, device=b.device).to(torch.int64).reshape(-1)
        if p.numel() == 1:
            p = p.expand(b.shape[0])
        if p.shape != (b.shape[0],):
            raise ValueError(f"players must be one int or have shape ({b.shape[0]},), got {tuple(p.shape)}")
        if self.validate and bool((b.abs() > 1).any() | ((p != 1) & (p != -1)).any()):
            raise ValueError("board values must be -1, 0 or 1 and players 1 or -1")
        return b, p

    def _state(self, boards: Tensor, players: Tensor) -> engine.State:
        canonical = boards * players.view(-1, 1, 1).to(torch.int8)
        return _state(canonical, (1 - players) // 2, self.n, self.backend)

    @staticmethod
    def _like(result: Tensor, like: ArrayT) -> ArrayT:
        if isinstance(like, np.ndarray):
            return result.cpu().numpy()
        return result
