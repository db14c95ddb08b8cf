import { z } from 'zod';
import { PROFILE_LIMITS as L } from '../../../domain/profile.ts';
import { isoTimestamp } from '../../schemas/common.ts';
import { example, EXAMPLE } from '../../schemas/examples.ts';

// What an owner may publish. Every object is strict (an unknown or misspelt field is a 400, never silently
// dropped), every string bounded, and text well-formed: a lone surrogate or a NUL would be refused by
// PostgreSQL (a 500), and control characters have no place in a profile. Limits: docs/api.md "Profiles".

const CONTROL = /[\u0000-\u001f\u007f]/;
const CONTROL_BUT_LAYOUT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Published text of at most `max` characters; multi-line text may keep line breaks and tabs. */
export const publishedText = (max: number, multiline = false) =>
  z
    .string()
    .max(max)
    .refine((s) => s.isWellFormed(), 'not well-formed Unicode (a lone surrogate)')
    .refine(
      (s) => !(multiline ? CONTROL_BUT_LAYOUT : CONTROL).test(s),
      multiline ? 'no control characters other than line breaks and tabs' : 'no control characters',
    );

/** An https URL with a domain name and no user info, stored as normalized (`new URL(...).href`). */
const httpsUrl = z
  .url({ protocol: /^https$/, hostname: z.regexes.domain, normalize: true, error: 'an https URL with a domain name' })
  .max(L.url)
  // Zod runs this even when the URL check failed, so it must not throw on a string that is no URL.
  .refine((s) => !URL.parse(s)?.username && !URL.parse(s)?.password, 'no user name or password in the URL');

/** Identifiers: a letter or digit first, then letters, digits, dots, underscores, hyphens. */
const identifier = (max: number, lowercase = false) =>
  z
    .string()
    .max(max)
    .regex(
      lowercase ? /^[a-z0-9][a-z0-9._-]*$/ : /^[A-Za-z0-9][A-Za-z0-9._-]*$/,
      `${lowercase ? 'lowercase ' : ''}letters, digits, ".", "_" and "-", starting with a letter or digit`,
    );

const endpoints = z
  .record(identifier(L.endpointKey, true), httpsUrl)
  .refine((e) => Object.keys(e).length <= L.endpoints, `at most ${L.endpoints} endpoints`)
  .describe('Named https endpoints of the agent, e.g. {"a2a": "https://…", "mcp": "https://…"}; replaced as a whole');

export const profilePatchBody = example(
  z.strictObject({
    display_name: publishedText(L.displayName).min(1).nullable().optional(),
    description: publishedText(L.description, true).nullable().optional(),
    endpoints: endpoints.nullable().optional(),
    avatar_url: httpsUrl.nullable().optional(),
    website: httpsUrl.nullable().optional(),
    did: z
      .string()
      .max(L.did)
      .regex(/^did:[a-z0-9]+:[A-Za-z0-9._%:-]+$/, 'a DID, e.g. did:web:scout.example')
      .nullable()
      .optional(),
    matrix: z
      .string()
      .max(L.matrix)
      .regex(/^@[a-z0-9._=\-/+]+:[A-Za-z0-9.-]+(:\d{1,5})?$/, 'a Matrix user id, e.g. @scout:matrix.example')
      .nullable()
      .optional(),
    capabilities_preview: z
      .array(identifier(L.capability, true))
      .max(L.capabilities)
      .refine((c) => new Set(c).size === c.length, 'no capability twice')
      .optional()
      .describe('Capability names, in the order shown; [] clears them'),
    squad_id: identifier(L.squadId).nullable().optional(),
  }),
  {
    display_name: 'Scout',
    description: 'Finds and summarizes sources on request.',
    endpoints: { a2a: 'https://scout.example/a2a' },
    capabilities_preview: ['search', 'summarize'],
    squad_id: 'squad-7',
  },
);

export const skillMdBody = publishedText(L.skillMd, true)
  .refine((s) => s.trim().length > 0, 'empty: DELETE the skill text to remove it')
  .describe(`The owner's skill text (markdown), at most ${L.skillMd} characters`);

export const storefrontBody = example(
  z.strictObject({
    provider: identifier(L.provider).describe('The commerce provider, e.g. "shopify"'),
    storefront_id: identifier(L.storefrontId).describe("The storefront's id at its provider"),
    feed_url: httpsUrl.describe('The catalog feed (https only)'),
  }),
  { provider: 'shopify', storefront_id: 'sf-81234', feed_url: 'https://shop.scout.example/catalog.json' },
);

const editResult = {
  status: z.literal('success'),
  domain: z.string(),
  updated_fields: z.array(z.string()).describe('The fields this request changed, sorted; [] when it changed nothing'),
  updated_at: isoTimestamp.nullable().describe('When this request changed them; null when it changed nothing'),
};

export const profileResponse = example(
  z.object({
    ...editResult,
    profile: z.record(z.string(), z.unknown()),
    capabilities_preview: z.array(z.string()),
    squad_id: z.string().nullable(),
  }),
  {
    status: 'success',
    domain: EXAMPLE.name,
    updated_fields: ['capabilities_preview', 'description'],
    updated_at: EXAMPLE.at,
    profile: { display_name: 'Scout', description: 'Finds and summarizes sources on request.' },
    capabilities_preview: ['search', 'summarize'],
    squad_id: 'squad-7',
  },
);

export const skillMdResponse = example(
  z.object({ ...editResult, skill_md: z.string().describe('Where it is served') }),
  {
    status: 'success',
    domain: EXAMPLE.name,
    updated_fields: ['skill_md'],
    updated_at: EXAMPLE.at,
    skill_md: `https://registry.example/api/v1/domains/${EXAMPLE.name}/skill.md`,
  },
);

export const storefrontResponse = example(
  z.object({ ...editResult, is_bound: z.boolean(), storefront_id: z.string().nullable() }),
  {
    status: 'success',
    domain: EXAMPLE.name,
    updated_fields: ['commerce_catalog'],
    updated_at: EXAMPLE.at,
    is_bound: true,
    storefront_id: 'sf-81234',
  },
);
