import { spawnSync } from 'node:child_process';

export interface RunResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The environment a stranger's shell would have: none of the npm_/pnpm_ variables that `pnpm test`
 * puts around us (they would steer the npm we start), no NODE_PATH (pnpm's bin shims set it to the
 * workspace's packages, where require() would find a package the stranger never installed), no
 * colour, no update checks.
 */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm_|pnpm_|PNPM_|NODE_OPTIONS$|NODE_PATH$|VITEST|TURBO_)/i.test(key)) continue;
    env[key] = value;
  }
  return {
    ...env,
    NO_COLOR: '1',
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    npm_config_loglevel: 'error',
    ...extra,
  };
}

export function run(command: string, args: readonly string[], options: { cwd: string; env?: Record<string, string>; timeoutMs?: number }): RunResult {
  const result = spawnSync(command, args, {
    cwd: options.cwd,
    env: cleanEnv(options.env),
    encoding: 'utf8',
    timeout: options.timeoutMs ?? 240_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Like run, but a non-zero exit is an error that shows what the command printed. */
export function runOk(command: string, args: readonly string[], options: Parameters<typeof run>[2]): RunResult {
  const result = run(command, args, options);
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} (in ${options.cwd}) exited ${result.status}\n${result.stdout}\n${result.stderr}`);
  }
  return result;
}

/** Lines of stderr that are not about other plugins being skipped. */
export function ownErrorLines(stderr: string): string[] {
  return stderr.split('\n').filter((line) => line.trim() !== '' && !/ skipped: /.test(line));
}
