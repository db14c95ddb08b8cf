import type { EntityManager } from '@mikro-orm/postgresql';
import { Account, ApiKey, ClaimCode, WebSession } from '../db/entities/index.ts';
import {
  generateClaimCode,
  generateKey,
  generateSessionToken,
  parseKey,
  sameDigest,
  sha256Hex,
  type NewKey,
} from './secrets.ts';

// Account and credential operations. Each takes an EntityManager the caller forked for this unit of
// work and returns plain data; secrets leave only through the return values of the create calls.

export async function provisionAgent(em: EntityManager, displayName?: string) {
  const key = generateKey('agent');
  const claim = generateClaimCode();
  const account = await em.transactional(async (tx) => {
    const account = tx.create(Account, { kind: 'agent', assurance: 'anonymous', displayName: displayName ?? null });
    tx.create(ApiKey, { id: key.id, account, keyClass: 'agent', secretHash: key.secretHash, name: 'provisioned' });
    tx.create(ClaimCode, { codeHash: claim.hash, account });
    return account;
  });
  return { account, key, claimCode: claim.code };
}

/**
 * Binds an anonymous agent to the signed-in operator. The claim code is consumed by one conditional
 * UPDATE, so two concurrent claims of one code cannot both succeed. Returns null for a wrong or used code.
 */
export async function claimAgent(em: EntityManager, operatorAccountId: string, code: string) {
  return em.transactional(async (tx) => {
    const used = await tx.nativeUpdate(
      ClaimCode,
      { codeHash: sha256Hex(code.trim()), usedAt: null },
      { usedAt: new Date(), usedBy: tx.getReference(Account, operatorAccountId) },
    );
    if (used !== 1) return null;
    const claim = await tx.findOneOrFail(ClaimCode, { codeHash: sha256Hex(code.trim()) });
    const agent = await tx.findOneOrFail(Account, { id: claim.account.id });
    if (agent.id === operatorAccountId) return null;
    agent.assurance = 'claimed';
    agent.claimedAt = new Date();
    agent.operatorAccount = tx.getReference(Account, operatorAccountId, { wrapped: true });
    return agent;
  });
}

/**
 * The account a unique key names, created with `row` on first use: concurrent first uses insert once
 * (ON CONFLICT DO NOTHING on that key) and all read the same row back.
 */
async function accountByUniqueKey(
  em: EntityManager,
  key: { idpIssuer: string; idpSubject: string } | { walletAddress: string },
  row: Pick<Account, 'kind'> & Partial<Pick<Account, 'assurance' | 'displayName'>>,
): Promise<string> {
  const found = await em.findOne(Account, key, { fields: ['id'] });
  if (found) return found.id;
  const now = new Date();
  await em
    .createQueryBuilder(Account)
    .insert({ id: crypto.randomUUID(), ...row, ...key, createdAt: now, updatedAt: now })
    .onConflict(Object.keys(key) as (keyof typeof key)[])
    .ignore()
    .execute();
  return (await em.findOneOrFail(Account, key, { fields: ['id'] })).id;
}

/** The local account for an identity-provider subject, created on first use. */
export function accountForIdentity(em: EntityManager, issuer: string, subject: string, name?: string): Promise<string> {
  return accountByUniqueKey(
    em,
    { idpIssuer: issuer, idpSubject: subject },
    { kind: 'human', displayName: name ?? null },
  );
}

/** The account of a payer's wallet address (spec 5 rule 3), created on first use. */
export async function accountForWallet(em: EntityManager, address: string): Promise<string> {
  const wallet = address.toLowerCase();
  if (!/^0x[0-9a-f]{40}$/.test(wallet)) throw new Error(`not an EVM address: ${address}`);
  return accountByUniqueKey(em, { walletAddress: wallet }, { kind: 'agent', assurance: 'anonymous' });
}

export async function createApiKey(
  em: EntityManager,
  accountId: string,
  keyClass: 'agent' | 'live',
  name: string | null,
): Promise<{ row: ApiKey; key: NewKey }> {
  const key = generateKey(keyClass);
  const row = em.create(ApiKey, {
    id: key.id,
    account: em.getReference(Account, accountId),
    keyClass,
    secretHash: key.secretHash,
    name,
  });
  await em.flush();
  return { row, key };
}

export function listApiKeys(em: EntityManager, accountId: string) {
  return em.find(ApiKey, { account: accountId }, { orderBy: { createdAt: 'asc' } });
}

/** Revokes one of the account's own keys; false when the account has no such key. Idempotent. */
export async function revokeOwnKey(em: EntityManager, accountId: string, keyId: string): Promise<boolean> {
  const key = await em.findOne(ApiKey, { id: keyId, account: accountId });
  if (!key) return false;
  if (!key.revokedAt) {
    key.revokedAt = new Date();
    await em.flush();
  }
  return true;
}

/**
 * Revokes the agent or live key whose full secret is presented; anything else (an organization
 * credential, a wrong secret, an unknown or already revoked key) changes nothing. Says nothing either way:
 * RFC 7009 answers alike whether or not the token existed.
 */
export async function revokePresentedKey(em: EntityManager, token: string): Promise<void> {
  const parsed = parseKey(token);
  if (!parsed || parsed.keyClass === 'org') return;
  const key = await em.findOne(ApiKey, { id: parsed.id }, { fields: ['id', 'secretHash', 'keyClass'] });
  if (key && key.keyClass === parsed.keyClass && sameDigest(key.secretHash, sha256Hex(parsed.secret))) {
    await em.nativeUpdate(ApiKey, { id: key.id, revokedAt: null }, { revokedAt: new Date() });
  }
}

export async function createSession(em: EntityManager, accountId: string, ttlHours: number) {
  const { token, hash } = generateSessionToken();
  const expiresAt = new Date(Date.now() + ttlHours * 3600_000);
  em.create(WebSession, { tokenHash: hash, account: em.getReference(Account, accountId), expiresAt });
  await em.flush();
  return { id: token, expiresAt };
}

export async function destroySession(em: EntityManager, token: string): Promise<void> {
  await em.nativeUpdate(WebSession, { tokenHash: sha256Hex(token), revokedAt: null }, { revokedAt: new Date() });
}
