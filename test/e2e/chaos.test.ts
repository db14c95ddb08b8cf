import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import type { Hex } from 'viem';
import { payChallenge, readChallenge, register, registerBody } from '../../examples/pay-and-register.ts';
import { CheckoutSession, Domain, PaymentReceipt } from '../../src/db/entities/index.ts';
import { grantGems } from '../../src/ledger/gems.ts';
import { testTemporalAddress } from '../helpers/app.ts';
import { randomLabel } from '../helpers/fixtures.ts';
import { eventually } from '../helpers/hosted-checkout.ts';
import { provision } from '../helpers/identities.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';
import { startTestReceiver, type TestReceiver } from '../helpers/webhook-receiver.ts';

// Chaos (README "Reliability → Chaos"): mixed operations — gems and MPP registrations, abandoned
// checkouts reset, renewals — run while the production worker process is SIGKILLed at random moments
// and started again. At the end, counted against the database and the webhook receiver: every answered
// registration is one active domain, no receipt is used twice, the ledger sums to zero, no checkout is
// left open (each closed by its outcome or by reset), no run is left holding a name, and every event
// reached the subscriber at least once. CHAOS_OPS operations (40 here; `npm run chaos` runs 200).
const OPS = Number(process.env.CHAOS_OPS ?? 40);
const PARALLEL = 6;

/** A seeded PRNG, so a failing run can be repeated (CHAOS_SEED). */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('chaos: the worker killed at random while mixed operations run', () => {
  const seed = Number(process.env.CHAOS_SEED ?? Date.now() % 100_000);
  const random = prng(seed);
  let s: RegistryStack;
  let receiver: TestReceiver;
  let agents: { key: string; accountId: string }[] = [];
  let worker: ChildProcess | null = null;
  let kills = 0;
  let stopChaos = false;

  function startWorker(): ChildProcess {
    const c = s.t.config;
    const child = spawn(process.execPath, ['src/entry/worker.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        LOG_LEVEL: 'error',
        DATABASE_URL: s.t.db.url,
        TEMPORAL_ADDRESS: testTemporalAddress(),
        TEMPORAL_TASK_QUEUE: s.taskQueue,
        CHAIN_RPC_URL: c.CHAIN_RPC_URL ?? '',
        MPP_TOKEN_ADDRESS: s.token,
        MPP_PAY_TO: s.payTo,
        TEMPO_CHAIN_ID: String(c.TEMPO_CHAIN_ID),
        MPP_SECRET: c.MPP_SECRET ?? '',
        WEBHOOK_ALLOW_INSECURE_LOCAL: 'true',
        EXPIRY_SWEEP_SECONDS: '2',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    return child;
  }

  /** Kills the worker every 4-10 s (SIGKILL: no cleanup) and starts a new one at once. */
  async function monkey(): Promise<void> {
    while (!stopChaos) {
      await new Promise((r) => setTimeout(r, 4000 + random() * 6000));
      if (stopChaos) break;
      worker?.kill('SIGKILL');
      kills += 1;
      worker = startWorker();
    }
  }

  beforeAll(async () => {
    s = await startRegistryStack({ WEBHOOK_ALLOW_INSECURE_LOCAL: 'true' }, { worker: false });
    worker = startWorker();
    for (let i = 0; i < 4; i++) {
      const a = await provision(s.t.app);
      await grantGems(s.t.db.orm.em.fork(), {
        accountId: a.account_id,
        amount: 10_000_000,
        reference: `g:${randomLabel()}`,
      });
      agents.push({ key: a.api_key, accountId: a.account_id });
    }
    const sub = await s.t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/subscribe',
      headers: { 'x-api-key': agents[0]?.key as string },
      payload: { target_url: 'http://127.0.0.1:9/hooks', events: ['domain.registered', 'domain.renewed'] },
    });
    const { subscription, secret } = sub.json() as { subscription: { subscription_id: string }; secret: string };
    receiver = await startTestReceiver(secret);
    await s.t.db.orm.em
      .fork()
      .getConnection()
      .execute('update webhook_subscription set target_url = ? where id = ?', [
        receiver.url,
        subscription.subscription_id,
      ]);
  }, 120_000);
  afterAll(async () => {
    stopChaos = true;
    worker?.kill('SIGTERM');
    await receiver?.stop();
    await s?.stop();
  }, 60_000);

  it(`keeps every invariant through ${OPS} mixed operations and a worker killed at random`, async () => {
    console.log(`chaos seed ${seed} (CHAOS_SEED to repeat)`);
    const counts: Record<string, number> = {};
    const count = (k: string) => (counts[k] = (counts[k] ?? 0) + 1);
    const registered: { name: string; owner: number }[] = [];
    const receipts: string[] = [];
    const monkeyRun = monkey();

    const gemsRegister = async (agent: { key: string }, label: string) => {
      const res = await fetch(`${s.baseUrl}/api/v1/domains/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': agent.key },
        body: JSON.stringify({
          domain: label,
          namespace: 'agent',
          years: 1,
          agreed_to_terms: true,
          payment_method: 'gems',
        }),
      });
      return { status: res.status, body: (await res.json()) as { domain?: { status?: string } } };
    };

    async function one(i: number): Promise<void> {
      const owner = i % agents.length;
      const agent = agents[owner] as { key: string; accountId: string };
      const roll = random();
      const name = `${randomLabel('chaos')}.agent`;
      if (roll < 0.4 || registered.length === 0) {
        const r = await gemsRegister(agent, name.replace(/\.agent$/, ''));
        expect({ op: 'gems', name, status: r.status, domain: r.body.domain?.status }).toEqual({
          op: 'gems',
          name,
          status: 200,
          domain: 'active',
        });
        registered.push({ name, owner });
        count('gems registrations');
      } else if (roll < 0.65) {
        const { challenge, required } = readChallenge(await register(s.baseUrl, agent.key, registerBody(name)));
        const payer = s.payerKeys[i % s.payerKeys.length] as Hex;
        const paid = await payChallenge({ rpcUrl: s.anvil.rpcUrl, privateKey: payer, challenge, required });
        receipts.push(paid.txHash.toLowerCase());
        // The paid retry, repeated as a client whose answer was lost would.
        const answers = await Promise.all(
          [1, 2].map(() => register(s.baseUrl, agent.key, registerBody(name), paid.credential)),
        );
        expect(answers.map((a) => (a.status === 200 ? 200 : { status: a.status, body: a.body }))).toEqual([200, 200]);
        registered.push({ name, owner });
        count('mpp registrations');
      } else if (roll < 0.8) {
        readChallenge(await register(s.baseUrl, agent.key, registerBody(name)));
        const reset = await fetch(`${s.baseUrl}/api/v1/domains/${name}/reset-lock`, {
          method: 'POST',
          headers: { 'x-api-key': agent.key },
        });
        expect({ op: 'reset', status: reset.status }).toEqual({ op: 'reset', status: 200 });
        count('abandoned and reset');
      } else {
        // Mostly the caller's own names; now and then another's (refused 403, never a 5xx).
        const own = registered.filter((r) => r.owner === owner);
        const pool = own.length > 0 && random() < 0.85 ? own : registered;
        const target = (pool[Math.floor(random() * pool.length)] as { name: string }).name;
        const res = await fetch(`${s.baseUrl}/api/v1/renew`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': agent.key },
          body: JSON.stringify({ domain: target, years: 1, payment_method: 'gems' }),
        });
        // A renewal already running for the name is 409; none is a 5xx.
        expect({ op: 'renew', status: res.status < 500 ? 'not 5xx' : res.status }).toEqual({
          op: 'renew',
          status: 'not 5xx',
        });
        count(res.status === 200 ? 'renewals' : `renewals refused (${res.status})`);
      }
    }

    let next = 0;
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        while (next < OPS) await one(next++);
      }),
    );
    stopChaos = true;
    await monkeyRun;

    // Every event of the subscriber's names reaches it at least once, whatever the worker went through.
    const em = () => s.t.db.orm.em.fork();
    const expected = await em()
      .getConnection()
      .execute<{ id: string }[]>(
        `select e.id from outbox_event e join domain d on d.name = e.payload->>'domain'
         where e.event_type in ('domain.registered', 'domain.renewed') and d.owner_id = ?`,
        [agents[0]?.accountId],
      );
    const arrived = () => new Set(receiver.arrivals.map((a) => a.event.event_id));
    await eventually(async () => expected.every((e) => arrived().has(e.id)), 90_000);

    // Counted against the database.
    for (const { name } of registered)
      expect({ name, domains: await em().count(Domain, { name, status: 'active' }) }).toEqual({ name, domains: 1 });
    expect(await em().count(PaymentReceipt, { txHash: { $in: receipts } })).toBe(receipts.length);
    const [ledger] = await em()
      .getConnection()
      .execute<{ gems: string; usd: string }[]>(
        `select coalesce(sum(amount) filter (where book not like 'pathusd:%'), 0)::text as gems,
                coalesce(sum(amount) filter (where book like 'pathusd:%'), 0)::text as usd from ledger_line`,
      );
    expect(ledger).toEqual({ gems: '0', usd: '0' });
    await eventually(async () => (await em().count(CheckoutSession, { outcome: null })) === 0, 60_000);
    const outcomes = await em()
      .getConnection()
      .execute<{ outcome: string; n: string }[]>(
        'select outcome, count(*)::text as n from checkout_session group by outcome order by outcome',
      );
    const running = await s.t.temporal.client.workflow.count(
      `TaskQueue = '${s.taskQueue}' AND WorkflowType = 'registrationWorkflow' AND ExecutionStatus = 'Running'`,
    );
    expect(running.count).toBe(0);

    console.log(
      `chaos: ${OPS} operations, worker killed ${kills} times; ${JSON.stringify(counts)}; checkouts closed as ${JSON.stringify(Object.fromEntries(outcomes.map((o) => [o.outcome, Number(o.n)])))}; ${expected.length} events, ${receiver.arrivals.length} deliveries (${arrived().size} distinct); ${receipts.length} receipts, each used once; ledger sums gems 0, pathUSD 0`,
    );
    expect(kills).toBeGreaterThan(0);
  }, 600_000);
});
