import { setTimeout as sleep } from 'node:timers/promises';
import type { RegistrationInput, RegistrationResult } from '../../workflows/registration-messages.ts';
import type { Paid } from '../checkout/paid-operation-service.ts';
import { checkoutSessions } from '../db/checkout-sessions.ts';
import { AppError } from '../domain/errors.ts';
import { paymentResponseHeader, PAYMENT_RESPONSE_HEADER, type X402Payment } from '../payments/x402.ts';
import type { RegistrationContext } from './context.ts';
import { findRegistrationResult } from './records.ts';
import { nudgeSettlement } from './settlement-nudge.ts';

// How long an x402 retry waits for its settlement and the activation (the relay broadcasts at once; the
// settlement run looks again within seconds while the transfer is in flight, at once on the relay's notice);
// past that it is told where to look, never to pay again.
const OUTCOME_WAIT_MS = 60_000;
const OUTCOME_POLL_MS = 250;
// How many of the holder's latest relay checkouts of a name a lost answer is looked for in.
const LOST_ANSWER_LOOKBACK = 5;

const same = (a: string | null | undefined, b: string) => a?.toLowerCase() === b.toLowerCase();

/**
 * The USDC route paid by a stock x402 client (docs/payments.md "A stock x402 client"): the retry's
 * `PAYMENT-SIGNATURE` pays the open checkout its sender holds on that name (the same request and key
 * that got the 402), through the same relay session, checks and settlement run as any payer's settle;
 * the answer waits for the outcome. The same signature again, once the answer was lost, gets the
 * registration it paid for, never a second charge.
 */
export function x402Registrations({ orm, usdc, checkout }: RegistrationContext) {
  const route = () => {
    if (!usdc) throw new AppError('network_not_enabled', 'The base-mainnet USDC route is not configured here.');
    return usdc;
  };

  /** Pays the holder's open relay checkout with the signature and answers its outcome. */
  async function payOpenCheckout(
    input: RegistrationInput,
    payment: X402Payment,
  ): Promise<Paid<'registered', RegistrationResult>> {
    const relaySessionId = input.relay?.relaySessionId;
    if (!relaySessionId) throw new AppError('no_checkout', 'This checkout is not paid through the checkout relay.');
    await route().settle(relaySessionId, input, payment);
    // The registry itself moved the session: its settlement run looks now (then again within seconds while
    // the transfer is in flight), on a stack whose relay sends no notices too. A run already closed needs none.
    await nudgeSettlement(checkout.temporal(), input.sessionId);
    try {
      return checkout.paid(await outcome(input.name, input.sessionId), input.sessionId);
    } catch (err) {
      // Activation refused after the money moved: the run credited it as gems (the refusal says so); the
      // payer is also told which transfer that was.
      const seen = err instanceof AppError && err.details?.credited ? await route().settlementOf(relaySessionId) : null;
      if (!(err instanceof AppError) || !seen?.tx_hash) throw err;
      throw new AppError(err.code, err.message, err.details, {
        [PAYMENT_RESPONSE_HEADER]: paymentResponseHeader({
          transaction: seen.tx_hash,
          network: payment.accepted.network,
          payer: payment.payload.authorization.from,
        }),
      });
    }
  }

  /** The registration once the checkout's run has closed, or after a bounded wait "poll, never pay again". */
  async function outcome(name: string, sessionId: string): Promise<RegistrationResult> {
    for (let waited = 0; waited < OUTCOME_WAIT_MS; waited += OUTCOME_POLL_MS) {
      const now = await checkout.standing(name);
      if (!now || now.sessionId !== sessionId) {
        const done = await findRegistrationResult(orm.em.fork(), sessionId);
        if (done) return done;
        // Closed without a registration: its outcome is the run's refusal (with the credit, if any).
        if (!now) return checkout.result(name);
        break;
      }
      await sleep(OUTCOME_POLL_MS);
    }
    throw route().inFlight(sessionId);
  }

  /**
   * A retry whose answer was lost, after its checkout closed: the registration of this name that this
   * very authorization (its payer and nonce, as the relay recorded it) paid, among the holder's latest
   * relay checkouts. Null when it paid none of them.
   */
  async function paidBefore(
    name: string,
    holder: string,
    payment: X402Payment,
  ): Promise<Paid<'registered', RegistrationResult> | null> {
    const { from, nonce } = payment.payload.authorization;
    const em = orm.em.fork();
    const rows = await checkoutSessions(em).relayCheckoutsOf({ holder, name, limit: LOST_ANSWER_LOOKBACK });
    for (const row of rows) {
      const seen = row.relaySessionId ? await route().settlementOf(row.relaySessionId) : null;
      if (!seen || !same(seen.nonce, nonce) || !same(seen.payer, from)) continue;
      const done = await findRegistrationResult(em, row.sessionId);
      return done ? checkout.paid(done, row.sessionId) : null;
    }
    return null;
  }

  /** Told when a signature pays no checkout of this request: nothing is created, nothing is charged. */
  const noCheckout = (name: string) =>
    new AppError(
      'no_checkout',
      `This PAYMENT-SIGNATURE pays no open checkout of ${name} of yours: an authorization pays only the checkout it was signed for. Send the request without it to get a challenge.`,
    );

  return { payOpenCheckout, paidBefore, noCheckout };
}
