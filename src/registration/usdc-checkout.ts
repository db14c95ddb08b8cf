import type { RelayTerms } from '../../workflows/checkout-messages.ts';
import { AppError } from '../domain/errors.ts';
import { formatUsd } from '../domain/money.ts';
import { BASE_MAINNET_CHAIN_ID, USDC_DECIMALS } from '../domain/quote.ts';
import {
  RelayRefusal,
  RelayUnavailableError,
  type OpenedRelaySession,
  type RelaySessionView,
} from '../payments/relay-client.ts';
import type { UsdcCheckoutSettings } from '../payments/usdc-route.ts';
import { paymentRequiredHeader, PAYMENT_REQUIRED_HEADER, type X402Payment } from '../payments/x402.ts';

/** What a USDC-route checkout is for, as the 402 binds it. */
export interface UsdcCheckoutRequest {
  sessionId: string;
  name: string;
  namespace: string;
  years: number;
  amountMinor: string;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The registry's side of the USDC route's checkout relay (spec 4.6, docs/payments.md "USDC route"): it asks the
 * relay whether Base settlement is on, opens one relay session per registry checkout (its reference is
 * the registry's session id, so asking again returns the same session), and refuses to hand a payer
 * any challenge whose terms are not exactly ours: the network, the USDC contract, our receiver and the
 * quoted amount.
 */
export function usdcCheckout(settings: UsdcCheckoutSettings, urls: { publicBaseUrl: string }) {
  const { relay } = settings;
  const unavailable = (err: unknown): never => {
    if (err instanceof RelayUnavailableError)
      throw new AppError('relay_unavailable', `${err.message} Nothing was created; try again shortly.`);
    throw err;
  };

  /** Spec 4.6 step 1 from the registry's side: a closed route is refused before anything is created. */
  async function requireSettlement(): Promise<void> {
    const enabled = await relay.settlementEnabled(settings.network).catch(unavailable);
    if (!enabled)
      throw new AppError(
        'settlement_disabled',
        'The checkout relay reports settlement_enabled: false for Base: the USDC route is closed. Do not pay; use the default route (omit X-MPP-Network) or try later.',
        undefined,
        { 'retry-after': '300' },
      );
  }

  /** Opens (or finds again) the relay session of one checkout, and checks its challenge against our terms. */
  async function open(
    q: UsdcCheckoutRequest,
    ttlSeconds: number,
  ): Promise<{ terms: RelayTerms; opened: OpenedRelaySession }> {
    const opened = await relay
      .openSession({ reference: q.sessionId, amount: q.amountMinor, expiresInSeconds: ttlSeconds })
      .catch(unavailable);
    const c = opened.payment_challenges;
    const agrees =
      opened.reference === q.sessionId &&
      c.network === settings.network &&
      same(c.asset, settings.asset) &&
      same(c.payTo, settings.payTo) &&
      c.amount === q.amountMinor &&
      opened.amount === q.amountMinor &&
      c.maxTimeoutSeconds > 0;
    if (!agrees)
      throw new AppError(
        'relay_terms_mismatch',
        'The checkout relay offered terms other than this registry’s (network, asset, receiver or amount); nothing was handed out to pay. An operator has to look at the relay configuration.',
      );
    return {
      opened,
      terms: {
        relaySessionId: opened.session_id,
        network: c.network,
        asset: c.asset,
        payTo: c.payTo,
        pollMs: settings.looks.firstMs,
        maxPollMs: settings.looks.maxMs,
      },
    };
  }

  /** What the relay says of a session now, or null when it cannot be asked (an unknown state, never "unpaid"). */
  async function settlementOf(relaySessionId: string): Promise<RelaySessionView | null> {
    return relay.session(relaySessionId).catch(() => null);
  }

  /**
   * The holder gives a checkout up: the relay closes its session if nothing was ever prepared for it.
   * Resolves only when the relay reports `expired_unpaid` (nothing can land any more: the one state that
   * releases the lock); a session with an authorization accepted keeps the lock (`lock_busy`), and a
   * relay that cannot be asked is an unknown state, never "unpaid".
   */
  async function giveUp(relaySessionId: string): Promise<void> {
    const s = await relay.closeSession(relaySessionId).catch(unavailable);
    if (s.status !== 'expired_unpaid')
      throw new AppError(
        'lock_busy',
        `The checkout relay reports this session ${s.status}: an authorization was accepted for it and a payment may land, so the lock stays. Poll the receipt; it is released only when the relay reports expired_unpaid.`,
        { settlement_status: s.status },
      );
  }

  const statusUrl = (sessionId: string) => `${urls.publicBaseUrl}/api/agent/register-status/${sessionId}`;

  /**
   * Spec 4.3's 402 on the USDC route: the relay session (id, single-use token, settle and receipt URLs),
   * the flat `payment_challenges` of spec 4.6 and what the payment is bound to (the request, the domain
   * and the quote), so a payer can check every term before it signs.
   */
  function offer(q: UsdcCheckoutRequest, opened: OpenedRelaySession, warnings: string[]) {
    return {
      status: 'payment_required' as const,
      protocol: 'x402' as const,
      session_id: q.sessionId,
      session_token: opened.session_token,
      settle_url: opened.settle_url,
      receipt_url: opened.receipt_url,
      expires_at: opened.expires_at,
      payment_challenges: opened.payment_challenges,
      request: {
        method: 'POST' as const,
        url: `${urls.publicBaseUrl}/api/v1/domains/register`,
        payment_method: 'mpp' as const,
        mpp_network: 'base-mainnet' as const,
      },
      domain: { name: q.name, namespace: q.namespace, years: q.years },
      quote: {
        currency: 'USDC' as const,
        amount: formatUsd(BigInt(q.amountMinor)),
        amount_minor: q.amountMinor,
        decimals: USDC_DECIMALS,
        mpp_network: 'base' as const,
        chain_id: BASE_MAINNET_CHAIN_ID,
      },
      status_url: statusUrl(q.sessionId),
      reconcile_url: `${statusUrl(q.sessionId)}/reconcile`,
      message:
        'Check every term (amount equals the quote, asset, payTo and network as quoted, the name still available), sign an EIP-3009 TransferWithAuthorization locally with validBefore - validAfter at most maxTimeoutSeconds, POST it once to settle_url with X-Checkout-Session-Token and an Idempotency-Key, then poll receipt_url until confirmed and call reconcile_url. If an answer is lost, poll: never sign a replacement.',
      warnings,
    };
  }

  /** Told to a holder who asks again while the payment may be settling: where to look, never a new challenge. */
  function inFlight(sessionId: string): AppError {
    return new AppError(
      'payment_may_be_in_flight',
      `This registration is paid through the checkout relay and a payment may be in flight: poll GET ${statusUrl(sessionId)} and POST ${statusUrl(sessionId)}/reconcile once the relay's receipt says confirmed. Never sign a second authorization.`,
      { session_id: sessionId, status_url: statusUrl(sessionId), reconcile_url: `${statusUrl(sessionId)}/reconcile` },
    );
  }

  /** The x402 resource of a checkout: the register request, and what it buys. */
  const resourceOf = (name: string, years: number) => ({
    url: `${urls.publicBaseUrl}/api/v1/domains/register`,
    description: `Register ${name} for ${years} year(s)`,
    mimeType: 'application/json',
  });

  /**
   * The 402's challenge in x402 v2's own form (the `PAYMENT-REQUIRED` header a stock client reads): the
   * one way to pay is the relay session's flat challenge itself, so a client that passes it back as
   * `accepted` passes back exactly what the relay compares.
   */
  function x402Challenge(body: ReturnType<typeof offer>): string {
    return paymentRequiredHeader({
      resource: resourceOf(body.domain.name, body.domain.years),
      accepts: [{ ...body.payment_challenges, network: body.payment_challenges.network as `${string}:${string}` }],
    });
  }

  /**
   * Hands an x402 `PAYMENT-SIGNATURE` to the relay session of the holder's open checkout, as its merchant
   * (the relay acting as the facilitator): the relay's checks, and its one-authorization-per-session
   * binding, apply as to any settle. The idempotency key is the authorization's nonce, so the same
   * signature sent again reads the session as it stands instead of asking for a second payment.
   */
  async function settle(
    relaySessionId: string,
    q: { sessionId: string; name: string; years: number },
    payment: X402Payment,
  ): Promise<RelaySessionView> {
    const { authorization, signature } = payment.payload;
    try {
      return await relay.settle(
        relaySessionId,
        { authorization, signature, accepted: payment.accepted },
        `x402:${authorization.nonce.toLowerCase()}`,
      );
    } catch (err) {
      if (err instanceof RelayUnavailableError)
        throw new AppError(
          'relay_unavailable',
          `${err.message} The authorization may have been accepted: send the same PAYMENT-SIGNATURE again, or poll ${statusUrl(q.sessionId)}. Never sign a second one.`,
          { session_id: q.sessionId, status_url: statusUrl(q.sessionId) },
        );
      if (!(err instanceof RelayRefusal)) throw err;
      if (err.code === 'session_already_paying') throw inFlight(q.sessionId);
      if (err.code === 'authorization_bound_elsewhere')
        throw new AppError('authorization_bound_elsewhere', err.message, { session_id: q.sessionId });
      if (err.code === 'expired_unpaid')
        throw new AppError('checkout_closed', 'The checkout expired unpaid; send the request again for a new one.');
      if (err.status !== 402 && err.code !== 'challenge_mismatch')
        throw new AppError('relay_unavailable', `The checkout relay refused (${err.status} ${err.code}).`);
      // Refused by the relay's checks: the checkout stays open and unpaid. A verification refusal comes only
      // after `accepted` was found to be the session's own challenge, so it is offered back, with the reason.
      const accepts = err.code === 'challenge_mismatch' ? [] : [payment.accepted];
      throw new AppError(
        'authorization_refused',
        `The checkout relay refused this authorization (${err.code}): ${err.message}`,
        { reason: err.code, session_id: q.sessionId },
        {
          [PAYMENT_REQUIRED_HEADER]: paymentRequiredHeader({
            resource: resourceOf(q.name, q.years),
            accepts,
            error: err.code,
          }),
        },
      );
    }
  }

  return { requireSettlement, open, settlementOf, giveUp, offer, inFlight, x402Challenge, settle };
}

export type UsdcCheckout = ReturnType<typeof usdcCheckout>;
