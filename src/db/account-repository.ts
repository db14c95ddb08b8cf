import type { EntityManager } from '@mikro-orm/postgresql';
import type { AccountKind, AccountRecord, Assurance } from '../domain/account.ts';
import type { Page, Paged } from '../domain/page.ts';
import { Account } from './entities/index.ts';

/** An account row as plain data. */
export const accountRecordOf = (a: Account): AccountRecord => ({
  id: a.id,
  kind: a.kind,
  displayName: a.displayName ?? null,
  assurance: a.assurance ?? null,
  operatorAccountId: a.operatorAccount?.id ?? null,
  claimedAt: a.claimedAt ?? null,
  walletAddress: a.walletAddress ?? null,
  payoutAddress: a.payoutAddress ?? null,
  isReseller: a.isReseller,
  isOperator: a.isOperator,
  createdAt: a.createdAt,
});

/** A key that names at most one account: an identity-provider subject, or a wallet address. */
export type AccountKey = { idpIssuer: string; idpSubject: string } | { walletAddress: string };

// Account reads and settings for pages, routes and use cases that show or manage an account (src/auth
// authenticates; its credentials are credential-repository.ts's).
export function accountRepository(em: EntityManager) {
  return {
    async find(id: string): Promise<AccountRecord | null> {
      const a = await em.findOne(Account, { id });
      return a && accountRecordOf(a);
    },

    /** The account, which must exist (a principal's own). */
    async get(id: string): Promise<AccountRecord> {
      return accountRecordOf(await em.findOneOrFail(Account, { id }));
    },

    /**
     * The account a unique key names, created with `row` on first use: concurrent first uses insert once
     * (ON CONFLICT DO NOTHING on that key) and all read the same row back.
     */
    async idFor(
      key: AccountKey,
      row: { kind: AccountKind; assurance?: Assurance | null; displayName?: string | null },
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
    },

    /** The name an account goes by, if it set one; null also for an unknown account. */
    async displayNameOf(id: string): Promise<string | null> {
      return (await em.findOne(Account, { id }, { fields: ['displayName'] }))?.displayName ?? null;
    },

    /** How a page names an account: its display name, else its username at the identity provider, else its id. */
    async labelOf(id: string): Promise<string> {
      const account = await em.findOneOrFail(Account, { id }, { fields: ['displayName', 'idpSubject'] });
      return account.displayName ?? account.idpSubject ?? id;
    },

    /** An account by its id, or a person by their username at the identity provider; with its label. */
    async findByIdOrUsername(
      ref: { id: string } | { username: string },
    ): Promise<{ id: string; label: string } | null> {
      const fields = ['id', 'displayName', 'idpSubject'] as const;
      const found =
        'id' in ref
          ? await em.findOne(Account, { id: ref.id }, { fields })
          : await em.findOne(Account, { idpSubject: ref.username, kind: 'human' }, { fields });
      return found && { id: found.id, label: found.displayName ?? found.idpSubject ?? found.id };
    },

    /** Whether the account is one of the registry's operators (support: they see and reset any checkout, and register free). */
    async isOperator(id: string): Promise<boolean> {
      return (await em.findOne(Account, { id }, { fields: ['isOperator'] }))?.isOperator ?? false;
    },

    /** Who manages an account: the person who claimed it (null: nobody). Null for an unknown account. */
    async managerOf(id: string): Promise<{ managerId: string | null } | null> {
      const a = await em.findOne(Account, { id }, { fields: ['id', 'operatorAccount'] });
      return a && { managerId: a.operatorAccount?.id ?? null };
    },

    /** The accounts a person claimed: the agents they manage. */
    async claimedBy(operatorId: string): Promise<string[]> {
      const rows = await em.find(Account, { operatorAccount: operatorId }, { fields: ['id'] });
      return rows.map((r) => r.id);
    },

    /** One page of the accounts a person claimed, oldest claim first, and how many there are. */
    async claimedPage(operatorId: string, page: Page): Promise<Paged<AccountRecord>> {
      const [rows, total] = await em.findAndCount(
        Account,
        { operatorAccount: operatorId },
        { orderBy: { claimedAt: 'asc', id: 'asc' }, limit: page.limit, offset: page.offset },
      );
      return { rows: rows.map(accountRecordOf), total };
    },

    /** Where the account (which must exist) has its pathUSD sale proceeds paid; null: held as a balance. */
    async payoutAddressOf(id: string): Promise<string | null> {
      return (await em.findOneOrFail(Account, { id }, { fields: ['payoutAddress'] })).payoutAddress ?? null;
    },

    /**
     * Sets or clears where the account's pathUSD sale proceeds are paid (docs/market.md "Payouts"). A
     * sale keeps the address it was made with, so a change applies to the sales after it.
     */
    async setPayoutAddress(id: string, address: string | null): Promise<void> {
      await em.nativeUpdate(Account, { id }, { payoutAddress: address });
    },

    /** The operator's approval of an account as a reseller, or as one of the registry's operators. */
    async setRole(id: string, role: { isReseller: boolean } | { isOperator: boolean }): Promise<AccountRecord | null> {
      const a = await em.findOne(Account, { id });
      if (!a) return null;
      Object.assign(a, role);
      await em.flush();
      return accountRecordOf(a);
    },
  };
}
