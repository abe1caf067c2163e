import type { OptionSpec } from '@kit/core';

/** `<n>`, `<plain|forever>`, ...: what follows a flag in help text. */
export function valuePlaceholder(spec: OptionSpec): string | undefined {
  switch (spec.type) {
    case 'boolean':
      return undefined;
    case 'int':
      return 'n';
    case 'enum':
      return spec.choices.join('|');
    case 'string':
      return spec.placeholder ?? 'text';
    case 'letters':
      return spec.placeholder ?? 'letters';
    case 'file':
      return 'file';
  }
}

/** The help line of a plugin option: its help, the values it takes, its default. */
export function describeOption(spec: OptionSpec): string {
  const details: string[] = [];
  if (spec.type === 'int') {
    if (spec.min !== undefined && spec.max !== undefined) details.push(`${spec.min}..${spec.max}`);
    else if (spec.min !== undefined) details.push(`>= ${spec.min}`);
    else if (spec.max !== undefined) details.push(`<= ${spec.max}`);
  }
  if (spec.type === 'file' && spec.formats?.length) details.push(`format: ${spec.formats.join(', ')}`);
  if (spec.type !== 'file' && spec.default !== undefined) details.push(`default ${String(spec.default)}`);
  return details.length ? `${spec.help} (${details.join(', ')})` : spec.help;
}

/** The option's kind for `kit info`: `int 3..8`, `enum plain|forever`, `boolean`, ... */
export function describeType(spec: OptionSpec): string {
  switch (spec.type) {
    case 'int': {
      const range = spec.min !== undefined || spec.max !== undefined ? ` ${spec.min ?? ''}..${spec.max ?? ''}` : '';
      return `int${range}`;
    }
    case 'enum':
      return `enum ${spec.choices.join('|')}`;
    case 'string':
      return spec.placeholder ? `string ${spec.placeholder}` : 'string';
    case 'letters':
      return `letters from ${spec.letters}`;
    case 'file':
      return spec.formats?.length ? `file ${spec.formats.join('|')}` : 'file';
    case 'boolean':
      return 'boolean';
  }
}
