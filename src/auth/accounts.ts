import type { EntityManager } from '@mikro-orm/postgresql';
import { auditContext } from '../db/audit-context.ts';
import { accountRepository, type AccountKey } from '../db/account-repository.ts';
import { credentialRepository } from '../db/credential-repository.ts';
import type { AccountKind, AccountRecord, ApiKeyClass, Assurance } from '../domain/account.ts';
import { AppError } from '../domain/errors.ts';
import { generateClaimCode, generateKey, generateSessionToken, parseKey, sameDigest, sha256Hex } from './secrets.ts';

// Account and credential operations. Each takes an EntityManager the caller forked for this unit of
// work and returns plain data; secrets leave only through the return values of the create calls.

export async function provisionAgent(em: EntityManager, displayName?: string) {
  const key = generateKey('agent');
  const claim = generateClaimCode();
  const account = await credentialRepository(em).provisionAgent({
    displayName: displayName ?? null,
    key: { id: key.id, secretHash: key.secretHash },
    claimHash: claim.hash,
  });
  return { account, key, claimCode: claim.code };
}

/**
 * Binds an anonymous agent to the signed-in operator (a person, or the team a member acts for). Only a human
 * account (a person or a team) claims: an agent claiming another would let one key mint an unbounded chain
 * of managed identities. The claim code is consumed by one conditional UPDATE, so two concurrent claims of
 * one code cannot both succeed. The code records the person who used it (`claimedBy`, the member for a
 * team): the agent's keys are theirs to hold, so removing them from the team revokes those keys, and they are
 * never a second person to the agent's requests (docs/teams.md). Refuses a wrong or used code.
 */
export async function claimAgent(
  em: EntityManager,
  operatorAccountId: string,
  code: string,
  claimedBy = operatorAccountId,
): Promise<AccountRecord> {
  const operator = await accountRepository(em).get(operatorAccountId);
  if (operator.kind !== 'human')
    throw new AppError('forbidden', 'Only a signed-in operator (a human account) can claim an agent.');
  const codeHash = sha256Hex(code.trim());
  const agent = await em.transactional(async (tx) => {
    const claimed = await credentialRepository(tx).claim(codeHash, operatorAccountId);
    if (claimed && claimedBy !== operatorAccountId)
      await tx.execute('update claim_code set used_by_id = ? where code_hash = ?', [claimedBy, codeHash]);
    return claimed;
  });
  if (!agent) throw new AppError('invalid_claim_code', 'The claim code is not valid or has already been used.');
  return agent;
}

/**
 * The account a unique key names, created with `row` on first use: concurrent first uses insert once
 * (ON CONFLICT DO NOTHING on that key) and all read the same row back.
 */
function accountByUniqueKey(
  em: EntityManager,
  key: AccountKey,
  row: { kind: AccountKind; assurance?: Assurance | null; displayName?: string | null },
): Promise<string> {
  return accountRepository(em).idFor(key, row);
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
  keyClass: ApiKeyClass,
  name: string | null,
  createdBy: string | null = null,
) {
  const key = generateKey(keyClass);
  const row = await credentialRepository(em).createKey(
    accountId,
    { id: key.id, secretHash: key.secretHash },
    keyClass,
    name,
    createdBy,
  );
  return { row, key };
}

export function listApiKeys(em: EntityManager, accountId: string) {
  return credentialRepository(em).keysOf(accountId);
}

/** Revokes one of the account's own keys; false when the account has no such key. Idempotent. */
export function revokeOwnKey(em: EntityManager, accountId: string, keyId: string): Promise<boolean> {
  return credentialRepository(em).revokeOwnKey(accountId, keyId);
}

/**
 * Revokes the agent or live key whose full secret is presented; anything else (an organization
 * credential, a wrong secret, an unknown or already revoked key) changes nothing. Says nothing either way:
 * RFC 7009 answers alike whether or not the token existed.
 */
export async function revokePresentedKey(em: EntityManager, token: string): Promise<void> {
  const parsed = parseKey(token);
  if (!parsed || parsed.keyClass === 'org') return;
  const keys = credentialRepository(em);
  const key = await keys.keyToCheck(parsed.id);
  if (key && key.keyClass === parsed.keyClass && sameDigest(key.secretHash, sha256Hex(parsed.secret))) {
    // In a transaction, so the revocation carries its audit event, naming the key's account.
    auditContext.identify(key.accountId);
    await em.transactional((tx) => credentialRepository(tx).revokeKey(parsed.id));
  }
}

export async function createSession(em: EntityManager, accountId: string, ttlHours: number) {
  const { token, hash } = generateSessionToken();
  const expiresAt = new Date(Date.now() + ttlHours * 3600_000);
  // In a transaction, so a sign-in carries its audit event when its caller audits it (src/server/login.ts).
  await em.transactional((tx) => credentialRepository(tx).openSession(hash, accountId, expiresAt));
  return { id: token, expiresAt };
}

export async function destroySession(em: EntityManager, token: string): Promise<void> {
  const hash = sha256Hex(token);
  const session = await credentialRepository(em).findSession(hash);
  if (!session || session.revokedAt) return;
  // Signing out is a change of the person's: its event names them.
  auditContext.identify(session.accountId);
  await em.transactional((tx) => credentialRepository(tx).endSession(hash));
}
