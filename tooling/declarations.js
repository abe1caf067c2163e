// Declaration files through tsc, shared by the package build and the web app's build: a throw-away
// tsconfig extends the package's own and covers just the given sources, minus tests.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * @param {{ packageDir: string, rootDir: string, outDir: string, include: string[], exclude?: string[] }} options
 * @returns {number} tsc's exit status
 */
export function emitDeclarations({ packageDir, rootDir, outDir, include, exclude = [] }) {
  const cacheDir = join(packageDir, 'node_modules', '.cache', 'kit-build');
  mkdirSync(cacheDir, { recursive: true });
  const tsconfigPath = join(cacheDir, 'tsconfig.build.json');
  writeFileSync(
    tsconfigPath,
    JSON.stringify({
      extends: join(packageDir, 'tsconfig.json'),
      compilerOptions: {
        noEmit: false,
        emitDeclarationOnly: true,
        declaration: true,
        rootDir,
        outDir,
        tsBuildInfoFile: null,
        incremental: false,
      },
      include,
      exclude: [join(rootDir, '**/*.test.ts'), ...exclude],
    }),
  );
  const require = createRequire(import.meta.url);
  const tsc = join(dirname(require.resolve('typescript/package.json')), 'bin', 'tsc');
  return spawnSync(process.execPath, [tsc, '-p', tsconfigPath], { stdio: 'inherit' }).status ?? 1;
}
