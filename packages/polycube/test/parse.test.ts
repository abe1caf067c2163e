// Targets, piece files, options and their errors: one line each, with the file, line and column.
import type { TextFile } from '@kit/core';
import { parseOptions, type RawOptions } from '@kit/core/host';
import { describe, expect, it } from 'vitest';
import plugin from '../src/plugin.js';
import { parsePieceFile, pieceLetters } from '../src/pieces.js';
import { boxTarget, cubeCount, parseTarget, targetName, targetToText } from '../src/target.js';
import { errorOf } from '@kit/tooling/testing';

const file = (name: string, text: string): TextFile => ({ name, text });
const instanceFrom = (raw: RawOptions, input?: TextFile) => plugin.parse(parseOptions(plugin.options, raw), input);

describe('targets', () => {
  it('reads layers bottom first, crops hole-only margins, and writes them back', () => {
    const target = parseTarget('#####\n#...#\n#...#\n\n#####\n#.#.#\n#####\n\n#####\n#####\n#####\n', 'steps.txt');
    expect(target.layers).toEqual([
      ['...', '...'],
      ['.#.', '###'],
    ]);
    expect(targetName(target)).toBe('3x2x2');
    expect(cubeCount(target)).toBe(8);
    expect(parseTarget(targetToText(target))).toEqual(target);
    expect(parseTarget('// a comment\n..\n..\n\n\n..\r\n. \n').layers).toEqual([
      ['..', '..'],
      ['..', '.#'],
    ]);
  });

  it('reads boxes as columns x rows x layers', () => {
    expect(boxTarget('3x4x5').layers).toHaveLength(5);
    expect(boxTarget(' 2 X 3 * 4 ').layers[0]).toEqual(['..', '..', '..']);
    expect(errorOf(() => boxTarget('3x4'))).toBe('--box must look like 3x4x5 (columns x rows x layers), got "3x4"');
    expect(errorOf(() => boxTarget('0x4x4'))).toBe('--box 0x4x4: every side must be at least 1');
    expect(errorOf(() => boxTarget('65x1x1'))).toBe('--box 65x1x1: a side is longer than 64');
    expect(errorOf(() => boxTarget('20x20x20'))).toBe('--box 20x20x20: 8000 cells in its box, over the limit of 4096');
  });

  it.each([
    ['unequal rows', '...\n...\n\n...\n', 't.txt:4: layers of unequal size: layer 2 of the target has 1 row but layer 1 has 2'],
    ['unequal widths', '...\n...\n\n....\n....\n', 't.txt:4: layers of unequal size: row 1 of layer 2 is 4 wide but the rows of layer 1 are 3'],
    ['ragged', '...\n..\n', 't.txt:2: ragged target: row 2 of layer 1 is 2 wide but row 1 is 3'],
    ['a bad character', '...\n.x.\n', `t.txt:2:2: unexpected "x" in target (use '.' for a cube to fill, '#' or space for a hole)`],
    ['no cubes', '###\n###\n', 't.txt: the target has no cubes to fill (draw them with ".")'],
    ['nothing', '\n\n', 't.txt: the target is empty: draw its layers with "." for each cube'],
    ['a section line', '..\n---\n..\n', 't.txt:2:1: a "---" line only belongs in a piece file (a target is one stack of layers)'],
  ])('refuses %s in one line', (_name, text, message) => {
    expect(errorOf(() => parseTarget(text, 't.txt'))).toBe(message);
  });
});

describe('piece files', () => {
  it('reads pieces side by side in layers, and stacks after a line of dashes', () => {
    const set = parsePieceFile('AA B\nA. B\n\n.A .\n.. B\n---\nCCC\n');
    expect(pieceLetters(set)).toBe('ABC');
    expect(set.kinds.map((kind) => kind.shape)).toEqual([
      [
        [0, 0, 0],
        [1, 0, 0],
        [0, 1, 0],
        [1, 0, 1],
      ],
      [
        [0, 0, 0],
        [0, 1, 0],
        [0, 1, 1],
      ],
      [
        [0, 0, 0],
        [1, 0, 0],
        [2, 0, 0],
      ],
    ]);
  });

  it.each([
    ['a piece not connected face to face', 'A.\n.A\n', 'p.txt:1:1: piece "A" is not connected face to face'],
    ['a piece touching only along an edge between layers', 'A.\n..\n\n..\n.A\n', 'p.txt:1:1: piece "A" is not connected face to face'],
    ['a piece drawn in two stacks', 'AA\n---\nA\n', 'p.txt:3:1: piece "A" is drawn twice (first on line 1)'],
    ['a bad name', 'A#\n', `p.txt:1:2: unexpected "#" in piece file (name pieces with letters or digits; '.' or space for gaps)`],
    ['layers of unequal size', 'AB\nAB\n\nA.\n', 'p.txt:4: layers of unequal size: layer 2 of the piece drawing has 1 row but layer 1 has 2'],
    ['no pieces', '..\n// nothing\n', 'p.txt: the piece file has no pieces'],
  ])('refuses %s in one line', (_name, text, message) => {
    expect(errorOf(() => parsePieceFile(text, 'p.txt'))).toBe(message);
  });
});

describe('options', () => {
  it('opens on the Soma cube, each set with its own box, and names what it counts', () => {
    expect(instanceFrom({})).toMatchObject({ name: '3x3x3', source: 'soma', symmetry: 'auto' });
    expect(pieceLetters(instanceFrom({}).pieces)).toBe('VLTZABP');
    expect(instanceFrom({ set: 'bedlam' }).name).toBe('4x4x4');
    expect(instanceFrom({ set: 'solid-pentominoes', box: '2x3x10' }).name).toBe('2x3x10');
    expect(pieceLetters(instanceFrom({ set: 'tetracubes', pieces: 'oott', box: '2x2x4' }).pieces)).toBe('OOTT');
  });

  it('reads a target file with a piece file', () => {
    const pieces = file('pieces.txt', 'AAB\nA.B\n\n...\n..B\n');
    const instance = instanceFrom({ 'piece-file': pieces }, file('target.txt', '...\n...\n'));
    expect(instance).toMatchObject({ name: '3x2x1', source: 'target.txt' });
  });

  it.each<[string, RawOptions, TextFile | undefined, string]>([
    ['cubes that do not add up', { box: '3x3x2' }, undefined, 'the target has 18 cubes but the 7 pieces cover 27'],
    ['a piece too big for the target', { set: 'tetracubes', pieces: 'IO', box: '2x2x2' }, undefined, 'piece "I" (4x1x1) fits nowhere in the 2x2x2 target'],
    ['a set without a box', { set: 'pentacubes' }, undefined, 'the pentacubes set has no target of its own: give --box AxBxC or a target file'],
    ['a piece file without a target', { 'piece-file': file('p.txt', 'AA\n') }, undefined, 'give a target for the pieces: --box AxBxC or a target file'],
    ['two targets', { box: '3x3x3' }, file('t.txt', '...\n'), 'give the target once: either --box or a target file'],
    ['unknown pieces', { pieces: 'VLQ' }, undefined, 'unknown piece "Q" in --pieces (choose from VLTZABP)'],
    [
      'full symmetry on a chiral set',
      { set: 'bedlam', symmetry: 'full' },
      undefined,
      '--symmetry full: piece "B" has no mirror twin in the set, so a mirrored packing is not a packing of these pieces (use --symmetry rotations)',
    ],
    ['--problem without a BurrTools file', { problem: '2' }, undefined, '--problem only goes with a BurrTools file'],
  ])('refuses %s in one line', (_name, raw, input, message) => {
    expect(errorOf(() => instanceFrom(raw, input))).toBe(message);
  });

  it('counts a piece that fits only through the holes of a target as fitting nowhere', () => {
    // A 4-long row exists in the box but not among the cubes.
    const target = file('ring.txt', '....\n.##.\n....\n');
    expect(errorOf(() => instanceFrom({ 'piece-file': file('p.txt', 'IIII\n\nXXX\n') }, target))).toBe(
      'ring.txt: the target has 10 cubes but the 2 pieces cover 7',
    );
    expect(errorOf(() => instanceFrom({ 'piece-file': file('p.txt', 'OO CCC DDD\nOO\n') }, target))).toBe(
      'ring.txt: piece "O" (2x2x1) fits nowhere in the 4x3x1 target',
    );
  });
});
