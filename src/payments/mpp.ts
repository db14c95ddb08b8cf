import { Challenge, Constants, Credential, PaymentRequest, Receipt } from 'mppx';
import { keccak256, type Hex } from 'viem';

/*
 * The HTTP side of the Machine Payments Protocol (the `Payment` auth scheme) for the default `mpp`
 * route: reading what a client presents, checking the challenge it echoes, and the receipt header.
 * The challenge itself and its verification are mppx's own Tempo `charge` method (tempo-method.ts), so
 * any stock MPP client (mppx's `fetch`, the `mppx` CLI, an MCP client wrapped by mppx) pays it.
 */

/**
 * The token call a payer without an MPP client makes by hand: transferWithMemo(pay_to, amount, memo),
 * with the memo the 402 body gives (the attribution memo mppx's own client would write).
 */
export const TRANSFER_CALL = 'transferWithMemo(address,uint256,bytes32)';
export const TEMPO_METHOD = 'tempo';

export type ChallengeCheck = 'ok' | 'not_issued_here' | 'wrong_session' | 'expired';

/** Whether a challenge echoed in a credential is one we issued, for this session, and still open. */
export function checkChallenge(
  challenge: Challenge.Challenge,
  opts: { secret: string; sessionId: string; now?: Date },
): ChallengeCheck {
  if (!Challenge.verify(challenge, { secretKey: opts.secret })) return 'not_issued_here';
  // The HMAC covers `opaque`, so once verified it is our own serialization of { session_id }.
  const meta = challenge.opaque ? PaymentRequest.deserialize(challenge.opaque) : {};
  if (meta.session_id !== opts.sessionId) return 'wrong_session';
  if (challenge.expires && new Date(challenge.expires) <= (opts.now ?? new Date())) return 'expired';
  return 'ok';
}

export interface ParsedCredential {
  /** Where the transaction hash came from: a full `Authorization: Payment` value, the credential alone, or a bare hash. */
  source: 'authorization' | 'credential' | 'tx_hash';
  /**
   * The payment's transaction: the hash a push credential (or a bare hash) names, or the hash of the
   * signed transaction a pull credential carries, which is the hash it has once broadcast.
   */
  txHash: Hex;
  challengeId?: string;
  /** The challenge the client echoed (check it with `checkChallenge`). */
  challenge?: Challenge.Challenge;
  /** The payer the client claims (`did:pkh:…`); the chain, not this, decides who paid. */
  did?: string;
}

const TX_HASH = /^0x[0-9a-fA-F]{64}$/;
const MAX_CREDENTIAL_LENGTH = 32 * 1024;

/**
 * Reads a payment receipt in any of the three forms an agent may send; null when it is none of them.
 * A charge credential's payload is a mined transaction's hash (push) or a signed transaction (pull).
 */
export function parseCredential(value: string): ParsedCredential | null {
  const text = value.trim();
  if (text.length === 0 || text.length > MAX_CREDENTIAL_LENGTH) return null;
  // The same receipt forms in the body and in `Authorization: Payment <receipt>`: the scheme is only a wrapper.
  const scheme = Credential.extractPaymentScheme(text);
  const inner = (scheme ?? text).replace(/^Payment\s+/i, '').trim();
  if (TX_HASH.test(inner)) return { source: 'tx_hash', txHash: inner.toLowerCase() as Hex };
  let credential: Credential.Credential;
  try {
    credential = Credential.deserialize(`${Constants.Schemes.payment} ${inner}`);
  } catch {
    return null;
  }
  const txHash = payloadTxHash(credential.payload);
  if (!txHash || credential.challenge.intent !== Constants.Intents.charge) return null;
  return {
    source: scheme ? 'authorization' : 'credential',
    txHash,
    challengeId: credential.challenge.id,
    challenge: credential.challenge,
    ...(credential.source ? { did: credential.source } : {}),
  };
}

function payloadTxHash(payload: unknown): Hex | null {
  const p = payload as { type?: unknown; hash?: unknown; signature?: unknown } | null;
  if (p?.type === 'hash' && typeof p.hash === 'string' && TX_HASH.test(p.hash)) return p.hash.toLowerCase() as Hex;
  if (p?.type === 'transaction' && typeof p.signature === 'string' && /^0x(?:[0-9a-fA-F]{2})+$/.test(p.signature))
    return keccak256(p.signature as Hex);
  return null;
}

/** The `Payment-Receipt` response header for a verified payment (mppx's receipt encoding). */
export function receiptHeader(input: {
  reference: string;
  sessionId: string;
  chainId?: number;
  at?: Date;
  method?: string;
}): string {
  return Receipt.serialize(
    Receipt.from({
      method: input.method ?? TEMPO_METHOD,
      reference: input.reference,
      status: 'success',
      timestamp: (input.at ?? new Date()).toISOString(),
      externalId: input.sessionId,
      ...(input.chainId !== undefined ? { chainId: input.chainId } : {}),
    }),
  );
}
