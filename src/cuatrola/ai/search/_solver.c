/*
 * cuatrola.ai.search._csolver: the double-dummy solver of cuatrola/ai/search/solver.py, in C.
 *
 * The same algorithm as the pure-Python solver (cuatrola/ai/search/_reference.py; see the
 * docstring of cuatrola.ai.search.solver for the value conventions and the rules modelled):
 * fail-soft alpha-beta over single card plays, a transposition table of value bounds at trick
 * boundaries, cut-offs from the points still out, the same move ordering, and the last trick
 * evaluated directly.  The card-play rules are ports of cuatrola.core.tricks.legal_mask and
 * winning_card; a differential test checks that both solvers give identical values.
 *
 * Portable C99 and the CPython C API only.  Every argument is validated and a bad one raises
 * ValueError, a wrong type included (TypeError only for a wrong number of arguments).  The
 * table is a static array used while the GIL is held (the search never releases it), so calls
 * never overlap.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>
#include <string.h>

#define NUM_CARDS 20
#define NUM_TRICKS 5
#define LAST_TRICK_BONUS 10
#define INF 10000
#define TT_BITS 12
#define TT_SIZE (1u << TT_BITS)

/* Card id = suit * 5 + rank, ranks A 3 R C S; a stronger card has a lower id. */
static const int CARD_POINTS[NUM_CARDS] = {11, 10, 4, 3, 2, 11, 10, 4, 3, 2,
                                           11, 10, 4, 3, 2, 11, 10, 4, 3, 2};
static const uint32_t SUIT_MASK[4] = {0x1Fu, 0x1Fu << 5, 0x1Fu << 10, 0x1Fu << 15};
/* The rey and caballo of each suit (ranks 2 and 3). */
static const uint32_t CANTE_MASK[4] = {0xCu, 0xCu << 5, 0xCu << 10, 0xCu << 15};
static uint32_t CARD_SUIT_MASK[NUM_CARDS];
/* Cards by increasing points, the weaker (higher id) first among equal points. */
static int CHEAP_FIRST[NUM_CARDS];
/* CHEAP_POS[c]: the place of card c in CHEAP_FIRST. */
static int CHEAP_POS[NUM_CARDS];

typedef struct {
    uint64_t k1;  /* hands of seats 0-2 and the low 4 bits of seat 3 */
    uint32_t k2;  /* the rest of seat 3, the leader and the sung flags */
    uint32_t gen; /* the table generation that wrote the entry; 0 = empty */
    int16_t lo;
    int16_t hi;
} Entry;

static Entry table_entries[TT_SIZE];
static uint32_t table_gen = 0;
/* The context the table's entries belong to (see new_search). */
static long table_context = -1;
static unsigned long long last_nodes = 0;

typedef struct {
    uint32_t hands[4];
    uint32_t trump_mask;
    int trump;
    int next_seat[4];
    int n_active;
    int tricks_mode;
    int max_team;
    int cantes_on;
    /* The team whose seats play the greedy card (model_moves), -1: both teams play best. */
    int greedy_team;
    unsigned long long nodes;
} Ctx;

/* Bits --------------------------------------------------------------------------------------- */

/* De Bruijn multiplication: the index of the lowest set bit without compiler builtins. */
static const int DEBRUIJN_INDEX[32] = {0,  1,  28, 2,  29, 14, 24, 3,  30, 22, 20,
                                       15, 25, 17, 4,  8,  31, 27, 13, 23, 21, 19,
                                       16, 7,  26, 12, 18, 6,  11, 5,  10, 9};

static int lowest_index(uint32_t mask) {
    /* Index of the lowest set bit of a non-zero mask. */
    return DEBRUIJN_INDEX[((mask & (0u - mask)) * 0x077CB531u) >> 27];
}

/* Points of every subset of one suit, by its 5-bit pattern (filled at module init). */
static int SUIT_PATTERN_POINTS[32];

static int points_of(uint32_t mask) {
    return SUIT_PATTERN_POINTS[mask & 31u] + SUIT_PATTERN_POINTS[mask >> 5 & 31u] +
           SUIT_PATTERN_POINTS[mask >> 10 & 31u] + SUIT_PATTERN_POINTS[mask >> 15 & 31u];
}

static int count_bits(uint32_t mask) {
    int count = 0;
    while (mask) {
        mask &= mask - 1u;
        count++;
    }
    return count;
}

/* The rules (ports of cuatrola.core.tricks) ------------------------------------------------- */

static uint32_t legal_mask(uint32_t hand, uint32_t trick, uint32_t led_mask, uint32_t trump_mask) {
    uint32_t follow, trumps, on_table, beat;
    if (!trick) return hand; /* 1: leading */
    follow = hand & led_mask;
    if (follow) {
        if (led_mask != trump_mask && (trick & trump_mask)) return follow; /* 2a */
        on_table = trick & led_mask;
        beat = follow & ((on_table & (0u - on_table)) - 1u);
        return beat ? beat : follow; /* 2b */
    }
    trumps = hand & trump_mask;
    if (trumps) {
        on_table = trick & trump_mask;
        if (!on_table) return trumps; /* 3a */
        beat = trumps & ((on_table & (0u - on_table)) - 1u);
        return beat ? beat : hand; /* 3b */
    }
    return hand; /* 4 */
}

/* Whether card takes the lead of a trick that best is winning (winning_card semantics). */
static int beats(int card, int best, uint32_t trump_mask) {
    uint32_t mask = CARD_SUIT_MASK[card], best_mask = CARD_SUIT_MASK[best];
    return (mask == best_mask && card < best) || (mask == trump_mask && best_mask != trump_mask);
}

static int holds_cante(const Ctx *ctx, int team, int suit) {
    uint32_t mask = CANTE_MASK[suit];
    return (ctx->hands[team] & mask) == mask || (ctx->hands[team + 2] & mask) == mask;
}

/* Rules(auto_cante=True): the 40 first, then the lowest suit held and not sung. */
static int auto_cante(const Ctx *ctx, int team, int sung, int *new_sung) {
    int suit;
    *new_sung = sung;
    if (!(sung >> ctx->trump & 1) && holds_cante(ctx, team, ctx->trump)) {
        *new_sung = sung | 1 << ctx->trump;
        return 40;
    }
    for (suit = 0; suit < 4; suit++) {
        if (!(sung >> suit & 1) && holds_cante(ctx, team, suit)) {
            *new_sung = sung | 1 << suit;
            return 20;
        }
    }
    return 0;
}

static int cante_potential(const Ctx *ctx, int team, int sung) {
    int suit, total = 0;
    for (suit = 0; suit < 4; suit++) {
        if (!(sung >> suit & 1) && holds_cante(ctx, team, suit))
            total += suit == ctx->trump ? 40 : 20;
    }
    return total;
}

/* The greedy rules (a port of cuatrola.ai.players.greedy.greedy_card) ---------------------- */

/* cuatrola.ai.players.greedy.cheapness as one number: a non-trump before a trump, fewer
   points, the weaker card; ties (the same rank in two side suits) go to the lower id, as Python's
   min() over cards in id order does. */
static int cheapness(int card, uint32_t trump_mask) {
    return ((CARD_SUIT_MASK[card] == trump_mask) * 16 + CARD_POINTS[card]) * 8 + 4 - card % 5;
}

static int cheapest(uint32_t cards, uint32_t trump_mask) {
    int best = -1, best_key = 0;
    while (cards) {
        int card = lowest_index(cards), key = cheapness(card, trump_mask);
        cards &= cards - 1u;
        if (best < 0 || key < best_key) {
            best = card;
            best_key = key;
        }
    }
    return best;
}

/* The greedy card of `seat` among `legal` (more than one card); `best` is winning the trick
   for `best_seat` (-1: leading). */
static int greedy_card(const Ctx *ctx, uint32_t legal, int best, int best_seat, int seat) {
    uint32_t winners = 0, rest;
    int suit;
    if (best < 0) {
        for (suit = 0; suit < 4; suit++) /* a side ace, the lowest suit first */
            if (SUIT_MASK[suit] != ctx->trump_mask && (legal >> (suit * 5) & 1u))
                return suit * 5;
        return cheapest(legal, ctx->trump_mask);
    }
    if ((best_seat & 1) == (seat & 1)) {
        /* Partner winning: the dearest non-trump (max of the reversed key; first wins ties). */
        int pick = -1, pick_key = 0;
        rest = legal;
        while (rest) {
            int card = lowest_index(rest);
            int key = ((CARD_SUIT_MASK[card] != ctx->trump_mask) * 16 + CARD_POINTS[card]) * 8 +
                      4 - card % 5;
            rest &= rest - 1u;
            if (pick < 0 || key > pick_key) {
                pick = card;
                pick_key = key;
            }
        }
        return pick;
    }
    rest = legal;
    while (rest) {
        int card = lowest_index(rest);
        rest &= rest - 1u;
        if (beats(card, best, ctx->trump_mask)) winners |= 1u << card;
    }
    return cheapest(winners ? winners : legal, ctx->trump_mask);
}

/* The search -------------------------------------------------------------------------------- */

static int boundary(Ctx *ctx, int leader, int sung, int done, int alpha, int beta);

static int finish_trick(Ctx *ctx, int winner, int trick_points, int done, int sung, int alpha,
                        int beta) {
    /* A completed trick plus the rest; done = tricks completed with this one. */
    int team = winner & 1, gain;
    if (ctx->tricks_mode) {
        gain = team == ctx->max_team ? 1 : 0;
        if (done == NUM_TRICKS) return gain;
    } else {
        if (done == NUM_TRICKS) {
            trick_points += LAST_TRICK_BONUS;
            return team == 0 ? trick_points : -trick_points;
        }
        if (ctx->cantes_on && done <= 3) trick_points += auto_cante(ctx, team, sung, &sung);
        gain = team == 0 ? trick_points : -trick_points;
    }
    return gain + boundary(ctx, winner, sung, done, alpha - gain, beta - gain);
}

static int last_trick(Ctx *ctx, int leader) {
    /* Every active seat holds one card: no choice is left. */
    int seat = leader, i, card = lowest_index(ctx->hands[leader]);
    int best = card, best_seat = seat, total = CARD_POINTS[card];
    ctx->nodes++;
    for (i = 1; i < ctx->n_active; i++) {
        seat = ctx->next_seat[seat];
        card = lowest_index(ctx->hands[seat]);
        total += CARD_POINTS[card];
        if (beats(card, best, ctx->trump_mask)) {
            best = card;
            best_seat = seat;
        }
    }
    if (ctx->tricks_mode) return (best_seat & 1) == ctx->max_team ? 1 : 0;
    total += LAST_TRICK_BONUS;
    return (best_seat & 1) == 0 ? total : -total;
}

static int play(Ctx *ctx, int seat, int count, uint32_t trick_mask, int trick_points, int best,
                int best_seat, uint32_t led_mask, int sung, int done, int alpha, int beta);

static int boundary(Ctx *ctx, int leader, int sung, int done, int alpha, int beta) {
    /* The value of the rest of the hand from the start of trick `done` (0-based). */
    uint64_t k1, hash;
    uint32_t k2;
    Entry *entry;
    int lo, hi, a, b, value;
    if (done == NUM_TRICKS - 1) return last_trick(ctx, leader);
    k1 = (uint64_t)ctx->hands[0] | (uint64_t)ctx->hands[1] << 20 |
         (uint64_t)ctx->hands[2] << 40 | (uint64_t)(ctx->hands[3] & 0xFu) << 60;
    k2 = ctx->hands[3] >> 4 | (uint32_t)leader << 16 | (uint32_t)sung << 18;
    hash = (k1 ^ ((uint64_t)k2 * UINT64_C(0x9E3779B97F4A7C15))) * UINT64_C(0xBF58476D1CE4E5B9);
    entry = &table_entries[hash >> (64 - TT_BITS)];
    if (entry->gen == table_gen && entry->k1 == k1 && entry->k2 == k2) {
        lo = entry->lo;
        hi = entry->hi;
    } else if (ctx->tricks_mode) {
        lo = 0;
        hi = NUM_TRICKS - done;
    } else {
        int left = points_of(ctx->hands[0] | ctx->hands[1] | ctx->hands[2] | ctx->hands[3]);
        left += LAST_TRICK_BONUS;
        if (ctx->cantes_on && done <= 2) {
            lo = -left - cante_potential(ctx, 1, sung);
            hi = left + cante_potential(ctx, 0, sung);
        } else {
            lo = -left;
            hi = left;
        }
    }
    if (lo >= beta) return lo;
    if (hi <= alpha) return hi;
    if (lo == hi) return lo;
    a = lo > alpha ? lo : alpha;
    b = hi < beta ? hi : beta;
    value = play(ctx, leader, 0, 0, 0, -1, leader, 0, sung, done, a, b);
    if (value <= a)
        hi = value;
    else if (value >= b)
        lo = value;
    else
        lo = hi = value;
    /* Always replace: the newest entry is the one the search is most likely to meet again. */
    entry->k1 = k1;
    entry->k2 = k2;
    entry->gen = table_gen;
    entry->lo = (int16_t)lo;
    entry->hi = (int16_t)hi;
    return value;
}

static int play(Ctx *ctx, int seat, int count, uint32_t trick_mask, int trick_points, int best,
                int best_seat, uint32_t led_mask, int sung, int done, int alpha, int beta) {
    /* `seat` plays card number `count` of trick `done`; `best` wins it so far (-1: leading). */
    uint32_t hand = ctx->hands[seat];
    uint32_t legal = legal_mask(hand, trick_mask, led_mask, ctx->trump_mask);
    int maximizing = (seat & 1) == ctx->max_team;
    int last = count == ctx->n_active - 1;
    int ordered[NUM_CARDS], n = 0, i, result, next = ctx->next_seat[seat];
    ctx->nodes++;
    if ((seat & 1) == ctx->greedy_team && (legal & (legal - 1u)))
        legal = 1u << greedy_card(ctx, legal, best, best_seat, seat);
    /* Move ordering, as in solver.py: the cheapest card that takes the lead of the trick
       first, then the others; dear first (others before winners) when the partner leads. */
    {
        /* The legal cards, cheap first (insertion sort of at most five cards). */
        uint32_t rest = legal;
        while (rest) {
            int c = lowest_index(rest), j = n;
            rest &= rest - 1u;
            while (j > 0 && CHEAP_POS[ordered[j - 1]] > CHEAP_POS[c]) {
                ordered[j] = ordered[j - 1];
                j--;
            }
            ordered[j] = c;
            n++;
        }
    }
    if (best >= 0 && n > 1) {
        int winners[NUM_CARDS], others[NUM_CARDS], nw = 0, no = 0, j;
        int partner_ahead = (best_seat & 1) == (seat & 1);
        for (i = 0; i < n; i++) {
            int c = ordered[partner_ahead ? n - 1 - i : i];
            if (beats(c, best, ctx->trump_mask))
                winners[nw++] = c;
            else
                others[no++] = c;
        }
        n = 0;
        if (partner_ahead) {
            for (j = 0; j < no; j++) ordered[n++] = others[j];
            for (j = nw - 1; j >= 0; j--) ordered[n++] = winners[j];
        } else {
            for (j = 0; j < nw; j++) ordered[n++] = winners[j];
            for (j = 0; j < no; j++) ordered[n++] = others[j];
        }
    }
    result = maximizing ? -INF : INF;
    for (i = 0; i < n; i++) {
        int card = ordered[i], new_best, new_seat, points, value;
        uint32_t bit = 1u << card, new_led;
        ctx->hands[seat] = hand ^ bit;
        if (best < 0) {
            new_best = card;
            new_seat = seat;
            new_led = CARD_SUIT_MASK[card];
        } else {
            if (beats(card, best, ctx->trump_mask)) {
                new_best = card;
                new_seat = seat;
            } else {
                new_best = best;
                new_seat = best_seat;
            }
            new_led = led_mask;
        }
        points = trick_points + CARD_POINTS[card];
        if (last)
            value = finish_trick(ctx, new_seat, points, done + 1, sung, alpha, beta);
        else
            value = play(ctx, next, count + 1, trick_mask | bit, points, new_best, new_seat,
                         new_led, sung, done, alpha, beta);
        ctx->hands[seat] = hand;
        if (maximizing) {
            if (value > result) {
                result = value;
                if (value > alpha) {
                    alpha = value;
                    if (alpha >= beta) break;
                }
            }
        } else if (value < result) {
            result = value;
            if (value < beta) {
                beta = value;
                if (alpha >= beta) break;
            }
        }
    }
    return result;
}

/* Arguments --------------------------------------------------------------------------------- */

typedef struct {
    uint32_t hands[4];
    int trump, to_move, sitting_out, contract, bidder;
    int points[2], tricks_won[2];
    int tricks_played, sung, cantes;
    int trick[4], trick_seats[4], trick_len;
    int keep_table;
} Pos;

static int get_int(PyObject *obj, long lo, long hi, const char *name, int *out) {
    long value;
    if (!PyLong_Check(obj) || PyBool_Check(obj)) {
        PyErr_Format(PyExc_ValueError, "expected %s to be an int, got %.100s", name,
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    value = PyLong_AsLong(obj);
    if (value == -1 && PyErr_Occurred()) {
        PyErr_Clear();
        value = hi + 1; /* out of range: report below */
    }
    if (value < lo || value > hi) {
        PyErr_Format(PyExc_ValueError, "expected %s in %ld..%ld, got %R", name, lo, hi, obj);
        return -1;
    }
    *out = (int)value;
    return 0;
}

static int get_int_tuple(PyObject *obj, Py_ssize_t min_len, Py_ssize_t max_len, long lo,
                         long hi, const char *name, int *out, int *len) {
    Py_ssize_t n, i;
    if (!PyTuple_Check(obj)) {
        PyErr_Format(PyExc_ValueError, "expected %s to be a tuple, got %.100s", name,
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    n = PyTuple_GET_SIZE(obj);
    if (n < min_len || n > max_len) {
        PyErr_Format(PyExc_ValueError, "expected %s to hold %zd..%zd items, got %zd", name,
                     min_len, max_len, n);
        return -1;
    }
    for (i = 0; i < n; i++)
        if (get_int(PyTuple_GET_ITEM(obj, i), lo, hi, name, &out[i]) < 0) return -1;
    if (len) *len = (int)n;
    return 0;
}

static int get_optional_seat(PyObject *obj, const char *name, int *out) {
    if (obj == Py_None) {
        *out = -1;
        return 0;
    }
    return get_int(obj, 0, 3, name, out);
}

static int previous_active(int seat, int sitting_out) {
    int prev = (seat + 3) & 3;
    return prev == sitting_out ? (prev + 3) & 3 : prev;
}

/* Parse and check (the same checks as solver.validate_position); 0 on success. */
static int parse_position(PyObject *const *args, Py_ssize_t nargs, Pos *p) {
    int hands[4], n, i, seat, seen = 0, active = 0, left, expected;
    if (nargs != 13 && nargs != 14) { /* solve() has taken its window off already */
        PyErr_Format(PyExc_TypeError,
                     "expected 13 or 14 arguments (hands, trump, to_move, trick, trick_seats, "
                     "sitting_out, contract, bidder, points, tricks_won, tricks_played, sung, "
                     "cantes[, keep_table]), got %zd",
                     nargs);
        return -1;
    }
    if (get_int_tuple(args[0], 4, 4, 0, (1L << NUM_CARDS) - 1, "hands", hands, NULL) < 0)
        return -1;
    for (i = 0; i < 4; i++) p->hands[i] = (uint32_t)hands[i];
    if (get_int(args[1], 0, 3, "trump", &p->trump) < 0) return -1;
    if (get_int(args[2], 0, 3, "to_move", &p->to_move) < 0) return -1;
    if (get_int_tuple(args[3], 0, 3, 0, NUM_CARDS - 1, "trick", p->trick, &p->trick_len) < 0)
        return -1;
    if (get_int_tuple(args[4], 0, 3, 0, 3, "trick_seats", p->trick_seats, &n) < 0) return -1;
    if (n != p->trick_len) {
        PyErr_SetString(PyExc_ValueError, "trick and trick_seats must have the same length");
        return -1;
    }
    if (get_optional_seat(args[5], "sitting_out", &p->sitting_out) < 0) return -1;
    if (get_int(args[6], 0, 3, "contract", &p->contract) < 0) return -1;
    if (get_optional_seat(args[7], "bidder", &p->bidder) < 0) return -1;
    if (get_int_tuple(args[8], 2, 2, 0, 1000, "points", p->points, NULL) < 0) return -1;
    if (get_int_tuple(args[9], 2, 2, 0, 1000, "tricks_won", p->tricks_won, NULL) < 0) return -1;
    if (get_int(args[10], 0, NUM_TRICKS - 1, "tricks_played", &p->tricks_played) < 0) return -1;
    if (get_int(args[11], 0, 15, "sung", &p->sung) < 0) return -1;
    if (!PyBool_Check(args[12])) {
        PyErr_SetString(PyExc_ValueError, "expected cantes to be true or false");
        return -1;
    }
    p->cantes = args[12] == Py_True;
    p->keep_table = 0;
    if (nargs == 14) {
        if (!PyBool_Check(args[13])) {
            PyErr_SetString(PyExc_ValueError, "expected keep_table to be true or false");
            return -1;
        }
        p->keep_table = args[13] == Py_True;
    }
    if (p->contract == 0) {
        if (p->bidder != -1 || p->sitting_out != -1) {
            PyErr_SetString(PyExc_ValueError, "a plain hand has no bidder and nobody sits out");
            return -1;
        }
    } else {
        if (p->bidder < 0) {
            PyErr_SetString(PyExc_ValueError, "a contract hand needs a bidder seat 0..3");
            return -1;
        }
        if (p->sitting_out != ((p->bidder + 2) & 3)) {
            PyErr_Format(PyExc_ValueError, "the bidder's partner sits out: expected sitting_out=%d",
                         (p->bidder + 2) & 3);
            return -1;
        }
    }
    if (p->tricks_won[0] + p->tricks_won[1] != p->tricks_played) {
        PyErr_SetString(PyExc_ValueError, "tricks_won must add up to tricks_played");
        return -1;
    }
    if (p->to_move == p->sitting_out) {
        PyErr_Format(PyExc_ValueError, "seat %d sits out and cannot move", p->to_move);
        return -1;
    }
    if (p->sitting_out >= 0 && p->hands[p->sitting_out]) {
        PyErr_Format(PyExc_ValueError, "seat %d sits out: its hand must be 0 (dead cards)",
                     p->sitting_out);
        return -1;
    }
    for (seat = 0; seat < 4; seat++)
        if (seat != p->sitting_out) active++;
    if (p->trick_len >= active) {
        PyErr_Format(PyExc_ValueError, "a trick in progress holds at most %d cards", active - 1);
        return -1;
    }
    for (seat = 0; seat < 4; seat++) {
        if (seen & (int)p->hands[seat]) {
            PyErr_Format(PyExc_ValueError, "seat %d holds a card another seat holds", seat);
            return -1;
        }
        seen |= (int)p->hands[seat];
    }
    for (i = 0; i < p->trick_len; i++) {
        if (seen >> p->trick[i] & 1) {
            PyErr_Format(PyExc_ValueError, "card %d is on the table and in a hand", p->trick[i]);
            return -1;
        }
        seen |= 1 << p->trick[i];
    }
    expected = p->to_move;
    for (i = p->trick_len - 1; i >= 0; i--) {
        expected = previous_active(expected, p->sitting_out);
        if (p->trick_seats[i] != expected) {
            PyErr_Format(PyExc_ValueError, "trick_seats do not lead up to seat %d", p->to_move);
            return -1;
        }
    }
    left = NUM_TRICKS - p->tricks_played;
    for (seat = 0; seat < 4; seat++) {
        int count, played = 0;
        if (seat == p->sitting_out) continue;
        for (i = 0; i < p->trick_len; i++)
            if (p->trick_seats[i] == seat) played = 1;
        count = count_bits(p->hands[seat]) + played;
        if (count != left) {
            PyErr_Format(PyExc_ValueError,
                         "seat %d must have %d cards with %d tricks played, has %d", seat, left,
                         p->tricks_played, count);
            return -1;
        }
    }
    return 0;
}

/* Set up a search context and the table generation for a checked position; greedy_team as
   in Ctx. */
static void new_search(const Pos *p, Ctx *ctx, int greedy_team) {
    int seat;
    long context;
    memset(ctx, 0, sizeof *ctx);
    ctx->greedy_team = greedy_team;
    for (seat = 0; seat < 4; seat++) {
        ctx->hands[seat] = p->hands[seat];
        ctx->next_seat[seat] = (seat + 1) & 3;
    }
    if (p->sitting_out >= 0) ctx->next_seat[(p->sitting_out + 3) & 3] = (p->sitting_out + 1) & 3;
    ctx->n_active = p->sitting_out >= 0 ? 3 : 4;
    ctx->trump = p->trump;
    ctx->trump_mask = SUIT_MASK[p->trump];
    ctx->tricks_mode = p->contract >= 2;
    ctx->max_team = ctx->tricks_mode ? (p->bidder & 1) : 0;
    ctx->cantes_on = p->cantes && !ctx->tricks_mode;
    /* Entries hold exact facts about the rest of a hand for one context, so they may be
       reused across calls exactly when the context is the same. */
    context = (((long)p->trump * 5 + (p->sitting_out + 1)) * 2 + ctx->tricks_mode) * 4 +
              ctx->max_team * 2 + ctx->cantes_on;
    context = context * 3 + greedy_team + 1;
    if (!p->keep_table || context != table_context) {
        table_gen++;
        if (table_gen == 0) { /* wrapped: forget every entry for real */
            memset(table_entries, 0, sizeof table_entries);
            table_gen = 1;
        }
    }
    table_context = context;
}

static int already_won(const Pos *p) {
    if (p->contract >= 2) return p->tricks_won[p->bidder & 1];
    return p->points[0] - p->points[1];
}

/* The trick on the table as play() takes it. */
static void trick_state(const Pos *p, uint32_t trump_mask, uint32_t *mask, int *points,
                        int *best, int *best_seat, uint32_t *led) {
    int i;
    *mask = 0;
    *points = 0;
    *best = -1;
    *best_seat = p->to_move;
    *led = 0;
    for (i = 0; i < p->trick_len; i++) {
        int card = p->trick[i];
        if (i == 0) {
            *best = card;
            *best_seat = p->trick_seats[0];
            *led = CARD_SUIT_MASK[card];
        } else if (beats(card, *best, trump_mask)) {
            *best = card;
            *best_seat = p->trick_seats[i];
        }
        *mask |= 1u << card;
        *points += CARD_POINTS[card];
    }
}

PyDoc_STRVAR(solve_doc,
             "solve(hands, trump, to_move, trick, trick_seats, sitting_out, contract, bidder,\n"
             "      points, tricks_won, tricks_played, sung, cantes[, keep_table[, alpha, beta]])\n"
             "    -> int\n\n"
             "The exact value of a position (see cuatrola.ai.search.solver.solve). With a\n"
             "window (alpha, beta) on the value: exact inside it, else a bound outside it\n"
             "(fail-soft).");

static PyObject *c_solve(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    Pos p;
    Ctx ctx;
    uint32_t mask, led;
    int points, best, best_seat, value;
    int alpha = -INF, beta = INF, already;
    (void)self;
    if (nargs == 16) {
        /* A window (alpha, beta) on the whole hand's value: a null window answers a yes/no. */
        if (get_int(args[14], -1000, 1000, "alpha", &alpha) < 0) return NULL;
        if (get_int(args[15], -1000, 1000, "beta", &beta) < 0) return NULL;
        if (alpha >= beta) {
            PyErr_SetString(PyExc_ValueError, "expected alpha < beta");
            return NULL;
        }
        nargs = 14;
    }
    if (parse_position(args, nargs, &p) < 0) return NULL;
    new_search(&p, &ctx, -1);
    trick_state(&p, ctx.trump_mask, &mask, &points, &best, &best_seat, &led);
    already = already_won(&p);
    if (alpha > -INF) alpha -= already;
    if (beta < INF) beta -= already;
    value = play(&ctx, p.to_move, p.trick_len, mask, points, best, best_seat, led, p.sung,
                 p.tricks_played, alpha, beta);
    last_nodes = ctx.nodes;
    return PyLong_FromLong(already + value);
}

PyDoc_STRVAR(solve_moves_doc,
             "solve_moves(hands, trump, to_move, trick, trick_seats, sitting_out, contract,\n"
             "            bidder, points, tricks_won, tricks_played, sung, cantes[, keep_table])\n"
             "    -> dict[int, int]\n\n"
             "The exact value of each legal card (see cuatrola.ai.search.solver.solve_moves).");

/* The value of each legal card of the side to move of a checked position, into values[card];
   returns the mask of the legal cards. */
static uint32_t move_values_into(const Pos *p, int greedy_team, int values[NUM_CARDS]) {
    Ctx ctx;
    uint32_t mask, led, legal, hand;
    int points, best, best_seat, card, already, seat, next;
    new_search(p, &ctx, greedy_team);
    trick_state(p, ctx.trump_mask, &mask, &points, &best, &best_seat, &led);
    seat = p->to_move;
    hand = ctx.hands[seat];
    legal = legal_mask(hand, mask, led, ctx.trump_mask);
    already = already_won(p);
    next = ctx.next_seat[seat];
    for (card = 0; card < NUM_CARDS; card++) {
        int new_best = best, new_seat = best_seat, value;
        uint32_t new_led = led;
        if (!(legal >> card & 1u)) continue;
        ctx.hands[seat] = hand ^ (1u << card);
        if (best < 0) {
            new_best = card;
            new_seat = seat;
            new_led = CARD_SUIT_MASK[card];
        } else if (beats(card, best, ctx.trump_mask)) {
            new_best = card;
            new_seat = seat;
        }
        if (p->trick_len + 1 == ctx.n_active)
            value = finish_trick(&ctx, new_seat, points + CARD_POINTS[card], p->tricks_played + 1,
                                 p->sung, -INF, INF);
        else
            value = play(&ctx, next, p->trick_len + 1, mask | 1u << card,
                         points + CARD_POINTS[card], new_best, new_seat, new_led, p->sung,
                         p->tricks_played, -INF, INF);
        ctx.hands[seat] = hand;
        values[card] = already + value;
    }
    last_nodes = ctx.nodes;
    return legal;
}

/* A new dict {card: values[card]} over the cards of `legal`. */
static PyObject *card_dict(uint32_t legal, const long *values) {
    int card;
    PyObject *result = PyDict_New();
    if (!result) return NULL;
    for (card = 0; card < NUM_CARDS; card++) {
        PyObject *key, *val;
        if (!(legal >> card & 1u)) continue;
        key = PyLong_FromLong(card);
        val = PyLong_FromLong(values[card]);
        if (!key || !val || PyDict_SetItem(result, key, val) < 0) {
            Py_XDECREF(key);
            Py_XDECREF(val);
            Py_DECREF(result);
            return NULL;
        }
        Py_DECREF(key);
        Py_DECREF(val);
    }
    return result;
}

/* The value of each legal card of the side to move of a checked position (a new dict). */
static PyObject *move_values(const Pos *p, int greedy_team) {
    int values[NUM_CARDS];
    long wide[NUM_CARDS];
    int card;
    uint32_t legal = move_values_into(p, greedy_team, values);
    for (card = 0; card < NUM_CARDS; card++) wide[card] = legal >> card & 1u ? values[card] : 0;
    return card_dict(legal, wide);
}

static PyObject *c_solve_moves(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    Pos p;
    (void)self;
    if (parse_position(args, nargs, &p) < 0) return NULL;
    return move_values(&p, -1);
}

PyDoc_STRVAR(model_moves_doc,
             "model_moves(hands, trump, to_move, trick, trick_seats, sitting_out, contract,\n"
             "            bidder, points, tricks_won, tricks_played, sung, cantes, keep_table,\n"
             "            greedy_team) -> dict[int, int]\n\n"
             "The value of each legal card when the seats of greedy_team always play the\n"
             "greedy card (see cuatrola.ai.search.exploit.model_moves).");

static PyObject *c_model_moves(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    Pos p;
    int greedy_team;
    (void)self;
    if (nargs != 15) {
        PyErr_Format(PyExc_TypeError, "expected 15 arguments (a position, keep_table and "
                                      "greedy_team), got %zd", nargs);
        return NULL;
    }
    if (get_int(args[14], 0, 1, "greedy_team", &greedy_team) < 0) return NULL;
    if (parse_position(args, 14, &p) < 0) return NULL;
    return move_values(&p, greedy_team);
}

PyDoc_STRVAR(mover_totals_doc,
             "mover_totals(deals, trump, to_move, trick, trick_seats, sitting_out, contract,\n"
             "             bidder, points, tricks_won, tricks_played, sung, cantes, keep_table)\n"
             "    -> dict[int, int]\n\n"
             "For each legal card of the side to move, the sum over deals (a list of hands\n"
             "tuples, the side to move holding the same cards in each) of its exact value seen\n"
             "by the side to move (see cuatrola.ai.search.solver.mover_totals).");

/* The exact value of each legal card in each of `deals` (a list of hands tuples; args: the
   rest of a position and keep_table, 13 items) seen by the side to move, as a new array of
   n rows of NUM_CARDS (PyMem_Free it); NULL with an exception set on bad input. */
static int (*deal_values(PyObject *deals, PyObject *const *args, Py_ssize_t *n_out,
                         uint32_t *legal_out))[NUM_CARDS] {
    PyObject *item_args[14];
    Py_ssize_t n, i;
    uint32_t mover_hand = 0, legal = 0;
    int k, card, sign = 1, (*rows)[NUM_CARDS];
    if (!PyList_Check(deals) || PyList_GET_SIZE(deals) == 0) {
        PyErr_SetString(PyExc_ValueError, "expected deals to be a non-empty list of hands");
        return NULL;
    }
    n = PyList_GET_SIZE(deals);
    rows = PyMem_Malloc((size_t)n * sizeof *rows);
    if (!rows) {
        PyErr_NoMemory();
        return NULL;
    }
    for (k = 1; k < 14; k++) item_args[k] = args[k - 1];
    for (i = 0; i < n; i++) {
        Pos p;
        item_args[0] = PyList_GET_ITEM(deals, i);
        if (parse_position(item_args, 14, &p) < 0) goto fail;
        if (i == 0) {
            mover_hand = p.hands[p.to_move];
            sign = (p.to_move & 1) == (p.contract >= 2 ? (p.bidder & 1) : 0) ? 1 : -1;
        } else if (p.hands[p.to_move] != mover_hand) {
            PyErr_SetString(PyExc_ValueError, "the side to move must hold the same cards in "
                                              "every deal");
            goto fail;
        }
        /* The same cards and the same trick in every deal, so the same legal cards. */
        legal = move_values_into(&p, -1, rows[i]);
        for (card = 0; card < NUM_CARDS; card++)
            rows[i][card] = legal >> card & 1u ? sign * rows[i][card] : 0;
    }
    *n_out = n;
    *legal_out = legal;
    return rows;
fail:
    PyMem_Free(rows);
    return NULL;
}

static PyObject *c_mover_totals(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    Py_ssize_t n, i;
    uint32_t legal;
    long totals[NUM_CARDS];
    int card, (*rows)[NUM_CARDS];
    PyObject *result;
    (void)self;
    if (nargs != 14) {
        PyErr_Format(PyExc_TypeError, "expected 14 arguments (deals, the rest of a position "
                                      "and keep_table), got %zd", nargs);
        return NULL;
    }
    rows = deal_values(args[0], args + 1, &n, &legal);
    if (!rows) return NULL;
    for (card = 0; card < NUM_CARDS; card++) totals[card] = 0;
    for (i = 0; i < n; i++)
        for (card = 0; card < NUM_CARDS; card++) totals[card] += rows[i][card];
    PyMem_Free(rows);
    result = card_dict(legal, totals);
    return result;
}

/* splitmix64: a tiny generator with a fixed definition, so that the pure-Python reference
   (solver.mover_choices_python) draws exactly the same resamples. */
static uint64_t splitmix64(uint64_t *state) {
    uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* The index in cards (cheapest first) of a card with the highest total in every resample of
   rows, if there is one, else -1: at least as good as each other card in every deal, and
   either cheaper than it (so it wins their ties) or better in every deal. */
static int dominant_card(int (*rows)[NUM_CARDS], Py_ssize_t n, const int *cards, int n_cards) {
    int k, o;
    Py_ssize_t i;
    for (k = 0; k < n_cards; k++) {
        int ok = 1;
        for (o = 0; o < n_cards && ok; o++) {
            int strict = 1;
            if (o == k) continue;
            for (i = 0; i < n; i++) {
                int mine = rows[i][cards[k]], theirs = rows[i][cards[o]];
                if (mine < theirs) {
                    ok = 0;
                    break;
                }
                if (mine == theirs) strict = 0;
            }
            if (ok && !strict && o < k) ok = 0;
        }
        if (ok) return k;
    }
    return -1;
}

PyDoc_STRVAR(mover_choices_doc,
             "mover_choices(deals, resamples, seed, trump, to_move, trick, trick_seats,\n"
             "              sitting_out, contract, bidder, points, tricks_won, tricks_played,\n"
             "              sung, cantes, keep_table) -> dict[int, int]\n\n"
             "For each legal card of the side to move, in how many of `resamples` bootstrap\n"
             "resamples of deals it has the highest total (see\n"
             "cuatrola.ai.search.solver.mover_choices).");

static PyObject *c_mover_choices(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    Py_ssize_t n, i, r;
    uint32_t legal;
    uint64_t state;
    long counts[NUM_CARDS], totals[NUM_CARDS];
    int card, resamples, cards[NUM_CARDS], n_cards = 0, trump_suit, dominant, (*rows)[NUM_CARDS];
    uint32_t trump_mask;
    PyObject *result;
    (void)self;
    if (nargs != 16) {
        PyErr_Format(PyExc_TypeError, "expected 16 arguments (deals, resamples, seed, the rest "
                                      "of a position and keep_table), got %zd", nargs);
        return NULL;
    }
    if (get_int(args[1], 1, 1000000, "resamples", &resamples) < 0) return NULL;
    if (!PyLong_Check(args[2]) || PyBool_Check(args[2])) {
        PyErr_Format(PyExc_ValueError, "expected seed to be an int, got %.100s",
                     Py_TYPE(args[2])->tp_name);
        return NULL;
    }
    state = (uint64_t)PyLong_AsUnsignedLongLongMask(args[2]); /* modulo 2**64 */
    if (PyErr_Occurred()) return NULL;
    rows = deal_values(args[0], args + 3, &n, &legal);
    if (!rows) return NULL;
    get_int(args[3], 0, 3, "trump", &trump_suit); /* checked by deal_values */
    trump_mask = SUIT_MASK[trump_suit];
    /* The legal cards, cheapest first: a strict '>' below keeps the first of equal totals,
       which is pimc.best_card's tie rule (the cheapest card). */
    for (card = 0; card < NUM_CARDS; card++) {
        int j;
        if (!(legal >> card & 1u)) continue;
        j = n_cards++;
        while (j > 0 && cheapness(cards[j - 1], trump_mask) > cheapness(card, trump_mask)) {
            cards[j] = cards[j - 1];
            j--;
        }
        cards[j] = card;
    }
    for (card = 0; card < NUM_CARDS; card++) counts[card] = 0;
    dominant = dominant_card(rows, n, cards, n_cards);
    if (dominant >= 0) {
        /* It has the highest total in every resample: no need to draw them. */
        counts[cards[dominant]] = resamples;
    } else {
        uint32_t size = (uint32_t)n;
        for (r = 0; r < resamples; r++) {
            int k, best = 0;
            for (k = 0; k < n_cards; k++) totals[k] = 0;
            for (i = 0; i < n; i++) {
                /* The high half of each output, reduced in 32 bits (a cheaper division). */
                const int *row = rows[(uint32_t)(splitmix64(&state) >> 32) % size];
                for (k = 0; k < n_cards; k++) totals[k] += row[cards[k]];
            }
            for (k = 1; k < n_cards; k++)
                if (totals[k] > totals[best]) best = k;
            counts[cards[best]]++;
        }
    }
    PyMem_Free(rows);
    result = card_dict(legal, counts);
    return result;
}

PyDoc_STRVAR(last_nodes_doc, "last_nodes() -> int\n\nNodes searched by the last call.");

static PyObject *c_last_nodes(PyObject *self, PyObject *unused) {
    (void)self;
    (void)unused;
    return PyLong_FromUnsignedLongLong(last_nodes);
}

static PyMethodDef methods[] = {
    {"solve", (PyCFunction)(void (*)(void))c_solve, METH_FASTCALL, solve_doc},
    {"solve_moves", (PyCFunction)(void (*)(void))c_solve_moves, METH_FASTCALL, solve_moves_doc},
    {"model_moves", (PyCFunction)(void (*)(void))c_model_moves, METH_FASTCALL, model_moves_doc},
    {"mover_totals", (PyCFunction)(void (*)(void))c_mover_totals, METH_FASTCALL,
     mover_totals_doc},
    {"mover_choices", (PyCFunction)(void (*)(void))c_mover_choices, METH_FASTCALL,
     mover_choices_doc},
    {"last_nodes", c_last_nodes, METH_NOARGS, last_nodes_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    "cuatrola.ai.search._csolver",
    "The compiled double-dummy solver (see cuatrola.ai.search.solver).",
    -1,
    methods,
    NULL,
    NULL,
    NULL,
    NULL,
};

PyMODINIT_FUNC PyInit__csolver(void) {
    int c, i, j;
    for (c = 0; c < NUM_CARDS; c++) {
        CARD_SUIT_MASK[c] = SUIT_MASK[c / 5];
        CHEAP_FIRST[c] = c;
    }
    /* Insertion sort by (points, -id): low points first, the weaker card first. */
    for (i = 1; i < NUM_CARDS; i++) {
        int card = CHEAP_FIRST[i];
        j = i - 1;
        while (j >= 0 && (CARD_POINTS[CHEAP_FIRST[j]] > CARD_POINTS[card] ||
                          (CARD_POINTS[CHEAP_FIRST[j]] == CARD_POINTS[card] &&
                           CHEAP_FIRST[j] < card))) {
            CHEAP_FIRST[j + 1] = CHEAP_FIRST[j];
            j--;
        }
        CHEAP_FIRST[j + 1] = card;
    }
    for (i = 0; i < NUM_CARDS; i++) CHEAP_POS[CHEAP_FIRST[i]] = i;
    for (i = 0; i < 32; i++) {
        SUIT_PATTERN_POINTS[i] = 0;
        for (j = 0; j < 5; j++)
            if (i >> j & 1) SUIT_PATTERN_POINTS[i] += CARD_POINTS[j];
    }
    return PyModule_Create(&module);
}
