import { InputError } from '@kit/core';

/** What a scaffold needs to know about a new plugin's name. */
export interface PluginNames {
  /** The npm package name: `kit-plugin-sudoku`, `@me/kit-sudoku`. */
  packageName: string;
  /** The plugin id: `kit run sudoku`. */
  id: string;
  /** A human title: `Sudoku`. */
  title: string;
  /** The directory it is written to by default: the name as asked, without its scope (`kit-plugin-sudoku` stays `kit-plugin-sudoku`). */
  directory: string;
}

const PACKAGE_NAME = /^(?:@[a-z0-9][a-z0-9._-]*\/)?[a-z0-9][a-z0-9._-]*$/;
const PLUGIN_ID = /^[a-z][a-z0-9-]*$/;

/**
 * `sudoku` becomes package `kit-plugin-sudoku` with id `sudoku`; a scoped or `kit-plugin-` name is kept
 * as the package name and the id is its last part without the `kit-plugin-`/`kit-` prefix.
 */
export function pluginNames(name: string): PluginNames {
  if (!PACKAGE_NAME.test(name) || name.length > 214) {
    throw new InputError(`'${name}' is not a valid package name (lowercase letters, digits, '-', optional @scope/)`);
  }
  const local = name.includes('/') ? name.slice(name.indexOf('/') + 1) : name;
  const id = local.replace(/^kit-plugin-/, '').replace(/^kit-/, '');
  if (!PLUGIN_ID.test(id)) {
    throw new InputError(`'${id}' cannot be a plugin id: it must start with a letter and hold only a-z, 0-9 and '-'`);
  }
  const packageName = name.startsWith('@') || local.startsWith('kit-plugin-') ? name : `kit-plugin-${name}`;
  const title = id
    .split('-')
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
  return { packageName, id, title, directory: local };
}
