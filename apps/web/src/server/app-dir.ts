import { fileURLToPath } from 'node:url';

/** The built page (index.html, app and worker bundles, styles): dist/app, beside dist/server. */
export const APP_DIR = fileURLToPath(new URL('../app/', import.meta.url));
