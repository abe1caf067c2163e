// Where a queue command's Redis and secret come from: `--queue URL` or KIT_QUEUE_URL, a password
// from KIT_QUEUE_PASSWORD_FILE, the shared secret from KIT_QUEUE_SECRET_FILE or KIT_QUEUE_SECRET.
// Nothing secret needs to be on the command line, where other users see it (`ps`).
import { readTextFile } from './files.js';
import { UsageError } from './errors.js';
import { loadOptional } from './optional-package.js';
import { durationFlag } from './run-flags.js';

export const QUEUE_ENV = {
  url: 'KIT_QUEUE_URL',
  passwordFile: 'KIT_QUEUE_PASSWORD_FILE',
  secretFile: 'KIT_QUEUE_SECRET_FILE',
  secret: 'KIT_QUEUE_SECRET',
  outage: 'KIT_QUEUE_OUTAGE',
} as const;

/** How long a waiting submitter rides out Redis lost or silent before giving up, unless told otherwise. */
export const DEFAULT_OUTAGE_SECONDS = 60;

type Env = Record<string, string | undefined>;

export interface QueueConfig {
  url: import('@kit/queue').QueueUrl;
  signer: import('@kit/queue/trust').Signer | undefined;
  /** Lines to print before going on (a password on the command line, an unsigned run). */
  warnings: string[];
  /** How long a wait for a run rides out Redis lost or silent (KIT_QUEUE_OUTAGE; `forever`: Infinity). */
  outageMs: number;
}

/**
 * The queue a command talks to and the secret it signs and checks with. Without a secret, only a
 * Redis on this machine is accepted (`signing: 'required'` refuses it there too): anyone who can
 * reach a Redis on the network could otherwise forge jobs and results.
 */
export async function queueConfig(flag: string | undefined, env: Env, cwd: string, purpose: 'jobs' | 'manage'): Promise<QueueConfig> {
  const [{ parseQueueUrl, isLoopback, withPassword, redactUrl, QueueError }, { loadSigner, SecretError }] = await loadOptional('@kit/queue', '--queue', () =>
    Promise.all([import('@kit/queue'), import('@kit/queue/trust')]),
  );
  const warnings: string[] = [];
  let text = flag ?? env[QUEUE_ENV.url];
  if (text === undefined || text === '') throw new UsageError(`give the Redis of the workers: --queue redis://HOST:PORT, or set ${QUEUE_ENV.url}`);
  try {
    if (flag !== undefined && new URL(flag).password !== '') {
      warnings.push(`a password on the command line is visible to other users of this machine (ps): set ${QUEUE_ENV.url} or ${QUEUE_ENV.passwordFile} instead`);
    }
  } catch {
    // Not a URL: parseQueueUrl says so below.
  }
  const passwordFile = env[QUEUE_ENV.passwordFile];
  let url;
  try {
    if (passwordFile !== undefined && passwordFile !== '') {
      const password = (await readTextFile(passwordFile, cwd, { maxBytes: 4096 }, 'password file')).text.replace(/\r?\n$/, '');
      parseQueueUrl(text);
      text = withPassword(text, password);
    }
    url = parseQueueUrl(text);
  } catch (error) {
    if (error instanceof QueueError) throw new UsageError(error.message);
    throw error;
  }
  let signer;
  try {
    signer = await loadSigner(env, cwd);
  } catch (error) {
    if (error instanceof SecretError) throw new UsageError(error.message);
    throw error;
  }
  if (!signer && purpose === 'jobs') {
    if (!isLoopback(url)) {
      throw new UsageError(
        `no shared secret: set ${QUEUE_ENV.secretFile} (or ${QUEUE_ENV.secret}) to the same secret on submitters and workers; unsigned runs are only allowed with a Redis on this machine (got ${redactUrl(url.url)})`,
      );
    }
    warnings.push(`no shared secret (${QUEUE_ENV.secretFile}): jobs and results are not signed; allowed because Redis is on this machine`);
  }
  return { url, signer, warnings, outageMs: outageOf(env[QUEUE_ENV.outage]) };
}

/** KIT_QUEUE_OUTAGE: a duration (90s, 10m, 2h) or `forever`; unset, a minute. */
function outageOf(text: string | undefined): number {
  if (text === undefined || text === '') return DEFAULT_OUTAGE_SECONDS * 1000;
  if (text.trim() === 'forever') return Number.POSITIVE_INFINITY;
  try {
    return durationFlag(QUEUE_ENV.outage, text, { min: 1, max: 30 * 86400 }) * 1000;
  } catch (error) {
    throw new UsageError(`${(error as Error).message.replace(/ \(got /, ', or forever (got ')}`);
  }
}
