import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Hex } from 'viem';
import { payChallenge, provisionKey, readChallenge, register, registerBody } from '../../examples/pay-and-register.ts';
import { Domain, DomainOrder, LedgerTransaction, PaymentReceipt } from '../../src/db/entities/index.ts';
import { grantGems } from '../../src/ledger/gems.ts';
import { randomLabel } from '../helpers/fixtures.ts';
import { eventually } from '../helpers/hosted-checkout.ts';
import { provision } from '../helpers/identities.ts';
import { startRegistryStack, type RegistryStack, type StackProcess } from '../helpers/registry-stack.ts';
import type { Answer } from '../../clients/typescript/index.ts';

type Registered = Answer<'/api/v1/domains/register', 'post', 200>;

// More than one machine (docs/operations.md "Scaling out"): two API processes and two real worker processes
// (src/entry/worker.ts) on one database and one Temporal. One receipt handed to both APIs a thousand
// times makes one registration; a worker killed mid-batch loses nothing while the other runs.
describe('two APIs and two workers on one database and one Temporal', () => {
  let s: RegistryStack;
  let b: StackProcess;
  let bases: [string, string];
  const workers: StackProcess[] = [];

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
    // The stack's own API and a second, production API process (src/entry/api.ts); the workers start
    // while it comes up.
    workers.push(s.spawnWorker(), s.spawnWorker());
    b = await s.spawnApi();
    bases = [s.baseUrl, b.url];
    await eventually(async () => (await pollers()) >= 2);
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('accepts one receipt submitted a thousand times across both APIs once', async () => {
    const name = `${randomLabel('many')}.agent`;
    const key = await provisionKey(bases[0]);
    const { challenge, required } = readChallenge(await register(bases[0], key, registerBody(name)));
    const paid = await payChallenge({ rpcUrl: s.anvil.rpcUrl, privateKey: s.payerKeys[1] as Hex, challenge, required });

    const statuses = new Map<number, number>();
    const orderIds = new Set<number>();
    let sent = 0;
    // 25 callers, 40 submissions each, alternating between the two APIs.
    await Promise.all(
      Array.from({ length: 25 }, async (_, caller) => {
        for (let i = 0; i < 40; i++) {
          const res = await register(bases[(caller + i) % 2] as string, key, registerBody(name), paid.credential);
          sent += 1;
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status === 200) orderIds.add((res.body as Registered).order.order_id);
        }
      }),
    );
    console.log(`one receipt, ${sent} submissions across two APIs: ${JSON.stringify(Object.fromEntries(statuses))}`);
    expect(sent).toBe(1000);
    expect(Object.fromEntries(statuses)).toEqual({ 200: 1000 });
    expect(orderIds.size).toBe(1);
    const em = s.t.db.orm.em.fork();
    expect(await em.count(Domain, { name })).toBe(1);
    expect(await em.count(DomainOrder, { domainName: name })).toBe(1);
    expect(await em.count(PaymentReceipt, { txHash: paid.txHash.toLowerCase() })).toBe(1);
  });

  it('loses nothing when a worker is killed while the other runs', async () => {
    const agent = await provision(s.t.app);
    await grantGems(s.t.db.orm.em.fork(), {
      accountId: agent.account_id,
      amount: 1_000_000,
      reference: `g:${randomLabel()}`,
    });
    const names = Array.from({ length: 20 }, () => randomLabel('kill'));
    const answers = names.map((label, i) =>
      register(bases[i % 2] as string, agent.api_key, { ...registerBody(`${label}.agent`), payment_method: 'gems' }),
    );
    // Mid-batch (once the first of the batch's orders is in), one worker dies without a chance to finish
    // anything it holds.
    const fqdns = names.map((label) => `${label}.agent`);
    await eventually(async () => (await s.t.db.orm.em.fork().count(DomainOrder, { domainName: { $in: fqdns } })) > 0);
    const victim = workers[0] as StackProcess;
    await victim.kill();
    const results = await Promise.all(answers);
    expect(victim.child.signalCode).toBe('SIGKILL');
    expect(results.map((r) => r.status)).toEqual(names.map(() => 200));
    expect(results.every((r) => (r.body as { domain?: { status?: string } }).domain?.status === 'active')).toBe(true);
    const em = s.t.db.orm.em.fork();
    for (const label of names) {
      expect(await em.count(Domain, { name: `${label}.agent` })).toBe(1);
      expect(await em.count(LedgerTransaction, { memo: `${label}.agent` })).toBe(1);
    }
  });
});
