import { createSupportsColor } from 'supports-color';

/** How a frame is drawn: letters only, xterm 256-colour blocks, or 24-bit colour blocks. */
export type ColorMode = 'none' | 'ansi256' | 'truecolor';

export interface ColorDetectionOptions {
  /** The stream the frames go to; colour needs a TTY unless FORCE_COLOR says otherwise. */
  stream?: { isTTY?: boolean } | undefined;
  /** `--no-color` on the command line (wins over everything). */
  noColor?: boolean;
  env?: Record<string, string | undefined>;
}

/**
 * Decides the colour mode: `--no-color` first, then FORCE_COLOR (0/false: off, 3: truecolor, any
 * other value: 256 colours, even on a pipe), then NO_COLOR (any non-empty value: off), then whether
 * the stream is a terminal and what TERM says (supports-color's rules). A terminal that only claims
 * 16 colours still gets 256-colour blocks: the twelve pentominoes cannot be told apart in 16.
 */
export function detectColorMode(options: ColorDetectionOptions = {}): ColorMode {
  const env = options.env ?? process.env;
  if (options.noColor) return 'none';
  const force = env['FORCE_COLOR'];
  if (force !== undefined) {
    if (force === '0' || force === 'false') return 'none';
    return force === '3' ? 'truecolor' : 'ansi256';
  }
  if (env['NO_COLOR'] !== undefined && env['NO_COLOR'] !== '') return 'none';
  if (!options.stream?.isTTY) return 'none';
  const support = withEnv(env, () => createSupportsColor({ isTTY: true } as NodeJS.WriteStream, { sniffFlags: false }));
  if (!support) return 'none';
  return support.has16m ? 'truecolor' : 'ansi256';
}

/** True when cursor movement may be written to the stream: a terminal, or FORCE_COLOR set on. */
export function canAnimate(options: ColorDetectionOptions = {}): boolean {
  const env = options.env ?? process.env;
  const force = env['FORCE_COLOR'];
  if (force !== undefined && force !== '0' && force !== 'false') return true;
  return Boolean(options.stream?.isTTY) && env['TERM'] !== 'dumb';
}

// supports-color reads the live process.env object; let callers (and tests) detect against another
// environment by swapping its contents for the duration of one synchronous call.
function withEnv<T>(env: Record<string, string | undefined>, run: () => T): T {
  if (env === process.env) return run();
  const saved = { ...process.env };
  const replace = (next: Record<string, string | undefined>) => {
    for (const key of Object.keys(process.env)) delete process.env[key];
    for (const [key, value] of Object.entries(next)) if (value !== undefined) process.env[key] = value;
  };
  replace(env);
  try {
    return run();
  } finally {
    replace(saved);
  }
}
