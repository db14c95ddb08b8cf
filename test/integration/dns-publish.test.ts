import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Domain, DnsRecord } from '../../src/db/entities/index.ts';
import { dnsRepository } from '../../src/db/dns-repository.ts';
import { zoneAuthority } from '../../src/dns/authority.ts';
import { powerDnsClient, PowerDnsRefused, type PowerDnsClient } from '../../src/dns/powerdns.ts';
import { dnsSync } from '../../src/dns/sync.ts';
import type { RrsetChange } from '../../src/domain/dns-zone.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { createDomain, randomLabel } from '../helpers/fixtures.ts';
import { freePort } from '../helpers/ports.ts';
import { startTestPowerDns, type TestPowerDns } from '../helpers/powerdns.ts';

// One pass of a namespace zone run (src/dns/sync.ts `publishNames`) against a real PowerDNS and a
// database of its own: a batch of names, their delegations in one PATCH of the namespace zone, and a
// refusal of one name that leaves the others published (docs/dns-and-rdap.md "How records reach PowerDNS").
describe('publishing a batch of names to PowerDNS', () => {
  let db: TestDatabase;
  let pdns: TestPowerDns;
  let api: PowerDnsClient;
  const authorityOf = zoneAuthority({
    DNS_NAMESERVERS: 'ns1.{namespace}.=127.0.0.1',
    DNS_HOSTMASTER: 'hostmaster.{namespace}.',
  });
  /** Namespace-zone PATCHes, as sent: each a list of the names whose rrsets it changes, in order. */
  const namespacePatches: string[][] = [];

  /** The real client, counting PATCHes of `agent.` and refusing any that touches a name in `refuseDelegationOf`. */
  const client = (refuseDelegationOf: string[] = []): PowerDnsClient => ({
    ...api,
    async patchZone(zone: string, changes: RrsetChange[]) {
      if (zone === 'agent.') {
        namespacePatches.push([...new Set(changes.map((c) => c.name))]);
        if (changes.some((c) => refuseDelegationOf.includes(c.name)))
          throw new PowerDnsRefused(`PowerDNS PATCH /zones/agent.: 422 refused ${refuseDelegationOf.join(' ')}`);
      }
      return api.patchZone(zone, changes);
    },
  });
  const sync = (pdnsClient: PowerDnsClient | null) =>
    dnsSync({ orm: db.orm, pdns: pdnsClient, authorityOf, publicBaseUrl: 'http://registry.test' });

  /** A registered name (`agent`), with DNS enabled unless told, and one A record at its apex. */
  async function name(opts: { enabled?: boolean; status?: string; content?: string } = {}): Promise<string> {
    const d = await createDomain(db.orm, { label: randomLabel('pub'), namespace: 'agent' });
    const em = db.orm.em.fork();
    await em.insert(DnsRecord, {
      domainId: d.id,
      name: `${d.name}.`,
      type: 'A',
      content: opts.content ?? '192.0.2.80',
      ttl: 300,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    await em.nativeUpdate(Domain, { id: d.id }, { dnsEnabled: opts.enabled ?? true, status: opts.status ?? 'active' });
    await dnsRepository(em).bump(d.id);
    return d.name;
  }
  const atParent = async (n: string) => ((await api.getZone('agent.')) ?? []).filter((r) => r.name === `${n}.`);
  const delegated = async (n: string) => (await atParent(n)).some((r) => r.type === 'NS');
  const versions = async (n: string) => {
    const d = await db.orm.em.fork().findOneOrFail(Domain, { name: n });
    return { version: d.dnsVersion, published: d.dnsPublishedVersion };
  };

  beforeAll(async () => {
    [db, pdns] = await Promise.all([createTestDatabase(), startTestPowerDns()]);
    api = powerDnsClient({ apiUrl: pdns.env.PDNS_API_URL as string, apiKey: pdns.env.PDNS_API_KEY as string });
  });
  afterAll(async () => {
    await pdns?.stop();
    await db?.drop();
  });

  it('publishes each name’s zone, sends all delegations in one PATCH, withdraws a name in grace, and marks the versions', async () => {
    const [a, b, off, grace] = [await name(), await name(), await name({ enabled: false }), await name()];
    await sync(client()).publishNames('agent', [a, b, off]); // the namespace zone exists now, grace is served
    await sync(client()).publishNames('agent', [grace]);
    expect(await delegated(grace)).toBe(true);
    await db.orm.em.fork().nativeUpdate(Domain, { name: grace }, { status: 'grace' });

    namespacePatches.length = 0;
    const result = await sync(client()).publishNames('agent', [a, b, off, grace, a]);
    // Changes: off's discovery TXT written again at the name in `agent.`, grace's zone removed.
    expect(result).toEqual({ published: 3, withdrawn: 1, changes: 2, refused: [] });
    // One PATCH of `agent.`: the delegations of a and b published, those of off and grace removed.
    // (A withdrawal removes the delegation's NS and its DS, signed or not.)
    expect(namespacePatches).toEqual([[`${a}.`, `${b}.`, `${off}.`, `${grace}.`]]);
    for (const n of [a, b])
      expect((await api.getZone(`${n}.`))?.find((r) => r.type === 'A')?.contents).toEqual(['192.0.2.80']);
    // Not delegated: no zone of its own (its A waits for enable_dns); its pointers sit at the name in `agent.`.
    expect(await api.getZone(`${off}.`)).toBeNull();
    expect((await atParent(off)).map((r) => [r.type, r.contents.length])).toEqual([['TXT', 2]]);
    expect(await api.getZone(`${grace}.`)).toBeNull();
    expect(await atParent(grace)).toEqual([]);
    // A delegated name's discovery records live in its own zone, none beside its delegation.
    expect((await atParent(a)).map((r) => r.type)).toEqual(['NS']);
    expect([await delegated(a), await delegated(b), await delegated(off), await delegated(grace)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    for (const n of [a, b, off, grace]) expect((await versions(n)).published).toBe((await versions(n)).version);
  });

  it('reports a name whose zone PowerDNS refuses and publishes the others of the pass', async () => {
    const [a, bad, b] = [await name(), await name({ content: 'not-an-address' }), await name()];
    const result = await sync(client()).publishNames('agent', [a, bad, b]);
    expect(result.refused).toEqual([{ name: bad, message: expect.stringMatching(/^PowerDNS POST \/zones: 422 /) }]);
    expect(result).toMatchObject({ published: 2, withdrawn: 0 });
    expect([await delegated(a), await delegated(bad), await delegated(b)]).toEqual([true, false, true]);
    expect(await api.getZone(`${bad}.`)).toBeNull();
    // The refused name stays pending in PostgreSQL (published < version): its next change tries again.
    expect(await versions(bad)).toEqual({ version: 1, published: 0 });
    expect(await versions(a)).toEqual({ version: 1, published: 1 });
  });

  it('sends the delegations one by one when PowerDNS refuses the batch’s PATCH, to isolate the refused name', async () => {
    const [a, bad, b] = [await name(), await name(), await name()];
    namespacePatches.length = 0;
    const result = await sync(client([`${bad}.`])).publishNames('agent', [a, bad, b]);
    expect(namespacePatches).toEqual([[`${a}.`, `${bad}.`, `${b}.`], [`${a}.`], [`${bad}.`], [`${b}.`]]);
    expect(result.refused).toEqual([{ name: bad, message: expect.stringContaining('422 refused') }]);
    expect([await delegated(a), await delegated(bad), await delegated(b)]).toEqual([true, false, true]);
    expect((await versions(bad)).published).toBe(0);
    expect((await versions(b)).published).toBe(1);
  });

  it('stores a signed name’s DS, which RDAP shows, only once the namespace zone publishes it', async () => {
    const n = await name();
    const stored = async () => (await db.orm.em.fork().findOneOrFail(Domain, { name: n })).dnsDs;
    const signed = (pdnsClient: PowerDnsClient) =>
      dnsSync({ orm: db.orm, pdns: pdnsClient, authorityOf, publicBaseUrl: 'http://registry.test', dnssec: true });
    // Its delegation refused: the zone is signed, but no DS is published, so none is stored.
    await signed(client([`${n}.`])).publishNames('agent', [n]);
    expect(await stored()).toBeNull();
    // While the namespace zone's PATCH is on its way, RDAP still says unsigned; after it, the DS it holds.
    const whilePatching: unknown[] = [];
    const watching: PowerDnsClient = {
      ...api,
      async patchZone(zone: string, changes: RrsetChange[]) {
        if (zone === 'agent.') whilePatching.push(await stored());
        return api.patchZone(zone, changes);
      },
    };
    await signed(watching).publishNames('agent', [n]);
    expect(whilePatching.length).toBeGreaterThan(0);
    expect(whilePatching.every((ds) => ds === null)).toBe(true);
    const published = ((await api.getZone('agent.')) ?? []).find((r) => r.name === `${n}.` && r.type === 'DS');
    expect(published?.contents.length).toBeGreaterThan(0);
    expect(await stored()).toEqual(published?.contents);
  });

  it('throws while PowerDNS cannot be reached, marking nothing, so the pass is retried', async () => {
    const a = await name();
    const down = powerDnsClient({ apiUrl: `http://127.0.0.1:${await freePort()}`, apiKey: 'x'.repeat(16) });
    const pass = sync(down).publishNames('agent', [a]);
    await expect(pass).rejects.toThrow(/cannot be reached/);
    await expect(pass).rejects.not.toBeInstanceOf(PowerDnsRefused);
    await expect(sync(null).publishNames('agent', [a])).rejects.toThrow(/No DNS backend is configured/);
    expect(await versions(a)).toEqual({ version: 1, published: 0 });
    // Back: the same pass publishes it.
    expect(await sync(client()).publishNames('agent', [a])).toMatchObject({ published: 1, refused: [] });
    expect(await versions(a)).toEqual({ version: 1, published: 1 });
  });
});
