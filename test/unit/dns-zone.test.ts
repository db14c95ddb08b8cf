import { describe, expect, it } from '@jest/globals';
import { zoneAuthority } from '../../src/dns/authority.ts';
import {
  delegation,
  delegationSigners,
  domainZone,
  manifestPointers,
  namespaceZone,
  rrsetChanges,
  withdrawal,
  type Rrset,
} from '../../src/domain/dns-zone.ts';

const authority = zoneAuthority({
  DNS_NAMESERVERS: 'ns1.{namespace}.=127.0.0.1',
  DNS_HOSTMASTER: 'hostmaster.{namespace}.',
});

describe('DNS zones derived from the stored state', () => {
  it('gives a namespace zone its SOA, NS and the glue of nameservers inside it', () => {
    expect(namespaceZone('agent', authority('agent'))).toEqual([
      { name: 'agent.', type: 'SOA', ttl: 3600, contents: ['ns1.agent. hostmaster.agent. 1 10800 3600 604800 300'] },
      { name: 'agent.', type: 'NS', ttl: 3600, contents: ['ns1.agent.'] },
      { name: 'ns1.agent.', type: 'A', ttl: 3600, contents: ['127.0.0.1'] },
    ]);
    // Nameservers outside the zone need no glue there.
    const outside = zoneAuthority({
      DNS_NAMESERVERS: 'ns1.registry.example.,ns2.registry.example.',
      DNS_HOSTMASTER: 'h.example.',
    });
    expect(namespaceZone('agent', outside('agent')).map((r) => r.type)).toEqual(['SOA', 'NS']);
  });

  it('delegates a name with glue only for nameservers under it', () => {
    expect(delegation('scout.agent', authority('agent'))).toEqual([
      { name: 'scout.agent.', type: 'NS', ttl: 3600, contents: ['ns1.agent.'] },
    ]);
    const own = zoneAuthority({ DNS_NAMESERVERS: 'ns.scout.agent.=192.0.2.53', DNS_HOSTMASTER: 'h.example.' });
    expect(delegation('scout.agent', own('agent'))).toContainEqual({
      name: 'ns.scout.agent.',
      type: 'A',
      ttl: 3600,
      contents: ['192.0.2.53'],
    });
  });

  it('groups records into rrsets with the lowest TTL and puts the pointers beside the apex TXT', () => {
    const pointers = manifestPointers({ agent_json: 'https://r.example/a.json', skill_md: 'https://r.example/s.md' });
    const zone = domainZone(
      'scout.agent',
      [
        { type: 'A', name: 'www.scout.agent.', content: '192.0.2.1', ttl: 600 },
        { type: 'A', name: 'www.scout.agent.', content: '192.0.2.2', ttl: 300 },
        { type: 'TXT', name: 'scout.agent.', content: '"hello"', ttl: 300 },
      ],
      pointers,
      authority('agent'),
    );
    expect(zone).toEqual([
      { name: 'scout.agent.', type: 'NS', ttl: 3600, contents: ['ns1.agent.'] },
      { name: 'www.scout.agent.', type: 'A', ttl: 300, contents: ['192.0.2.1', '192.0.2.2'] },
      {
        name: 'scout.agent.',
        type: 'TXT',
        ttl: 300,
        contents: ['"hello"', '"agent-manifest=https://r.example/a.json"', '"skill-md=https://r.example/s.md"'],
      },
    ]);
  });

  it('turns the current zone into the desired one with replacements and removals, never touching SOA', () => {
    const soa: Rrset = { name: 'x.agent.', type: 'SOA', ttl: 3600, contents: ['ns1.agent. h. 7 1 1 1 1'] };
    const keep: Rrset = { name: 'x.agent.', type: 'NS', ttl: 3600, contents: ['ns1.agent.'] };
    const old: Rrset = { name: 'old.x.agent.', type: 'A', ttl: 3600, contents: ['192.0.2.9'] };
    const changed: Rrset = { name: 'x.agent.', type: 'A', ttl: 3600, contents: ['192.0.2.1'] };
    const desired = [keep, { ...changed, contents: ['192.0.2.2'] }];
    expect(rrsetChanges([soa, keep, old, changed], desired)).toEqual([
      {
        name: 'x.agent.',
        type: 'A',
        ttl: 3600,
        changetype: 'REPLACE',
        records: [{ content: '192.0.2.2', disabled: false }],
      },
      { name: 'old.x.agent.', type: 'A', changetype: 'DELETE' },
    ]);
    // Same contents in another order is the same rrset: nothing to do.
    const two: Rrset = { name: 'x.agent.', type: 'A', ttl: 60, contents: ['192.0.2.1', '192.0.2.2'] };
    expect(rrsetChanges([two], [{ ...two, contents: ['192.0.2.2', '192.0.2.1'] }])).toEqual([]);
    // Removal only of what the caller owns (a namespace zone holds other names' delegations).
    expect(rrsetChanges([old], [], () => false)).toEqual([]);
  });

  it("puts a signed name's DS in its delegation, SHA-256 digests of its published key-signing keys only", () => {
    const keys = [
      { keytype: 'csk' as const, published: true, ds: ['49073 13 1 65BF', '49073 13 2 921B0BF7', '49073 13 4 14BA'] },
      { keytype: 'csk' as const, published: true, ds: ['1234 13 2 aa11'] },
      { keytype: 'zsk' as const, published: true, ds: ['7 13 2 ff'] },
      { keytype: 'ksk' as const, published: false, ds: ['8 13 2 ee'] },
    ];
    const ds = delegationSigners(keys);
    expect(ds).toEqual(['1234 13 2 aa11', '49073 13 2 921b0bf7']);
    expect(delegation('scout.agent', authority('agent'), ds)).toEqual([
      { name: 'scout.agent.', type: 'NS', ttl: 3600, contents: ['ns1.agent.'] },
      { name: 'scout.agent.', type: 'DS', ttl: 3600, contents: ds },
    ]);
    // Withdrawn, the delegation goes whole, its DS too whether or not it had one.
    expect(withdrawal('scout.agent', authority('agent'))).toEqual([
      { name: 'scout.agent.', type: 'NS', changetype: 'DELETE' },
      { name: 'scout.agent.', type: 'DS', changetype: 'DELETE' },
    ]);
  });
});
