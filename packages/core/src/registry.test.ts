import { describe, expect, it } from 'vitest';
import { definePlugin, PLUGIN_API_VERSION } from './plugin.js';
import { PluginLoadError, Registry, checkPlugin, pluginFromModule } from './registry.js';

const make = (id: string) =>
  definePlugin({
    id,
    title: `${id} title`,
    description: 'test',
    version: '1.0.0',
    options: [],
    parse: () => ({}),
    solver: async () => ({ solve: () => ({ solutions: 0 }) }),
    view: () => ({ width: 0, height: 0, cells: [] }),
  });

describe('Registry', () => {
  it('lists plugins by id', () => {
    const registry = new Registry();
    registry.register(make('puyo'), { source: '@kit/puyo', moduleUrl: 'file:///puyo.js' });
    registry.register(make('hitori'), { source: '@kit/hitori', moduleUrl: 'file:///hitori.js' });
    expect(registry.list().map((entry) => entry.plugin.id)).toEqual(['hitori', 'puyo']);
    expect(registry.get('puyo')?.origin.source).toBe('@kit/puyo');
    expect(registry.get('sudoku')).toBeUndefined();
  });

  it('rejects a second plugin with the same id, naming both sources', () => {
    const registry = new Registry();
    registry.register(make('puyo'), { source: '@kit/puyo', moduleUrl: 'file:///a/puyo.js' });
    expect(() => registry.register(make('puyo'), { source: './my-puyo', moduleUrl: 'file:///b/puyo.js' })).toThrow(
      "plugin ./my-puyo: plugin id 'puyo' is already provided by @kit/puyo",
    );
  });

  it('ignores the same module registered twice', () => {
    const registry = new Registry();
    registry.register(make('puyo'), { source: '@kit/puyo', moduleUrl: 'file:///puyo.js' });
    registry.register(make('puyo'), { source: '@kit/puyo', moduleUrl: 'file:///puyo.js' });
    expect(registry.list()).toHaveLength(1);
  });
});

describe('checkPlugin', () => {
  it('accepts a plugin made with definePlugin', () => {
    expect(checkPlugin(make('ok'), 'ok').id).toBe('ok');
    expect(make('ok').apiVersion).toBe(PLUGIN_API_VERSION);
  });

  it('names what is wrong with a foreign object', () => {
    const reason = (value: unknown) => {
      try {
        checkPlugin(value, 'pkg');
      } catch (error) {
        expect(error).toBeInstanceOf(PluginLoadError);
        return (error as PluginLoadError).message;
      }
      return 'accepted';
    };
    expect(reason(null)).toBe('plugin pkg: does not export a plugin object');
    expect(reason({ ...make('x'), apiVersion: 2 })).toBe('plugin pkg: speaks plugin API 2, but this host speaks 1');
    expect(reason({ ...make('x'), id: 'Bad Id' })).toBe('plugin pkg: has a bad id "Bad Id"');
    expect(reason({ ...make('x'), view: undefined })).toBe('plugin pkg: has no view() function');
    expect(reason({ ...make('x'), options: [{ name: 'json', type: 'boolean', help: '' }] })).toBe(
      'plugin pkg: option --json is reserved by the hosts (kit run --json)',
    );
    expect(reason({ ...make('x'), counters: [{ label: 'score' }] })).toBe(
      'plugin pkg: has counters that are not a list of { label, step?, summary? } naming a step or summary field',
    );
    expect(reason({ ...make('x'), counters: [{ label: 'score', step: 'total', summary: 'score' }] })).toBe('accepted');
    const badFields = 'plugin pkg: has summaryFields that are not an object of { label?: string, internal?: boolean } by field name';
    expect(reason({ ...make('x'), summaryFields: [] })).toBe(badFields);
    expect(reason({ ...make('x'), summaryFields: { cuts: { internal: 'yes' } } })).toBe(badFields);
    expect(reason({ ...make('x'), summaryFields: { cuts: { hidden: true } } })).toBe(badFields);
    expect(reason({ ...make('x'), summaryFields: { backend: { label: 'x'.repeat(81) } } })).toBe(badFields);
    expect(reason({ ...make('x'), summaryFields: { backend: { label: 'SAT solver' }, cuts: { internal: true } } })).toBe('accepted');
  });

  it('finds the plugin in a module namespace', () => {
    expect(pluginFromModule({ default: make('a') }, 'm').id).toBe('a');
    expect(pluginFromModule({ plugin: make('b') }, 'm').id).toBe('b');
    expect(pluginFromModule({ something: make('c'), other: 3 }, 'm').id).toBe('c');
    expect(() => pluginFromModule({ other: 3 }, 'm')).toThrow('plugin m: exports no plugin (expected a default export made with definePlugin)');
  });
});

describe('checkPlugin and play mode', () => {
  it('refuses a play mode without its functions, naming the missing one', () => {
    const play = { setup: () => ({}), view: () => ({}), check: () => [], complete: () => false };
    expect(checkPlugin({ ...make('lights'), play }, 'lights').id).toBe('lights');
    expect(() => checkPlugin({ ...make('lights'), play: { ...play, check: undefined } }, 'lights')).toThrow(
      'plugin lights: has a play mode without a check() function',
    );
    expect(() => checkPlugin({ ...make('lights'), play: { ...play, referee: 'yes' } }, 'lights')).toThrow(
      'plugin lights: has a play referee that is not a function',
    );
    expect(() => checkPlugin({ ...make('lights'), play: { ...play, editable: {} } }, 'lights')).toThrow(
      'plugin lights: has a play editable that is not a function',
    );
    expect(() => checkPlugin({ ...make('lights'), play: 7 }, 'lights')).toThrow('plugin lights: has a play field that is not an object');
  });
});
