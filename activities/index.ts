import { createCatalogActivities } from './catalog.ts';
import { createExpiryActivities } from './expiry.ts';
import { createRegistrationActivities } from './registration.ts';
import type { ActivityDeps } from './deps.ts';

export type { ActivityDeps } from './deps.ts';

/** Every activity the worker registers, built over one set of dependencies. */
export function createActivities(deps: ActivityDeps) {
  return {
    ...createCatalogActivities(deps),
    ...createRegistrationActivities(deps),
    ...createExpiryActivities(deps),
  };
}
