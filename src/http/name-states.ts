import type { EntityManager } from '@mikro-orm/postgresql';
import { domainRepository } from '../db/domain-repository.ts';
import type { NameState } from '../domain/availability.ts';
import type { PublicCache } from './public-cache.ts';

/**
 * Whether each name is registered, held by an open checkout, or free: from the read cache where it
 * knows, else in one query (search, quote). A hold is never cached: it lapses with time, which no
 * change announces; nor is a free name (see below), but the known-names filter tells most free names
 * from the rest without a query.
 */
export async function cachedStatesOf(
  cache: PublicCache,
  /** The call whose unit of work is read from only when the cache does not know every name. */
  call: { readonly db: EntityManager },
  names: string[],
): Promise<Map<string, NameState>> {
  const known = new Map<string, NameState>();
  for (const n of names) {
    // A name the database certainly does not hold is free: no query (known-names.ts).
    const state = cache.mayExist(n) === false ? 'free' : cache.get(n, 'state');
    if (state) known.set(n, state);
  }
  const missing = names.filter((n) => !known.has(n));
  if (missing.length === 0) return known;
  const stamp = cache.stamp();
  for (const [n, state] of await domainRepository(call.db).statesOf(missing)) {
    known.set(n, state);
    // Only registered names are kept: free ones are any string a caller makes up, and would fill the
    // cache with names nobody holds.
    if (state === 'registered') cache.set(n, 'state', state, stamp);
  }
  return known;
}
