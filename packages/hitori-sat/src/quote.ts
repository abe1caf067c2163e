import { escapeControls } from '@kit/core/messages';

/** How much of an input a message quotes: enough to recognise it, never a megabyte line. */
export const EXCERPT_CHARS = 32;

/**
 * Input text as a message quotes it: in single quotes, control and format characters escaped by
 * the kit's one escaping function (`\e`, `\x07`, `\u202e`), and past EXCERPT_CHARS characters cut
 * with `…` and the full length, so a puzzle cannot set the terminal's title or flood it through an
 * error message.
 */
export function quote(text: string): string {
  const chars = Array.from(text);
  const shown = escapeControls(chars.slice(0, EXCERPT_CHARS).join(''));
  return chars.length > EXCERPT_CHARS ? `'${shown}…' (${chars.length} characters)` : `'${shown}'`;
}
