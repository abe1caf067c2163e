// BurrTools files: one written by BurrTools itself (plain and gzipped through its own writer), a
// hand-written one with two problems and piece ranges, and every feature polycube refuses.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { TextFile } from '@kit/core';
import { parseOptions, type RawOptions } from '@kit/core/host';
import { describe, expect, it } from 'vitest';
import { parseBurrTools } from '../src/burrtools.js';
import { prepare, runAll } from '../src/engine.js';
import plugin from '../src/plugin.js';
import { selectPieces } from '../src/pieces.js';
import { errorOf } from '@kit/tooling/testing';

const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url));
const text = (name: string) => fixture(name).toString('utf8');
const instanceFrom = (raw: RawOptions, input?: TextFile) => plugin.parse(parseOptions(plugin.options, raw), input);
const count = (instance: ReturnType<typeof instanceFrom>, symmetry = instance.symmetry) =>
  runAll(prepare(instance.target, instance.pieces, { symmetry })).solutions;

/** A puzzle in BurrTools' layout around the given shapes and problem body. */
const puzzle = (body: { grid?: string; colors?: string; shapes?: string; problem?: string }) => `<?xml version="1.0"?>
<puzzle version="2">
 ${body.grid ?? '<gridType type="0"/>'}
 <colors>${body.colors ?? ''}</colors>
 <shapes>
  ${body.shapes ?? '<voxel x="2" y="1" z="1" type="0">##</voxel>\n  <voxel x="1" y="1" z="1" type="0">#</voxel>'}
 </shapes>
 <problems>
  <problem name="P" state="0">
   ${body.problem ?? '<shapes><shape id="1" count="2"/></shapes><result id="0"/><bitmap/>'}
  </problem>
 </problems>
 <comment/>
</puzzle>
`;

describe('BurrTools files', () => {
  it('opens the Soma cube as BurrTools saved it, plain and gzipped, and finds its 240 assemblies', () => {
    const plain = instanceFrom({}, { name: 'soma.xmpuzzle', text: text('soma-burrtools.xmpuzzle') });
    expect(plain).toMatchObject({ name: '3x3x3', source: 'soma.xmpuzzle problem 1 (soma)' });
    expect(plain.legend).toEqual(['V = S2 V', 'L = S3 L', 'T = S4 T', 'Z = S5 Z', 'A = S6 A', 'B = S7 B', 'P = S8 P']);
    expect(count(plain)).toBe(240);
    // The gzipped file, as the host hands it over once decompressed.
    const gzipped = fixture('soma-burrtools-gzip.xmpuzzle');
    expect([gzipped[0], gzipped[1]]).toEqual([0x1f, 0x8b]);
    expect(instanceFrom({}, { name: 'soma.xmpuzzle', text: gunzipSync(gzipped).toString('utf8') })).toEqual(plain);
  });

  it('reads a chosen problem, ranges of counts and a result with hole-only margins', { timeout: 120_000 }, () => {
    const file = { name: 'tetracubes.xmpuzzle', text: text('tetracubes.xmpuzzle') };
    const all = instanceFrom({}, file);
    expect(all).toMatchObject({ name: '4x4x2', source: 'tetracubes.xmpuzzle problem 1 (All eight) of 2' });
    expect(count(all)).toBe(695);
    const four = instanceFrom({ problem: '2' }, file);
    expect(four).toMatchObject({ name: '4x2x2', source: 'tetracubes.xmpuzzle problem 2 (Any four) of 2' });
    expect(four.pieces.kinds.every((kind) => kind.min === 0 && kind.max === 1)).toBe(true);
    // With ranges, every packing is the sum over the subsets that can fill it, one at a time.
    let sum = 0;
    const names = four.pieces.kinds.map((kind) => kind.name);
    for (let mask = 0; mask < 256; mask++) {
      const chosen = names.filter((_, i) => mask & (1 << i));
      if (chosen.length !== 4) continue;
      sum += runAll(prepare(four.target, selectPieces(four.pieces, chosen.join('')), { symmetry: 'none' })).solutions;
    }
    expect(sum).toBeGreaterThan(0);
    expect(count(four, 'none')).toBe(sum);
    expect(errorOf(() => instanceFrom({ problem: '3' }, file))).toBe('tetracubes.xmpuzzle: --problem 3: the file has 2 problems (1 to 2)');
  });

  it.each([
    [
      'neither gzip nor XML',
      'PK\u0003\u0004 zip data',
      'x.xmpuzzle: not a BurrTools puzzle: the file is neither gzip-compressed nor XML (it starts with "PK\\u0003\\u0004 zip data")',
    ],
    [
      'XML that is not well formed',
      '<?xml version="1.0"?>\n<puzzle version="2">\n <shapes>\n</puzzle>\n',
      'x.xmpuzzle:4:1: not well-formed XML: Missing end tag for element shapes',
    ],
    ['another root', '<?xml version="1.0"?>\n<svg/>\n', 'x.xmpuzzle:2: not a BurrTools puzzle: the root element is <svg>, not <puzzle>'],
    [
      'another grid',
      puzzle({ grid: '<gridType type="2"/>' }),
      'x.xmpuzzle:3: the puzzle is on the grid of spheres (BurrTools grid type 2); polycube packs cubes only (grid type 0)',
    ],
    [
      'piece groups',
      puzzle({ problem: '<shapes><shape id="1" count="2" group="1"/></shapes><result id="0"/>' }),
      'x.xmpuzzle:11: problem 1 (P) puts pieces in groups, which only matter to disassembly; polycube counts assemblies and does not disassemble',
    ],
    [
      'stored disassemblies',
      puzzle({
        problem:
          '<shapes><shape id="1" count="2"/></shapes><result id="0"/><solutions><solution><assembly>0 0 0 0</assembly><separation/></solution></solutions>',
      }),
      'x.xmpuzzle:10: problem 1 (P) asks for disassembly (its stored solutions have disassembly plans); polycube counts assemblies and does not disassemble',
    ],
    [
      'colour constraints',
      puzzle({
        colors: '<color red="255" green="0" blue="0"/>',
        shapes: '<voxel x="2" y="1" z="1" type="0">#1#</voxel>\n  <voxel x="1" y="1" z="1" type="0">#</voxel>',
      }),
      'x.xmpuzzle:10: problem 1 (P) uses colour constraints (coloured voxels decide where pieces may go), which polycube does not model',
    ],
    [
      'variable voxels in the result',
      puzzle({ shapes: '<voxel x="2" y="1" z="1" type="0">#+</voxel>\n  <voxel x="1" y="1" z="1" type="0">#</voxel>' }),
      'x.xmpuzzle:11: problem 1 (P): the result shape S1 has variable voxels (cubes that may stay empty), which polycube does not handle',
    ],
    [
      'a voxel string of the wrong length',
      puzzle({ shapes: '<voxel x="2" y="1" z="1" type="0">###</voxel>' }),
      'x.xmpuzzle:6: shape S1 has more than the 2 voxels its size holds',
    ],
    [
      'a bad voxel character',
      puzzle({ shapes: '<voxel x="2" y="1" z="1" type="0">#x</voxel>' }),
      `x.xmpuzzle:6: shape S1 has "x" among its voxels (BurrTools writes '#', '+', '_' and colour numbers)`,
    ],
    [
      'a missing shape',
      puzzle({ problem: '<shapes><shape id="7" count="1"/></shapes><result id="0"/>' }),
      'x.xmpuzzle:11: problem 1 (P) uses shape 8, but the file has 2 shapes',
    ],
    ['a bad number', puzzle({ shapes: '<voxel x="two" y="1" z="1" type="0">##</voxel>' }), `x.xmpuzzle:6: a voxel space's x must be a whole number, got "two"`],
    [
      'a result the pieces cannot fill',
      puzzle({ problem: '<shapes><shape id="1" count="3"/></shapes><result id="0"/>' }),
      'x.xmpuzzle: the target has 2 cubes but the 3 pieces cover 3',
    ],
  ])('refuses %s in one line', (_name, xml, message) => {
    expect(errorOf(() => instanceFrom({}, { name: 'x.xmpuzzle', text: xml }))).toBe(message);
  });

  it("refuses options that would change the file's puzzle", () => {
    const file = { name: 'soma.xmpuzzle', text: text('soma-burrtools.xmpuzzle') };
    expect(errorOf(() => instanceFrom({ box: '3x3x3' }, file))).toBe('--box does not go with a BurrTools file: the file names its own pieces and result');
    expect(errorOf(() => instanceFrom({ set: 'soma' }, file))).toBe('--set does not go with a BurrTools file: the file names its own pieces and result');
  });

  it('labels pieces by their one-letter names, else by free letters', () => {
    const xml = puzzle({
      shapes:
        '<voxel x="3" y="1" z="1" type="0">###</voxel>\n  <voxel x="1" y="1" z="1" name="Long name" type="0">#</voxel>\n  <voxel x="2" y="1" z="1" name="A" type="0">##</voxel>',
      problem: '<shapes><shape id="1" count="1"/><shape id="2" count="1"/></shapes><result id="0"/>',
    });
    const puzzleRead = parseBurrTools(xml, 'x.xmpuzzle');
    expect(puzzleRead.legend).toEqual(['B = S2 Long name', 'A = S3 A']);
  });
});
