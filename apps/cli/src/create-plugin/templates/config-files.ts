import type { TemplateVars } from './vars.js';

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** tsconfig.json (type-checks src and tests), plus tsconfig.build.json when tsc also builds. */
export function tsconfigFiles(vars: TemplateVars): Record<string, string> {
  if (vars.layout === 'workspace') {
    return { 'tsconfig.json': json({ extends: '@kit/tooling/tsconfig.base.json', include: ['src', 'test'] }) };
  }
  return {
    'tsconfig.json': json({
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2023', 'DOM'],
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        types: ['node'],
        strict: true,
        noUncheckedIndexedAccess: true,
        isolatedModules: true,
        verbatimModuleSyntax: true,
        skipLibCheck: true,
        resolveJsonModule: true,
        noEmit: true,
      },
      include: ['src', 'test'],
    }),
    'tsconfig.build.json': json({
      extends: './tsconfig.json',
      compilerOptions: { noEmit: false, declaration: true, rootDir: 'src', outDir: 'dist' },
      include: ['src'],
    }),
  };
}

export function vitestConfig(vars: TemplateVars): Record<string, string> {
  if (vars.layout === 'workspace') {
    return {
      'vitest.config.js': `import { kitProject } from '@kit/tooling/vitest';\n\nexport default kitProject('${vars.id}');\n`,
    };
  }
  return {
    'vitest.config.js': [
      "import { defineConfig } from 'vitest/config';",
      '',
      "export default defineConfig({ test: { include: ['test/**/*.test.ts'] } });",
      '',
    ].join('\n'),
  };
}

export function gitignore(vars: TemplateVars): Record<string, string> {
  return vars.layout === 'workspace' ? {} : { '.gitignore': 'node_modules/\ndist/\n*.tgz\n' };
}

/**
 * kit.config.json: `npx kit list` and `npx kit run` in a standalone package find the package itself
 * (before it is built they say so by name). In the workspace the repository's own config lists it.
 */
export function kitConfig(vars: TemplateVars): Record<string, string> {
  return vars.layout === 'workspace' ? {} : { 'kit.config.json': json({ plugins: ['.'] }) };
}
