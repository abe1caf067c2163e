import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Where `pnpm docs` writes the API reference in the kit's checkout (dist/api-docs at its root, four
 * levels above dist/server); `kit web` serves it under /docs and `kit web --out` copies it there.
 */
export const DEFAULT_DOCS_DIR = fileURLToPath(new URL('../../../../dist/api-docs/', import.meta.url));

/** What /docs says when there is no reference to serve. */
export const DOCS_MISSING =
  'The API reference is not built here: run `pnpm docs` in the Puzzle Kit checkout (it writes dist/api-docs), then restart kit web.\n';

/** The reference's folder when it holds one (an index.html), else undefined. */
export function docsDirOf(dir: string | undefined): string | undefined {
  return dir !== undefined && existsSync(`${dir}/index.html`) ? dir : undefined;
}
