import { basename, isAbsolute, relative, sep } from 'node:path';
import { isInside } from '@kit/core/node';

/**
 * A plugin's source as the manifest may publish it: the page is served to others and its static
 * export hosted anywhere, so no absolute path of this machine goes in. A path under the working
 * directory becomes `./relative/path`; any other absolute path only its last part.
 */
export function publicSource(source: string, cwd = process.cwd()): string {
  if (!isAbsolute(source)) return source;
  const inside = relative(cwd, source);
  if (inside === '') return '.';
  if (isInside(cwd, source)) return `./${inside.split(sep).join('/')}`;
  return basename(source);
}

/** A message with this machine's absolute paths (a plugin's directory, the working directory) written as the manifest publishes them. */
export function publicMessage(message: string, packageDir: string | undefined, cwd = process.cwd()): string {
  let text = message;
  for (const dir of [packageDir, cwd]) {
    if (!dir || !isAbsolute(dir) || dir === sep) continue;
    text = text.split(dir).join(publicSource(dir, cwd));
  }
  return text;
}
