import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { verifyAgentCardSignature, type AgentCard } from '@a2a-js/sdk';
import { DefaultAgentCardResolver } from '@a2a-js/sdk/client';
import { Resolver, type ResolverRegistry } from 'did-resolver';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { type Agent, globalAgent } from 'node:https';
import { readFileSync } from 'node:fs';
import type { JWK } from 'jose';
import { getResolver } from 'web-did-resolver';
import { Account } from '../../src/db/entities/index.ts';
import { didOf } from '../../src/domain/agent-card.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { createDomain, randomLabel } from '../helpers/fixtures.ts';
import { provision } from '../helpers/identities.ts';
import { startTlsHttpProxy, type GrpcProxy } from '../helpers/nginx.ts';
import { freePort } from '../helpers/ports.ts';
import { createTestCa, type TestCa } from '../helpers/test-ca.ts';

// A name's identity in the standards other agents read (docs/discovery.md), checked with those standards'
// own software: @a2a-js/sdk resolves the A2A card and verifies its signature against the registry's
// published key; a stock did-resolver with web-did-resolver resolves the did:web document over https
// (Debian's nginx, with a test CA's certificate, in front of the app); the ERC-8004 file is read as JSON.
describe('per-name identity documents', () => {
  let t: TestApp;
  let ca: TestCa;
  let proxy: GrpcProxy;
  let publicBase: string;
  let http: string;

  async function ownedName(profile: Record<string, unknown>) {
    const agent = await provision(t.app);
    const em = t.db.em();
    const owner = await em.findOneOrFail(Account, { id: agent.account_id });
    const wallet = privateKeyToAccount(generatePrivateKey()).address;
    owner.walletAddress = wallet;
    await em.flush();
    const label = randomLabel('id');
    await createDomain(t.db.orm, { label, namespace: 'agent', owner, capabilities: ['search', 'summarize'], profile });
    return { name: `${label}.agent`, key: { 'x-api-key': agent.api_key }, wallet };
  }

  const verify = (card: AgentCard) =>
    verifyAgentCardSignature(async (kid, jku) => {
      expect(jku).toBe(`${publicBase}/.well-known/jwks.json`);
      const { keys } = (await (await fetch(`${http}/.well-known/jwks.json`)).json()) as {
        keys: (JWK & { kid: string })[];
      };
      return keys.find((k) => k.kid === kid) as JWK;
    })(card);

  beforeAll(async () => {
    ca = await createTestCa('registry.test');
    const tlsPort = await freePort();
    publicBase = `https://127.0.0.1:${tlsPort}`;
    t = await buildTestApp({ PUBLIC_BASE_URL: publicBase });
    http = await t.app.listen({ host: '127.0.0.1', port: 0 });
    proxy = await startTlsHttpProxy({ upstream: new URL(http).host, ca, port: tlsPort });
    // The stock resolver fetches over Node's https with its default agent: trust the test CA there.
    (globalAgent as Agent).options.ca = readFileSync(ca.ca);
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.stop();
    await ca?.remove();
  });

  it('serves a signed A2A card that the A2A SDK reads and verifies, and a changed card fails', async () => {
    const { name } = await ownedName({
      description: 'Finds sources.',
      endpoints: { a2a: 'https://scout.example/a2a' },
    });
    const card = await new DefaultAgentCardResolver().resolve(http, `/agents/${name}/agent-card.json`);
    expect(card).toMatchObject({
      description: 'Finds sources.',
      supportedInterfaces: [{ url: 'https://scout.example/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
      skills: [
        expect.objectContaining({ id: 'search', tags: ['search'] }),
        expect.objectContaining({ id: 'summarize' }),
      ],
    });
    await expect(verify(card)).resolves.toBeUndefined();
    await expect(verify({ ...card, description: 'Something else.' })).rejects.toThrow(/No valid signatures/);

    const first = await t.app.inject({ url: `/agents/${name}/agent-card.json` });
    expect(first.headers['cache-control']).toMatch(/max-age=\d+/);
    const again = await t.app.inject({
      url: `/agents/${name}/agent-card.json`,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('has no card for a name without an A2A endpoint', async () => {
    const { name } = await ownedName({ endpoints: { mcp: 'https://scout.example/mcp' } });
    const res = await t.app.inject({ url: `/agents/${name}/agent-card.json` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 'error', code: 'no_agent_card' });
    expect((await t.app.inject({ url: '/agents/not-registered-here.agent/agent-card.json' })).statusCode).toBe(404);
  });

  it('resolves the did:web document with a stock resolver, the wallet as its verification method', async () => {
    const { name, wallet } = await ownedName({ endpoints: { a2a: 'https://scout.example/a2a' } });
    const did = didOf(publicBase, name);
    expect(did).toBe(`did:web:127.0.0.1%3A${new URL(publicBase).port}:agents:${name}`);
    const { didDocument, didResolutionMetadata } = await new Resolver(
      getResolver() as unknown as ResolverRegistry,
    ).resolve(did);
    expect(didResolutionMetadata.error).toBeUndefined();
    expect(didDocument).toMatchObject({
      id: did,
      alsoKnownAs: [name],
      verificationMethod: [
        { id: `${did}#wallet`, type: 'EcdsaSecp256k1RecoveryMethod2020', blockchainAccountId: `eip155:8453:${wallet}` },
      ],
      service: expect.arrayContaining([
        // The A2A service is found through its card (signed, served by the registry), which names the endpoint.
        expect.objectContaining({
          id: `${did}#a2a`,
          type: 'A2AAgentCard',
          serviceEndpoint: `${publicBase}/agents/${name}/agent-card.json`,
        }),
      ]),
    });
  });

  it('serves the ERC-8004 registration file, and every document follows a profile change', async () => {
    const { name, key } = await ownedName({ description: 'Before.', endpoints: { a2a: 'https://scout.example/a2a' } });
    const file = (await t.app.inject({ url: `/agents/${name}/registration.json` })).json();
    expect(file).toMatchObject({
      type: 'https://eips.ethereum.org/EIPS/eip-8004#registration-v1',
      name,
      description: 'Before.',
      active: true,
      registrations: [],
      services: expect.arrayContaining([
        { name: 'A2A', endpoint: `${publicBase}/agents/${name}/agent-card.json`, version: '1.0' },
      ]),
    });
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/domains/${name}/profile`,
      headers: key,
      payload: {
        description: 'After.',
        endpoints: { a2a: 'https://scout.example/v2/a2a', mcp: 'https://scout.example/mcp' },
      },
    });
    expect(patched.statusCode).toBe(200);
    const card = (await t.app.inject({ url: `/agents/${name}/agent-card.json` })).json<AgentCard>();
    expect(card.description).toBe('After.');
    expect(card.supportedInterfaces[0]?.url).toBe('https://scout.example/v2/a2a');
    await expect(verify(card)).resolves.toBeUndefined();
    const after = (await t.app.inject({ url: `/agents/${name}/registration.json` })).json<{
      services: { name: string }[];
    }>();
    expect(after.services.map((s) => s.name)).toEqual(expect.arrayContaining(['A2A', 'MCP']));
  });
});
