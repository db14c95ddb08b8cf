// Schema of the namespace capability record (spec 2.8, schema version 1.0); the OpenAPI document and
// the builder in capability.ts share it.
import { z } from 'zod';

const availabilityValue = z.enum(['configured', 'authenticated_wallet_capability', 'provider_preflight_required']);

const paymentMethod = z.object({
  method: z.enum(['mpp', 'gems', 'gfavip_checkout']),
  availability: availabilityValue,
  channels: z.array(z.enum(['agent_api', 'human_checkout'])),
  default_when_omitted: z.boolean(),
  identity_requirement: z.string(),
  networks: z.array(z.string()),
  network_availability: z.record(z.string(), availabilityValue).optional(),
});

const registration = z.object({
  available: z.boolean(),
  checkout_enabled: z.boolean(),
  launch_phase: z.enum(['public', 'sunrise', 'coming_soon']),
  term_limits: z.object({
    min_years: z.number().int(),
    max_years: z.number().int(),
    model: z.literal('annual_price_times_years'),
  }),
});

/** Where a namespace can be checked out; a partner namespace adds that it has no x402 route of its own. */
const checkoutChannels = {
  agent_api: z.boolean(),
  hosted_checkout: z.boolean(),
  human_checkout: z.boolean(),
};

/** The URLs both kinds of record give after their registration URL (named differently in each). */
const laterUrls = {
  quote: z.string(),
  status: z.string(),
  management: z.string(),
  human_management: z.string(),
};

const nativeRecord = z.object({
  namespace: z.string(),
  provider: z.string(),
  source: z.literal('native'),
  checkout_availability: z.object(checkoutChannels),
  identity_requirements: z.object({
    registration_auth: z.array(z.string()),
    terms_field: z.string(),
    namespace_access: z.string(),
  }),
  payment_methods: z.array(paymentMethod),
  registration,
  limitations: z.array(z.string()),
  urls: z.object({ register: z.string(), ...laterUrls }),
});

const partnerRecord = z.object({
  namespace: z.string(),
  provider: z.string(),
  source: z.literal('partners'),
  checkout_availability: z.object({ ...checkoutChannels, dedicated_x402: z.literal(false) }),
  identity_requirements: z.object({
    agent_registration_auth: z.array(z.string()),
    human_checkout_auth: z.string(),
    provider_binding: z.string(),
    terms_field: z.string(),
    namespace_access: z.string(),
  }),
  payment_methods: z.array(paymentMethod),
  registration,
  limitations: z.array(z.string()),
  urls: z.object({ agent_register: z.string(), ...laterUrls }),
});

export const capabilityRecordSchema = z
  .discriminatedUnion('source', [nativeRecord, partnerRecord])
  .describe('NamespaceCapability');

export type CapabilityRecord = z.infer<typeof capabilityRecordSchema>;
