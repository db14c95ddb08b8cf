import type { EntityManager } from '@mikro-orm/postgresql';
import { nameUuid } from '../domain/name-uuid.ts';
import { auditEventValues, INSERT_AUDIT_EVENT } from './audit-subscriber.ts';

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

/**
 * Records changes the registry made by itself (docs/teams.md "Audit trail") in the transaction that makes
 * them: the expiry sweep's moves and its auto-renewals. Credential `registry`, no actor, the owner as subject.
 */
export async function auditRegistryChanges(tx: EntityManager, changes: RegistryChange[]): Promise<void> {
  for (const c of changes)
    await tx.execute(
      INSERT_AUDIT_EVENT,
      auditEventValues({
        requestId: nameUuid(`registry-audit:${c.key}`),
        actorAccountId: null,
        credentialKind: 'registry',
        credentialId: null,
        ip: null,
        action: c.action,
        object: c.object,
        subjectAccountId: c.subjectAccountId,
        details: { params: {}, fields: [], ...c.details },
      }),
    );
}
