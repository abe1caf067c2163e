/** Characters a message must not print as they are: controls (ESC, BEL, DEL, C1), format marks (bidi overrides), line separators. */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/** How much of an input a message quotes: enough to recognise it, never a megabyte line. */
export const EXCERPT_CHARS = 32;

/**
 * Input text as a message quotes it: in single quotes, unprintable characters escaped (`\x1b`,
 * `\u202e`), and past EXCERPT_CHARS characters cut with `…` and the full length, so a puzzle cannot
 * set the terminal's title or flood it through an error message.
 */
export function quote(text: string): string {
  const chars = Array.from(text);
  const shown = chars.slice(0, EXCERPT_CHARS).join('');
  const escaped = shown.replace(UNPRINTABLE, (ch) => {
    const code = ch.codePointAt(0)!;
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
  return chars.length > EXCERPT_CHARS ? `'${escaped}…' (${chars.length} characters)` : `'${escaped}'`;
}
