import { randomUUID } from 'node:crypto';
import type { Orm } from '../db/orm.ts';
import { checkoutSessions } from '../db/checkout-sessions.ts';
import { DomainOrder, Sale } from '../db/entities/index.ts';

/**
 * The session id of a new paid operation. A request made with an Idempotency-Key brings the key's
 * operation id, the same for a retry that took over the key of a request that died in flight: the new
 * operation takes it, so such a retry finds the operation the dead request started (running or done)
 * under that id instead of starting a second one. An id an earlier attempt already used (a checkout that
 * ended unpaid, an order, a sale) is never taken twice: the new attempt gets a fresh one.
 */
export async function sessionIdFor(orm: Orm, operationId: string | null | undefined): Promise<string> {
  if (!operationId) return randomUUID();
  const em = orm.em.fork();
  const used =
    (await checkoutSessions(em).find(operationId)) ??
    ((await em.count(DomainOrder, { reference: operationId })) || (await em.count(Sale, { reference: operationId })));
  return used ? randomUUID() : operationId;
}
