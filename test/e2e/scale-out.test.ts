import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import type { Hex } from 'viem';
import { payChallenge, provisionKey, readChallenge, register, registerBody } from '../../examples/pay-and-register.ts';
import { Domain, DomainOrder, LedgerTransaction, PaymentReceipt } from '../../src/db/entities/index.ts';
import { grantGems } from '../../src/ledger/gems.ts';
import { testTemporalAddress, type TestApp } from '../helpers/app.ts';
import { randomLabel } from '../helpers/fixtures.ts';
import { eventually } from '../helpers/hosted-checkout.ts';
import { provision } from '../helpers/identities.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';

// More than one machine (README "Scaling out"): two API processes and two real worker processes
// (src/entry/worker.ts) on one database and one Temporal. One receipt handed to both APIs a thousand
// times makes one registration; a worker killed mid-batch loses nothing while the other runs.
describe('two APIs and two workers on one database and one Temporal', () => {
  let s: RegistryStack;
  let b: TestApp;
  let bases: [string, string];
  const workers: ChildProcess[] = [];

  /** A production worker process on the stack's task queue (same settings as the stack's API). */
  function startWorkerProcess(): ChildProcess {
    const c = s.t.config;
    const child = spawn(process.execPath, ['src/entry/worker.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'error',
        DATABASE_URL: s.t.db.url,
        TEMPORAL_ADDRESS: testTemporalAddress(),
        TEMPORAL_TASK_QUEUE: s.taskQueue,
        CHAIN_RPC_URL: c.CHAIN_RPC_URL ?? '',
        MPP_TOKEN_ADDRESS: s.token,
        MPP_PAY_TO: s.payTo,
        TEMPO_CHAIN_ID: String(c.TEMPO_CHAIN_ID),
        MPP_SECRET: c.MPP_SECRET ?? '',
        EXPIRY_SWEEP_SECONDS: '2',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    workers.push(child);
    return child;
  }

  /** Distinct worker identities polling the stack's workflow task queue. */
  async function pollers(): Promise<number> {
    const res = await s.t.temporal.client.workflowService.describeTaskQueue({
      namespace: 'default',
      taskQueue: { name: s.taskQueue },
      taskQueueType: 1,
    });
    return new Set((res.pollers ?? []).map((p) => p.identity)).size;
  }

  beforeAll(async () => {
    s = await startRegistryStack({}, { worker: false });
    b = await s.startApi();
    await b.app.listen({ host: '127.0.0.1', port: 0 });
    bases = [s.baseUrl, `http://127.0.0.1:${(b.app.server.address() as AddressInfo).port}`];
    startWorkerProcess();
    startWorkerProcess();
    await eventually(async () => (await pollers()) >= 2, 90_000);
  }, 150_000);
  afterAll(async () => {
    for (const w of workers) if (w.exitCode === null && w.signalCode === null) w.kill('SIGTERM');
    await Promise.all(
      workers.map(
        (w) => new Promise((r) => (w.exitCode !== null || w.signalCode !== null ? r(null) : w.once('exit', r))),
      ),
    );
    await b?.close();
    await s?.stop();
  }, 60_000);

  it('accepts one receipt submitted a thousand times across both APIs once', async () => {
    const name = `${randomLabel('many')}.agent`;
    const key = await provisionKey(bases[0]);
    const { challenge, required } = readChallenge(await register(bases[0], key, registerBody(name)));
    const paid = await payChallenge({ rpcUrl: s.anvil.rpcUrl, privateKey: s.payerKeys[1] as Hex, challenge, required });

    const statuses = new Map<number, number>();
    const domainIds = new Set<unknown>();
    let sent = 0;
    // 25 callers, 40 submissions each, alternating between the two APIs.
    await Promise.all(
      Array.from({ length: 25 }, async (_, caller) => {
        for (let i = 0; i < 40; i++) {
          const res = await register(bases[(caller + i) % 2] as string, key, registerBody(name), paid.credential);
          sent += 1;
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status === 200) domainIds.add((res.body as { domain: { id: unknown } }).domain.id);
        }
      }),
    );
    console.log(`one receipt, ${sent} submissions across two APIs: ${JSON.stringify(Object.fromEntries(statuses))}`);
    expect(sent).toBe(1000);
    expect(Object.fromEntries(statuses)).toEqual({ 200: 1000 });
    expect(domainIds.size).toBe(1);
    const em = s.t.db.orm.em.fork();
    expect(await em.count(Domain, { name })).toBe(1);
    expect(await em.count(DomainOrder, { domainName: name })).toBe(1);
    expect(await em.count(PaymentReceipt, { txHash: paid.txHash.toLowerCase() })).toBe(1);
  }, 180_000);

  it('loses nothing when a worker is killed while the other runs', async () => {
    const agent = await provision(s.t.app);
    await grantGems(s.t.db.orm.em.fork(), {
      accountId: agent.account_id,
      amount: 1_000_000,
      reference: `g:${randomLabel()}`,
    });
    const names = Array.from({ length: 20 }, () => randomLabel('kill'));
    const answers = names.map((label, i) =>
      fetch(`${bases[i % 2]}/api/v1/domains/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': agent.api_key },
        body: JSON.stringify({
          domain: label,
          namespace: 'agent',
          years: 1,
          agreed_to_terms: true,
          payment_method: 'gems',
        }),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as { domain?: { status?: string } } })),
    );
    // Mid-batch, one worker dies without a chance to finish anything it holds.
    await new Promise((r) => setTimeout(r, 150));
    const victim = workers[0] as ChildProcess;
    victim.kill('SIGKILL');
    const results = await Promise.all(answers);
    expect(victim.signalCode).toBe('SIGKILL');
    expect(results.map((r) => r.status)).toEqual(names.map(() => 200));
    expect(results.every((r) => r.body.domain?.status === 'active')).toBe(true);
    const em = s.t.db.orm.em.fork();
    for (const label of names) {
      expect(await em.count(Domain, { name: `${label}.agent` })).toBe(1);
      expect(await em.count(LedgerTransaction, { memo: `${label}.agent` })).toBe(1);
    }
  }, 180_000);
});
