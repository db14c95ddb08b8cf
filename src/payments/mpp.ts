import { Challenge, Constants, Credential, Method, PaymentRequest, Receipt, z } from 'mppx';
import type { Hex } from 'viem';
import { sessionMemo } from './chain-verifier.ts';

/*
 * The HTTP side of the Machine Payments Protocol (the `Payment` auth scheme) for the default `mpp`
 * route, built on mppx's own challenge, credential and receipt codecs.
 *
 * What a client must do with a challenge from `buildChallenge` (method "tip20", intent "charge"):
 *   1. decode `request` (mppx `Challenge.deserialize` / `Challenge.fromResponse`);
 *   2. on chain `methodDetails.chainId`, call `transferWithMemo(recipient, amount, methodDetails.memo)`
 *      on the token `currency`, for exactly `amount` minor units; memo = keccak256(session id);
 *   3. once mined, re-send the same request with `Authorization: Payment <credential>`, where the
 *      credential is mppx `Credential.serialize({ challenge, payload: { type: 'hash', hash } })`
 *      (optionally `source: did:pkh:eip155:<chainId>:<payer>`). The bare transaction hash, or the
 *      credential without the scheme in the body's `receipt`, are accepted too.
 *
 * Why not mppx's own Tempo charge method here: its clients always pay in Tempo transactions (type
 * 0x76) with an attribution memo derived from the challenge id, and its request schema refuses a
 * server-chosen memo. Our payment is bound to the checkout session instead (memo in the challenge),
 * so it keeps working when a challenge is re-issued, and it runs on any EVM chain, anvil included.
 * The credential payload is Tempo's push-mode `{ type: 'hash', hash }`.
 */

export const TIP20_METHOD = 'tip20';
/** The token call that pays a checkout: transferWithMemo(pay_to, amount, memo). */
export const TRANSFER_CALL = 'transferWithMemo(address,uint256,bytes32)';

const integer = () => z.string().check(z.regex(/^\d+$/, 'must be an integer in minor units'));
const hashPayload = z.object({ type: z.literal('hash'), hash: z.hash() });

/** The payment method, as mppx describes methods: what the challenge asks and what the credential proves. */
export const tip20Charge = Method.from({
  name: TIP20_METHOD,
  intent: Constants.Intents.charge,
  schema: {
    credential: { payload: hashPayload },
    request: z.object({
      amount: integer(),
      currency: z.address(),
      recipient: z.address(),
      description: z.optional(z.string()),
      externalId: z.optional(z.string()),
      methodDetails: z.object({
        chainId: z.number(),
        decimals: z.number(),
        symbol: z.string(),
        memo: z.hash(),
        call: z.literal(TRANSFER_CALL),
        supportedModes: z.array(z.literal('push')),
      }),
    }),
  },
});

export interface ChallengeInput {
  sessionId: string;
  realm: string;
  amountMinor: bigint;
  currency: string;
  decimals: number;
  token: string;
  payTo: string;
  chainId: number;
  /** Optional cross-check: when given it must equal sessionMemo(sessionId), which is what the challenge carries. */
  memo?: string;
  expiresAt: Date;
  description: string;
  secret: string;
}

/**
 * The `WWW-Authenticate: Payment …` value for one checkout session. The id is mppx's HMAC over the
 * whole challenge (request, expiry, and the session id carried in `opaque`), so nothing needs to be
 * stored: `checkChallenge` recomputes it. Same input, same header: a re-issued 402 is identical.
 */
export function buildChallenge(input: ChallengeInput): {
  header: string;
  challengeId: string;
  challenge: Challenge.Challenge;
} {
  // mppx refuses weaker HMAC keys in its own server (Mppx.create); keep the same floor.
  if (new TextEncoder().encode(input.secret).byteLength < 32)
    throw new Error('MPP challenge secret must be at least 32 bytes');
  const memo = sessionMemo(input.sessionId);
  if (input.memo !== undefined && input.memo.toLowerCase() !== memo)
    throw new Error('memo is not keccak256(sessionId)');
  const challenge = Challenge.fromMethod(tip20Charge, {
    secretKey: input.secret,
    realm: input.realm,
    description: input.description,
    expires: input.expiresAt.toISOString(),
    meta: { session_id: input.sessionId },
    request: {
      amount: input.amountMinor.toString(),
      currency: input.token,
      recipient: input.payTo,
      externalId: input.sessionId,
      methodDetails: {
        chainId: input.chainId,
        decimals: input.decimals,
        symbol: input.currency,
        memo,
        call: TRANSFER_CALL,
        supportedModes: ['push'],
      },
    },
  });
  return { header: Challenge.serialize(challenge), challengeId: challenge.id, challenge };
}

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
 * Only push-mode (transaction hash) charge credentials are accepted: the payment must already be on chain.
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
  const payload = hashPayload.safeParse(credential.payload);
  if (!payload.success || credential.challenge.intent !== Constants.Intents.charge) return null;
  return {
    source: scheme ? 'authorization' : 'credential',
    txHash: payload.data.hash.toLowerCase() as Hex,
    challengeId: credential.challenge.id,
    challenge: credential.challenge,
    ...(credential.source ? { did: credential.source } : {}),
  };
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
      method: input.method ?? TIP20_METHOD,
      reference: input.reference,
      status: 'success',
      timestamp: (input.at ?? new Date()).toISOString(),
      externalId: input.sessionId,
      ...(input.chainId !== undefined ? { chainId: input.chainId } : {}),
    }),
  );
}
