import { log } from '@temporalio/activity';
import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import { checkoutSessions, type UnclosedCheckout } from '../src/db/checkout-sessions.ts';
import type { Orm } from '../src/db/orm.ts';
import type { ExpiryPageInput, ExpiryPageResult } from '../workflows/expiry-messages.ts';
import { isPaidOperationName, paidOperationNamed } from '../workflows/paid-operations-messages.ts';

/** Checkouts judged per page: each costs one describe call to Temporal. */
const MAX_PAGE = 100;
/** Describe calls in flight at once. */
const PARALLEL = 8;

/**
 * The run that follows a checkout, as the contract of the operation that recorded it says
 * (`checkoutRows`, required of every paid operation). Null only for a row that no paid operation could
 * have recorded (an operation no contract names, or one that records no rows).
 */
export function checkoutWorkflowId(c: Pick<UnclosedCheckout, 'operation' | 'name' | 'sessionId'>): string | null {
  if (!isPaidOperationName(c.operation)) return null;
  const rows = paidOperationNamed[c.operation].checkoutRows;
  return rows === 'none' ? null : rows.runOf(c);
}

/**
 * The abandoned-checkout step of the expiry sweep. A checkout row is recorded before its run starts
 * (src/checkout/checkout-service.ts `open`), and the run records its outcome; an API that died between the
 * two left a row no run will ever close. Once its hold has passed (the sweep's cut-off, never this
 * process's clock), a row is closed `abandoned` — the order-status route reports it `expired_unpaid`,
 * which is what it is to a client — unless Temporal has a run of it still open: a run on the object's workflow id that is RUNNING and
 * is this checkout's (its memo's session id; a run without one is taken as this checkout's, to be safe).
 * No run (NotFound), a closed one, or another checkout's run: nothing will ever record this row's outcome.
 * The close is conditional (still no outcome, hold passed), so a run that recorded one meanwhile keeps it
 * and a page run twice closes nothing twice.
 */
export function abandonedCheckouts(deps: { orm: Orm; temporal: () => Client }) {
  async function hasOpenRun(c: UnclosedCheckout): Promise<boolean> {
    const workflowId = checkoutWorkflowId(c);
    if (!workflowId) {
      log.warn('checkout of an unknown operation left open', { sessionId: c.sessionId, operation: c.operation });
      return true;
    }
    try {
      const d = await deps.temporal().workflow.getHandle(workflowId).describe();
      if (d.status.name !== 'RUNNING') return false;
      const sessionId = d.memo?.sessionId;
      return typeof sessionId !== 'string' || sessionId === c.sessionId;
    } catch (err) {
      if (err instanceof WorkflowNotFoundError) return false;
      throw err;
    }
  }

  return {
    async closePage(p: ExpiryPageInput): Promise<ExpiryPageResult> {
      const asOf = new Date(p.asOfMs);
      const limit = Math.min(p.limit, MAX_PAGE);
      const after = p.after && { expiry: p.after.expiry, sessionId: String(p.after.id) };
      const rows = await checkoutSessions(deps.orm.em.fork()).unclosedPage({ asOf, after, limit });
      const abandoned: UnclosedCheckout[] = [];
      for (let i = 0; i < rows.length; i += PARALLEL) {
        const batch = rows.slice(i, i + PARALLEL);
        const open = await Promise.all(batch.map(hasOpenRun));
        abandoned.push(...batch.filter((_, j) => !open[j]));
      }
      const changed = await checkoutSessions(deps.orm.em.fork()).closeAbandoned(
        abandoned.map((c) => c.sessionId),
        asOf,
      );
      if (changed > 0)
        log.info('closed checkouts whose run never started', { closed: abandoned.map((c) => c.sessionId) });
      const last = rows.at(-1);
      return { changed, next: last && rows.length === limit ? { expiry: last.cursor, id: last.sessionId } : null };
    },
  };
}
