// The page's own form fields (the input file, `--limit`, `--delay`), named in a module of their own:
// the option form builds them and the page's wording (page-words.ts) treats them as fields too.
import { HOST_NAMES } from '@kit/core/host';

/** The page's own form fields, from core's table of host names (no plugin option takes these names). */
const fieldName = (name: string): string => {
  if (!HOST_NAMES.some((entry) => entry.name === name && entry.page?.field)) throw new Error(`${name} is not a form field of the page in HOST_NAMES`);
  return name;
};
/** The positional file, when the plugin reads one (`kit run puyo FIELD`). */
export const INPUT_FIELD = fieldName('input');
/** The host's own `--limit` and `--delay`. */
export const LIMIT_FIELD = fieldName('limit');
export const DELAY_FIELD = fieldName('delay');
