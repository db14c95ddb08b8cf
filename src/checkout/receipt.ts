import { checkChallenge, parseCredential, type ParsedCredential } from '../payments/mpp.ts';
import { AppError } from '../domain/errors.ts';

/**
 * A payment receipt as a client presented it: the body's `receipt` field or `Authorization: Payment
 * <receipt>`, which take the same forms (a transaction hash, an mppx credential, or the full header).
 */
export interface PresentedReceipt {
  /** What the client sent, passed on to verification unchanged. */
  raw: string;
  /** The parsed credential; null when it is no receipt form we read (verification will refuse it). */
  parsed: ParsedCredential | null;
}

/** The receipt of a request: the body's field first, else an `Authorization: Payment` header. */
export function presentedReceipt(
  bodyReceipt: string | undefined,
  authorization: string | undefined,
): PresentedReceipt | undefined {
  const header = authorization?.trim();
  const raw = bodyReceipt ?? (header && /^Payment\s+\S/i.test(header) ? header : undefined);
  return raw === undefined ? undefined : readReceipt(raw);
}

/** One parser for every place a receipt arrives. */
export function readReceipt(raw: string): PresentedReceipt {
  return { raw, parsed: parseCredential(raw) };
}

/** How an echoed challenge stands against a session: none echoed, ours for it, or not. */
export function challengeHeldFor(
  receipt: PresentedReceipt,
  sessionId: string,
  secret: string,
): 'none' | 'held' | 'not_issued_here' | 'wrong_session' {
  const echoed = receipt.parsed?.challenge;
  if (!echoed) return 'none';
  const verdict = checkChallenge(echoed, { secret, sessionId });
  // An expired challenge still binds: the payment was bound to the session when it was made.
  return verdict === 'ok' || verdict === 'expired' ? 'held' : verdict;
}

/**
 * A challenge echoed inside an mppx credential must be one this server issued for this session: a
 * credential answering another checkout's challenge is refused before anything is looked up on chain.
 */
export function requireOwnChallenge(receipt: PresentedReceipt, sessionId: string, secret: string): void {
  const verdict = challengeHeldFor(receipt, sessionId, secret);
  if (verdict === 'not_issued_here' || verdict === 'wrong_session') {
    throw new AppError(
      'invalid_receipt',
      `The credential answers ${verdict === 'wrong_session' ? "another checkout's" : 'a foreign'} challenge, not this checkout's.`,
      { reason: verdict },
    );
  }
}
