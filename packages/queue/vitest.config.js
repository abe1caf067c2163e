import { kitProject } from '@kit/tooling/vitest';

// End-to-end runs through redis-server and kit workers: minutes, not seconds, when CI is busy.
export default kitProject('queue', { test: { testTimeout: 240_000, hookTimeout: 60_000 } });
