import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import type { Hex } from 'viem';
import {
  payAndRegister,
  payChallenge,
  provisionKey,
  readChallenge,
  register,
  registerBody,
  submitPaid,
} from '../../examples/pay-and-register.ts';
import { grantGems } from '../../src/ledger/gems.ts';
import { randomLabel } from '../helpers/fixtures.ts';
import { eventually } from '../helpers/hosted-checkout.ts';
import { provision } from '../helpers/identities.ts';
import { has, scrape, total, type Sample } from '../helpers/metrics.ts';
import { freePort } from '../helpers/ports.ts';
import { testTemporalAddress } from '../helpers/app.ts';
import { startTestPowerDns, type TestPowerDns } from '../helpers/powerdns.ts';
import { startRegistryStack, type RegistryStack, type StackProcess } from '../helpers/registry-stack.ts';
import { WAIT_LIMIT_MS } from '../helpers/wait.ts';
import { subscribedReceiver, type TestReceiver } from '../helpers/webhook-receiver.ts';

// Issue 31: what an operator's Prometheus reads. A production API and a production worker
// (src/entry/*.ts), each serving GET /metrics on a port of its own, are scraped before and after what
// they must show: a paid registration, a webhook delivery that fails, and PowerDNS going away and back.

describe('metrics of the API and the worker', () => {
  let pdns: TestPowerDns;
  let s: RegistryStack;
  let api: StackProcess;
  let worker: StackProcess;
  let workerPort: number;
  let apiMetrics: string;
  let workerMetrics: string;

  const apiScrape = () => scrape(apiMetrics);
  const workerScrape = () => scrape(workerMetrics);
  /** Scrapes until `check` holds (the worker's counts move when its activities finish, a little after the answer). */
  async function until(
    read: () => Promise<Sample[]>,
    check: (m: Sample[]) => boolean,
    ms = WAIT_LIMIT_MS,
  ): Promise<Sample[]> {
    let last: Sample[] = [];
    // A process still starting refuses the connection: that is "not yet", not a failure.
    const attempt = async () => {
      try {
        return check((last = await read()));
      } catch {
        return false;
      }
    };
    await eventually(attempt, ms).catch((err: unknown) => {
      throw new Error(
        `${(err as Error).message}; last scrape:\n${JSON.stringify(last.filter((x) => x.name.startsWith('registry_')))}`,
      );
    });
    return last;
  }

  /** A fresh agent with gems, and its key. */
  async function agentWithGems() {
    const agent = await provision(s.t.app);
    await grantGems(s.t.db.orm.em.fork(), {
      accountId: agent.account_id,
      amount: 5000,
      reference: `g:${randomLabel()}`,
    });
    return agent;
  }
  /** A gems registration of a fresh name through the production API (the example client); its answer's status. */
  const registerWithGems = async (apiKey: string, prefix: string) =>
    (await register(api.url, apiKey, { ...registerBody(`${randomLabel(prefix)}.agent`), payment_method: 'gems' }))
      .status;

  beforeAll(async () => {
    pdns = await startTestPowerDns();
    s = await startRegistryStack(
      { ...pdns.env, WEBHOOK_RETRY_SCHEDULE: '0,300', WEBHOOK_ALLOW_INSECURE_LOCAL: 'true' },
      { worker: false },
    );
    const apiPort = await freePort();
    workerPort = await freePort();
    apiMetrics = `http://127.0.0.1:${apiPort}`;
    workerMetrics = `http://127.0.0.1:${workerPort}`;
    // The worker starts while the API comes up.
    worker = s.spawnWorker({ WORKER_METRICS_ADDRESS: `127.0.0.1:${workerPort}` });
    api = await s.spawnApi({ API_METRICS_ADDRESS: `127.0.0.1:${apiPort}` });
    // Up once its metrics answer with the SDK's own (the core exporter starts with the worker).
    await until(workerScrape, (m) => has(m, 'temporal_num_pollers'));
  });
  afterAll(async () => {
    await s?.stop();
    await pdns?.stop();
  });

  it('serves only GET /metrics, in the text format, off the public port', async () => {
    expect((await fetch(`${apiMetrics}/`)).status).toBe(404);
    expect((await fetch(`${apiMetrics}/metrics`, { method: 'POST' })).status).toBe(404);
    // The public port does not serve them unless METRICS_ON_API_PORT asks.
    expect((await fetch(`${api.url}/metrics`)).status).toBe(404);
    const m = await apiScrape();
    expect(has(m, 'process_cpu_seconds_total')).toBe(true);
    expect(has(m, 'nodejs_eventloop_lag_seconds')).toBe(true);
    // The read cache's tallies are there from the start, hits and misses both.
    expect(has(m, 'registry_read_cache_lookups_total', { result: 'hit' })).toBe(true);
    expect(has(m, 'registry_read_cache_lookups_total', { result: 'miss' })).toBe(true);
  });

  it('counts a paid registration on both sides: request, checkout, verification, outcome', async () => {
    const [a0, w0] = [await apiScrape(), await workerScrape()];
    const name = `${randomLabel('metrics')}.agent`;
    const flow = await payAndRegister({
      base: api.url,
      rpcUrl: s.anvil.rpcUrl,
      privateKey: s.payerKeys[2] as Hex,
      name,
    });
    expect(flow.registered.status).toBe(200);

    const a1 = await apiScrape();
    const route = { route: '/api/v1/domains/register', method: 'POST' };
    const requests = (m: Sample[], status: string) =>
      total(m, 'registry_http_request_duration_seconds_count', { ...route, status_code: status });
    expect(requests(a1, '402') - requests(a0, '402')).toBe(1);
    expect(requests(a1, '200') - requests(a0, '200')).toBe(1);
    // A path no route has is one series, not one per path.
    await fetch(`${api.url}/no/such/${randomLabel()}`);
    expect(
      has(await apiScrape(), 'registry_http_request_duration_seconds_count', {
        route: 'unmatched',
        status_code: '404',
      }),
    ).toBe(true);
    // The name was looked up after its registration: the read cache was asked.
    expect(total(a1, 'registry_read_cache_lookups_total')).toBeGreaterThan(
      total(a0, 'registry_read_cache_lookups_total'),
    );
    const opened = { operation: 'registration', rail: 'mpp' };
    expect(
      total(a1, 'registry_checkouts_opened_total', opened) - total(a0, 'registry_checkouts_opened_total', opened),
    ).toBe(1);

    const paid = { operation: 'registration', rail: 'mpp', outcome: 'registered' };
    const accepted = { method: 'mpp', result: 'accepted' };
    const w1 = await until(
      workerScrape,
      (m) =>
        total(m, 'registry_checkouts_closed_total', paid) - total(w0, 'registry_checkouts_closed_total', paid) === 1,
    );
    expect(
      total(w1, 'registry_payment_verifications_total', accepted) -
        total(w0, 'registry_payment_verifications_total', accepted),
    ).toBe(1);
    expect(
      total(w1, 'registry_payment_verification_duration_seconds_count', { method: 'mpp' }) -
        total(w0, 'registry_payment_verification_duration_seconds_count', { method: 'mpp' }),
    ).toBe(1);
    // Counted by Temporal visibility at the scrape: present, and nothing stalled.
    expect(has(w1, 'registry_checkout_runs_stalled', { stage: 'activating' })).toBe(true);
    expect(total(w1, 'registry_checkout_runs_stalled')).toBe(0);
    // The SDK's runtime metrics ride on the same scrape: the registration run completed on this worker.
    expect(total(w1, 'temporal_workflow_completed', { workflow_type: 'registrationWorkflow' })).toBeGreaterThanOrEqual(
      1,
    );
    expect(has(w1, 'temporal_workflow_task_schedule_to_start_latency_bucket')).toBe(true);
  });

  it('counts a gems registration’s checkout too: opened on the API, closed registered on the worker', async () => {
    const agent = await agentWithGems();
    const [a0, w0] = [await apiScrape(), await workerScrape()];
    expect(await registerWithGems(agent.api_key, 'gemsmetric')).toBe(200);
    const opened = { operation: 'registration', rail: 'gems' };
    expect(
      total(await apiScrape(), 'registry_checkouts_opened_total', opened) -
        total(a0, 'registry_checkouts_opened_total', opened),
    ).toBe(1);
    const done = { ...opened, outcome: 'registered' };
    await until(
      workerScrape,
      (m) =>
        total(m, 'registry_checkouts_closed_total', done) - total(w0, 'registry_checkouts_closed_total', done) === 1,
    );
  });

  describe('a second API or worker whose metrics port is taken (issue 38 item 7)', () => {
    /** An entry process with its output kept; `exited` settles with its exit code. */
    function start(entry: string, env: NodeJS.ProcessEnv) {
      const child = spawn(process.execPath, [entry], {
        env: { ...process.env, LOG_LEVEL: 'error', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      return { child, exited, output: () => output };
    }
    /** Its own lines, without Node's warnings about itself. */
    const linesOf = (output: string) =>
      output.split('\n').filter((l) => l.trim() && !l.startsWith('(node:') && !l.includes('--trace-warnings'));
    // Never reached: the port is judged before any connection is opened.
    const nowhere = { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', TEMPORAL_ADDRESS: '127.0.0.1:1' };

    it.each([
      ['src/entry/api.ts', 'API_METRICS_ADDRESS', () => apiMetrics],
      ['src/entry/worker.ts', 'WORKER_METRICS_ADDRESS', () => workerMetrics],
    ])('outside development, %s stops with one line naming %s, no stack trace', async (entry, setting, taken) => {
      const at = taken().replace('http://', '');
      const p = start(entry, { ...nowhere, NODE_ENV: 'test', [setting]: at });
      expect(await p.exited).toBe(2);
      expect(linesOf(p.output())).toEqual([
        `${setting}: ${at} is already in use; set ${setting} to a free host:port, or to off.`,
      ]);
    });

    it('in development, a second API serves its metrics on a free port and says where', async () => {
      const at = apiMetrics.replace('http://', '');
      const p = start('src/entry/api.ts', {
        NODE_ENV: 'development',
        DATABASE_URL: s.t.db.url,
        TEMPORAL_ADDRESS: testTemporalAddress(),
        TEMPORAL_TASK_QUEUE: s.taskQueue,
        PORT: String(await freePort()),
        API_METRICS_ADDRESS: at,
      });
      try {
        await eventually(async () => /serves them at http:\/\/\S+\/metrics/.test(p.output()));
        const moved = /serves them at (http:\/\/\S+\/metrics)/.exec(p.output())?.[1] as string;
        expect(p.output()).toContain(`API_METRICS_ADDRESS: ${at} is in use`);
        expect(moved).not.toContain(at);
        const res = await fetch(moved);
        expect(res.status).toBe(200);
        expect(await res.text()).toContain('process_cpu_seconds_total');
        expect(p.child.exitCode).toBeNull();
      } finally {
        p.child.kill('SIGKILL');
        await p.exited;
      }
    });
  });

  describe('a webhook receiver that fails', () => {
    let receiver: TestReceiver;
    afterAll(async () => receiver?.stop());

    it('shows the failed attempt, and the delivery pending with its age', async () => {
      const agent = await agentWithGems();
      const headers = { 'x-api-key': agent.api_key };
      ({ receiver } = await subscribedReceiver(s.t.app, s.t.db.orm, headers, ['domain.registered']));
      receiver.answerWith(500);
      const w0 = await workerScrape();

      expect(await registerWithGems(agent.api_key, 'hook')).toBe(200);
      // The first attempt fails (500) and the next is 300 s away: the delivery waits, and ages.
      const w1 = await until(
        workerScrape,
        (m) =>
          total(m, 'registry_webhook_delivery_attempts_total', { result: 'failed' }) -
            total(w0, 'registry_webhook_delivery_attempts_total', { result: 'failed' }) ===
            1 &&
          total(m, 'registry_webhook_deliveries_pending') >= 1 &&
          total(m, 'registry_webhook_oldest_pending_age_seconds') >= 1,
      );
      expect(receiver.arrivals.length).toBe(1);
      expect(total(w1, 'registry_webhook_delivery_attempts_total', { result: 'delivered' })).toBe(
        total(w0, 'registry_webhook_delivery_attempts_total', { result: 'delivered' }),
      );
      // The event itself left the outbox: the backlog is the delivery's, not the dispatcher's.
      expect(total(w1, 'registry_outbox_events_pending')).toBe(0);
    });
  });

  it('shows DNS changes waiting while PowerDNS is down, and draining when it is back', async () => {
    const agent = await agentWithGems();
    await pdns.server.stop();
    try {
      expect(await registerWithGems(agent.api_key, 'outage')).toBe(200);
      const down = await until(
        workerScrape,
        (m) =>
          total(m, 'registry_dns_changes_pending') >= 1 && total(m, 'registry_dns_oldest_pending_age_seconds') >= 2,
        60_000,
      );
      // The pass that cannot reach PowerDNS is retried: the SDK counts its failed attempts.
      expect(
        total(down, 'temporal_activity_execution_failed', { activity_type: 'publishZoneNames' }),
      ).toBeGreaterThanOrEqual(1);
    } finally {
      await pdns.restart();
    }
    await until(
      workerScrape,
      (m) =>
        total(m, 'registry_dns_changes_pending') === 0 && total(m, 'registry_dns_oldest_pending_age_seconds') === 0,
      90_000,
    );
  });

  it('shows a paid checkout stalled in verifying while the chain cannot be read, and its verification errors', async () => {
    // The only worker now reads the chain through a port where nothing listens, and counts a run as
    // stalled 3 s after it started (STALLED_RUN_SECONDS; 600 by default).
    await worker.stop();
    const blind = s.spawnWorker({
      WORKER_METRICS_ADDRESS: `127.0.0.1:${workerPort}`,
      CHAIN_RPC_URL: 'http://127.0.0.1:9',
      STALLED_RUN_SECONDS: '3',
    });
    const errors = { method: 'mpp', result: 'error' };
    const w0 = await until(workerScrape, (m) => has(m, 'temporal_num_pollers'));
    const name = `${randomLabel('stall')}.agent`;
    const apiKey = await provisionKey(api.url);
    const body = registerBody(name);
    const { required, challenge } = readChallenge(await register(api.url, apiKey, body));
    const payment = await payChallenge({
      rpcUrl: s.anvil.rpcUrl,
      privateKey: s.payerKeys[1] as Hex,
      challenge,
      required,
    });
    // The receipt is handed over: its verification fails and is retried (about 12 s) while the run shows
    // `verifying`; then the payer is told to retry with the same receipt.
    const handedOver = register(api.url, apiKey, body, payment.credential);
    const stalled = await until(
      workerScrape,
      (m) =>
        total(m, 'registry_checkout_runs_stalled', { stage: 'verifying' }) === 1 &&
        total(m, 'registry_payment_verifications_total', errors) -
          total(w0, 'registry_payment_verifications_total', errors) >=
          2,
      30_000,
    );
    expect(total(stalled, 'registry_payment_verifications_total', { method: 'mpp', result: 'accepted' })).toBe(0);
    const refused = await handedOver;
    expect(refused).toMatchObject({ status: 503, body: { code: 'verification_unavailable' } });

    // The run waits for the payment again (no longer stalled); with a worker that reads the chain, the
    // same receipt is verified and the name registered.
    await blind.stop();
    worker = s.spawnWorker({ WORKER_METRICS_ADDRESS: `127.0.0.1:${workerPort}`, STALLED_RUN_SECONDS: '3' });
    await until(
      workerScrape,
      (m) => has(m, 'temporal_num_pollers') && total(m, 'registry_checkout_runs_stalled') === 0,
      120_000,
    );
    expect((await submitPaid(api.url, apiKey, body, payment.credential)).status).toBe(200);
    const paid = { operation: 'registration', rail: 'mpp', outcome: 'registered' };
    await until(workerScrape, (m) => total(m, 'registry_checkouts_closed_total', paid) === 1);
  });
});
