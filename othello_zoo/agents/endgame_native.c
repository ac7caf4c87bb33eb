/* The exact 8 x 8 endgame solver of othello_zoo.agents.endgame, in C: the same scores (and a best move), searched on
 * 64-bit bitboards with more of the strong solvers' devices than the Python search has.
 *
 * Square i is bit i (row i / 8, column i % 8). Scores are final disc differences for the side to move, the empty
 * squares credited to the winner (the FFO convention). Negamax alpha-beta with principal variation search, a
 * transposition table from TABLE_EMPTIES empties (two entries a bucket: the result of more empties kept in the first,
 * the latest in the second; the children's entries read first: enhanced transposition cutoff), a bound from the
 * opponent's stable discs, "fastest first" move ordering (fewest replies for the opponent, corners first, fewest empty
 * squares beside the mover's discs; two plies deep from TWO_PLY_EMPTIES; from EVAL_EMPTIES also the value of a shallow
 * midgame search with the learned evaluation, the tables of othello_zoo.agents.patterns; the table's move before all,
 * the others ranked only where it does not cut off) down to SHALLOW_EMPTIES, parity order below (the odd quadrants
 * passed down), and routines for the last two squares and the last one (which only counts flips). A deep solve from a
 * guess is searched selectively first, nodes cut off where the learned evaluation's shallow search lies far outside the
 * window (ProbCut): the table it leaves orders the exact search, and its score is the exact search's guess; in the
 * exact search, a null-window node of PROBE_EMPTIES or more whose table move is not known to reach beta probes its
 * moves with that selective search first, and searches first the one that probably reaches it. Where the compiler
 * targets AVX2 (-mavx2, which othello_zoo.agents.native passes on a CPU that has it), the flips and placements run four
 * directions at once in 256-bit registers; where it targets BMI2 (-mbmi2) with a fast pext, the learned evaluation
 * gathers each pattern's squares with it: the same results either way. Built on first use by othello_zoo.agents.native
 * (a C compiler; the Python solver where there is none). Alpha-beta's midgame search (othello_zoo_midgame) shares the
 * file: the solver's order calls it. With POSIX threads a solve may run on several (young brothers wait, the table
 * shared under a sequence lock a bucket: the parallel section below).
 */
#if defined(__linux__)
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* mmap's MAP_ANONYMOUS and madvise under -std=c99 */
#endif
#include <sys/mman.h>
#endif
#if !defined(_WIN32)
#define OTHELLO_ZOO_THREADS /* POSIX threads: the parallel solve */
#include <pthread.h>
#include <sched.h>
#endif
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#if defined(__AVX2__) || defined(__BMI2__)
#include <immintrin.h>
#endif
#if defined(__BMI2__) && !defined(OTHELLO_ZOO_SLOW_PEXT)
#define OTHELLO_ZOO_PEXT /* the learned evaluation's indices by pext (not on the CPUs where it is microcode) */
#endif

typedef uint64_t u64;

#define SHALLOW_EMPTIES 5
#define TABLE_EMPTIES 7 /* from here up, the transposition table (above SHALLOW_EMPTIES + 1: search() relies on it) */
#define STABLE_EMPTIES 4 /* from here up, the opponent's stable discs bound the score (stable_cut) */
#define ETC_EMPTIES 12 /* above it, the children's table entries are read before any is searched */
#define TWO_PLY_EMPTIES 14 /* from here up, the ordering also looks at the opponent's replies */
#define EVAL_EMPTIES 16 /* from here up, the ordering also ranks each move by the learned evaluation's search */
#define EVAL_STEP 4 /* that search a ply deeper every EVAL_STEP empties from EVAL_EMPTIES + 2 (1 ply at 16, 4 at 26) */
#define EVAL_WEIGHT 8 /* the rank's units per disc of that value (16 per reply left to the opponent) */
#define TABLE_BITS 21 /* entries: 2^20 buckets of two */
#define SELECTIVE_ROOT 20 /* from here up, a solve from a guess searches selectively first (from_guess, probable) */
#define PROBCUT_EMPTIES 10 /* that search's fewest empties of a node cut off by the learned evaluation's search */
#define PROBCUT_MARGIN 10 /* discs beyond the window that search's value must lie for the cut */
#define PROBE_EMPTIES 18 /* from here up, the exact search probes a node's moves selectively first (probe_children) */
#define INF 1000

static const u64 NOT_A = 0xfefefefefefefefeULL; /* every column but the first */
static const u64 NOT_H = 0x7f7f7f7f7f7f7f7fULL; /* every column but the last */
static const u64 CORNERS = 0x8100000000000081ULL;

static int count(u64 b) { return __builtin_popcountll(b); }

/* The squares next to a disc of b, in any of the eight directions. */
static u64 neighbours(u64 b) {
    u64 side = ((b << 1) & NOT_A) | ((b >> 1) & NOT_H);
    u64 row = b | side;
    return side | (row << 8) | (row >> 8);
}

#if defined(__AVX2__)
/* The four lanes' OR. */
static u64 lanes_or(__m256i v) {
    __m128i half = _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    return (u64)_mm_cvtsi128_si64(half) | (u64)_mm_extract_epi64(half, 1);
}

/* The squares where the owner of p may place (p and o disjoint): the runs of o discs from p along the eight
 * directions, four at a time (shifts of 1, 8, 7 and 9 each way), shifted once more onto an empty square. */
static u64 placements(u64 p, u64 o) {
    const u64 inner = o & 0x7e7e7e7e7e7e7e7eULL;
    const __m256i shift = _mm256_set_epi64x(9, 7, 8, 1), mask = _mm256_set_epi64x(
        (long long)inner, (long long)inner, (long long)o, (long long)inner);
    const __m256i P = _mm256_set1_epi64x((long long)p);
    __m256i l = _mm256_and_si256(mask, _mm256_sllv_epi64(P, shift));
    __m256i r = _mm256_and_si256(mask, _mm256_srlv_epi64(P, shift));
    for (int i = 0; i < 5; i++) {
        l = _mm256_or_si256(l, _mm256_and_si256(mask, _mm256_sllv_epi64(l, shift)));
        r = _mm256_or_si256(r, _mm256_and_si256(mask, _mm256_srlv_epi64(r, shift)));
    }
    return ~(p | o) & lanes_or(_mm256_or_si256(_mm256_sllv_epi64(l, shift), _mm256_srlv_epi64(r, shift)));
}
#else
/* The squares where the owner of p may place (p and o disjoint). */
static u64 placements(u64 p, u64 o) {
    u64 empty = ~(p | o), moves = 0, t, inner = o & 0x7e7e7e7e7e7e7e7eULL;
    /* one direction: the run of o discs from p, shifted once more onto an empty square */
#define RUN(SHIFT, MASK)                                                                                       \
    t = MASK & (p SHIFT);                                                                                      \
    t |= MASK & (t SHIFT);                                                                                     \
    t |= MASK & (t SHIFT);                                                                                     \
    t |= MASK & (t SHIFT);                                                                                     \
    t |= MASK & (t SHIFT);                                                                                     \
    t |= MASK & (t SHIFT);                                                                                     \
    moves |= empty & (t SHIFT);
    RUN(<< 1, inner) RUN(>> 1, inner) RUN(<< 8, o) RUN(>> 8, o)
    RUN(<< 7, inner) RUN(>> 7, inner) RUN(<< 9, inner) RUN(>> 9, inner)
#undef RUN
    return moves;
}
#endif

/* The squares beside each square: a square with no disc of o beside it flips nothing (no flips() to run). */
static const u64 NEIGHBOURS[64] = {
    0x0000000000000302ULL, 0x0000000000000705ULL, 0x0000000000000e0aULL, 0x0000000000001c14ULL,
    0x0000000000003828ULL, 0x0000000000007050ULL, 0x000000000000e0a0ULL, 0x000000000000c040ULL,
    0x0000000000030203ULL, 0x0000000000070507ULL, 0x00000000000e0a0eULL, 0x00000000001c141cULL,
    0x0000000000382838ULL, 0x0000000000705070ULL, 0x0000000000e0a0e0ULL, 0x0000000000c040c0ULL,
    0x0000000003020300ULL, 0x0000000007050700ULL, 0x000000000e0a0e00ULL, 0x000000001c141c00ULL,
    0x0000000038283800ULL, 0x0000000070507000ULL, 0x00000000e0a0e000ULL, 0x00000000c040c000ULL,
    0x0000000302030000ULL, 0x0000000705070000ULL, 0x0000000e0a0e0000ULL, 0x0000001c141c0000ULL,
    0x0000003828380000ULL, 0x0000007050700000ULL, 0x000000e0a0e00000ULL, 0x000000c040c00000ULL,
    0x0000030203000000ULL, 0x0000070507000000ULL, 0x00000e0a0e000000ULL, 0x00001c141c000000ULL,
    0x0000382838000000ULL, 0x0000705070000000ULL, 0x0000e0a0e0000000ULL, 0x0000c040c0000000ULL,
    0x0003020300000000ULL, 0x0007050700000000ULL, 0x000e0a0e00000000ULL, 0x001c141c00000000ULL,
    0x0038283800000000ULL, 0x0070507000000000ULL, 0x00e0a0e000000000ULL, 0x00c040c000000000ULL,
    0x0302030000000000ULL, 0x0705070000000000ULL, 0x0e0a0e0000000000ULL, 0x1c141c0000000000ULL,
    0x3828380000000000ULL, 0x7050700000000000ULL, 0xe0a0e00000000000ULL, 0xc040c00000000000ULL,
    0x0203000000000000ULL, 0x0507000000000000ULL, 0x0a0e000000000000ULL, 0x141c000000000000ULL,
    0x2838000000000000ULL, 0x5070000000000000ULL, 0xa0e0000000000000ULL, 0x40c0000000000000ULL};

#if defined(__AVX2__)
/* The squares beyond each square in the four directions that raise a square's index (+1, +8, +7, +9), then
 * the four that lower it (-1, -8, -7, -9), up to the board's edge: the rays of flips(). */
static const u64 RAYS[64][8] __attribute__((aligned(32))) = {
    {0x00000000000000feULL, 0x0101010101010100ULL, 0x0000000000000000ULL, 0x8040201008040200ULL,
     0x0000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL},
    {0x00000000000000fcULL, 0x0202020202020200ULL, 0x0000000000000100ULL, 0x0080402010080400ULL,
     0x0000000000000001ULL, 0x0000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL},
    {0x00000000000000f8ULL, 0x0404040404040400ULL, 0x0000000000010200ULL, 0x0000804020100800ULL,
     0x0000000000000003ULL, 0x0000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL},
    {0x00000000000000f0ULL, 0x0808080808080800ULL, 0x0000000001020400ULL, 0x0000008040201000ULL,
     0x0000000000000007ULL, 0x0000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL},
    {0x00000000000000e0ULL, 0x1010101010101000ULL, 0x0000000102040800ULL, 0x0000000080402000ULL,
     0x000000000000000fULL, 0x0000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL},
    {0x00000000000000c0ULL, 0x2020202020202000ULL, 0x0000010204081000ULL, 0x0000000000804000ULL,
     0x000000000000001fULL, 0x0000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL},
    {0x0000000000000080ULL, 0x4040404040404000ULL, 0x0001020408102000ULL, 0x0000000000008000ULL,
     0x000000000000003fULL, 0x0000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL},
    {0x0000000000000000ULL, 0x8080808080808000ULL, 0x0102040810204000ULL, 0x0000000000000000ULL,
     0x000000000000007fULL, 0x0000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL},
    {0x000000000000fe00ULL, 0x0101010101010000ULL, 0x0000000000000000ULL, 0x4020100804020000ULL,
     0x0000000000000000ULL, 0x0000000000000001ULL, 0x0000000000000002ULL, 0x0000000000000000ULL},
    {0x000000000000fc00ULL, 0x0202020202020000ULL, 0x0000000000010000ULL, 0x8040201008040000ULL,
     0x0000000000000100ULL, 0x0000000000000002ULL, 0x0000000000000004ULL, 0x0000000000000001ULL},
    {0x000000000000f800ULL, 0x0404040404040000ULL, 0x0000000001020000ULL, 0x0080402010080000ULL,
     0x0000000000000300ULL, 0x0000000000000004ULL, 0x0000000000000008ULL, 0x0000000000000002ULL},
    {0x000000000000f000ULL, 0x0808080808080000ULL, 0x0000000102040000ULL, 0x0000804020100000ULL,
     0x0000000000000700ULL, 0x0000000000000008ULL, 0x0000000000000010ULL, 0x0000000000000004ULL},
    {0x000000000000e000ULL, 0x1010101010100000ULL, 0x0000010204080000ULL, 0x0000008040200000ULL,
     0x0000000000000f00ULL, 0x0000000000000010ULL, 0x0000000000000020ULL, 0x0000000000000008ULL},
    {0x000000000000c000ULL, 0x2020202020200000ULL, 0x0001020408100000ULL, 0x0000000080400000ULL,
     0x0000000000001f00ULL, 0x0000000000000020ULL, 0x0000000000000040ULL, 0x0000000000000010ULL},
    {0x0000000000008000ULL, 0x4040404040400000ULL, 0x0102040810200000ULL, 0x0000000000800000ULL,
     0x0000000000003f00ULL, 0x0000000000000040ULL, 0x0000000000000080ULL, 0x0000000000000020ULL},
    {0x0000000000000000ULL, 0x8080808080800000ULL, 0x0204081020400000ULL, 0x0000000000000000ULL,
     0x0000000000007f00ULL, 0x0000000000000080ULL, 0x0000000000000000ULL, 0x0000000000000040ULL},
    {0x0000000000fe0000ULL, 0x0101010101000000ULL, 0x0000000000000000ULL, 0x2010080402000000ULL,
     0x0000000000000000ULL, 0x0000000000000101ULL, 0x0000000000000204ULL, 0x0000000000000000ULL},
    {0x0000000000fc0000ULL, 0x0202020202000000ULL, 0x0000000001000000ULL, 0x4020100804000000ULL,
     0x0000000000010000ULL, 0x0000000000000202ULL, 0x0000000000000408ULL, 0x0000000000000100ULL},
    {0x0000000000f80000ULL, 0x0404040404000000ULL, 0x0000000102000000ULL, 0x8040201008000000ULL,
     0x0000000000030000ULL, 0x0000000000000404ULL, 0x0000000000000810ULL, 0x0000000000000201ULL},
    {0x0000000000f00000ULL, 0x0808080808000000ULL, 0x0000010204000000ULL, 0x0080402010000000ULL,
     0x0000000000070000ULL, 0x0000000000000808ULL, 0x0000000000001020ULL, 0x0000000000000402ULL},
    {0x0000000000e00000ULL, 0x1010101010000000ULL, 0x0001020408000000ULL, 0x0000804020000000ULL,
     0x00000000000f0000ULL, 0x0000000000001010ULL, 0x0000000000002040ULL, 0x0000000000000804ULL},
    {0x0000000000c00000ULL, 0x2020202020000000ULL, 0x0102040810000000ULL, 0x0000008040000000ULL,
     0x00000000001f0000ULL, 0x0000000000002020ULL, 0x0000000000004080ULL, 0x0000000000001008ULL},
    {0x0000000000800000ULL, 0x4040404040000000ULL, 0x0204081020000000ULL, 0x0000000080000000ULL,
     0x00000000003f0000ULL, 0x0000000000004040ULL, 0x0000000000008000ULL, 0x0000000000002010ULL},
    {0x0000000000000000ULL, 0x8080808080000000ULL, 0x0408102040000000ULL, 0x0000000000000000ULL,
     0x00000000007f0000ULL, 0x0000000000008080ULL, 0x0000000000000000ULL, 0x0000000000004020ULL},
    {0x00000000fe000000ULL, 0x0101010100000000ULL, 0x0000000000000000ULL, 0x1008040200000000ULL,
     0x0000000000000000ULL, 0x0000000000010101ULL, 0x0000000000020408ULL, 0x0000000000000000ULL},
    {0x00000000fc000000ULL, 0x0202020200000000ULL, 0x0000000100000000ULL, 0x2010080400000000ULL,
     0x0000000001000000ULL, 0x0000000000020202ULL, 0x0000000000040810ULL, 0x0000000000010000ULL},
    {0x00000000f8000000ULL, 0x0404040400000000ULL, 0x0000010200000000ULL, 0x4020100800000000ULL,
     0x0000000003000000ULL, 0x0000000000040404ULL, 0x0000000000081020ULL, 0x0000000000020100ULL},
    {0x00000000f0000000ULL, 0x0808080800000000ULL, 0x0001020400000000ULL, 0x8040201000000000ULL,
     0x0000000007000000ULL, 0x0000000000080808ULL, 0x0000000000102040ULL, 0x0000000000040201ULL},
    {0x00000000e0000000ULL, 0x1010101000000000ULL, 0x0102040800000000ULL, 0x0080402000000000ULL,
     0x000000000f000000ULL, 0x0000000000101010ULL, 0x0000000000204080ULL, 0x0000000000080402ULL},
    {0x00000000c0000000ULL, 0x2020202000000000ULL, 0x0204081000000000ULL, 0x0000804000000000ULL,
     0x000000001f000000ULL, 0x0000000000202020ULL, 0x0000000000408000ULL, 0x0000000000100804ULL},
    {0x0000000080000000ULL, 0x4040404000000000ULL, 0x0408102000000000ULL, 0x0000008000000000ULL,
     0x000000003f000000ULL, 0x0000000000404040ULL, 0x0000000000800000ULL, 0x0000000000201008ULL},
    {0x0000000000000000ULL, 0x8080808000000000ULL, 0x0810204000000000ULL, 0x0000000000000000ULL,
     0x000000007f000000ULL, 0x0000000000808080ULL, 0x0000000000000000ULL, 0x0000000000402010ULL},
    {0x000000fe00000000ULL, 0x0101010000000000ULL, 0x0000000000000000ULL, 0x0804020000000000ULL,
     0x0000000000000000ULL, 0x0000000001010101ULL, 0x0000000002040810ULL, 0x0000000000000000ULL},
    {0x000000fc00000000ULL, 0x0202020000000000ULL, 0x0000010000000000ULL, 0x1008040000000000ULL,
     0x0000000100000000ULL, 0x0000000002020202ULL, 0x0000000004081020ULL, 0x0000000001000000ULL},
    {0x000000f800000000ULL, 0x0404040000000000ULL, 0x0001020000000000ULL, 0x2010080000000000ULL,
     0x0000000300000000ULL, 0x0000000004040404ULL, 0x0000000008102040ULL, 0x0000000002010000ULL},
    {0x000000f000000000ULL, 0x0808080000000000ULL, 0x0102040000000000ULL, 0x4020100000000000ULL,
     0x0000000700000000ULL, 0x0000000008080808ULL, 0x0000000010204080ULL, 0x0000000004020100ULL},
    {0x000000e000000000ULL, 0x1010100000000000ULL, 0x0204080000000000ULL, 0x8040200000000000ULL,
     0x0000000f00000000ULL, 0x0000000010101010ULL, 0x0000000020408000ULL, 0x0000000008040201ULL},
    {0x000000c000000000ULL, 0x2020200000000000ULL, 0x0408100000000000ULL, 0x0080400000000000ULL,
     0x0000001f00000000ULL, 0x0000000020202020ULL, 0x0000000040800000ULL, 0x0000000010080402ULL},
    {0x0000008000000000ULL, 0x4040400000000000ULL, 0x0810200000000000ULL, 0x0000800000000000ULL,
     0x0000003f00000000ULL, 0x0000000040404040ULL, 0x0000000080000000ULL, 0x0000000020100804ULL},
    {0x0000000000000000ULL, 0x8080800000000000ULL, 0x1020400000000000ULL, 0x0000000000000000ULL,
     0x0000007f00000000ULL, 0x0000000080808080ULL, 0x0000000000000000ULL, 0x0000000040201008ULL},
    {0x0000fe0000000000ULL, 0x0101000000000000ULL, 0x0000000000000000ULL, 0x0402000000000000ULL,
     0x0000000000000000ULL, 0x0000000101010101ULL, 0x0000000204081020ULL, 0x0000000000000000ULL},
    {0x0000fc0000000000ULL, 0x0202000000000000ULL, 0x0001000000000000ULL, 0x0804000000000000ULL,
     0x0000010000000000ULL, 0x0000000202020202ULL, 0x0000000408102040ULL, 0x0000000100000000ULL},
    {0x0000f80000000000ULL, 0x0404000000000000ULL, 0x0102000000000000ULL, 0x1008000000000000ULL,
     0x0000030000000000ULL, 0x0000000404040404ULL, 0x0000000810204080ULL, 0x0000000201000000ULL},
    {0x0000f00000000000ULL, 0x0808000000000000ULL, 0x0204000000000000ULL, 0x2010000000000000ULL,
     0x0000070000000000ULL, 0x0000000808080808ULL, 0x0000001020408000ULL, 0x0000000402010000ULL},
    {0x0000e00000000000ULL, 0x1010000000000000ULL, 0x0408000000000000ULL, 0x4020000000000000ULL,
     0x00000f0000000000ULL, 0x0000001010101010ULL, 0x0000002040800000ULL, 0x0000000804020100ULL},
    {0x0000c00000000000ULL, 0x2020000000000000ULL, 0x0810000000000000ULL, 0x8040000000000000ULL,
     0x00001f0000000000ULL, 0x0000002020202020ULL, 0x0000004080000000ULL, 0x0000001008040201ULL},
    {0x0000800000000000ULL, 0x4040000000000000ULL, 0x1020000000000000ULL, 0x0080000000000000ULL,
     0x00003f0000000000ULL, 0x0000004040404040ULL, 0x0000008000000000ULL, 0x0000002010080402ULL},
    {0x0000000000000000ULL, 0x8080000000000000ULL, 0x2040000000000000ULL, 0x0000000000000000ULL,
     0x00007f0000000000ULL, 0x0000008080808080ULL, 0x0000000000000000ULL, 0x0000004020100804ULL},
    {0x00fe000000000000ULL, 0x0100000000000000ULL, 0x0000000000000000ULL, 0x0200000000000000ULL,
     0x0000000000000000ULL, 0x0000010101010101ULL, 0x0000020408102040ULL, 0x0000000000000000ULL},
    {0x00fc000000000000ULL, 0x0200000000000000ULL, 0x0100000000000000ULL, 0x0400000000000000ULL,
     0x0001000000000000ULL, 0x0000020202020202ULL, 0x0000040810204080ULL, 0x0000010000000000ULL},
    {0x00f8000000000000ULL, 0x0400000000000000ULL, 0x0200000000000000ULL, 0x0800000000000000ULL,
     0x0003000000000000ULL, 0x0000040404040404ULL, 0x0000081020408000ULL, 0x0000020100000000ULL},
    {0x00f0000000000000ULL, 0x0800000000000000ULL, 0x0400000000000000ULL, 0x1000000000000000ULL,
     0x0007000000000000ULL, 0x0000080808080808ULL, 0x0000102040800000ULL, 0x0000040201000000ULL},
    {0x00e0000000000000ULL, 0x1000000000000000ULL, 0x0800000000000000ULL, 0x2000000000000000ULL,
     0x000f000000000000ULL, 0x0000101010101010ULL, 0x0000204080000000ULL, 0x0000080402010000ULL},
    {0x00c0000000000000ULL, 0x2000000000000000ULL, 0x1000000000000000ULL, 0x4000000000000000ULL,
     0x001f000000000000ULL, 0x0000202020202020ULL, 0x0000408000000000ULL, 0x0000100804020100ULL},
    {0x0080000000000000ULL, 0x4000000000000000ULL, 0x2000000000000000ULL, 0x8000000000000000ULL,
     0x003f000000000000ULL, 0x0000404040404040ULL, 0x0000800000000000ULL, 0x0000201008040201ULL},
    {0x0000000000000000ULL, 0x8000000000000000ULL, 0x4000000000000000ULL, 0x0000000000000000ULL,
     0x007f000000000000ULL, 0x0000808080808080ULL, 0x0000000000000000ULL, 0x0000402010080402ULL},
    {0xfe00000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL,
     0x0000000000000000ULL, 0x0001010101010101ULL, 0x0002040810204080ULL, 0x0000000000000000ULL},
    {0xfc00000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL,
     0x0100000000000000ULL, 0x0002020202020202ULL, 0x0004081020408000ULL, 0x0001000000000000ULL},
    {0xf800000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL,
     0x0300000000000000ULL, 0x0004040404040404ULL, 0x0008102040800000ULL, 0x0002010000000000ULL},
    {0xf000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL,
     0x0700000000000000ULL, 0x0008080808080808ULL, 0x0010204080000000ULL, 0x0004020100000000ULL},
    {0xe000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL,
     0x0f00000000000000ULL, 0x0010101010101010ULL, 0x0020408000000000ULL, 0x0008040201000000ULL},
    {0xc000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL,
     0x1f00000000000000ULL, 0x0020202020202020ULL, 0x0040800000000000ULL, 0x0010080402010000ULL},
    {0x8000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL,
     0x3f00000000000000ULL, 0x0040404040404040ULL, 0x0080000000000000ULL, 0x0020100804020100ULL},
    {0x0000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL,
     0x7f00000000000000ULL, 0x0080808080808080ULL, 0x0000000000000000ULL, 0x0040201008040201ULL},
};


/* flips() in the CPU's 256-bit registers, four directions at once: along each ray the first square that is not the
 * opponent's (the nearest: the lowest set bit where the ray raises the index, the highest where it lowers it); the
 * ray's squares before it flip where it holds a disc of p. */
static u64 flips(u64 p, u64 o, int x) {
    const __m256i P = _mm256_set1_epi64x((long long)p), O = _mm256_set1_epi64x((long long)o);
    const __m256i zero = _mm256_setzero_si256(), ones = _mm256_set1_epi64x(-1);
    __m256i up = _mm256_load_si256((const __m256i *)RAYS[x]);
    __m256i down = _mm256_load_si256((const __m256i *)RAYS[x] + 1);
    /* raising the index: the lowest square that is not o, b & -b */
    __m256i b = _mm256_andnot_si256(O, up);
    __m256i first = _mm256_and_si256(b, _mm256_sub_epi64(zero, b));
    __m256i closed = _mm256_cmpeq_epi64(_mm256_and_si256(first, P), zero);
    __m256i run = _mm256_and_si256(up, _mm256_add_epi64(first, ones)); /* the ray's squares below it */
    __m256i all = _mm256_andnot_si256(closed, run);
    /* lowering the index: the highest square that is not o, its bits smeared down */
    const __m256i step = _mm256_set_epi64x(9, 7, 8, 1); /* each lane's ray: -1, -8, -7, -9 */
    b = _mm256_andnot_si256(O, down);
    b = _mm256_or_si256(b, _mm256_srlv_epi64(b, step));
    b = _mm256_or_si256(b, _mm256_srlv_epi64(b, _mm256_add_epi64(step, step)));
    b = _mm256_or_si256(b, _mm256_srlv_epi64(b, _mm256_slli_epi64(step, 2)));
    first = _mm256_and_si256(down, _mm256_andnot_si256(_mm256_srlv_epi64(b, step), b));
    closed = _mm256_cmpeq_epi64(_mm256_and_si256(first, P), zero);
    run = _mm256_andnot_si256(b, down); /* the ray's squares above it */
    all = _mm256_or_si256(all, _mm256_andnot_si256(closed, run));
    return lanes_or(all);
}
#else
/* The discs of o that a disc of p placed on square x flips (0: x is not a placement): along each direction, the
 * run of o discs from x (at most six), kept where a disc of p closes it. */
static u64 flips(u64 p, u64 o, int x) {
    u64 bit = 1ULL << x, all = 0, t, inner = o & 0x7e7e7e7e7e7e7e7eULL;
#define RAY(SHIFT, MASK)                                                                                       \
    t = MASK & (bit SHIFT);                                                                                    \
    if (t) { /* most directions end here: no disc of o beside x */                                             \
        t |= MASK & (t SHIFT);                                                                                 \
        t |= MASK & (t SHIFT);                                                                                 \
        t |= MASK & (t SHIFT);                                                                                 \
        t |= MASK & (t SHIFT);                                                                                 \
        t |= MASK & (t SHIFT);                                                                                 \
        if (p & (t SHIFT)) all |= t;                                                                           \
    }
    RAY(<< 1, inner) RAY(>> 1, inner) RAY(<< 8, o) RAY(>> 8, o)
    RAY(<< 7, inner) RAY(>> 7, inner) RAY(<< 9, inner) RAY(>> 9, inner)
#undef RAY
    return all;
}
#endif

static int final_score(u64 p, u64 o) {
    int own = count(p), opp = count(o), empties = 64 - own - opp, diff = own - opp;
    return diff > 0 ? diff + empties : diff < 0 ? diff - empties : 0;
}

/* -- The midgame: alpha-beta's search to a fixed depth (othello_zoo.agents.alphabeta's _Search, move for move) -- */

#define MID_INF (1 << 28) /* beyond every value: the evaluation's and 1000 times a final score */

#define MAX_INSTANCES 64  /* the most pattern instances on the board */
#define SQUARE_DIGITS 12  /* the most instances a square is a digit of */

/* The learned evaluation's tables (othello_zoo.agents.patterns, which fills this and keeps its arrays alive). */
typedef struct {
    int instances;          /* pattern instances on the board (MAX_INSTANCES at most) */
    int total;              /* entries in one stage's tables */
    int unit;               /* the search's units in one of the tables' */
    const int *digits;      /* [64][SQUARE_DIGITS][2]: each instance a square is a digit of, and the digit's value
                             * (3 ** its place); an instance of -1 after the square's last */
    const int *offsets;     /* [instances]: the first entry of the instance's shape in a stage's tables */
    const int *stage_of;    /* [65]: the stage of a position by its empty squares */
    const int16_t *weights; /* [stages][total] */
    const int *scalars;     /* [stages][3]: mobility, potential mobility, bias */
    const u64 *masks;          /* [instances]: each instance's squares */
    const uint16_t *ternary;   /* each instance's 2 ** (its squares) entries, one instance after another: a set of its
                                * squares (the bits of a pext of the instance's mask) as the sum of their digits */
    const int *ternary_at;     /* [instances]: the instance's first entry in ternary */
} Patterns;

typedef struct {
    const int *weights;         /* the positional table, a weight a square (given by the caller: one home for it) */
    const Patterns *patterns;   /* the learned evaluation, or NULL for the hand-made one */
    int sorted_depth;           /* from this many plies to go, moves in the order of their positions' evaluation */
    u64 nodes;
} Midgame;

/* The corners: the weights of the squares beside one (NEIGHBOURS) count while it is empty. */
static const int CORNER_SQUARES[4] = {0, 7, 56, 63};

/* The squares of each edge, from one corner to the other. */
static const int EDGE_SQUARES[4][8] = {{0, 1, 2, 3, 4, 5, 6, 7},
                                       {56, 57, 58, 59, 60, 61, 62, 63},
                                       {0, 8, 16, 24, 32, 40, 48, 56},
                                       {7, 15, 23, 31, 39, 47, 55, 63}};

/* Discs of d on an edge in an unbroken run from a corner, counted from both corners of each edge. */
static int stable_edges(u64 d) {
    int total = 0;
    for (int e = 0; e < 4; e++) {
        for (int i = 0; i < 8 && (d >> EDGE_SQUARES[e][i] & 1); i++) total++;
        for (int i = 7; i >= 0 && (d >> EDGE_SQUARES[e][i] & 1); i--) total++;
    }
    return total;
}

static int positional(const int *weights, u64 d) {
    int total = 0;
    for (; d; d &= d - 1) total += weights[__builtin_ctzll(d)];
    return total;
}

/* The learned value for the mover p: each instance's table entry (its squares a base-3 index: 0 empty, 1 p's, 2 o's),
 * and the stage's weights on the mobility and potential mobility differences, and its bias. The index is the sum of
 * the digits of p's discs and twice those of o's: by pext, each side's squares of the instance gathered into the bits
 * that ternary reads (OTHELLO_ZOO_PEXT), else summed disc by disc (digits). */
static int pattern_evaluate(const Patterns *t, u64 p, u64 o, int mobility, int potential) {
    int stage = t->stage_of[count(~(p | o))], total = 0;
    const int16_t *w = t->weights + (size_t)stage * (size_t)t->total;
#if defined(OTHELLO_ZOO_PEXT)
    for (int i = 0; i < t->instances; i++) {
        const uint16_t *digits = t->ternary + t->ternary_at[i];
        total += w[t->offsets[i] + digits[_pext_u64(p, t->masks[i])] + 2 * digits[_pext_u64(o, t->masks[i])]];
    }
#else
    int index[MAX_INSTANCES];
    memcpy(index, t->offsets, sizeof(int) * (size_t)t->instances);
    for (int side = 1; side <= 2; side++)
        for (u64 d = side == 1 ? p : o; d; d &= d - 1) {
            const int *digit = t->digits + __builtin_ctzll(d) * SQUARE_DIGITS * 2;
            for (int k = 0; k < SQUARE_DIGITS && digit[2 * k] >= 0; k++) index[digit[2 * k]] += side * digit[2 * k + 1];
        }
    for (int i = 0; i < t->instances; i++) total += w[index[i]];
#endif
    const int *s = t->scalars + 3 * stage;
    return t->unit * (total + s[0] * mobility + s[1] * potential + s[2]);
}

/* The static value for the mover p (its placements given): mobility, potential mobility (the empty squares beside
 * the other side's discs), corners, stable edge discs and the positional table, whose squares beside a corner count
 * while the corner is empty. */
static int mid_evaluate(const Midgame *m, u64 p, u64 o, u64 moves) {
    u64 empty = ~(p | o), settled = 0;
    int mobility = count(moves) - count(placements(o, p));
    int potential = count(empty & neighbours(o)) - count(empty & neighbours(p));
    if (m->patterns) return pattern_evaluate(m->patterns, p, o, mobility, potential);
    int corners = count(p & CORNERS) - count(o & CORNERS);
    int stable = stable_edges(p) - stable_edges(o);
    for (int k = 0; k < 4; k++)
        if ((p | o) >> CORNER_SQUARES[k] & 1) settled |= NEIGHBOURS[CORNER_SQUARES[k]];
    int table = positional(m->weights, p & ~settled) - positional(m->weights, o & ~settled);
    return 10 * mobility + 10 * potential + 60 * corners + 15 * stable + table;
}

/* The squares of moves by weight, highest first, ties in square order (a stable sort); returns their number. */
static int mid_order(const Midgame *m, u64 moves, int *squares) {
    int n = 0;
    for (; moves; moves &= moves - 1) {
        int x = __builtin_ctzll(moves), i = n++;
        while (i > 0 && m->weights[squares[i - 1]] < m->weights[x]) {
            squares[i] = squares[i - 1];
            i--;
        }
        squares[i] = x;
    }
    return n;
}

static int mid_search(Midgame *m, u64 p, u64 o, int depth, int alpha, int beta, int passed);

/* From m->sorted_depth plies to go: the squares of moves by the evaluation of the position each leaves, the
 * opponent's lowest first (ties in mid_order's order). */
static void mid_sort(const Midgame *m, u64 p, u64 o, int *squares, int n) {
    int keys[64];
    for (int i = 0; i < n; i++) {
        int x = squares[i];
        u64 f = flips(p, o, x), np = p | (1ULL << x) | f, no = o ^ f;
        keys[i] = mid_evaluate(m, no, np, placements(no, np));
    }
    for (int i = 1; i < n; i++) {
        int k = keys[i], x = squares[i], j = i - 1;
        while (j >= 0 && keys[j] > k) {
            keys[j + 1] = keys[j];
            squares[j + 1] = squares[j];
            j--;
        }
        keys[j + 1] = k;
        squares[j + 1] = x;
    }
}

/* The best value over the placements moves (not empty) of p, each searched depth - 1 plies deeper, and its square. */
static int mid_best(Midgame *m, u64 p, u64 o, u64 moves, int depth, int alpha, int beta, int *square) {
    int squares[64], n = mid_order(m, moves, squares), best = -MID_INF - 1;
    if (depth >= m->sorted_depth) mid_sort(m, p, o, squares, n);
    *square = n ? squares[0] : -1;
    for (int i = 0; i < n; i++) {
        int x = squares[i];
        u64 f = flips(p, o, x);
        int score = -mid_search(m, o ^ f, p | (1ULL << x) | f, depth - 1, -beta, -alpha, 0);
        if (score > best) {
            best = score;
            *square = x;
            if (score > alpha) {
                alpha = score;
                if (alpha >= beta) break;
            }
        }
    }
    return best;
}

static int mid_search(Midgame *m, u64 p, u64 o, int depth, int alpha, int beta, int passed) {
    m->nodes++;
    u64 moves = placements(p, o);
    if (!moves) {
        if (passed || !placements(o, p)) return 1000 * final_score(p, o);
        return -mid_search(m, o, p, depth, -beta, -alpha, 1);
    }
    if (depth == 0) return mid_evaluate(m, p, o, moves);
    int square;
    return mid_best(m, p, o, moves, depth, alpha, beta, &square);
}


typedef struct {
    u64 p, o;
    int8_t lower, upper, move, empties;
    uint32_t version; /* a bucket's first entry only, with several threads: odd while one writes the bucket */
    uint8_t probable; /* stored by the selective search: its bounds only probable, its move a hint */
    uint8_t unused[7]; /* 32 bytes an entry: a bucket is one 64-byte cache line (on Linux) */
} Entry;

typedef struct Split Split;
typedef struct Shared Shared;

typedef struct {
    Entry *table;
    u64 nodes;
    Midgame order; /* the learned evaluation that ranks the moves from EVAL_EMPTIES, where ranked */
    int ranked;
    Shared *shared; /* what the threads of a parallel solve share; NULL with one thread */
    Split *under;   /* the innermost split point this thread searches a child of; NULL outside every one */
    const int *selective; /* whether the solve's search is now the selective one (the threads share it) */
    int probing;          /* whether this thread's search is now a selective probe of the exact one (probe_children) */
} Solver;

/* The board's diagonals: DIAGONALS_9 along +9 (row - column constant), DIAGONALS_7 along +7 (row + column). */
static const u64 DIAGONALS_9[15] = {
    0x0000000000000080ULL, 0x0000000000008040ULL, 0x0000000000804020ULL,
    0x0000000080402010ULL, 0x0000008040201008ULL, 0x0000804020100804ULL,
    0x0080402010080402ULL, 0x8040201008040201ULL, 0x4020100804020100ULL,
    0x2010080402010000ULL, 0x1008040201000000ULL, 0x0804020100000000ULL,
    0x0402010000000000ULL, 0x0201000000000000ULL, 0x0100000000000000ULL};
static const u64 DIAGONALS_7[15] = {
    0x0000000000000001ULL, 0x0000000000000102ULL, 0x0000000000010204ULL,
    0x0000000001020408ULL, 0x0000000102040810ULL, 0x0000010204081020ULL,
    0x0001020408102040ULL, 0x0102040810204080ULL, 0x0204081020408000ULL,
    0x0408102040800000ULL, 0x0810204080000000ULL, 0x1020408000000000ULL,
    0x2040800000000000ULL, 0x4080000000000000ULL, 0x8000000000000000ULL};

/* RAY_ENDS[d][k]: the squares whose ray in direction d (+9, -9, +7, -7) leaves the board within 2^k steps. */
static u64 RAY_ENDS[4][3];

__attribute__((constructor)) static void init_ray_ends(void) {
    for (int x = 0; x < 64; x++) {
        int row = x >> 3, column = x & 7;
        int reach[4] = {7 - (row > column ? row : column), row < column ? row : column,
                        7 - (row > 7 - column ? row : 7 - column), row < 7 - column ? row : 7 - column};
        for (int d = 0; d < 4; d++)
            for (int k = 0; k < 3; k++)
                if (reach[d] < 1 << k) RAY_ENDS[d][k] |= 1ULL << x;
    }
}

/* The squares whose line in each direction (row, column, two diagonals) is full. A diagonal by doubling: a square's
 * ray is filled for 2^(k+1) steps (or to the board's edge) where it is for 2^k and so is the ray of the square 2^k
 * steps on (or it ends before). */
static void full_lines(u64 filled, u64 *h, u64 *v, u64 *d7, u64 *d9) {
    u64 t = filled & (filled >> 1) & NOT_H; /* a row's first square where its eight squares are filled */
    t &= (t >> 2) | 0xc0c0c0c0c0c0c0c0ULL;
    t &= (t >> 4) | 0xf0f0f0f0f0f0f0f0ULL;
    *h = (t & 0x0101010101010101ULL) * 0xff;
    t = filled & (filled >> 8); /* a column's first square where its eight squares are filled */
    t &= t >> 16;
    t &= t >> 32;
    *v = t * 0x0101010101010101ULL;
    u64 up9 = filled, down9 = filled, up7 = filled, down7 = filled;
    for (int k = 0; k < 3; k++) {
        up9 &= RAY_ENDS[0][k] | up9 >> (9 << k);
        down9 &= RAY_ENDS[1][k] | down9 << (9 << k);
        up7 &= RAY_ENDS[2][k] | up7 >> (7 << k);
        down7 &= RAY_ENDS[3][k] | down7 << (7 << k);
    }
    *d9 = up9 & down9;
    *d7 = up7 & down7;
}

/* The discs of an edge that no play can flip (EDGE_STABLE[p << 8 | o], p and o a line's discs of each colour, bit i
 * its square i): an edge's disc flips only along the edge, so a disc is stable where no sequence of placements on the
 * line's empty squares, by either colour in any order (a placement there may flip nothing along the edge: its flips
 * can lie across the board), ever flips it. Each line from the one with one more disc: a disc stays stable where
 * no placement flips it now and it is stable in every line a placement makes. COLUMN_SPREAD: a byte's bit i on
 * square 8 i (the first column). */
static uint8_t EDGE_STABLE[1 << 16];
static u64 COLUMN_SPREAD[256];

/* The discs of o that a disc of p placed on square x of an 8-square line flips along it. */
static int line_flips(int p, int o, int x) {
    int all = 0;
    for (int d = -1; d <= 1; d += 2) {
        int k = x + d, run = 0;
        while (k >= 0 && k < 8 && (o >> k & 1)) run |= 1 << k, k += d;
        if (k >= 0 && k < 8 && (p >> k & 1)) all |= run;
    }
    return all;
}

__attribute__((constructor)) static void init_edge_stable(void) {
    for (int filled = 8; filled >= 0; filled--)
        for (int discs = 0; discs < 256; discs++) {
            if (__builtin_popcount(discs) != filled) continue;
            for (int p = discs;; p = (p - 1) & discs) { /* each split of the line's discs into the two colours */
                int o = discs ^ p, stable = discs;
                for (int x = 0; x < 8; x++) {
                    if (discs >> x & 1) continue;
                    int f = line_flips(p, o, x); /* p places on x */
                    stable &= ~f & EDGE_STABLE[(p | f | 1 << x) << 8 | (o & ~f)];
                    f = line_flips(o, p, x); /* o places on x */
                    stable &= ~f & EDGE_STABLE[(p & ~f) << 8 | (o | f | 1 << x)];
                }
                EDGE_STABLE[p << 8 | o] = (uint8_t)stable;
                if (!p) break;
            }
        }
    for (int line = 0; line < 256; line++)
        for (int i = 0; i < 8; i++)
            if (line >> i & 1) COLUMN_SPREAD[line] |= 1ULL << (8 * i);
}

/* Column c of b gathered into a byte, its bit i the square on row i. */
static int column_byte(u64 b, int c) {
    return (int)((((b >> c) & 0x0101010101010101ULL) * 0x0102040810204080ULL) >> 56);
}

/* Discs of b (filled: every disc) that can never flip: those the edges' table finds (EDGE_STABLE), those whose four
 * lines are full, and, grown from them, a disc that in each of the four line directions has a full line, the board's
 * edge or a stable disc of its colour beside it. A lower bound on the stable discs: inside the board, a disc on a line
 * that is not full counts only where a stable disc of its colour lies beside it along that line. */
static u64 stable_discs(u64 b, u64 filled) {
    u64 h, v, d7, d9, o = filled ^ b;
    full_lines(filled, &h, &v, &d7, &d9);
    u64 edges = EDGE_STABLE[(b & 0xff) << 8 | (o & 0xff)] | (u64)EDGE_STABLE[(b >> 56) << 8 | (o >> 56)] << 56 |
                COLUMN_SPREAD[EDGE_STABLE[column_byte(b, 0) << 8 | column_byte(o, 0)]] |
                COLUMN_SPREAD[EDGE_STABLE[column_byte(b, 7) << 8 | column_byte(o, 7)]] << 7;
    const u64 edge_h = 0x8181818181818181ULL, edge_v = 0xff000000000000ffULL, edge = edge_h | edge_v;
    u64 grown = b & (edges | (h & v & d7 & d9));
    for (;;) {
        u64 hs = h | edge_h | ((grown >> 1) & NOT_H) | ((grown << 1) & NOT_A);
        u64 vs = v | edge_v | (grown >> 8) | (grown << 8);
        u64 d7s = d7 | edge | ((grown >> 7) & NOT_A) | ((grown << 7) & NOT_H);
        u64 d9s = d9 | edge | ((grown >> 9) & NOT_H) | ((grown << 9) & NOT_A);
        u64 next = grown | (b & ~edge & hs & vs & d7s & d9s);
        if (next == grown) return grown;
        grown = next;
    }
}

/* The bound of the opponent's stable discs on the score of (p to move, o): the bound itself where it is at most
 * alpha (the node's value: a cutoff), else INF, beta lowered to it where it lies below. Not computed where the
 * opponent's discs, all of them stable, would not bound it below beta. */
static inline int stable_cut(u64 p, u64 o, int alpha, int *beta) {
    if (64 - 2 * count(o) >= *beta) return INF;
    int most = 64 - 2 * count(stable_discs(o, p | o));
    if (most <= alpha) return most;
    if (most < *beta) *beta = most;
    return INF;
}

static u64 mix(u64 p, u64 o) {
    u64 h = p * 0x9e3779b97f4a7c15ULL ^ (o + 0x632be59bd9b4e019ULL) * 0xbf58476d1ce4e5b9ULL;
    return h ^ (h >> 29);
}

/* The table's bucket of (p to move, o): two entries. */
static Entry *bucket_of(const Solver *s, u64 p, u64 o) {
    return &s->table[2 * (mix(p, o) & ((1ULL << (TABLE_BITS - 1)) - 1))];
}

#define TABLE_BYTES (((size_t)1 << TABLE_BITS) * sizeof(Entry))

#define HUGE_EMPTIES 16 /* from this many empties at the root, the table in 2 MiB pages (new_table) */

/* The table, zeroed, or NULL. On Linux its own mapping, zeroed page by page as it is first touched (as calloc's),
 * and for a deep solve (huge) in 2 MiB pages where the kernel gives them: a probe of a table this size then misses the
 * CPU's address cache less (4% faster on FFO #45-#46, a third faster on solves of 16 empties), but each page is
 * zeroed whole at its first touch, which made solves of 10-14 empties two to ten times slower: they keep 4 KiB
 * pages. */
static Entry *new_table(int huge) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    void *memory = mmap(NULL, TABLE_BYTES, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED) return NULL;
    if (huge) madvise(memory, TABLE_BYTES, MADV_HUGEPAGE);
    return memory;
#else
    (void)huge;
    return calloc(1, TABLE_BYTES);
#endif
}

static void free_table(Entry *table) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    munmap(table, TABLE_BYTES);
#else
    free(table);
#endif
}

/* Whether this thread's search is now selective: the selective search of the solve, or a probe of the exact one. */
static int selective_now(const Solver *s) { return *s->selective || s->probing; }

/* Whether the search now running may cut off on e's bounds: an exact entry's always, a probable one's only in a
 * selective search (the exact search takes its move alone). */
static int bounds_hold(const Solver *s, const Entry *e) { return !e->probable || selective_now(s); }

/* The bucket's entry of (p to move, o), or NULL. */
static Entry *entry_of(Entry *bucket, u64 p, u64 o) {
    for (int i = 0; i < 2; i++)
        if (bucket[i].p == p && bucket[i].o == o) return &bucket[i];
    return NULL;
}

/* The CPU to another thread, one that may hold a bucket (more threads than cores). */
static void give_way(void) {
#if defined(OTHELLO_ZOO_THREADS)
    sched_yield();
#endif
}

/* The table's entry of (p to move, o) copied into *found; 0 where it holds none. With several threads the copy is
 * taken between two reads of the bucket's version, and again until no write came between (a sequence lock). */
static int probe(const Solver *s, u64 p, u64 o, Entry *found) {
    Entry *bucket = bucket_of(s, p, o);
    if (!s->shared) {
        Entry *entry = entry_of(bucket, p, o);
        if (entry) *found = *entry;
        return entry != NULL;
    }
    for (int tries = 1;; tries++) {
        uint32_t version = __atomic_load_n(&bucket[0].version, __ATOMIC_ACQUIRE);
        if (version & 1) { /* a write under way */
            if (tries % 64 == 0) give_way();
            continue;
        }
        Entry *entry = entry_of(bucket, p, o);
        if (entry) *found = *entry;
        __atomic_thread_fence(__ATOMIC_ACQUIRE);
        if (__atomic_load_n(&bucket[0].version, __ATOMIC_RELAXED) == version) return entry != NULL;
    }
}

/* The result best of (p to move, o), n empties, searched in the window (alpha, beta) with move the best found, into
 * the table: the first entry of the bucket keeps the result of more empties, the second the other; a bound met
 * before is kept where it is the tighter. With several threads the bucket is written under its version (odd while
 * written). */
static void store(Solver *s, u64 p, u64 o, int n, int move, int best, int alpha, int beta) {
    Entry *bucket = bucket_of(s, p, o);
    uint32_t version = 0;
    if (s->shared) {
        for (int tries = 1;; tries++) {
            version = __atomic_load_n(&bucket[0].version, __ATOMIC_RELAXED);
            if (!(version & 1) && __atomic_compare_exchange_n(&bucket[0].version, &version, version + 1, 0,
                                                              __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
                break;
            if (tries % 64 == 0) give_way();
        }
        __atomic_thread_fence(__ATOMIC_RELEASE); /* the odd version seen before any write below (ARM, POWER) */
    }
    Entry *entry = entry_of(bucket, p, o);
    if (!entry) {
        if (bucket[0].empties <= n) {
            bucket[1] = bucket[0];
            entry = &bucket[0];
        } else {
            entry = &bucket[1];
        }
        entry->p = p;
        entry->o = o;
        entry->lower = -64;
        entry->upper = 64;
        entry->probable = (uint8_t)selective_now(s);
    } else if (entry->probable != selective_now(s)) {
        if (selective_now(s)) { /* an exact entry kept whole: its bounds hold in the selective search too */
            if (s->shared) __atomic_store_n(&bucket[0].version, version + 2, __ATOMIC_RELEASE);
            return;
        }
        entry->lower = -64; /* a probable entry made exact: its bounds dropped, its move replaced */
        entry->upper = 64;
        entry->probable = 0;
    }
    entry->move = (int8_t)move;
    entry->empties = (int8_t)n;
    if (best >= beta) {
        if (best > entry->lower) entry->lower = (int8_t)best;
    } else if (best <= alpha) {
        if (best < entry->upper) entry->upper = (int8_t)best;
    } else {
        entry->lower = entry->upper = (int8_t)best;
    }
    if (s->shared) __atomic_store_n(&bucket[0].version, version + 2, __ATOMIC_RELEASE);
}

#define UNKNOWN (~0ULL) /* a node's placements not yet found (no position has all 64 squares as placements) */
static int search(Solver *s, u64 p, u64 o, int alpha, int beta, int passed, int *best, u64 moves);

/* The flips of a placement on the last empty square, counted without making them: on a full board, a line through
 * the square holds only the mover's discs and the opponent's, so its flips follow from the mover's discs alone.
 * LINE_FLIPS[i][line]: the discs flipped along an 8-square line (its squares the bits of line that the mover holds)
 * by a disc placed at its square i; a line's squares off the board (a short diagonal's) read as the opponent's, which
 * never flip (no disc of the mover beyond them). DIAGONAL_9 and DIAGONAL_7: each square's two diagonals. */
static uint8_t LINE_FLIPS[8][256];
static u64 DIAGONAL_9[64], DIAGONAL_7[64];

__attribute__((constructor)) static void init_last_flips(void) {
    for (int i = 0; i < 8; i++)
        for (int line = 0; line < 256; line++) {
            int n = 0;
            for (int d = -1; d <= 1; d += 2) {
                int k = i + d, run = 0;
                while (k >= 0 && k < 8 && !(line >> k & 1)) k += d, run++;
                if (k >= 0 && k < 8) n += run;
            }
            LINE_FLIPS[i][line] = (uint8_t)n;
        }
    for (int x = 0; x < 64; x++) {
        int row = x >> 3, column = x & 7;
        DIAGONAL_9[x] = DIAGONALS_9[7 + row - column];
        DIAGONAL_7[x] = DIAGONALS_7[row + column];
    }
}

/* The discs a disc of p placed on x flips, x the board's last empty square: each line's discs of p gathered into
 * a byte by column (by row for the column), the counts read from LINE_FLIPS. */
static int last_flips(u64 p, int x) {
    int row = x >> 3, column = x & 7;
    const u64 spread = 0x0101010101010101ULL;
    int n = LINE_FLIPS[column][(p >> (8 * row)) & 0xff];
    n += LINE_FLIPS[row][column_byte(p, column)];
    n += LINE_FLIPS[column][((p & DIAGONAL_9[x]) * spread) >> 56];
    n += LINE_FLIPS[column][((p & DIAGONAL_7[x]) * spread) >> 56];
    return n;
}

/* The last empty square x: the mover places there, or else the opponent does, or else nobody. The board is then
 * full: the score is twice the mover's discs less 64. */
static int last(Solver *s, u64 p, u64 o, int x) {
    s->nodes++;
    int own = count(p), n = last_flips(p, x);
    if (n) return 2 * (own + n + 1) - 64;
    n = last_flips(o, x);
    if (n) return 2 * (own - n) - 64;
    return final_score(p, o); /* nobody can place there */
}

/* Two empty squares x and y: each tried by the mover, then by the opponent (a pass), the last by last(). */
static int last_two(Solver *s, u64 p, u64 o, int x, int y, int alpha, int beta, int passed) {
    s->nodes++;
    int best = -INF;
    if (NEIGHBOURS[x] & o) {
        u64 f = flips(p, o, x);
        if (f) {
            best = -last(s, o & ~f, p | f | (1ULL << x), y);
            if (best >= beta) return best;
        }
    }
    if (NEIGHBOURS[y] & o) {
        u64 f = flips(p, o, y);
        if (f) {
            int v = -last(s, o & ~f, p | f | (1ULL << y), x);
            return v > best ? v : best;
        }
    }
    if (best > -INF) return best;
    if (passed) return final_score(p, o);
    return -last_two(s, o, p, x, y, -beta, -alpha, 1);
}

static const u64 QUADRANTS[4] = {0x000000000f0f0f0fULL, 0x00000000f0f0f0f0ULL, 0x0f0f0f0f00000000ULL,
                                 0xf0f0f0f000000000ULL};

/* The quadrants holding an odd number of the empty squares, as the union of their squares. */
static u64 odd_quadrants(u64 empty) {
    u64 odd = 0;
    for (int q = 0; q < 4; q++)
        if (count(empty & QUADRANTS[q]) & 1) odd |= QUADRANTS[q];
    return odd;
}

/* Each square's quadrant, as its squares: filling the square turns that quadrant's parity. */
static u64 quadrant_of(int x) { return QUADRANTS[((x >> 5) & 1) * 2 + ((x >> 2) & 1)]; }

static int shallow(Solver *s, u64 p, u64 o, int alpha, int beta, int passed, u64 odd);

/* The best value of p's moves on squares (all of them p's placements where known, else the empty squares, each
 * tried), in parity order (odd quadrants first: odd, given), each made as it is tried and searched by shallow (by
 * last_two where three squares are empty); -INF where none is a move. The loop of shallow and of search's nodes next
 * to it (their placements known). */
static inline int parity_moves(Solver *s, u64 p, u64 o, u64 squares, int alpha, int beta, u64 odd, int known) {
    u64 empty = ~(p | o);
    int best = -INF, three = !known && count(empty) == 3;
    for (int round = 0; round < 2; round++) {
        u64 left = squares & (round == 0 ? odd : ~odd);
        while (left) {
            int x = __builtin_ctzll(left);
            left &= left - 1;
            if (!known && !(NEIGHBOURS[x] & o)) continue;
            u64 f = flips(p, o, x);
            if (!known && !f) continue;
            u64 np = p | f | (1ULL << x), no = o & ~f, others = empty ^ (1ULL << x);
            int floor = alpha > best ? alpha : best;
            int v = three ? -last_two(s, no, np, __builtin_ctzll(others), __builtin_ctzll(others & (others - 1)), -beta,
                                      -floor, 0)
                          : -shallow(s, no, np, -beta, -floor, 0, odd ^ quadrant_of(x));
            if (v > best) {
                best = v;
                if (best >= beta) return best;
            }
        }
    }
    return best;
}

/* Few empties: each empty square tried in parity order (odd quadrants first: odd, given), no table, no sorting. */
static int shallow(Solver *s, u64 p, u64 o, int alpha, int beta, int passed, u64 odd) {
    u64 empty = ~(p | o), rest = empty & (empty - 1);
    if (!rest) return empty ? last(s, p, o, __builtin_ctzll(empty)) : final_score(p, o);
    if (!(rest & (rest - 1)))
        return last_two(s, p, o, __builtin_ctzll(empty), __builtin_ctzll(rest), alpha, beta, passed);
    s->nodes++;
    if (count(empty) >= STABLE_EMPTIES) {
        int cut = stable_cut(p, o, alpha, &beta);
        if (cut < INF) return cut;
    }
    int best = parity_moves(s, p, o, empty, alpha, beta, odd, 0);
    if (best > -INF) return best;
    if (passed) return final_score(p, o);
    return -shallow(s, o, p, -beta, -alpha, 1, odd);
}

/* The discs of b on a corner, or on an edge square beside a corner of b's (they never flip). */
static int corner_anchored(u64 b) {
    u64 corners = b & CORNERS;
    u64 beside = ((corners << 1) & NOT_A) | ((corners >> 1) & NOT_H) | (corners << 8) | (corners >> 8);
    return count(corners | (b & beside));
}

typedef struct {
    int x, rank;
    u64 p, o;  /* the child, from the opponent's side: o to move */
    u64 moves; /* o's placements there (UNKNOWN until ranked) */
} Child;

/* children[from..k) ranked (pick_child takes the lowest rank first, the most promising). Fastest first: the
 * opponent's fewest replies (its corners counting three), the mover's corner, the fewest empty squares beside the
 * mover's discs (the opponent's moves to come), the mover's discs anchored at corners; from TWO_PLY_EMPTIES the
 * reply that leaves the mover fewest moves; from EVAL_EMPTIES, with the learned evaluation, the value of the
 * opponent's best reply by a shallow midgame search (one ply, and one more every EVAL_STEP empties from
 * EVAL_EMPTIES + 2). */
static void rank_children(Solver *s, Child *children, int from, int k, int n) {
    if (n <= SHALLOW_EMPTIES + 1) return; /* next to the parity routine: in square order (a root's moves alone) */
    for (int i = from; i < k; i++) {
        Child *c = &children[i];
        u64 replies = c->moves = placements(c->o, c->p);
        c->rank = count(replies) * 16 + count(replies & CORNERS) * 32 - ((1ULL << c->x) & CORNERS ? 8 : 0) +
                  count(neighbours(c->p) & ~(c->p | c->o)) * 2 - corner_anchored(c->p) * 4;
        if (n >= TWO_PLY_EMPTIES && replies) {
            int fewest = 64;
            u64 r = replies;
            while (r) {
                int y = __builtin_ctzll(r);
                r &= r - 1;
                u64 g = flips(c->o, c->p, y);
                int mine = count(placements(c->p & ~g, c->o | g | (1ULL << y)));
                if (mine < fewest) fewest = mine;
            }
            c->rank -= fewest * 8;
        }
        if (n >= EVAL_EMPTIES && s->ranked) { /* the opponent's value, in thousandths of a disc: the lower the better */
            int value = mid_search(&s->order, c->o, c->p, 1 + (n - EVAL_EMPTIES + 2) / EVAL_STEP, -MID_INF, MID_INF, 0);
            c->rank += value * EVAL_WEIGHT / 1000;
        }
    }
}

/* The best ranked of children[i..k) moved to i (the others keep their order): the next move to search. Most nodes
 * that cut off do so at the first move, so the moves are picked one at a time rather than sorted. */
static void pick_child(Child *children, int i, int k) {
    int best = i;
    for (int j = i + 1; j < k; j++)
        if (children[j].rank < children[best].rank) best = j;
    if (best == i) return;
    Child c = children[best];
    memmove(children + i + 1, children + i, sizeof(Child) * (size_t)(best - i));
    children[i] = c;
}

/* -- The parallel solve: young brothers wait. A node of SPLIT_EMPTIES empties or more, its first move searched without
 * a cutoff, shares the rest with the threads that wait for work: a split point, its moves handed out one at a time
 * under the shared lock; each thread searches its move in the window left, the best kept at the split point; a move
 * that reaches beta abandons the others' searches below it (they return at once and store nothing). The owner, its
 * moves handed out, helps the searches below its split point until the last returns. -- */

#if defined(OTHELLO_ZOO_THREADS)
#define SPLIT_EMPTIES 12 /* the fewest empties of a split point: below it a move's search is too short to share */
#define MAX_SPLITS 64    /* split points open at once */

struct Split {
    Split *parent;   /* the split point its owner searched a move of (the chain a cutoff abandons) */
    Child *children; /* the owner's moves: children[next..k) not yet handed out */
    int next, k, n;  /* (n: the node's empty squares)*/
    int alpha, beta, best, move;
    int workers;  /* the threads searching its moves, the owner among them */
    int cutoff;   /* set once a move reaches beta */
    int probing;  /* a probe's split point: its moves searched selectively by every thread (probe_children) */
};

struct Shared {
    pthread_mutex_t lock;
    pthread_cond_t wake; /* a split point opened, a split point's last worker done, or the solve over */
    Split *open[MAX_SPLITS]; /* the split points with moves to hand out */
    int opened, idle, done;
};

/* Whether a cutoff above this thread's search made it useless: a split point it works under reached beta. */
static int abandoned(const Solver *s) {
    for (const Split *x = s->under; x; x = x->parent)
        if (__atomic_load_n(&x->cutoff, __ATOMIC_RELAXED)) return 1;
    return 0;
}

static int idle_threads(const Solver *s) { return __atomic_load_n(&s->shared->idle, __ATOMIC_RELAXED) > 0; }

/* sp taken off the open list, where it is on it (the shared lock held). */
static void close_split(Shared *shared, Split *sp) {
    for (int i = 0; i < shared->opened; i++)
        if (shared->open[i] == sp) {
            shared->open[i] = shared->open[--shared->opened];
            return;
        }
}

/* The open split point with the most empties below within (every one where within is NULL), or NULL (the shared
 * lock held). */
static Split *open_within(Shared *shared, const Split *within) {
    Split *chosen = NULL;
    for (int i = 0; i < shared->opened; i++) {
        Split *sp = shared->open[i];
        const Split *x = sp;
        while (within && x && x != within) x = x->parent;
        if ((!within || x) && (!chosen || sp->n > chosen->n)) chosen = sp;
    }
    return chosen;
}

/* This thread's share of sp's moves: one at a time until none is left, a move reaches beta or the work is
 * abandoned (the shared lock held on entry and on return). */
static void work(Solver *s, Split *sp) {
    Shared *shared = s->shared;
    Split *outer = s->under;
    int was_probing = s->probing;
    s->probing = sp->probing;
    s->under = sp;
    while (sp->next < sp->k && !abandoned(s)) {
        Child *c = &sp->children[sp->next++];
        if (sp->next == sp->k) close_split(shared, sp);
        int floor = sp->alpha > sp->best ? sp->alpha : sp->best, beta = sp->beta;
        pthread_mutex_unlock(&shared->lock);
        int v = -search(s, c->o, c->p, -floor - 1, -floor, 0, NULL, c->moves);
        if (v > floor && v < beta && !abandoned(s)) v = -search(s, c->o, c->p, -beta, -v, 0, NULL, c->moves);
        pthread_mutex_lock(&shared->lock);
        if (abandoned(s)) break;
        if (v > sp->best) {
            sp->best = v;
            sp->move = c->x;
            if (v >= beta) __atomic_store_n(&sp->cutoff, 1, __ATOMIC_RELAXED);
        }
    }
    close_split(shared, sp);
    s->under = outer;
    s->probing = was_probing;
}

/* Another thread's split point sp joined: a share of its moves searched (the shared lock held on entry and on
 * return). */
static void join(Solver *s, Split *sp) {
    sp->workers++;
    work(s, sp);
    if (--sp->workers == 0) pthread_cond_broadcast(&s->shared->wake);
}

/* An open split point below within (any where within is NULL) joined, or else a wake-up waited for, counted idle
 * meanwhile (the shared lock held on entry and on return). */
static void help_or_wait(Solver *s, const Split *within) {
    Shared *shared = s->shared;
    Split *sp = open_within(shared, within);
    if (sp) {
        join(s, sp);
        return;
    }
    __atomic_fetch_add(&shared->idle, 1, __ATOMIC_RELAXED);
    pthread_cond_wait(&shared->wake, &shared->lock);
    __atomic_fetch_sub(&shared->idle, 1, __ATOMIC_RELAXED);
}

/* children[i..k) of a node searched by this thread and the idle ones, in the window (alpha, beta) with *best and
 * *move so far: the best and its move into them. */
static void split(Solver *s, Child *children, int i, int k, int n, int alpha, int beta, int *best, int *move) {
    Shared *shared = s->shared;
    Split sp = {s->under, children, i, k, n, alpha, beta, *best, *move, 1, 0, s->probing};
    pthread_mutex_lock(&shared->lock);
    if (shared->opened < MAX_SPLITS) {
        shared->open[shared->opened++] = &sp;
        pthread_cond_broadcast(&shared->wake);
    }
    work(s, &sp);
    sp.workers--;
    while (sp.workers > 0) help_or_wait(s, &sp); /* its moves handed out: the searches below it helped */
    pthread_mutex_unlock(&shared->lock);
    *best = sp.best;
    *move = sp.move;
}

/* A helper thread: split points joined as they open until the solve is over. */
static void *helper(void *argument) {
    Solver *s = argument;
    Shared *shared = s->shared;
    pthread_mutex_lock(&shared->lock);
    while (!shared->done) help_or_wait(s, NULL);
    pthread_mutex_unlock(&shared->lock);
    return NULL;
}
#else
#define SPLIT_EMPTIES 64 /* one thread here (no POSIX threads): never a split */
static int abandoned(const Solver *s) { (void)s; return 0; }
static int idle_threads(const Solver *s) { (void)s; return 0; }
static void split(Solver *s, Child *children, int i, int k, int n, int alpha, int beta, int *best, int *move) {
    (void)s, (void)children, (void)i, (void)k, (void)n, (void)alpha, (void)beta, (void)best, (void)move;
}
#endif

/* The children's order for an exact null-window search at beta (alpha = beta - 1), probed by the selective search:
 * each move in turn (the table's first where table_first, the others by rank) searched selectively until one probably
 * reaches beta, which is then searched first (its rank the lowest). Most nodes cut off at their first move, but where
 * the table's move was found in another window (by the selective search, or for a lower bound below beta) or there
 * is none, a wrong first move near the root costs a subtree of millions of positions; a probe costs a selective
 * search. Returns whether the others are ranked (and children[0] too); the probes' positions are counted. */
static int probe_children(Solver *s, Child *children, int k, int n, int table_first, int alpha, int beta) {
    int ranked = !table_first;
    if (table_first) children[0].rank = INT_MIN + 1; /* ahead of the others, behind a move that probably cuts */
    s->probing = 1;
    for (int j = 0; j < k; j++) {
        if (j == 1 && !ranked) {
            rank_children(s, children, 1, k, n);
            ranked = 1;
        }
        if (j > 0 || !table_first) pick_child(children, j, k);
        Child *c = &children[j];
        int v = -search(s, c->o, c->p, -beta, -alpha, 0, NULL, c->moves);
        if (abandoned(s)) break;
        if (v >= beta) {
            Child t = *c;
            t.rank = INT_MIN;
            memmove(children + 1, children, sizeof(Child) * (size_t)j);
            children[0] = t;
            break;
        }
    }
    s->probing = 0;
    return ranked;
}

static int search(Solver *s, u64 p, u64 o, int alpha, int beta, int passed, int *best_move, u64 moves) {
    u64 empty = ~(p | o);
    int n = count(empty);
    if (best_move) *best_move = -1;
    if (n <= SHALLOW_EMPTIES && !best_move) return shallow(s, p, o, alpha, beta, passed, odd_quadrants(empty));
    if (abandoned(s)) return 0;
    s->nodes++;
    if (moves == UNKNOWN) moves = placements(p, o);
    if (!moves) {
        if (passed) return final_score(p, o);
        if (best_move) *best_move = 64;
        return -search(s, o, p, -beta, -alpha, 1, NULL, UNKNOWN);
    }
    if (!best_move && n >= STABLE_EMPTIES) {
        int cut = stable_cut(p, o, alpha, &beta);
        if (cut < INF) return cut;
    }
    Entry entry;
    int hint = -1;
    if (n >= TABLE_EMPTIES && probe(s, p, o, &entry)) {
        hint = entry.move;
        if (!best_move && bounds_hold(s, &entry)) {
            if (entry.lower >= beta || entry.lower == entry.upper) return entry.lower;
            if (entry.upper <= alpha) return entry.upper;
            if (entry.lower > alpha) alpha = entry.lower;
            if (entry.upper < beta) beta = entry.upper;
        }
    }
    if (n == SHALLOW_EMPTIES + 1 && !best_move) /* next to the parity routine (below the table) */
        return parity_moves(s, p, o, moves, alpha, beta, odd_quadrants(empty), 1);
    if (selective_now(s) && !best_move && n >= PROBCUT_EMPTIES) {
        /* ProbCut: a value of the learned evaluation's shallow search PROBCUT_MARGIN discs beyond the window taken as
         * the node's side of it (the evaluation's search misses the score by 7-9 discs (standard deviation) at 10-18
         * empties, one to four plies, on WTHOR 2004's games); deeper near a deep root, where a shallower search than
         * the guess's would leave a worse guess than it was given */
        int depth = n >= 22 ? 5 : n >= 18 ? 3 : 1;
        int high = (beta + PROBCUT_MARGIN) * 1000, low = (alpha - PROBCUT_MARGIN) * 1000;
        if (beta + PROBCUT_MARGIN < 64 && mid_search(&s->order, p, o, depth, high - 1, high, 0) >= high) return beta;
        if (alpha - PROBCUT_MARGIN > -64 && mid_search(&s->order, p, o, depth, low, low + 1, 0) <= low) return alpha;
    }
    Child children[64]; /* a placement per empty square at most */
    int k = 0, first = -1;
    while (moves) {
        int x = __builtin_ctzll(moves);
        moves &= moves - 1;
        u64 f = flips(p, o, x);
        Child *c = &children[k++];
        c->x = x;
        c->p = p | f | (1ULL << x);
        c->o = o & ~f;
        c->moves = UNKNOWN;
        if (x == hint) first = k - 1;
        /* the child's bucket fetched now, its line on the way while the others are made: the cutoffs below and the
         * child's own search read it (7% faster on FFO #45-#46) */
        if (n > TABLE_EMPTIES) __builtin_prefetch(bucket_of(s, c->o, c->p));
    }
    if (n > ETC_EMPTIES && !best_move) { /* a child whose table entry already refutes the window: cut off at once */
        for (int i = 0; i < k; i++) {
            Entry e;
            if (probe(s, children[i].o, children[i].p, &e) && bounds_hold(s, &e) && -e.upper >= beta) return -e.upper;
        }
    }
    if (first >= 0) { /* the table's move first; the others are ranked only if it does not cut off */
        Child t = children[first];
        memmove(children + 1, children, sizeof(Child) * (size_t)first);
        children[0] = t;
    } else {
        rank_children(s, children, 0, k, n);
    }
    int original_alpha = alpha, best = -INF, move = -1, ranked = n > SHALLOW_EMPTIES + 1; /* (rank_children's) */
    int others_ranked = first < 0; /* (first >= 0: the others ranked once the table's move does not cut off) */
    if (n >= PROBE_EMPTIES && k > 1 && beta == alpha + 1 && !best_move && !selective_now(s) && s->ranked &&
        (first < 0 || entry.probable || entry.lower > -64)) { /* a table move not known to reach beta, or none */
        others_ranked = probe_children(s, children, k, n, first >= 0, alpha, beta);
        if (abandoned(s)) return 0;
    }
    for (int i = 0; i < k; i++) {
        if (i == 1 && !others_ranked) rank_children(s, children, 1, k, n);
        if (i >= 1 && k - i >= 2 && n >= SPLIT_EMPTIES && s->shared && idle_threads(s)) {
            /* the first move searched: the rest shared with the idle threads (young brothers wait), in rank order */
            for (int j = i; j < k - 1; j++) pick_child(children, j, k);
            split(s, children, i, k, n, alpha, beta, &best, &move);
            break;
        }
        if (ranked && (i > 0 || first < 0)) pick_child(children, i, k);
        Child *c = &children[i];
        int floor = alpha > best ? alpha : best, v;
        if (i == 0) {
            v = -search(s, c->o, c->p, -beta, -floor, 0, NULL, c->moves);
        } else {
            v = -search(s, c->o, c->p, -floor - 1, -floor, 0, NULL, c->moves);
            if (v > floor && v < beta && !abandoned(s)) v = -search(s, c->o, c->p, -beta, -v, 0, NULL, c->moves);
        }
        if (abandoned(s)) return 0;
        if (v > best) {
            best = v;
            move = c->x;
            if (best >= beta) break;
        }
    }
    if (abandoned(s)) return 0; /* (a split's result, its work cut short) */
    if (n >= TABLE_EMPTIES) store(s, p, o, n, move, best, original_alpha, beta);
    if (best_move) *best_move = move;
    return best;
}

/* The score within (alpha, beta) by null-window searches from a guess (MTD(f)): each asks whether the score reaches
 * a value, the answer a bound, the next value the last answer, until the bounds meet or leave the window; the table
 * kept between them. The move is that of the search that raised the lower bound last. */
static int from_guess(Solver *s, u64 p, u64 o, int alpha, int beta, int guess, int *move) {
    int lower = -INF, upper = INF, value = guess;
    while (lower < upper && lower < beta && upper > alpha) {
        int test = value > lower ? value : lower + 1, found; /* does the score reach test? */
        if (test > upper) test = upper;
        int v = search(s, p, o, test - 1, test, 0, &found, UNKNOWN);
        if (v >= test) {
            lower = v;
            *move = found;
        } else {
            upper = v;
            if (*move < 0) *move = found;
        }
        value = v;
    }
    return lower >= beta || lower == upper ? lower : upper;
}

/* The solver's one entry: the score of (p to move, o) within (alpha, beta) (a bound outside it), a best move
 * (a square, 64 for a forced pass, -1 on a finished board) and the positions visited (the ordering's midgame
 * searches not counted); where guess lies within the window and beta - alpha > 2, by null-window searches from it
 * (from_guess: from SELECTIVE_ROOT empties with the learned evaluation, the selective search's from_guess first, its
 * score the guess), else one search of the window. The moves are ranked from EVAL_EMPTIES by the learned evaluation
 * (patterns, with the positional table weights and sorted_depth as othello_zoo_midgame takes them) where patterns
 * is not NULL. With threads above 1 (and POSIX threads) that many threads search it, sharing the table (the
 * parallel section above; fewer where the system starts fewer). Returns -INF - 1 when the table cannot be
 * allocated. */
int othello_zoo_solve(u64 p, u64 o, int alpha, int beta, int guess, const int *weights, const Patterns *patterns,
                      int sorted_depth, int threads, int *move, u64 *nodes) {
    Solver s;
    s.nodes = 0;
    s.order = (Midgame){weights, patterns, sorted_depth, 0};
    s.ranked = patterns && weights;
    s.shared = NULL;
    s.under = NULL;
    s.probing = 0;
    int selective = 0;
    s.selective = &selective;
    s.table = new_table(count(~(p | o)) >= HUGE_EMPTIES);
    if (!s.table) return -INF - 1;
#if defined(OTHELLO_ZOO_THREADS)
    Shared shared;
    Solver *helpers = NULL;
    pthread_t *ids = NULL;
    int started = 0;
    if (threads > 1) {
        helpers = malloc(sizeof(Solver) * (size_t)(threads - 1));
        ids = malloc(sizeof(pthread_t) * (size_t)(threads - 1));
    }
    if (helpers && ids) {
        pthread_mutex_init(&shared.lock, NULL);
        pthread_cond_init(&shared.wake, NULL);
        shared.opened = shared.idle = shared.done = 0;
        s.shared = &shared;
        for (; started < threads - 1; started++) {
            helpers[started] = s;
            if (pthread_create(&ids[started], NULL, helper, &helpers[started]) != 0) break; /* fewer threads */
        }
    }
#else
    (void)threads;
#endif
    *move = -1;
    int score;
    if (!placements(p, o) && !placements(o, p)) {
        score = final_score(p, o);
    } else if (beta - alpha > 2 && alpha < guess && guess < beta) {
        if (s.ranked && count(~(p | o)) >= SELECTIVE_ROOT) {
            /* the selective search first (the helpers read the flag as they next search: each waits meanwhile) */
            selective = 1;
            int probable = from_guess(&s, p, o, alpha, beta, guess, move);
            selective = 0;
            *move = -1;
            guess = probable <= alpha ? alpha + 1 : probable >= beta ? beta - 1 : probable;
        }
        score = from_guess(&s, p, o, alpha, beta, guess, move);
    } else {
        score = search(&s, p, o, alpha, beta, 0, move, UNKNOWN);
    }
#if defined(OTHELLO_ZOO_THREADS)
    if (s.shared) {
        pthread_mutex_lock(&shared.lock);
        shared.done = 1;
        pthread_cond_broadcast(&shared.wake);
        pthread_mutex_unlock(&shared.lock);
        for (int i = 0; i < started; i++) {
            pthread_join(ids[i], NULL);
            s.nodes += helpers[i].nodes;
        }
        pthread_cond_destroy(&shared.wake);
        pthread_mutex_destroy(&shared.lock);
    }
    free(helpers);
    free(ids);
#endif
    free_table(s.table);
    *nodes = s.nodes;
    return score;
}

/* Whether this build gathers the learned evaluation's patterns by pext (OTHELLO_ZOO_PEXT): for its status line. */
int othello_zoo_pext(void) {
#if defined(OTHELLO_ZOO_PEXT)
    return 1;
#else
    return 0;
#endif
}

/* The discs of b that stable_discs finds (filled: every disc on the board): its bound, for the tests. */
u64 othello_zoo_stable(u64 b, u64 filled) { return stable_discs(b, filled); }


/* The midgame entry: the value of (p to move, o), p having a placement, searched depth plies deep with the
 * positional table weights (64 ints: the move order, and the hand-made evaluation's) and the learned evaluation's
 * tables (NULL: the hand-made evaluation), the moves sorted by their positions' evaluation from sorted_depth plies
 * to go; its best square and the positions visited (the root not counted). */
int othello_zoo_midgame(u64 p, u64 o, int depth, int sorted_depth, const int *weights, const Patterns *patterns,
                        int *move, u64 *nodes) {
    Midgame m;
    m.weights = weights;
    m.patterns = patterns;
    m.sorted_depth = sorted_depth;
    m.nodes = 0;
    int value = mid_best(&m, p, o, placements(p, o), depth, -MID_INF, MID_INF, move);
    *nodes = m.nodes;
    return value;
}

/* The values of n positions (p[i] to move, o[i]) for their movers, each searched depth plies deep (0: the static
 * value) as othello_zoo_midgame searches: a mover without a placement passes, and a finished game is worth 1000
 * times its score. The AlphaZero agent's leaves take a share of their value from it. */
void othello_zoo_midgame_values(const u64 *p, const u64 *o, int n, int depth, int sorted_depth, const int *weights,
                                const Patterns *patterns, int *values) {
    Midgame m;
    m.weights = weights;
    m.patterns = patterns;
    m.sorted_depth = sorted_depth;
    m.nodes = 0;
    for (int i = 0; i < n; i++) values[i] = mid_search(&m, p[i], o[i], depth, -MID_INF, MID_INF, 0);
}

/* The static value of (p to move, o), as the search scores its horizon: for the tests. */
int othello_zoo_evaluate(u64 p, u64 o, const int *weights, const Patterns *patterns) {
    Midgame m;
    m.weights = weights;
    m.patterns = patterns;
    m.sorted_depth = 0;
    m.nodes = 0;
    return mid_evaluate(&m, p, o, placements(p, o));
}
