// Optional second step of kit-build: entry points named in package.json's `kitBuild.bundle` are
// rebuilt as esbuild bundles over the per-file output, so starting them reads a few files instead
// of dozens (module resolution is most of a short CLI run on Node 20, which has no compile cache).
// Workspace packages (@kit/*) stay external: they are separate packages with their own state and
// their own worker entry points. Dynamic imports become chunks, loaded only when reached.
import { join } from 'node:path';
import { build } from 'esbuild';

export async function bundleEntries({ packageDir, srcDir, distDir, manifest }) {
  const entries = manifest.kitBuild?.bundle ?? [];
  if (entries.length === 0) return;
  // Only for Node programs (a CLI): browser-safe packages are bundled again by the web app.
  if (!manifest.bin) throw new Error('kit-build: kitBuild.bundle is for packages with a "bin" (Node programs)');
  await build({
    entryPoints: entries.map((entry) => join(packageDir, entry)),
    outdir: distDir,
    outbase: srcDir,
    bundle: true,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: ['@kit/*'],
    supported: { 'import-attributes': true },
    // CommonJS dependencies bundled into ESM (commander) still call require() for Node built-ins.
    banner: { js: "import { createRequire as __kitCreateRequire } from 'node:module';\nconst require = __kitCreateRequire(import.meta.url);" },
    allowOverwrite: true,
    logLevel: 'warning',
  });
}
