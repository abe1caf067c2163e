// Through process.getBuiltinModule, not an ES import: discovery runs this on every start, and
// importing node:path builds a facade of all its exports (about 1 ms; see discovery/builtins.ts).
const { isAbsolute, relative } = process.getBuiltinModule('node:path');

/**
 * Whether `path` lies strictly below `dir`, by their spelling alone (no file is read, links are not
 * followed). Leaving `dir` is a first segment of `..` exactly: `dir/..build/x.js` is inside. The one
 * test for every place that takes a path from data (a manifest, a bundler's inputs, a page's manifest).
 */
export function isInside(dir: string, path: string): boolean {
  const inside = relative(dir, path);
  return inside !== '' && inside.split(/[\\/]/)[0] !== '..' && !isAbsolute(inside);
}
