"""Legal placements on one board of each size, as Python ints: generated, do not edit.

Each function is :func:`othello_zoo.core.fill.ray_moves` traced over the 8 directions by
:func:`othello_zoo.core.scalar.legal_source`; ``python -m othello_zoo.core.scalar`` writes this file again.
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
    t0 = opp & 0x3FFFFFC0
    t1 = t0 >> 6
    t2 = t1 & t0
    t3 = t2 >> 12
    t4 = t3 & t2
    t5 = opp & 0x79E79E79E
    t6 = t5 >> 1
    t7 = t6 & t5
    t8 = t7 >> 2
    t9 = t8 & t7
    t10 = opp & 0x1E79E780
    t11 = t10 >> 7
    t12 = t11 & t10
    t13 = t12 >> 14
    t14 = t13 & t12
    t15 = t10 >> 5
    t16 = t15 & t10
    t17 = t16 >> 10
    t18 = t17 & t16
    t19 = own >> 6
    t20 = t19 & t0
    t21 = own | t20
    t22 = t21 >> 12
    t23 = t22 & t2
    t24 = t21 | t23
    t25 = t24 >> 24
    t26 = t25 & t4
    t27 = t24 | t26
    t28 = t27 & t0
    t29 = t28 >> 6
    t30 = t2 << 6
    t31 = t4 << 18
    t32 = own << 6
    t33 = t32 & t0
    t34 = own | t33
    t35 = t34 << 12
    t36 = t35 & t30
    t37 = t34 | t36
    t38 = t37 << 24
    t39 = t38 & t31
    t40 = t37 | t39
    t41 = t40 & t0
    t42 = t41 << 6
    t43 = own >> 1
    t44 = t43 & t5
    t45 = own | t44
    t46 = t45 >> 2
    t47 = t46 & t7
    t48 = t45 | t47
    t49 = t48 >> 4
    t50 = t49 & t9
    t51 = t48 | t50
    t52 = t51 & t5
    t53 = t52 >> 1
    t54 = t7 << 1
    t55 = t9 << 3
    t56 = own << 1
    t57 = t56 & t5
    t58 = own | t57
    t59 = t58 << 2
    t60 = t59 & t54
    t61 = t58 | t60
    t62 = t61 << 4
    t63 = t62 & t55
    t64 = t61 | t63
    t65 = t64 & t5
    t66 = t65 << 1
    t67 = own >> 7
    t68 = t67 & t10
    t69 = own | t68
    t70 = t69 >> 14
    t71 = t70 & t12
    t72 = t69 | t71
    t73 = t72 >> 28
    t74 = t73 & t14
    t75 = t72 | t74
    t76 = t75 & t10
    t77 = t76 >> 7
    t78 = own >> 5
    t79 = t78 & t10
    t80 = own | t79
    t81 = t80 >> 10
    t82 = t81 & t16
    t83 = t80 | t82
    t84 = t83 >> 20
    t85 = t84 & t18
    t86 = t83 | t85
    t87 = t86 & t10
    t88 = t87 >> 5
    t89 = t16 << 5
    t90 = t18 << 15
    t91 = own << 5
    t92 = t91 & t10
    t93 = own | t92
    t94 = t93 << 10
    t95 = t94 & t89
    t96 = t93 | t95
    t97 = t96 << 20
    t98 = t97 & t90
    t99 = t96 | t98
    t100 = t99 & t10
    t101 = t100 << 5
    t102 = t12 << 7
    t103 = t14 << 21
    t104 = own << 7
    t105 = t104 & t10
    t106 = own | t105
    t107 = t106 << 14
    t108 = t107 & t102
    t109 = t106 | t108
    t110 = t109 << 28
    t111 = t110 & t103
    t112 = t109 | t111
    t113 = t112 & t10
    t114 = t113 << 7
    moves = t29 | t42 | t53 | t66 | t77 | t88 | t101 | t114
    return moves & ~(own | opp) & 0xFFFFFFFFF


def legal_8x8(own: int, opp: int) -> int:
    t0 = opp & 0xFFFFFFFFFFFF00
    t1 = t0 >> 8
    t2 = t1 & t0
    t3 = t2 >> 16
    t4 = t3 & t2
    t5 = opp & 0x7E7E7E7E7E7E7E7E
    t6 = t5 >> 1
    t7 = t6 & t5
    t8 = t7 >> 2
    t9 = t8 & t7
    t10 = opp & 0x7E7E7E7E7E7E00
    t11 = t10 >> 9
    t12 = t11 & t10
    t13 = t12 >> 18
    t14 = t13 & t12
    t15 = t10 >> 7
    t16 = t15 & t10
    t17 = t16 >> 14
    t18 = t17 & t16
    t19 = own >> 8
    t20 = t19 & t0
    t21 = own | t20
    t22 = t21 >> 16
    t23 = t22 & t2
    t24 = t21 | t23
    t25 = t24 >> 32
    t26 = t25 & t4
    t27 = t24 | t26
    t28 = t27 & t0
    t29 = t28 >> 8
    t30 = t2 << 8
    t31 = t4 << 24
    t32 = own << 8
    t33 = t32 & t0
    t34 = own | t33
    t35 = t34 << 16
    t36 = t35 & t30
    t37 = t34 | t36
    t38 = t37 << 32
    t39 = t38 & t31
    t40 = t37 | t39
    t41 = t40 & t0
    t42 = t41 << 8
    t43 = own >> 1
    t44 = t43 & t5
    t45 = own | t44
    t46 = t45 >> 2
    t47 = t46 & t7
    t48 = t45 | t47
    t49 = t48 >> 4
    t50 = t49 & t9
    t51 = t48 | t50
    t52 = t51 & t5
    t53 = t52 >> 1
    t54 = t7 << 1
    t55 = t9 << 3
    t56 = own << 1
    t57 = t56 & t5
    t58 = own | t57
    t59 = t58 << 2
    t60 = t59 & t54
    t61 = t58 | t60
    t62 = t61 << 4
    t63 = t62 & t55
    t64 = t61 | t63
    t65 = t64 & t5
    t66 = t65 << 1
    t67 = own >> 9
    t68 = t67 & t10
    t69 = own | t68
    t70 = t69 >> 18
    t71 = t70 & t12
    t72 = t69 | t71
    t73 = t72 >> 36
    t74 = t73 & t14
    t75 = t72 | t74
    t76 = t75 & t10
    t77 = t76 >> 9
    t78 = own >> 7
    t79 = t78 & t10
    t80 = own | t79
    t81 = t80 >> 14
    t82 = t81 & t16
    t83 = t80 | t82
    t84 = t83 >> 28
    t85 = t84 & t18
    t86 = t83 | t85
    t87 = t86 & t10
    t88 = t87 >> 7
    t89 = t16 << 7
    t90 = t18 << 21
    t91 = own << 7
    t92 = t91 & t10
    t93 = own | t92
    t94 = t93 << 14
    t95 = t94 & t89
    t96 = t93 | t95
    t97 = t96 << 28
    t98 = t97 & t90
    t99 = t96 | t98
    t100 = t99 & t10
    t101 = t100 << 7
    t102 = t12 << 9
    t103 = t14 << 27
    t104 = own << 9
    t105 = t104 & t10
    t106 = own | t105
    t107 = t106 << 18
    t108 = t107 & t102
    t109 = t106 | t108
    t110 = t109 << 36
    t111 = t110 & t103
    t112 = t109 | t111
    t113 = t112 & t10
    t114 = t113 << 9
    moves = t29 | t42 | t53 | t66 | t77 | t88 | t101 | t114
    return moves & ~(own | opp) & 0xFFFFFFFFFFFFFFFF


def legal_10x10(own: int, opp: int) -> int:
    t0 = opp & 0x3FFFFFFFFFFFFFFFFFFFC00
    t1 = t0 >> 10
    t2 = t1 & t0
    t3 = t2 >> 20
    t4 = t3 & t2
    t5 = t4 >> 40
    t6 = t5 & t4
    t7 = opp & 0x7F9FE7F9FE7F9FE7F9FE7F9FE
    t8 = t7 >> 1
    t9 = t8 & t7
    t10 = t9 >> 2
    t11 = t10 & t9
    t12 = t11 >> 4
    t13 = t12 & t11
    t14 = opp & 0x1FE7F9FE7F9FE7F9FE7F800
    t15 = t14 >> 11
    t16 = t15 & t14
    t17 = t16 >> 22
    t18 = t17 & t16
    t19 = t18 >> 44
    t20 = t19 & t18
    t21 = t14 >> 9
    t22 = t21 & t14
    t23 = t22 >> 18
    t24 = t23 & t22
    t25 = t24 >> 36
    t26 = t25 & t24
    t27 = own >> 10
    t28 = t27 & t0
    t29 = own | t28
    t30 = t29 >> 20
    t31 = t30 & t2
    t32 = t29 | t31
    t33 = t32 >> 40
    t34 = t33 & t4
    t35 = t32 | t34
    t36 = t35 >> 80
    t37 = t36 & t6
    t38 = t35 | t37
    t39 = t38 & t0
    t40 = t39 >> 10
    t41 = t2 << 10
    t42 = t4 << 30
    t43 = t6 << 70
    t44 = own << 10
    t45 = t44 & t0
    t46 = own | t45
    t47 = t46 << 20
    t48 = t47 & t41
    t49 = t46 | t48
    t50 = t49 << 40
    t51 = t50 & t42
    t52 = t49 | t51
    t53 = t52 << 80
    t54 = t53 & t43
    t55 = t52 | t54
    t56 = t55 & t0
    t57 = t56 << 10
    t58 = own >> 1
    t59 = t58 & t7
    t60 = own | t59
    t61 = t60 >> 2
    t62 = t61 & t9
    t63 = t60 | t62
    t64 = t63 >> 4
    t65 = t64 & t11
    t66 = t63 | t65
    t67 = t66 >> 8
    t68 = t67 & t13
    t69 = t66 | t68
    t70 = t69 & t7
    t71 = t70 >> 1
    t72 = t9 << 1
    t73 = t11 << 3
    t74 = t13 << 7
    t75 = own << 1
    t76 = t75 & t7
    t77 = own | t76
    t78 = t77 << 2
    t79 = t78 & t72
    t80 = t77 | t79
    t81 = t80 << 4
    t82 = t81 & t73
    t83 = t80 | t82
    t84 = t83 << 8
    t85 = t84 & t74
    t86 = t83 | t85
    t87 = t86 & t7
    t88 = t87 << 1
    t89 = own >> 11
    t90 = t89 & t14
    t91 = own | t90
    t92 = t91 >> 22
    t93 = t92 & t16
    t94 = t91 | t93
    t95 = t94 >> 44
    t96 = t95 & t18
    t97 = t94 | t96
    t98 = t97 >> 88
    t99 = t98 & t20
    t100 = t97 | t99
    t101 = t100 & t14
    t102 = t101 >> 11
    t103 = own >> 9
    t104 = t103 & t14
    t105 = own | t104
    t106 = t105 >> 18
    t107 = t106 & t22
    t108 = t105 | t107
    t109 = t108 >> 36
    t110 = t109 & t24
    t111 = t108 | t110
    t112 = t111 >> 72
    t113 = t112 & t26
    t114 = t111 | t113
    t115 = t114 & t14
    t116 = t115 >> 9
    t117 = t22 << 9
    t118 = t24 << 27
    t119 = t26 << 63
    t120 = own << 9
    t121 = t120 & t14
    t122 = own | t121
    t123 = t122 << 18
    t124 = t123 & t117
    t125 = t122 | t124
    t126 = t125 << 36
    t127 = t126 & t118
    t128 = t125 | t127
    t129 = t128 << 72
    t130 = t129 & t119
    t131 = t128 | t130
    t132 = t131 & t14
    t133 = t132 << 9
    t134 = t16 << 11
    t135 = t18 << 33
    t136 = t20 << 77
    t137 = own << 11
    t138 = t137 & t14
    t139 = own | t138
    t140 = t139 << 22
    t141 = t140 & t134
    t142 = t139 | t141
    t143 = t142 << 44
    t144 = t143 & t135
    t145 = t142 | t144
    t146 = t145 << 88
    t147 = t146 & t136
    t148 = t145 | t147
    t149 = t148 & t14
    t150 = t149 << 11
    moves = t40 | t57 | t71 | t88 | t102 | t116 | t133 | t150
    return moves & ~(own | opp) & 0xFFFFFFFFFFFFFFFFFFFFFFFFF


def legal_12x12(own: int, opp: int) -> int:
    t0 = opp & 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF000
    t1 = t0 >> 12
    t2 = t1 & t0
    t3 = t2 >> 24
    t4 = t3 & t2
    t5 = t4 >> 48
    t6 = t5 & t4
    t7 = opp & 0x7FE7FE7FE7FE7FE7FE7FE7FE7FE7FE7FE7FE
    t8 = t7 >> 1
    t9 = t8 & t7
    t10 = t9 >> 2
    t11 = t10 & t9
    t12 = t11 >> 4
    t13 = t12 & t11
    t14 = opp & 0x7FE7FE7FE7FE7FE7FE7FE7FE7FE7FE000
    t15 = t14 >> 13
    t16 = t15 & t14
    t17 = t16 >> 26
    t18 = t17 & t16
    t19 = t18 >> 52
    t20 = t19 & t18
    t21 = t14 >> 11
    t22 = t21 & t14
    t23 = t22 >> 22
    t24 = t23 & t22
    t25 = t24 >> 44
    t26 = t25 & t24
    t27 = own >> 12
    t28 = t27 & t0
    t29 = own | t28
    t30 = t29 >> 24
    t31 = t30 & t2
    t32 = t29 | t31
    t33 = t32 >> 48
    t34 = t33 & t4
    t35 = t32 | t34
    t36 = t35 >> 96
    t37 = t36 & t6
    t38 = t35 | t37
    t39 = t38 & t0
    t40 = t39 >> 12
    t41 = t2 << 12
    t42 = t4 << 36
    t43 = t6 << 84
    t44 = own << 12
    t45 = t44 & t0
    t46 = own | t45
    t47 = t46 << 24
    t48 = t47 & t41
    t49 = t46 | t48
    t50 = t49 << 48
    t51 = t50 & t42
    t52 = t49 | t51
    t53 = t52 << 96
    t54 = t53 & t43
    t55 = t52 | t54
    t56 = t55 & t0
    t57 = t56 << 12
    t58 = own >> 1
    t59 = t58 & t7
    t60 = own | t59
    t61 = t60 >> 2
    t62 = t61 & t9
    t63 = t60 | t62
    t64 = t63 >> 4
    t65 = t64 & t11
    t66 = t63 | t65
    t67 = t66 >> 8
    t68 = t67 & t13
    t69 = t66 | t68
    t70 = t69 & t7
    t71 = t70 >> 1
    t72 = t9 << 1
    t73 = t11 << 3
    t74 = t13 << 7
    t75 = own << 1
    t76 = t75 & t7
    t77 = own | t76
    t78 = t77 << 2
    t79 = t78 & t72
    t80 = t77 | t79
    t81 = t80 << 4
    t82 = t81 & t73
    t83 = t80 | t82
    t84 = t83 << 8
    t85 = t84 & t74
    t86 = t83 | t85
    t87 = t86 & t7
    t88 = t87 << 1
    t89 = own >> 13
    t90 = t89 & t14
    t91 = own | t90
    t92 = t91 >> 26
    t93 = t92 & t16
    t94 = t91 | t93
    t95 = t94 >> 52
    t96 = t95 & t18
    t97 = t94 | t96
    t98 = t97 >> 104
    t99 = t98 & t20
    t100 = t97 | t99
    t101 = t100 & t14
    t102 = t101 >> 13
    t103 = own >> 11
    t104 = t103 & t14
    t105 = own | t104
    t106 = t105 >> 22
    t107 = t106 & t22
    t108 = t105 | t107
    t109 = t108 >> 44
    t110 = t109 & t24
    t111 = t108 | t110
    t112 = t111 >> 88
    t113 = t112 & t26
    t114 = t111 | t113
    t115 = t114 & t14
    t116 = t115 >> 11
    t117 = t22 << 11
    t118 = t24 << 33
    t119 = t26 << 77
    t120 = own << 11
    t121 = t120 & t14
    t122 = own | t121
    t123 = t122 << 22
    t124 = t123 & t117
    t125 = t122 | t124
    t126 = t125 << 44
    t127 = t126 & t118
    t128 = t125 | t127
    t129 = t128 << 88
    t130 = t129 & t119
    t131 = t128 | t130
    t132 = t131 & t14
    t133 = t132 << 11
    t134 = t16 << 13
    t135 = t18 << 39
    t136 = t20 << 91
    t137 = own << 13
    t138 = t137 & t14
    t139 = own | t138
    t140 = t139 << 26
    t141 = t140 & t134
    t142 = t139 | t141
    t143 = t142 << 52
    t144 = t143 & t135
    t145 = t142 | t144
    t146 = t145 << 104
    t147 = t146 & t136
    t148 = t145 | t147
    t149 = t148 & t14
    t150 = t149 << 13
    moves = t40 | t57 | t71 | t88 | t102 | t116 | t133 | t150
    return moves & ~(own | opp) & 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF


def legal_14x14(own: int, opp: int) -> int:
    t0 = opp & 0x3FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFC000
    t1 = t0 >> 14
    t2 = t1 & t0
    t3 = t2 >> 28
    t4 = t3 & t2
    t5 = t4 >> 56
    t6 = t5 & t4
    t7 = opp & 0x7FF9FFE7FF9FFE7FF9FFE7FF9FFE7FF9FFE7FF9FFE7FF9FFE
    t8 = t7 >> 1
    t9 = t8 & t7
    t10 = t9 >> 2
    t11 = t10 & t9
    t12 = t11 >> 4
    t13 = t12 & t11
    t14 = opp & 0x1FFE7FF9FFE7FF9FFE7FF9FFE7FF9FFE7FF9FFE7FF8000
    t15 = t14 >> 15
    t16 = t15 & t14
    t17 = t16 >> 30
    t18 = t17 & t16
    t19 = t18 >> 60
    t20 = t19 & t18
    t21 = t14 >> 13
    t22 = t21 & t14
    t23 = t22 >> 26
    t24 = t23 & t22
    t25 = t24 >> 52
    t26 = t25 & t24
    t27 = own >> 14
    t28 = t27 & t0
    t29 = own | t28
    t30 = t29 >> 28
    t31 = t30 & t2
    t32 = t29 | t31
    t33 = t32 >> 56
    t34 = t33 & t4
    t35 = t32 | t34
    t36 = t35 >> 112
    t37 = t36 & t6
    t38 = t35 | t37
    t39 = t38 & t0
    t40 = t39 >> 14
    t41 = t2 << 14
    t42 = t4 << 42
    t43 = t6 << 98
    t44 = own << 14
    t45 = t44 & t0
    t46 = own | t45
    t47 = t46 << 28
    t48 = t47 & t41
    t49 = t46 | t48
    t50 = t49 << 56
    t51 = t50 & t42
    t52 = t49 | t51
    t53 = t52 << 112
    t54 = t53 & t43
    t55 = t52 | t54
    t56 = t55 & t0
    t57 = t56 << 14
    t58 = own >> 1
    t59 = t58 & t7
    t60 = own | t59
    t61 = t60 >> 2
    t62 = t61 & t9
    t63 = t60 | t62
    t64 = t63 >> 4
    t65 = t64 & t11
    t66 = t63 | t65
    t67 = t66 >> 8
    t68 = t67 & t13
    t69 = t66 | t68
    t70 = t69 & t7
    t71 = t70 >> 1
    t72 = t9 << 1
    t73 = t11 << 3
    t74 = t13 << 7
    t75 = own << 1
    t76 = t75 & t7
    t77 = own | t76
    t78 = t77 << 2
    t79 = t78 & t72
    t80 = t77 | t79
    t81 = t80 << 4
    t82 = t81 & t73
    t83 = t80 | t82
    t84 = t83 << 8
    t85 = t84 & t74
    t86 = t83 | t85
    t87 = t86 & t7
    t88 = t87 << 1
    t89 = own >> 15
    t90 = t89 & t14
    t91 = own | t90
    t92 = t91 >> 30
    t93 = t92 & t16
    t94 = t91 | t93
    t95 = t94 >> 60
    t96 = t95 & t18
    t97 = t94 | t96
    t98 = t97 >> 120
    t99 = t98 & t20
    t100 = t97 | t99
    t101 = t100 & t14
    t102 = t101 >> 15
    t103 = own >> 13
    t104 = t103 & t14
    t105 = own | t104
    t106 = t105 >> 26
    t107 = t106 & t22
    t108 = t105 | t107
    t109 = t108 >> 52
    t110 = t109 & t24
    t111 = t108 | t110
    t112 = t111 >> 104
    t113 = t112 & t26
    t114 = t111 | t113
    t115 = t114 & t14
    t116 = t115 >> 13
    t117 = t22 << 13
    t118 = t24 << 39
    t119 = t26 << 91
    t120 = own << 13
    t121 = t120 & t14
    t122 = own | t121
    t123 = t122 << 26
    t124 = t123 & t117
    t125 = t122 | t124
    t126 = t125 << 52
    t127 = t126 & t118
    t128 = t125 | t127
    t129 = t128 << 104
    t130 = t129 & t119
    t131 = t128 | t130
    t132 = t131 & t14
    t133 = t132 << 13
    t134 = t16 << 15
    t135 = t18 << 45
    t136 = t20 << 105
    t137 = own << 15
    t138 = t137 & t14
    t139 = own | t138
    t140 = t139 << 30
    t141 = t140 & t134
    t142 = t139 | t141
    t143 = t142 << 60
    t144 = t143 & t135
    t145 = t142 | t144
    t146 = t145 << 120
    t147 = t146 & t136
    t148 = t145 | t147
    t149 = t148 & t14
    t150 = t149 << 15
    moves = t40 | t57 | t71 | t88 | t102 | t116 | t133 | t150
    return moves & ~(own | opp) & 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF


def legal_16x16(own: int, opp: int) -> int:
    t0 = opp & 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF0000
    t1 = t0 >> 16
    t2 = t1 & t0
    t3 = t2 >> 32
    t4 = t3 & t2
    t5 = t4 >> 64
    t6 = t5 & t4
    t7 = opp & 0x7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE
    t8 = t7 >> 1
    t9 = t8 & t7
    t10 = t9 >> 2
    t11 = t10 & t9
    t12 = t11 >> 4
    t13 = t12 & t11
    t14 = opp & 0x7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE0000
    t15 = t14 >> 17
    t16 = t15 & t14
    t17 = t16 >> 34
    t18 = t17 & t16
    t19 = t18 >> 68
    t20 = t19 & t18
    t21 = t14 >> 15
    t22 = t21 & t14
    t23 = t22 >> 30
    t24 = t23 & t22
    t25 = t24 >> 60
    t26 = t25 & t24
    t27 = own >> 16
    t28 = t27 & t0
    t29 = own | t28
    t30 = t29 >> 32
    t31 = t30 & t2
    t32 = t29 | t31
    t33 = t32 >> 64
    t34 = t33 & t4
    t35 = t32 | t34
    t36 = t35 >> 128
    t37 = t36 & t6
    t38 = t35 | t37
    t39 = t38 & t0
    t40 = t39 >> 16
    t41 = t2 << 16
    t42 = t4 << 48
    t43 = t6 << 112
    t44 = own << 16
    t45 = t44 & t0
    t46 = own | t45
    t47 = t46 << 32
    t48 = t47 & t41
    t49 = t46 | t48
    t50 = t49 << 64
    t51 = t50 & t42
    t52 = t49 | t51
    t53 = t52 << 128
    t54 = t53 & t43
    t55 = t52 | t54
    t56 = t55 & t0
    t57 = t56 << 16
    t58 = own >> 1
    t59 = t58 & t7
    t60 = own | t59
    t61 = t60 >> 2
    t62 = t61 & t9
    t63 = t60 | t62
    t64 = t63 >> 4
    t65 = t64 & t11
    t66 = t63 | t65
    t67 = t66 >> 8
    t68 = t67 & t13
    t69 = t66 | t68
    t70 = t69 & t7
    t71 = t70 >> 1
    t72 = t9 << 1
    t73 = t11 << 3
    t74 = t13 << 7
    t75 = own << 1
    t76 = t75 & t7
    t77 = own | t76
    t78 = t77 << 2
    t79 = t78 & t72
    t80 = t77 | t79
    t81 = t80 << 4
    t82 = t81 & t73
    t83 = t80 | t82
    t84 = t83 << 8
    t85 = t84 & t74
    t86 = t83 | t85
    t87 = t86 & t7
    t88 = t87 << 1
    t89 = own >> 17
    t90 = t89 & t14
    t91 = own | t90
    t92 = t91 >> 34
    t93 = t92 & t16
    t94 = t91 | t93
    t95 = t94 >> 68
    t96 = t95 & t18
    t97 = t94 | t96
    t98 = t97 >> 136
    t99 = t98 & t20
    t100 = t97 | t99
    t101 = t100 & t14
    t102 = t101 >> 17
    t103 = own >> 15
    t104 = t103 & t14
    t105 = own | t104
    t106 = t105 >> 30
    t107 = t106 & t22
    t108 = t105 | t107
    t109 = t108 >> 60
    t110 = t109 & t24
    t111 = t108 | t110
    t112 = t111 >> 120
    t113 = t112 & t26
    t114 = t111 | t113
    t115 = t114 & t14
    t116 = t115 >> 15
    t117 = t22 << 15
    t118 = t24 << 45
    t119 = t26 << 105
    t120 = own << 15
    t121 = t120 & t14
    t122 = own | t121
    t123 = t122 << 30
    t124 = t123 & t117
    t125 = t122 | t124
    t126 = t125 << 60
    t127 = t126 & t118
    t128 = t125 | t127
    t129 = t128 << 120
    t130 = t129 & t119
    t131 = t128 | t130
    t132 = t131 & t14
    t133 = t132 << 15
    t134 = t16 << 17
    t135 = t18 << 51
    t136 = t20 << 119
    t137 = own << 17
    t138 = t137 & t14
    t139 = own | t138
    t140 = t139 << 34
    t141 = t140 & t134
    t142 = t139 | t141
    t143 = t142 << 68
    t144 = t143 & t135
    t145 = t142 | t144
    t146 = t145 << 136
    t147 = t146 & t136
    t148 = t145 | t147
    t149 = t148 & t14
    t150 = t149 << 17
    moves = t40 | t57 | t71 | t88 | t102 | t116 | t133 | t150
    return moves & ~(own | opp) & 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF


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
