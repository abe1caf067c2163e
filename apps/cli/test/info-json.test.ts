// `kit info ID --json`: one JSON object a script can read, with what the text shows.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { kit, REPO } from './helpers.js';

const pluginAt = async (path: string) => ((await import(pathToFileURL(join(REPO, path)).href)) as { default: Record<string, unknown> }).default;

describe('kit info ID --json', () => {
  it('sudoku: one line, its options, named examples, generator and grader as the plugin declares them', async () => {
    const result = kit(['info', 'sudoku', '--json']);
    expect([result.status, result.stderr]).toEqual([0, '']);
    expect(result.stdout.endsWith('\n') && result.stdout.trimEnd().split('\n').length).toBe(1);
    const info = JSON.parse(result.stdout) as Record<string, unknown>;
    const plugin = await pluginAt('examples/sudoku/dist/plugin.js');
    expect(Object.keys(info)).toEqual(['id', 'version', 'title', 'description', 'source', 'input', 'options', 'examples', 'samples', 'generator', 'grader']);
    expect(info).toMatchObject({ id: 'sudoku', title: 'Sudoku', source: './examples/sudoku' });
    expect(info['options']).toEqual(JSON.parse(JSON.stringify(plugin['options'])));
    expect(info['generator']).toEqual(JSON.parse(JSON.stringify(plugin['generator'])));
    expect(info['grader']).toEqual({ levels: ['easy', 'medium', 'hard'] });
    expect(info['samples']).toEqual([
      { name: 'wikipedia', title: "Wikipedia's example", command: 'kit run sudoku --example wikipedia' },
      { name: 'inkala', title: "Arto Inkala's hard one", command: 'kit run sudoku --example inkala' },
    ]);
  });

  it('puyo: its nazo generator and grader as declared; the option names match kit info', () => {
    const info = JSON.parse(kit(['info', 'puyo', '--json']).stdout) as {
      options: Array<{ name: string }>;
      generator: unknown;
      grader: unknown;
      examples: string[];
    };
    const text = kit(['info', 'puyo']).stdout;
    expect(info.options.map((option) => option.name)).toEqual([...text.matchAll(/^ {2}(?:-\w, )?--([\w-]+)/gm)].map((match) => match[1]));
    expect(info.examples[0]).toBe('kit run puyo examples/seq19.dat');
    expect(info.generator).toMatchObject({ levels: ['easy', 'medium', 'hard'], emits: ['puyop'] });
    expect(info.grader).toMatchObject({ levels: ['easy', 'medium', 'hard'] });
  });

  it('an unknown plugin is refused in one line, exit 2, nothing on stdout', () => {
    const result = kit(['info', 'nonesuch', '--json']);
    expect([result.status, result.stdout]).toEqual([2, '']);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  });
});
