import { createHash } from 'node:crypto';

/**
 * A UUID (version 8: name-based, our own hash) that the same name always gives: the id of an operation an
 * Idempotency-Key stands for, or of an audit event that a retried step must record only once.
 */
export function nameUuid(name: string): string {
  const h = createHash('sha256').update(name).digest('hex').slice(0, 32);
  const variant = ((parseInt(h.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
