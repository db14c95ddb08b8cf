import { z } from 'zod';
import { CHECK_IDS } from '../../verify/check.ts';

export const verifyParams = z.object({
  name: z.string().max(253).describe('Any DNS name that publishes DNS-AID records, ours or not: "scout.agent"'),
});

const check = z.object({
  id: z.enum(CHECK_IDS),
  outcome: z
    .enum(['pass', 'fail', 'absent', 'unreachable'])
    .describe('`absent`: the name publishes nothing to check here; `unreachable`: what holds it did not answer'),
  reason: z.string().nullable().describe('Why it failed, was absent or unreachable; null on a pass'),
  evidence: z.record(z.string(), z.unknown()).describe('What it was judged on: records, URLs, keys, on-chain values'),
});

export const verifyResponse = z.object({
  name: z.string(),
  verified: z
    .boolean()
    .describe('Identity: the DNSSEC chain and the card signature pass and no published identity fact fails'),
  reachable: z.boolean().describe('Every endpoint the name publishes answers its protocol (reported apart)'),
  checks: z.array(check),
  checked_at: z.string().describe('When the checks ran; a report is kept for a minute'),
});
