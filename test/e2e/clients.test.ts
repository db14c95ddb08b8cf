import { spawn } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createRegistryClient } from '../../clients/typescript/index.ts';
import { startReceiver, subscribe, type RegistryEvent } from '../../examples/webhook-receiver.ts';
import { freePort } from '../../src/infra/ports.ts';
import { gemsBalance, grantGems } from '../../src/ledger/gems.ts';
import { randomLabel } from '../helpers/fixtures.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PRICE_GEMS = 1500; // .agent, an agent's price for one year

/** Runs a command to its end, its output kept in a string (never printed: CI reads our closing line). */
function run(command: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

// Issue 28 part 3: the generated clients (clients/) complete an agent's journey against the real stack,
// the API listening on a port and a worker running the registrations.
describe('the generated clients against a running registry', () => {
  let s: RegistryStack;
  beforeAll(async () => {
    // The example receiver listens on loopback over http, as under `npm start`.
    s = await startRegistryStack({ WEBHOOK_ALLOW_INSECURE_LOCAL: 'true' });
  });
  afterAll(() => s?.stop());

  it('TypeScript: provisions a key, registers a name with gems and reads it back', async () => {
    const anonymous = createRegistryClient(s.baseUrl);
    const provisioned = await anonymous.POST('/api/v1/agents/provision', { body: { display_name: 'ts client' } });
    expect(provisioned.response.status).toBe(200);
    const identity = provisioned.data!;
    await grantGems(s.t.db.orm.em.fork(), {
      accountId: identity.account_id,
      amount: PRICE_GEMS,
      reference: `grant:${randomLabel()}`,
    });

    const agent = createRegistryClient(s.baseUrl, { apiKey: identity.api_key });
    const label = randomLabel('ts');
    const registered = await agent.POST('/api/v1/domains/register', {
      body: { domain: label, namespace: 'agent', years: 1, agreed_to_terms: true, payment_method: 'gems' },
    });
    expect([registered.response.status, registered.error]).toEqual([200, undefined]);
    expect(registered.data).toMatchObject({
      domain: { name: `${label}.agent`, owner_id: identity.account_id },
      order: { payment_method: 'gems', amount_gems: PRICE_GEMS },
    });

    const found = await anonymous.GET('/api/v1/lookup/{domain_name}', {
      params: { path: { domain_name: `${label}.agent` } },
    });
    expect(found.data?.domain).toMatchObject({ name: `${label}.agent`, status: 'active' });
    const balance = await agent.GET('/api/v1/agents/me/balance');
    expect(balance.data?.gems_balance).toBe(0);
    expect(await gemsBalance(s.t.db.orm.em.fork(), identity.account_id)).toBe(0);
  });

  it('examples/webhook-receiver.ts subscribes through the client and verifies a signed ping', async () => {
    const identity = await createRegistryClient(s.baseUrl).POST('/api/v1/agents/provision', { body: {} });
    const apiKey = identity.data!.api_key;
    const port = await freePort();
    const { subscriptionId, secret } = await subscribe(s.baseUrl, apiKey, `http://127.0.0.1:${port}/hooks`);
    const events: RegistryEvent[] = [];
    const server = await startReceiver({ port, secret, onEvent: (e) => void events.push(e) });
    try {
      const ping = await createRegistryClient(s.baseUrl, { apiKey }).POST('/api/v1/webhooks/{subscription_id}/ping', {
        params: { path: { subscription_id: subscriptionId } },
      });
      expect(ping.response.status).toBe(200);
      expect(events).toEqual([
        expect.objectContaining({ event_type: 'webhook.ping', data: { subscription_id: subscriptionId } }),
      ]);
    } finally {
      server.close();
    }
  });

  it('Python: clients/python/tests/test_register.py passes under pytest', async () => {
    const reports = await mkdtemp(join(tmpdir(), 'clients-pytest-'));
    const report = join(reports, 'pytest.xml');
    const { code, output } = await run(
      'python3',
      ['-m', 'pytest', 'clients/python/tests', '-p', 'no:cacheprovider', '-q', '--junitxml', report],
      {
        REGISTRY_BASE_URL: s.baseUrl,
        // The operator's grant, as `npm run ops -- grant-gems` runs it, on the stack's database.
        REGISTRY_GRANT_GEMS: `${process.execPath} src/entry/ops.ts grant-gems`,
        DATABASE_URL: s.t.db.url,
        PYTHONPATH: join(ROOT, 'clients/python/agent-registry-client'),
        // No __pycache__ inside the generated client (the freshness check compares that folder).
        PYTHONDONTWRITEBYTECODE: '1',
      },
    );
    if (code !== 0) throw new Error(`pytest exited ${code}:\n${output}`);
    const xml = await readFile(report, 'utf8');
    expect(xml).toMatch(/tests="1"/);
    expect(xml).toMatch(/failures="0"/);
    expect(xml).toMatch(/skipped="0"/);
  });
});
