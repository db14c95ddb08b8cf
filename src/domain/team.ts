// Teams (docs/teams.md "Organizations"): a company's people sharing agents, names, keys, webhooks, mandates
// and approvals, each member holding one role. Plain data and the one rule of what a role may do.

export const teamRoles = ['owner', 'admin', 'operator', 'billing', 'auditor'] as const;
export type TeamRole = (typeof teamRoles)[number];

/**
 * What an operation touches, as its route declares it (src/http/declaration.ts `area`). A member's
 * role decides which areas they may act in; reading is every member's, except the audit trail.
 * - `names`: names, records, profiles, listings, offers, locks asked or set, transfers, renewals, the
 *   team's agents and their keys;
 * - `billing`: gems, payouts, spend mandates and approvals;
 * - `settings`: the team's own keys and webhooks, and moving a person's agents and names in;
 * - `security`: lifting a lock (asking, approving), which a stolen operator session must not do;
 * - `members`: invitations, roles, removing members, deleting the team;
 * - `audit`: reading the audit trail;
 * - `cancel`: cancelling a pending unlock, which only keeps a name as it is;
 * - `self`: what a person does as themselves (signing out, creating a team, accepting an invitation).
 */
export const teamAreas = ['names', 'billing', 'settings', 'security', 'members', 'audit', 'cancel', 'self'] as const;
export type TeamArea = (typeof teamAreas)[number];

const allowed: Record<TeamRole, readonly TeamArea[]> = {
  owner: teamAreas,
  admin: ['names', 'billing', 'settings', 'security', 'audit', 'cancel', 'self'],
  operator: ['names', 'cancel', 'self'],
  billing: ['billing', 'cancel', 'self'],
  auditor: ['audit', 'cancel', 'self'],
};

/** Whether a member holding `role` may act in `area`; a read (`read`) is every member's. */
export function roleAllows(role: TeamRole, area: TeamArea | 'read'): boolean {
  return area === 'read' || allowed[role].includes(area);
}

/**
 * What a member's role in a team must allow for each operation on the team itself (`/api/v1/teams/{team_id}/…`,
 * where the team is in the path, not the acting context): the team service checks it, its route declares it
 * (`inTeam`), and the dashboard hides a form the role may not use by it.
 */
export const teamOperationArea = {
  invite: 'members',
  invitations: 'members',
  withdrawInvitation: 'members',
  setRole: 'members',
  delete: 'members',
  moveIn: 'settings',
  moveGems: 'billing',
} as const satisfies Record<string, TeamArea>;

/** The roles that may act in `area`, for a refusal to name. */
export const rolesFor = (area: TeamArea): TeamRole[] => teamRoles.filter((r) => roleAllows(r, area));

export interface TeamRecord {
  id: string;
  name: string;
  createdAt: Date;
}

export interface TeamMembership {
  team: TeamRecord;
  role: TeamRole;
}

export interface TeamMemberRecord {
  accountId: string;
  displayName: string | null;
  role: TeamRole;
  joinedAt: Date;
}

export interface TeamInvitationRecord {
  id: string;
  teamId: string;
  role: TeamRole;
  createdBy: string;
  expiresAt: Date;
  usedBy: string | null;
  usedAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
}

/** Why a link can no longer be used (withdrawn, used, expired), or null while it can. */
export function invitationRefusal(
  i: Pick<TeamInvitationRecord, 'revokedAt' | 'usedAt' | 'expiresAt'>,
  now = Date.now(),
): 'revoked' | 'used' | 'expired' | null {
  if (i.revokedAt) return 'revoked';
  if (i.usedAt) return 'used';
  if (i.expiresAt.getTime() <= now) return 'expired';
  return null;
}

/** How long an invitation link stays usable unless its maker says otherwise. */
export const INVITATION_DEFAULT_SECONDS = 7 * 24 * 3600;
export const INVITATION_MAX_SECONDS = 30 * 24 * 3600;
