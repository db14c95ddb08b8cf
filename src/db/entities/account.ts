import { defineEntity, p } from '@mikro-orm/core';
import { notifyAccountChange } from './public-change.ts';
import { timestamps } from './base.ts';
import { accountKinds, assurances } from '../../domain/account.ts';

/**
 * An account owns domains and holds credentials. `kind` decides which catalog price applies. Agents
 * start `anonymous` and become `claimed` when an operator binds them with their claim code; the
 * operator link is what the lookup exposes as the deprecated `identity.human_backed`. Human accounts
 * come from the identity provider (issuer + subject) and have no assurance state.
 */
const AccountSchema = defineEntity({
  name: 'Account',
  tableName: 'account',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => crypto.randomUUID()),
    kind: p.enum([...accountKinds]),
    displayName: p.string().nullable(),
    assurance: p.enum([...assurances]).nullable(),
    operatorAccount: () => p.manyToOne(Account).ref().nullable(),
    claimedAt: p.datetime().columnType('timestamptz').nullable(),
    walletAddress: p.string().length(42).nullable().unique(),
    /** Where the account's pathUSD sale proceeds are paid on chain (docs/market.md "Market"); null: held as a balance. */
    payoutAddress: p.string().length(42).nullable(),
    idpIssuer: p.string().nullable(),
    idpSubject: p.string().nullable(),
    isReseller: p.boolean().default(false),
    isOperator: p.boolean().default(false),
    ...timestamps,
  },
  uniques: [{ properties: ['idpIssuer', 'idpSubject'] }],
  triggers: [notifyAccountChange],
});

export class Account extends AccountSchema.class {}
AccountSchema.setClass(Account);
export { AccountSchema };
