// Shared vitest settings: every package's vitest.config.js is `export default kitProject('name')`.
// Tests live beside the code (src/**/*.test.ts) or in test/.
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { defineProject } from 'vitest/config';

/**
 * Tests run the TypeScript in src/, but a WebAssembly kernel's `./<name>.wasm.js` only exists in
 * dist/ (kit-build writes it, see wasm.js): resolve it there, at the same relative path.
 */
const wasmFromDist = {
  name: 'kit-wasm-from-dist',
  enforce: 'pre',
  resolveId(source, importer) {
    if (!importer || !source.startsWith('.') || !source.endsWith('.wasm.js')) return null;
    const path = resolve(dirname(importer), source);
    if (existsSync(path)) return null;
    const at = path.lastIndexOf(`${sep}src${sep}`);
    if (at < 0) return null;
    const built = join(path.slice(0, at), 'dist', path.slice(at + 5));
    if (!existsSync(built)) throw new Error(`${relative(process.cwd(), built)} is missing: build the package first (kit-build)`);
    return built;
  },
};

export function kitProject(name, overrides = {}) {
  return defineProject({
    ...overrides,
    plugins: [wasmFromDist, ...(overrides.plugins ?? [])],
    test: {
      name,
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      testTimeout: 60_000,
      hookTimeout: 60_000,
      ...overrides.test,
    },
  });
}
