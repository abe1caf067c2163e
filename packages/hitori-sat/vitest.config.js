import { fileURLToPath } from 'node:url';
import { kitProject } from '@kit/tooling/vitest';

// Tests run the sources: the Node side of package.json "imports", as tsconfig.json's paths do.
const src = (path) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

export default kitProject('hitori-sat', {
  resolve: { alias: { '#external-solver': src('sat/external.ts'), '#output-file': src('output-file.ts') } },
});
