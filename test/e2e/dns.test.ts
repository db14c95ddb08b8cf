import { setTimeout as sleep } from 'node:timers/promises';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DevOidcProvider } from '../../src/infra/dev-oidc/provider.ts';
import { Domain, DnsRecord } from '../../src/db/entities/index.ts';
import { dnsRepository } from '../../src/db/dns-repository.ts';
import { recordDnsChange } from '../../src/db/outbox.ts';
import { grantGems } from '../../src/ledger/gems.ts';
import { powerDnsClient } from '../../src/dns/powerdns.ts';
import { resolveFromRoot } from '../../src/dns/root-walk.ts';
import { startHandshakeRoot } from '../../src/infra/handshake-root.ts';
import { dnsZoneStatusQuery, dnsZoneWorkflowId } from '../../workflows/dns-zone-messages.ts';
import { registered } from '../helpers/app.ts';
import { randomLabel } from '../helpers/fixtures.ts';
import { eventually } from '../helpers/hosted-checkout.ts';
import { startTestOidc } from '../helpers/oidc.ts';
import { startTestPowerDns, type TestPowerDns } from '../helpers/powerdns.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';

// Issue 13's proof against a real PowerDNS: the API stores, the worker's namespace zone run
// (`dns-zone:<task queue>:agent`) publishes in batches, and the answers are read back over DNS from
// PowerDNS itself (as `dig @127.0.0.1 -p <port>` would).

type Headers = Record<string, string>;
const run = promisify(execFile);

describe('DNS records pushed to PowerDNS', () => {
  let pdns: TestPowerDns;
  let idp: DevOidcProvider;
  let s: RegistryStack;
  let alice: Headers;
  let bob: Headers;
  let bobId: string;

  const call = (method: 'GET' | 'PATCH' | 'POST', url: string, headers: Headers, payload?: unknown) =>
    s.t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as string }) });
  const patch = (name: string, records: unknown[], headers = alice) =>
    call('PATCH', `/api/v1/domains/${name}/records`, headers, { records });
  const records = (name: string, headers = alice) => call('GET', `/api/v1/domains/${name}/records`, headers);
  /** Answers PowerDNS gives now; a name it does not serve (no zone) answers as no records. */
  const ask = async <T>(q: () => Promise<T[]>): Promise<T[]> => {
    try {
      return await q();
    } catch (err) {
      if (['ENOTFOUND', 'ENODATA', 'EREFUSED', 'ESERVFAIL'].includes((err as { code?: string }).code ?? '')) return [];
      throw err;
    }
  };
  const txt = async (name: string) => (await ask(() => pdns.resolver.resolveTxt(name))).map((parts) => parts.join(''));
  const a = (name: string) => ask(() => pdns.resolver.resolve4(name));
  const published = async (name: string) => (await records(name)).json().sync === 'published';
  /** The run that publishes every `.agent` name of this stack. */
  const zoneRun = () => s.t.temporal.client.workflow.getHandle(dnsZoneWorkflowId(s.taskQueue, 'agent'));
  const zoneStage = async () => (await zoneRun().describe()).searchAttributes.RegistryStage?.[0];
  const pdnsApi = () =>
    powerDnsClient({ apiUrl: pdns.env.PDNS_API_URL as string, apiKey: pdns.env.PDNS_API_KEY as string });
  /** The owner delegates the name (enable_dns): its own zone, with the records it set, is served from then on. */
  const enable = async (name: string) =>
    expect((await call('POST', `/api/v1/domains/${name}/enable_dns`, alice)).statusCode).toBe(200);

  beforeAll(async () => {
    // Side by side: neither needs the other (each assigned as it comes up, so afterAll stops what did).
    await Promise.all([startTestPowerDns().then((p) => (pdns = p)), startTestOidc().then((i) => (idp = i))]);
    s = await startRegistryStack({ OIDC_ISSUER: idp.issuer, ...pdns.env });
    alice = { authorization: `Bearer ${await idp.mintAccessToken('alice')}` };
    bob = { authorization: `Bearer ${await idp.mintAccessToken('bob')}` };
    bobId = (await call('GET', '/api/v1/agents/me', bob)).json().account.account_id;
  });
  afterAll(async () => {
    await s?.stop();
    await idp?.stop();
    await pdns?.stop();
  });

  const aliceId = async () => (await call('GET', '/api/v1/agents/me', alice)).json().account.account_id as string;
  /** A fresh name Alice registers through the API with gems granted for it, active once answered. */
  const alicesName = async () => {
    const label = randomLabel('dns');
    await grantGems(s.t.db.em(), { accountId: await aliceId(), amount: 5000, reference: `g:${label}` });
    return registered(s.t.app, label, { headers: alice, method: 'gems' });
  };

  it('publishes a registered name with its manifest pointers, then the records its owner sets', async () => {
    const name = await alicesName();
    // Registration alone publishes the TXT pointers at the name (in the namespace zone, until it is delegated).
    await eventually(async () => (await txt(name)).length === 2);
    expect((await txt(name)).sort()).toEqual([
      `agent-manifest=${s.baseUrl}/api/v1/domains/${name}/agent.json`,
      `skill-md=${s.baseUrl}/api/v1/domains/${name}/skill.md`,
    ]);

    const res = await patch(name, [
      { type: 'A', name: '@', content: '192.0.2.10', ttl: 300 },
      { type: 'A', name: 'www', content: '192.0.2.11' },
      { type: 'AAAA', name: `www.${name}`, content: '2001:DB8:0:0::1' },
      { type: 'TXT', name: '_agent', content: 'v=agent1; endpoint=https://scout.example/a2a' },
      { type: 'MX', name: '@', content: `10 mail.${name}` },
      { type: 'SRV', name: '_a2a._tcp', content: `0 5 443 www.${name}` },
      { type: 'CAA', name: '@', content: '0 issue "letsencrypt.org"' },
      { type: 'CNAME', name: 'docs', content: 'scout.example.' },
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'success', domain: name, sync: 'pending' });
    expect(body.details.map((d: { status: string }) => d.status)).toEqual(Array(8).fill('created'));

    // Stored, not yet served: the owner's records go out with the name's delegation.
    await eventually(() => published(name));
    expect(await a(name)).toEqual([]);
    expect(await pdnsApi().getZone(`${name}.`)).toBeNull();
    await enable(name);
    await eventually(async () => (await a(name))[0] === '192.0.2.10');
    await eventually(() => published(name));
    expect(await a(name)).toEqual(['192.0.2.10']);
    expect(await a(`www.${name}`)).toEqual(['192.0.2.11']);
    expect(await ask(() => pdns.resolver.resolve6(`www.${name}`))).toEqual(['2001:db8::1']);
    expect(await txt(`_agent.${name}`)).toEqual(['v=agent1; endpoint=https://scout.example/a2a']);
    expect(await ask(() => pdns.resolver.resolveMx(name))).toEqual([
      expect.objectContaining({ priority: 10, exchange: `mail.${name}` }),
    ]);
    expect(await ask(() => pdns.resolver.resolveSrv(`_a2a._tcp.${name}`))).toEqual([
      expect.objectContaining({ name: `www.${name}`, port: 443, priority: 0, weight: 5 }),
    ]);
    expect(await ask(() => pdns.resolver.resolveCname(`docs.${name}`))).toEqual(['scout.example']);
    expect(await ask(() => pdns.resolver.resolveCaa(name))).toEqual([
      expect.objectContaining({ critical: 0, issue: 'letsencrypt.org' }),
    ]);
    // The pointers stay beside the owner's own apex records.
    expect((await txt(name)).length).toBe(2);

    // Update, no-op and delete, each reported for its rrset.
    const second = await patch(name, [
      { type: 'A', name: '@', content: '192.0.2.20', ttl: 300 },
      { type: 'A', name: 'www', content: '192.0.2.11' },
      { type: 'CNAME', name: 'docs', delete: true },
    ]);
    expect(second.json().details.map((d: { status: string }) => d.status)).toEqual(['updated', 'unchanged', 'deleted']);
    await eventually(async () => (await a(name))[0] === '192.0.2.20');
    expect(await ask(() => pdns.resolver.resolveCname(`docs.${name}`))).toEqual([]);

    const get = (await records(name)).json();
    expect(get).toMatchObject({ status: 'success', domain: name, dns_enabled: true, nameservers: ['ns1.agent.'] });
    expect(get.records).toHaveLength(7);
    expect(get.manifest_pointers).toEqual([
      `agent-manifest=${s.baseUrl}/api/v1/domains/${name}/agent.json`,
      `skill-md=${s.baseUrl}/api/v1/domains/${name}/skill.md`,
    ]);
  });

  /** `dig @127.0.0.1 -p <port> <name> <type> +short`, as an operator would ask (bind9-dnsutils). */
  const dig = async (name: string, type: string) => {
    const { stdout } = await run('dig', ['@127.0.0.1', '-p', String(pdns.server.dnsPort), name, type, '+short']);
    return stdout.trim().split('\n').filter(Boolean).sort();
  };

  it("publishes the agent's discovery records from its profile (DNS-AID SVCB, ENSIP-26 TXT) and follows its changes", async () => {
    const name = await alicesName();
    const profile = (body: unknown) => call('PATCH', `/api/v1/domains/${name}/profile`, alice, body);
    const changed = await profile({
      description: 'Finds sources.\nSummarizes them.',
      endpoints: { mcp: 'https://mcp.scout.example/mcp', a2a: 'https://scout.example:8443/a2a' },
      website: 'https://scout.example',
    });
    expect(changed.statusCode).toBe(200);
    const card = `${s.baseUrl}/agents/${name}/agent-card.json`;
    const manifest = `${s.baseUrl}/api/v1/domains/${name}/agent.json`;
    await eventually(async () => (await dig(name, 'SVCB')).length === 2);
    // One service-mode record per protocol, the endpoint's host as target (dig prints alpn quoted).
    expect(await dig(name, 'SVCB')).toEqual([
      `1 mcp.scout.example. mandatory=alpn,port alpn="mcp,h2" port=443 key65409="${manifest}"`,
      `2 scout.example. mandatory=alpn,port alpn="a2a,h2" port=8443 key65409="${card}"`,
    ]);
    expect((await txt(name)).sort()).toEqual(
      [
        'agent-context=Finds sources. Summarizes them.',
        'agent-endpoint[a2a]=https://scout.example:8443/a2a',
        'agent-endpoint[mcp]=https://mcp.scout.example/mcp',
        'agent-endpoint[web]=https://scout.example/',
        `agent-manifest=${manifest}`,
        `skill-md=${s.baseUrl}/api/v1/domains/${name}/skill.md`,
      ].sort(),
    );
    const listed = (await records(name)).json();
    expect(listed.agent_records).toHaveLength(6);
    expect(listed.records).toEqual([]);

    // An owner cannot write the registry's keys, nor remove them by editing the apex TXT.
    const forged = await patch(name, [{ type: 'TXT', name: '@', content: 'agent-endpoint[mcp]=https://evil.example' }]);
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ status: 'error', code: 'invalid_record', details: { index: 0 } });
    // Delegated from here on: the discovery records move from the namespace zone into the name's own zone.
    await enable(name);
    expect((await patch(name, [{ type: 'TXT', name: '@', content: 'hello' }])).statusCode).toBe(200);
    await eventually(async () => (await txt(name)).includes('hello'));
    expect(await txt(name)).toContain('agent-endpoint[mcp]=https://mcp.scout.example/mcp');

    // The profile changes: the MCP endpoint goes, and the records follow.
    expect((await profile({ endpoints: { a2a: 'https://scout.example:8443/a2a' } })).statusCode).toBe(200);
    await eventually(async () => (await dig(name, 'SVCB')).length === 1);
    expect(await dig(name, 'SVCB')).toEqual([
      `1 scout.example. mandatory=alpn,port alpn="a2a,h2" port=8443 key65409="${card}"`,
    ]);
    expect((await txt(name)).some((t) => t.startsWith('agent-endpoint[mcp]'))).toBe(false);
  });

  it('refuses an invalid set whole, and another account, without changing or pushing anything', async () => {
    const name = await alicesName();
    await patch(name, [{ type: 'A', name: '@', content: '192.0.2.30' }]);
    await enable(name);
    await eventually(async () => (await a(name))[0] === '192.0.2.30');
    const api = powerDnsClient({ apiUrl: pdns.env.PDNS_API_URL as string, apiKey: pdns.env.PDNS_API_KEY as string });
    const zoneBefore = await api.getZone(`${name}.`);
    const storedBefore = (await records(name)).json().records;

    for (const bad of [
      [
        { type: 'A', name: 'ok', content: '192.0.2.31' },
        { type: 'A', name: 'bad', content: '999.1.1.1' },
      ],
      [
        { type: 'A', name: 'x', content: '192.0.2.31' },
        { type: 'CNAME', name: 'x', content: 'elsewhere.example' },
      ],
      [{ type: 'TXT', name: 'www.other.agent', content: 'outside' }],
      [{ type: 'TXT', name: 'evil.example.', content: 'outside' }],
      [{ type: 'MX', name: '@', content: 'mail.example.' }],
      [{ type: 'NS', name: '@', content: 'ns.example.' }],
    ]) {
      const res = await patch(name, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error', code: 'invalid_record' });
    }
    const forbidden = await patch(name, [{ type: 'A', name: '@', content: '203.0.113.66' }], bob);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ status: 'error', code: 'forbidden' });
    expect((await call('POST', `/api/v1/domains/${name}/enable_dns`, bob)).statusCode).toBe(403);

    expect((await records(name)).json().records).toEqual(storedBefore);
    expect(await api.getZone(`${name}.`)).toEqual(zoneBefore);
    expect(await a(name)).toEqual(['192.0.2.30']);
  });

  it('keeps a change while PowerDNS is down and pushes it when PowerDNS is back', async () => {
    const name = await alicesName();
    await enable(name);
    await eventually(async () => (await txt(name)).length === 2 && (await published(name)));
    await pdns.server.stop();
    const res = await patch(name, [{ type: 'A', name: 'down', content: '192.0.2.40' }]);
    expect(res.statusCode).toBe(200);
    expect(res.json().details[0].status).toBe('created');
    await sleep(3000);
    expect((await records(name)).json().sync).toBe('pending');
    // The zone run holds the pass (its activity retried, the attempts in the UI) and says it has work.
    const run = await zoneRun().describe();
    expect(run.status.name).toBe('RUNNING');
    // What the run is, in words, for the operator who meets it in the Temporal UI.
    expect(await run.staticSummary()).toBe('DNS of .agent: publishes changed names to PowerDNS, in passes of up to 50');
    expect(await zoneStage()).toBe('dns-publishing');
    const waiting = await zoneRun().query(dnsZoneStatusQuery);
    expect(waiting.publishing + waiting.pending).toBeGreaterThan(0);

    await pdns.restart();
    await eventually(async () => (await a(`down.${name}`))[0] === '192.0.2.40');
    await eventually(() => published(name));
    await eventually(async () => (await zoneStage()) === 'dns-idle');
    expect(await zoneRun().query(dnsZoneStatusQuery)).toMatchObject({ namespace: 'agent', pending: 0, publishing: 0 });
  });

  it('reports a change PowerDNS refuses in the zone run, and publishes the other names meanwhile', async () => {
    const bad = await alicesName();
    // Delegated and served first, so the bad record below goes to a zone of its own.
    await enable(bad);
    await eventually(async () => (await txt(bad)).length === 2 && (await published(bad)));
    // A record the API would never accept, written as a bug or a hand edit would: PowerDNS refuses it (422).
    await s.t.db.em().transactional(async (tx) => {
      const subject = await dnsRepository(tx).lock(bad);
      if (!subject) throw new Error(`${bad} is not registered`);
      await tx.insert(DnsRecord, {
        domainId: subject.id,
        name: `bad.${bad}.`,
        type: 'A',
        content: 'not-an-address',
        ttl: 300,
        createdAt: new Date(),
        updatedAt: new Date(),
      });
      await dnsRepository(tx).bump(subject.id);
      recordDnsChange(tx, bad);
    });
    const refusalOf = async () => (await zoneRun().query(dnsZoneStatusQuery)).refusals.find((r) => r.name === bad);
    await eventually(async () => (await refusalOf()) !== undefined);
    expect((await refusalOf())?.message).toMatch(/^PowerDNS PATCH \/zones\/.*: 422 .*not-an-address/);
    expect((await records(bad)).json().sync).toBe('pending');
    expect((await zoneRun().describe()).status.name).toBe('RUNNING');

    // The refusal stops nothing else: another name is published, and so is the fixed one on its next change.
    const other = await alicesName();
    await patch(other, [{ type: 'A', name: 'www', content: '192.0.2.45' }]);
    await enable(other);
    await eventually(async () => (await a(`www.${other}`))[0] === '192.0.2.45');
    expect((await patch(bad, [{ type: 'A', name: 'bad', content: '192.0.2.46' }])).statusCode).toBe(200);
    await eventually(() => published(bad));
    expect(await a(`bad.${bad}`)).toEqual(['192.0.2.46']);
  });

  it('delegates the name from its namespace zone once, and keeps the records through a transfer', async () => {
    const name = await alicesName();
    await patch(name, [{ type: 'A', name: '@', content: '192.0.2.50' }]);
    const api = powerDnsClient({ apiUrl: pdns.env.PDNS_API_URL as string, apiKey: pdns.env.PDNS_API_KEY as string });
    const delegationOf = async () =>
      ((await api.getZone('agent.')) ?? []).filter((r) => r.name === `${name}.` && r.type === 'NS');
    const enable = await call('POST', `/api/v1/domains/${name}/enable_dns`, alice);
    expect(enable.statusCode).toBe(200);
    expect(enable.json()).toMatchObject({ status: 'success', domain: name, nameservers: ['ns1.agent.'] });
    await eventually(async () => (await delegationOf()).length === 1);
    expect((await delegationOf())[0]?.contents).toEqual(['ns1.agent.']);
    // What the second call must leave alone: the delegation and the name's own zone (its SOA serial moves
    // with any change PowerDNS makes to it). The namespace zone's serial is no yardstick: other names'
    // syncs in this file move it.
    const state = async () => ({
      delegation: await delegationOf(),
      serial: ((await api.getZone(`${name}.`)) ?? []).find((r) => r.type === 'SOA')?.contents[0],
    });
    await eventually(() => published(name));
    const before = await state();

    const again = await call('POST', `/api/v1/domains/${name}/enable_dns`, alice);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toMatch(/already enabled/);
    await sleep(1500);
    expect(await state()).toEqual(before);
    expect((await records(name)).json()).toMatchObject({ dns_enabled: true, sync: 'published' });

    const moved = await call('POST', '/api/v1/domains/transfer', alice, { domain: name, to_account_id: bobId });
    expect(moved.statusCode).toBe(200);
    await sleep(1500);
    expect(await a(name)).toEqual(['192.0.2.50']);
    expect((await delegationOf()).length).toBe(1);
    expect((await records(name, bob)).json().records).toEqual([
      { type: 'A', name: `${name}.`, content: '192.0.2.50', ttl: 3600 },
    ]);
    expect((await records(name, alice)).statusCode).toBe(403);
  });

  it('takes an expired name’s records and delegation out of PowerDNS', async () => {
    const name = await alicesName();
    await patch(name, [{ type: 'A', name: '@', content: '192.0.2.60' }]);
    await call('POST', `/api/v1/domains/${name}/enable_dns`, alice);
    await eventually(async () => (await a(name))[0] === '192.0.2.60');
    const api = powerDnsClient({ apiUrl: pdns.env.PDNS_API_URL as string, apiKey: pdns.env.PDNS_API_KEY as string });
    await eventually(async () => ((await api.getZone('agent.')) ?? []).some((r) => r.name === `${name}.`));

    await s.t.db.em().nativeUpdate(Domain, { name }, { expiryDate: new Date(Date.now() - 60_000) });
    // The withdrawal takes the name's zone out, then its delegation from `agent.`: wait for both.
    const delegated = async () => ((await api.getZone('agent.')) ?? []).some((r) => r.name === `${name}.`);
    await eventually(async () => (await api.getZone(`${name}.`)) === null && !(await delegated()));
    expect(await api.getZone(`${name}.`)).toBeNull();
    expect(await a(name)).toEqual([]);
    expect(await delegated()).toBe(false);
  });

  it('resolves a published name starting from the Handshake root and following its referral to PowerDNS', async () => {
    // The naming root as `npm start` runs it: `agent` registered on hsd regtest, delegated to ns1.agent.
    const dataDir = await mkdtemp(join(tmpdir(), 'registry-test-hsd-'));
    const root = await startHandshakeRoot({
      dataDir,
      namespaces: ['agent'],
      nameservers: () => [{ host: 'ns1.agent.', address: '127.0.0.1' }],
    });
    try {
      const name = await alicesName();
      await patch(name, [{ type: 'A', name: 'www', content: '192.0.2.70' }]);
      await call('POST', `/api/v1/domains/${name}/enable_dns`, alice);
      await eventually(() => published(name));

      const walk = await resolveFromRoot({
        name: `www.${name}`,
        type: 'A',
        root: { address: '127.0.0.1', port: root.rootPort },
        portOf: () => pdns.server.dnsPort,
      });
      expect(walk.path).toEqual([
        { server: '127.0.0.1', port: root.rootPort, kind: 'referral' },
        { server: '127.0.0.1', port: pdns.server.dnsPort, kind: 'answer' },
      ]);
      expect(walk.answers).toEqual([expect.objectContaining({ name: `www.${name}`, type: 'A', data: '192.0.2.70' })]);
      const pointers = await resolveFromRoot({
        name,
        type: 'TXT',
        root: { address: '127.0.0.1', port: root.rootPort },
        portOf: () => pdns.server.dnsPort,
      });
      expect(pointers.answers).toHaveLength(2);
      // A name nobody registered: the root refers, PowerDNS says it does not exist.
      const unknown = await resolveFromRoot({
        name: `${randomLabel('none')}.agent`,
        type: 'A',
        root: { address: '127.0.0.1', port: root.rootPort },
        portOf: () => pdns.server.dnsPort,
      });
      expect(unknown.rcode).toBe('NXDOMAIN');
    } finally {
      await root.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
