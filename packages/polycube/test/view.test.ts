import { describe, expect, it } from 'vitest';
import { viewPacking } from '../src/view.js';
import plugin from '../src/plugin.js';

describe('view', () => {
  it('draws the layers side by side, bottom first, one blank column between them', () => {
    const frame = viewPacking(
      {
        layers: [
          ['AB', 'A.'],
          ['C ', 'CC'],
        ],
      },
      { index: 3 },
    );
    expect(frame).toMatchObject({ width: 5, height: 2, title: 'No. 3', layers: { depth: 2, width: 2, gap: 1 } });
    const row = (y: number) =>
      frame.cells
        .slice(y * 5, y * 5 + 5)
        .map((cell) => (cell.hole ? '_' : (cell.label ?? ' ')))
        .join('');
    expect([row(0), row(1)]).toEqual(['AB_C ', 'A__CC']);
    expect(frame.cells[0]).toEqual({ fill: 'piece-A', label: 'A' });
    // The pentomino letters keep their usual colours.
    expect(viewPacking({ layers: [['F']] }).cells[0]).toEqual({ fill: 'F', label: 'F' });
  });

  it('has a colour for every fill it uses', () => {
    const names = 'VLTZABPIOSFNUWXYCDEGHJKMQbcdjmq0';
    const frame = viewPacking({ layers: [[names]] });
    for (const cell of frame.cells) expect(plugin.palette![cell.fill!] ?? (cell.fill!.length === 1 ? { ansi256: 0 } : undefined)).toBeDefined();
  });

  it('shows the tries on a progress frame', () => {
    expect(viewPacking({ layers: [['A ']], tries: 77 }).title).toBe('tries 77');
  });
});

describe('samples', () => {
  it('each runs and finds what its title says', async () => {
    const { parseOptions } = await import('@kit/core/host');
    const { prepare, runAll } = await import('../src/engine.js');
    for (const sample of plugin.samples!) {
      const raw = Object.fromEntries(Object.entries(sample.options ?? {}).map(([k, v]) => [k, String(v)]));
      const instance = plugin.parse(
        parseOptions(plugin.options, raw),
        sample.input !== undefined ? { name: `${sample.name}.txt`, text: sample.input } : undefined,
      );
      const found = runAll(prepare(instance.target, instance.pieces, { symmetry: instance.symmetry })).solutions;
      expect(`${sample.title}`).toContain(`${found} solutions`.replace(/^(\d+)/, (n) => Number(n).toLocaleString('en')));
    }
  }, 120_000);
});
