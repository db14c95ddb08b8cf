import { z } from 'zod';
import { DNS_LIMITS, recordTypes } from '../../../domain/dns-records.ts';
import { example, EXAMPLE } from '../../schemas/examples.ts';

// PATCH/GET …/records and POST …/enable_dns (spec 2.7, 4.5; docs/dns-and-rdap.md "DNS"). The shape rules are here;
// what a record means (addresses, host names, the CNAME rule, limits of a whole set) is checked by
// src/domain/dns-records.ts, which answers 400 `invalid_record` with the index of the item at fault.

const recordItem = z.object({
  type: z
    .string()
    .min(1)
    .max(10)
    .describe(`One of ${recordTypes.join(', ')}`),
  name: z
    .string()
    .max(253)
    .describe('Relative to the domain ("www", "@" or "" for the apex) or absolute within it ("www.scout.agent")'),
  content: z
    .string()
    .max(DNS_LIMITS.maxTxt + 64)
    .nullable()
    .optional()
    .describe('In the usual zone-file form: "192.0.2.10", "10 mail.example.com", "0 issue \\"letsencrypt.org\\""'),
  ttl: z
    .number()
    .int()
    .min(DNS_LIMITS.ttlMin)
    .max(DNS_LIMITS.ttlMax)
    .optional()
    .describe(`Seconds, ${DNS_LIMITS.ttlMin}–${DNS_LIMITS.ttlMax}; default ${DNS_LIMITS.ttlDefault}`),
  delete: z.boolean().optional().describe('true: remove the rrset (name and type); content is then not needed'),
});

export const recordsBody = example(z.object({ records: z.array(recordItem).min(1).max(DNS_LIMITS.maxItems) }), {
  records: [
    { type: 'A', name: '@', content: '192.0.2.10', ttl: 300 },
    { type: 'TXT', name: '_agent', content: 'v=agent1; endpoint=https://scout.example/a2a' },
    { type: 'CNAME', name: 'old', delete: true },
  ],
});

const storedRecord = z.object({ type: z.string(), name: z.string(), content: z.string(), ttl: z.number().int() });
const syncState = z
  .enum(['published', 'pending'])
  .describe('published: PowerDNS holds the latest records; pending: the push is on its way');

export const recordsPatchResponse = example(
  z.object({
    status: z.literal('success'),
    message: z.string(),
    domain: z.string(),
    details: z.array(
      z.object({
        record: z.object({
          type: z.string(),
          name: z.string(),
          content: z.string().nullable(),
          ttl: z.number().int().nullable(),
        }),
        status: z.enum(['created', 'updated', 'deleted', 'unchanged']),
      }),
    ),
    sync: syncState,
  }),
  {
    status: 'success',
    message: 'Records saved; 2 record sets are being pushed to DNS.',
    domain: EXAMPLE.name,
    details: [
      { record: { type: 'A', name: 'scout.agent.', content: '192.0.2.10', ttl: 300 }, status: 'updated' },
      {
        record: {
          type: 'TXT',
          name: '_agent.scout.agent.',
          content: '"v=agent1; endpoint=https://scout.example/a2a"',
          ttl: 3600,
        },
        status: 'created',
      },
      { record: { type: 'CNAME', name: 'old.scout.agent.', content: null, ttl: null }, status: 'deleted' },
    ],
    sync: 'pending',
  },
);

export const recordsGetResponse = example(
  z.object({
    status: z.literal('success'),
    domain: z.string(),
    dns_enabled: z.boolean().describe('Whether the delegation from the namespace zone is published (enable_dns)'),
    nameservers: z.array(z.string()),
    sync: syncState,
    records: z.array(storedRecord).describe('The owner’s records; the manifest TXT pointers are added at the apex'),
    manifest_pointers: z.array(z.string()).describe('TXT values published at the apex of every active name'),
    agent_records: z
      .array(storedRecord)
      .describe(
        `Agent discovery records the registry writes from the profile (docs/discovery.md "In the name's zone"): DNS-AID SVCB for the mcp and a2a endpoints, ENSIP-26 TXT; change the profile to change them`,
      ),
  }),
  {
    status: 'success',
    domain: EXAMPLE.name,
    dns_enabled: true,
    nameservers: ['ns1.agent.'],
    sync: 'published',
    records: [{ type: 'A', name: 'scout.agent.', content: '192.0.2.10', ttl: 300 }],
    manifest_pointers: [
      'agent-manifest=https://registry.example/api/v1/domains/scout.agent/agent.json',
      'skill-md=https://registry.example/api/v1/domains/scout.agent/skill.md',
    ],
    agent_records: [
      {
        type: 'SVCB',
        name: 'scout.agent.',
        content:
          '1 scout.example. mandatory=alpn,port alpn=a2a,h2 port=443 key65409="https://registry.example/agents/scout.agent/agent-card.json"',
        ttl: 300,
      },
      { type: 'TXT', name: 'scout.agent.', content: '"agent-endpoint[a2a]=https://scout.example/a2a"', ttl: 300 },
    ],
  },
);

export const enableDnsResponse = example(
  z.object({
    status: z.literal('success'),
    message: z.string(),
    domain: z.string(),
    nameservers: z.array(z.string()),
    sync: syncState,
  }),
  {
    status: 'success',
    message: 'DNS enabled: publishing the delegation of scout.agent to ns1.agent.',
    domain: EXAMPLE.name,
    nameservers: ['ns1.agent.'],
    sync: 'pending',
  },
);
