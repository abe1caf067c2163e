import { kitProject } from '@kit/tooling/vitest';

export default kitProject('cover');
