import { UsageError } from './errors.js';

/**
 * Whether `error` says the package `name` itself is not installed (not one of its own imports
 * failing). require() and import() word it differently: MODULE_NOT_FOUND / ERR_MODULE_NOT_FOUND,
 * both quoting the specifier.
 */
export function isMissingPackage(error: unknown, name: string): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code !== 'MODULE_NOT_FOUND' && code !== 'ERR_MODULE_NOT_FOUND') return false;
  const quoted = name.replace(/[/.]/g, '\\$&');
  return new RegExp(`'${quoted}(/[^']*)?'`).test(String(message));
}

/** The one line that says a command's optional package is missing and how to add it. */
export function missingPackageLine(command: string, name: string): string {
  return `${command} needs ${name}, which is not installed: npm install ${name} (beside @kit/cli)`;
}

/**
 * Loads a package only some commands need (`kit worker`, `--queue`: @kit/queue and its Redis client),
 * so a user who only runs `kit run` may leave it out; when it is missing, one line says what to install.
 */
export async function loadOptional<T>(name: string, command: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isMissingPackage(error, name)) throw new UsageError(missingPackageLine(command, name));
    throw error;
  }
}
