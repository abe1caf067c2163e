import type { TemplateVars } from './vars.js';

/** boards/corner.txt: an input file to run (`kit run ID boards/corner.txt`) and edit. */
export function cornerBoard(_vars: TemplateVars): string {
  return `Q.......\n${'........\n'.repeat(7)}`;
}
