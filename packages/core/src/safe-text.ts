/**
 * Messages that quote the user's input are printed to a terminal: a control character there is a
 * command (ESC ] 0 ; ... BEL sets the window title). So every such message goes through here.
 */

/** The longest message a host prints; the rest is cut (a 1 MB token must not make a 1 MB line). */
export const MAX_MESSAGE_LENGTH = 400;

// C0 controls, DEL and the C1 controls (U+0080..U+009F: some terminals read U+009B as CSI), the
// Unicode line and paragraph separators, which break a line like a newline does, and the format
// characters (bidi overrides such as U+202E, which reorder what a terminal shows; zero-width marks).
const CONTROL = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;

const NAMED: Readonly<Record<string, string>> = { '\t': '\\t', '\n': '\\n', '\r': '\\r', '\u001b': '\\e' };

/**
 * Control and format characters made visible: ESC as `\e`, tab as `\t`, others as `\xNN`, `\uNNNN`
 * or `\u{NNNNN}`. Every string from elsewhere that reaches a terminal goes through here.
 */
export function escapeControls(text: string): string {
  if (isPrintableAscii(text)) return text;
  return text.replace(CONTROL, (char) => {
    const named = NAMED[char];
    if (named !== undefined) return named;
    const code = char.codePointAt(0)!;
    if (code < 0x100) return `\\x${code.toString(16).padStart(2, '0')}`;
    return code <= 0xffff ? `\\u${code.toString(16).padStart(4, '0')}` : `\\u{${code.toString(16)}}`;
  });
}

/**
 * The common case, which has nothing to escape, without the expression: a printed run escapes each
 * cell's label and fill (the Soma cube's 240 solutions, 13,000 strings).
 */
function isPrintableAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code > 0x7e) return false;
  }
  return true;
}

/**
 * A message safe to print as one terminal line: line breaks become spaces (a message may be written
 * on several lines), other controls are escaped, and it is cut to `max` characters, saying how long
 * the whole was. A huge input costs no more than a short one: only its head is looked at.
 */
export function safeLine(text: string, max = MAX_MESSAGE_LENGTH): string {
  const head = text.length > max * 8 ? text.slice(0, max * 8) : text;
  const line = escapeControls(
    head
      .split(/\r?\n/)
      .map((part) => part.trim())
      .filter(Boolean)
      .join(' '),
  );
  if (line.length <= max && head.length === text.length) return line;
  let end = Math.min(max, line.length);
  const last = line.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${line.slice(0, end)}… (cut; ${text.length} characters in all)`;
}
