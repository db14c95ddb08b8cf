import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainOrder } from './entities/index.ts';

/** The account that placed the order of a checkout session (its actor), or null. */
export async function findOrderActor(em: EntityManager, sessionId: string): Promise<string | null> {
  const order = await em.findOne(DomainOrder, { reference: sessionId }, { fields: ['account'] });
  return order?.account.id ?? null;
}
