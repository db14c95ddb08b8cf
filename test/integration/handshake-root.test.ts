import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createSocket, type Socket } from 'node:dgram';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import dnsPacket from 'dns-packet';
import { queryDns, resolveFromRoot } from '../../src/dns/root-walk.ts';
import { startHandshakeRoot, type HandshakeRoot } from '../../src/infra/handshake-root.ts';

// A real hsd regtest node: `agent` and `boss` (the latter on hsd's reserved list) are opened, bid on,
// revealed and updated on chain, and its root server is asked over UDP as any resolver would ask it.
const LOOPBACK = '127.0.0.1';
const AUTHORITATIVE_ANSWER = '192.0.2.10';

const dataOf = (rrs: dnsPacket.Answer[] | undefined, type: string) =>
  (rrs ?? []).filter((rr) => rr.type === type).map((rr) => ('data' in rr ? rr.data : undefined));

describe('Handshake regtest root (hsd)', () => {
  let dataDir: string;
  let root: HandshakeRoot;
  let zoneServer: Socket;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'registry-hsd-'));
    root = await startHandshakeRoot({
      dataDir,
      namespaces: ['agent', 'boss'],
      nameservers: (tld) => [{ host: `ns1.${tld}.`, address: LOOPBACK }],
    });
    zoneServer = await startZoneServer();
  });

  afterAll(async () => {
    zoneServer?.close();
    await root?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it.each(['agent', 'boss'])('refers www.scout.%s to ns1 of its namespace, with glue', async (tld) => {
    const res = await queryDns({ server: LOOPBACK, port: root.rootPort, name: `www.scout.${tld}`, type: 'A' });

    expect(res.rcode).toBe('NOERROR');
    expect(res.answers).toEqual([]);
    expect(dataOf(res.authorities, 'NS')).toEqual([`ns1.${tld}`]); // dns-packet drops the final dot
    expect(res.additionals).toContainEqual(expect.objectContaining({ type: 'A', name: `ns1.${tld}`, data: LOOPBACK }));
  });

  it('answers NXDOMAIN under a top-level name nobody registered', async () => {
    const res = await queryDns({ server: LOOPBACK, port: root.rootPort, name: 'www.unregistered', type: 'A' });

    expect(res.rcode).toBe('NXDOMAIN');
    expect(res.answers).toEqual([]);
  });

  it('walks from the root through the referral to the namespace server', async () => {
    const { port } = zoneServer.address();
    const walk = await resolveFromRoot({
      name: 'www.scout.agent',
      type: 'A',
      root: { address: LOOPBACK, port: root.rootPort },
      portOf: () => port,
    });

    expect(walk.rcode).toBe('NOERROR');
    expect(dataOf(walk.answers, 'A')).toEqual([AUTHORITATIVE_ANSWER]);
    expect(walk.path).toEqual([
      { server: LOOPBACK, port: root.rootPort, kind: 'referral' },
      { server: LOOPBACK, port, kind: 'answer' },
    ]);
  });
});

/** Stands in for PowerDNS: answers every question with one A record. */
function startZoneServer(): Promise<Socket> {
  const socket = createSocket('udp4');
  socket.on('message', (msg, peer) => {
    const query = dnsPacket.decode(msg);
    const question = query.questions?.[0];
    if (!question) return;
    const answer = dnsPacket.encode({
      type: 'response',
      id: query.id,
      flags: dnsPacket.AUTHORITATIVE_ANSWER,
      questions: [question],
      answers: [{ type: 'A', name: question.name, ttl: 60, data: AUTHORITATIVE_ANSWER }],
    });
    socket.send(answer, peer.port, peer.address);
  });
  return new Promise((resolve) => socket.bind(0, LOOPBACK, () => resolve(socket)));
}
