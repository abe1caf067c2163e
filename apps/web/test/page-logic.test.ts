// What the page says about a run, without a browser: the headline every count comes from, the
// summary fields in words, and a plugin's text in the page's words.
import { definePlugin } from '@kit/core';
import type { StepEvent } from '@kit/core/host';
import { describe, expect, it } from 'vitest';
import { headline, type RunFacts } from '../src/app/headline.js';
import { pageErrorText, pageWords } from '../src/app/page-words.js';
import { KEPT_SOLUTION_BYTES, MAX_KEPT_SOLUTIONS, keepLimit } from '../src/app/run-session.js';
import { fieldLabel, secondsText, shownField, shownFields } from '../src/app/summary-fields.js';

const plugin = definePlugin<unknown, unknown>({
  id: 'demo',
  title: 'Demo',
  description: 'A plugin for page tests.',
  version: '1.0.0',
  options: [
    { name: 'size', type: 'int', min: 3, max: 8, help: 'board size' },
    { name: 'output', short: 'o', type: 'string', terminalOnly: true, help: 'write here' },
  ],
  counters: [
    { label: 'chain', step: 'chain', summary: 'chains' },
    { label: 'points', step: 'total', summary: 'score' },
  ],
  parse: () => ({}),
  solver: async () => ({ solve: () => ({ solutions: 0 }) }),
  view: () => ({ width: 0, height: 0, cells: [] }),
});

const step = (data: StepEvent['data']): StepEvent => ({ type: 'step', state: {}, ...(data ? { data } : {}) });
const facts = (over: Partial<RunFacts>): RunFacts => ({ phase: 'done', solutionCount: 0, kept: 0, steps: [], done: undefined, ...over });
const done = (summary: Record<string, number | string | boolean | null>) => ({
  type: 'done' as const,
  summary: { solutions: 0, ...summary },
  stats: { elapsedMs: 612 },
});

describe('headline', () => {
  it("counts what the list holds while running, and the plugin's count once done", () => {
    const running = headline(plugin, facts({ phase: 'running', solutionCount: 12, kept: 12 }));
    expect([running.count, running.noun, running.listed, running.short]).toEqual([12, 'solutions', '12 listed', '12 solutions']);
    // A sweep lists one entry per set that tiles and counts the tilings: both are said.
    const sweep = headline(plugin, facts({ solutionCount: 45, kept: 45, done: done({ solutions: 107 }) }));
    expect([sweep.count, sweep.listed, sweep.short]).toEqual([107, '45 listed; 107 solutions in all', '107 solutions']);
    // A chain puzzle lists its best answer and counts every one.
    const best = headline(plugin, facts({ solutionCount: 1, kept: 1, done: done({ solutions: 2 }) }));
    expect([best.count, best.listed]).toEqual([2, '1 listed; 2 solutions in all']);
    const one = headline(plugin, facts({ solutionCount: 1, kept: 1, done: done({ solutions: 1 }) }));
    expect([one.count, one.noun, one.listed, one.short]).toEqual([1, 'solution', '1 listed', '1 solution']);
  });

  it('says when the list keeps only the first solutions, and when there are none', () => {
    expect(headline(plugin, facts({ phase: 'cancelled', solutionCount: 250_000, kept: 200_000 })).listed).toBe('250,000 listed (the first 200,000 kept)');
    expect(headline(plugin, facts({ phase: 'running' })).listed).toBe('none yet');
    expect(headline(plugin, facts({ done: done({ solutions: 0 }) })).listed).toBe('none listed');
    expect(headline(plugin, undefined)).toEqual({
      count: 0,
      noun: 'solutions',
      listed: '',
      short: '',
      counters: [
        { label: 'chain', value: undefined },
        { label: 'points', value: undefined },
      ],
    });
  });

  it('follows the shown step for the counters, holding a value until a step sets it again', () => {
    const steps = [
      step({ kind: 'start' }),
      step({ kind: 'pop', chain: 1, total: 40 }),
      step({ kind: 'gravity' }),
      step({ kind: 'pop', chain: 2, total: 360 }),
      step({ kind: 'place', chain: 0 }),
    ];
    const at = (shown: number) =>
      headline(plugin, facts({ solutionCount: 1, kept: 1, steps, done: done({ solutions: 1, chains: 2, score: 360 }) }), shown).counters.map(
        (counter) => counter.value,
      );
    expect(at(0)).toEqual([0, 0]);
    expect(at(1)).toEqual([1, 40]);
    expect(at(2)).toEqual([1, 40]);
    expect(at(3)).toEqual([2, 360]);
    expect(at(4)).toEqual([0, 360]);
    // No step on screen: the summary's fields.
    expect(at(-1)).toEqual([2, 360]);
  });
});

describe('summary fields in words', () => {
  it('names fields in words and drops a unit suffix', () => {
    expect(['allClear', 'elapsedMs', 'answerLink', 'hitori-solutions', 'board', 'max_solutions', 'waitMs'].map(fieldLabel)).toEqual([
      'all clear',
      'time',
      'answer link',
      'hitori solutions',
      'board',
      'max solutions',
      'wait',
    ]);
  });

  it("writes values as a person reads them, and leaves lists to the plugin's text", () => {
    expect(shownField('allClear', false)).toEqual({ key: 'allClear', label: 'all clear', raw: 'false', text: 'no' });
    expect(shownField('unique', true)?.text).toBe('yes');
    expect(shownField('best', null)?.text).toBe('none');
    expect(shownField('elapsedMs', 612)?.text).toBe('0.6 s');
    expect(shownField('solutions', 2339)).toMatchObject({ text: '2,339', raw: '2339' });
    expect(shownField('puyop', 'https://puyop.com/s/420Aa9r9hj')).toMatchObject({
      text: 'https://puyop.com/s/420Aa9r9hj',
      href: 'https://puyop.com/s/420Aa9r9hj',
    });
    // A plugin's internal fields are left out, its labels used; the rest keep the words made from their keys.
    const summary = { solutions: 1, complete: true, backend: 'minisat', satCalls: 3, elapsedMs: 40 };
    const specs = { complete: { internal: true }, satCalls: { internal: true }, backend: { label: 'SAT solver' } };
    expect(shownFields(summary, specs).map((field) => `${field.label}: ${field.text}`)).toEqual(['solutions: 1', 'SAT solver: minisat', 'time: 0.04 s']);
    expect(shownFields({ constructor: 1 }, specs).map((field) => field.label)).toEqual(['constructor']);
    expect(shownField('note', 'javascript:alert(1)')?.href).toBeUndefined();
    expect(shownField('breakdown', [1, 2])).toBeUndefined();
    expect(shownField('table', { n: 5 })).toBeUndefined();
    expect([secondsText(12_345), secondsText(40), secondsText(0)]).toEqual(['12.3 s', '0.04 s', '0.0 s']);
  });
});

describe('page words', () => {
  it("words the plugin's flags as its fields, and leaves other text alone", () => {
    expect(pageWords(plugin, '--size must be an integer from 3 to 8 (got "9")')).toBe('size must be an integer from 3 to 8 (got "9")');
    expect(pageWords(plugin, 'give --limit or --delay, not --threads')).toBe('give limit or delay, not --threads');
    // A terminal-only option has no field in the page: its flag stays as it is.
    expect(pageWords(plugin, 'only with --output')).toBe('only with --output');
    expect(pageWords(plugin, 'a--size b')).toBe('a--size b');
    expect(pageErrorText(plugin, new Error('--size is wrong'))).toBe('size is wrong');
  });
});

describe('solutions kept for browsing', () => {
  it('keeps as many as fit the memory budget, at most MAX_KEPT_SOLUTIONS', () => {
    const sixteen = { rows: Array.from({ length: 16 }, () => '123456789ABCDEFG'), givens: Array.from({ length: 16 }, () => '.'.repeat(16)) };
    const size = JSON.stringify(sixteen).length;
    expect(keepLimit(sixteen)).toBe(Math.floor(KEPT_SOLUTION_BYTES / size));
    expect(keepLimit(sixteen)).toBeLessThan(50_000);
    expect(keepLimit({ rows: ['FILN'] })).toBe(MAX_KEPT_SOLUTIONS);
    expect(keepLimit(undefined)).toBe(MAX_KEPT_SOLUTIONS);
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    expect(keepLimit(cyclic)).toBe(MAX_KEPT_SOLUTIONS);
  });
});
