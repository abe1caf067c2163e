/**
 * JSON.parse itself takes any nesting (V8 parses without recursion), but what is done with the value
 * afterwards often recurses (JSON.stringify, structuredClone, postMessage, a plugin's walk): a file
 * of `[[[[...` 100,000 deep overflows the stack there, far from where it was read. So a reader of
 * JSON from elsewhere checks the nesting of the text first, and names its limit when it is passed.
 */

/**
 * Whether `text` nests arrays and objects more than `max` deep. Counted over the text, without
 * parsing or recursion, so it costs a fraction of JSON.parse; brackets inside strings do not count.
 * The text need not be valid JSON (JSON.parse then says what is wrong with it).
 */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  if (openingsAtMost(text, max)) return false;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (char === QUOTE) {
      for (i++; i < text.length; i++) {
        const inString = text.charCodeAt(i);
        if (inString === BACKSLASH) i++;
        else if (inString === QUOTE) break;
      }
    } else if (char === OPEN_ARRAY || char === OPEN_OBJECT) {
      if (++depth > max) return true;
    } else if (char === CLOSE_ARRAY || char === CLOSE_OBJECT) {
      depth--;
    }
  }
  return false;
}

/**
 * Whether the text opens at most `max` arrays and objects, strings included: then it cannot nest
 * deeper. Counted with indexOf, in native code: most texts (every package.json discovery reads)
 * answer here, where the character loop runs slowly in code not yet compiled.
 */
function openingsAtMost(text: string, max: number): boolean {
  let count = 0;
  for (const bracket of ['[', '{']) {
    for (let at = text.indexOf(bracket); at !== -1; at = text.indexOf(bracket, at + 1)) if (++count > max) return false;
  }
  return true;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
