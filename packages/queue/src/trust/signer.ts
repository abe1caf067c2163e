import { createHmac, timingSafeEqual } from 'node:crypto';
import { canonicalJson } from './canonical.js';

/**
 * What a signature vouches for. The kind is part of the signed bytes, so a signature made for one
 * kind of record (a block's result) can never pass for another (a run's spec).
 */
export type SignedKind = 'run-spec' | 'run-job' | 'block-job' | 'block-result' | 'run-result' | 'shard' | 'worker';

const SIGNATURE = /^[0-9a-f]{64}$/;

/**
 * HMAC-SHA256 with the shared secret over `kit/1 <kind>\n` and the value's canonical JSON. Whoever
 * holds the secret (submitters and workers) can make records the others accept; anyone else with
 * access to Redis or to a shard file cannot.
 */
export class Signer {
  readonly #key: Buffer;

  constructor(secret: string) {
    this.#key = Buffer.from(secret, 'utf8');
  }

  /** The signature (64 hex digits) of a value as a record of the given kind. */
  sign(kind: SignedKind, value: unknown): string {
    return createHmac('sha256', this.#key).update(`kit/1 ${kind}\n`).update(canonicalJson(value)).digest('hex');
  }

  /** Whether `signature` (a field read from elsewhere, of any type) is this secret's for the value. */
  verify(kind: SignedKind, value: unknown, signature: unknown): boolean {
    if (typeof signature !== 'string' || !SIGNATURE.test(signature)) return false;
    let expected: string;
    try {
      expected = this.sign(kind, value);
    } catch {
      return false;
    }
    return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(signature, 'hex'));
  }
}
