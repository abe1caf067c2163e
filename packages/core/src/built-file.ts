/**
 * The URL of a file of this package's built output (`dist/...`), from any module of the package:
 * src/ (tests run the source, but workers need built JavaScript), dist/, dist/discovery/ or a bundle
 * chunk. The package's own folder is what precedes the last `/src/` or `/dist/` of the module's URL.
 */
export function builtFileUrl(distPath: string, moduleUrl: string): URL {
  const at = Math.max(moduleUrl.lastIndexOf('/src/'), moduleUrl.lastIndexOf('/dist/'));
  if (at < 0) throw new Error(`@kit/core: cannot find the package folder of ${moduleUrl}`);
  return new URL(`${moduleUrl.slice(0, at)}/dist/${distPath}`);
}
