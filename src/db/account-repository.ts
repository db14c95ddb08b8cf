import type { EntityManager } from '@mikro-orm/postgresql';
import { Account } from './entities/index.ts';

// Account reads and settings for pages and routes that show an account, not authenticate it (that is src/auth's).
export function accountRepository(em: EntityManager) {
  return {
    /** The name an account goes by, if it set one; null also for an unknown account. */
    async displayNameOf(id: string): Promise<string | null> {
      return (await em.findOne(Account, { id }, { fields: ['displayName'] }))?.displayName ?? null;
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

    /**
     * Sets or clears where the account's pathUSD sale proceeds are paid (docs/market.md "Payouts"). A
     * sale keeps the address it was made with, so a change applies to the sales after it.
     */
    async setPayoutAddress(id: string, address: string | null): Promise<void> {
      await em.nativeUpdate(Account, { id }, { payoutAddress: address });
    },
  };
}
