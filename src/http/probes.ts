import type { Orm } from '../db/orm.ts';
import type { TemporalHandle } from '../temporal/connection.ts';
import type { ReadinessProbe } from './deps.ts';

/** What /readyz checks: one round trip to PostgreSQL and one to the Temporal frontend. */
export function readinessProbes(orm: Orm, temporal: TemporalHandle, timeoutMs = 2000): ReadinessProbe[] {
  return [
    { name: 'database', check: async () => void (await orm.em.getConnection().execute('select 1')) },
    { name: 'temporal', check: () => temporal.ping(timeoutMs) },
  ];
}
