import type { TeamRole } from '../domain/team.ts';

/** The kinds of credential a route can accept (spec section 5). */
export const credentialKinds = ['agent_key', 'live_key', 'bearer', 'session', 'org_key'] as const;
export type CredentialKind = (typeof credentialKinds)[number];

export interface AccountPrincipal {
  kind: 'agent_key' | 'live_key' | 'bearer' | 'session';
  /** Whose assets it acts on: the person's or agent's own account, or the team's a member acts for. */
  accountId: string;
  /** The api key id, bearer subject hash or session hash: what rate limits and audits key on. */
  credentialId: string;
  /**
   * Set when a person acts for a team (docs/teams.md "Organizations"): `accountId` is then the team's, and
   * this is the person and the role that decides what they may do (src/domain/team.ts roleAllows).
   */
  member?: { accountId: string; role: TeamRole };
}

export interface OrgPrincipal {
  kind: 'org_key';
  credentialId: string;
  organizationId: string;
  memberAccountId: string;
  allowedRoutes: string[];
  customerIds: string[] | null;
  domainNames: string[] | null;
  namespaceOps: Record<string, string[]>;
}

export type Principal = AccountPrincipal | OrgPrincipal;

/** The person (or agent) behind a credential: a team's member, an organization credential's holder, or the account itself. */
export function personOf(principal: Principal): string {
  if (principal.kind === 'org_key') return principal.memberAccountId;
  return principal.member?.accountId ?? principal.accountId;
}
