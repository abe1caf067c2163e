/*
 * A native reference for the Puyo benchmark, the yardstick simulateBoard is measured against (our own
 * code): the field is three 128-bit planes holding each cell's 3-bit colour code, one 16-bit lane a
 * column (bit 0 = row 1 ... bit 13 = row 14). Each step finds the links between same-colour
 * neighbours of every colour at once (the codes of a cell and of the cell above / to the right are
 * equal), takes the cells with 3+ links and the linked cells with 2+, which with one step over the
 * links are exactly the groups of 4+, and drops the rest with BMI2 pext/pdep on 64-bit halves.
 * Same rules and scores as @kit/puyo (Tsu scoring, row 13 never pops, row 14 never moves).
 * It was checked against puyoai's simulateFastAVX2 (built outside this repository with -march=native)
 * on the benchmark's fields, in alternating runs: see the README's Speed section.
 *
 * Usage: simd_chain SECONDS FIELD...   (field files as @kit/puyo reads them)
 * Prints one JSON line per field: its result, and simulations per CPU second and per wall second.
 * Build: cc -O2 -march=native (needs SSE4.1, POPCNT and BMI2).
 */
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct { __m128i p[3]; } Field;

/* Codes: 0 empty, 1 garbage, 2..6 red green blue yellow purple. */
enum { GARBAGE = 1, FIRST_COLOUR = 2, LAST_COLOUR = 6 };

#define LANES6(v) _mm_setr_epi16(v, v, v, v, v, v, 0, 0)

static int chain_power(int chain) {
  if (chain <= 3) return 8 * (chain - 1);
  if (chain == 4) return 32;
  if (chain == 5) return 64;
  return 96 + 32 * (chain - 6);
}
static int group_bonus(int n) { return n < 5 ? 0 : n > 10 ? 10 : n - 3; }
static const int COLOUR_BONUS[6] = {0, 0, 3, 6, 12, 24};

/* Cells whose code is exactly `code`. */
static inline __m128i cells_of(const Field *f, int code) {
  __m128i b0 = (code & 1) ? f->p[0] : _mm_xor_si128(f->p[0], _mm_set1_epi32(-1));
  __m128i b1 = (code & 2) ? f->p[1] : _mm_xor_si128(f->p[1], _mm_set1_epi32(-1));
  __m128i b2 = (code & 4) ? f->p[2] : _mm_xor_si128(f->p[2], _mm_set1_epi32(-1));
  return _mm_and_si128(_mm_and_si128(b0, b1), b2);
}

static inline __m128i neighbours(__m128i a) {
  return _mm_or_si128(_mm_or_si128(_mm_slli_epi16(a, 1), _mm_srli_epi16(a, 1)),
                      _mm_or_si128(_mm_slli_si128(a, 2), _mm_srli_si128(a, 2)));
}

static inline int is_zero(__m128i a) { return _mm_testz_si128(a, a); }

static inline int count(__m128i a) {
  return (int)(_mm_popcnt_u64((uint64_t)_mm_cvtsi128_si64(a)) + _mm_popcnt_u64((uint64_t)_mm_extract_epi64(a, 1)));
}

static inline __m128i grow(__m128i s, __m128i m) {
  for (;;) {
    __m128i n = _mm_and_si128(_mm_or_si128(s, neighbours(s)), m);
    if (is_zero(_mm_xor_si128(n, s))) return n;
    s = n;
  }
}

static int split_bonus(__m128i s) {
  int bonus = 0;
  while (!is_zero(s)) {
    uint64_t lo = (uint64_t)_mm_cvtsi128_si64(s), hi = (uint64_t)_mm_extract_epi64(s, 1);
    __m128i seed = lo ? _mm_set_epi64x(0, (long long)(lo & -lo)) : _mm_set_epi64x((long long)(hi & -hi), 0);
    __m128i g = grow(seed, s);
    bonus += group_bonus(count(g));
    s = _mm_andnot_si128(g, s);
  }
  return bonus;
}

/* Each 16-bit lane of `keep` (a 64-bit half, four columns): low (popcount) bits set. */
static inline uint64_t packed_mask(uint64_t keep) {
  uint64_t out = 0;
  for (int c = 0; c < 4; c++) {
    int n = (int)_mm_popcnt_u64((keep >> (16 * c)) & 0xffff);
    out |= ((1ull << n) - 1) << (16 * c);
  }
  return out;
}

/* Keeps the `keep` cells of rows 1..13 and packs them down each column; row 14 stays. */
static void drop(Field *f, __m128i keep) {
  uint64_t k0 = (uint64_t)_mm_cvtsi128_si64(keep), k1 = (uint64_t)_mm_extract_epi64(keep, 1);
  uint64_t d0 = packed_mask(k0), d1 = packed_mask(k1);
  const uint64_t row14 = 0x2000200020002000ull;
  for (int i = 0; i < 3; i++) {
    uint64_t x0 = (uint64_t)_mm_cvtsi128_si64(f->p[i]), x1 = (uint64_t)_mm_extract_epi64(f->p[i], 1);
    x0 = _pdep_u64(_pext_u64(x0, k0), d0) | (x0 & row14);
    x1 = _pdep_u64(_pext_u64(x1, k1), d1) | (x1 & row14);
    f->p[i] = _mm_set_epi64x((long long)x1, (long long)x0);
  }
}

typedef struct { int chains, score, cleared; } Result;

/* Cells with a colour (not empty, not garbage). */
static inline __m128i colour_cells(const Field *f) {
  __m128i any = _mm_or_si128(_mm_or_si128(f->p[0], f->p[1]), f->p[2]);
  return _mm_andnot_si128(cells_of(f, GARBAGE), any);
}

/* Cells of `s`'s neighbours that are linked to a cell of `s` (same colour, per the link masks). */
static inline __m128i linked(__m128i s, __m128i up, __m128i down, __m128i left, __m128i right) {
  return _mm_or_si128(_mm_or_si128(_mm_and_si128(down, _mm_slli_epi16(s, 1)), _mm_and_si128(up, _mm_srli_epi16(s, 1))),
                      _mm_or_si128(_mm_and_si128(left, _mm_slli_si128(s, 2)), _mm_and_si128(right, _mm_srli_si128(s, 2))));
}

static Result simulate(Field *f) {
  const __m128i LOW13 = LANES6(0x1fff), VIS = LANES6(0x0fff), VIS_UP = LANES6(0x07ff);
  Result r = {0, 0, 0};
  __m128i occ = _mm_and_si128(_mm_or_si128(_mm_or_si128(f->p[0], f->p[1]), f->p[2]), LOW13);
  if (!is_zero(_mm_and_si128(occ, _mm_add_epi16(occ, LANES6(1))))) drop(f, occ); /* floating input */
  for (;;) {
    /* Links between same-colour neighbours, every colour at once: a colour cell whose upper (right)
     * neighbour has the same code. A group of 4+ has a cell with 3+ links or two linked cells with 2+;
     * every cell of it with 2+ links is one of those and every other is linked to one, so one step
     * over the links gives the whole group. */
    __m128i colour = colour_cells(f);
    __m128i du = _mm_or_si128(_mm_or_si128(_mm_xor_si128(f->p[0], _mm_srli_epi16(f->p[0], 1)), _mm_xor_si128(f->p[1], _mm_srli_epi16(f->p[1], 1))),
                              _mm_xor_si128(f->p[2], _mm_srli_epi16(f->p[2], 1)));
    __m128i dr = _mm_or_si128(_mm_or_si128(_mm_xor_si128(f->p[0], _mm_srli_si128(f->p[0], 2)), _mm_xor_si128(f->p[1], _mm_srli_si128(f->p[1], 2))),
                              _mm_xor_si128(f->p[2], _mm_srli_si128(f->p[2], 2)));
    __m128i up = _mm_andnot_si128(du, _mm_and_si128(colour, VIS_UP));
    __m128i right = _mm_andnot_si128(dr, _mm_and_si128(colour, VIS));
    __m128i down = _mm_slli_epi16(up, 1), left = _mm_slli_si128(right, 2);
    __m128i ud = _mm_and_si128(up, down), lr = _mm_and_si128(left, right);
    __m128i uo = _mm_or_si128(up, down), lo = _mm_or_si128(left, right);
    __m128i t = _mm_or_si128(_mm_or_si128(ud, lr), _mm_and_si128(uo, lo));
    if (is_zero(t)) break;
    __m128i s = _mm_or_si128(_mm_or_si128(_mm_and_si128(ud, lo), _mm_and_si128(lr, uo)), _mm_and_si128(t, linked(t, up, down, left, right)));
    if (is_zero(s)) break;
    s = _mm_or_si128(s, linked(s, up, down, left, right));
    int popped = count(s), colours = 1, bonus;
    if (popped <= 7) bonus = group_bonus(popped); /* up to 7 puyos popping: one group */
    else {
      colours = 0;
      bonus = 0;
      for (int c = FIRST_COLOUR; c <= LAST_COLOUR; c++) {
        __m128i sc = _mm_and_si128(s, cells_of(f, c));
        if (is_zero(sc)) continue;
        int n = count(sc);
        bonus += n <= 7 ? group_bonus(n) : split_bonus(sc);
        colours++;
      }
    }
    r.chains++;
    int mult = chain_power(r.chains) + COLOUR_BONUS[colours] + bonus;
    mult = mult < 1 ? 1 : mult > 999 ? 999 : mult;
    r.score += 10 * popped * mult;
    r.cleared += popped;
    __m128i garbage = _mm_and_si128(cells_of(f, GARBAGE), VIS);
    if (!is_zero(garbage)) s = _mm_or_si128(s, _mm_and_si128(neighbours(s), garbage));
    drop(f, _mm_andnot_si128(s, LOW13));
  }
  return r;
}

static int all_clear(const Field *f) {
  __m128i occ = _mm_or_si128(_mm_or_si128(f->p[0], f->p[1]), f->p[2]);
  return is_zero(_mm_and_si128(occ, LANES6(0x1fff)));
}

static int read_field(const char *path, Field *f) {
  FILE *in = fopen(path, "r");
  if (!in) { perror(path); return 0; }
  char lines[14][64];
  int n = 0;
  while (n < 14 && fgets(lines[n], sizeof lines[n], in)) n++;
  fclose(in);
  while (n > 0 && strspn(lines[n - 1], "\r\n") == strlen(lines[n - 1])) n--; /* trailing blank lines */
  uint16_t planes[3][8] = {{0}};
  for (int i = 0; i < n; i++) {
    int row = n - i; /* the last line is row 1 */
    for (int x = 0; x < 6 && lines[i][x] && lines[i][x] != '\n' && lines[i][x] != '\r'; x++) {
      int code;
      switch (lines[i][x]) {
        case 'O': code = 1; break;
        case 'R': code = 2; break;
        case 'G': code = 3; break;
        case 'B': code = 4; break;
        case 'Y': code = 5; break;
        case 'P': code = 6; break;
        default: code = 0;
      }
      for (int b = 0; b < 3; b++)
        if (code & (1 << b)) planes[b][x] |= (uint16_t)(1u << (row - 1));
    }
  }
  for (int b = 0; b < 3; b++) f->p[b] = _mm_loadu_si128((const __m128i *)planes[b]);
  return 1;
}

static double seconds(clockid_t clock) {
  struct timespec t;
  clock_gettime(clock, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s SECONDS FIELD...\n", argv[0]);
    return 2;
  }
  double budget = atof(argv[1]);
  for (int a = 2; a < argc; a++) {
    Field start, f;
    if (!read_field(argv[a], &start)) return 2;
    f = start;
    Result r = simulate(&f);
    int clear = all_clear(&f);
    volatile int sink = 0;
    long runs = 0;
    double cpu0 = seconds(CLOCK_PROCESS_CPUTIME_ID), wall0 = seconds(CLOCK_MONOTONIC), cpu = 0;
    do {
      for (int i = 0; i < 10000; i++) {
        f = start;
        sink += simulate(&f).score;
      }
      runs += 10000;
      cpu = seconds(CLOCK_PROCESS_CPUTIME_ID) - cpu0;
    } while (cpu < budget);
    double wall = seconds(CLOCK_MONOTONIC) - wall0;
    printf("{\"field\":\"%s\",\"chains\":%d,\"score\":%d,\"cleared\":%d,\"allClear\":%s,\"runs\":%ld,\"perCpu\":%.0f,\"perWall\":%.0f}\n",
           argv[a], r.chains, r.score, r.cleared, clear ? "true" : "false", runs, runs / cpu, runs / wall);
  }
  return 0;
}
