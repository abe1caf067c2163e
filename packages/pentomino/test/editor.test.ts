import { parseOptions, solveAll } from '@kit/core/host';
import { describe, expect, it } from 'vitest';
import { boardEditor, samples } from '../src/editor.js';
import { seedBoard } from '../src/boards.js';
import plugin from '../src/plugin.js';

describe('the board editor', () => {
  it('reads a board as the solver sees it (cropped, spaces as holes) and writes it back', () => {
    expect(boardEditor.fromText('  ...\n # ..\n')).toEqual([
      ['.', '.', '.'],
      ['#', '.', '.'],
    ]);
    expect(
      boardEditor.toText([
        ['#', '.'],
        ['.', '.'],
      ]),
    ).toBe('#.\n..\n');
    expect(() => boardEditor.fromText('..x\n', 'b.txt')).toThrow(`unexpected "x" in board (use '.' for a cell, '#' or space for a hole)`);
    // A challenge: its header skipped, its laid pieces kept, cropped as the solver sees it.
    const grid = boardEditor.fromText('# pentomino 3x6 easy 1\n#.X....\n#XXX...\n#.X....\n');
    expect(grid.map((row) => row.join(''))).toEqual(['.X....', 'XXX...', '.X....']);
    expect(boardEditor.toText(grid)).toBe('.X....\nXXX...\n.X....\n');
    expect(() => boardEditor.fromText('XX....\n', 'b.txt')).toThrow('the 2 cells marked "X" here are not one X piece');
  });
});

describe('named examples', () => {
  it("are the seed's boards, and count what --size counts", async () => {
    expect(samples.find((sample) => sample.name === '8x8-centre')!.input).toBe(`${seedBoard(8).join('\n')}\n`);
    const counts: Record<string, number> = {};
    for (const sample of samples.filter((s) => ['3x20', '5x6-six'].includes(s.name))) {
      const options = parseOptions(plugin.options, { ...sample.options });
      const { done } = await solveAll(plugin, plugin.parse(options, { name: 'input', text: sample.input! }));
      counts[sample.name] = done.summary.solutions as number;
    }
    const bySize = await solveAll(plugin, plugin.parse(parseOptions(plugin.options, { size: '3' })));
    expect(counts).toEqual({ '3x20': bySize.done.summary.solutions, '5x6-six': 14 });
    expect(bySize.done.summary.solutions).toBe(2);
  });
});
