import { builtinModules, createRequire } from 'node:module';
import { dirname, relative, resolve, sep } from 'node:path';
import { isInside } from '@kit/core/node';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import type { PluginSource } from './plugin-source.js';

/** One file of a plugin's browser bundle, path relative to the bundle's directory (`plugin-HASH.js`, `chunks/...`). */
export interface BundleFile {
  /** Its path inside the plugin's directory, with `/` separators. */
  path: string;
  /** Its bytes. */
  contents: Uint8Array;
}

// A plugin given as a bare file (like the core test fixture) may import @kit/core without having it
// installed next to it: fall back to the copy the web app itself depends on.
// Installed from npm, @kit/core sits beside @kit/web rather than inside it: take the node_modules it
// resolves from too.
const OWN_NODE_MODULES = fileURLToPath(new URL('../../node_modules/', import.meta.url));
const CORE_NODE_MODULES = dirname(dirname(dirname(createRequire(import.meta.url).resolve('@kit/core/package.json'))));

const BUILTIN = new RegExp(`^(node:.+|${builtinModules.map((name) => name.replace(/[/.]/g, '\\$&')).join('|')})$`);

/**
 * Node's built-in modules, for code a plugin only uses under Node (writing an output file, running an
 * external program): in the browser each export is a function that fails with a clear message when
 * called, so the rest of the plugin still loads and runs. The export names come from Node itself.
 */
const nodeBuiltinStubs: Plugin = {
  name: 'kit-web-node-builtins',
  setup(build) {
    build.onResolve({ filter: BUILTIN }, (args) => ({ path: args.path, namespace: 'kit-node-builtin' }));
    build.onLoad({ filter: /.*/, namespace: 'kit-node-builtin' }, async (args) => {
      const names = Object.keys((await import(args.path)) as object).filter((name) => name !== 'default' && /^[A-Za-z_$][\w$]*$/.test(name));
      const contents = [
        `const unavailable = (name) => function () { throw new Error(${JSON.stringify(args.path)} + ' is not available in the browser (' + name + ' was called)'); };`,
        ...names.map((name) => `export const ${name} = unavailable(${JSON.stringify(name)});`),
        `export default { ${names.join(', ')} };`,
      ].join('\n');
      return { loader: 'js', contents };
    });
  },
};

/**
 * Bundles a plugin module for the browser: ESM with code splitting, so the plugin's lazy
 * `import('./solver.js')` becomes its own chunk that only the solver worker ever fetches.
 * @kit/core and the plugin's other dependencies are bundled in; nothing is written to disk.
 */
export async function bundlePlugin(plugin: PluginSource): Promise<BundleFile[]> {
  return (await bundleWithInputs(plugin)).files;
}

/**
 * A plugin's bundle, and the plugin's own files it was made from (absolute paths inside its package
 * directory, none from a node_modules): what `kit web --watch` watches to make it again.
 */
export async function bundleWithInputs(plugin: PluginSource): Promise<{ files: BundleFile[]; inputs: string[] }> {
  // The entry first: `plugin-HASH.js` is the module the manifest names.
  const entry = fileURLToPath(plugin.moduleUrl);
  const outdir = `${dirname(entry)}/.kit-web-bundle`;
  const result = await build({
    entryPoints: { plugin: entry },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    // Names by content, so servers may cache them for good: a new build is a new name.
    entryNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    nodePaths: [OWN_NODE_MODULES, CORE_NODE_MODULES],
    plugins: [nodeBuiltinStubs],
    // Environment switches read at import time (`process.env.DEBUG`) are simply unset in a browser.
    define: { 'process.env.NODE_ENV': '"production"', 'process.env': '{}' },
    write: false,
    metafile: true,
    logLevel: 'silent',
    absWorkingDir: plugin.packageDir,
  });
  const files = result.outputFiles.map((file) => ({ path: relative(outdir, file.path).split('\\').join('/'), contents: file.contents }));
  // Inputs are named relative to absWorkingDir; those of another namespace (the built-in stubs) as
  // `namespace:path`, and esbuild's own (the `define` of process.env) as `<define:process.env>`: no file.
  const inputs = Object.keys(result.metafile.inputs)
    .filter((input) => !/^(<[^>]*>$|[\w-]{2,}:)/.test(input))
    .map((input) => resolve(plugin.packageDir, input))
    .filter((input) => isInside(plugin.packageDir, input) && !relative(plugin.packageDir, input).split(sep).includes('node_modules'));
  return { files: [...files.filter((file) => isEntry(file.path)), ...files.filter((file) => !isEntry(file.path))], inputs };
}

/** The bundle's entry module (the one a manifest names): `plugin-HASH.js`. */
export function isEntry(path: string): boolean {
  return /^plugin-[A-Z0-9]{8}\.js$/.test(path);
}

/** esbuild's failure as one readable line per problem. */
export function bundleErrorMessage(error: unknown): string {
  const errors = (error as { errors?: { text: string; location?: { file: string; line: number; column: number } | null }[] }).errors;
  if (Array.isArray(errors) && errors.length > 0) {
    return errors.map((e) => (e.location ? `${e.location.file}:${e.location.line}:${e.location.column}: ${e.text}` : e.text)).join('; ');
  }
  return error instanceof Error ? error.message : String(error);
}
