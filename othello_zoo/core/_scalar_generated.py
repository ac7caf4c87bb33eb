"""Legal placements on one board of each size, as Python ints: generated, do not edit.

Each function is :func:`othello_zoo.core.fill.ray_moves` traced over 4 directions on two lanes (the board
and the board turned half a turn) by :func:`othello_zoo.core.scalar.legal_source`;
``python -m othello_zoo.core.scalar`` writes this file again.
"""

from __future__ import annotations

__all__ = [
    "FLIPS_8x8",
    "legal_4x4",
    "legal_6x6",
    "legal_8x8",
    "legal_10x10",
    "legal_12x12",
    "legal_14x14",
    "legal_16x16",
]

# Each byte with its bits in reverse order: with the bytes in reverse order, a board turned half a turn.
REVERSED_BYTES = bytes(int(f"{byte:08b}"[::-1], 2) for byte in range(256))
_from_bytes = int.from_bytes  # a global: int.from_bytes looks an attribute up on each call


def legal_4x4(own: int, opp: int) -> int:
    t0 = opp & 0xFF0
    t1 = t0 >> 4
    t2 = t1 & t0
    t3 = opp & 0x6666
    t4 = t3 >> 1
    t5 = t4 & t3
    t6 = opp & 0x660
    t7 = t6 >> 5
    t8 = t7 & t6
    t9 = t6 >> 3
    t10 = t9 & t6
    t11 = own >> 4
    t12 = t11 & t0
    t13 = own | t12
    t14 = t13 >> 8
    t15 = t14 & t2
    t16 = t13 | t15
    t17 = t16 & t0
    t18 = t17 >> 4
    t19 = t2 << 4
    t20 = own << 4
    t21 = t20 & t0
    t22 = own | t21
    t23 = t22 << 8
    t24 = t23 & t19
    t25 = t22 | t24
    t26 = t25 & t0
    t27 = t26 << 4
    t28 = own >> 1
    t29 = t28 & t3
    t30 = own | t29
    t31 = t30 >> 2
    t32 = t31 & t5
    t33 = t30 | t32
    t34 = t33 & t3
    t35 = t34 >> 1
    t36 = t5 << 1
    t37 = own << 1
    t38 = t37 & t3
    t39 = own | t38
    t40 = t39 << 2
    t41 = t40 & t36
    t42 = t39 | t41
    t43 = t42 & t3
    t44 = t43 << 1
    t45 = own >> 5
    t46 = t45 & t6
    t47 = own | t46
    t48 = t47 >> 10
    t49 = t48 & t8
    t50 = t47 | t49
    t51 = t50 & t6
    t52 = t51 >> 5
    t53 = own >> 3
    t54 = t53 & t6
    t55 = own | t54
    t56 = t55 >> 6
    t57 = t56 & t10
    t58 = t55 | t57
    t59 = t58 & t6
    t60 = t59 >> 3
    t61 = t10 << 3
    t62 = own << 3
    t63 = t62 & t6
    t64 = own | t63
    t65 = t64 << 6
    t66 = t65 & t61
    t67 = t64 | t66
    t68 = t67 & t6
    t69 = t68 << 3
    t70 = t8 << 5
    t71 = own << 5
    t72 = t71 & t6
    t73 = own | t72
    t74 = t73 << 10
    t75 = t74 & t70
    t76 = t73 | t75
    t77 = t76 & t6
    t78 = t77 << 5
    moves = t18 | t27 | t35 | t44 | t52 | t60 | t69 | t78
    return moves & ~(own | opp) & 0xFFFF


def legal_6x6(own: int, opp: int) -> int:
    b = own.to_bytes(5, "little")
    o = _from_bytes(b + b"\x00" * 3 + b.translate(REVERSED_BYTES)[::-1], "little")
    b = opp.to_bytes(5, "little")
    p = _from_bytes(b + b"\x00" * 3 + b.translate(REVERSED_BYTES)[::-1], "little")
    t0 = p & 0x3FFFFFC00000000003FFFFFC0
    t1 = t0 << 6
    t2 = t1 & t0
    t3 = t2 << 12
    t4 = t3 & t2
    t5 = o << 6
    t6 = t5 & t0
    t7 = o | t6
    t8 = t7 << 12
    t9 = t8 & t2
    t10 = t7 | t9
    t11 = t10 << 24
    t12 = t11 & t4
    t13 = t10 | t12
    t14 = t13 & t0
    t15 = t14 << 6
    t16 = p & 0x79E79E79E0000000079E79E79E
    t17 = t16 << 1
    t18 = t17 & t16
    t19 = t18 << 2
    t20 = t19 & t18
    t21 = o << 1
    t22 = t21 & t16
    t23 = o | t22
    t24 = t23 << 2
    t25 = t24 & t18
    t26 = t23 | t25
    t27 = t26 << 4
    t28 = t27 & t20
    t29 = t26 | t28
    t30 = t29 & t16
    t31 = t30 << 1
    t32 = p & 0x1E79E7800000000001E79E780
    t33 = t32 << 5
    t34 = t33 & t32
    t35 = t34 << 10
    t36 = t35 & t34
    t37 = o << 5
    t38 = t37 & t32
    t39 = o | t38
    t40 = t39 << 10
    t41 = t40 & t34
    t42 = t39 | t41
    t43 = t42 << 20
    t44 = t43 & t36
    t45 = t42 | t44
    t46 = t45 & t32
    t47 = t46 << 5
    t48 = t32 << 7
    t49 = t48 & t32
    t50 = t49 << 14
    t51 = t50 & t49
    t52 = o << 7
    t53 = t52 & t32
    t54 = o | t53
    t55 = t54 << 14
    t56 = t55 & t49
    t57 = t54 | t56
    t58 = t57 << 28
    t59 = t58 & t51
    t60 = t57 | t59
    t61 = t60 & t32
    t62 = t61 << 7
    moves = (t15 | t31 | t47 | t62) & ~(o | p)
    b = moves.to_bytes(13, "little")
    turned = b[8:].translate(REVERSED_BYTES)[::-1]
    return _from_bytes(b[:5], "little") | _from_bytes(turned, "little")


def legal_8x8(own: int, opp: int) -> int:
    b = own.to_bytes(8, "little")
    o = _from_bytes(b + b"\x00" * 5 + b.translate(REVERSED_BYTES)[::-1], "little")
    b = opp.to_bytes(8, "little")
    p = _from_bytes(b + b"\x00" * 5 + b.translate(REVERSED_BYTES)[::-1], "little")
    t0 = p & 0xFFFFFFFFFFFF00000000000000FFFFFFFFFFFF00
    t1 = t0 << 8
    t2 = t1 & t0
    t3 = t2 << 16
    t4 = t3 & t2
    t5 = o << 8
    t6 = t5 & t0
    t7 = o | t6
    t8 = t7 << 16
    t9 = t8 & t2
    t10 = t7 | t9
    t11 = t10 << 32
    t12 = t11 & t4
    t13 = t10 | t12
    t14 = t13 & t0
    t15 = t14 << 8
    t16 = p & 0x7E7E7E7E7E7E7E7E00000000007E7E7E7E7E7E7E7E
    t17 = t16 << 1
    t18 = t17 & t16
    t19 = t18 << 2
    t20 = t19 & t18
    t21 = o << 1
    t22 = t21 & t16
    t23 = o | t22
    t24 = t23 << 2
    t25 = t24 & t18
    t26 = t23 | t25
    t27 = t26 << 4
    t28 = t27 & t20
    t29 = t26 | t28
    t30 = t29 & t16
    t31 = t30 << 1
    t32 = p & 0x7E7E7E7E7E7E000000000000007E7E7E7E7E7E00
    t33 = t32 << 7
    t34 = t33 & t32
    t35 = t34 << 14
    t36 = t35 & t34
    t37 = o << 7
    t38 = t37 & t32
    t39 = o | t38
    t40 = t39 << 14
    t41 = t40 & t34
    t42 = t39 | t41
    t43 = t42 << 28
    t44 = t43 & t36
    t45 = t42 | t44
    t46 = t45 & t32
    t47 = t46 << 7
    t48 = t32 << 9
    t49 = t48 & t32
    t50 = t49 << 18
    t51 = t50 & t49
    t52 = o << 9
    t53 = t52 & t32
    t54 = o | t53
    t55 = t54 << 18
    t56 = t55 & t49
    t57 = t54 | t56
    t58 = t57 << 36
    t59 = t58 & t51
    t60 = t57 | t59
    t61 = t60 & t32
    t62 = t61 << 9
    moves = (t15 | t31 | t47 | t62) & ~(o | p)
    b = moves.to_bytes(21, "little")
    turned = b[13:].translate(REVERSED_BYTES)[::-1]
    return _from_bytes(b[:8], "little") | _from_bytes(turned, "little")


def legal_10x10(own: int, opp: int) -> int:
    b = own.to_bytes(13, "little")
    o = _from_bytes(b + b"\x00" * 11 + b.translate(REVERSED_BYTES)[::-1], "little")
    b = opp.to_bytes(13, "little")
    p = _from_bytes(b + b"\x00" * 11 + b.translate(REVERSED_BYTES)[::-1], "little")
    t0 = p & 0x3FFFFFFFFFFFFFFFFFFFC00000000000000000000000000003FFFFFFFFFFFFFFFFFFFC00
    t1 = t0 << 10
    t2 = t1 & t0
    t3 = t2 << 20
    t4 = t3 & t2
    t5 = t4 << 40
    t6 = t5 & t4
    t7 = o << 10
    t8 = t7 & t0
    t9 = o | t8
    t10 = t9 << 20
    t11 = t10 & t2
    t12 = t9 | t11
    t13 = t12 << 40
    t14 = t13 & t4
    t15 = t12 | t14
    t16 = t15 << 80
    t17 = t16 & t6
    t18 = t15 | t17
    t19 = t18 & t0
    t20 = t19 << 10
    t21 = p & 0x7F9FE7F9FE7F9FE7F9FE7F9FE0000000000000000000000007F9FE7F9FE7F9FE7F9FE7F9FE
    t22 = t21 << 1
    t23 = t22 & t21
    t24 = t23 << 2
    t25 = t24 & t23
    t26 = t25 << 4
    t27 = t26 & t25
    t28 = o << 1
    t29 = t28 & t21
    t30 = o | t29
    t31 = t30 << 2
    t32 = t31 & t23
    t33 = t30 | t32
    t34 = t33 << 4
    t35 = t34 & t25
    t36 = t33 | t35
    t37 = t36 << 8
    t38 = t37 & t27
    t39 = t36 | t38
    t40 = t39 & t21
    t41 = t40 << 1
    t42 = p & 0x1FE7F9FE7F9FE7F9FE7F800000000000000000000000000001FE7F9FE7F9FE7F9FE7F800
    t43 = t42 << 9
    t44 = t43 & t42
    t45 = t44 << 18
    t46 = t45 & t44
    t47 = t46 << 36
    t48 = t47 & t46
    t49 = o << 9
    t50 = t49 & t42
    t51 = o | t50
    t52 = t51 << 18
    t53 = t52 & t44
    t54 = t51 | t53
    t55 = t54 << 36
    t56 = t55 & t46
    t57 = t54 | t56
    t58 = t57 << 72
    t59 = t58 & t48
    t60 = t57 | t59
    t61 = t60 & t42
    t62 = t61 << 9
    t63 = t42 << 11
    t64 = t63 & t42
    t65 = t64 << 22
    t66 = t65 & t64
    t67 = t66 << 44
    t68 = t67 & t66
    t69 = o << 11
    t70 = t69 & t42
    t71 = o | t70
    t72 = t71 << 22
    t73 = t72 & t64
    t74 = t71 | t73
    t75 = t74 << 44
    t76 = t75 & t66
    t77 = t74 | t76
    t78 = t77 << 88
    t79 = t78 & t68
    t80 = t77 | t79
    t81 = t80 & t42
    t82 = t81 << 11
    moves = (t20 | t41 | t62 | t82) & ~(o | p)
    b = moves.to_bytes(37, "little")
    turned = b[24:].translate(REVERSED_BYTES)[::-1]
    return _from_bytes(b[:13], "little") | _from_bytes(turned, "little")


def legal_12x12(own: int, opp: int) -> int:
    b = own.to_bytes(18, "little")
    o = _from_bytes(b + b"\x00" * 13 + b.translate(REVERSED_BYTES)[::-1], "little")
    b = opp.to_bytes(18, "little")
    p = _from_bytes(b + b"\x00" * 13 + b.translate(REVERSED_BYTES)[::-1], "little")
    t0 = p & 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF00000000000000000000000000000000FFFFFFFFFFFFFFFFFFFFFFFFFFFFFF000
    t1 = t0 << 12
    t2 = t1 & t0
    t3 = t2 << 24
    t4 = t3 & t2
    t5 = t4 << 48
    t6 = t5 & t4
    t7 = o << 12
    t8 = t7 & t0
    t9 = o | t8
    t10 = t9 << 24
    t11 = t10 & t2
    t12 = t9 | t11
    t13 = t12 << 48
    t14 = t13 & t4
    t15 = t12 | t14
    t16 = t15 << 96
    t17 = t16 & t6
    t18 = t15 | t17
    t19 = t18 & t0
    t20 = t19 << 12
    t21 = p & 0x7FE7FE7FE7FE7FE7FE7FE7FE7FE7FE7FE7FE000000000000000000000000007FE7FE7FE7FE7FE7FE7FE7FE7FE7FE7FE7FE
    t22 = t21 << 1
    t23 = t22 & t21
    t24 = t23 << 2
    t25 = t24 & t23
    t26 = t25 << 4
    t27 = t26 & t25
    t28 = o << 1
    t29 = t28 & t21
    t30 = o | t29
    t31 = t30 << 2
    t32 = t31 & t23
    t33 = t30 | t32
    t34 = t33 << 4
    t35 = t34 & t25
    t36 = t33 | t35
    t37 = t36 << 8
    t38 = t37 & t27
    t39 = t36 | t38
    t40 = t39 & t21
    t41 = t40 << 1
    t42 = p & 0x7FE7FE7FE7FE7FE7FE7FE7FE7FE7FE000000000000000000000000000000007FE7FE7FE7FE7FE7FE7FE7FE7FE7FE000
    t43 = t42 << 11
    t44 = t43 & t42
    t45 = t44 << 22
    t46 = t45 & t44
    t47 = t46 << 44
    t48 = t47 & t46
    t49 = o << 11
    t50 = t49 & t42
    t51 = o | t50
    t52 = t51 << 22
    t53 = t52 & t44
    t54 = t51 | t53
    t55 = t54 << 44
    t56 = t55 & t46
    t57 = t54 | t56
    t58 = t57 << 88
    t59 = t58 & t48
    t60 = t57 | t59
    t61 = t60 & t42
    t62 = t61 << 11
    t63 = t42 << 13
    t64 = t63 & t42
    t65 = t64 << 26
    t66 = t65 & t64
    t67 = t66 << 52
    t68 = t67 & t66
    t69 = o << 13
    t70 = t69 & t42
    t71 = o | t70
    t72 = t71 << 26
    t73 = t72 & t64
    t74 = t71 | t73
    t75 = t74 << 52
    t76 = t75 & t66
    t77 = t74 | t76
    t78 = t77 << 104
    t79 = t78 & t68
    t80 = t77 | t79
    t81 = t80 & t42
    t82 = t81 << 13
    moves = (t20 | t41 | t62 | t82) & ~(o | p)
    b = moves.to_bytes(49, "little")
    turned = b[31:].translate(REVERSED_BYTES)[::-1]
    return _from_bytes(b[:18], "little") | _from_bytes(turned, "little")


def legal_14x14(own: int, opp: int) -> int:
    b = own.to_bytes(25, "little")
    o = _from_bytes(b + b"\x00" * 15 + b.translate(REVERSED_BYTES)[::-1], "little")
    b = opp.to_bytes(25, "little")
    p = _from_bytes(b + b"\x00" * 15 + b.translate(REVERSED_BYTES)[::-1], "little")
    t0 = p & 0x3FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFC000000000000000000000000000000000000003FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFC000
    t1 = t0 << 14
    t2 = t1 & t0
    t3 = t2 << 28
    t4 = t3 & t2
    t5 = t4 << 56
    t6 = t5 & t4
    t7 = o << 14
    t8 = t7 & t0
    t9 = o | t8
    t10 = t9 << 28
    t11 = t10 & t2
    t12 = t9 | t11
    t13 = t12 << 56
    t14 = t13 & t4
    t15 = t12 | t14
    t16 = t15 << 112
    t17 = t16 & t6
    t18 = t15 | t17
    t19 = t18 & t0
    t20 = t19 << 14
    t21 = p & 0x7FF9FFE7FF9FFE7FF9FFE7FF9FFE7FF9FFE7FF9FFE7FF9FFE000000000000000000000000000000007FF9FFE7FF9FFE7FF9FFE7FF9FFE7FF9FFE7FF9FFE7FF9FFE
    t22 = t21 << 1
    t23 = t22 & t21
    t24 = t23 << 2
    t25 = t24 & t23
    t26 = t25 << 4
    t27 = t26 & t25
    t28 = o << 1
    t29 = t28 & t21
    t30 = o | t29
    t31 = t30 << 2
    t32 = t31 & t23
    t33 = t30 | t32
    t34 = t33 << 4
    t35 = t34 & t25
    t36 = t33 | t35
    t37 = t36 << 8
    t38 = t37 & t27
    t39 = t36 | t38
    t40 = t39 & t21
    t41 = t40 << 1
    t42 = p & 0x1FFE7FF9FFE7FF9FFE7FF9FFE7FF9FFE7FF9FFE7FF8000000000000000000000000000000000000001FFE7FF9FFE7FF9FFE7FF9FFE7FF9FFE7FF9FFE7FF8000
    t43 = t42 << 13
    t44 = t43 & t42
    t45 = t44 << 26
    t46 = t45 & t44
    t47 = t46 << 52
    t48 = t47 & t46
    t49 = o << 13
    t50 = t49 & t42
    t51 = o | t50
    t52 = t51 << 26
    t53 = t52 & t44
    t54 = t51 | t53
    t55 = t54 << 52
    t56 = t55 & t46
    t57 = t54 | t56
    t58 = t57 << 104
    t59 = t58 & t48
    t60 = t57 | t59
    t61 = t60 & t42
    t62 = t61 << 13
    t63 = t42 << 15
    t64 = t63 & t42
    t65 = t64 << 30
    t66 = t65 & t64
    t67 = t66 << 60
    t68 = t67 & t66
    t69 = o << 15
    t70 = t69 & t42
    t71 = o | t70
    t72 = t71 << 30
    t73 = t72 & t64
    t74 = t71 | t73
    t75 = t74 << 60
    t76 = t75 & t66
    t77 = t74 | t76
    t78 = t77 << 120
    t79 = t78 & t68
    t80 = t77 | t79
    t81 = t80 & t42
    t82 = t81 << 15
    moves = (t20 | t41 | t62 | t82) & ~(o | p)
    b = moves.to_bytes(65, "little")
    turned = b[40:].translate(REVERSED_BYTES)[::-1]
    return _from_bytes(b[:25], "little") | _from_bytes(turned, "little")


def legal_16x16(own: int, opp: int) -> int:
    b = own.to_bytes(32, "little")
    o = _from_bytes(b + b"\x00" * 17 + b.translate(REVERSED_BYTES)[::-1], "little")
    b = opp.to_bytes(32, "little")
    p = _from_bytes(b + b"\x00" * 17 + b.translate(REVERSED_BYTES)[::-1], "little")
    t0 = p & 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF000000000000000000000000000000000000000000FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF0000
    t1 = t0 << 16
    t2 = t1 & t0
    t3 = t2 << 32
    t4 = t3 & t2
    t5 = t4 << 64
    t6 = t5 & t4
    t7 = o << 16
    t8 = t7 & t0
    t9 = o | t8
    t10 = t9 << 32
    t11 = t10 & t2
    t12 = t9 | t11
    t13 = t12 << 64
    t14 = t13 & t4
    t15 = t12 | t14
    t16 = t15 << 128
    t17 = t16 & t6
    t18 = t15 | t17
    t19 = t18 & t0
    t20 = t19 << 16
    t21 = p & 0x7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE00000000000000000000000000000000007FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE
    t22 = t21 << 1
    t23 = t22 & t21
    t24 = t23 << 2
    t25 = t24 & t23
    t26 = t25 << 4
    t27 = t26 & t25
    t28 = o << 1
    t29 = t28 & t21
    t30 = o | t29
    t31 = t30 << 2
    t32 = t31 & t23
    t33 = t30 | t32
    t34 = t33 << 4
    t35 = t34 & t25
    t36 = t33 | t35
    t37 = t36 << 8
    t38 = t37 & t27
    t39 = t36 | t38
    t40 = t39 & t21
    t41 = t40 << 1
    t42 = p & 0x7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE0000000000000000000000000000000000000000007FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE0000
    t43 = t42 << 15
    t44 = t43 & t42
    t45 = t44 << 30
    t46 = t45 & t44
    t47 = t46 << 60
    t48 = t47 & t46
    t49 = o << 15
    t50 = t49 & t42
    t51 = o | t50
    t52 = t51 << 30
    t53 = t52 & t44
    t54 = t51 | t53
    t55 = t54 << 60
    t56 = t55 & t46
    t57 = t54 | t56
    t58 = t57 << 120
    t59 = t58 & t48
    t60 = t57 | t59
    t61 = t60 & t42
    t62 = t61 << 15
    t63 = t42 << 17
    t64 = t63 & t42
    t65 = t64 << 34
    t66 = t65 & t64
    t67 = t66 << 68
    t68 = t67 & t66
    t69 = o << 17
    t70 = t69 & t42
    t71 = o | t70
    t72 = t71 << 34
    t73 = t72 & t64
    t74 = t71 | t73
    t75 = t74 << 68
    t76 = t75 & t66
    t77 = t74 | t76
    t78 = t77 << 136
    t79 = t78 & t68
    t80 = t77 | t79
    t81 = t80 & t42
    t82 = t81 << 17
    moves = (t20 | t41 | t62 | t82) & ~(o | p)
    b = moves.to_bytes(81, "little")
    turned = b[49:].translate(REVERSED_BYTES)[::-1]
    return _from_bytes(b[:32], "little") | _from_bytes(turned, "little")


def flips_8x8_a1(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x100:
        rest = 0x101010101010100 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x101010101010100 & (first - 1)
    if opp & 0x2:
        rest = 0xFE & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0xFE & (first - 1)
    if opp & 0x200:
        rest = 0x8040201008040200 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x8040201008040200 & (first - 1)
    return flipped


def flips_8x8_b1(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x200:
        rest = 0x202020202020200 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x202020202020200 & (first - 1)
    if opp & 0x4:
        rest = 0xFC & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0xFC & (first - 1)
    if opp & 0x400:
        rest = 0x80402010080400 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x80402010080400 & (first - 1)
    return flipped


def flips_8x8_c1(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x400:
        rest = 0x404040404040400 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x404040404040400 & (first - 1)
    if opp & 0x8:
        rest = 0xF8 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0xF8 & (first - 1)
    if opp & 0x200:
        rest = 0x10200 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x10200 & (first - 1)
    if opp & 0x800:
        rest = 0x804020100800 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x804020100800 & (first - 1)
    if opp & 0x2:
        rest = 0x3 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x3 & -(first << 1)
    return flipped


def flips_8x8_d1(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x800:
        rest = 0x808080808080800 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x808080808080800 & (first - 1)
    if opp & 0x10:
        rest = 0xF0 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0xF0 & (first - 1)
    if opp & 0x400:
        rest = 0x1020400 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x1020400 & (first - 1)
    if opp & 0x1000:
        rest = 0x8040201000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x8040201000 & (first - 1)
    if opp & 0x4:
        rest = 0x7 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x7 & -(first << 1)
    return flipped


def flips_8x8_e1(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x1000:
        rest = 0x1010101010101000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x1010101010101000 & (first - 1)
    if opp & 0x20:
        rest = 0xE0 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0xE0 & (first - 1)
    if opp & 0x800:
        rest = 0x102040800 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x102040800 & (first - 1)
    if opp & 0x2000:
        rest = 0x80402000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x80402000 & (first - 1)
    if opp & 0x8:
        rest = 0xF & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0xF & -(first << 1)
    return flipped


def flips_8x8_f1(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x2000:
        rest = 0x2020202020202000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x2020202020202000 & (first - 1)
    if opp & 0x40:
        rest = 0xC0 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0xC0 & (first - 1)
    if opp & 0x1000:
        rest = 0x10204081000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x10204081000 & (first - 1)
    if opp & 0x4000:
        rest = 0x804000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x804000 & (first - 1)
    if opp & 0x10:
        rest = 0x1F & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x1F & -(first << 1)
    return flipped


def flips_8x8_g1(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x4000:
        rest = 0x4040404040404000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x4040404040404000 & (first - 1)
    if opp & 0x2000:
        rest = 0x1020408102000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x1020408102000 & (first - 1)
    if opp & 0x20:
        rest = 0x3F & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x3F & -(first << 1)
    return flipped


def flips_8x8_h1(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x8000:
        rest = 0x8080808080808000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x8080808080808000 & (first - 1)
    if opp & 0x4000:
        rest = 0x102040810204000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x102040810204000 & (first - 1)
    if opp & 0x40:
        rest = 0x7F & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x7F & -(first << 1)
    return flipped


def flips_8x8_a2(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x10000:
        rest = 0x101010101010000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x101010101010000 & (first - 1)
    if opp & 0x200:
        rest = 0xFE00 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0xFE00 & (first - 1)
    if opp & 0x20000:
        rest = 0x4020100804020000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x4020100804020000 & (first - 1)
    return flipped


def flips_8x8_b2(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x20000:
        rest = 0x202020202020000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x202020202020000 & (first - 1)
    if opp & 0x400:
        rest = 0xFC00 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0xFC00 & (first - 1)
    if opp & 0x40000:
        rest = 0x8040201008040000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x8040201008040000 & (first - 1)
    return flipped


def flips_8x8_c2(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x40000:
        rest = 0x404040404040000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x404040404040000 & (first - 1)
    if opp & 0x800:
        rest = 0xF800 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0xF800 & (first - 1)
    if opp & 0x20000:
        rest = 0x1020000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x1020000 & (first - 1)
    if opp & 0x80000:
        rest = 0x80402010080000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x80402010080000 & (first - 1)
    if opp & 0x200:
        rest = 0x300 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x300 & -(first << 1)
    return flipped


def flips_8x8_d2(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x80000:
        rest = 0x808080808080000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x808080808080000 & (first - 1)
    if opp & 0x1000:
        rest = 0xF000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0xF000 & (first - 1)
    if opp & 0x40000:
        rest = 0x102040000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x102040000 & (first - 1)
    if opp & 0x100000:
        rest = 0x804020100000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x804020100000 & (first - 1)
    if opp & 0x400:
        rest = 0x700 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x700 & -(first << 1)
    return flipped


def flips_8x8_e2(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x100000:
        rest = 0x1010101010100000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x1010101010100000 & (first - 1)
    if opp & 0x2000:
        rest = 0xE000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0xE000 & (first - 1)
    if opp & 0x80000:
        rest = 0x10204080000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x10204080000 & (first - 1)
    if opp & 0x200000:
        rest = 0x8040200000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x8040200000 & (first - 1)
    if opp & 0x800:
        rest = 0xF00 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0xF00 & -(first << 1)
    return flipped


def flips_8x8_f2(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x200000:
        rest = 0x2020202020200000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x2020202020200000 & (first - 1)
    if opp & 0x4000:
        rest = 0xC000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0xC000 & (first - 1)
    if opp & 0x100000:
        rest = 0x1020408100000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x1020408100000 & (first - 1)
    if opp & 0x400000:
        rest = 0x80400000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x80400000 & (first - 1)
    if opp & 0x1000:
        rest = 0x1F00 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x1F00 & -(first << 1)
    return flipped


def flips_8x8_g2(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x400000:
        rest = 0x4040404040400000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x4040404040400000 & (first - 1)
    if opp & 0x200000:
        rest = 0x102040810200000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x102040810200000 & (first - 1)
    if opp & 0x2000:
        rest = 0x3F00 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x3F00 & -(first << 1)
    return flipped


def flips_8x8_h2(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x800000:
        rest = 0x8080808080800000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x8080808080800000 & (first - 1)
    if opp & 0x400000:
        rest = 0x204081020400000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x204081020400000 & (first - 1)
    if opp & 0x4000:
        rest = 0x7F00 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x7F00 & -(first << 1)
    return flipped


def flips_8x8_a3(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x1000000:
        rest = 0x101010101000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x101010101000000 & (first - 1)
    if opp & 0x20000:
        rest = 0xFE0000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0xFE0000 & (first - 1)
    if opp & 0x2000000:
        rest = 0x2010080402000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x2010080402000000 & (first - 1)
    if opp & 0x100:
        rest = 0x101 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x101 & -(first << 1)
    if opp & 0x200:
        rest = 0x204 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x204 & -(first << 1)
    return flipped


def flips_8x8_b3(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x2000000:
        rest = 0x202020202000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x202020202000000 & (first - 1)
    if opp & 0x40000:
        rest = 0xFC0000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0xFC0000 & (first - 1)
    if opp & 0x4000000:
        rest = 0x4020100804000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x4020100804000000 & (first - 1)
    if opp & 0x200:
        rest = 0x202 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x202 & -(first << 1)
    if opp & 0x400:
        rest = 0x408 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x408 & -(first << 1)
    return flipped


def flips_8x8_c3(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x4000000:
        rest = 0x404040404000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x404040404000000 & (first - 1)
    if opp & 0x80000:
        rest = 0xF80000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0xF80000 & (first - 1)
    if opp & 0x2000000:
        rest = 0x102000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x102000000 & (first - 1)
    if opp & 0x8000000:
        rest = 0x8040201008000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x8040201008000000 & (first - 1)
    if opp & 0x400:
        rest = 0x404 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x404 & -(first << 1)
    if opp & 0x20000:
        rest = 0x30000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x30000 & -(first << 1)
    if opp & 0x200:
        rest = 0x201 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x201 & -(first << 1)
    if opp & 0x800:
        rest = 0x810 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x810 & -(first << 1)
    return flipped


def flips_8x8_d3(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x8000000:
        rest = 0x808080808000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x808080808000000 & (first - 1)
    if opp & 0x100000:
        rest = 0xF00000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0xF00000 & (first - 1)
    if opp & 0x4000000:
        rest = 0x10204000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x10204000000 & (first - 1)
    if opp & 0x10000000:
        rest = 0x80402010000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x80402010000000 & (first - 1)
    if opp & 0x800:
        rest = 0x808 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x808 & -(first << 1)
    if opp & 0x40000:
        rest = 0x70000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x70000 & -(first << 1)
    if opp & 0x400:
        rest = 0x402 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x402 & -(first << 1)
    if opp & 0x1000:
        rest = 0x1020 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x1020 & -(first << 1)
    return flipped


def flips_8x8_e3(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x10000000:
        rest = 0x1010101010000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x1010101010000000 & (first - 1)
    if opp & 0x200000:
        rest = 0xE00000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0xE00000 & (first - 1)
    if opp & 0x8000000:
        rest = 0x1020408000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x1020408000000 & (first - 1)
    if opp & 0x20000000:
        rest = 0x804020000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x804020000000 & (first - 1)
    if opp & 0x1000:
        rest = 0x1010 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x1010 & -(first << 1)
    if opp & 0x80000:
        rest = 0xF0000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0xF0000 & -(first << 1)
    if opp & 0x800:
        rest = 0x804 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x804 & -(first << 1)
    if opp & 0x2000:
        rest = 0x2040 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x2040 & -(first << 1)
    return flipped


def flips_8x8_f3(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x20000000:
        rest = 0x2020202020000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x2020202020000000 & (first - 1)
    if opp & 0x400000:
        rest = 0xC00000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0xC00000 & (first - 1)
    if opp & 0x10000000:
        rest = 0x102040810000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x102040810000000 & (first - 1)
    if opp & 0x40000000:
        rest = 0x8040000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x8040000000 & (first - 1)
    if opp & 0x2000:
        rest = 0x2020 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x2020 & -(first << 1)
    if opp & 0x100000:
        rest = 0x1F0000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x1F0000 & -(first << 1)
    if opp & 0x1000:
        rest = 0x1008 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x1008 & -(first << 1)
    if opp & 0x4000:
        rest = 0x4080 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x4080 & -(first << 1)
    return flipped


def flips_8x8_g3(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x40000000:
        rest = 0x4040404040000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x4040404040000000 & (first - 1)
    if opp & 0x20000000:
        rest = 0x204081020000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x204081020000000 & (first - 1)
    if opp & 0x4000:
        rest = 0x4040 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x4040 & -(first << 1)
    if opp & 0x200000:
        rest = 0x3F0000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x3F0000 & -(first << 1)
    if opp & 0x2000:
        rest = 0x2010 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x2010 & -(first << 1)
    return flipped


def flips_8x8_h3(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x80000000:
        rest = 0x8080808080000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x8080808080000000 & (first - 1)
    if opp & 0x40000000:
        rest = 0x408102040000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x408102040000000 & (first - 1)
    if opp & 0x8000:
        rest = 0x8080 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x8080 & -(first << 1)
    if opp & 0x400000:
        rest = 0x7F0000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x7F0000 & -(first << 1)
    if opp & 0x4000:
        rest = 0x4020 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x4020 & -(first << 1)
    return flipped


def flips_8x8_a4(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x100000000:
        rest = 0x101010100000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x101010100000000 & (first - 1)
    if opp & 0x2000000:
        rest = 0xFE000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0xFE000000 & (first - 1)
    if opp & 0x200000000:
        rest = 0x1008040200000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x1008040200000000 & (first - 1)
    if opp & 0x10000:
        rest = 0x10101 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x10101 & -(first << 1)
    if opp & 0x20000:
        rest = 0x20408 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x20408 & -(first << 1)
    return flipped


def flips_8x8_b4(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x200000000:
        rest = 0x202020200000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x202020200000000 & (first - 1)
    if opp & 0x4000000:
        rest = 0xFC000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0xFC000000 & (first - 1)
    if opp & 0x400000000:
        rest = 0x2010080400000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x2010080400000000 & (first - 1)
    if opp & 0x20000:
        rest = 0x20202 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x20202 & -(first << 1)
    if opp & 0x40000:
        rest = 0x40810 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x40810 & -(first << 1)
    return flipped


def flips_8x8_c4(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x400000000:
        rest = 0x404040400000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x404040400000000 & (first - 1)
    if opp & 0x8000000:
        rest = 0xF8000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0xF8000000 & (first - 1)
    if opp & 0x200000000:
        rest = 0x10200000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x10200000000 & (first - 1)
    if opp & 0x800000000:
        rest = 0x4020100800000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x4020100800000000 & (first - 1)
    if opp & 0x40000:
        rest = 0x40404 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x40404 & -(first << 1)
    if opp & 0x2000000:
        rest = 0x3000000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x3000000 & -(first << 1)
    if opp & 0x20000:
        rest = 0x20100 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x20100 & -(first << 1)
    if opp & 0x80000:
        rest = 0x81020 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x81020 & -(first << 1)
    return flipped


def flips_8x8_d4(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x800000000:
        rest = 0x808080800000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x808080800000000 & (first - 1)
    if opp & 0x10000000:
        rest = 0xF0000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0xF0000000 & (first - 1)
    if opp & 0x400000000:
        rest = 0x1020400000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x1020400000000 & (first - 1)
    if opp & 0x1000000000:
        rest = 0x8040201000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x8040201000000000 & (first - 1)
    if opp & 0x80000:
        rest = 0x80808 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x80808 & -(first << 1)
    if opp & 0x4000000:
        rest = 0x7000000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x7000000 & -(first << 1)
    if opp & 0x40000:
        rest = 0x40201 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x40201 & -(first << 1)
    if opp & 0x100000:
        rest = 0x102040 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x102040 & -(first << 1)
    return flipped


def flips_8x8_e4(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x1000000000:
        rest = 0x1010101000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x1010101000000000 & (first - 1)
    if opp & 0x20000000:
        rest = 0xE0000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0xE0000000 & (first - 1)
    if opp & 0x800000000:
        rest = 0x102040800000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x102040800000000 & (first - 1)
    if opp & 0x2000000000:
        rest = 0x80402000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x80402000000000 & (first - 1)
    if opp & 0x100000:
        rest = 0x101010 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x101010 & -(first << 1)
    if opp & 0x8000000:
        rest = 0xF000000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0xF000000 & -(first << 1)
    if opp & 0x80000:
        rest = 0x80402 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x80402 & -(first << 1)
    if opp & 0x200000:
        rest = 0x204080 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x204080 & -(first << 1)
    return flipped


def flips_8x8_f4(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x2000000000:
        rest = 0x2020202000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x2020202000000000 & (first - 1)
    if opp & 0x40000000:
        rest = 0xC0000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0xC0000000 & (first - 1)
    if opp & 0x1000000000:
        rest = 0x204081000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x204081000000000 & (first - 1)
    if opp & 0x4000000000:
        rest = 0x804000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x804000000000 & (first - 1)
    if opp & 0x200000:
        rest = 0x202020 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x202020 & -(first << 1)
    if opp & 0x10000000:
        rest = 0x1F000000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x1F000000 & -(first << 1)
    if opp & 0x100000:
        rest = 0x100804 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x100804 & -(first << 1)
    if opp & 0x400000:
        rest = 0x408000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x408000 & -(first << 1)
    return flipped


def flips_8x8_g4(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x4000000000:
        rest = 0x4040404000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x4040404000000000 & (first - 1)
    if opp & 0x2000000000:
        rest = 0x408102000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x408102000000000 & (first - 1)
    if opp & 0x400000:
        rest = 0x404040 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x404040 & -(first << 1)
    if opp & 0x20000000:
        rest = 0x3F000000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x3F000000 & -(first << 1)
    if opp & 0x200000:
        rest = 0x201008 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x201008 & -(first << 1)
    return flipped


def flips_8x8_h4(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x8000000000:
        rest = 0x8080808000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x8080808000000000 & (first - 1)
    if opp & 0x4000000000:
        rest = 0x810204000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x810204000000000 & (first - 1)
    if opp & 0x800000:
        rest = 0x808080 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x808080 & -(first << 1)
    if opp & 0x40000000:
        rest = 0x7F000000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x7F000000 & -(first << 1)
    if opp & 0x400000:
        rest = 0x402010 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x402010 & -(first << 1)
    return flipped


def flips_8x8_a5(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x10000000000:
        rest = 0x101010000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x101010000000000 & (first - 1)
    if opp & 0x200000000:
        rest = 0xFE00000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0xFE00000000 & (first - 1)
    if opp & 0x20000000000:
        rest = 0x804020000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x804020000000000 & (first - 1)
    if opp & 0x1000000:
        rest = 0x1010101 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x1010101 & -(first << 1)
    if opp & 0x2000000:
        rest = 0x2040810 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x2040810 & -(first << 1)
    return flipped


def flips_8x8_b5(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x20000000000:
        rest = 0x202020000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x202020000000000 & (first - 1)
    if opp & 0x400000000:
        rest = 0xFC00000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0xFC00000000 & (first - 1)
    if opp & 0x40000000000:
        rest = 0x1008040000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x1008040000000000 & (first - 1)
    if opp & 0x2000000:
        rest = 0x2020202 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x2020202 & -(first << 1)
    if opp & 0x4000000:
        rest = 0x4081020 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x4081020 & -(first << 1)
    return flipped


def flips_8x8_c5(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x40000000000:
        rest = 0x404040000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x404040000000000 & (first - 1)
    if opp & 0x800000000:
        rest = 0xF800000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0xF800000000 & (first - 1)
    if opp & 0x20000000000:
        rest = 0x1020000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x1020000000000 & (first - 1)
    if opp & 0x80000000000:
        rest = 0x2010080000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x2010080000000000 & (first - 1)
    if opp & 0x4000000:
        rest = 0x4040404 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x4040404 & -(first << 1)
    if opp & 0x200000000:
        rest = 0x300000000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x300000000 & -(first << 1)
    if opp & 0x2000000:
        rest = 0x2010000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x2010000 & -(first << 1)
    if opp & 0x8000000:
        rest = 0x8102040 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x8102040 & -(first << 1)
    return flipped


def flips_8x8_d5(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x80000000000:
        rest = 0x808080000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x808080000000000 & (first - 1)
    if opp & 0x1000000000:
        rest = 0xF000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0xF000000000 & (first - 1)
    if opp & 0x40000000000:
        rest = 0x102040000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x102040000000000 & (first - 1)
    if opp & 0x100000000000:
        rest = 0x4020100000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x4020100000000000 & (first - 1)
    if opp & 0x8000000:
        rest = 0x8080808 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x8080808 & -(first << 1)
    if opp & 0x400000000:
        rest = 0x700000000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x700000000 & -(first << 1)
    if opp & 0x4000000:
        rest = 0x4020100 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x4020100 & -(first << 1)
    if opp & 0x10000000:
        rest = 0x10204080 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x10204080 & -(first << 1)
    return flipped


def flips_8x8_e5(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x100000000000:
        rest = 0x1010100000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x1010100000000000 & (first - 1)
    if opp & 0x2000000000:
        rest = 0xE000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0xE000000000 & (first - 1)
    if opp & 0x80000000000:
        rest = 0x204080000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x204080000000000 & (first - 1)
    if opp & 0x200000000000:
        rest = 0x8040200000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x8040200000000000 & (first - 1)
    if opp & 0x10000000:
        rest = 0x10101010 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x10101010 & -(first << 1)
    if opp & 0x800000000:
        rest = 0xF00000000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0xF00000000 & -(first << 1)
    if opp & 0x8000000:
        rest = 0x8040201 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x8040201 & -(first << 1)
    if opp & 0x20000000:
        rest = 0x20408000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x20408000 & -(first << 1)
    return flipped


def flips_8x8_f5(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x200000000000:
        rest = 0x2020200000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x2020200000000000 & (first - 1)
    if opp & 0x4000000000:
        rest = 0xC000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0xC000000000 & (first - 1)
    if opp & 0x100000000000:
        rest = 0x408100000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x408100000000000 & (first - 1)
    if opp & 0x400000000000:
        rest = 0x80400000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x80400000000000 & (first - 1)
    if opp & 0x20000000:
        rest = 0x20202020 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x20202020 & -(first << 1)
    if opp & 0x1000000000:
        rest = 0x1F00000000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x1F00000000 & -(first << 1)
    if opp & 0x10000000:
        rest = 0x10080402 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x10080402 & -(first << 1)
    if opp & 0x40000000:
        rest = 0x40800000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x40800000 & -(first << 1)
    return flipped


def flips_8x8_g5(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x400000000000:
        rest = 0x4040400000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x4040400000000000 & (first - 1)
    if opp & 0x200000000000:
        rest = 0x810200000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x810200000000000 & (first - 1)
    if opp & 0x40000000:
        rest = 0x40404040 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x40404040 & -(first << 1)
    if opp & 0x2000000000:
        rest = 0x3F00000000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x3F00000000 & -(first << 1)
    if opp & 0x20000000:
        rest = 0x20100804 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x20100804 & -(first << 1)
    return flipped


def flips_8x8_h5(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x800000000000:
        rest = 0x8080800000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x8080800000000000 & (first - 1)
    if opp & 0x400000000000:
        rest = 0x1020400000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x1020400000000000 & (first - 1)
    if opp & 0x80000000:
        rest = 0x80808080 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x80808080 & -(first << 1)
    if opp & 0x4000000000:
        rest = 0x7F00000000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x7F00000000 & -(first << 1)
    if opp & 0x40000000:
        rest = 0x40201008 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x40201008 & -(first << 1)
    return flipped


def flips_8x8_a6(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x1000000000000:
        rest = 0x101000000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x101000000000000 & (first - 1)
    if opp & 0x20000000000:
        rest = 0xFE0000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0xFE0000000000 & (first - 1)
    if opp & 0x2000000000000:
        rest = 0x402000000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x402000000000000 & (first - 1)
    if opp & 0x100000000:
        rest = 0x101010101 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x101010101 & -(first << 1)
    if opp & 0x200000000:
        rest = 0x204081020 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x204081020 & -(first << 1)
    return flipped


def flips_8x8_b6(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x2000000000000:
        rest = 0x202000000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x202000000000000 & (first - 1)
    if opp & 0x40000000000:
        rest = 0xFC0000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0xFC0000000000 & (first - 1)
    if opp & 0x4000000000000:
        rest = 0x804000000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x804000000000000 & (first - 1)
    if opp & 0x200000000:
        rest = 0x202020202 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x202020202 & -(first << 1)
    if opp & 0x400000000:
        rest = 0x408102040 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x408102040 & -(first << 1)
    return flipped


def flips_8x8_c6(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x4000000000000:
        rest = 0x404000000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x404000000000000 & (first - 1)
    if opp & 0x80000000000:
        rest = 0xF80000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0xF80000000000 & (first - 1)
    if opp & 0x2000000000000:
        rest = 0x102000000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x102000000000000 & (first - 1)
    if opp & 0x8000000000000:
        rest = 0x1008000000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x1008000000000000 & (first - 1)
    if opp & 0x400000000:
        rest = 0x404040404 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x404040404 & -(first << 1)
    if opp & 0x20000000000:
        rest = 0x30000000000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x30000000000 & -(first << 1)
    if opp & 0x200000000:
        rest = 0x201000000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x201000000 & -(first << 1)
    if opp & 0x800000000:
        rest = 0x810204080 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x810204080 & -(first << 1)
    return flipped


def flips_8x8_d6(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x8000000000000:
        rest = 0x808000000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x808000000000000 & (first - 1)
    if opp & 0x100000000000:
        rest = 0xF00000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0xF00000000000 & (first - 1)
    if opp & 0x4000000000000:
        rest = 0x204000000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x204000000000000 & (first - 1)
    if opp & 0x10000000000000:
        rest = 0x2010000000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x2010000000000000 & (first - 1)
    if opp & 0x800000000:
        rest = 0x808080808 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x808080808 & -(first << 1)
    if opp & 0x40000000000:
        rest = 0x70000000000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x70000000000 & -(first << 1)
    if opp & 0x400000000:
        rest = 0x402010000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x402010000 & -(first << 1)
    if opp & 0x1000000000:
        rest = 0x1020408000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x1020408000 & -(first << 1)
    return flipped


def flips_8x8_e6(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x10000000000000:
        rest = 0x1010000000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x1010000000000000 & (first - 1)
    if opp & 0x200000000000:
        rest = 0xE00000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0xE00000000000 & (first - 1)
    if opp & 0x8000000000000:
        rest = 0x408000000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x408000000000000 & (first - 1)
    if opp & 0x20000000000000:
        rest = 0x4020000000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x4020000000000000 & (first - 1)
    if opp & 0x1000000000:
        rest = 0x1010101010 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x1010101010 & -(first << 1)
    if opp & 0x80000000000:
        rest = 0xF0000000000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0xF0000000000 & -(first << 1)
    if opp & 0x800000000:
        rest = 0x804020100 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x804020100 & -(first << 1)
    if opp & 0x2000000000:
        rest = 0x2040800000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x2040800000 & -(first << 1)
    return flipped


def flips_8x8_f6(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x20000000000000:
        rest = 0x2020000000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x2020000000000000 & (first - 1)
    if opp & 0x400000000000:
        rest = 0xC00000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0xC00000000000 & (first - 1)
    if opp & 0x10000000000000:
        rest = 0x810000000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x810000000000000 & (first - 1)
    if opp & 0x40000000000000:
        rest = 0x8040000000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x8040000000000000 & (first - 1)
    if opp & 0x2000000000:
        rest = 0x2020202020 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x2020202020 & -(first << 1)
    if opp & 0x100000000000:
        rest = 0x1F0000000000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x1F0000000000 & -(first << 1)
    if opp & 0x1000000000:
        rest = 0x1008040201 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x1008040201 & -(first << 1)
    if opp & 0x4000000000:
        rest = 0x4080000000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x4080000000 & -(first << 1)
    return flipped


def flips_8x8_g6(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x40000000000000:
        rest = 0x4040000000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x4040000000000000 & (first - 1)
    if opp & 0x20000000000000:
        rest = 0x1020000000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x1020000000000000 & (first - 1)
    if opp & 0x4000000000:
        rest = 0x4040404040 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x4040404040 & -(first << 1)
    if opp & 0x200000000000:
        rest = 0x3F0000000000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x3F0000000000 & -(first << 1)
    if opp & 0x2000000000:
        rest = 0x2010080402 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x2010080402 & -(first << 1)
    return flipped


def flips_8x8_h6(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x80000000000000:
        rest = 0x8080000000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x8080000000000000 & (first - 1)
    if opp & 0x40000000000000:
        rest = 0x2040000000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0x2040000000000000 & (first - 1)
    if opp & 0x8000000000:
        rest = 0x8080808080 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x8080808080 & -(first << 1)
    if opp & 0x400000000000:
        rest = 0x7F0000000000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x7F0000000000 & -(first << 1)
    if opp & 0x4000000000:
        rest = 0x4020100804 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x4020100804 & -(first << 1)
    return flipped


def flips_8x8_a7(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x2000000000000:
        rest = 0xFE000000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0xFE000000000000 & (first - 1)
    if opp & 0x10000000000:
        rest = 0x10101010101 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x10101010101 & -(first << 1)
    if opp & 0x20000000000:
        rest = 0x20408102040 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x20408102040 & -(first << 1)
    return flipped


def flips_8x8_b7(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x4000000000000:
        rest = 0xFC000000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0xFC000000000000 & (first - 1)
    if opp & 0x20000000000:
        rest = 0x20202020202 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x20202020202 & -(first << 1)
    if opp & 0x40000000000:
        rest = 0x40810204080 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x40810204080 & -(first << 1)
    return flipped


def flips_8x8_c7(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x8000000000000:
        rest = 0xF8000000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0xF8000000000000 & (first - 1)
    if opp & 0x40000000000:
        rest = 0x40404040404 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x40404040404 & -(first << 1)
    if opp & 0x2000000000000:
        rest = 0x3000000000000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x3000000000000 & -(first << 1)
    if opp & 0x20000000000:
        rest = 0x20100000000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x20100000000 & -(first << 1)
    if opp & 0x80000000000:
        rest = 0x81020408000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x81020408000 & -(first << 1)
    return flipped


def flips_8x8_d7(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x10000000000000:
        rest = 0xF0000000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0xF0000000000000 & (first - 1)
    if opp & 0x80000000000:
        rest = 0x80808080808 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x80808080808 & -(first << 1)
    if opp & 0x4000000000000:
        rest = 0x7000000000000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x7000000000000 & -(first << 1)
    if opp & 0x40000000000:
        rest = 0x40201000000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x40201000000 & -(first << 1)
    if opp & 0x100000000000:
        rest = 0x102040800000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x102040800000 & -(first << 1)
    return flipped


def flips_8x8_e7(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x20000000000000:
        rest = 0xE0000000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0xE0000000000000 & (first - 1)
    if opp & 0x100000000000:
        rest = 0x101010101010 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x101010101010 & -(first << 1)
    if opp & 0x8000000000000:
        rest = 0xF000000000000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0xF000000000000 & -(first << 1)
    if opp & 0x80000000000:
        rest = 0x80402010000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x80402010000 & -(first << 1)
    if opp & 0x200000000000:
        rest = 0x204080000000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x204080000000 & -(first << 1)
    return flipped


def flips_8x8_f7(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x40000000000000:
        rest = 0xC0000000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0xC0000000000000 & (first - 1)
    if opp & 0x200000000000:
        rest = 0x202020202020 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x202020202020 & -(first << 1)
    if opp & 0x10000000000000:
        rest = 0x1F000000000000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x1F000000000000 & -(first << 1)
    if opp & 0x100000000000:
        rest = 0x100804020100 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x100804020100 & -(first << 1)
    if opp & 0x400000000000:
        rest = 0x408000000000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x408000000000 & -(first << 1)
    return flipped


def flips_8x8_g7(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x400000000000:
        rest = 0x404040404040 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x404040404040 & -(first << 1)
    if opp & 0x20000000000000:
        rest = 0x3F000000000000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x3F000000000000 & -(first << 1)
    if opp & 0x200000000000:
        rest = 0x201008040201 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x201008040201 & -(first << 1)
    return flipped


def flips_8x8_h7(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x800000000000:
        rest = 0x808080808080 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x808080808080 & -(first << 1)
    if opp & 0x40000000000000:
        rest = 0x7F000000000000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x7F000000000000 & -(first << 1)
    if opp & 0x400000000000:
        rest = 0x402010080402 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x402010080402 & -(first << 1)
    return flipped


def flips_8x8_a8(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x200000000000000:
        rest = 0xFE00000000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0xFE00000000000000 & (first - 1)
    if opp & 0x1000000000000:
        rest = 0x1010101010101 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x1010101010101 & -(first << 1)
    if opp & 0x2000000000000:
        rest = 0x2040810204080 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x2040810204080 & -(first << 1)
    return flipped


def flips_8x8_b8(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x400000000000000:
        rest = 0xFC00000000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0xFC00000000000000 & (first - 1)
    if opp & 0x2000000000000:
        rest = 0x2020202020202 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x2020202020202 & -(first << 1)
    if opp & 0x4000000000000:
        rest = 0x4081020408000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x4081020408000 & -(first << 1)
    return flipped


def flips_8x8_c8(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x800000000000000:
        rest = 0xF800000000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0xF800000000000000 & (first - 1)
    if opp & 0x4000000000000:
        rest = 0x4040404040404 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x4040404040404 & -(first << 1)
    if opp & 0x200000000000000:
        rest = 0x300000000000000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x300000000000000 & -(first << 1)
    if opp & 0x2000000000000:
        rest = 0x2010000000000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x2010000000000 & -(first << 1)
    if opp & 0x8000000000000:
        rest = 0x8102040800000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x8102040800000 & -(first << 1)
    return flipped


def flips_8x8_d8(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x1000000000000000:
        rest = 0xF000000000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0xF000000000000000 & (first - 1)
    if opp & 0x8000000000000:
        rest = 0x8080808080808 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x8080808080808 & -(first << 1)
    if opp & 0x400000000000000:
        rest = 0x700000000000000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x700000000000000 & -(first << 1)
    if opp & 0x4000000000000:
        rest = 0x4020100000000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x4020100000000 & -(first << 1)
    if opp & 0x10000000000000:
        rest = 0x10204080000000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x10204080000000 & -(first << 1)
    return flipped


def flips_8x8_e8(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x2000000000000000:
        rest = 0xE000000000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0xE000000000000000 & (first - 1)
    if opp & 0x10000000000000:
        rest = 0x10101010101010 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x10101010101010 & -(first << 1)
    if opp & 0x800000000000000:
        rest = 0xF00000000000000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0xF00000000000000 & -(first << 1)
    if opp & 0x8000000000000:
        rest = 0x8040201000000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x8040201000000 & -(first << 1)
    if opp & 0x20000000000000:
        rest = 0x20408000000000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x20408000000000 & -(first << 1)
    return flipped


def flips_8x8_f8(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x4000000000000000:
        rest = 0xC000000000000000 & ~opp
        first = rest & -rest
        if first & own:
            flipped |= 0xC000000000000000 & (first - 1)
    if opp & 0x20000000000000:
        rest = 0x20202020202020 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x20202020202020 & -(first << 1)
    if opp & 0x1000000000000000:
        rest = 0x1F00000000000000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x1F00000000000000 & -(first << 1)
    if opp & 0x10000000000000:
        rest = 0x10080402010000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x10080402010000 & -(first << 1)
    if opp & 0x40000000000000:
        rest = 0x40800000000000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x40800000000000 & -(first << 1)
    return flipped


def flips_8x8_g8(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x40000000000000:
        rest = 0x40404040404040 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x40404040404040 & -(first << 1)
    if opp & 0x2000000000000000:
        rest = 0x3F00000000000000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x3F00000000000000 & -(first << 1)
    if opp & 0x20000000000000:
        rest = 0x20100804020100 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x20100804020100 & -(first << 1)
    return flipped


def flips_8x8_h8(own: int, opp: int) -> int:
    flipped = 0
    if opp & 0x80000000000000:
        rest = 0x80808080808080 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x80808080808080 & -(first << 1)
    if opp & 0x4000000000000000:
        rest = 0x7F00000000000000 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x7F00000000000000 & -(first << 1)
    if opp & 0x40000000000000:
        rest = 0x40201008040201 & ~opp
        if rest:
            first = 1 << (rest.bit_length() - 1)
            if first & own:
                flipped |= 0x40201008040201 & -(first << 1)
    return flipped


FLIPS_8x8 = (
    flips_8x8_a1,
    flips_8x8_b1,
    flips_8x8_c1,
    flips_8x8_d1,
    flips_8x8_e1,
    flips_8x8_f1,
    flips_8x8_g1,
    flips_8x8_h1,
    flips_8x8_a2,
    flips_8x8_b2,
    flips_8x8_c2,
    flips_8x8_d2,
    flips_8x8_e2,
    flips_8x8_f2,
    flips_8x8_g2,
    flips_8x8_h2,
    flips_8x8_a3,
    flips_8x8_b3,
    flips_8x8_c3,
    flips_8x8_d3,
    flips_8x8_e3,
    flips_8x8_f3,
    flips_8x8_g3,
    flips_8x8_h3,
    flips_8x8_a4,
    flips_8x8_b4,
    flips_8x8_c4,
    flips_8x8_d4,
    flips_8x8_e4,
    flips_8x8_f4,
    flips_8x8_g4,
    flips_8x8_h4,
    flips_8x8_a5,
    flips_8x8_b5,
    flips_8x8_c5,
    flips_8x8_d5,
    flips_8x8_e5,
    flips_8x8_f5,
    flips_8x8_g5,
    flips_8x8_h5,
    flips_8x8_a6,
    flips_8x8_b6,
    flips_8x8_c6,
    flips_8x8_d6,
    flips_8x8_e6,
    flips_8x8_f6,
    flips_8x8_g6,
    flips_8x8_h6,
    flips_8x8_a7,
    flips_8x8_b7,
    flips_8x8_c7,
    flips_8x8_d7,
    flips_8x8_e7,
    flips_8x8_f7,
    flips_8x8_g7,
    flips_8x8_h7,
    flips_8x8_a8,
    flips_8x8_b8,
    flips_8x8_c8,
    flips_8x8_d8,
    flips_8x8_e8,
    flips_8x8_f8,
    flips_8x8_g8,
    flips_8x8_h8,
)
