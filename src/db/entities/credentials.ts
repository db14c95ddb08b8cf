import { defineEntity, p } from '@mikro-orm/core';
import { createdAt } from './base.ts';
import { Account } from './account.ts';
import { notifyKeyChange } from './public-change.ts';
import { apiKeyClasses } from '../../domain/account.ts';

// Secrets are never stored: only the SHA-256 of the high-entropy secret part, looked up by the public
// key id and compared in constant time.

const ApiKeySchema = defineEntity({
  name: 'ApiKey',
  tableName: 'api_key',
  properties: {
    id: p.string().primary().length(32),
    account: () => p.manyToOne(Account).ref().index(),
    keyClass: p.enum([...apiKeyClasses]),
    name: p.string().nullable(),
    secretHash: p.string().length(64),
    createdAt,
    lastUsedAt: p.datetime().columnType('timestamptz').nullable(),
    revokedAt: p.datetime().columnType('timestamptz').nullable(),
    /** A team's live key: the member who made it, whose membership and role it acts with (docs/teams.md). */
    createdBy: p.uuid().nullable(),
  },
  triggers: [notifyKeyChange],
});
export class ApiKey extends ApiKeySchema.class {}
ApiKeySchema.setClass(ApiKey);

const ClaimCodeSchema = defineEntity({
  name: 'ClaimCode',
  tableName: 'claim_code',
  properties: {
    codeHash: p.string().primary().length(64),
    account: () => p.manyToOne(Account).ref().index(),
    createdAt,
    usedAt: p.datetime().columnType('timestamptz').nullable(),
    usedBy: () => p.manyToOne(Account).ref().nullable(),
  },
});
export class ClaimCode extends ClaimCodeSchema.class {}
ClaimCodeSchema.setClass(ClaimCode);

const WebSessionSchema = defineEntity({
  name: 'WebSession',
  tableName: 'web_session',
  properties: {
    tokenHash: p.string().primary().length(64),
    account: () => p.manyToOne(Account).ref().index(),
    createdAt,
    expiresAt: p.datetime().columnType('timestamptz'),
    revokedAt: p.datetime().columnType('timestamptz').nullable(),
    /** The team the person chose in the dashboard's switcher; null: acting as themselves. */
    teamId: p.uuid().nullable(),
  },
});
export class WebSession extends WebSessionSchema.class {}
WebSessionSchema.setClass(WebSession);

export { ApiKeySchema, ClaimCodeSchema, WebSessionSchema };
