import { fileURLToPath } from 'node:url';
import { kitProject } from '@kit/tooling/vitest';

// src/ imports the kernel's bytes as './sim.wasm.js', which only the build writes (to dist/).
export default kitProject('puyo', {
  resolve: {
    alias: [{ find: /^\.\/sim\.wasm\.js$/, replacement: fileURLToPath(new URL('./dist/sim.wasm.js', import.meta.url)) }],
  },
});
