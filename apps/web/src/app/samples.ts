// A plugin's named examples as the page's URL values: option values as text, grids in their link form.
import type { PluginSample } from '@kit/core';
import type { AnyPlugin } from '@kit/core/host';
import { checkGrid, checkStack, encodeGrid, encodeStack } from './grid-code.js';
import { INPUT_FIELD } from './form-fields.js';

/** The URL values that open this example; throws InputError when its text does not fit its editor. */
export function sampleValues(plugin: AnyPlugin, sample: PluginSample): Record<string, string> {
  const values: Record<string, string> = {};
  const texts: [string, string | number | boolean][] = Object.entries(sample.options ?? {});
  if (sample.input !== undefined) texts.push([INPUT_FIELD, sample.input]);
  for (const [name, value] of texts) {
    const editor = plugin.editors?.find((spec) => spec.target === name);
    if (editor?.layers && typeof value === 'string') values[name] = encodeStack(checkStack(editor, editor.layers.fromText(value, name)));
    else if (editor && typeof value === 'string') values[name] = encodeGrid(editor, checkGrid(editor, editor.fromText(value, name)));
    else values[name] = typeof value === 'boolean' ? (value ? '1' : '0') : String(value);
  }
  return values;
}

export function findSample(plugin: AnyPlugin, name: string | undefined): PluginSample | undefined {
  return name === undefined ? undefined : plugin.samples?.find((sample) => sample.name === name);
}

/**
 * The example these values are (an address after a reload, a shared link), so the menu shows it
 * again; none when the values differ from every example's in any field. Fields the page adds (the
 * solution limit, the step delay) are left out of the comparison.
 */
export function sampleWithValues(plugin: AnyPlugin, values: Record<string, string>, ignore: readonly string[] = []): PluginSample | undefined {
  const kept = (record: Record<string, string>) =>
    Object.entries(record)
      .filter(([name]) => !ignore.includes(name))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const wanted = JSON.stringify(kept(values));
  return plugin.samples?.find((sample) => {
    try {
      return JSON.stringify(kept(sampleValues(plugin, sample))) === wanted;
    } catch {
      return false;
    }
  });
}
