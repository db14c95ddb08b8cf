import { challengeHeldFor, type PresentedReceipt } from '../checkout/receipt.ts';
import { domainRecords } from '../db/domain-records.ts';
import { findOrderActor } from '../db/order-actor.ts';
import type { RegistrationContext } from './context.ts';
import { findRegistrationResult } from './records.ts';

/**
 * What a retry of a registration finds of its own earlier attempt: the checkout a receipt pays, the
 * registration a receipt or an Idempotency-Key already completed (its answer lost on the way).
 */
export function paidRetries({ deps, orm, checkout }: RegistrationContext) {
  /**
   * The holder's unclosed checkout row a receipt pays, for the direct way. A holder can have more than
   * one: an API killed after it recorded a row and before it started the run leaves a row no run
   * answers, and the client's retry opened the real one. A credential goes to the row its challenge
   * names; a bare hash only when the holder has one row. Anything else takes the long way, which asks
   * the run itself.
   */
  function receiptsCheckout<C extends { sessionId: string; holder: string }>(
    receipt: PresentedReceipt,
    unclosed: C[],
    holder: string,
  ): C | undefined {
    const own = unclosed.filter((c) => c.holder === holder);
    if (!receipt.parsed?.challenge || !deps.payments) return own.length === 1 ? own[0] : undefined;
    const secret = deps.payments.secret;
    return own.find((c) => challengeHeldFor(receipt, c.sessionId, secret) === 'held');
  }

  /**
   * The registration a receipt already completed, for a paid retry whose answer was lost. A transaction
   * hash is public, so the registration is shown again only to its own actor, or to whoever presents the
   * credential carrying the challenge this server issued for that session; anyone else learns nothing.
   */
  async function registrationByReceipt(receipt: PresentedReceipt, name: string, actorAccountId: string | null) {
    const done = await checkout.byReceipt(receipt, findRegistrationResult);
    if (!done || done.result.name !== name || !deps.payments) return null;
    const em = orm.em.fork();
    // A registration whose record has since expired is history: the name is free to register again.
    if (!(await domainRecords(em).isLive(done.result.domainId))) return null;
    const holdsChallenge = challengeHeldFor(receipt, done.sessionId, deps.payments.secret) === 'held';
    const ownActor = actorAccountId !== null && actorAccountId === (await findOrderActor(em, done.sessionId));
    return ownActor || holdsChallenge ? done : null;
  }

  /** The registration a keyed request's first attempt completed before its answer was lost, to its actor. */
  async function registrationByOperation(operationId: string, name: string, actorAccountId: string | null) {
    const em = orm.em.fork();
    const result = await findRegistrationResult(em, operationId);
    if (!result || result.name !== name || (await findOrderActor(em, operationId)) !== actorAccountId) return null;
    return (await domainRecords(em).isLive(result.domainId)) ? result : null;
  }

  return { receiptsCheckout, registrationByReceipt, registrationByOperation };
}
