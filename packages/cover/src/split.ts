import { type BitboardTables, bitboardTables } from './bitboard-tables.js';
import type { PreparedSearch } from './engine.js';
import type { SearchRoot } from './plan.js';
import { boxNeighbours } from './wide-kernel.js';

/** Nodes a level when every task of a split is sampled at once (each gets its share by weight). */
const SAMPLE = 65536;
/** Cells times pieces that SAMPLE nodes a level are sized for: bigger searches sample fewer (a node costs a scan of the board). */
const SAMPLE_SCALE = 64 * 16;

/** A search cut into tasks of about equal work, for threads or queue jobs. */
export interface SplitRoots {
  /** The tasks, in the search's order (their packings in task order are the whole search's). */
  roots: SearchRoot[];
  /** Placements made while cutting, counted as tries. */
  tries: number;
  /** A subtree's children, in the kernel's order (each a try); none one piece from the end. */
  parts(root: SearchRoot): SearchRoot[];
  /** A seeded guess of the tries below a subtree. */
  estimate(root: SearchRoot): number;
}

/**
 * Cuts the search into independent subtrees for several workers: the roots are expanded one level
 * at a time (children in the kernel's own order, so solutions keep the single-thread order) until
 * there are at least `target` of them. Deterministic: every worker computes the same list.
 * Returns the subtrees and the placements made while expanding (counted as tries once), and how to
 * cut a subtree one level deeper, and to guess its size, for a host that balances the split.
 */
export function splitRoots(prepared: PreparedSearch, target: number): SplitRoots {
  const { problem, plan } = prepared;
  if (!prepared.feasible) return { roots: [{ prefix: [], check: [] }], tries: 0, parts: () => [], estimate: () => 0 };
  const { size, placements, maxPieces: pieces, prune } = problem;
  const kinds = problem.kindMax.length;
  const byFirstCell: number[][] = Array.from({ length: size }, () => []);
  placements.forEach((placement, id) => {
    if (plan.enabled[id]) byFirstCell[placement.cells[0]!]!.push(id);
  });
  // Ids are numbered kind by kind, so ascending ids are the kernel's kind-major order.
  const neighbours = boxNeighbours(problem.sides);
  const cellsOf = placements.map((placement) => Int32Array.from(placement.cells));
  const kindOf = Int32Array.from(placements, (placement) => placement.kind);
  // The cells next to a placement: where placing it may cut off an empty cell.
  const borderOf = placements.map((placement) => {
    const inside = new Set(placement.cells);
    return Int32Array.from(new Set(placement.cells.flatMap((cell) => Array.from(neighbours[cell]!).filter((n) => !inside.has(n)))));
  });
  const around = neighbours;
  const occupied = new Uint8Array(size);
  const remaining = new Int32Array(kinds);
  const place = (id: number, value: 0 | 1) => {
    for (const cell of cellsOf[id]!) occupied[cell] = value;
    remaining[kindOf[id]!]! += value ? -1 : 1;
  };
  const setState = (prefix: readonly number[]) => {
    occupied.set(problem.hole);
    for (let k = 0; k < kinds; k++) remaining[k] = problem.kindMax[k]!;
    for (const id of prefix) place(id, 1);
  };
  /** Whether placement `id` (placed) leaves an empty cell with no empty neighbour. */
  const cutsOff = (id: number): boolean => {
    for (const n of borderOf[id]!) {
      if (occupied[n]) continue;
      let isolated = true;
      for (const m of around[n]!) {
        if (!occupied[m]) {
          isolated = false;
          break;
        }
      }
      if (isolated) return true;
    }
    return false;
  };
  // A loop, not Math.max(...): a million-cell board has a million lists, past the call stack's arguments.
  const widest = byFirstCell.reduce((most, list) => Math.max(most, list.length), 1);
  const buffer = new Int32Array(widest);
  /** Writes into `into` the placements the kernel tries at the first empty cell, in its order; returns how many. */
  const fittingInto = (into: Int32Array): number => {
    let first = 0;
    while (first < size && occupied[first]) first++;
    if (first === size) return 0;
    let count = 0;
    for (const id of byFirstCell[first]!) {
      if (remaining[kindOf[id]!] === 0) continue;
      const cells = cellsOf[id]!;
      let free = true;
      for (const cell of cells) {
        if (occupied[cell]) {
          free = false;
          break;
        }
      }
      if (!free) continue;
      if (prune) {
        for (const cell of cells) occupied[cell] = 1;
        const cut = cutsOff(id);
        for (const cell of cells) occupied[cell] = 0;
        if (cut) continue;
      }
      into[count++] = id;
    }
    return count;
  };
  // A subtree's children by its prefix: a path's parts are asked for again and again (for each
  // path below it), and only along cuts, so the cut nodes' lists are kept.
  const known = new Map<string, number[]>();
  const childIds = (prefix: readonly number[]): number[] => {
    const key = prefix.join(',');
    let ids = known.get(key);
    if (!ids) {
      setState(prefix);
      ids = Array.from(buffer.subarray(0, fittingInto(buffer)));
      known.set(key, ids);
    }
    return ids;
  };
  const children = (root: SearchRoot): SearchRoot[] => childIds(root.prefix).map((id) => ({ prefix: [...root.prefix, id], check: root.check }));

  let seed = 1;
  const random = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    seed >>>= 0;
    return seed;
  };
  // Planes of up to 64 cells: the sampler expands nodes as the bitboard kernel does (the same
  // placements in the same order, several times faster than the byte board above). Boxes use
  // the byte board: the bit shifts below know only a plane's four neighbours.
  let bits: BitboardTables | undefined;
  const single = problem.kindMax.every((count) => count === 1);

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
  const sampleBelow = (starts: readonly (readonly number[])[], budget: number, least: number, found: (prefix: number[], below: number) => void) => {
    // Every node sampled: its parent (-1 for a start), placement, start, the node kept whole it
    // counts for, and (bitboards) its board and the kinds still in hand.
    let parentOf = new Int32Array(4096);
    let idOf = new Int32Array(4096);
    let startOf = new Int32Array(4096);
    let wholeOf = new Int32Array(4096);
    let loOf = new Int32Array(4096);
    let hiOf = new Int32Array(4096);
    let availOf = new Int32Array(4096);
    let nodes = 0;
    const grow = (a: Int32Array) => {
      const b = new Int32Array(2 * a.length);
      b.set(a);
      return b;
    };
    /** Kind `kind` is used up below `parent` once `used` more of it are placed (walks the path). */
    const usedUp = (parent: number, kind: number): boolean => {
      if (single) return true;
      let used = 1;
      let at = parent;
      for (; parentOf[at]! >= 0; at = parentOf[at]!) if (kindOf[idOf[at]!] === kind) used++;
      for (const id of starts[startOf[at]!]!) if (kindOf[id] === kind) used++;
      return used >= problem.kindMax[kind]!;
    };
    const addNode = (parent: number, id: number, start: number, whole: number): number => {
      if (nodes === parentOf.length) {
        parentOf = grow(parentOf);
        idOf = grow(idOf);
        startOf = grow(startOf);
        wholeOf = grow(wholeOf);
        loOf = grow(loOf);
        hiOf = grow(hiOf);
        availOf = grow(availOf);
      }
      parentOf[nodes] = parent;
      idOf[nodes] = id;
      startOf[nodes] = start;
      wholeOf[nodes] = whole;
      if (bits && parent >= 0) {
        const kind = kindOf[id]!;
        loOf[nodes] = loOf[parent]! | bits.idLo[id]!;
        hiOf[nodes] = hiOf[parent]! | bits.idHi[id]!;
        availOf[nodes] = usedUp(parent, kind) ? availOf[parent]! & ~(1 << kind) : availOf[parent]!;
      } else if (bits) {
        let lo = bits.startLo;
        let hi = bits.startHi;
        setState(starts[start]!);
        let avail = 0;
        for (let k = 0; k < kinds; k++) if (remaining[k]! > 0) avail |= 1 << k;
        for (const placed of starts[start]!) {
          lo |= bits.idLo[placed]!;
          hi |= bits.idHi[placed]!;
        }
        loOf[nodes] = lo;
        hiOf[nodes] = hi;
        availOf[nodes] = avail;
      }
      return nodes++;
    };
    const placed: number[] = [];
    const wanted: number[] = [];
    /** The byte board set to `node`'s, from the one before by the fewest moves. */
    const moveTo = (node: number) => {
      wanted.length = 0;
      let at = node;
      for (; parentOf[at]! >= 0; at = parentOf[at]!) wanted.push(idOf[at]!);
      const head = starts[startOf[node]!]!;
      const length = head.length + wanted.length;
      const idAt = (i: number) => (i < head.length ? head[i]! : wanted[length - 1 - i]!);
      let common = 0;
      while (common < placed.length && common < length && placed[common] === idAt(common)) common++;
      while (placed.length > common) place(placed.pop()!, 0);
      for (let i = common; i < length; i++) {
        const id = idAt(i);
        place(id, 1);
        placed.push(id);
      }
    };
    /** Writes `node`'s children into `into` from `at`, in the kernel's order; returns how many. */
    const expand = (node: number, into: Int32Array, at: number): number => {
      if (!bits) {
        moveTo(node);
        return fittingInto(into.subarray(at));
      }
      const lo = loOf[node]!;
      const hi = hiOf[node]!;
      if ((lo & hi) === -1) return 0;
      const cell = lo !== -1 ? 31 - Math.clz32(~lo & (lo + 1)) : 63 - Math.clz32(~hi & (hi + 1));
      const shift = cell + 1;
      const slot = cell * bits.patterns + ((shift < 32 ? (lo >>> shift) | (hi << (32 - shift)) : shift < 64 ? hi >>> (shift - 32) : 0) & bits.windowMask);
      const base = slot * kinds;
      const { start: bucket, maskLo, maskHi, ids, notBottomLo, notBottomHi, notTopLo, notTopHi } = bits;
      const short = problem.sides[0];
      const up = 32 - short;
      let count = 0;
      for (let todo = availOf[node]! & bits.kindsThere[slot]!; todo !== 0; todo &= todo - 1) {
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
    };
    // The nodes kept whole: the node, the whole one above it, and the nodes guessed below it.
    const wholes: number[] = [];
    const wholeParent: number[] = [];
    const below: number[] = [];
    const keepWhole = (node: number, parentWhole: number) => {
      wholeOf[node] = wholes.length;
      wholes.push(node);
      wholeParent.push(parentWhole);
      below.push(0);
    };
    let particles: number[] = [];
    let weights: number[] = [];
    starts.forEach((_, start) => {
      const node = addNode(-1, -1, start, 0);
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
        below[wholeOf[particles[i]!]!]! += weights[i]! * n;
      }
      if (count === 0) break;
      const next: number[] = [];
      const nextWeights: number[] = [];
      // A stratum: the particles below one node kept whole (and no other below it), which lie together.
      for (let from = 0; from < particles.length; ) {
        const stratum = wholeOf[particles[from]!]!;
        const start = startOf[particles[from]!]!;
        let to = from;
        let weight = 0;
        for (; to < particles.length && wholeOf[particles[to]!] === stratum; to++) weight += weights[to]! * (ends[to]! - (to === 0 ? 0 : ends[to - 1]!));
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
              const node = addNode(parent, kids[k]!, start, stratum);
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
                next.push(addNode(particles[i]!, kids[k]!, start, wholeOf[particles[i]!]!));
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
    while (placed.length > 0) place(placed.pop()!, 0);
    // Children were kept after their parents: add each one's count to its parent's, last first.
    for (let w = wholes.length - 1; w >= 0; w--) {
      const parent = wholeParent[w]!;
      if (parent >= 0) below[parent]! += below[w]!;
    }
    const pathOf = (node: number): number[] => {
      const tail: number[] = [];
      for (let at = node; parentOf[at]! >= 0; at = parentOf[at]!) tail.push(idOf[at]!);
      return [...starts[startOf[node]!]!, ...tail.reverse()];
    };
    for (let w = 0; w < wholes.length; w++) found(pathOf(wholes[w]!), below[w]!);
  };
  const reseed = (prefix: readonly number[]) => {
    seed = 0x9e3779b9;
    for (const id of prefix) seed = Math.imul(seed ^ (id + 1), 0x85ebca6b) >>> 0;
    seed = seed || 1;
  };

  // A full board is a leaf; with ranges of counts it may hold fewer than the most pieces.
  const isFull = (prefix: readonly number[]): boolean => {
    if (prefix.length >= pieces) return true;
    if (!problem.ranges) return false;
    setState(prefix);
    return occupied.every((cell) => cell !== 0);
  };
  let tries = 0;
  let roots = plan.roots;
  while (roots.length < target) {
    if (roots.every((root) => root.prefix.length >= pieces - 1 || isFull(root.prefix))) break;
    roots = roots.flatMap((root) => {
      if (isFull(root.prefix)) return [root];
      const kids = children(root);
      tries += kids.length;
      return kids;
    });
  }
  /**
   * The estimates: every task sampled at once with SAMPLE nodes a level, so each gets its share of
   * samples by its weight; a task's parts, when it is cut, sampled from it with as many a level as
   * its share of those (at least one per part, kept until its end). Every node kept whole in a
   * sample is remembered, so many parts are known before they are asked for. Each figure depends on
   * the path alone (a sample is seeded by the path it starts from), so every machine plans the same.
   */
  const guessed = new Map<string, number>();
  let density = 0;
  let all = 0;
  // The first sample to keep a node whole gives its figure: its ancestors' samples, nearest the
  // root first (each asks for its parent's figure first), so the order of asking does not matter.
  const remember = (prefix: number[], below: number) => {
    const key = prefix.join(',');
    if (!guessed.has(key)) guessed.set(key, below);
  };
  const estimate = (root: SearchRoot): number => {
    if (guessed.size === 0) {
      if (prepared.kernel !== 'wide' && problem.sides[2] === 1) bits = bitboardTables(problem, plan.enabled);
      reseed([]);
      const sample = Math.max(64, Math.floor((SAMPLE * SAMPLE_SCALE) / Math.max(SAMPLE_SCALE, size * pieces)));
      sampleBelow(roots.map((r) => r.prefix), sample, 1, remember);
      for (const r of roots) all += guessed.get(r.prefix.join(','))!;
      density = sample / Math.max(1, all);
    }
    const key = root.prefix.join(',');
    const found = guessed.get(key);
    if (found !== undefined) return found;
    if (root.prefix.length === 0) return all;
    const parent = root.prefix.slice(0, -1);
    const mass = estimate({ prefix: parent, check: [] });
    const known = guessed.get(key);
    if (known !== undefined) return known;
    const kids = childIds(parent);
    reseed(parent);
    sampleBelow(kids.map((id) => [...parent, id]), Math.ceil(mass * density), 1, remember);
    return guessed.get(key) ?? 0;
  };
  return {
    roots,
    tries,
    // Subtrees one piece from the end are not cut: nothing is left below them to share.
    parts: (root) => (root.prefix.length >= pieces - 1 ? [] : children(root)),
    estimate,
  };
}
