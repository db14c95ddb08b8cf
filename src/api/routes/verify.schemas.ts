import { z } from 'zod';
import { CHECK_IDS } from '../../verify/check.ts';
import { example, EXAMPLE } from '../schemas/examples.ts';

export const verifyParams = z.object({
  name: example(
    z.string().max(253).describe('Any DNS name that publishes DNS-AID records, ours or not: "scout.agent"'),
    EXAMPLE.name,
  ),
});

const check = z.object({
  id: z.enum(CHECK_IDS),
  outcome: z
    .enum(['pass', 'fail', 'absent', 'unreachable'])
    .describe('`absent`: the name publishes nothing to check here; `unreachable`: what holds it did not answer'),
  reason: z.string().nullable().describe('Why it failed, was absent or unreachable; null on a pass'),
  evidence: z.record(z.string(), z.unknown()).describe('What it was judged on: records, URLs, keys, on-chain values'),
});

export const verifyResponse = example(
  z.object({
    name: z.string(),
    verified: z
      .boolean()
      .describe('Identity: the DNSSEC chain and the card signature pass and no published identity fact fails'),
    reachable: z.boolean().describe('Every endpoint the name publishes answers its protocol (reported apart)'),
    checks: z.array(check),
    checked_at: z.string().describe('When the checks ran; a report is kept for a minute'),
  }),
  {
    name: EXAMPLE.name,
    verified: true,
    reachable: false,
    checks: [
      { id: 'dnssec', outcome: 'pass', reason: null, evidence: { svcb: 'secure', txt: 'secure' } },
      {
        id: 'card_signature',
        outcome: 'pass',
        reason: null,
        evidence: { card_url: `https://registry.example/agents/${EXAMPLE.name}/agent-card.json` },
      },
      {
        id: 'erc8004',
        outcome: 'absent',
        reason: 'no ENSIP-25 agent-registration TXT record at the name',
        evidence: {},
      },
      {
        id: 'a2a_endpoint',
        outcome: 'unreachable',
        reason: 'no answer within 5 s',
        evidence: { endpoint: 'https://scout.example/a2a' },
      },
    ],
    checked_at: '2026-12-08T02:00:00.000Z',
  },
);
