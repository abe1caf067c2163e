// Which of a plugin's paths the web server takes as the plugin's own, without a browser: the files
// `kit web --watch` watches, and the sources a page's manifest publishes.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleWithInputs } from '../src/server/bundle-plugin.js';
import { publicSource } from '../src/server/public-source.js';

const root = mkdtempSync(join(tmpdir(), 'kit-web-inside-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

describe("a plugin's own paths", () => {
  it("are the files kit web --watch watches: none from beside its package, from node_modules or of esbuild's own making", async () => {
    write(
      'pkg/plugin.js',
      "import { rules } from './src/rules.js';\nimport { more } from './..src/more.js';\nimport { shared } from '../shared.js';\nimport { dep } from 'dep';\nexport default { rules, more, shared, dep };\n",
    );
    write('pkg/src/rules.js', 'export const rules = 1;\n');
    // A folder whose name starts with two dots is inside the package.
    write('pkg/..src/more.js', 'export const more = 4;\n');
    write('shared.js', 'export const shared = 2;\n');
    write('pkg/node_modules/dep/package.json', '{"name":"dep","main":"index.js"}');
    write('pkg/node_modules/dep/index.js', 'export const dep = 3;\n');
    const packageDir = join(root, 'pkg');
    const { inputs } = await bundleWithInputs({ id: 'inside', source: packageDir, moduleUrl: pathToFileURL(join(packageDir, 'plugin.js')).href, packageDir });
    expect([...inputs].sort()).toEqual([join(packageDir, '..src', 'more.js'), join(packageDir, 'plugin.js'), join(packageDir, 'src', 'rules.js')]);
  });

  it('publish it by its path under the working directory, a folder of two leading dots included', () => {
    expect(publicSource('/work/site/..plugins/demo/plugin.js', '/work/site')).toBe('./..plugins/demo/plugin.js');
    expect(publicSource('/work/site/plugins/demo', '/work/site')).toBe('./plugins/demo');
    expect(publicSource('/work/elsewhere/demo/plugin.js', '/work/site')).toBe('plugin.js');
  });
});
