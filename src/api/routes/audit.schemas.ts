import { z } from 'zod';
import { EXAMPLE, example } from '../schemas/examples.ts';
import { isoTimestamp } from '../schemas/common.ts';
import { pagination } from './domains/managed.schemas.ts';

const when = z.iso.datetime({ offset: true }).describe('ISO 8601 timestamp');

export const auditFilter = z.object({
  actor: z.uuid().optional().describe('Only this account’s events: you, or an agent you claimed'),
  object: z.string().max(300).optional().describe('Only events on this name (or other identifier)'),
  action: z
    .string()
    .max(200)
    .optional()
    .describe('Only this operation, as `METHOD /path` (`POST /api/v1/domains/transfer`)'),
  from: when.optional().describe('From this time (inclusive)'),
  to: when.optional().describe('Until this time (exclusive)'),
});

export const auditQuery = pagination.extend(auditFilter.shape);

export const auditEventView = z.object({
  id: z.string(),
  at: isoTimestamp,
  actor: z.object({
    account_id: z.string().nullable(),
    member_id: z.string().nullable().describe('In a team: the member who acted for it (`account_id` is the team)'),
    credential: z
      .string()
      .nullable()
      .describe('agent_key, live_key, bearer, session or org_key; `registry` for a change the registry made by itself'),
    key_id: z.string().nullable().describe('The credential’s id (an API key’s id, a token or session hash)'),
    ip: z.string().nullable(),
  }),
  action: z
    .string()
    .describe(
      'The operation, as its route (`POST /api/v1/domains/transfer`), or the registry’s own change (`registry: auto-renew`, `registry: domain.grace_started`, `registry: domain.expired`), whose `details` carry `before` and `after`',
    ),
  object: z.string().nullable(),
  details: z.object({ params: z.record(z.string(), z.unknown()), fields: z.array(z.string()) }).loose(),
});

const exampleEvent = {
  id: '1207',
  at: EXAMPLE.at,
  actor: {
    account_id: EXAMPLE.accountId,
    member_id: null,
    credential: 'agent_key',
    key_id: 'key_7Hq2',
    ip: '203.0.113.7',
  },
  action: 'POST /api/v1/domains/:domain_name/lock',
  object: EXAMPLE.name,
  details: { params: { domain_name: EXAMPLE.name }, fields: [] },
};

export const auditResponse = example(
  z.object({
    status: z.literal('success'),
    data: z.array(auditEventView),
    limit: z.number().int(),
    offset: z.number().int(),
    total: z.number().int(),
  }),
  { status: 'success', data: [exampleEvent], limit: 50, offset: 0, total: 1 },
);
