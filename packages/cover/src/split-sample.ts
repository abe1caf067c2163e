import type { BitboardTables } from './bitboard-tables.js';
import type { CoverProblem } from './problem.js';
import type { SplitBoard } from './split-board.js';

/** What a sample reads: the problem, the byte board and (planes of up to 64 cells) the bitboard tables. */
export interface SampleSource {
  readonly problem: CoverProblem;
  readonly board: SplitBoard;
  /**
   * Planes of up to 64 cells: the sampler expands nodes as the bitboard kernel does (the same
   * placements in the same order, several times faster than the byte board). Boxes use the byte
   * board: the bit shifts know only a plane's four neighbours.
   */
  readonly bits: BitboardTables | undefined;
  /** The seeded draw, 32 random bits. */
  random(): number;
}

const grow = (a: Int32Array) => {
  const b = new Int32Array(2 * a.length);
  b.set(a);
  return b;
};

/**
 * Every node sampled: its parent (-1 for a start), placement, start, the node kept whole it counts
 * for, and (bitboards) its board and the kinds still in hand.
 */
class SampleNodes {
  parentOf = new Int32Array(4096);
  idOf = new Int32Array(4096);
  startOf = new Int32Array(4096);
  wholeOf = new Int32Array(4096);
  loOf = new Int32Array(4096);
  hiOf = new Int32Array(4096);
  availOf = new Int32Array(4096);
  count = 0;
  private readonly single: boolean;

  constructor(
    private readonly source: SampleSource,
    private readonly starts: readonly (readonly number[])[],
  ) {
    this.single = source.problem.kindMax.every((count) => count === 1);
  }

  /** Kind `kind` is used up below `parent` once `used` more of it are placed (walks the path). */
  private usedUp(parent: number, kind: number): boolean {
    if (this.single) return true;
    const { parentOf, idOf } = this;
    const { kindOf } = this.source.board;
    let used = 1;
    let at = parent;
    for (; parentOf[at]! >= 0; at = parentOf[at]!) if (kindOf[idOf[at]!] === kind) used++;
    for (const id of this.starts[this.startOf[at]!]!) if (kindOf[id] === kind) used++;
    return used >= this.source.problem.kindMax[kind]!;
  }

  add(parent: number, id: number, start: number, whole: number): number {
    const nodes = this.count;
    if (nodes === this.parentOf.length) {
      this.parentOf = grow(this.parentOf);
      this.idOf = grow(this.idOf);
      this.startOf = grow(this.startOf);
      this.wholeOf = grow(this.wholeOf);
      this.loOf = grow(this.loOf);
      this.hiOf = grow(this.hiOf);
      this.availOf = grow(this.availOf);
    }
    this.parentOf[nodes] = parent;
    this.idOf[nodes] = id;
    this.startOf[nodes] = start;
    this.wholeOf[nodes] = whole;
    const { bits, board } = this.source;
    if (bits && parent >= 0) {
      const kind = board.kindOf[id]!;
      this.loOf[nodes] = this.loOf[parent]! | bits.idLo[id]!;
      this.hiOf[nodes] = this.hiOf[parent]! | bits.idHi[id]!;
      this.availOf[nodes] = this.usedUp(parent, kind) ? this.availOf[parent]! & ~(1 << kind) : this.availOf[parent]!;
    } else if (bits) {
      let lo = bits.startLo;
      let hi = bits.startHi;
      board.setState(this.starts[start]!);
      let avail = 0;
      for (let k = 0; k < board.remaining.length; k++) if (board.remaining[k]! > 0) avail |= 1 << k;
      for (const placed of this.starts[start]!) {
        lo |= bits.idLo[placed]!;
        hi |= bits.idHi[placed]!;
      }
      this.loOf[nodes] = lo;
      this.hiOf[nodes] = hi;
      this.availOf[nodes] = avail;
    }
    this.count = nodes + 1;
    return nodes;
  }

  /** The placements from the empty board to `node`. */
  pathOf(node: number): number[] {
    const tail: number[] = [];
    for (let at = node; this.parentOf[at]! >= 0; at = this.parentOf[at]!) tail.push(this.idOf[at]!);
    return [...this.starts[this.startOf[node]!]!, ...tail.reverse()];
  }
}

/** The byte board kept on the last node expanded, moved to the next by the fewest placements. */
class BoardWalk {
  private readonly placed: number[] = [];
  private readonly wanted: number[] = [];

  constructor(
    private readonly board: SplitBoard,
    private readonly nodes: SampleNodes,
    private readonly starts: readonly (readonly number[])[],
  ) {}

  /** The byte board set to `node`'s, from the one before by the fewest moves. */
  moveTo(node: number): void {
    const { placed, wanted, nodes } = this;
    const { parentOf, idOf } = nodes;
    wanted.length = 0;
    let at = node;
    for (; parentOf[at]! >= 0; at = parentOf[at]!) wanted.push(idOf[at]!);
    const head = this.starts[nodes.startOf[node]!]!;
    const length = head.length + wanted.length;
    const idAt = (i: number) => (i < head.length ? head[i]! : wanted[length - 1 - i]!);
    let common = 0;
    while (common < placed.length && common < length && placed[common] === idAt(common)) common++;
    while (placed.length > common) this.board.place(placed.pop()!, 0);
    for (let i = common; i < length; i++) {
      const id = idAt(i);
      this.board.place(id, 1);
      placed.push(id);
    }
  }

  /** Takes every placement back: the board empty again. */
  clear(): void {
    while (this.placed.length > 0) this.board.place(this.placed.pop()!, 0);
  }
}

/** Writes a bitboard node's children into `into` from `at`, as the bitboard kernel orders them; returns how many. */
function expandBits(bits: BitboardTables, problem: CoverProblem, lo: number, hi: number, avail: number, into: Int32Array, at: number): number {
  if ((lo & hi) === -1) return 0;
  const kinds = problem.kindMax.length;
  const prune = problem.prune;
  const cell = lo !== -1 ? 31 - Math.clz32(~lo & (lo + 1)) : 63 - Math.clz32(~hi & (hi + 1));
  const shift = cell + 1;
  const slot = cell * bits.patterns + ((shift < 32 ? (lo >>> shift) | (hi << (32 - shift)) : shift < 64 ? hi >>> (shift - 32) : 0) & bits.windowMask);
  const base = slot * kinds;
  const { start: bucket, maskLo, maskHi, ids, notBottomLo, notBottomHi, notTopLo, notTopHi } = bits;
  const short = problem.sides[0];
  const up = 32 - short;
  let count = 0;
  for (let todo = avail & bits.kindsThere[slot]!; todo !== 0; todo &= todo - 1) {
    const kind = 31 - Math.clz32(todo & -todo);
    for (let j = bucket[base + kind]!, end = bucket[base + kind + 1]!; j < end; j++) {
      const mLo = maskLo[j]!;
      const mHi = maskHi[j]!;
      if (((mLo & lo) | (mHi & hi)) !== 0) continue;
      if (prune) {
        // As the kernel: an empty cell none of whose neighbours is empty can never be covered.
        const eLo = ~(lo | mLo);
        const eHi = ~(hi | mHi);
        const dLo = eLo & notBottomLo;
        const dHi = eHi & notBottomHi;
        const uLo = eLo & notTopLo;
        const uHi = eHi & notTopHi;
        const reachLo = (dLo << 1) | (uLo >>> 1) | (uHi << 31) | (eLo << short) | (eLo >>> short) | (eHi << up);
        const reachHi = (dHi << 1) | (dLo >>> 31) | (uHi >>> 1) | (eHi << short) | (eLo >>> up) | (eHi >>> short);
        if (((eLo & ~reachLo) | (eHi & ~reachHi)) !== 0) continue;
      }
      into[at + count++] = ids[j]!;
    }
  }
  return count;
}

/**
 * Samples the tree below `starts` level by level (Chen's stratified sampling, a stratum per start
 * and level). Each start is kept; a start's level of more than its share of `budget` nodes (in
 * proportion to the level's weight under it, at least `least`) keeps that many, drawn in
 * proportion to their weights at even steps in the search's order, each carrying an equal part of
 * the weight. The weights of a level add up to a guess of the nodes the tree has there, and the
 * samples follow the tree where it goes on (Knuth's lone walks mostly end in dead ends and miss
 * the rare branches that hold most of a subtree). Calls `found` with each node kept whole (every
 * start, and levels small enough to keep) and the nodes guessed below it.
 */
export function sampleBelow(
  source: SampleSource,
  starts: readonly (readonly number[])[],
  budget: number,
  least: number,
  found: (prefix: number[], below: number) => void,
): void {
  const { problem, board, bits, random } = source;
  const { widest } = board;
  const nodes = new SampleNodes(source, starts);
  const walk = new BoardWalk(board, nodes, starts);
  /** Writes `node`'s children into `into` from `at`, in the kernel's order; returns how many. */
  const expand = (node: number, into: Int32Array, at: number): number => {
    if (!bits) {
      walk.moveTo(node);
      return board.fittingInto(into.subarray(at));
    }
    return expandBits(bits, problem, nodes.loOf[node]!, nodes.hiOf[node]!, nodes.availOf[node]!, into, at);
  };
  // The nodes kept whole: the node, the whole one above it, and the nodes guessed below it.
  const wholes: number[] = [];
  const wholeParent: number[] = [];
  const below: number[] = [];
  const keepWhole = (node: number, parentWhole: number) => {
    nodes.wholeOf[node] = wholes.length;
    wholes.push(node);
    wholeParent.push(parentWhole);
    below.push(0);
  };
  let particles: number[] = [];
  let weights: number[] = [];
  starts.forEach((_, start) => {
    const node = nodes.add(-1, -1, start, 0);
    keepWhole(node, -1);
    particles.push(node);
    weights.push(1);
  });
  let kids = new Int32Array(Math.max(1024, 4 * widest));
  const ends: number[] = [];
  while (particles.length > 0) {
    let count = 0;
    let level = 0;
    ends.length = 0;
    for (let i = 0; i < particles.length; i++) {
      if (kids.length < count + widest) {
        const grown = new Int32Array(2 * (count + widest));
        grown.set(kids.subarray(0, count));
        kids = grown;
      }
      const n = expand(particles[i]!, kids, count);
      count += n;
      ends.push(count);
      level += weights[i]! * n;
      below[nodes.wholeOf[particles[i]!]!]! += weights[i]! * n;
    }
    if (count === 0) break;
    const next: number[] = [];
    const nextWeights: number[] = [];
    // A stratum: the particles below one node kept whole (and no other below it), which lie together.
    for (let from = 0; from < particles.length; ) {
      const stratum = nodes.wholeOf[particles[from]!]!;
      const start = nodes.startOf[particles[from]!]!;
      let to = from;
      let weight = 0;
      for (; to < particles.length && nodes.wholeOf[particles[to]!] === stratum; to++) weight += weights[to]! * (ends[to]! - (to === 0 ? 0 : ends[to - 1]!));
      const first = from === 0 ? 0 : ends[from - 1]!;
      const fair = (budget * weight) / level;
      const share = Math.max(least, Math.ceil(fair));
      if (ends[to - 1]! - first <= share) {
        // Within its fair share, a stratum's nodes are all kept, and kept whole when they are its
        // start's children or grandchildren and so on (each then a stratum of its own).
        const whole = ends[to - 1]! - first <= fair && to === from + 1 && weights[from] === 1 && wholes[stratum] === particles[from];
        for (let i = from, k = first; i < to; i++) {
          const parent = particles[i]!;
          for (; k < ends[i]!; k++) {
            const node = nodes.add(parent, kids[k]!, start, stratum);
            if (whole) keepWhole(node, stratum);
            next.push(node);
            nextWeights.push(weights[i]!);
          }
        }
      } else if (weight > 0) {
        const step = weight / share;
        let point = (random() / 4294967296) * step;
        let before = 0;
        for (let i = from; i < to; i++) {
          const w = weights[i]!;
          const low = i === 0 ? 0 : ends[i - 1]!;
          const end = before + w * (ends[i]! - low);
          let last = -1;
          for (; point < end; point += step) {
            const k = low + Math.min(ends[i]! - low - 1, Math.floor((point - before) / w));
            // Drawn twice: one sample of twice the weight.
            if (k === last) nextWeights[nextWeights.length - 1]! += step;
            else {
              next.push(nodes.add(particles[i]!, kids[k]!, start, nodes.wholeOf[particles[i]!]!));
              nextWeights.push(step);
            }
            last = k;
          }
          before = end;
        }
      }
      from = to;
    }
    particles = next;
    weights = nextWeights;
  }
  walk.clear();
  // Children were kept after their parents: add each one's count to its parent's, last first.
  for (let w = wholes.length - 1; w >= 0; w--) {
    const parent = wholeParent[w]!;
    if (parent >= 0) below[parent]! += below[w]!;
  }
  for (let w = 0; w < wholes.length; w++) found(nodes.pathOf(wholes[w]!), below[w]!);
}
