import type { CheckoutTerms } from '../../workflows/checkout-messages.ts';
import { formatUsd } from '../domain/money.ts';
import { TRANSFER_CALL } from '../payments/mpp.ts';
import type { PaymentSettings } from '../payments/payment-settings.ts';
import { attributionMemo, buildTempoChallenge } from '../payments/tempo-method.ts';

const DECIMALS = 6;

/**
 * The `WWW-Authenticate: Payment` challenge of a checkout. The same terms always give the same
 * challenge, so a repeated 402 for one session is identical.
 */
export function checkoutChallenge(
  p: PaymentSettings,
  terms: CheckoutTerms,
  description: string,
): { header: string; challengeId: string; memo: string } {
  const chain = chainOf(terms);
  return buildTempoChallenge({
    sessionId: terms.sessionId,
    realm: p.realm,
    amountMinor: BigInt(terms.amountMinor),
    expiresAt: new Date(terms.expiresAtMs),
    secret: p.secret,
    chainId: chain.chainId,
    payTo: chain.payTo,
    currency: chain.token,
    decimals: DECIMALS,
    description,
  });
}

/**
 * Where a checkout paid on chain is paid: the configured token and receiver, and the session's memo.
 * mppx's Tempo method binds a payment to its challenge id, so the memo is derived from the challenge,
 * which the same terms always rebuild identically.
 */
export function chainTerms(
  p: PaymentSettings,
  terms: CheckoutTerms,
  description: string,
): NonNullable<CheckoutTerms['chain']> {
  const chain = { chainId: p.chainId, token: p.token, payTo: p.payTo, memo: '' };
  chain.memo = checkoutChallenge(p, { ...terms, chain }, description).memo;
  return chain;
}

/** The 402 answer of a checkout awaiting machine payment: its challenge header and body (spec 4.2). */
export function paymentOffer(p: PaymentSettings, terms: CheckoutTerms, description: string) {
  const chain = chainOf(terms);
  const challenge = checkoutChallenge(p, terms, description);
  // What a payer without an MPP client writes by hand: the memo mppx's own client would write.
  const memo = attributionMemo({ challengeId: challenge.challengeId, realm: p.realm });
  return {
    header: challenge.header,
    body: {
      status: 'payment_required' as const,
      protocol: 'mpp' as const,
      amount: Number(formatUsd(BigInt(terms.amountMinor))),
      amount_minor: terms.amountMinor,
      currency: terms.currency,
      session_id: terms.sessionId,
      // EIP-681 payment request: the token call that pays this checkout.
      pay_url: `ethereum:${chain.token}@${chain.chainId}/transferWithMemo?address=${chain.payTo}&uint256=${terms.amountMinor}&bytes32=${memo}`,
      expires_at: new Date(terms.expiresAtMs).toISOString(),
      challenge: {
        token: chain.token,
        pay_to: chain.payTo,
        chain_id: chain.chainId,
        memo,
        decimals: DECIMALS,
        call: TRANSFER_CALL,
        rpc_url: p.rpcUrl ?? null,
      },
      message: `Pay once before expires_at with any MPP client (the WWW-Authenticate: Payment challenge is mppx's tempo charge), or by hand: call ${TRANSFER_CALL} on challenge.token (chain challenge.chain_id) with (pay_to, amount_minor, memo). Then re-send this request with the MPP credential (an MPP client does it) or the transaction hash, in Authorization: Payment <receipt> or the receipt field. Never pay twice: if an answer is lost, re-send the same receipt.`,
    },
  };
}

function chainOf(terms: CheckoutTerms): NonNullable<CheckoutTerms['chain']> {
  if (!terms.chain) throw new Error(`checkout ${terms.sessionId} is not paid on chain`);
  return terms.chain;
}
