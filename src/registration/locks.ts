import { setTimeout as sleep } from 'node:timers/promises';
import type { AccountPrincipal } from '../auth/principal.ts';
import { AppError } from '../domain/errors.ts';
import type { RegistrationInput } from '../../workflows/registration-messages.ts';
import { lookNowUpdate, settlementWorkflowId, type RelaySessionState } from '../../workflows/settlement-messages.ts';
import type { RegistrationContext } from './context.ts';
import type { RegistrationOrders } from './orders.ts';

// Reconcile: how long the relay may take to answer a look, and the wait for activation after it.
const RECONCILE_LOOK_MS = 10_000;
const RECONCILE_WAIT_MS = 20_000;
const RECONCILE_POLL_MS = 250;

/**
 * A registration's lock beyond paying it: reconciling a relay-settled checkout with the registry, and
 * resetting a stale checkout (on the USDC route, only through the relay's word).
 */
export function registrationLocks({ usdc, checkout }: RegistrationContext, { speaksFor, order }: RegistrationOrders) {
  /**
   * Spec 4.6 step 8: reconcile a relay-settled checkout with the registry. The settlement run looks at
   * the relay at once; a confirmed settlement is checked on chain and activated by the runs that own
   * it, and the answer is the order's status. Idempotent: a completed registration is answered as it
   * is (the same payment reference, nothing created again); an unconfirmed one activates nothing.
   */
  async function reconcile(orderId: string, principal: AccountPrincipal) {
    const before = await order(orderId, principal);
    if (before.result || before.state === 'refused') return before;
    if (!before.settlement)
      throw new AppError(
        'not_a_relay_checkout',
        `Order ${orderId} is not paid through the checkout relay; nothing to reconcile.`,
      );
    if (before.state === 'expired_unpaid' || before.state === 'cancelled')
      throw new AppError(
        'settlement_not_confirmed',
        `Order ${orderId} ended ${before.state}; nothing was paid or activated.`,
        {
          settlement_status: before.settlement.status,
        },
      );
    let seen: RelaySessionState | null = null;
    try {
      seen = await checkout
        .temporal()
        .withDeadline(Date.now() + RECONCILE_LOOK_MS, () =>
          checkout.temporal().workflow.getHandle(settlementWorkflowId(orderId)).executeUpdate(lookNowUpdate),
        );
    } catch {
      // The settlement run closed meanwhile (its outcome is in the order now), or the relay did not answer in time.
    }
    if (seen && seen.status !== 'confirmed')
      throw new AppError(
        'settlement_not_confirmed',
        `The relay reports ${seen.status}: nothing is activated until it is confirmed. Poll the receipt; never sign a second authorization.`,
        { settlement_status: seen.status },
      );
    const after = await settled(orderId, principal);
    if (after.result || after.state === 'refused') return after;
    if (!seen)
      throw new AppError(
        'relay_unavailable',
        'The checkout relay could not be asked just now; a payment may be in flight. Poll the status and reconcile again shortly (never pay again).',
        { settlement_status: after.settlement?.status ?? 'unknown' },
      );
    return after;
  }

  /** The order once a confirmed settlement has been activated (or, after a bounded wait, as it stands). */
  async function settled(orderId: string, principal: AccountPrincipal) {
    for (let waited = 0; ; waited += RECONCILE_POLL_MS) {
      const now = await order(orderId, principal);
      if (now.result || now.state === 'refused' || waited >= RECONCILE_WAIT_MS) return now;
      await sleep(RECONCILE_POLL_MS);
    }
  }

  /** Ends a stale checkout and frees the name (its starter or an operator). */
  async function reset(name: string, principal: AccountPrincipal): Promise<void> {
    const running = await checkout.status(name);
    if (!running) throw new AppError('lock_not_found', `There is no registration lock on ${name}.`);
    // The run's own rule is "its holder or an operator"; one who speaks for the holder (its claiming
    // person, an operator) is passed as such.
    const authorized = await speaksFor(principal, running.input.actorAccountId);
    const relaySessionId = running.input.relay?.relaySessionId;
    if (relaySessionId) return resetRelayed(name, running.input, relaySessionId, authorized);
    await checkout.reset(name, principal.accountId, authorized);
  }

  /**
   * Reset on the USDC route (spec section 3): the lock is released only when the relay reports the
   * session `expired_unpaid`, never by a local clock. The holder gives the session up at the relay, which
   * closes it only if no authorization was ever accepted (a prepared or broadcast one keeps the lock);
   * then the settlement run's next look, asked for at once, reads `expired_unpaid` and the checkout run
   * releases the lock the one way it knows. Answered once the run has closed.
   */
  async function resetRelayed(
    name: string,
    input: RegistrationInput,
    relaySessionId: string,
    authorized: boolean,
  ): Promise<void> {
    if (!authorized)
      throw new AppError(
        'forbidden',
        'Only the account that started this checkout, or an operator, can reset its lock.',
      );
    if (!usdc) throw new AppError('lock_busy', 'The checkout relay is not configured here; the lock stays.');
    await usdc.giveUp(relaySessionId);
    const temporal = checkout.temporal();
    await temporal
      .withDeadline(Date.now() + RECONCILE_LOOK_MS, () =>
        temporal.workflow.getHandle(settlementWorkflowId(input.sessionId)).executeUpdate(lookNowUpdate),
      )
      .catch(() => undefined); // closed meanwhile, or slow: its own next look reads the same.
    for (let waited = 0; waited < RECONCILE_WAIT_MS; waited += RECONCILE_POLL_MS) {
      const now = await checkout.standing(name);
      // Closed, or already another checkout's lock (a run started without the memo is waited for).
      if (!now || (now.sessionId !== null && now.sessionId !== input.sessionId)) return;
      await sleep(RECONCILE_POLL_MS);
    }
    throw new AppError(
      'not_ready',
      `The checkout relay closed this session unpaid; the lock on ${name} is being released. Retry the reset shortly.`,
    );
  }

  /**
   * A holder asking again on the USDC route when nothing it signed has reached the relay: the session
   * still awaits payment and took no authorization (its client's own spend policy may have refused to
   * sign). Then the session is given up, which the relay does only while nothing was ever prepared for
   * it, and the checkout released, so the holder simply asks again and gets a fresh challenge: two
   * sessions of one name can never both be paid. False where a payment may be in flight, or the relay
   * cannot say: the holder is then told to poll, never to sign again.
   */
  async function releaseUnsigned(name: string, input: RegistrationInput): Promise<boolean> {
    const relaySessionId = input.relay?.relaySessionId;
    if (!usdc || !relaySessionId) return false;
    const session = await usdc.settlementOf(relaySessionId);
    if (session?.status !== 'awaiting_payment' || session.nonce) return false;
    try {
      await resetRelayed(name, input, relaySessionId, true);
      return true;
    } catch (err) {
      if (err instanceof AppError) return false; // an authorization arrived meanwhile, or the relay is away
      throw err;
    }
  }

  return { reconcile, reset, releaseUnsigned };
}
