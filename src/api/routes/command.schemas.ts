import { z } from 'zod';
import { WITHIN_DAYS } from '../../domain/expiring.ts';
import { MAX_YEARS, MIN_YEARS } from '../../domain/money.ts';
import { EXAMPLE, example } from '../schemas/examples.ts';

/** The actions and the mode the command endpoint runs (spec 4.8); anything else is refused in its envelope. */
export const commandActions = ['show_expiring_domains', 'renew_domain'] as const;
export type CommandAction = (typeof commandActions)[number];
export const DRY_RUN = 'dry_run';

// The envelope is read loosely (any action or mode string) so that an unsupported action or mode is
// answered with its own code and echoed back, not as a validation failure.
export const commandBody = example(
  z
    .object({
      action: z.string().min(1).max(64).describe('`show_expiring_domains` or `renew_domain`'),
      mode: z.string().min(1).max(32).describe('Only `dry_run` (`confirm` and `execute` are not implemented)'),
      params: z
        .record(z.string(), z.unknown())
        .default({})
        .describe(
          `Per action. show_expiring_domains: within_days (integer ${WITHIN_DAYS.min}–${WITHIN_DAYS.max}, default ${WITHIN_DAYS.default}). renew_domain: domain (full name), years (integer ${MIN_YEARS}–${MAX_YEARS}), payment_preference (mpp, agent_mpp or agent plan an agent machine payment; anything else human gems; default mpp).`,
        ),
      request_id: z.string().max(128).optional().describe('Echoed back as given'),
    })
    .strict(),
  { action: 'renew_domain', mode: DRY_RUN, params: { domain: EXAMPLE.name, years: 1, payment_preference: 'mpp' } },
);

export const showExpiringParams = z
  .object({ within_days: z.number().int().min(WITHIN_DAYS.min).max(WITHIN_DAYS.max).default(WITHIN_DAYS.default) })
  .strict();

export const renewDomainParams = z
  .object({
    domain: z.string().min(1).max(300),
    years: z.number().int().min(MIN_YEARS).max(MAX_YEARS),
    payment_preference: z.string().min(1).max(32).default('mpp'),
  })
  .strict();

const commandTimestamp = z.string().describe('UTC, without a zone suffix, e.g. "2027-11-23T09:00:00.000"');

const commandDomain = z.object({
  id: z.number().int(),
  domain: z.string(),
  status: z.string(),
  is_active: z.boolean(),
  owner_id: z.string(),
  expiry_date: commandTimestamp,
  days_until_expiry: z.number().int().describe('Whole days left, a started day counting as one; negative once past'),
});

export const showExpiringResult = z.object({
  summary: z.string(),
  requires_confirmation: z.literal(false),
  requires_payment: z.literal(false),
  warnings: z.array(z.string()),
  resolved: z.object({ within_days: z.number().int(), managed_user_ids: z.array(z.string()) }),
  data: z.object({ count: z.number().int(), domains: z.array(commandDomain) }),
  next_step: z.null(),
});

export const renewDomainResult = z.object({
  summary: z.string(),
  requires_confirmation: z.literal(true),
  requires_payment: z.literal(true),
  warnings: z.array(z.string()),
  resolved: z.object({
    domain: z.string(),
    domain_id: z.number().int(),
    years: z.number().int(),
    purchase_channel: z.enum(['agent', 'human']),
    payment_method: z.enum(['mpp', 'gems']),
    namespace: z.string(),
    current_expiry_date: commandTimestamp,
  }),
  pricing: z.object({
    currency_unit: z.string().describe('`gems`, or the mpp route stablecoin (`pathUSD`, `USDC`) for an agent plan'),
    unit_price: z.number(),
    gross_price: z.number(),
    discount_amount: z.number(),
    net_price: z.number(),
  }),
  next_step: z.literal('confirm'),
});

export const commandResponse = example(
  z.object({
    success: z.literal(true),
    action: z.enum(commandActions),
    mode: z.literal(DRY_RUN),
    request_id: z.string().nullable().describe('As sent; null when none was'),
    result: z.union([showExpiringResult, renewDomainResult]),
  }),
  {
    success: true,
    action: 'renew_domain',
    mode: DRY_RUN,
    request_id: 'req-42',
    result: {
      summary:
        'Dry run: renewing scout.agent for 1 year costs 15 pathUSD (agent price, mpp); its expiry would move from 2027-11-23T09:00:00.000 to 2028-11-22T09:00:00.000. Nothing was charged or renewed.',
      requires_confirmation: true,
      requires_payment: true,
      warnings: [],
      resolved: {
        domain: EXAMPLE.name,
        domain_id: 42,
        years: 1,
        purchase_channel: 'agent',
        payment_method: 'mpp',
        namespace: 'agent',
        current_expiry_date: '2027-11-23T09:00:00.000',
      },
      pricing: { currency_unit: 'pathUSD', unit_price: 15, gross_price: 15, discount_amount: 0, net_price: 15 },
      next_step: 'confirm',
    },
  },
);

/** Every error of the command endpoint (spec 7): `action` and `mode` once the request envelope was read. */
export const commandErrorSchema = z
  .object({
    success: z.literal(false),
    action: z.string().optional(),
    mode: z.string().optional(),
    error: z.object({
      code: z.string(),
      message: z.string(),
      details: z.record(z.string(), z.unknown()).optional(),
    }),
  })
  .describe('CommandError')
  .meta({ id: 'CommandError' });
