import type { TriggerDef } from '@mikro-orm/core';

// Every committed change to what the public reads show (docs/performance.md "The read cache") is
// announced by the database itself: a NOTIFY on channel `public_change` carrying the name (`*` when an
// account's operator changed, which can touch all its names). Triggers, not application code, so no
// writer — API, worker, operator CLI, a test fixture — can change a name without the caches hearing.
// A NOTIFY is delivered at commit, and not at all on rollback.

/** The trigger of a table whose rows name a domain in `column`. */
export const notifyNameChange = (column: string): TriggerDef => ({
  name: 'public_change',
  timing: 'after',
  events: ['insert', 'update', 'delete'],
  forEach: 'row',
  body: `perform pg_notify('public_change', coalesce(NEW.${column}, OLD.${column})); return null;`,
});

/**
 * An account as `me` shows it (`account:<id>`); its operator also shows in the lookup of each of its
 * names (`identity.human_backed`), so a change of operator empties every cached name.
 */
export const notifyAccountChange: TriggerDef = {
  name: 'public_change',
  timing: 'after',
  events: ['update'],
  forEach: 'row',
  body: `perform pg_notify('public_change', 'account:' || NEW.id); if NEW.operator_account_id is distinct from OLD.operator_account_id then perform pg_notify('public_change', '*'); end if; return null;`,
};

/** An API key as authentication remembers it (`key:<id>`): a revocation must reach every process. */
export const notifyKeyChange: TriggerDef = {
  name: 'public_change',
  timing: 'after',
  events: ['insert', 'update', 'delete'],
  forEach: 'row',
  body: `perform pg_notify('public_change', 'key:' || coalesce(NEW.id, OLD.id)); return null;`,
};

/** Whether an account has a spend mandate, as `me` remembers it (`account:<id>`; migration 0021). */
export const notifyMandateChange: TriggerDef = {
  name: 'public_change',
  timing: 'after',
  events: ['insert', 'update', 'delete'],
  forEach: 'row',
  body: `perform pg_notify('public_change', 'account:' || coalesce(NEW.account_id, OLD.account_id)); return null;`,
};
