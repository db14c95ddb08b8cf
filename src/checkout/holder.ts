import type { Principal } from '../auth/principal.ts';

/** Who acts: the account behind the credential (an organization credential acts through its member). */
export function actorOf(principal: Principal | null): string | null {
  if (!principal) return null;
  return principal.kind === 'org_key' ? principal.memberAccountId : principal.accountId;
}

/** Who holds a checkout: the acting account, or the client address of an anonymous payer. */
export function holderOf(actorAccountId: string | null, ip: string): string {
  return actorAccountId ? `account:${actorAccountId}` : `ip:${ip}`;
}
