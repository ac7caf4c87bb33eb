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
    t1 = own >> 4
    t2 = t1 & t0
    t3 = own | t2
    t4 = t0 >> 4
    t5 = t4 & t0
    t6 = t3 >> 8
    t7 = t6 & t5
    t8 = t3 | t7
    t9 = t8 & t0
    t10 = t9 >> 4
    t11 = own << 4
    t12 = t11 & t0
    t13 = own | t12
    t14 = t0 << 4
    t15 = t14 & t0
    t16 = t13 << 8
    t17 = t16 & t15
    t18 = t13 | t17
    t19 = t18 & t0
    t20 = t19 << 4
    t21 = opp & 0x6666
    t22 = own >> 1
    t23 = t22 & t21
    t24 = own | t23
    t25 = t21 >> 1
    t26 = t25 & t21
    t27 = t24 >> 2
    t28 = t27 & t26
    t29 = t24 | t28
    t30 = t29 & t21
    t31 = t30 >> 1
    t32 = own << 1
    t33 = t32 & t21
    t34 = own | t33
    t35 = t21 << 1
    t36 = t35 & t21
    t37 = t34 << 2
    t38 = t37 & t36
    t39 = t34 | t38
    t40 = t39 & t21
    t41 = t40 << 1
    t42 = opp & 0x660
    t43 = own >> 5
    t44 = t43 & t42
    t45 = own | t44
    t46 = t42 >> 5
    t47 = t46 & t42
    t48 = t45 >> 10
    t49 = t48 & t47
    t50 = t45 | t49
    t51 = t50 & t42
    t52 = t51 >> 5
    t53 = own >> 3
    t54 = t53 & t42
    t55 = own | t54
    t56 = t42 >> 3
    t57 = t56 & t42
    t58 = t55 >> 6
    t59 = t58 & t57
    t60 = t55 | t59
    t61 = t60 & t42
    t62 = t61 >> 3
    t63 = own << 3
    t64 = t63 & t42
    t65 = own | t64
    t66 = t42 << 3
    t67 = t66 & t42
    t68 = t65 << 6
    t69 = t68 & t67
    t70 = t65 | t69
    t71 = t70 & t42
    t72 = t71 << 3
    t73 = own << 5
    t74 = t73 & t42
    t75 = own | t74
    t76 = t42 << 5
    t77 = t76 & t42
    t78 = t75 << 10
    t79 = t78 & t77
    t80 = t75 | t79
    t81 = t80 & t42
    t82 = t81 << 5
    moves = t10 | t20 | t31 | t41 | t52 | t62 | t72 | t82
    return moves & ~(own | opp) & 0xFFFF


def legal_6x6(own: int, opp: int) -> int:
    t0 = opp & 0x3FFFFFC0
    t1 = own >> 6
    t2 = t1 & t0
    t3 = own | t2
    t4 = t0 >> 6
    t5 = t4 & t0
    t6 = t3 >> 12
    t7 = t6 & t5
    t8 = t3 | t7
    t9 = t5 >> 12
    t10 = t9 & t5
    t11 = t8 >> 24
    t12 = t11 & t10
    t13 = t8 | t12
    t14 = t13 & t0
    t15 = t14 >> 6
    t16 = own << 6
    t17 = t16 & t0
    t18 = own | t17
    t19 = t0 << 6
    t20 = t19 & t0
    t21 = t18 << 12
    t22 = t21 & t20
    t23 = t18 | t22
    t24 = t20 << 12
    t25 = t24 & t20
    t26 = t23 << 24
    t27 = t26 & t25
    t28 = t23 | t27
    t29 = t28 & t0
    t30 = t29 << 6
    t31 = opp & 0x79E79E79E
    t32 = own >> 1
    t33 = t32 & t31
    t34 = own | t33
    t35 = t31 >> 1
    t36 = t35 & t31
    t37 = t34 >> 2
    t38 = t37 & t36
    t39 = t34 | t38
    t40 = t36 >> 2
    t41 = t40 & t36
    t42 = t39 >> 4
    t43 = t42 & t41
    t44 = t39 | t43
    t45 = t44 & t31
    t46 = t45 >> 1
    t47 = own << 1
    t48 = t47 & t31
    t49 = own | t48
    t50 = t31 << 1
    t51 = t50 & t31
    t52 = t49 << 2
    t53 = t52 & t51
    t54 = t49 | t53
    t55 = t51 << 2
    t56 = t55 & t51
    t57 = t54 << 4
    t58 = t57 & t56
    t59 = t54 | t58
    t60 = t59 & t31
    t61 = t60 << 1
    t62 = opp & 0x1E79E780
    t63 = own >> 7
    t64 = t63 & t62
    t65 = own | t64
    t66 = t62 >> 7
    t67 = t66 & t62
    t68 = t65 >> 14
    t69 = t68 & t67
    t70 = t65 | t69
    t71 = t67 >> 14
    t72 = t71 & t67
    t73 = t70 >> 28
    t74 = t73 & t72
    t75 = t70 | t74
    t76 = t75 & t62
    t77 = t76 >> 7
    t78 = own >> 5
    t79 = t78 & t62
    t80 = own | t79
    t81 = t62 >> 5
    t82 = t81 & t62
    t83 = t80 >> 10
    t84 = t83 & t82
    t85 = t80 | t84
    t86 = t82 >> 10
    t87 = t86 & t82
    t88 = t85 >> 20
    t89 = t88 & t87
    t90 = t85 | t89
    t91 = t90 & t62
    t92 = t91 >> 5
    t93 = own << 5
    t94 = t93 & t62
    t95 = own | t94
    t96 = t62 << 5
    t97 = t96 & t62
    t98 = t95 << 10
    t99 = t98 & t97
    t100 = t95 | t99
    t101 = t97 << 10
    t102 = t101 & t97
    t103 = t100 << 20
    t104 = t103 & t102
    t105 = t100 | t104
    t106 = t105 & t62
    t107 = t106 << 5
    t108 = own << 7
    t109 = t108 & t62
    t110 = own | t109
    t111 = t62 << 7
    t112 = t111 & t62
    t113 = t110 << 14
    t114 = t113 & t112
    t115 = t110 | t114
    t116 = t112 << 14
    t117 = t116 & t112
    t118 = t115 << 28
    t119 = t118 & t117
    t120 = t115 | t119
    t121 = t120 & t62
    t122 = t121 << 7
    moves = t15 | t30 | t46 | t61 | t77 | t92 | t107 | t122
    return moves & ~(own | opp) & 0xFFFFFFFFF


def legal_8x8(own: int, opp: int) -> int:
    t0 = opp & 0xFFFFFFFFFFFF00
    t1 = own >> 8
    t2 = t1 & t0
    t3 = own | t2
    t4 = t0 >> 8
    t5 = t4 & t0
    t6 = t3 >> 16
    t7 = t6 & t5
    t8 = t3 | t7
    t9 = t5 >> 16
    t10 = t9 & t5
    t11 = t8 >> 32
    t12 = t11 & t10
    t13 = t8 | t12
    t14 = t13 & t0
    t15 = t14 >> 8
    t16 = own << 8
    t17 = t16 & t0
    t18 = own | t17
    t19 = t0 << 8
    t20 = t19 & t0
    t21 = t18 << 16
    t22 = t21 & t20
    t23 = t18 | t22
    t24 = t20 << 16
    t25 = t24 & t20
    t26 = t23 << 32
    t27 = t26 & t25
    t28 = t23 | t27
    t29 = t28 & t0
    t30 = t29 << 8
    t31 = opp & 0x7E7E7E7E7E7E7E7E
    t32 = own >> 1
    t33 = t32 & t31
    t34 = own | t33
    t35 = t31 >> 1
    t36 = t35 & t31
    t37 = t34 >> 2
    t38 = t37 & t36
    t39 = t34 | t38
    t40 = t36 >> 2
    t41 = t40 & t36
    t42 = t39 >> 4
    t43 = t42 & t41
    t44 = t39 | t43
    t45 = t44 & t31
    t46 = t45 >> 1
    t47 = own << 1
    t48 = t47 & t31
    t49 = own | t48
    t50 = t31 << 1
    t51 = t50 & t31
    t52 = t49 << 2
    t53 = t52 & t51
    t54 = t49 | t53
    t55 = t51 << 2
    t56 = t55 & t51
    t57 = t54 << 4
    t58 = t57 & t56
    t59 = t54 | t58
    t60 = t59 & t31
    t61 = t60 << 1
    t62 = opp & 0x7E7E7E7E7E7E00
    t63 = own >> 9
    t64 = t63 & t62
    t65 = own | t64
    t66 = t62 >> 9
    t67 = t66 & t62
    t68 = t65 >> 18
    t69 = t68 & t67
    t70 = t65 | t69
    t71 = t67 >> 18
    t72 = t71 & t67
    t73 = t70 >> 36
    t74 = t73 & t72
    t75 = t70 | t74
    t76 = t75 & t62
    t77 = t76 >> 9
    t78 = own >> 7
    t79 = t78 & t62
    t80 = own | t79
    t81 = t62 >> 7
    t82 = t81 & t62
    t83 = t80 >> 14
    t84 = t83 & t82
    t85 = t80 | t84
    t86 = t82 >> 14
    t87 = t86 & t82
    t88 = t85 >> 28
    t89 = t88 & t87
    t90 = t85 | t89
    t91 = t90 & t62
    t92 = t91 >> 7
    t93 = own << 7
    t94 = t93 & t62
    t95 = own | t94
    t96 = t62 << 7
    t97 = t96 & t62
    t98 = t95 << 14
    t99 = t98 & t97
    t100 = t95 | t99
    t101 = t97 << 14
    t102 = t101 & t97
    t103 = t100 << 28
    t104 = t103 & t102
    t105 = t100 | t104
    t106 = t105 & t62
    t107 = t106 << 7
    t108 = own << 9
    t109 = t108 & t62
    t110 = own | t109
    t111 = t62 << 9
    t112 = t111 & t62
    t113 = t110 << 18
    t114 = t113 & t112
    t115 = t110 | t114
    t116 = t112 << 18
    t117 = t116 & t112
    t118 = t115 << 36
    t119 = t118 & t117
    t120 = t115 | t119
    t121 = t120 & t62
    t122 = t121 << 9
    moves = t15 | t30 | t46 | t61 | t77 | t92 | t107 | t122
    return moves & ~(own | opp) & 0xFFFFFFFFFFFFFFFF


def legal_10x10(own: int, opp: int) -> int:
    t0 = opp & 0x3FFFFFFFFFFFFFFFFFFFC00
    t1 = own >> 10
    t2 = t1 & t0
    t3 = own | t2
    t4 = t0 >> 10
    t5 = t4 & t0
    t6 = t3 >> 20
    t7 = t6 & t5
    t8 = t3 | t7
    t9 = t5 >> 20
    t10 = t9 & t5
    t11 = t8 >> 40
    t12 = t11 & t10
    t13 = t8 | t12
    t14 = t10 >> 40
    t15 = t14 & t10
    t16 = t13 >> 80
    t17 = t16 & t15
    t18 = t13 | t17
    t19 = t18 & t0
    t20 = t19 >> 10
    t21 = own << 10
    t22 = t21 & t0
    t23 = own | t22
    t24 = t0 << 10
    t25 = t24 & t0
    t26 = t23 << 20
    t27 = t26 & t25
    t28 = t23 | t27
    t29 = t25 << 20
    t30 = t29 & t25
    t31 = t28 << 40
    t32 = t31 & t30
    t33 = t28 | t32
    t34 = t30 << 40
    t35 = t34 & t30
    t36 = t33 << 80
    t37 = t36 & t35
    t38 = t33 | t37
    t39 = t38 & t0
    t40 = t39 << 10
    t41 = opp & 0x7F9FE7F9FE7F9FE7F9FE7F9FE
    t42 = own >> 1
    t43 = t42 & t41
    t44 = own | t43
    t45 = t41 >> 1
    t46 = t45 & t41
    t47 = t44 >> 2
    t48 = t47 & t46
    t49 = t44 | t48
    t50 = t46 >> 2
    t51 = t50 & t46
    t52 = t49 >> 4
    t53 = t52 & t51
    t54 = t49 | t53
    t55 = t51 >> 4
    t56 = t55 & t51
    t57 = t54 >> 8
    t58 = t57 & t56
    t59 = t54 | t58
    t60 = t59 & t41
    t61 = t60 >> 1
    t62 = own << 1
    t63 = t62 & t41
    t64 = own | t63
    t65 = t41 << 1
    t66 = t65 & t41
    t67 = t64 << 2
    t68 = t67 & t66
    t69 = t64 | t68
    t70 = t66 << 2
    t71 = t70 & t66
    t72 = t69 << 4
    t73 = t72 & t71
    t74 = t69 | t73
    t75 = t71 << 4
    t76 = t75 & t71
    t77 = t74 << 8
    t78 = t77 & t76
    t79 = t74 | t78
    t80 = t79 & t41
    t81 = t80 << 1
    t82 = opp & 0x1FE7F9FE7F9FE7F9FE7F800
    t83 = own >> 11
    t84 = t83 & t82
    t85 = own | t84
    t86 = t82 >> 11
    t87 = t86 & t82
    t88 = t85 >> 22
    t89 = t88 & t87
    t90 = t85 | t89
    t91 = t87 >> 22
    t92 = t91 & t87
    t93 = t90 >> 44
    t94 = t93 & t92
    t95 = t90 | t94
    t96 = t92 >> 44
    t97 = t96 & t92
    t98 = t95 >> 88
    t99 = t98 & t97
    t100 = t95 | t99
    t101 = t100 & t82
    t102 = t101 >> 11
    t103 = own >> 9
    t104 = t103 & t82
    t105 = own | t104
    t106 = t82 >> 9
    t107 = t106 & t82
    t108 = t105 >> 18
    t109 = t108 & t107
    t110 = t105 | t109
    t111 = t107 >> 18
    t112 = t111 & t107
    t113 = t110 >> 36
    t114 = t113 & t112
    t115 = t110 | t114
    t116 = t112 >> 36
    t117 = t116 & t112
    t118 = t115 >> 72
    t119 = t118 & t117
    t120 = t115 | t119
    t121 = t120 & t82
    t122 = t121 >> 9
    t123 = own << 9
    t124 = t123 & t82
    t125 = own | t124
    t126 = t82 << 9
    t127 = t126 & t82
    t128 = t125 << 18
    t129 = t128 & t127
    t130 = t125 | t129
    t131 = t127 << 18
    t132 = t131 & t127
    t133 = t130 << 36
    t134 = t133 & t132
    t135 = t130 | t134
    t136 = t132 << 36
    t137 = t136 & t132
    t138 = t135 << 72
    t139 = t138 & t137
    t140 = t135 | t139
    t141 = t140 & t82
    t142 = t141 << 9
    t143 = own << 11
    t144 = t143 & t82
    t145 = own | t144
    t146 = t82 << 11
    t147 = t146 & t82
    t148 = t145 << 22
    t149 = t148 & t147
    t150 = t145 | t149
    t151 = t147 << 22
    t152 = t151 & t147
    t153 = t150 << 44
    t154 = t153 & t152
    t155 = t150 | t154
    t156 = t152 << 44
    t157 = t156 & t152
    t158 = t155 << 88
    t159 = t158 & t157
    t160 = t155 | t159
    t161 = t160 & t82
    t162 = t161 << 11
    moves = t20 | t40 | t61 | t81 | t102 | t122 | t142 | t162
    return moves & ~(own | opp) & 0xFFFFFFFFFFFFFFFFFFFFFFFFF


def legal_12x12(own: int, opp: int) -> int:
    t0 = opp & 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF000
    t1 = own >> 12
    t2 = t1 & t0
    t3 = own | t2
    t4 = t0 >> 12
    t5 = t4 & t0
    t6 = t3 >> 24
    t7 = t6 & t5
    t8 = t3 | t7
    t9 = t5 >> 24
    t10 = t9 & t5
    t11 = t8 >> 48
    t12 = t11 & t10
    t13 = t8 | t12
    t14 = t10 >> 48
    t15 = t14 & t10
    t16 = t13 >> 96
    t17 = t16 & t15
    t18 = t13 | t17
    t19 = t18 & t0
    t20 = t19 >> 12
    t21 = own << 12
    t22 = t21 & t0
    t23 = own | t22
    t24 = t0 << 12
    t25 = t24 & t0
    t26 = t23 << 24
    t27 = t26 & t25
    t28 = t23 | t27
    t29 = t25 << 24
    t30 = t29 & t25
    t31 = t28 << 48
    t32 = t31 & t30
    t33 = t28 | t32
    t34 = t30 << 48
    t35 = t34 & t30
    t36 = t33 << 96
    t37 = t36 & t35
    t38 = t33 | t37
    t39 = t38 & t0
    t40 = t39 << 12
    t41 = opp & 0x7FE7FE7FE7FE7FE7FE7FE7FE7FE7FE7FE7FE
    t42 = own >> 1
    t43 = t42 & t41
    t44 = own | t43
    t45 = t41 >> 1
    t46 = t45 & t41
    t47 = t44 >> 2
    t48 = t47 & t46
    t49 = t44 | t48
    t50 = t46 >> 2
    t51 = t50 & t46
    t52 = t49 >> 4
    t53 = t52 & t51
    t54 = t49 | t53
    t55 = t51 >> 4
    t56 = t55 & t51
    t57 = t54 >> 8
    t58 = t57 & t56
    t59 = t54 | t58
    t60 = t59 & t41
    t61 = t60 >> 1
    t62 = own << 1
    t63 = t62 & t41
    t64 = own | t63
    t65 = t41 << 1
    t66 = t65 & t41
    t67 = t64 << 2
    t68 = t67 & t66
    t69 = t64 | t68
    t70 = t66 << 2
    t71 = t70 & t66
    t72 = t69 << 4
    t73 = t72 & t71
    t74 = t69 | t73
    t75 = t71 << 4
    t76 = t75 & t71
    t77 = t74 << 8
    t78 = t77 & t76
    t79 = t74 | t78
    t80 = t79 & t41
    t81 = t80 << 1
    t82 = opp & 0x7FE7FE7FE7FE7FE7FE7FE7FE7FE7FE000
    t83 = own >> 13
    t84 = t83 & t82
    t85 = own | t84
    t86 = t82 >> 13
    t87 = t86 & t82
    t88 = t85 >> 26
    t89 = t88 & t87
    t90 = t85 | t89
    t91 = t87 >> 26
    t92 = t91 & t87
    t93 = t90 >> 52
    t94 = t93 & t92
    t95 = t90 | t94
    t96 = t92 >> 52
    t97 = t96 & t92
    t98 = t95 >> 104
    t99 = t98 & t97
    t100 = t95 | t99
    t101 = t100 & t82
    t102 = t101 >> 13
    t103 = own >> 11
    t104 = t103 & t82
    t105 = own | t104
    t106 = t82 >> 11
    t107 = t106 & t82
    t108 = t105 >> 22
    t109 = t108 & t107
    t110 = t105 | t109
    t111 = t107 >> 22
    t112 = t111 & t107
    t113 = t110 >> 44
    t114 = t113 & t112
    t115 = t110 | t114
    t116 = t112 >> 44
    t117 = t116 & t112
    t118 = t115 >> 88
    t119 = t118 & t117
    t120 = t115 | t119
    t121 = t120 & t82
    t122 = t121 >> 11
    t123 = own << 11
    t124 = t123 & t82
    t125 = own | t124
    t126 = t82 << 11
    t127 = t126 & t82
    t128 = t125 << 22
    t129 = t128 & t127
    t130 = t125 | t129
    t131 = t127 << 22
    t132 = t131 & t127
    t133 = t130 << 44
    t134 = t133 & t132
    t135 = t130 | t134
    t136 = t132 << 44
    t137 = t136 & t132
    t138 = t135 << 88
    t139 = t138 & t137
    t140 = t135 | t139
    t141 = t140 & t82
    t142 = t141 << 11
    t143 = own << 13
    t144 = t143 & t82
    t145 = own | t144
    t146 = t82 << 13
    t147 = t146 & t82
    t148 = t145 << 26
    t149 = t148 & t147
    t150 = t145 | t149
    t151 = t147 << 26
    t152 = t151 & t147
    t153 = t150 << 52
    t154 = t153 & t152
    t155 = t150 | t154
    t156 = t152 << 52
    t157 = t156 & t152
    t158 = t155 << 104
    t159 = t158 & t157
    t160 = t155 | t159
    t161 = t160 & t82
    t162 = t161 << 13
    moves = t20 | t40 | t61 | t81 | t102 | t122 | t142 | t162
    return moves & ~(own | opp) & 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF


def legal_14x14(own: int, opp: int) -> int:
    t0 = opp & 0x3FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFC000
    t1 = own >> 14
    t2 = t1 & t0
    t3 = own | t2
    t4 = t0 >> 14
    t5 = t4 & t0
    t6 = t3 >> 28
    t7 = t6 & t5
    t8 = t3 | t7
    t9 = t5 >> 28
    t10 = t9 & t5
    t11 = t8 >> 56
    t12 = t11 & t10
    t13 = t8 | t12
    t14 = t10 >> 56
    t15 = t14 & t10
    t16 = t13 >> 112
    t17 = t16 & t15
    t18 = t13 | t17
    t19 = t18 & t0
    t20 = t19 >> 14
    t21 = own << 14
    t22 = t21 & t0
    t23 = own | t22
    t24 = t0 << 14
    t25 = t24 & t0
    t26 = t23 << 28
    t27 = t26 & t25
    t28 = t23 | t27
    t29 = t25 << 28
    t30 = t29 & t25
    t31 = t28 << 56
    t32 = t31 & t30
    t33 = t28 | t32
    t34 = t30 << 56
    t35 = t34 & t30
    t36 = t33 << 112
    t37 = t36 & t35
    t38 = t33 | t37
    t39 = t38 & t0
    t40 = t39 << 14
    t41 = opp & 0x7FF9FFE7FF9FFE7FF9FFE7FF9FFE7FF9FFE7FF9FFE7FF9FFE
    t42 = own >> 1
    t43 = t42 & t41
    t44 = own | t43
    t45 = t41 >> 1
    t46 = t45 & t41
    t47 = t44 >> 2
    t48 = t47 & t46
    t49 = t44 | t48
    t50 = t46 >> 2
    t51 = t50 & t46
    t52 = t49 >> 4
    t53 = t52 & t51
    t54 = t49 | t53
    t55 = t51 >> 4
    t56 = t55 & t51
    t57 = t54 >> 8
    t58 = t57 & t56
    t59 = t54 | t58
    t60 = t59 & t41
    t61 = t60 >> 1
    t62 = own << 1
    t63 = t62 & t41
    t64 = own | t63
    t65 = t41 << 1
    t66 = t65 & t41
    t67 = t64 << 2
    t68 = t67 & t66
    t69 = t64 | t68
    t70 = t66 << 2
    t71 = t70 & t66
    t72 = t69 << 4
    t73 = t72 & t71
    t74 = t69 | t73
    t75 = t71 << 4
    t76 = t75 & t71
    t77 = t74 << 8
    t78 = t77 & t76
    t79 = t74 | t78
    t80 = t79 & t41
    t81 = t80 << 1
    t82 = opp & 0x1FFE7FF9FFE7FF9FFE7FF9FFE7FF9FFE7FF9FFE7FF8000
    t83 = own >> 15
    t84 = t83 & t82
    t85 = own | t84
    t86 = t82 >> 15
    t87 = t86 & t82
    t88 = t85 >> 30
    t89 = t88 & t87
    t90 = t85 | t89
    t91 = t87 >> 30
    t92 = t91 & t87
    t93 = t90 >> 60
    t94 = t93 & t92
    t95 = t90 | t94
    t96 = t92 >> 60
    t97 = t96 & t92
    t98 = t95 >> 120
    t99 = t98 & t97
    t100 = t95 | t99
    t101 = t100 & t82
    t102 = t101 >> 15
    t103 = own >> 13
    t104 = t103 & t82
    t105 = own | t104
    t106 = t82 >> 13
    t107 = t106 & t82
    t108 = t105 >> 26
    t109 = t108 & t107
    t110 = t105 | t109
    t111 = t107 >> 26
    t112 = t111 & t107
    t113 = t110 >> 52
    t114 = t113 & t112
    t115 = t110 | t114
    t116 = t112 >> 52
    t117 = t116 & t112
    t118 = t115 >> 104
    t119 = t118 & t117
    t120 = t115 | t119
    t121 = t120 & t82
    t122 = t121 >> 13
    t123 = own << 13
    t124 = t123 & t82
    t125 = own | t124
    t126 = t82 << 13
    t127 = t126 & t82
    t128 = t125 << 26
    t129 = t128 & t127
    t130 = t125 | t129
    t131 = t127 << 26
    t132 = t131 & t127
    t133 = t130 << 52
    t134 = t133 & t132
    t135 = t130 | t134
    t136 = t132 << 52
    t137 = t136 & t132
    t138 = t135 << 104
    t139 = t138 & t137
    t140 = t135 | t139
    t141 = t140 & t82
    t142 = t141 << 13
    t143 = own << 15
    t144 = t143 & t82
    t145 = own | t144
    t146 = t82 << 15
    t147 = t146 & t82
    t148 = t145 << 30
    t149 = t148 & t147
    t150 = t145 | t149
    t151 = t147 << 30
    t152 = t151 & t147
    t153 = t150 << 60
    t154 = t153 & t152
    t155 = t150 | t154
    t156 = t152 << 60
    t157 = t156 & t152
    t158 = t155 << 120
    t159 = t158 & t157
    t160 = t155 | t159
    t161 = t160 & t82
    t162 = t161 << 15
    moves = t20 | t40 | t61 | t81 | t102 | t122 | t142 | t162
    return moves & ~(own | opp) & 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF


def legal_16x16(own: int, opp: int) -> int:
    t0 = opp & 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF0000
    t1 = own >> 16
    t2 = t1 & t0
    t3 = own | t2
    t4 = t0 >> 16
    t5 = t4 & t0
    t6 = t3 >> 32
    t7 = t6 & t5
    t8 = t3 | t7
    t9 = t5 >> 32
    t10 = t9 & t5
    t11 = t8 >> 64
    t12 = t11 & t10
    t13 = t8 | t12
    t14 = t10 >> 64
    t15 = t14 & t10
    t16 = t13 >> 128
    t17 = t16 & t15
    t18 = t13 | t17
    t19 = t18 & t0
    t20 = t19 >> 16
    t21 = own << 16
    t22 = t21 & t0
    t23 = own | t22
    t24 = t0 << 16
    t25 = t24 & t0
    t26 = t23 << 32
    t27 = t26 & t25
    t28 = t23 | t27
    t29 = t25 << 32
    t30 = t29 & t25
    t31 = t28 << 64
    t32 = t31 & t30
    t33 = t28 | t32
    t34 = t30 << 64
    t35 = t34 & t30
    t36 = t33 << 128
    t37 = t36 & t35
    t38 = t33 | t37
    t39 = t38 & t0
    t40 = t39 << 16
    t41 = opp & 0x7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE
    t42 = own >> 1
    t43 = t42 & t41
    t44 = own | t43
    t45 = t41 >> 1
    t46 = t45 & t41
    t47 = t44 >> 2
    t48 = t47 & t46
    t49 = t44 | t48
    t50 = t46 >> 2
    t51 = t50 & t46
    t52 = t49 >> 4
    t53 = t52 & t51
    t54 = t49 | t53
    t55 = t51 >> 4
    t56 = t55 & t51
    t57 = t54 >> 8
    t58 = t57 & t56
    t59 = t54 | t58
    t60 = t59 & t41
    t61 = t60 >> 1
    t62 = own << 1
    t63 = t62 & t41
    t64 = own | t63
    t65 = t41 << 1
    t66 = t65 & t41
    t67 = t64 << 2
    t68 = t67 & t66
    t69 = t64 | t68
    t70 = t66 << 2
    t71 = t70 & t66
    t72 = t69 << 4
    t73 = t72 & t71
    t74 = t69 | t73
    t75 = t71 << 4
    t76 = t75 & t71
    t77 = t74 << 8
    t78 = t77 & t76
    t79 = t74 | t78
    t80 = t79 & t41
    t81 = t80 << 1
    t82 = opp & 0x7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE7FFE0000
    t83 = own >> 17
    t84 = t83 & t82
    t85 = own | t84
    t86 = t82 >> 17
    t87 = t86 & t82
    t88 = t85 >> 34
    t89 = t88 & t87
    t90 = t85 | t89
    t91 = t87 >> 34
    t92 = t91 & t87
    t93 = t90 >> 68
    t94 = t93 & t92
    t95 = t90 | t94
    t96 = t92 >> 68
    t97 = t96 & t92
    t98 = t95 >> 136
    t99 = t98 & t97
    t100 = t95 | t99
    t101 = t100 & t82
    t102 = t101 >> 17
    t103 = own >> 15
    t104 = t103 & t82
    t105 = own | t104
    t106 = t82 >> 15
    t107 = t106 & t82
    t108 = t105 >> 30
    t109 = t108 & t107
    t110 = t105 | t109
    t111 = t107 >> 30
    t112 = t111 & t107
    t113 = t110 >> 60
    t114 = t113 & t112
    t115 = t110 | t114
    t116 = t112 >> 60
    t117 = t116 & t112
    t118 = t115 >> 120
    t119 = t118 & t117
    t120 = t115 | t119
    t121 = t120 & t82
    t122 = t121 >> 15
    t123 = own << 15
    t124 = t123 & t82
    t125 = own | t124
    t126 = t82 << 15
    t127 = t126 & t82
    t128 = t125 << 30
    t129 = t128 & t127
    t130 = t125 | t129
    t131 = t127 << 30
    t132 = t131 & t127
    t133 = t130 << 60
    t134 = t133 & t132
    t135 = t130 | t134
    t136 = t132 << 60
    t137 = t136 & t132
    t138 = t135 << 120
    t139 = t138 & t137
    t140 = t135 | t139
    t141 = t140 & t82
    t142 = t141 << 15
    t143 = own << 17
    t144 = t143 & t82
    t145 = own | t144
    t146 = t82 << 17
    t147 = t146 & t82
    t148 = t145 << 34
    t149 = t148 & t147
    t150 = t145 | t149
    t151 = t147 << 34
    t152 = t151 & t147
    t153 = t150 << 68
    t154 = t153 & t152
    t155 = t150 | t154
    t156 = t152 << 68
    t157 = t156 & t152
    t158 = t155 << 136
    t159 = t158 & t157
    t160 = t155 | t159
    t161 = t160 & t82
    t162 = t161 << 17
    moves = t20 | t40 | t61 | t81 | t102 | t122 | t142 | t162
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
