import { describe, expect, it } from '@jest/globals';
import { rdapDomain, rdapError, type RdapDomainRecord } from '../../src/domain/rdap.ts';

const service = { baseUrl: 'https://registry.example', graceDays: 30, rateLimit: { max: 1200, windowSeconds: 60 } };
const record = (over: Partial<RdapDomainRecord> = {}): RdapDomainRecord => ({
  id: 42,
  name: 'scout.agent',
  namespace: 'agent',
  status: 'active',
  registrationDate: new Date('2025-01-01T00:00:00.000Z'),
  expiryDate: new Date('2026-01-01T00:00:00.000Z'),
  updatedAt: new Date('2025-06-01T00:00:00.000Z'),
  dnsEnabled: false,
  dnsDs: null,
  onchain: null,
  lockedAt: null,
  profile: {},
  ...over,
});

describe('the RDAP domain object', () => {
  it('maps each status that holds a name to RDAP values, and refuses any other', () => {
    expect(rdapDomain(record(), [], service).status).toEqual(['active']);
    const grace = rdapDomain(record({ status: 'grace' }), [], service);
    expect(grace.status).toEqual(['inactive', 'server hold', 'server transfer prohibited']);
    expect(grace.remarks?.[0]?.description[0]).toContain('Until 2026-01-31T00:00:00.000Z only the holder may renew');
    expect(() => rdapDomain(record({ status: 'expired' }), [], service)).toThrow(/No RDAP status/);
  });

  it('lists the nameservers, without the root dot, only when the delegation is enabled', () => {
    const hosts = ['ns1.agent.', 'ns2.example.net.'];
    expect(rdapDomain(record(), hosts, service).nameservers).toEqual([]);
    expect(rdapDomain(record({ dnsEnabled: true }), hosts, service).nameservers.map((n) => n.ldhName)).toEqual([
      'ns1.agent',
      'ns2.example.net',
    ]);
  });

  it('names a stable handle per record and the registry as the only entity', () => {
    const d = rdapDomain(record(), [], service);
    expect(d.handle).toBe('42-AGENT');
    expect(d.entities.map((e) => e.roles)).toEqual([['registrar']]);
  });

  it('links only RDAP as related; other documents as alternate or describedby, with their own media type', () => {
    // A stock RDAP client follows `related` links and merges them: a JSON lookup there would merge its
    // `"status":"success"` into the domain's status (issue 25 item 14).
    const links: { rel: string; href: string; type: string }[] = rdapDomain(record(), [], service).links;
    for (const l of links) if (l.rel === 'self' || l.rel === 'related') expect(l.type).toBe('application/rdap+json');
    expect(links.map(({ rel, href, type }) => [rel, href, type])).toEqual([
      ['self', 'https://registry.example/rdap/domain/scout.agent', 'application/rdap+json'],
      ['alternate', 'https://registry.example/api/v1/lookup/scout.agent', 'application/json'],
      ['describedby', 'https://registry.example/api/v1/domains/scout.agent/agent.json', 'application/json'],
      ['describedby', 'https://registry.example/api/v1/domains/scout.agent/skill.md', 'text/plain'],
      ['describedby', 'https://registry.example/agents/scout.agent/did.json', 'application/did+json'],
      ['describedby', 'https://registry.example/agents/scout.agent/registration.json', 'application/json'],
    ]);
    // The A2A Agent Card is linked only where it is served: an active name whose profile names an A2A endpoint.
    const withCard = rdapDomain(record({ profile: { endpoints: { a2a: 'https://scout.example/a2a' } } }), [], service);
    expect(withCard.links.map((l) => l.href)).toContain('https://registry.example/agents/scout.agent/agent-card.json');
    const inGrace = rdapDomain(
      record({ status: 'grace', profile: { endpoints: { a2a: 'https://scout.example/a2a' } } }),
      [],
      service,
    );
    expect(inGrace.links.map((l) => l.href)).not.toContain(
      'https://registry.example/agents/scout.agent/agent-card.json',
    );
  });

  it('builds RFC 9083 error objects', () => {
    expect(rdapError(404, 'Not Found', 'scout.agent is not registered.')).toEqual({
      errorCode: 404,
      title: 'Not Found',
      description: ['scout.agent is not registered.'],
      rdapConformance: ['rdap_level_0'],
    });
  });

  it("shows a delegated name's signed delegation with its DS records, and its ERC-8004 entry as a remark", () => {
    const ds = ['31337 13 2 7c50ea94a63aeecb65b510d1eac1846c973a89d4ab292287d5a4d715136b57a3'];
    const signed = rdapDomain(record({ dnsEnabled: true, dnsDs: ds }), ['ns1.agent.'], service);
    expect(signed.secureDNS).toEqual({
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
    });
    // Not delegated (DNS not enabled), or withdrawn in grace: nothing is signed for resolvers to follow.
    expect(rdapDomain(record({ dnsDs: ds }), [], service).secureDNS).toEqual({ delegationSigned: false });
    expect(rdapDomain(record({ dnsEnabled: true, dnsDs: ds, status: 'grace' }), [], service).secureDNS).toEqual({
      delegationSigned: false,
    });
    const onchain = { agentId: 7, chainId: 8453, registry: '0x8004A169FB4a3325136EB29fA0ceB6D2e539a432' };
    const grace = rdapDomain(record({ status: 'grace', onchain }), [], service);
    expect(grace.remarks?.map((r) => r.title)).toEqual(['Grace period', 'ERC-8004 identity']);
    expect(grace.remarks?.[1]?.description[0]).toContain(
      'Agent 7 in the ERC-8004 identity registry eip155:8453:0x8004A169',
    );
    expect(rdapDomain(record(), [], service).remarks).toBeUndefined();
  });

  it('adds RFC 8056 client*Prohibited statuses while the registrar lock holds', () => {
    const locked = rdapDomain(record({ lockedAt: new Date('2025-07-01T00:00:00.000Z') }), [], service);
    expect(locked.status).toEqual([
      'active',
      'client transfer prohibited',
      'client update prohibited',
      'client delete prohibited',
    ]);
    expect(rdapDomain(record(), [], service).status).toEqual(['active']);
  });
});
