import { auditContext } from '../src/db/audit-context.ts';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ApplicationFailure } from '@temporalio/activity';
import { checkoutSessions } from '../src/db/checkout-sessions.ts';
import type { Orm } from '../src/db/orm.ts';
import { insufficientGems } from '../src/domain/errors.ts';
import { InsufficientGemsError } from '../src/ledger/gems.ts';
import type { CheckoutPayment, CheckoutTerms, PaidOperationContract } from '../workflows/checkout-messages.ts';
import type { DoneAs } from '../workflows/paid-operations-messages.ts';
import { refuse } from './checkout.ts';
import { MandateRefusal } from '../src/mandates/refusal.ts';
import { fromSpendTerms, releaseSpend, settleSpend } from '../src/mandates/spends.ts';
import type { CheckoutOutcome } from '../src/domain/checkout-outcomes.ts';
import { checkoutsClosed, countedWithoutRow } from '../src/metrics/checkouts.ts';

/** What a paid operation's effect does; the wrapper makes it idempotent on the session. */
export interface PaidEffect<I extends CheckoutTerms, P, R> {
  /** The result this session already produced (its order, its sale), or null. */
  find(em: EntityManager, sessionId: string): Promise<R | null>;
  /** The effect and the payment, in ONE transaction. */
  apply(tx: EntityManager, input: I, payment: P): Promise<R>;
  /** A business refusal the transaction threw, as the run's failure type; null: not a refusal. */
  refusal?(err: unknown, input: I): ApplicationFailure | null;
  /** A unique key another session already holds (not this session's result): what it means. */
  conflict?(err: UniqueConstraintViolationException, input: I): ApplicationFailure;
}

/** Gems short at the debit: refused, and the debit rolled back with the effect. */
export function gemsRefusal(err: unknown): ApplicationFailure | null {
  return err instanceof InsufficientGemsError
    ? refuse('insufficient_gems', insufficientGems(err.balance, err.required).message)
    : null;
}

/**
 * A paid operation's effect as one idempotent activity: a result already recorded for the session is
 * answered again (a retry after a crash); otherwise the transaction runs, and a unique violation is
 * read as a concurrent attempt of the same session (its result is answered) or else as the refusal
 * the operation names (by default, the payment was used by another session).
 */
export function paidEffect<I extends CheckoutTerms, R, K extends DoneAs, P = CheckoutPayment>(
  orm: Orm,
  /** The operation it is the effect of: the checkout metrics' `operation` and its outcome once done. */
  operation: PaidOperationContract<I, R, K>,
  effect: PaidEffect<I, P, R>,
): (a: { input: I; payment: P }) => Promise<R> {
  // A checkout without a row (gems or free, waiting for nobody) is counted closed here, once: when its effect commits (a retry
  // finds the result and counts nothing) or is refused (final: never retried).
  const closed = (input: I, outcome: CheckoutOutcome) => {
    if (countedWithoutRow(input)) checkoutsClosed.inc({ operation: operation.name, rail: input.method, outcome });
  };
  return async ({ input, payment }) => {
    const existing = await effect.find(orm.em.fork(), input.sessionId);
    if (existing) return existing;
    try {
      const apply = () =>
        orm.em.fork().transactional(async (tx) => {
          // Under the mandate's lock, in the effect's transaction: the reservation turns spent (docs/mandates.md).
          if (input.spend) await settleSpend(tx, fromSpendTerms(input.spend), { reserved: input.spend.reserved });
          return effect.apply(tx, input, payment);
        });
      // The request that asked for it is audited here, in the change's own transaction (docs/teams.md "Audit trail").
      const result = await (input.audit ? auditContext.run({ ...input.audit, object: input.name }, apply) : apply());
      closed(input, operation.doneAs);
      return result;
    } catch (err) {
      const refusal =
        err instanceof MandateRefusal ? refuse(err.code, err.message, err.details) : effect.refusal?.(err, input);
      if (refusal) {
        // Refused: nothing was spent, so the reservation stops counting, and a checkout row the run will
        // not close (a gems purchase that waited for approval) ends now: the name and the quota are free.
        if (input.spend) await releaseSpend(orm.em.fork(), input.spend.key);
        if (input.approval) await checkoutSessions(orm.em.fork()).close(input.sessionId, 'refused');
        closed(input, 'refused');
        throw refusal;
      }
      if (err instanceof UniqueConstraintViolationException) {
        const again = await effect.find(orm.em.fork(), input.sessionId);
        if (again) return again;
        throw effect.conflict?.(err, input) ?? refuse('receipt_already_used', 'This payment was already used.');
      }
      throw err;
    }
  };
}
