// The audit trail's operations in words, for people: "locked scout.agent", not the route template. A route
// not named here is shown as its route, in code, so a new operation is never hidden.

/** Route key (method and template) → what the actor did, said before the object ("locked" scout.agent). */
const DONE: Record<string, string> = {
  'POST /api/v1/domains/register': 'registered',
  'POST /api/v1/renew': 'renewed',
  'POST /api/v1/domains/transfer': 'transferred',
  'POST /api/v1/domains/buy-secondary': 'bought',
  'POST /api/v1/domains/make-offer': 'made an offer on',
  'POST /api/v1/domains/offers/:offer_id/respond': 'answered an offer on',
  'POST /api/v1/domains/offers/:offer_id/withdraw': 'withdrew an offer on',
  'POST /api/v1/domains/offers/:offer_id/pay': 'paid an accepted offer on',
  'POST /api/v1/domains/:domain_name/lock': 'locked',
  'POST /api/v1/domains/:domain_name/unlock': 'asked to unlock',
  'POST /api/v1/domains/:domain_name/unlock/approve': 'approved the unlock of',
  'POST /api/v1/domains/:domain_name/unlock/cancel': 'cancelled the unlock of',
  'PATCH /api/v1/domains/:domain_name/records': 'changed the DNS records of',
  'POST /api/v1/domains/:domain_name/enable_dns': 'published the delegation of',
  'PATCH /api/v1/domains/:domain_name/profile': 'edited the profile of',
  'PUT /api/v1/domains/:domain_name/skill.md': 'published the skill text of',
  'DELETE /api/v1/domains/:domain_name/skill.md': 'removed the skill text of',
  'PUT /api/v1/domains/:domain_name/storefront': 'bound a storefront to',
  'DELETE /api/v1/domains/:domain_name/storefront': 'unbound the storefront of',
  'PUT /api/v1/domains/:domain_name/listing': 'listed for sale',
  'DELETE /api/v1/domains/:domain_name/listing': 'withdrew the listing of',
  'PUT /api/v1/domains/:domain_name/auto-renew': 'set auto-renew of',
  'POST /api/v1/domains/:domain_name/reset-lock': 'cancelled the checkout of',
  'POST /api/v1/domains/:domain_name/erc8004': 'recorded on chain',
  'POST /api/v1/agents/claim': 'claimed the agent',
  'POST /api/v1/keys': 'created the key',
  'DELETE /api/v1/keys/:key_id': 'revoked the key',
  'DELETE /api/v1/agents/:agent_id/keys/:key_id': "revoked an agent's key",
  'PUT /api/v1/agents/:agent_id/mandate': 'set the spend mandate of',
  'DELETE /api/v1/agents/:agent_id/mandate': 'removed the spend mandate of',
  'POST /api/v1/approvals/:approval_id/approve': 'approved the purchase',
  'POST /api/v1/approvals/:approval_id/refuse': 'refused the purchase',
  'POST /api/v1/webhooks/subscribe': 'subscribed a webhook',
  'DELETE /api/v1/webhooks/:subscription_id': 'removed the webhook',
  'POST /api/v1/webhooks/:subscription_id/rotate-secret': 'rotated the secret of the webhook',
  'POST /api/v1/webhooks/:subscription_id/enable': 'enabled again the webhook',
  'POST /api/v1/webhooks/:subscription_id/ping': 'pinged the webhook',
  'POST /api/v1/webhooks/:subscription_id/deliveries/:event_id/redeliver': 'redelivered an event of the webhook',
  'PUT /api/v1/agents/me/payout-address': 'set the payout address',
  'POST /api/v1/teams': 'created the team',
  'DELETE /api/v1/teams/:team_id': 'deleted the team',
  'POST /api/v1/teams/:team_id/invitations': 'made an invitation link to',
  'DELETE /api/v1/teams/:team_id/invitations/:invitation_id': 'withdrew an invitation link to',
  'POST /api/v1/teams/invitations/accept': 'joined',
  'PATCH /api/v1/teams/:team_id/members/:account_id': "changed a member's role in",
  'DELETE /api/v1/teams/:team_id/members/:account_id': 'removed a member of',
  'POST /api/v1/teams/:team_id/move-in': 'moved their names and agents into',
  'POST /api/v1/teams/:team_id/gems': 'moved gems between themselves and',
  'POST /dashboard/switch': 'began to act for',
  'registry: auto-renew': 'auto-renewed',
  'registry: domain.grace_started': 'moved into its grace period',
  'registry: domain.expired': 'expired',
};

/**
 * An audit event's operation in words, or null when it has none here (the page shows the route). A switch
 * back to oneself (no team after it) is said as leaving the team it names.
 */
export function actionInWords(action: string, details?: Record<string, unknown>): string | null {
  if (action === 'POST /dashboard/switch' && (details?.after as { team_id?: unknown } | undefined)?.team_id === null)
    return 'stopped acting for';
  return DONE[action] ?? null;
}

/** The routes named here, for the test that every audited route has its words. */
export const namedActions = (): string[] => Object.keys(DONE);
