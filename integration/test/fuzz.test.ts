// Every input parser of every plugin, fed random and mutated text: each input gives an instance or
// a clean InputError (one safe line), never a TypeError, a RangeError or a hang. Parsers run as
// the hosts run them: core's parseOptions, then the plugin's parse.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { isInputError, type TextFile } from '@kit/core';
import { parseOptions, type AnyPlugin, type RawOptions } from '@kit/core/host';
import { formatInputError } from '@kit/core/messages';
import pentomino from '@kit/pentomino/plugin';
import katamino from '@kit/katamino/plugin';
import polycube from '@kit/polycube/plugin';
import puyo from '@kit/puyo/plugin';
import hitori from '@kit/hitori-sat/plugin';
import sudoku from 'kit-plugin-sudoku/plugin';

// A fixed seed, so a failure in CI is the same failure on a laptop (the seed is printed with it).
const SEED = 20261130;
const RUNS = Number(process.env['KIT_FUZZ_RUNS'] ?? 1500);

interface Format {
  plugin: AnyPlugin;
  /** Good inputs of the format: mutations start from these. */
  seeds: string[];
  /** The text as the host would hand it over. */
  call(text: string): { raw: RawOptions; input?: TextFile };
  /** Characters that matter to the format, mixed into random text. */
  alphabet: string;
}

const file = (text: string): TextFile => ({ name: 'input.txt', text });

/** `cubes` cubes in two 8-wide layers, filled row by row from one corner: room for any small piece. */
function slab(cubes: number): string {
  const n = Math.max(1, Math.min(200, cubes));
  const layer = (count: number) =>
    Array.from({ length: 13 }, (_, row) => [...'........'].map((_c, col) => (row * 8 + col < count ? '.' : '#')).join('')).join('\n');
  return `${layer(Math.ceil(n / 2))}\n\n${layer(Math.floor(n / 2))}\n`;
}

const FORMATS: Record<string, Format> = {
  'pentomino board': {
    plugin: pentomino,
    seeds: [`${'.'.repeat(10)}\n`.repeat(6), '...###...\n'.repeat(3) + '.........\n'.repeat(4), '#..#\n....\n....\n'],
    // Monominoes as many as the board has cells, so a good board passes the area check too.
    call: (text) => ({ raw: { 'piece-file': file('A\n'), pieces: 'A'.repeat(Math.min(400, [...text].filter((c) => c === '.').length)) }, input: file(text) }),
    alphabet: '.# \n\r\tx',
  },
  'pentomino piece file': {
    plugin: pentomino,
    seeds: ['IIII  OO  TTT  SS.  L.\n      OO  .T.  .SS  L.\n                    LL\n', '// tetrominoes\nAB\nAB\n\nCC\n', 'X\n'],
    // A one-row board as long as the pieces' cells (roughly counted), so good files reach the end.
    call: (text) => ({ raw: { 'piece-file': file(text) }, input: file(`${'.'.repeat(Math.max(1, text.replace(/\/\/.*$|[.\s]/gm, '').length))}\n`) }),
    alphabet: '.# \n/ABXO',
  },
  'pentomino --pieces': {
    plugin: pentomino,
    seeds: ['FILNPTUVWXYZ', 'FFILL', 'f, i, l'],
    call: (text) => ({ raw: { pieces: text }, input: file(`${'.'.repeat(Math.max(1, 5 * text.replace(/[\s,]/g, '').length))}\n`) }),
    alphabet: 'FILNPTUVWXYZfilnq, ',
  },
  'katamino --pieces': {
    plugin: katamino,
    seeds: ['LNPUVY', 'FILNPTUVWXYZ', 'l n p'],
    call: (text) => ({ raw: { pieces: text } }),
    alphabet: 'FILNPTUVWXYZ, q',
  },
  'katamino --challenge': {
    plugin: katamino,
    seeds: ['small-slam', 'small-slam:A', 'ultimate:L', 'slam:n'],
    call: (text) => ({ raw: { challenge: text } }),
    alphabet: 'smal-tiuA:BZ ',
  },
  'katamino --n': {
    plugin: katamino,
    seeds: ['5', '3-12', ' 4 - 6 '],
    call: (text) => ({ raw: { n: text } }),
    alphabet: '0123456789- ',
  },
  'polycube target layers': {
    plugin: polycube,
    seeds: ['...\n...\n...\n\n...\n...\n...\n\n...\n...\n...\n', '.....\n.....\n.....\n\n.....\n.###.\n.....\n', '#..\n...\n\n// top\n...\n..#\n'],
    // One-cube pieces as many as the target has cubes, so a good target reaches the search's checks.
    call: (text) => ({
      raw: { 'piece-file': file('A\n'), pieces: 'A'.repeat(Math.max(1, Math.min(400, [...text].filter((c) => c === '.').length))) },
      input: file(text),
    }),
    alphabet: '.# \n\r-/x',
  },
  'polycube piece file': {
    plugin: polycube,
    seeds: ['VV LLL TTT ZZ.  AA BB PP\nV. L.. .T. .ZZ  A. .B P.\n\n.. ... ... ...  .A B. P.\n.. ... ... ...  .. .. ..\n', 'AA\n---\nBB\n', 'A\n\nA\n'],
    // A two-layer target with as many cubes as the pieces (roughly counted), so good files reach the end.
    call: (text) => ({ raw: { 'piece-file': file(text) }, input: file(slab(text.replace(/\/\/.*$|[.\s-]/gm, '').length)) }),
    alphabet: '.AB1 \n-/#',
  },
  'polycube BurrTools file': {
    plugin: polycube,
    seeds: [
      '<?xml version="1.0"?>\n<puzzle version="2">\n <gridType type="0"/>\n <colors/>\n <shapes>\n  <voxel x="2" y="1" z="1" type="0">##</voxel>\n  <voxel x="1" y="1" z="1" name="A" type="0">#</voxel>\n </shapes>\n <problems>\n  <problem name="P" state="0">\n   <shapes>\n    <shape id="1" min="1" max="2"/>\n   </shapes>\n   <result id="0"/>\n   <bitmap/>\n  </problem>\n </problems>\n <comment/>\n</puzzle>\n',
      '<puzzle version="1"><shapes><voxel x="1" y="1" z="1" type="0">#1</voxel></shapes><problems><problem><shapes><shape id="0"/></shapes><result id="0"/></problem></problems></puzzle>',
    ],
    call: (text) => ({ raw: {}, input: { name: 'input.xmpuzzle', text } }),
    alphabet: '<>/="#_+0123456789 xyzidshapevoxlmnrtubgcp',
  },
  'polycube --box': {
    plugin: polycube,
    seeds: ['3x3x3', '3 X 3 * 3', '3X3X3'],
    call: (text) => ({ raw: { set: 'soma', box: text } }),
    alphabet: '0123456789xX* ',
  },
  'polycube --pieces': {
    plugin: polycube,
    seeds: ['VLTZABP', 'vltzabp', 'P, B, A, Z, T, L, V'],
    call: (text) => ({ raw: { set: 'soma', pieces: text } }),
    alphabet: 'VLTZABPvlt, Q',
  },
  'puyo field': {
    plugin: puyo,
    seeds: ['R.....\nG.....\nG.....\nGRRR..\n', ' YGYRR\nR YGYG\nGYGYRR\n', 'OOOOOO\n'],
    call: (text) => ({ raw: {}, input: file(text) }),
    alphabet: 'RGBYPO. \n',
  },
  'puyo share string': {
    plugin: puyo,
    seeds: ['https://puyop.com/s/420Aa9r9hj', 'http://www.puyop.com/s/420Aa9r9hj_0a1b', 'https://puyonexus.com/chainsim/?w=6&h=12&chain=400000475681'],
    call: (text) => ({ raw: { url: text } }),
    alphabet: 'https:/puyop.com?&=_0a9AZ',
  },
  'hitori PencilBox': {
    plugin: hitori,
    seeds: ['3\n3\n1 2 3\n2 3 1\n3 1 2\n', '2\n2\n1 1\n1 1\n'],
    call: (text) => ({ raw: { format: 'pencilbox' }, input: file(text) }),
    alphabet: '0123456789 -\n',
  },
  'hitori puzz.link': {
    plugin: hitori,
    seeds: ['https://puzz.link/p?hitori/4/4/1213343233412131', 'http://pzv.jp/p.html?hitori/3/1/z.-10', 'https://puzz.link/p?hitori/4/2/1.z-10-2s..7'],
    call: (text) => ({ raw: { format: 'puzz.link' }, input: file(text) }),
    alphabet: 'hitor/?.-0123456789az',
  },
  'hitori Singles': {
    plugin: hitori,
    seeds: ['4x4:1213343233412131', '3x1:9aZ', '2x2:1221'],
    call: (text) => ({ raw: { format: 'singles' }, input: file(text) }),
    alphabet: '0123456789x:dkaZ',
  },
  'hitori plain grid': {
    plugin: hitori,
    seeds: ['1 2 3\n2 3 1\n3 1 2\n', '1 1\n1 1\n'],
    call: (text) => ({ raw: { format: 'grid' }, input: file(text) }),
    alphabet: '0123456789 \n',
  },
  'hitori (detected)': {
    plugin: hitori,
    seeds: ['3\n3\n1 2 3\n2 3 1\n3 1 2\n', '4x4:1213343233412131', 'https://puzz.link/p?hitori/4/4/1213343233412131', '1 2\n2 1\n'],
    call: (text) => ({ raw: {}, input: file(text) }),
    alphabet: '0123456789 x:\n/?',
  },
  'hitori --fill pattern': {
    plugin: hitori,
    seeds: ['3\n3\n0 1 0\n1 0 1\n2 1 0\n', '0 2 1 0\n1 0 2 2\n2 0 1 2\n0 2 0 0\n'],
    call: (text) => ({ raw: { fill: file(text) } }),
    alphabet: '0123 \n',
  },
  'hitori --generate size': {
    plugin: hitori,
    seeds: ['5x5', '10x7', '3x3'],
    call: (text) => ({ raw: { generate: text } }),
    alphabet: '0123456789x ',
  },
  'sudoku file': {
    plugin: sudoku,
    seeds: [
      '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..\n',
      '8.. ... ...\n..3 6.. ...\n.7. .9. 2..\n---+---+---\n.5. ..7 ...\n... .45 7..\n... 1.. .3.\n---+---+---\n..1 ... .68\n..8 5.. .1.\n.9. ... 4..\n',
    ],
    call: (text) => ({ raw: {}, input: file(text) }),
    alphabet: '.0123456789AG-+| \n',
  },
  'sudoku --cells': {
    plugin: sudoku,
    seeds: ['8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..'],
    call: (text) => ({ raw: { cells: text } }),
    alphabet: '.0123456789AG',
  },
};

/** A text: random over the format's alphabet (plus anything), or a seed mutated a few times. */
function inputs(format: Format): fc.Arbitrary<string> {
  const char = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...format.alphabet) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
    { weight: 1, arbitrary: fc.constantFrom('\u0000', '\u001b', '\u007f', '\u009b', '\ufeff', '\r', '\t', '99999999999999999999', '-1', '1e9') },
  );
  const text = fc.array(char, { maxLength: 120 }).map((parts) => parts.join(''));
  const mutation = fc.tuple(fc.nat(), fc.nat(4), fc.oneof(char, fc.constant(''))).map(([at, kind, piece]) => (seed: string) => {
    const i = seed.length === 0 ? 0 : at % (seed.length + 1);
    switch (kind) {
      case 0:
        return seed.slice(0, i) + piece + seed.slice(i); // insert
      case 1:
        return seed.slice(0, i) + piece + seed.slice(i + 1); // replace
      case 2:
        return seed.slice(0, i) + seed.slice(i + 1 + (at % 7)); // delete a run
      case 3:
        return seed.slice(0, i); // truncate
      default:
        return seed.slice(0, i) + seed.slice(i).replace(/\d+/, (n) => `${n}${n}${n}`); // grow a number
    }
  });
  const mutated = fc
    .tuple(fc.constantFrom(...format.seeds), fc.array(mutation, { minLength: 1, maxLength: 5 }))
    .map(([seed, steps]) => steps.reduce((text, step) => step(text), seed));
  return fc.oneof(text, mutated, mutated);
}

const tried = new Map<string, { inputs: number; refused: number }>();

describe('every input parser, fed random and mutated text', () => {
  it.each(Object.keys(FORMATS))('%s: an instance or a clean InputError', (name) => {
    const format = FORMATS[name]!;
    const count = { inputs: 0, refused: 0 };
    tried.set(name, count);
    // The good seeds parse: the mutations start from real inputs.
    for (const seed of format.seeds) {
      const { raw, input } = format.call(seed);
      expect(() => format.plugin.parse(parseOptions(format.plugin.options, raw), input), `${name}: ${JSON.stringify(seed)}`).not.toThrow();
    }
    fc.assert(
      fc.property(inputs(format), (text) => {
        count.inputs++;
        const { raw, input } = format.call(text);
        try {
          format.plugin.parse(parseOptions(format.plugin.options, raw), input);
        } catch (error) {
          if (!isInputError(error)) throw error;
          count.refused++;
          const line = formatInputError(error);
          // One line a terminal cannot be tricked by, whatever the input held.
          if (/[\u0000-\u001f\u007f-\u009f]/.test(line) || line.length > 460) throw new Error(`unsafe message: ${JSON.stringify(line)}`);
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
    // Most mutations break the input: the test really tries bad inputs.
    expect(count.refused).toBeGreaterThan(RUNS / 4);
  });
});

afterAll(() => {
  // The closing note's figures: how many inputs each format was fed, and how many it refused.
  const rows = [...tried].map(
    ([name, { inputs, refused }]) => `  ${name.padEnd(24)} ${String(inputs).padStart(6)} tried, ${String(refused).padStart(6)} refused`,
  );
  console.log(`fuzz (seed ${SEED}):\n${rows.join('\n')}`);
});
