// The XML parser descends one call per element, so deeply nested elements (10,000 fit in 1.4 KB
// of gzip) overflow the stack. This scan counts the nesting first, without recursion.

/** How deep a BurrTools file nests: its disassembly plans nest separations, a few dozen at most. */
export const MAX_XML_DEPTH = 256;

/** The offset of the first element opened past `limit` levels deep, or -1. Comments, CDATA, processing instructions and declarations are skipped; quoted attribute values may hold '>'. */
export function tooDeepAt(text: string, limit: number): number {
  let depth = 0;
  let i = text.indexOf('<');
  while (i !== -1 && i < text.length) {
    const skipTo = (end: string) => {
      const found = text.indexOf(end, i);
      return found === -1 ? text.length : found + end.length;
    };
    let next: number;
    if (text.startsWith('<!--', i)) next = skipTo('-->');
    else if (text.startsWith('<![CDATA[', i)) next = skipTo(']]>');
    else if (text.startsWith('<?', i)) next = skipTo('?>');
    else if (text.startsWith('<!', i)) next = skipTo('>');
    else if (text.startsWith('</', i)) {
      depth--;
      next = skipTo('>');
    } else {
      let j = i + 1;
      let quote = '';
      for (; j < text.length; j++) {
        const char = text[j]!;
        if (quote) {
          if (char === quote) quote = '';
        } else if (char === '"' || char === "'") quote = char;
        else if (char === '>') break;
      }
      if (text[j - 1] !== '/') {
        depth++;
        if (depth > limit) return i;
      }
      next = j + 1;
    }
    i = text.indexOf('<', next);
  }
  return -1;
}
