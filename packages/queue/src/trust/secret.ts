import { readInputFile } from '@kit/core/node';
import { Signer } from './signer.js';

/** Where the shared secret comes from: never the command line (other users see it in `ps`). */
export const SECRET_ENV = 'KIT_QUEUE_SECRET';
/** The variable naming a file that holds the shared secret (a container's mounted secret); set it or {@link SECRET_ENV}, not both. */
export const SECRET_FILE_ENV = 'KIT_QUEUE_SECRET_FILE';

const MIN_LENGTH = 32;
const MAX_BYTES = 4096;

/** A secret that cannot be used: one line, naming where it came from. */
export class SecretError extends Error {
  /** `SecretError`, for code that tells errors apart by name. */
  override readonly name = 'SecretError';
}

/**
 * The signer for the secret in KIT_QUEUE_SECRET_FILE (a file, as a container's mounted secret) or
 * KIT_QUEUE_SECRET; undefined when neither is set. At least 32 characters (`openssl rand -hex 32`).
 */
export async function loadSigner(env: Record<string, string | undefined> = process.env, cwd = process.cwd()): Promise<Signer | undefined> {
  const path = env[SECRET_FILE_ENV];
  const inline = env[SECRET_ENV];
  if (path !== undefined && path !== '' && inline !== undefined && inline !== '') {
    throw new SecretError(`set ${SECRET_FILE_ENV} or ${SECRET_ENV}, not both`);
  }
  let secret: string;
  let from: string;
  if (path !== undefined && path !== '') {
    try {
      secret = (await readInputFile(path, { cwd, what: 'secret file', maxBytes: MAX_BYTES })).text;
    } catch (error) {
      throw new SecretError(`${SECRET_FILE_ENV}: ${(error as Error).message}`);
    }
    from = `${SECRET_FILE_ENV} (${path})`;
  } else if (inline !== undefined && inline !== '') {
    secret = inline;
    from = SECRET_ENV;
  } else {
    return undefined;
  }
  // A file ends with a newline; the secret is the line.
  secret = secret.replace(/\r?\n$/, '');
  if (secret.length < MIN_LENGTH || /[\r\n]/.test(secret)) {
    throw new SecretError(`${from}: the secret must be one line of at least ${MIN_LENGTH} characters (make one with: openssl rand -hex 32)`);
  }
  return new Signer(secret);
}
