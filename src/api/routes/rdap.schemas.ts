import { z } from 'zod';
import { DOCUMENT_LINK_RELS, RDAP_LINK_RELS, RDAP_MEDIA_TYPE } from '../../domain/rdap.ts';
import { example, EXAMPLE } from '../schemas/examples.ts';
import { isoTimestamp } from '../schemas/common.ts';

// RDAP answers (RFC 9083), built by src/domain/rdap.ts. Every one, errors included, is served as
// application/rdap+json, so each is declared under that media type: the document says so, and Fastify
// serializes (and checks) by it.

export const rdapDomainParams = z.object({
  name: example(
    z.string().max(300).describe('Full name, e.g. "scout.agent" (a trailing root dot is allowed)'),
    EXAMPLE.name,
  ),
});

const conformance = z.array(z.string()).describe('rdapConformance: "rdap_level_0"');

const rdapRels: readonly string[] = RDAP_LINK_RELS;
const link = z
  .object({
    value: z.string(),
    rel: z.enum([...RDAP_LINK_RELS, ...DOCUMENT_LINK_RELS]),
    href: z.string(),
    type: z.string().optional(),
    title: z.string().optional(),
  })
  .refine((l) => !rdapRels.includes(l.rel) || l.type === RDAP_MEDIA_TYPE, {
    message: `a self or related link points at RDAP (${RDAP_MEDIA_TYPE})`,
  })
  .describe(
    'RFC 9083 link. `self` and `related` always point at RDAP (application/rdap+json), which RDAP clients follow and merge; other documents are `alternate` (the JSON lookup), `describedby` (agent.json, skill.md), `help`, `terms-of-service` or `glossary`, each with its own media type',
  );

const notice = z.object({
  title: z.string(),
  description: z.array(z.string()),
  links: z.array(link).optional(),
});

// A jCard (RFC 7095): ["vcard", [[name, parameters, type, value], …]], written as bounded arrays rather
// than tuples: Schemathesis rewrites an OpenAPI 3.1 `prefixItems` into draft 4's `items: [...]` before
// validating a response and then rejects its own rewrite as an invalid schema, so with tuples the fuzzing
// could never check this response (test/integration/rdap.test.ts holds the exact shape).
const vcardProperty = z.array(z.union([z.string(), z.record(z.string(), z.string())])).length(4);

const domainObject = z.object({
  objectClassName: z.literal('domain'),
  rdapConformance: conformance,
  handle: z.string().describe('<record id>-<NAMESPACE>: a later registration of the name is another record'),
  ldhName: z.string(),
  status: z
    .array(z.string())
    .describe(
      'RDAP JSON values: active → ["active"]; grace → ["inactive", "server hold", "server transfer prohibited"]; a registrar lock adds "client transfer prohibited", "client update prohibited", "client delete prohibited"',
    ),
  events: z.array(
    z.object({ eventAction: z.enum(['registration', 'expiration', 'last changed']), eventDate: isoTimestamp }),
  ),
  entities: z
    .array(
      z.object({
        objectClassName: z.literal('entity'),
        handle: z.string(),
        roles: z.array(z.string()),
        vcardArray: z.array(z.union([z.literal('vcard'), z.array(vcardProperty)])).length(2),
      }),
    )
    .describe('The registry as registrar only: no contact data of the holder is published'),
  nameservers: z
    .array(z.object({ objectClassName: z.literal('nameserver'), ldhName: z.string() }))
    .describe('The delegation once the holder enabled DNS, else empty'),
  secureDNS: z
    .object({
      zoneSigned: z.boolean().optional(),
      delegationSigned: z.boolean(),
      dsData: z
        .array(
          z.object({
            keyTag: z.number().int(),
            algorithm: z.number().int(),
            digestType: z.number().int(),
            digest: z.string(),
          }),
        )
        .optional(),
    })
    .describe('RFC 9083 10.2.7: once the holder enabled DNS, its signed delegation and the DS records it carries'),
  remarks: z
    .array(notice)
    .optional()
    .describe('In the grace period: until when the holder may renew; the ERC-8004 entry, when the name has one'),
  notices: z.array(notice),
  links: z.array(link),
});

const base = 'https://registry.example';
const domainExample: z.input<typeof domainObject> = {
  objectClassName: 'domain',
  rdapConformance: ['rdap_level_0'],
  handle: '42-AGENT',
  ldhName: EXAMPLE.name,
  status: ['active'],
  events: [
    { eventAction: 'registration', eventDate: EXAMPLE.at },
    { eventAction: 'expiration', eventDate: EXAMPLE.expiry },
    { eventAction: 'last changed', eventDate: EXAMPLE.at },
  ],
  entities: [
    {
      objectClassName: 'entity',
      handle: 'AGENT-DOMAIN-REGISTRY',
      roles: ['registrar'],
      vcardArray: [
        'vcard',
        [
          ['version', {}, 'text', '4.0'],
          ['fn', {}, 'text', 'Agent domain registry'],
          ['url', {}, 'uri', `${base}/`],
        ],
      ],
    },
  ],
  nameservers: [{ objectClassName: 'nameserver', ldhName: 'ns1.agent' }],
  secureDNS: {
    zoneSigned: true,
    delegationSigned: true,
    dsData: [
      {
        keyTag: 31337,
        algorithm: 13,
        digestType: 2,
        digest: '7C50EA94A63AEECB65B510D1EAC1846C973A89D4AB292287D5A4D715136B57A3',
      },
    ],
  },
  notices: [
    {
      title: 'Status Codes',
      description: ['For more information on domain status codes, please visit https://icann.org/epp'],
      links: [
        {
          value: `${base}/rdap/domain/${EXAMPLE.name}`,
          rel: 'glossary',
          href: 'https://icann.org/epp',
          type: 'text/html',
        },
      ],
    },
  ],
  links: [
    {
      value: `${base}/rdap/domain/${EXAMPLE.name}`,
      rel: 'self',
      href: `${base}/rdap/domain/${EXAMPLE.name}`,
      type: RDAP_MEDIA_TYPE,
    },
    {
      value: `${base}/rdap/domain/${EXAMPLE.name}`,
      rel: 'alternate',
      href: `${base}/api/v1/lookup/${EXAMPLE.name}`,
      type: 'application/json',
      title: 'Public lookup (JSON)',
    },
    {
      value: `${base}/rdap/domain/${EXAMPLE.name}`,
      rel: 'describedby',
      href: `${base}/api/v1/domains/${EXAMPLE.name}/agent.json`,
      type: 'application/json',
      title: 'Agent manifest',
    },
  ],
};

const helpObject = z.object({ rdapConformance: conformance, notices: z.array(notice) });

/** RFC 9083 section 6, for every refusal and failure of the RDAP routes (never our `Error` envelope). */
export const rdapErrorSchema = z
  .object({
    errorCode: z.number().int().describe('The HTTP status'),
    title: z.string(),
    description: z.array(z.string()),
    rdapConformance: conformance,
  })
  .describe('RdapError')
  .meta({ id: 'RdapError' });

const rdap = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { [RDAP_MEDIA_TYPE]: { schema } },
});

export const rdapDomainResponse = rdap(
  example(domainObject, domainExample),
  'The domain object (application/rdap+json)',
);
export const rdapHelpResponse = rdap(helpObject, 'Help: notices describing the service (application/rdap+json)');

const rdapErrorResponse = (text: string) => rdap(rdapErrorSchema, `${text}: an RDAP error object`);

/** What any RDAP route may answer, in RDAP's error object (414 and 431 come before routing: `Error`). */
export const rdapFailures = {
  429: rdapErrorResponse('Rate limited per client address; see Retry-After'),
  500: rdapErrorResponse('Internal error (details only in the server log)'),
};

/** The refusals of a domain lookup, besides those. */
export const rdapLookupErrors = {
  400: rdapErrorResponse('A malformed name, or one outside the namespaces'),
  404: rdapErrorResponse('No record holds the name (never registered, or expired)'),
  ...rdapFailures,
};
