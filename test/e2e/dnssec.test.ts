import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { createSocket, type Socket } from 'node:dgram';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import dnsPacket from 'dns-packet';
import { powerDnsClient, type PowerDnsClient } from '../../src/dns/powerdns.ts';
import { zoneSigning } from '../../src/dns/signed-zones.ts';
import { grantGems } from '../../src/ledger/gems.ts';
import { startHandshakeRoot, type HandshakeRoot } from '../../src/infra/handshake-root.ts';
import { registered } from '../helpers/app.ts';
import { randomLabel } from '../helpers/fixtures.ts';
import { eventually } from '../helpers/hosted-checkout.ts';
import { startTestOidc } from '../helpers/oidc.ts';
import type { DevOidcProvider } from '../../src/infra/dev-oidc/provider.ts';
import { startTestPowerDns, type TestPowerDns } from '../helpers/powerdns.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';

const run = promisify(execFile);

// DNSSEC end to end (docs/dns-and-rdap.md "DNSSEC"): PowerDNS signs every zone online, each name's DS sits in
// its namespace zone's delegation, the namespace zone's DS at the Handshake root, and a stock validator
// (unbound-host, Debian's unbound-host package) checks the chain from the root's key to a registered
// name's record; a tampered answer fails; a key rollover by the operator's command keeps it validating.

/** The Handshake root's key-signing key as a DS (hsd lib/dns/key.js: `. DS 35215 13 2 7C50…`), every resolver's anchor. */
const ROOT_ANCHOR = '. DS 35215 13 2 7C50EA94A63AEECB65B510D1EAC1846C973A89D4AB292287D5A4D715136B57A3';

/** A UDP relay to PowerDNS that rewrites every A answer it passes: a forger on the path. */
async function tamperingRelay(upstreamPort: number): Promise<{ port: number; close(): void }> {
  const front: Socket = createSocket('udp4');
  front.on('message', (query, client) => {
    const back = createSocket('udp4');
    back.once('message', (answer) => {
      const p = dnsPacket.decode(answer);
      for (const rr of p.answers ?? []) if (rr.type === 'A') (rr as { data: string }).data = '203.0.113.66';
      front.send(dnsPacket.encode(p), client.port, client.address);
      back.close();
    });
    back.send(query, upstreamPort, '127.0.0.1');
  });
  await new Promise<void>((r) => front.bind(0, '127.0.0.1', r));
  return { port: front.address().port, close: () => front.close() };
}

describe('DNSSEC: signed zones validated from the Handshake root', () => {
  let pdns: TestPowerDns;
  let api: PowerDnsClient;
  let s: RegistryStack;
  let root: HandshakeRoot;
  let dir: string;
  let name: string;
  let idp: DevOidcProvider;
  let anchor: { ds: string; unbound: string };
  let key: { authorization: string };

  /** unbound-host over the root and our PowerDNS (at `agentPort`), anchored at the root's key. */
  const validate = async (host: string, agentPort = pdns.server.dnsPort, type = 'A') => {
    const conf = join(dir, `unbound-${agentPort}.conf`);
    await writeFile(
      conf,
      [
        'server:',
        '  do-not-query-localhost: no',
        // The operator command's own line (docs/dns-and-rdap.md "DNSSEC"), checked against hsd's key below.
        `  ${anchor.unbound}`,
        'stub-zone:',
        '  name: "."',
        `  stub-addr: 127.0.0.1@${root.rootPort}`,
        // The root refers `agent.` to ns1.agent. on port 53; here PowerDNS listens elsewhere.
        'stub-zone:',
        '  name: "agent."',
        `  stub-addr: 127.0.0.1@${agentPort}`,
        '',
      ].join('\n'),
    );
    const out = await run('unbound-host', ['-C', conf, '-v', '-t', type, host]).catch(
      (err: { stdout?: string; stderr?: string }) => ({ stdout: `${err.stdout ?? ''}${err.stderr ?? ''}` }),
    );
    return out.stdout.trim();
  };
  const ops = (...args: string[]) =>
    run(process.execPath, ['src/entry/ops.ts', ...args], { env: { ...process.env, ...pdns.env } }).then((r) =>
      JSON.parse(r.stdout),
    );

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'registry-test-dnssec-'));
    // `npm run ops -- trust-anchor` prints the root's key: the one hsd signs with.
    anchor = JSON.parse((await run(process.execPath, ['src/entry/ops.ts', 'trust-anchor'])).stdout);
    expect(anchor.ds).toBe(ROOT_ANCHOR);
    // Side by side: neither needs the other (each assigned as it comes up, so afterAll stops what did).
    await Promise.all([startTestPowerDns().then((p) => (pdns = p)), startTestOidc().then((i) => (idp = i))]);
    api = powerDnsClient({ apiUrl: pdns.env.PDNS_API_URL as string, apiKey: pdns.env.PDNS_API_KEY as string });
    s = await startRegistryStack({ OIDC_ISSUER: idp.issuer, ...pdns.env });
    // A person's account: DNS records are managed by people (an agent's key registers and pays).
    key = { authorization: `Bearer ${await idp.mintAccessToken('dana')}` };
    const me = (await s.t.app.inject({ method: 'GET', url: '/api/v1/agents/me', headers: key })).json();
    const label = randomLabel('sec');
    await grantGems(s.t.db.em(), { accountId: me.account.account_id, amount: 5000, reference: `g:${label}` });
    name = await registered(s.t.app, label, { headers: key, method: 'gems' });
    const set = await s.t.app.inject({
      method: 'PATCH',
      url: `/api/v1/domains/${name}/records`,
      headers: key,
      payload: { records: [{ type: 'A', name: '@', content: '192.0.2.70', ttl: 300 }] },
    });
    expect(set.statusCode).toBe(200);
    expect(
      (await s.t.app.inject({ method: 'POST', url: `/api/v1/domains/${name}/enable_dns`, headers: key })).statusCode,
    ).toBe(200);
    // The zone run created the namespace zone, signed, with the name's delegation: the root publishes its DS.
    await eventually(async () => (await api.keys('agent.'))?.some((k) => k.active) === true);
    const agentDs = (await zoneSigning(api, 'agent.')).ds;
    root = await startHandshakeRoot({
      dataDir: join(dir, 'hsd'),
      namespaces: ['agent'],
      nameservers: () => [{ host: 'ns1.agent.', address: '127.0.0.1' }],
      ds: () => agentDs,
    });
  });
  afterAll(async () => {
    await root?.stop();
    await s?.stop();
    await pdns?.stop();
    await idp?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("validates a registered name's record from the root's key, and refuses a tampered answer", async () => {
    await eventually(async () => (await validate(name)).includes('(secure)'));
    expect(await validate(name)).toBe(`${name} has address 192.0.2.70 (secure)`);
    // The chain as published: the name's DS in agent., agent.'s DS at the root.
    const signing = await zoneSigning(api, `${name}.`);
    expect(signing.parent).toBe('in agent.');
    const delegationDs = (await api.getZone('agent.'))?.find((r) => r.name === `${name}.` && r.type === 'DS');
    expect(delegationDs?.contents).toEqual(signing.ds);

    const forger = await tamperingRelay(pdns.server.dnsPort);
    try {
      const tampered = await validate(name, forger.port);
      expect(tampered).not.toContain('(secure)');
      expect(tampered).toMatch(/BOGUS|validation failure/);
    } finally {
      forger.close();
    }
  });

  it('serves a name’s discovery records secure before its owner enables DNS, and after', async () => {
    const label = randomLabel('pre');
    const me = (await s.t.app.inject({ method: 'GET', url: '/api/v1/agents/me', headers: key })).json();
    await grantGems(s.t.db.em(), { accountId: me.account.account_id, amount: 5000, reference: `g:${label}` });
    const fresh = await registered(s.t.app, label, { headers: key, method: 'gems' });
    const profile = await s.t.app.inject({
      method: 'PATCH',
      url: `/api/v1/domains/${fresh}/profile`,
      headers: key,
      payload: { endpoints: { a2a: 'https://scout.example/a2a' } },
    });
    expect(profile.statusCode).toBe(200);
    const txt = () => validate(fresh, pdns.server.dnsPort, 'TXT');
    // Not delegated yet: the records sit at the name in the signed namespace zone, and no zone of its own
    // (signed by a key no DS vouches for) answers for it.
    await eventually(async () => (await txt()).includes('agent-endpoint[a2a]=https://scout.example/a2a'));
    const before = await txt();
    expect(before).toContain(`"agent-manifest=${s.baseUrl}/api/v1/domains/${fresh}/agent.json" (secure)`);
    expect(before).not.toMatch(/BOGUS|insecure|validation failure/);
    expect(await validate(fresh, pdns.server.dnsPort, 'SVCB')).toMatch(/scout\.example\..*\(secure\)/);
    expect(await api.getZone(`${fresh}.`)).toBeNull();

    // Delegated: its own zone, signed, with its DS in the namespace zone, and the records there, still secure.
    const enable = await s.t.app.inject({ method: 'POST', url: `/api/v1/domains/${fresh}/enable_dns`, headers: key });
    expect(enable.statusCode).toBe(200);
    const ds = async () => ((await api.getZone('agent.')) ?? []).some((r) => r.name === `${fresh}.` && r.type === 'DS');
    await eventually(ds);
    await eventually(async () => !/BOGUS|insecure|no data|not found/.test(await txt()));
    expect(await txt()).toContain(`"agent-endpoint[a2a]=https://scout.example/a2a" (secure)`);
    const atParent = ((await api.getZone('agent.')) ?? []).filter((r) => r.name === `${fresh}.`).map((r) => r.type);
    expect(atParent.sort()).toEqual(['DS', 'NS']);
  });

  it('rolls a name zone’s key with the operator command and validates at every step', async () => {
    const before = await ops('dnssec-status', name);
    expect(before.keys).toHaveLength(1);
    const begun = await ops('dnssec-rollover', name, 'begin');
    expect(begun.keys).toHaveLength(2);
    expect(begun.ds).toHaveLength(2);
    const inParent = async () =>
      (await api.getZone('agent.'))?.find((r) => r.name === `${name}.` && r.type === 'DS')?.contents.sort();
    expect(await inParent()).toEqual([...begun.ds].sort());
    expect(await validate(name)).toBe(`${name} has address 192.0.2.70 (secure)`);

    const finished = await ops('dnssec-rollover', name, 'finish');
    expect(finished.keys).toHaveLength(1);
    expect(finished.keys[0].id).not.toBe(before.keys[0].id);
    expect(await inParent()).toEqual(finished.ds);
    expect(finished.ds).not.toEqual(before.ds);
    expect(await validate(name)).toBe(`${name} has address 192.0.2.70 (secure)`);
    await expect(ops('dnssec-rollover', name, 'finish')).rejects.toThrow(/one signing key/);
  });
});
