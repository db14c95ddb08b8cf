// What the verifier reports for each thing it checks about an agent's name (docs/discovery.md "Verify an
// agent"): an outcome and the evidence it was judged on. Pure types and constructors, no I/O.

/**
 * `pass`: checked and holds. `fail`: checked and does not hold (`reason` says why). `absent`: the name does
 * not publish this, so there was nothing to check. `unreachable`: what holds it could not be asked (a
 * resolver, a host or a chain that did not answer): nothing is known either way.
 */
export type Outcome = 'pass' | 'fail' | 'absent' | 'unreachable';

export const CHECK_IDS = [
  'dnssec',
  'dns_aid',
  'ensip_txt',
  'card_signature',
  'erc8004',
  'domain_proof',
  'a2a_endpoint',
  'mcp_endpoint',
] as const;
export type CheckId = (typeof CHECK_IDS)[number];

/** Identity checks decide `verified`; the endpoint checks decide `reachable`, reported apart. */
export const REACHABILITY_CHECKS: readonly CheckId[] = ['a2a_endpoint', 'mcp_endpoint'];

export interface Check {
  id: CheckId;
  outcome: Outcome;
  /** Why it failed, was absent or unreachable; null on a pass. */
  reason: string | null;
  /** What it was judged on: the records, URLs, keys and on-chain values read. */
  evidence: Record<string, unknown>;
}

export const pass = (id: CheckId, evidence: Record<string, unknown> = {}): Check => ({
  id,
  outcome: 'pass',
  reason: null,
  evidence,
});
export const fail = (id: CheckId, reason: string, evidence: Record<string, unknown> = {}): Check => ({
  id,
  outcome: 'fail',
  reason,
  evidence,
});
export const absent = (id: CheckId, reason: string, evidence: Record<string, unknown> = {}): Check => ({
  id,
  outcome: 'absent',
  reason,
  evidence,
});
export const unreachable = (id: CheckId, reason: string, evidence: Record<string, unknown> = {}): Check => ({
  id,
  outcome: 'unreachable',
  reason,
  evidence,
});

/**
 * Verified: the DNSSEC chain and the card's signature pass, and every other identity check passes or is
 * absent (an ERC-8004 entry is optional, but one that is published must hold); the domain proof, on the
 * owner's own host, only must not fail. Reachable: every endpoint the name publishes answers. Either is
 * false when nothing could be checked.
 */
export function summarize(checks: Check[]): { verified: boolean; reachable: boolean } {
  const by = new Map(checks.map((c) => [c.id, c]));
  const identity = checks.filter((c) => !REACHABILITY_CHECKS.includes(c.id));
  const verified =
    by.get('dnssec')?.outcome === 'pass' &&
    by.get('card_signature')?.outcome === 'pass' &&
    identity.every(
      (c) => c.outcome === 'pass' || c.outcome === 'absent' || (c.id === 'domain_proof' && c.outcome !== 'fail'),
    );
  const endpoints = checks.filter((c) => REACHABILITY_CHECKS.includes(c.id) && c.outcome !== 'absent');
  const reachable = endpoints.length > 0 && endpoints.every((c) => c.outcome === 'pass');
  return { verified, reachable };
}
