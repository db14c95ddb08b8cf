/** The kinds of credential a route can accept (spec section 5). */
export const credentialKinds = ['agent_key', 'live_key', 'bearer', 'session', 'org_key'] as const;
export type CredentialKind = (typeof credentialKinds)[number];

export interface AccountPrincipal {
  kind: 'agent_key' | 'live_key' | 'bearer' | 'session';
  accountId: string;
  /** The api key id, bearer subject hash or session hash: what rate limits and audits key on. */
  credentialId: string;
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
