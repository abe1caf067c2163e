// Writes a benchmark's printed lines into README.md between `<!-- bench:NAME -->` and
// `<!-- /bench:NAME -->`, as a code block, so the published figures are exactly what a run printed.
export function replaceSection(text, name, lines) {
  const open = `<!-- bench:${name} -->`;
  const close = `<!-- /bench:${name} -->`;
  const from = text.indexOf(open);
  const to = text.indexOf(close);
  if (from < 0 || to < from) throw new Error(`README.md has no ${open} ... ${close} section`);
  return `${text.slice(0, from + open.length)}\n\`\`\`\n${lines.join('\n')}\n\`\`\`\n${text.slice(to)}`;
}
