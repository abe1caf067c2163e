// A file as the server sends it: compressed (brotli or gzip, whichever the browser takes), with an
// ETag so a reload is a 304, and cached for good when its name carries its content's hash.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { contentType } from './content-type.js';

/** `main-DODXPQ7C.js`, `chunks/solver-3XFUOQAK.js`: names the build gives by content (8 of [A-Z0-9]). */
const HASHED_NAME = /-[A-Z0-9]{8}\.(js|mjs|css|wasm)$/;
const COMPRESSIBLE = /^(text\/|application\/(json|wasm|javascript))|\+xml|svg/;
/** Below this, compression saves less than its headers cost. */
const MIN_COMPRESS_BYTES = 512;

export interface HttpFile {
  body: Uint8Array;
  type: string;
  etag: string;
  /** Cache-Control: `immutable` for a hashed name, else revalidate with the ETag each time. */
  cacheControl: string;
  encoded: Map<'br' | 'gzip', Promise<Uint8Array>>;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export function isHashedName(path: string): boolean {
  return HASHED_NAME.test(path);
}

export function httpFile(path: string, body: Uint8Array | string): HttpFile {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  return {
    body: bytes,
    type: contentType(path),
    etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}"`,
    cacheControl: isHashedName(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
    encoded: new Map(),
  };
}

/** The encoding the request accepts that we would use for this file (brotli first), if any. */
export function chooseEncoding(acceptEncoding: string | undefined, file: HttpFile): 'br' | 'gzip' | undefined {
  if (file.body.length < MIN_COMPRESS_BYTES || !COMPRESSIBLE.test(file.type)) return undefined;
  const accepted = new Map(
    (acceptEncoding ?? '').split(',').map((part) => {
      const [name, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
      return [name!, q === undefined ? 1 : Number(q)] as const;
    }),
  );
  const takes = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (takes('br')) return 'br';
  if (takes('gzip')) return 'gzip';
  return undefined;
}

/** Compressed once, on first request, off the event loop. */
export function encodedBody(file: HttpFile, encoding: 'br' | 'gzip'): Promise<Uint8Array> {
  let body = file.encoded.get(encoding);
  if (!body) {
    body =
      encoding === 'br'
        ? brotli(file.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: file.body.length } })
        : gzipped(file.body, { level: 9 });
    file.encoded.set(encoding, body);
  }
  return body;
}

/** Sends a file, or 304 when the browser's copy (If-None-Match) is this one. */
export async function sendFile(request: IncomingMessage, response: ServerResponse, file: HttpFile, headers: Record<string, string>): Promise<void> {
  const common = { ...headers, etag: file.etag, 'cache-control': file.cacheControl, vary: 'Accept-Encoding' };
  const match = request.headers['if-none-match'];
  if (match?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === file.etag)) {
    response.writeHead(304, common);
    response.end();
    return;
  }
  const encoding = chooseEncoding(request.headers['accept-encoding'], file);
  const body = encoding ? await encodedBody(file, encoding) : file.body;
  response.writeHead(200, {
    ...common,
    'content-type': file.type,
    'content-length': String(body.length),
    ...(encoding ? { 'content-encoding': encoding } : {}),
  });
  response.end(request.method === 'HEAD' ? undefined : body);
}
