import { defineEntity, p } from '@mikro-orm/core';
import { timestamps } from './base.ts';

// An account owns domains. `kind` decides which catalog price applies (human or agent);
// `operatorLinked` is the stored operator link that the lookup exposes as identity.human_backed.
const AccountSchema = defineEntity({
  name: 'Account',
  tableName: 'account',
  properties: {
    id: p.uuid().primary().onCreate(() => crypto.randomUUID()),
    kind: p.enum(['human', 'agent'] as const),
    displayName: p.string().nullable(),
    operatorLinked: p.boolean().default(false),
    ...timestamps,
  },
});

export class Account extends AccountSchema.class {}
AccountSchema.setClass(Account);
export { AccountSchema };
