import { defineEntity, p } from '@mikro-orm/core';
import { timestamps } from './base.ts';
import { unlockStatuses } from '../../domain/registrar-lock.ts';

/**
 * A request to lift a name's registrar lock (docs/teams.md "Registrar lock"): `pending` until a second
 * person approves it or `effective_at` passes (then `applied`, the lock cleared), unless someone who
 * manages the name cancels it first. At most one pending request per domain. Its run
 * (`registrar-unlock:<name>`) waits durably; this row is what it, the API and the approvers agree on.
 */
const RegistrarUnlockSchema = defineEntity({
  name: 'RegistrarUnlock',
  tableName: 'registrar_unlock',
  properties: {
    id: p.uuid().primary(),
    domainId: p.integer().index(),
    domainName: p.string().length(253),
    requestedBy: p.uuid(),
    effectiveAt: p.datetime().columnType('timestamptz'),
    status: p.enum([...unlockStatuses]),
    decidedBy: p.uuid().nullable(),
    decidedAt: p.datetime().columnType('timestamptz').nullable(),
    ...timestamps,
  },
  uniques: [
    { name: 'registrar_unlock_one_pending', properties: ['domainId'], where: `"status" in ('pending', 'approved')` },
  ],
});
export class RegistrarUnlock extends RegistrarUnlockSchema.class {}
RegistrarUnlockSchema.setClass(RegistrarUnlock);
export { RegistrarUnlockSchema };
