/*
 * dlx.c - a plain dancing-links packer, written for the polycube benchmark (a measuring tool, not
 * product code). Knuth's Algorithm X with dancing links: one primary item per cube of the target and
 * one per piece, one option per placement, and the branching item chosen by the fewest remaining
 * options (the MRV rule, which BurrTools' assembler also follows).
 *
 * It reads the exact-cover problem the benchmark writes from the kit's own compiled problem, so it
 * counts the same thing: the symmetry-breaking piece has only its orbit representatives as options,
 * and a packing whose representative some symmetries fix is kept only when no image under those
 * symmetries labels the cells smaller (any consistent rule counts each orbit once).
 *
 * Input, whitespace-separated integers:
 *   N K G R                      cells (search indices 0..N-1), piece kinds, symmetries, options
 *   N hole flags
 *   G times: N cell images, then K kind images (a reflection swaps mirror twins)
 *   R times: kind, count c, c cells, count s, s symmetry indices to check against
 * Output: solutions=S tries=T secs=X   (tries: options placed; secs: the search alone)
 *
 * Build: cc -O2 -march=native -o dlx dlx.c
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int N, K, G, R, items;
static int *hole, *perm, *kmap;
static int *rowKind, *rowStart, *rowCells, *checkStart, *checks;
/* nodes: 0 is the root, 1..items the headers, then one node per (option, item) */
static int *L, *Rt, *U, *D, *C, *len, *rowOf;
static int *chosen;
static long long solutions, tries;
static int *labels, *image, *itemOfCell;

static void cover(int c) {
  Rt[L[c]] = Rt[c];
  L[Rt[c]] = L[c];
  for (int i = D[c]; i != c; i = D[i])
    for (int j = Rt[i]; j != i; j = Rt[j]) {
      D[U[j]] = D[j];
      U[D[j]] = U[j];
      len[C[j]]--;
    }
}

static void uncover(int c) {
  for (int i = U[c]; i != c; i = U[i])
    for (int j = L[i]; j != i; j = L[j]) {
      len[C[j]]++;
      D[U[j]] = j;
      U[D[j]] = j;
    }
  Rt[L[c]] = c;
  L[Rt[c]] = c;
}

/* Is the packing of `depth` chosen options the smallest of its images under the listed symmetries? */
static int canonical(int depth) {
  int row = -1;
  for (int d = 0; d < depth; d++) if (checkStart[chosen[d] + 1] > checkStart[chosen[d]]) row = chosen[d];
  if (row < 0) return 1;
  for (int i = 0; i < N; i++) labels[i] = -1;
  for (int d = 0; d < depth; d++) {
    int r = chosen[d], first = N;
    for (int j = rowStart[r]; j < rowStart[r + 1]; j++) if (rowCells[j] < first) first = rowCells[j];
    for (int j = rowStart[r]; j < rowStart[r + 1]; j++) labels[rowCells[j]] = rowKind[r] * N + first;
  }
  for (int s = checkStart[row]; s < checkStart[row + 1]; s++) {
    int g = checks[s];
    for (int i = 0; i < N; i++) image[i] = -1;
    for (int d = 0; d < depth; d++) {
      int r = chosen[d], first = N;
      for (int j = rowStart[r]; j < rowStart[r + 1]; j++) if (perm[g * N + rowCells[j]] < first) first = perm[g * N + rowCells[j]];
      for (int j = rowStart[r]; j < rowStart[r + 1]; j++) image[perm[g * N + rowCells[j]]] = kmap[g * K + rowKind[r]] * N + first;
    }
    for (int i = 0; i < N; i++) {
      if (image[i] != labels[i]) {
        if (image[i] < labels[i]) return 0;
        break;
      }
    }
  }
  return 1;
}

static void search(int depth) {
  if (Rt[0] == 0) {
    if (canonical(depth)) solutions++;
    return;
  }
  int best = Rt[0];
  for (int c = Rt[best]; c != 0; c = Rt[c]) if (len[c] < len[best]) best = c;
  if (len[best] == 0) return;
  cover(best);
  for (int r = D[best]; r != best; r = D[r]) {
    tries++;
    chosen[depth] = rowOf[r];
    for (int j = Rt[r]; j != r; j = Rt[j]) cover(C[j]);
    search(depth + 1);
    for (int j = L[r]; j != r; j = L[j]) uncover(C[j]);
  }
  uncover(best);
}

static int next(FILE *in) {
  int v;
  if (fscanf(in, "%d", &v) != 1) { fprintf(stderr, "dlx: bad input\n"); exit(2); }
  return v;
}

int main(int argc, char **argv) {
  FILE *in = argc > 1 ? fopen(argv[1], "r") : stdin;
  if (!in) { perror(argv[1]); return 2; }
  N = next(in); K = next(in); G = next(in); R = next(in);
  hole = malloc(N * sizeof(int));
  for (int i = 0; i < N; i++) hole[i] = next(in);
  perm = malloc((size_t)G * N * sizeof(int));
  kmap = malloc((size_t)G * K * sizeof(int));
  for (int g = 0; g < G; g++) {
    for (int i = 0; i < N; i++) perm[g * N + i] = next(in);
    for (int k = 0; k < K; k++) kmap[g * K + k] = next(in);
  }
  rowKind = malloc(R * sizeof(int));
  rowStart = malloc((R + 1) * sizeof(int));
  checkStart = malloc((R + 1) * sizeof(int));
  int cap = 16 * R + 16, ccap = 16;
  rowCells = malloc(cap * sizeof(int));
  checks = malloc(ccap * sizeof(int));
  int total = 0, totalChecks = 0;
  for (int r = 0; r < R; r++) {
    rowKind[r] = next(in);
    rowStart[r] = total;
    int n = next(in);
    for (int j = 0; j < n; j++) {
      if (total == cap) rowCells = realloc(rowCells, (cap *= 2) * sizeof(int));
      rowCells[total++] = next(in);
    }
    checkStart[r] = totalChecks;
    int s = next(in);
    for (int j = 0; j < s; j++) {
      if (totalChecks == ccap) checks = realloc(checks, (ccap *= 2) * sizeof(int));
      checks[totalChecks++] = next(in);
    }
  }
  rowStart[R] = total;
  checkStart[R] = totalChecks;

  /* Items: the target's cubes, then the kinds. */
  itemOfCell = malloc(N * sizeof(int));
  items = 0;
  for (int i = 0; i < N; i++) itemOfCell[i] = hole[i] ? -1 : ++items;
  int firstKind = items + 1;
  items += K;
  int nodes = items + 1 + total + R;
  L = malloc(nodes * sizeof(int)); Rt = malloc(nodes * sizeof(int));
  U = malloc(nodes * sizeof(int)); D = malloc(nodes * sizeof(int));
  C = malloc(nodes * sizeof(int)); rowOf = malloc(nodes * sizeof(int));
  len = calloc(items + 1, sizeof(int));
  for (int c = 0; c <= items; c++) {
    L[c] = c == 0 ? items : c - 1;
    Rt[c] = c == items ? 0 : c + 1;
    U[c] = D[c] = c;
    C[c] = c;
  }
  int at = items + 1;
  for (int r = 0; r < R; r++) {
    int first = at;
    int n = rowStart[r + 1] - rowStart[r] + 1;
    for (int j = 0; j < n; j++) {
      int c = j < n - 1 ? itemOfCell[rowCells[rowStart[r] + j]] : firstKind + rowKind[r];
      C[at] = c;
      rowOf[at] = r;
      U[at] = U[c]; D[at] = c; D[U[c]] = at; U[c] = at;
      len[c]++;
      L[at] = j == 0 ? first + n - 1 : at - 1;
      Rt[at] = j == n - 1 ? first : at + 1;
      at++;
    }
  }
  chosen = malloc((items + 1) * sizeof(int));
  labels = malloc(N * sizeof(int));
  image = malloc(N * sizeof(int));
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  search(0);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  printf("solutions=%lld tries=%lld secs=%.3f\n", solutions, tries, (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9);
  return 0;
}
