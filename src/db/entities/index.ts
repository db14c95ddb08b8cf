export { Account, AccountSchema } from './account.ts';
export { Domain, DomainSchema } from './domain.ts';
export { Namespace, NamespaceSchema } from './namespace.ts';
import { AccountSchema } from './account.ts';
import { DomainSchema } from './domain.ts';
import { NamespaceSchema } from './namespace.ts';

export const entities = [NamespaceSchema, AccountSchema, DomainSchema];
