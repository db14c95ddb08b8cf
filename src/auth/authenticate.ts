import type {} from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../domain/errors.ts';
import { accountRepository } from '../db/account-repository.ts';
import { credentialRepository } from '../db/credential-repository.ts';
import { organizationRepository } from '../db/organization-repository.ts';
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
  if (apiKey) return keyPrincipal(em, apiKey, deps.keys);
  if (bearer) return bearerPrincipal(em, deps, bearer);
  const cookie = req.cookies?.[deps.sessionCookie];
  if (cookie) return sessionPrincipal(em, req, cookie);
  return null;
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
  return {
    kind: key.keyClass === 'live' ? 'live_key' : 'agent_key',
    accountId: key.accountId,
    credentialId: parsed.id,
  };
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
): Promise<AccountPrincipal> {
  const unsigned = req.unsignCookie(cookie);
  if (!unsigned.valid || !unsigned.value) throw invalid('The session cookie is not valid.');
  const hash = sha256Hex(unsigned.value);
  const session = await credentialRepository(em).findSession(hash);
  if (!session || session.revokedAt || session.expiresAt.getTime() <= Date.now()) {
    throw invalid('The session has ended; sign in again.');
  }
  return { kind: 'session', accountId: session.accountId, credentialId: hash.slice(0, 32) };
}

/** Loads the account behind an account principal. */
export function principalAccount(em: EntityManager, principal: AccountPrincipal) {
  return accountRepository(em).get(principal.accountId);
}
