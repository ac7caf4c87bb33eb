/* A leaf batch's descents in C: the CPU search's tree walk (othello_zoo.search._native).
 *
 * One call runs a leaf batch's descents in every tree, one after another as the eager search does
 * (othello_zoo.search._loop.simulate_leaves): each descent chooses by the root's rule at the root and PUCT below,
 * takes a virtual loss on its path, marks its new node pending, links it and stores its board, played on the words.
 * It writes the batch's paths, new nodes and their boards, the mover's planes and legal actions for the evaluator:
 * what the compiled loop (_compiled._descend_expand_looped) returns. The statistics are float32 and every
 * operation is the eager search's, in its order, without contraction (built with -ffp-contract=off): the same
 * choices bit for bit.
 *
 * Boards are words of n * n bits (n <= 8), square r * n + c as bit r * n + c; a node's board is its mover's discs,
 * the other side's, the mover's placements, the colour to move and two flags, in the tree's engine state.
 */

#include <math.h>
#include <stdint.h>

typedef struct {
    int trees, nodes, actions, squares; /* N, M, A = n * n + 1, n * n */
    float *prior, *visits, *value_sum;  /* (N, M, A) */
    int64_t *child;                     /* (N, M, A), -1 where not expanded */
    uint8_t *legal;                     /* (N, M, A) */
    uint8_t *terminal;                  /* (N, M) */
    float *terminal_value;              /* (N, M) */
    int64_t *depth, *parent;            /* (N, M) */
    int64_t *size, *max_depth;          /* (N,) */
    int64_t *discs;                     /* (N * M, 2): the mover's discs, the other side's */
    int64_t *moves, *player;            /* (N * M,) */
    uint8_t *terminated, *forfeited;    /* (N * M,) */
    const uint64_t *rays;               /* 8 directions x (left, right, interior, target) */
} Tree;

typedef struct {
    int gumbel;            /* 0: PUCT; 1: the Gumbel root (at the root only) */
    float c_puct;
    const float *noisy;    /* (N, A): g + logits, -inf where illegal */
    const uint8_t *considered; /* (N, A) */
    const int64_t *schedule;   /* (N, S): the visits the chosen action has before each simulation */
    int schedule_length;
    float c_visit, c_scale;
} Rule;

typedef struct {
    int64_t *path_nodes, *path_actions; /* (L, N, levels) */
    int64_t *ends;                      /* (L, 5, N): depth, leaf, expanded, target, action */
    int64_t *own, *opp;                 /* (P,) the new boards' discs (the mover's, the other's), P = L * N */
    uint8_t *terminated, *forfeited;    /* (P,) their ends, for the back-up's exact results */
    int8_t *planes;                     /* (P, 2, n * n) */
    uint8_t *mask;                      /* (P, A) */
    uint8_t *wins;                      /* (P, A) or NULL: the placements that end the game in the mover's win */
} Batch;

static uint64_t moved(uint64_t x, const uint64_t *ray) { return ray[0] ? x << ray[0] : x >> ray[1]; }

static uint64_t placements(uint64_t own, uint64_t opp, const uint64_t *rays, int squares) {
    uint64_t moves = 0;
    for (int d = 0; d < 8; d++) {
        const uint64_t *ray = rays + 4 * d;
        uint64_t pro = opp & ray[2], run = moved(own, ray) & pro;
        for (int k = 0; k < 8; k++) run |= moved(run, ray) & pro;
        moves |= moved(run, ray);
    }
    uint64_t board = squares == 64 ? ~(uint64_t)0 : (((uint64_t)1 << squares) - 1);
    return moves & ~(own | opp) & board;
}

static uint64_t flips(uint64_t own, uint64_t opp, uint64_t placed, const uint64_t *rays) {
    uint64_t flipped = 0;
    for (int d = 0; d < 8; d++) {
        const uint64_t *ray = rays + 4 * d;
        uint64_t pro = opp & ray[2], run = placed;
        for (int k = 0; k < 8; k++) run |= moved(run, ray) & pro;
        if (moved(run, ray) & own & ray[3]) flipped |= run & pro;
    }
    return flipped;
}

/* The placements of the mover (own) that end the game at once in its win (_wins.words_wins). */
static void winning(uint8_t *wins, uint64_t own, uint64_t opp, const uint64_t *rays, int squares) {
    uint64_t moves = placements(own, opp, rays, squares);
    for (int s = 0; s <= squares; s++) wins[s] = 0;
    for (int s = 0; s < squares; s++) {
        if (!((moves >> s) & 1)) continue;
        uint64_t placed = (uint64_t)1 << s, flipped = flips(own, opp, placed, rays);
        uint64_t mine = own | placed | flipped, theirs = opp ^ flipped;
        int over = placements(theirs, mine, rays, squares) == 0 && placements(mine, theirs, rays, squares) == 0;
        wins[s] = (uint8_t)(over && __builtin_popcountll(mine) > __builtin_popcountll(theirs));
    }
}

/* The first maximum, NaN counting as the largest (torch.argmax); 0 where every score is -inf. */
static int better(float score, float best) { return score > best || (isnan(score) && !isnan(best)); }

static int64_t puct(const Tree *t, const Rule *rule, int64_t row) {
    const int A = t->actions;
    const float *visits = t->visits + row * A, *value_sum = t->value_sum + row * A, *prior = t->prior + row * A;
    const uint8_t *legal = t->legal + row * A;
    float total = 0.0f; /* visits are whole numbers: any order of the sum gives torch's */
    for (int a = 0; a < A; a++) total += visits[a];
    if (total < 1.0f) total = 1.0f;
    float root = sqrtf(total), best = -INFINITY;
    int64_t chosen = 0;
    for (int a = 0; a < A; a++) {
        float score = -INFINITY;
        if (legal[a]) {
            float seen = visits[a] < 1.0f ? 1.0f : visits[a];
            float q = value_sum[a] / seen;
            float u = rule->c_puct * prior[a] * root / (1.0f + visits[a]);
            score = q + u;
        }
        if (better(score, best)) {
            best = score;
            chosen = a;
            if (isnan(score)) break;
        }
    }
    return chosen;
}

static int64_t gumbel(const Tree *t, const Rule *rule, int64_t tree) {
    const int A = t->actions;
    const int64_t row = tree * t->nodes;
    const float *visits = t->visits + row * A, *value_sum = t->value_sum + row * A;
    const float *noisy = rule->noisy + tree * A;
    const uint8_t *considered = rule->considered + tree * A;
    float total = 0.0f, most = -INFINITY;
    for (int a = 0; a < A; a++) {
        total += visits[a];
        if (visits[a] > most) most = visits[a];
    }
    int64_t simulation = (int64_t)total;
    if (simulation > rule->schedule_length - 1) simulation = rule->schedule_length - 1;
    float due = (float)rule->schedule[tree * rule->schedule_length + simulation];
    float scale = (rule->c_visit + most) * rule->c_scale;
    float best = -INFINITY, fallback = -INFINITY;
    int64_t chosen = 0, other = 0;
    int any = 0;
    for (int a = 0; a < A; a++) {
        float q = visits[a] > 0.0f ? value_sum[a] / (visits[a] < 1.0f ? 1.0f : visits[a]) : 0.0f;
        float score = noisy[a] + scale * (q + 1.0f) / 2.0f;
        float candidate = considered[a] && visits[a] == due ? score : -INFINITY;
        float anyone = considered[a] ? score : -INFINITY;
        if (considered[a] && visits[a] == due) any = 1;
        if (better(candidate, best)) best = candidate, chosen = a;
        if (better(anyone, fallback)) fallback = anyone, other = a;
    }
    return any ? chosen : other;
}

static int64_t choose(const Tree *t, const Rule *rule, int64_t tree, int64_t node) {
    return rule->gumbel ? gumbel(t, rule, tree) : puct(t, rule, tree * t->nodes + node);
}

int othello_zoo_descents(const Tree *t, const Rule *root_rule, const Rule *interior_rule, int leaves, int levels,
                         int batched, const Batch *b) {
    const int N = t->trees, M = t->nodes, A = t->actions, squares = t->squares;
    const int64_t sink = M - 1, pass = A - 1;
    for (int i = 0; i < leaves; i++) {
        for (int64_t tree = 0; tree < N; tree++) {
            const int64_t p = (int64_t)i * N + tree, base = tree * M;
            int64_t *nodes = b->path_nodes + p * levels, *actions = b->path_actions + p * levels;
            int64_t node = 0, depth = 0, action = 0;
            int active = !t->terminal[base], expand = 0, level = 0;
            for (; level < levels; level++) {
                nodes[level] = node;
                action = choose(t, level ? interior_rule : root_rule, tree, node);
                actions[level] = action;
                int64_t following = t->child[(base + node) * A + action];
                if (active && following < 0) expand = 1;
                depth += active;
                int go_on = active && following >= 0;
                if (go_on) node = following;
                active = go_on && !t->terminal[base + node];
                if (!active) break;
            }
            for (int rest = level + 1; rest < levels; rest++) nodes[rest] = node, actions[rest] = 0;
            int64_t edge = actions[depth > 0 ? depth - 1 : 0];
            if (expand && t->size[tree] >= sink) return -1; /* no free node: the caller made the trees too small */
            int64_t target = expand ? t->size[tree] : sink;
            /* in a leaf batch, the new node pending: a later descent of the batch stops on it (a collision) */
            if (batched) t->terminal[base + target] = 1;
            if (expand) {
                t->size[tree] += 1;
                if (depth > t->max_depth[tree]) t->max_depth[tree] = depth;
                t->child[(base + node) * A + edge] = target;
            }
            /* the virtual loss: a visit and a loss for the player who chose each edge (the eager back-up of the
               value 0 with the offset -1: sign * 0 - 1 is -1 whatever the sign) */
            for (int64_t s = 0; batched && s < depth; s++) {
                int64_t entry = (base + nodes[s]) * A + actions[s];
                t->visits[entry] += 1.0f;
                t->value_sum[entry] += -1.0f;
            }
            t->depth[base + target] = depth;
            t->parent[base + target] = node;
            /* the new node's board: the edge played on the leaf's words (the null action where nothing was
               expanded: a pass where the mover has no placement, else illegal, which freezes the board) */
            const int64_t leaf = base + node, played = expand ? edge : pass;
            uint64_t own = (uint64_t)t->discs[2 * leaf], opp = (uint64_t)t->discs[2 * leaf + 1];
            uint64_t moves = (uint64_t)t->moves[leaf];
            int over = t->terminated[leaf], forfeited = t->forfeited[leaf];
            int64_t player = t->player[leaf];
            uint64_t bit = played < squares ? (uint64_t)1 << played : 0;
            int legal = played == squares ? moves == 0 : (moves & bit) != 0;
            int illegal = !legal && !over, frozen = over || illegal;
            uint64_t next_own = own, next_opp = opp, next_moves = 0;
            int next_over = 1;
            if (!frozen) {
                uint64_t flipped = flips(own, opp, bit, t->rays);
                next_own = opp ^ flipped;
                next_opp = own | bit | flipped;
                next_moves = placements(next_own, next_opp, t->rays, squares);
                next_over = next_moves == 0 && placements(next_opp, next_own, t->rays, squares) == 0;
                player = 1 - player;
            }
            const int64_t written = base + target;
            t->discs[2 * written] = (int64_t)next_own;
            t->discs[2 * written + 1] = (int64_t)next_opp;
            t->moves[written] = (int64_t)next_moves;
            t->player[written] = player;
            t->terminated[written] = (uint8_t)next_over;
            t->forfeited[written] = (uint8_t)(forfeited || illegal);
            int64_t *ends = b->ends + (int64_t)i * 5 * N;
            ends[tree] = depth;
            ends[N + tree] = node;
            ends[2 * N + tree] = expand;
            ends[3 * N + tree] = target;
            ends[4 * N + tree] = edge;
            b->own[p] = (int64_t)next_own;
            b->opp[p] = (int64_t)next_opp;
            b->terminated[p] = (uint8_t)next_over;
            b->forfeited[p] = (uint8_t)(forfeited || illegal);
            int8_t *planes = b->planes + p * 2 * squares;
            uint8_t *mask = b->mask + p * A;
            for (int s = 0; s < squares; s++) {
                planes[s] = (int8_t)((next_own >> s) & 1);
                planes[squares + s] = (int8_t)((next_opp >> s) & 1);
                mask[s] = (uint8_t)((next_moves >> s) & 1);
            }
            mask[squares] = next_moves == 0;
            if (b->wins) winning(b->wins + p * A, next_own, next_opp, t->rays, squares);
        }
    }
    return 0;
}

/* The end of a simulation or a leaf batch (the eager search's store_evaluation, then its back-up or finish_leaves,
   in their order): each new node's prior (the softmax of its logits, worked out by torch), legal actions and end
   stored, the values backed up (a visit each; in a leaf batch the visits were counted by the virtual losses, which
   are taken back). value: (P,) the evaluator's, made exact on the wins where asked; scratch: 2 P floats. */
int othello_zoo_finish(const Tree *t, int leaves, int levels, int batched, const Batch *b, const float *prior,
                       const float *value, float *scratch) {
    const int N = t->trees, M = t->nodes, A = t->actions;
    const int64_t P = (int64_t)leaves * N;
    float *stored = scratch, *backed = scratch + P;
#define END(p, k) (b->ends[((p) / N) * 5 * N + (k) * N + (p) % N])
    for (int64_t p = 0; p < P; p++) {
        const int64_t row = (p % N) * M + END(p, 3);
        for (int a = 0; a < A; a++) {
            t->prior[row * A + a] = prior[p * A + a];
            t->legal[row * A + a] = b->mask[p * A + a];
        }
        const int over = b->terminated[p];
        const int difference = __builtin_popcountll((uint64_t)b->own[p]) - __builtin_popcountll((uint64_t)b->opp[p]);
        float result = 0.0f;
        if (over) result = b->forfeited[p] ? -1.0f : (float)((difference > 0) - (difference < 0));
        t->terminal[row] = (uint8_t)over;
        t->terminal_value[row] = result;
        stored[p] = over ? result : value[p];
    }
    for (int64_t p = 0; p < P; p++) t->terminal_value[(p % N) * M + END(p, 3)] = stored[p]; /* for collisions */
    for (int64_t p = 0; p < P; p++) /* a descent that expanded nothing backs up what its leaf holds */
        backed[p] = END(p, 2) ? stored[p] : t->terminal_value[(p % N) * M + END(p, 1)];
    for (int64_t p = 0; p < P; p++) { /* a finished game's result stays; an evaluated node's value goes */
        const int64_t row = (p % N) * M + END(p, 3);
        t->terminal_value[row] = t->terminal[row] ? stored[p] : 0.0f;
    }
    for (int64_t p = 0; p < P; p++) {
        const int64_t depth = END(p, 0), base = (p % N) * M;
        const int64_t *nodes = b->path_nodes + p * levels, *actions = b->path_actions + p * levels;
        for (int64_t s = 0; s < depth; s++) {
            const float sign = (depth - s) % 2 ? -1.0f : 1.0f;
            const int64_t entry = (base + nodes[s]) * A + actions[s];
            if (batched) {
                t->value_sum[entry] += sign * backed[p] + 1.0f;
            } else {
                t->visits[entry] += 1.0f;
                t->value_sum[entry] += sign * backed[p];
            }
        }
    }
#undef END
    return 0;
}
