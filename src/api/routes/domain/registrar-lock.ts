import { parseFullName } from '../../../http/domain-name-param.ts';
import { defineOperation } from '../../../http/operations/operation.ts';
import { operationsPlugin } from '../../../http/operations/route.ts';
import { lockStateBody } from '../../replies/registrar-lock.ts';
import { clientErrors, errorBodySchema } from '../../schemas/common.ts';
import { domainNameParams } from '../../schemas/discovery.ts';
import { lockStateResponse } from './registrar-lock.schemas.ts';
import { declareRoute, MANAGEMENT } from '../../../http/declaration.ts';

const path = '/api/v1/domains/:domain_name';
const responses = { 200: lockStateResponse, ...clientErrors, 401: errorBodySchema, 403: errorBodySchema };

export const getLockRoute = declareRoute({
  method: 'GET',
  url: `${path}/lock`,
  access: MANAGEMENT,
  openapi: {
    operationId: 'getRegistrarLock',
    description:
      'Whether the name is locked (its RFC 8056 statuses) and the open request to lift the lock, if any. Whoever manages the name.',
  },
});
export const lockRoute = declareRoute({
  method: 'POST',
  url: `${path}/lock`,
  access: MANAGEMENT,
  area: 'security',
  openapi: {
    operationId: 'lockDomain',
    description:
      'Locks the name at once (docs/teams.md "Registrar lock"): while locked it refuses transfer, listing for sale, accepting an offer, a sale, a change of its delegation or nameservers, each with 423 `name_locked`. Locking a locked name changes nothing. Whoever manages the name.',
  },
});
export const unlockRoute = declareRoute({
  method: 'POST',
  url: `${path}/unlock`,
  access: MANAGEMENT,
  area: 'security',
  openapi: {
    operationId: 'requestUnlock',
    description:
      'Asks to lift the lock: it takes effect when a second person approves it (`unlock/approve`, docs/teams.md "The second person") or after the unlock delay (REGISTRAR_UNLOCK_DELAY_SECONDS, 24 h, shown in `effective_at`), during which anyone who manages the name may cancel it (`unlock/cancel`). Asking again answers the open request. 409 `not_locked` when the name is not locked.',
  },
});
export const approveUnlockRoute = declareRoute({
  method: 'POST',
  url: `${path}/unlock/approve`,
  access: ['bearer', 'session'],
  area: 'security',
  openapi: {
    operationId: 'approveUnlock',
    description:
      'Approves the pending request to lift the lock; the lock lifts at once. The approver must be a second human (docs/teams.md "The second person"): a person (bearer or dashboard, never a key) who manages the name, who is neither the one who asked nor the person who claimed the agent that asked (403 `forbidden`, `details.rule` `same_person`; an asker with no known person: `asker_unknown`, only the delay lifts it), and who, acting for a team, has been its member since before the lock was set and for at least the delay before the request (`joined_too_recently`). Outside a team only the delay lifts a lock. 404 `unlock_not_found` without a pending request.',
  },
});
export const cancelUnlockRoute = declareRoute({
  method: 'POST',
  url: `${path}/unlock/cancel`,
  access: MANAGEMENT,
  area: 'cancel',
  openapi: {
    operationId: 'cancelUnlock',
    description:
      'Cancels the pending request to lift the lock; the name stays locked. Anyone who manages the name. 404 `unlock_not_found` without a pending request.',
  },
});

const schema = { tags: ['management'], params: domainNameParams, response: responses };

export const getLock = defineOperation(
  getLockRoute,
  { ...schema, summary: 'Whether a name you manage is locked' },
  async ({ params, principal }, services) =>
    lockStateBody(
      await services.registrarLock.status(principal!, parseFullName(services.namespaces, params.domain_name).name),
    ),
);
export const lockDomain = defineOperation(
  lockRoute,
  { ...schema, summary: 'Lock a name against every move, at once' },
  async ({ params, principal }, services) =>
    lockStateBody(
      await services.registrarLock.lock(principal!, parseFullName(services.namespaces, params.domain_name).name),
    ),
);
export const requestUnlock = defineOperation(
  unlockRoute,
  { ...schema, summary: 'Ask to lift a name’s lock: a second person’s approval, or the delay' },
  async ({ params, principal }, services) =>
    lockStateBody(
      await services.registrarLock.requestUnlock(
        principal!,
        parseFullName(services.namespaces, params.domain_name).name,
      ),
    ),
);
export const approveUnlock = defineOperation(
  approveUnlockRoute,
  { ...schema, summary: 'Approve the pending unlock of a name (a second person)' },
  async ({ params, principal }, services) =>
    lockStateBody(
      await services.registrarLock.approve(principal!, parseFullName(services.namespaces, params.domain_name).name),
    ),
);
export const cancelUnlock = defineOperation(
  cancelUnlockRoute,
  { ...schema, summary: 'Cancel the pending unlock of a name' },
  async ({ params, principal }, services) =>
    lockStateBody(
      await services.registrarLock.cancel(principal!, parseFullName(services.namespaces, params.domain_name).name),
    ),
);

export const registrarLockRoutes = operationsPlugin([getLock, lockDomain, requestUnlock, approveUnlock, cancelUnlock]);
