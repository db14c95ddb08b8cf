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
    ]);
  });

  it('builds RFC 9083 error objects', () => {
    expect(rdapError(404, 'Not Found', 'scout.agent is not registered.')).toEqual({
      errorCode: 404,
      title: 'Not Found',
      description: ['scout.agent is not registered.'],
      rdapConformance: ['rdap_level_0'],
    });
  });
});
