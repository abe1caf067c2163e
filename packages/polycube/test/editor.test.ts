// The page's editors for targets and piece files: stacks of layers that round-trip through the
// parsers the CLI uses, and refusals in the parsers' words.
import { checkPlugin } from '@kit/core/host';
import { describe, expect, it } from 'vitest';
import { pieceEditor, targetEditor } from '../src/editor.js';
import { drawPiece, parsePieceFile } from '../src/pieces.js';
import plugin from '../src/plugin.js';
import { namedSet } from '../src/sets.js';
import { parseTarget } from '../src/target.js';
import { errorOf } from '@kit/tooling/testing';

const grid = (rows: string[]) => rows.map((row) => [...row]);

describe('the target editor', () => {
  it('passes the check a host makes when it registers the plugin', () => {
    expect(checkPlugin(plugin, 'polycube').editors?.map((editor) => editor.target)).toEqual(['target', 'piece-file']);
  });

  it('writes the layered text parseTarget reads, and reads it back cropped', () => {
    const stack = [grid(['...', '.#.']), grid(['#..', '...'])];
    const text = targetEditor.layers!.toText(stack);
    expect(text).toBe('...\n.#.\n\n#..\n...\n');
    expect(parseTarget(text).layers).toEqual([
      ['...', '.#.'],
      ['#..', '...'],
    ]);
    expect(targetEditor.layers!.fromText(text)).toEqual(stack);
    expect(targetEditor.layers!.fromText('###\n#..\n\n###\n###\n')).toEqual([grid(['..'])]);
    expect(targetEditor.toText(grid(['..', '#.']))).toBe('..\n#.\n');
  });

  it("refuses a bad stack in the parser's words", () => {
    expect(errorOf(() => targetEditor.layers!.fromText('..\n..\n\n.\n', 'target'))).toBe(
      'target:4: layers of unequal size: layer 2 of the target has 1 row but layer 1 has 2',
    );
    expect(errorOf(() => targetEditor.layers!.fromText('###\n', 'target'))).toBe('target: the target has no cubes to fill (draw them with ".")');
  });
});

describe('the pieces editor', () => {
  it('round-trips the Soma pieces drawn side by side in one stack', () => {
    const soma = namedSet('soma').pieces;
    const drawings = soma.kinds.map((kind) => drawPiece(kind));
    const stack = [0, 1].map((z) =>
      [0, 1].map((y) => drawings.flatMap((layers) => [...(layers[z]?.[y] ?? '.'.repeat(layers[0]![0]!.length)).padEnd(layers[0]![0]!.length, '.'), '.'])),
    );
    const text = pieceEditor.layers!.toText(stack);
    expect(parsePieceFile(text).kinds).toEqual(soma.kinds);
    expect(pieceEditor.layers!.fromText(text)).toEqual(stack);
  });

  it('fills out short rows and spaces with gaps, and refuses what it cannot draw', () => {
    expect(pieceEditor.layers!.fromText('AA B\nA\n')).toEqual([grid(['AA.B', 'A...'])]);
    expect(errorOf(() => pieceEditor.layers!.fromText('AA\n---\nBB\n', 'pieces'))).toBe(
      'pieces: the editor draws the pieces in one stack of layers: put them side by side instead of under a "---" line',
    );
    expect(errorOf(() => pieceEditor.layers!.fromText('Aa\n', 'pieces'))).toBe('pieces:1:2: the editor names pieces with capital letters (got "a")');
    expect(errorOf(() => pieceEditor.layers!.fromText('A.A\n', 'pieces'))).toBe('pieces:1:1: piece "A" is not connected face to face');
  });
});
