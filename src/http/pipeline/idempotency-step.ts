import { auditContext } from '../../db/audit-context.ts';
import { idempotencyKeys } from '../../db/idempotency-keys.ts';
import { fingerprintOf, scopeOf, settleKey, takeKey, type HeldKey } from '../plugins/idempotency.ts';
import type { FastifyContextConfig } from 'fastify';
import type { Channel } from '../auth.ts';
import type { PipelineCall, Step } from './step.ts';

/** What the step holds for a call: the key it took. */
export const heldKey = (call: PipelineCall): HeldKey | null =>
  (call.held.get('idempotency') as HeldKey | undefined) ?? null;

/** An operation declared idempotent, however it is called, or a form's change. */
function keyed(route: { method: string; config: FastifyContextConfig }, channel: Channel): boolean {
  return route.config.idempotent === true || (channel === 'dashboard' && route.method !== 'GET');
}

/**
 * A call sent with an Idempotency-Key (docs/api.md "Idempotency keys"): its earlier answer replayed, or the
 * key held while the operation runs and its answer kept. The operations declared `idempotent` take a key; a dashboard form
 * sends its form id as the key on every change it makes (docs/dashboard.md "How a page works").
 */
export const idempotencyStep: Step = {
  name: 'idempotency',
  when: 'input',
  appliesTo: keyed,
  async before(call, app) {
    if (call.idempotencyKey === undefined) return;
    if (!keyed(call, call.channel)) return;
    const taken = await takeKey(
      idempotencyKeys(app.deps.orm.em.fork()),
      scopeOf(call.principal, call.ip),
      call.idempotencyKey,
      fingerprintOf({ method: call.method, url: call.target, body: call.body }),
      call.log,
    );
    if ('replay' in taken) return { ...taken.replay, headers: { 'idempotent-replayed': 'true' } };
    call.held.set('idempotency', taken);
  },
  async after(call, sent, app) {
    const held = heldKey(call);
    if (!held) return;
    call.held.delete('idempotency');
    // Keeping the answer is the call's bookkeeping, not its change: outside its audit context.
    await auditContext.outside(() =>
      settleKey(idempotencyKeys(app.deps.orm.em.fork()), held, {
        ...sent,
        keptWithout: call.config.keptWithout,
        answerSchema: call.answerSchema,
        log: call.log,
      }),
    );
  },
  end(call) {
    const held = heldKey(call);
    if (held) clearInterval(held.renewal);
  },
};
