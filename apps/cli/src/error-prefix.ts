import pc from 'picocolors';

/** Colours for messages on stderr: only when stderr is a terminal and NO_COLOR is not set. */
export function stderrColors(): ReturnType<typeof pc.createColors> {
  const noColor = process.env['NO_COLOR'] !== undefined && process.env['NO_COLOR'] !== '';
  return pc.createColors(Boolean(process.stderr.isTTY) && !noColor);
}

export function errorPrefix(): string {
  const colors = stderrColors();
  return `${colors.red(colors.bold('kit:'))} `;
}
