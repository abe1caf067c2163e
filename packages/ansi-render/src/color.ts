import { terminalColors } from '#terminal';

/** How a frame is drawn: letters only, xterm 256-colour blocks, or 24-bit colour blocks. */
export type ColorMode = 'none' | 'ansi256' | 'truecolor';

/** What {@link detectColorMode} looks at; every field is optional. */
export interface ColorDetectionOptions {
  /** The stream the frames go to; colour needs a TTY unless FORCE_COLOR says otherwise. */
  stream?: { isTTY?: boolean } | undefined;
  /** `--no-color` on the command line (wins over everything). */
  noColor?: boolean;
  /** The environment to read FORCE_COLOR, NO_COLOR and TERM from (default: the process's, none on a page). */
  env?: Record<string, string | undefined>;
}

/**
 * Decides the colour mode: `--no-color` first, then FORCE_COLOR (0/false: off, 3: truecolor, any
 * other value: 256 colours, even on a pipe), then NO_COLOR (any non-empty value: off), then whether
 * the stream is a terminal and what TERM says (supports-color's rules). A terminal that only claims
 * 16 colours still gets 256-colour blocks: the twelve pentominoes cannot be told apart in 16.
 */
export function detectColorMode(options: ColorDetectionOptions = {}): ColorMode {
  const env = options.env ?? processEnv();
  if (options.noColor) return 'none';
  const force = env['FORCE_COLOR'];
  if (force !== undefined) {
    if (force === '0' || force === 'false') return 'none';
    return force === '3' ? 'truecolor' : 'ansi256';
  }
  if (env['NO_COLOR'] !== undefined && env['NO_COLOR'] !== '') return 'none';
  if (!options.stream?.isTTY) return 'none';
  const support = terminalColors(env);
  if (!support) return 'none';
  return support.has16m ? 'truecolor' : 'ansi256';
}

/** True when cursor movement may be written to the stream: a terminal, or FORCE_COLOR set on. */
export function canAnimate(options: ColorDetectionOptions = {}): boolean {
  const env = options.env ?? processEnv();
  const force = env['FORCE_COLOR'];
  if (force !== undefined && force !== '0' && force !== 'false') return true;
  return Boolean(options.stream?.isTTY) && env['TERM'] !== 'dumb';
}

/** Node's environment, or none on a page. */
function processEnv(): Record<string, string | undefined> {
  return (globalThis as { process?: NodeJS.Process }).process?.env ?? {};
}
