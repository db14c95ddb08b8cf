import { defineEntity, p } from '@mikro-orm/core';

/**
 * One change made by a person, an agent or the registry (docs/teams.md "Audit trail"): who (account,
 * credential class and key id, address), what (the operation), on which object, when. Written in the same
 * transaction as the change, one per request, and never edited: a trigger refuses every update and delete.
 */
const AuditEventSchema = defineEntity({
  name: 'AuditEvent',
  tableName: 'audit_event',
  properties: {
    id: p.bigint().primary().autoincrement(),
    requestId: p.uuid().unique(),
    at: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    actorAccountId: p.uuid().nullable(),
    /** In a team: the member who acted for it (the actor is the team). */
    memberAccountId: p.uuid().nullable(),
    /** A change the registry made by itself: the owner whose asset it changed (their trail shows it). */
    subjectAccountId: p.uuid().nullable(),
    credentialKind: p.string().length(16).nullable(),
    credentialId: p.string().length(128).nullable(),
    ip: p.string().length(64).nullable(),
    action: p.string().length(200),
    object: p.string().length(300).nullable(),
    details: p.json<Record<string, unknown>>(),
  },
  indexes: [
    { name: 'audit_event_actor_at_index', properties: ['actorAccountId', 'at'] },
    { name: 'audit_event_object_at_index', properties: ['object', 'at'] },
    { name: 'audit_event_subject_at_index', properties: ['subjectAccountId', 'at'] },
  ],
  triggers: [
    {
      name: 'append_only',
      timing: 'before',
      events: ['update', 'delete'],
      forEach: 'row',
      body: `raise exception 'audit events are append-only'; return null;`,
    },
  ],
});
export class AuditEvent extends AuditEventSchema.class {}
AuditEventSchema.setClass(AuditEvent);
export { AuditEventSchema };
