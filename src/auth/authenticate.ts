import type {} from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../domain/errors.ts';
import { accountRepository } from '../db/account-repository.ts';
import { credentialRepository } from '../db/credential-repository.ts';
import { organizationRepository } from '../db/organization-repository.ts';
import { teamRepository } from '../db/team-repository.ts';
import { accountForIdentity } from './accounts.ts';
import type { AccountPrincipal, OrgPrincipal, Principal } from './principal.ts';
import { parseKey, sameDigest, sha256Hex } from './secrets.ts';
import type { BearerVerifier, VerifiedBearer } from './bearer-verifier.ts';

/** An API key as checked on each request (never its secret: the digest is compared). */
export interface KnownKey {
  keyClass: 'agent' | 'live';
  secretHash: string;
  revoked: boolean;
  accountId: string;
  lastUsedAtMs: number | null;
  /** A team's key: the member who made it, whose membership and role it acts with. */
  createdBy: string | null;
}

/**
 * Where checked keys are remembered between requests: the read cache, which the database tells of
 * every change to a key (a revocation included) at commit (docs/performance.md "The read cache").
 */
export interface KeyMemory {
  get(id: string): KnownKey | undefined;
  stamp(): number;
  set(id: string, key: KnownKey, stamp: number): void;
}

export interface AuthDeps {
  bearer: BearerVerifier;
  sessionCookie: string;
  keys?: KeyMemory;
}

const CHALLENGE = { 'www-authenticate': 'Bearer realm="registry", ApiKey header="X-API-Key"' };

function invalid(message: string): AppError {
  return new AppError('invalid_credential', message, undefined, CHALLENGE);
}

export function unauthorized(): AppError {
  return new AppError(
    'unauthorized',
    'Authentication required: send X-API-Key, Authorization: Bearer <token>, or a session cookie.',
    undefined,
    CHALLENGE,
  );
}

/**
 * Resolves the caller from whichever credential the request carries; null when it carries none.
 * A key and a bearer token together are refused: the key identity is never silently replaced by the
 * token (spec 5 rule 2), and guessing which one the caller meant would be worse.
 */
export async function authenticate(req: FastifyRequest, em: EntityManager, deps: AuthDeps): Promise<Principal | null> {
  const apiKey = headerValue(req.headers['x-api-key']);
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(headerValue(req.headers.authorization) ?? '')?.[1];
  if (apiKey && bearer) {
    throw new AppError('ambiguous_credentials', 'Send either X-API-Key or Authorization: Bearer, not both.');
  }
  const team = teamHeader(req);
  if (apiKey) {
    if (team !== undefined)
      throw new AppError(
        'invalid_request',
        'X-Team-Id is for a person (a bearer token or a session); a key acts for the account that holds it.',
      );
    return keyPrincipal(em, apiKey, deps.keys);
  }
  if (bearer) return actingFor(em, await bearerPrincipal(em, deps, bearer), team);
  const cookie = req.cookies?.[deps.sessionCookie];
  if (cookie) {
    const session = await sessionPrincipal(em, req, cookie);
    return actingFor(em, session, team ?? session.teamId ?? undefined, team === undefined);
  }
  return null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The team a person's request acts for (`X-Team-Id`), undefined when it names none. */
function teamHeader(req: FastifyRequest): string | undefined {
  const value = headerValue(req.headers['x-team-id']);
  if (value === undefined) return undefined;
  if (!UUID.test(value)) throw new AppError('invalid_request', 'X-Team-Id must be a team id (a UUID).');
  return value.toLowerCase();
}

/**
 * A person acting for a team (docs/teams.md "Organizations"): the team's account, with the person and their
 * role read now, so a member removed or demoted is refused on their next request. A session whose chosen
 * team is no longer theirs acts as the person again (`quiet`); a header naming a team they are not in is a 403.
 */
async function actingFor(
  em: EntityManager,
  person: AccountPrincipal & { teamId?: string | null },
  teamId: string | undefined,
  quiet = false,
): Promise<AccountPrincipal> {
  const own: AccountPrincipal = { kind: person.kind, accountId: person.accountId, credentialId: person.credentialId };
  if (!teamId) return own;
  const role = await teamRepository(em).roleOf(teamId, person.accountId);
  if (!role) {
    if (quiet) return own;
    throw new AppError('not_a_member', 'You are not a member of this team.', { team_id: teamId });
  }
  return { ...own, accountId: teamId, member: { accountId: person.accountId, role } };
}

function headerValue(v: string | string[] | undefined): string | undefined {
  const s = Array.isArray(v) ? v[0] : v;
  return s && s.trim() ? s.trim() : undefined;
}

async function readKey(em: EntityManager, id: string, memory?: KeyMemory): Promise<KnownKey | null> {
  const known = memory?.get(id);
  if (known) return known;
  const stamp = memory?.stamp() ?? 0;
  const key = await credentialRepository(em).keyToCheck(id);
  if (!key) return null;
  const read: KnownKey = {
    keyClass: key.keyClass,
    secretHash: key.secretHash,
    revoked: key.revokedAt != null,
    accountId: key.accountId,
    lastUsedAtMs: key.lastUsedAt?.getTime() ?? null,
    createdBy: key.createdBy,
  };
  memory?.set(id, read, stamp);
  return read;
}

async function keyPrincipal(em: EntityManager, value: string, memory?: KeyMemory): Promise<Principal> {
  const parsed = parseKey(value);
  if (!parsed) throw invalid('The API key is malformed.');
  const digest = sha256Hex(parsed.secret);
  if (parsed.keyClass === 'org') return orgPrincipal(em, parsed.id, digest);
  const key = await readKey(em, parsed.id, memory);
  if (!key || key.keyClass !== parsed.keyClass || !sameDigest(key.secretHash, digest) || key.revoked) {
    throw invalid('The API key is not valid or has been revoked.');
  }
  // Touch last use at most once a minute so a hot key costs no write per request.
  if (!key.lastUsedAtMs || Date.now() - key.lastUsedAtMs > 60_000) {
    await credentialRepository(em).touchKey(parsed.id);
  }
  const principal: AccountPrincipal = {
    kind: key.keyClass === 'live' ? 'live_key' : 'agent_key',
    accountId: key.accountId,
    credentialId: parsed.id,
  };
  if (!key.createdBy) return principal;
  // A team's key acts with its maker's membership as it stands now: removed, the key stops at once.
  const role = await teamRepository(em).roleOf(key.accountId, key.createdBy);
  if (!role) throw invalid('The API key is not valid or has been revoked.');
  return { ...principal, member: { accountId: key.createdBy, role } };
}

async function orgPrincipal(em: EntityManager, id: string, digest: string): Promise<OrgPrincipal> {
  const organizations = organizationRepository(em);
  const cred = await organizations.credential(id);
  if (!cred || !sameDigest(cred.secretHash, digest) || cred.revokedAt) {
    throw invalid('The organization credential is not valid or has been revoked.');
  }
  const org = cred.organization;
  const member = await organizations.isActiveMember(org.id, cred.memberAccountId);
  if (!org.active || !member) {
    throw invalid('The organization credential belongs to an inactive organization or membership.');
  }
  return {
    kind: 'org_key',
    credentialId: cred.id,
    organizationId: org.id,
    memberAccountId: cred.memberAccountId,
    allowedRoutes: cred.allowedRoutes,
    customerIds: cred.customerIds,
    domainNames: cred.domainNames,
    namespaceOps: cred.namespaceOps,
  };
}

async function bearerPrincipal(em: EntityManager, deps: AuthDeps, token: string): Promise<AccountPrincipal> {
  let verified: VerifiedBearer;
  try {
    verified = await deps.bearer.verify(token);
  } catch (err) {
    const reason = (err as { reason?: string }).reason;
    if (reason === 'unreachable') {
      throw new AppError('idp_unavailable', 'The identity provider cannot be reached; try again shortly.');
    }
    if (reason === 'unconfigured')
      throw invalid('This server accepts no bearer tokens: no identity provider is configured. Use an API key.');
    throw invalid(reason === 'expired' ? 'The bearer token has expired.' : 'The bearer token is not valid.');
  }
  const name = typeof verified.claims.name === 'string' ? verified.claims.name : undefined;
  const accountId = await accountForIdentity(em, verified.issuer, verified.subject, name);
  return { kind: 'bearer', accountId, credentialId: sha256Hex(`${verified.issuer} ${verified.subject}`).slice(0, 32) };
}

/** The account behind a signed session cookie; throws invalid_credential when it is not (or no longer) valid. */
export async function sessionPrincipal(
  em: EntityManager,
  req: FastifyRequest,
  cookie: string,
): Promise<AccountPrincipal & { teamId: string | null }> {
  const unsigned = req.unsignCookie(cookie);
  if (!unsigned.valid || !unsigned.value) throw invalid('The session cookie is not valid.');
  const hash = sha256Hex(unsigned.value);
  const session = await credentialRepository(em).findSession(hash);
  if (!session || session.revokedAt || session.expiresAt.getTime() <= Date.now()) {
    throw invalid('The session has ended; sign in again.');
  }
  return { kind: 'session', accountId: session.accountId, credentialId: hash.slice(0, 32), teamId: session.teamId };
}

/** Loads the account behind an account principal. */
export function principalAccount(em: EntityManager, principal: AccountPrincipal) {
  return accountRepository(em).get(principal.accountId);
}
