import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

// Credential strings. A key reads `rk_<class>_<id>_<secret>`: the class and id are public (shown in
// listings, used to find the row), the 256-bit secret is shown once and stored only as its SHA-256.
// A fast hash is right here: the secret is random, so there is nothing to brute-force.
export type KeyClass = 'agent' | 'live' | 'org';

const KEY_PATTERN = /^rk_(agent|live|org)_([a-z0-9]{16})_([A-Za-z0-9_-]{43})$/;
const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

function randomId(length = 16): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += ID_ALPHABET[b % ID_ALPHABET.length];
  return out;
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Constant-time comparison of two hex digests of equal length. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

export interface NewKey {
  id: string;
  keyClass: KeyClass;
  secretHash: string;
  /** The full key, to show to its owner exactly once. */
  plaintext: string;
}

export function generateKey(keyClass: KeyClass): NewKey {
  const id = randomId();
  const secret = randomBytes(32).toString('base64url');
  return { id, keyClass, secretHash: sha256Hex(secret), plaintext: `rk_${keyClass}_${id}_${secret}` };
}

export interface ParsedKey {
  keyClass: KeyClass;
  id: string;
  secret: string;
}

export function parseKey(value: string): ParsedKey | null {
  const m = KEY_PATTERN.exec(value.trim());
  if (!m) return null;
  return { keyClass: m[1] as KeyClass, id: m[2] as string, secret: m[3] as string };
}

/** A single-use claim code an operator types or pastes: `claim-` and 26 lowercase characters. */
export function generateClaimCode(): { code: string; hash: string } {
  const code = `claim-${randomId(26)}`;
  return { code, hash: sha256Hex(code) };
}

export function generateSessionToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: sha256Hex(token) };
}
