// A plugin's named examples as the page's URL values: option values as text, grids in their link form.
import type { PluginSample } from '@kit/core';
import type { AnyPlugin } from '@kit/core/host';
import { checkGrid, checkStack, encodeGrid, encodeStack } from './grid-code.js';
import { INPUT_FIELD } from './option-form.js';

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
