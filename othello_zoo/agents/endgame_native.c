/* The exact 8 x 8 endgame solver of othello_zoo.agents.endgame, in C: the same search on 64-bit bitboards.
 *
 * Square i is bit i (row i / 8, column i % 8). Scores are final disc differences for the side to move, the empty
 * squares credited to the winner (the FFO convention). Negamax alpha-beta with principal variation search, a
 * transposition table from TABLE_EMPTIES empties, "fastest first" move ordering (fewest replies for the opponent,
 * corners first, the table's move before all) down to SHALLOW_EMPTIES, parity order below, and a last-square
 * routine. Built on first use by othello_zoo.agents.native (a C compiler; the Python solver where there is none).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t u64;

#define SHALLOW_EMPTIES 6
#define TABLE_EMPTIES 7
#define TABLE_BITS 21
#define INF 1000

static const u64 NOT_A = 0xfefefefefefefefeULL; /* every column but the first */
static const u64 NOT_H = 0x7f7f7f7f7f7f7f7fULL; /* every column but the last */
static const u64 CORNERS = 0x8100000000000081ULL;

static int count(u64 b) { return __builtin_popcountll(b); }

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

static const int DR[8] = {-1, -1, -1, 0, 0, 1, 1, 1};
static const int DC[8] = {-1, 0, 1, -1, 1, -1, 0, 1};

/* The discs of o that a disc of p placed on square x flips (0: x is not a placement). */
static u64 flips(u64 p, u64 o, int x) {
    u64 all = 0;
    int r0 = x >> 3, c0 = x & 7;
    for (int d = 0; d < 8; d++) {
        u64 run = 0;
        int r = r0 + DR[d], c = c0 + DC[d];
        while (r >= 0 && r < 8 && c >= 0 && c < 8) {
            u64 bit = 1ULL << (r * 8 + c);
            if (o & bit) {
                run |= bit;
            } else {
                if (p & bit) all |= run;
                break;
            }
            r += DR[d];
            c += DC[d];
        }
    }
    return all;
}

static int final_score(u64 p, u64 o) {
    int own = count(p), opp = count(o), empties = 64 - own - opp, diff = own - opp;
    return diff > 0 ? diff + empties : diff < 0 ? diff - empties : 0;
}

typedef struct {
    u64 p, o;
    int8_t lower, upper, move, empties;
} Entry;

typedef struct {
    Entry *table;
    u64 nodes;
} Solver;

static u64 mix(u64 p, u64 o) {
    u64 h = p * 0x9e3779b97f4a7c15ULL ^ (o + 0x632be59bd9b4e019ULL) * 0xbf58476d1ce4e5b9ULL;
    return h ^ (h >> 29);
}

static int search(Solver *s, u64 p, u64 o, int alpha, int beta, int passed, int *best);

/* The last empty square x: the mover places there, or else the opponent does, or else nobody. */
static int last(Solver *s, u64 p, u64 o, int x) {
    s->nodes++;
    u64 f = flips(p, o, x);
    if (f) return final_score(p | f | (1ULL << x), o & ~f);
    f = flips(o, p, x);
    if (f) return -final_score(o | f | (1ULL << x), p & ~f);
    return final_score(p, o);
}

/* Few empties: each empty square tried in parity order (odd quadrants first), no table, no sorting. */
static int shallow(Solver *s, u64 p, u64 o, int alpha, int beta, int passed) {
    u64 empty = ~(p | o);
    int n = count(empty);
    if (n == 1) return last(s, p, o, __builtin_ctzll(empty));
    s->nodes++;
    static const u64 QUADRANTS[4] = {0x000000000f0f0f0fULL, 0x00000000f0f0f0f0ULL, 0x0f0f0f0f00000000ULL,
                                     0xf0f0f0f000000000ULL};
    u64 odd = 0;
    for (int q = 0; q < 4; q++)
        if (count(empty & QUADRANTS[q]) & 1) odd |= QUADRANTS[q];
    int best = -INF, moved = 0;
    for (int round = 0; round < 2; round++) {
        u64 squares = empty & (round == 0 ? odd : ~odd);
        while (squares) {
            int x = __builtin_ctzll(squares);
            squares &= squares - 1;
            u64 f = flips(p, o, x);
            if (!f) continue;
            moved = 1;
            u64 np = p | f | (1ULL << x), no = o & ~f;
            int v = -shallow(s, no, np, -beta, -(alpha > best ? alpha : best), 0);
            if (v > best) {
                best = v;
                if (best >= beta) return best;
            }
        }
    }
    if (moved) return best;
    if (passed) return final_score(p, o);
    return -shallow(s, o, p, -beta, -alpha, 1);
}

typedef struct {
    int x, rank;
    u64 p, o; /* the child, from the opponent's side: o to move */
} Child;

static int search(Solver *s, u64 p, u64 o, int alpha, int beta, int passed, int *best_move) {
    u64 empty = ~(p | o);
    int n = count(empty);
    if (best_move) *best_move = -1;
    if (n <= SHALLOW_EMPTIES && !best_move) return shallow(s, p, o, alpha, beta, passed);
    s->nodes++;
    u64 moves = placements(p, o);
    if (!moves) {
        if (passed) return final_score(p, o);
        if (best_move) *best_move = 64;
        return -search(s, o, p, -beta, -alpha, 1, NULL);
    }
    Entry *entry = NULL;
    int hint = -1;
    if (n >= TABLE_EMPTIES) {
        entry = &s->table[mix(p, o) & ((1ULL << TABLE_BITS) - 1)];
        if (entry->p == p && entry->o == o) {
            hint = entry->move;
            if (!best_move) {
                if (entry->lower >= beta || entry->lower == entry->upper) return entry->lower;
                if (entry->upper <= alpha) return entry->upper;
                if (entry->lower > alpha) alpha = entry->lower;
                if (entry->upper < beta) beta = entry->upper;
            }
        }
    }
    Child children[64]; /* a placement per empty square at most */
    int k = 0;
    while (moves) {
        int x = __builtin_ctzll(moves);
        moves &= moves - 1;
        u64 f = flips(p, o, x);
        Child *c = &children[k++];
        c->x = x;
        c->p = p | f | (1ULL << x);
        c->o = o & ~f;
        if (x == hint) {
            c->rank = -100000;
        } else if (n > SHALLOW_EMPTIES + 1) { /* fastest first: the opponent's fewest replies, its corners last */
            u64 replies = placements(c->o, c->p);
            c->rank = count(replies) * 16 + count(replies & CORNERS) * 32 - ((1ULL << x) & CORNERS ? 8 : 0);
        } else {
            c->rank = 0;
        }
    }
    for (int i = 1; i < k; i++) { /* insertion sort: a handful of moves */
        Child c = children[i];
        int j = i - 1;
        while (j >= 0 && children[j].rank > c.rank) {
            children[j + 1] = children[j];
            j--;
        }
        children[j + 1] = c;
    }
    int original_alpha = alpha, best = -INF, move = children[0].x;
    for (int i = 0; i < k; i++) {
        Child *c = &children[i];
        int floor = alpha > best ? alpha : best, v;
        if (i == 0) {
            v = -search(s, c->o, c->p, -beta, -floor, 0, NULL);
        } else {
            v = -search(s, c->o, c->p, -floor - 1, -floor, 0, NULL);
            if (v > floor && v < beta) v = -search(s, c->o, c->p, -beta, -v, 0, NULL);
        }
        if (v > best) {
            best = v;
            move = c->x;
            if (best >= beta) break;
        }
    }
    if (entry && (entry->p == p && entry->o == o ? 1 : entry->empties <= n)) { /* deeper results kept */
        if (!(entry->p == p && entry->o == o)) {
            entry->p = p;
            entry->o = o;
            entry->lower = -64;
            entry->upper = 64;
        }
        entry->move = (int8_t)move;
        entry->empties = (int8_t)n;
        if (best >= beta) {
            if (best > entry->lower) entry->lower = (int8_t)best;
        } else if (best <= original_alpha) {
            if (best < entry->upper) entry->upper = (int8_t)best;
        } else {
            entry->lower = entry->upper = (int8_t)best;
        }
    }
    if (best_move) *best_move = move;
    return best;
}

/* The solver's one entry: the score of (p to move, o) within (alpha, beta) (a bound outside it), a best move
 * (a square, 64 for a forced pass, -1 on a finished board) and the positions visited. Returns -INF - 1 when the
 * table cannot be allocated. */
int othello_zoo_solve(u64 p, u64 o, int alpha, int beta, int *move, u64 *nodes) {
    Solver s;
    s.nodes = 0;
    s.table = calloc((size_t)1 << TABLE_BITS, sizeof(Entry));
    if (!s.table) return -INF - 1;
    *move = -1;
    int score;
    if (!placements(p, o) && !placements(o, p)) {
        score = final_score(p, o);
    } else {
        score = search(&s, p, o, alpha, beta, 0, move);
    }
    free(s.table);
    *nodes = s.nodes;
    return score;
}
