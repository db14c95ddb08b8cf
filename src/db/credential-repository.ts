import type { EntityManager } from '@mikro-orm/postgresql';
import type { AccountRecord, ApiKeyClass, ApiKeyRecord } from '../domain/account.ts';
import { accountRecordOf } from './account-repository.ts';
import { Account, ApiKey, ClaimCode, WebSession } from './entities/index.ts';

const keyRecordOf = (k: ApiKey): ApiKeyRecord => ({
  id: k.id,
  accountId: k.account.id,
  keyClass: k.keyClass,
  name: k.name ?? null,
  createdAt: k.createdAt,
  lastUsedAt: k.lastUsedAt ?? null,
  revokedAt: k.revokedAt ?? null,
});

/** A key's public id and the digest of its secret: what is stored of a credential (never the secret). */
export interface StoredSecret {
  id: string;
  secretHash: string;
}

/** What checking a presented key needs: the digest to compare and whether it still works. */
export interface KeyToCheck {
  keyClass: ApiKeyClass;
  secretHash: string;
  revokedAt: Date | null;
  accountId: string;
  lastUsedAt: Date | null;
  /** A team's key: the member who made it; null: a person's or an agent's own key. */
  createdBy: string | null;
}

// Accounts' own credentials: API keys, claim codes and browser sessions. Secrets are never stored, only
// their SHA-256 (src/auth/secrets.ts makes and compares them); what leaves here is plain data.
export function credentialRepository(em: EntityManager) {
  return {
    /** A new anonymous agent with its first key and its claim code, in one transaction. */
    async provisionAgent(a: { displayName: string | null; key: StoredSecret; claimHash: string }) {
      return em.transactional(async (tx) => {
        const account = tx.create(Account, { kind: 'agent', assurance: 'anonymous', displayName: a.displayName });
        tx.create(ApiKey, { ...a.key, account, keyClass: 'agent', name: 'provisioned' });
        tx.create(ClaimCode, { codeHash: a.claimHash, account });
        await tx.flush();
        return accountRecordOf(account);
      });
    },

    /**
     * Binds the agent of an unused claim code to the person: the code is consumed by one conditional
     * UPDATE, so two concurrent claims of one code cannot both succeed. Null for a wrong or used code,
     * and for an agent claiming itself.
     */
    async claim(codeHash: string, operatorId: string): Promise<AccountRecord | null> {
      return em.transactional(async (tx) => {
        const used = await tx.nativeUpdate(
          ClaimCode,
          { codeHash, usedAt: null },
          { usedAt: new Date(), usedBy: tx.getReference(Account, operatorId) },
        );
        if (used !== 1) return null;
        const claim = await tx.findOneOrFail(ClaimCode, { codeHash });
        const agent = await tx.findOneOrFail(Account, { id: claim.account.id });
        if (agent.id === operatorId) return null;
        agent.assurance = 'claimed';
        agent.claimedAt = new Date();
        agent.operatorAccount = tx.getReference(Account, operatorId, { wrapped: true });
        await tx.flush();
        return accountRecordOf(agent);
      });
    },

    async createKey(
      accountId: string,
      key: StoredSecret,
      keyClass: ApiKeyClass,
      name: string | null,
      createdBy: string | null = null,
    ) {
      const row = em.create(ApiKey, {
        ...key,
        account: em.getReference(Account, accountId),
        keyClass,
        name,
        createdBy,
      });
      await em.flush();
      return keyRecordOf(row);
    },

    async findKey(id: string): Promise<ApiKeyRecord | null> {
      const k = await em.findOne(ApiKey, { id });
      return k && keyRecordOf(k);
    },

    /** The account's keys, oldest first. */
    async keysOf(accountId: string): Promise<ApiKeyRecord[]> {
      return (await em.find(ApiKey, { account: accountId }, { orderBy: { createdAt: 'asc' } })).map(keyRecordOf);
    },

    /** The keys of several accounts, oldest first. */
    async keysOfAll(accountIds: string[]): Promise<ApiKeyRecord[]> {
      const rows = await em.find(
        ApiKey,
        { account: { $in: accountIds } },
        { orderBy: { createdAt: 'asc', id: 'asc' } },
      );
      return rows.map(keyRecordOf);
    },

    async keyToCheck(id: string): Promise<KeyToCheck | null> {
      const key = await em.findOne(
        ApiKey,
        { id },
        { fields: ['id', 'account', 'keyClass', 'secretHash', 'revokedAt', 'lastUsedAt', 'createdBy'] },
      );
      return (
        key && {
          keyClass: key.keyClass,
          secretHash: key.secretHash,
          revokedAt: key.revokedAt ?? null,
          accountId: key.account.id,
          lastUsedAt: key.lastUsedAt ?? null,
          createdBy: key.createdBy ?? null,
        }
      );
    },

    async touchKey(id: string): Promise<void> {
      await em.nativeUpdate(ApiKey, { id }, { lastUsedAt: new Date() });
    },

    /** Revokes one of the account's own keys; false when the account has no such key. Idempotent. */
    async revokeOwnKey(accountId: string, keyId: string): Promise<boolean> {
      const key = await em.findOne(ApiKey, { id: keyId, account: accountId });
      if (!key) return false;
      if (!key.revokedAt) {
        key.revokedAt = new Date();
        await em.flush();
      }
      return true;
    },

    /** Revokes a key not revoked yet (a no-op otherwise). */
    async revokeKey(id: string): Promise<void> {
      await em.nativeUpdate(ApiKey, { id, revokedAt: null }, { revokedAt: new Date() });
    },

    async openSession(tokenHash: string, accountId: string, expiresAt: Date): Promise<void> {
      em.create(WebSession, { tokenHash, account: em.getReference(Account, accountId), expiresAt });
      await em.flush();
    },

    async findSession(tokenHash: string) {
      const s = await em.findOne(WebSession, { tokenHash });
      return (
        s && {
          accountId: s.account.id,
          expiresAt: s.expiresAt,
          revokedAt: s.revokedAt ?? null,
          teamId: s.teamId ?? null,
        }
      );
    },

    /** The team the session acts for (the dashboard's switcher); null: the person themselves. */
    async chooseTeam(tokenHash: string, teamId: string | null): Promise<void> {
      await em.nativeUpdate(WebSession, { tokenHash }, { teamId });
    },

    async endSession(tokenHash: string): Promise<void> {
      await em.nativeUpdate(WebSession, { tokenHash, revokedAt: null }, { revokedAt: new Date() });
    },
  };
}
