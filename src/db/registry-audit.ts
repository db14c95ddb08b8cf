import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';

/** A change the registry makes by itself: no request, no person, the asset's owner as its subject. */
export interface RegistryChange {
  /** What makes the change itself (`expire:<domain id>:<term>`): the event's key, so a retried step records it once. */
  key: string;
  /** `registry: expire`, `registry: start-grace`, `registry: auto-renew`. */
  action: string;
  /** The name it changed. */
  object: string;
  /** Whose asset it changed: who reads the event in their trail. */
  subjectAccountId: string;
  /** What it was and what it became. */
  details: { before: Record<string, unknown>; after: Record<string, unknown> };
}

/** A stable UUID for a change's key (the event's unique request id). */
function uuidOf(key: string): string {
  const h = createHash('sha256').update(`registry-audit:${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * Records changes the registry made by itself (docs/teams.md "Audit trail") in the transaction that makes
 * them: the expiry sweep's moves and its auto-renewals. Credential `registry`, no actor, the owner as subject.
 */
export async function auditRegistryChanges(tx: EntityManager, changes: RegistryChange[]): Promise<void> {
  for (const c of changes)
    await tx.execute(
      `insert into "audit_event" ("request_id", "credential_kind", "action", "object", "subject_account_id", "details")
       values (?, 'registry', ?, ?, ?, ?) on conflict ("request_id") do nothing`,
      [uuidOf(c.key), c.action, c.object, c.subjectAccountId, JSON.stringify({ params: {}, fields: [], ...c.details })],
    );
}
