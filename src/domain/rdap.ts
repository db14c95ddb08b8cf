import { LOCKED_STATUSES } from './registrar-lock.ts';
import { agentRegistryOf, type OnchainEntry } from './onchain-identity.ts';
import { graceEndsAt, type DomainStatus } from './expiry.ts';
import { identityLinks, manifestUrls } from './manifests.ts';

// RDAP (RFC 9083 responses, RFC 9082 queries, RFC 7480 over HTTP; docs/dns-and-rdap.md "RDAP"): the registration
// facts of a held name, as any RDAP client reads them. Pure: the route reads the row and the
// configuration and passes them in. Invariant: nothing here names the holder. The public lookup shows
// no contact data, so RDAP publishes no registrant entity (not even a redacted one, RFC 9537) and says
// so in a notice; the only entity is the registry acting as registrar.

export const RDAP_MEDIA_TYPE = 'application/rdap+json';
export const RDAP_CONFORMANCE = ['rdap_level_0'];
export const REGISTRY_NAME = 'Agent domain registry';
const REGISTRAR_HANDLE = 'AGENT-DOMAIN-REGISTRY';

/** What RDAP publishes of a domain record: its registration facts, never its owner or profile. */
export interface RdapDomainRecord {
  id: number;
  name: string;
  namespace: string;
  status: string;
  registrationDate: Date;
  expiryDate: Date;
  updatedAt: Date;
  /** The owner asked for its delegation (enable_dns); published while the name is active. */
  dnsEnabled: boolean;
  /** The DS records its delegation publishes (`<key tag> <algorithm> <digest type> <digest>`); null: unsigned. */
  dnsDs: string[] | null;
  /** The name's registered ERC-8004 entry; null: none. */
  onchain: OnchainEntry | null;
  /** When its registrar lock was set; null: unlocked. */
  lockedAt: Date | null;
  /** The public profile, read only for whether an A2A Agent Card is served (its links). */
  profile: Record<string, unknown>;
}

/** RFC 9083 section 10.2.7 (secureDNS): the zone is signed and its delegation carries these DS records. */
function secureDns(d: RdapDomainRecord) {
  const ds = d.dnsEnabled && d.status === 'active' ? (d.dnsDs ?? []) : [];
  if (ds.length === 0) return { delegationSigned: false };
  return {
    zoneSigned: true,
    delegationSigned: true,
    dsData: ds.map((record) => {
      const [keyTag, algorithm, digestType, ...digest] = record.trim().split(/\s+/);
      return {
        keyTag: Number(keyTag),
        algorithm: Number(algorithm),
        digestType: Number(digestType),
        digest: digest.join('').toUpperCase(),
      };
    }),
  };
}

/** The remarks of a domain object: its grace period, its ERC-8004 entry (RDAP has no object for it). */
function remarksOf(d: RdapDomainRecord, s: RdapService) {
  return [
    ...(d.status === 'grace'
      ? [
          {
            title: 'Grace period',
            description: [
              `The term ended on ${d.expiryDate.toISOString()}. Until ${graceEndsAt(d.expiryDate, s.graceDays).toISOString()} only the holder may renew the name; its DNS is withdrawn meanwhile. Not renewed by then, the name returns to the pool.`,
            ],
          },
        ]
      : []),
    ...(d.onchain
      ? [
          {
            title: 'ERC-8004 identity',
            description: [
              `Agent ${d.onchain.agentId} in the ERC-8004 identity registry ${agentRegistryOf(d.onchain)}.`,
            ],
          },
        ]
      : []),
  ];
}

/** The service around the answers: where it is served, its grace period and its rate limit. */
export interface RdapService {
  baseUrl: string;
  graceDays: number;
  rateLimit: { max: number; windowSeconds: number };
}

/** jCard (RFC 7095), as RDAP's vcardArray carries it: name, parameters, value type, value. */
type VcardProperty = [name: string, parameters: Record<string, string>, type: string, value: string];
type EventAction = 'registration' | 'expiration' | 'last changed';

/** Relations whose target is RDAP itself: this answer (`self`) or another RDAP object (`related`). */
export const RDAP_LINK_RELS = ['self', 'related'] as const;
/** Relations of every other document an answer points at, each served with its own media type. */
export const DOCUMENT_LINK_RELS = ['alternate', 'describedby', 'help', 'terms-of-service', 'glossary'] as const;

/**
 * An RFC 9083 link. Invariant: a `related` (or `self`) link is RDAP, `application/rdap+json`: stock
 * RDAP clients follow `related` links and merge what they fetch into the object, so pointing one at our
 * JSON lookup would merge its `"status":"success"` into the domain's status. Any other document takes
 * the relation that says what it is — `alternate` for the same record in another form (the lookup),
 * `describedby` for documents about the name (agent.json, skill.md) — and its own media type.
 */
type Link = { value: string; href: string; title?: string } & (
  | { rel: (typeof RDAP_LINK_RELS)[number]; type: typeof RDAP_MEDIA_TYPE }
  | { rel: (typeof DOCUMENT_LINK_RELS)[number]; type: string }
);

/**
 * RFC 8056 / RDAP JSON values registry statuses of each status that holds a name (an expired record is
 * history, never answered). Active: published in DNS, EPP "ok". Grace: the registry withdraws the
 * name's zone and delegation (sync.ts serves active names only), so it is `inactive` (RFC 9083: not
 * in use, the opposite of published) and `server hold` (the registry, not the holder, keeps it out of
 * DNS); transfers are refused (`server transfer prohibited`). Not `pending renew` (EPP: a renew request
 * awaits completion, which is false) nor `redemption period` (follows a delete and needs a restore):
 * the holder renews as usual until the grace period ends, which a remark states.
 */
const rdapStatuses: Record<Exclude<DomainStatus, 'expired'>, string[]> = {
  active: ['active'],
  grace: ['inactive', 'server hold', 'server transfer prohibited'],
};

function statusOf(status: string): string[] {
  const mapped = rdapStatuses[status as keyof typeof rdapStatuses];
  if (!mapped) throw new Error(`No RDAP status for a domain record in status "${status}"`);
  return mapped;
}

/**
 * Notices every answer carries: terms of use (with the rate limit) and where the status codes are
 * defined. `self` is the answer's own address, the context (`value`) of its links.
 */
function serviceNotices(s: RdapService, self: string, skillFile?: string) {
  const terms: Link[] = [{ value: self, rel: 'terms-of-service', href: `${s.baseUrl}/`, type: 'text/html' }];
  if (skillFile) terms.push({ value: self, rel: 'help', href: skillFile, type: 'text/plain', title: 'Skill file' });
  return [
    {
      title: 'Terms of Use',
      description: [
        `${REGISTRY_NAME}: registration data of names held in its namespaces, for lookup only.`,
        `Queries are rate limited per client address: ${s.rateLimit.max} per ${s.rateLimit.windowSeconds} seconds (HTTP 429 with Retry-After beyond).`,
      ],
      links: terms,
    },
    {
      title: 'Status Codes',
      description: ['For more information on domain status codes, please visit https://icann.org/epp'],
      links: [{ value: self, rel: 'glossary', href: 'https://icann.org/epp', type: 'text/html' }] satisfies Link[],
    },
  ];
}

const event = (eventAction: EventAction, at: Date) => ({ eventAction, eventDate: at.toISOString() });

/** The one entity of a domain: the registry, which is its own registrar. */
function registrar(baseUrl: string) {
  const vcard: ['vcard', VcardProperty[]] = [
    'vcard',
    [
      ['version', {}, 'text', '4.0'],
      ['fn', {}, 'text', REGISTRY_NAME],
      ['url', {}, 'uri', `${baseUrl}/`],
    ],
  ];
  return { objectClassName: 'entity' as const, handle: REGISTRAR_HANDLE, roles: ['registrar'], vcardArray: vcard };
}

/** The RFC 9083 domain object of a held name, with the conformance and notices of a top-level answer. */
export function rdapDomain(d: RdapDomainRecord, nameservers: string[], s: RdapService) {
  const self = `${s.baseUrl}/rdap/domain/${d.name}`;
  const manifests = manifestUrls(s.baseUrl, d.name);
  const documents = identityLinks(s.baseUrl, d);
  return {
    objectClassName: 'domain' as const,
    rdapConformance: RDAP_CONFORMANCE,
    handle: `${d.id}-${d.namespace.toUpperCase()}`,
    ldhName: d.name,
    // A registrar lock adds RFC 8056's client*Prohibited statuses (docs/teams.md "Registrar lock").
    status: d.lockedAt ? [...statusOf(d.status), ...LOCKED_STATUSES] : statusOf(d.status),
    events: [
      event('registration', d.registrationDate),
      event('expiration', d.expiryDate),
      event('last changed', d.updatedAt),
    ],
    entities: [registrar(s.baseUrl)],
    // The delegation the holder asked for (enable_dns). In grace it stays recorded but unpublished, as
    // `server hold` says; the nameservers are the namespace's own (RDAP writes names without the root dot).
    nameservers: d.dnsEnabled
      ? nameservers.map((host) => ({ objectClassName: 'nameserver' as const, ldhName: host.replace(/\.$/, '') }))
      : [],
    secureDNS: secureDns(d),
    ...(remarksOf(d, s).length ? { remarks: remarksOf(d, s) } : {}),
    notices: [
      ...serviceNotices(s, self, `${s.baseUrl}/tld/${d.namespace}/skill.md`),
      {
        title: 'Contact Data',
        description: [
          'This registry publishes no contact data of a name’s holder: no registrant, administrative or technical contact. An agent’s own manifest (linked below) says what it chooses to publish.',
        ],
      },
    ],
    links: [
      { value: self, rel: 'self', href: self, type: RDAP_MEDIA_TYPE },
      {
        value: self,
        rel: 'alternate',
        href: `${s.baseUrl}/api/v1/lookup/${d.name}`,
        type: 'application/json',
        title: 'Public lookup (JSON)',
      },
      {
        value: self,
        rel: 'describedby',
        href: manifests.agent_json,
        type: 'application/json',
        title: 'Agent manifest',
      },
      {
        value: self,
        rel: 'describedby',
        href: manifests.skill_md,
        type: 'text/plain',
        title: 'Skill file of the agent (markdown)',
      },
      // The identity documents: a client holding only the name reaches them from here (docs/discovery.md).
      ...(documents.agent_card
        ? [
            {
              value: self,
              rel: 'describedby' as const,
              href: documents.agent_card,
              type: 'application/json',
              title: 'A2A Agent Card (JWS-signed)',
            },
          ]
        : []),
      {
        value: self,
        rel: 'describedby',
        href: documents.did_document,
        type: 'application/did+json',
        title: `DID document (${documents.did})`,
      },
      {
        value: self,
        rel: 'describedby',
        href: documents.registration_file,
        type: 'application/json',
        title: 'ERC-8004 registration file',
      },
    ] satisfies Link[],
  };
}

/** RFC 9083 section 7: the help answer, notices describing the service. */
export function rdapHelp(s: RdapService) {
  const self = `${s.baseUrl}/rdap/help`;
  return {
    rdapConformance: RDAP_CONFORMANCE,
    notices: [
      {
        title: 'About this service',
        description: [
          `RDAP for the names held in the namespaces of ${REGISTRY_NAME}.`,
          'Supported: domain lookup (/rdap/domain/<name>, e.g. /rdap/domain/scout.agent) and this help (/rdap/help). Nameserver, entity and search queries are not offered (501).',
          'A name nobody holds, or whose record has expired, is 404; a malformed name or one outside these namespaces is 400.',
        ],
        links: [
          {
            value: self,
            rel: 'describedby',
            href: `${s.baseUrl}/openapi.json`,
            type: 'application/json',
            title: 'OpenAPI document',
          },
        ] satisfies Link[],
      },
      ...serviceNotices(s, self),
    ],
  };
}

/** RFC 9083 section 6: an error answer. `title` is the HTTP reason phrase, `description` says why. */
export function rdapError(errorCode: number, title: string, description: string) {
  return { errorCode, title, description: [description], rdapConformance: RDAP_CONFORMANCE };
}
