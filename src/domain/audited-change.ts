/** What an audit event says of a change: who made it, with which credential, from where, through what. */
export interface AuditedChange {
  actorAccountId: string | null;
  /** The credential class (`agent_key`, `bearer`, `session`, `org_key`, …) and its key id. */
  credentialKind: string | null;
  credentialId: string | null;
  ip: string | null;
  /** The operation, as its route key (`POST /api/v1/domains/transfer`). */
  action: string;
  /** What it acts on: the name, or the route's other identifier (an offer id, a key id). */
  object: string | null;
  /** The request's own fields (its path parameters and body, secrets left out). */
  details: Record<string, unknown>;
}
