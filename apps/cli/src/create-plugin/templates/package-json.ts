import { TOOL_VERSIONS, type TemplateVars } from './vars.js';

const entry = (name: string) => ({ types: `./dist/${name}.d.ts`, default: `./dist/${name}.js` });

/**
 * The manifest. `kit.plugins` is what hosts read before they import anything: with each plugin's id
 * and title there, `kit list` imports no plugin and `kit run <id>` only that one (keep them equal to
 * the plugin's own; the generated test checks). `kit.apiVersion` lets hosts reject a plugin written
 * for another plugin API without loading it.
 */
export function packageJson(vars: TemplateVars): string {
  const workspace = vars.layout === 'workspace';
  const manifest = {
    name: vars.packageName,
    version: '0.1.0',
    // Inside the Puzzle Kit repository a plugin is an example, not something `changeset publish` ships.
    ...(workspace ? { private: true } : {}),
    description: `${vars.title}: a Puzzle Kit plugin.`,
    license: 'MIT',
    type: 'module',
    keywords: ['puzzle-kit', 'kit-plugin', vars.id],
    engines: { node: '>=22.12' },
    sideEffects: false,
    exports: {
      '.': entry('index'),
      './plugin': entry('plugin'),
      './solver': entry('solver'),
      './package.json': './package.json',
    },
    files: ['dist', 'README.md', ...(workspace ? [] : ['CHANGELOG.md'])],
    kit: { apiVersion: 1, plugins: [{ id: vars.id, title: vars.title, module: './dist/plugin.js', solver: './dist/solver.js' }] },
    scripts: workspace
      ? // Tests run after a build, so nothing in them (a run through the kit command) meets stale code.
        { build: 'kit-build', test: 'kit-build && vitest run', lint: 'tsc -p tsconfig.json' }
      : {
          build: 'tsc -p tsconfig.build.json',
          test: 'npm run build && vitest run',
          lint: 'tsc -p tsconfig.json',
          prepack: 'npm run build',
        },
    dependencies: { '@kit/core': workspace ? 'workspace:^' : vars.coreRange },
    devDependencies: workspace
      ? { '@kit/tooling': 'workspace:*' }
      : {
          '@kit/cli': vars.cliRange,
          '@types/node': TOOL_VERSIONS['@types/node'],
          typescript: TOOL_VERSIONS.typescript,
          vitest: TOOL_VERSIONS.vitest,
        },
    ...(workspace ? {} : { publishConfig: { access: 'public' } }),
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}
