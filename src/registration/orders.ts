import { manageableOwnerIds } from '../auth/domain-access.ts';
import type { AccountPrincipal } from '../auth/principal.ts';
import { accountRepository } from '../db/account-repository.ts';
import { checkoutSessions } from '../db/checkout-sessions.ts';
import { domainRecords } from '../db/domain-records.ts';
import { findOrderActor } from '../db/order-actor.ts';
import { AppError } from '../domain/errors.ts';
import { registrationWorkflowId, type RegistrationResult } from '../../workflows/registration-messages.ts';
import type { RegistrationContext } from './context.ts';
import { findRegistrationResult } from './records.ts';
import { nudgeSettlement } from './settlement-nudge.ts';

/** Relay session states past waiting for the payer: a settlement run must act on each. */
const MOVED: ReadonlySet<string> = new Set(['prepared', 'broadcast', 'confirmed', 'failed']);

/**
 * What a caller sees of a registration: a checkout in progress and an order by its id, to those who
 * speak for its actor (spec 5 rule 1), with where a USDC-route settlement stands.
 */
export function registrationOrders({ orm, usdc, checkout }: RegistrationContext) {
  /**
   * Whether the caller may see and manage a checkout `holder` started: the holder itself, a person who
   * claimed the holder's agent (spec 5 rule 1: management covers what their agents own), or an operator.
   */
  async function speaksFor(principal: AccountPrincipal, holder: string | null): Promise<boolean> {
    const em = orm.em.fork();
    if (holder && (await manageableOwnerIds(em, principal)).includes(holder)) return true;
    return accountRepository(em).isOperator(principal.accountId);
  }

  /** A running registration, to its starter, the person who claimed it, or an operator. */
  async function progress(name: string, principal: AccountPrincipal) {
    const running = await checkout.status(name);
    if (!running) throw new AppError('lock_not_found', `No registration of ${name} is in progress.`);
    if (!(await speaksFor(principal, running.input.actorAccountId)))
      throw new AppError('forbidden', 'Only the account that started this registration can see it.');
    return { workflowId: registrationWorkflowId(name), stage: running.stage, input: running.input };
  }

  /** A registration order by its id (the session id): to those who speak for its actor; to anyone else it does not exist. */
  async function order(orderId: string, principal: AccountPrincipal) {
    const em = orm.em.fork();
    const row = await checkoutSessions(em).find(orderId);
    const actor = row ? row.actorAccountId : await findOrderActor(em, orderId);
    if (!actor || !(await speaksFor(principal, actor)))
      throw new AppError('order_not_found', `No registration order ${orderId} of yours.`);
    const result = await findRegistrationResult(em, orderId);
    const open = row && !row.outcome ? await checkout.standing(row.name) : null;
    const running = open?.sessionId === orderId ? open : null;
    // A checkout the sweep closed because its run never started lapsed unpaid, to a client.
    const outcome = row?.outcome === 'abandoned' ? 'expired_unpaid' : row?.outcome;
    const state = result ? 'registered' : (outcome ?? running?.stage ?? 'expired_unpaid');
    const domainStatus = result ? await domainRecords(em).statusOf(result.domainId) : null;
    return {
      name: result?.name ?? row?.name ?? '',
      state,
      method: result?.paymentMethod ?? row?.method ?? '',
      expiresAt: row ? row.expiresAt.toISOString() : null,
      result,
      domainStatus,
      settlement: row?.relaySessionId ? await settlementState(orderId, row.relaySessionId, state, result) : null,
    };
  }

  /**
   * Where the relay's settlement of a USDC-route checkout stands. A registration paid this way was
   * checked on chain, so it is `confirmed` with its transaction; otherwise the relay is asked, and a
   * relay that cannot be asked is `unknown` (a payment may be in flight), never "unpaid".
   */
  async function settlementState(
    sessionId: string,
    relaySessionId: string,
    state: string,
    result: RegistrationResult | null,
  ) {
    if (result) return { relaySessionId, status: 'confirmed', txHash: result.paymentReference };
    const seen = usdc ? await usdc.settlementOf(relaySessionId) : null;
    // The relay moved the session past waiting and the registration has not followed: the run may not know
    // yet (the relay's notice lost with a relay that restarted, or a relay that sends none, leaves it to a
    // fallback look minutes away). A payer polling its status brings the run to look now, as a notice would.
    if (seen && MOVED.has(seen.status)) await nudgeSettlement(checkout.temporal(), sessionId);
    if (seen) return { relaySessionId, status: seen.status as string, txHash: seen.tx_hash };
    return { relaySessionId, status: state === 'expired_unpaid' ? 'expired_unpaid' : 'unknown', txHash: null };
  }

  return { speaksFor, progress, order };
}

export type RegistrationOrders = ReturnType<typeof registrationOrders>;
