import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../helpers/ports.ts';
import { signIn } from '../helpers/browser.ts';

// `npm start` on embedded defaults, as a newcomer runs it: no DATABASE_URL, no TEMPORAL_ADDRESS. It
// must bring up PostgreSQL, the Temporal dev server with its UI, the worker and the API, serve real
// requests, and stop everything on Ctrl-C (SIGINT).
describe('npm start (whole stack, embedded defaults)', () => {
  let child: ChildProcess;
  let output = '';
  let dataDir: string;
  const ports = {
    api: 0,
    temporal: 0,
    ui: 0,
    pg: 0,
    oidc: 0,
    anvil: 0,
    base: 0,
    relay: 0,
    dns: 0,
    pdnsApi: 0,
    root: 0,
  };
  const api = (path: string, init?: RequestInit) => fetch(`http://127.0.0.1:${ports.api}${path}`, init);

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'registry-e2e-'));
    await chmod(dataDir, 0o755);
    for (const k of Object.keys(ports) as (keyof typeof ports)[]) ports[k] = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(ports.api),
      TEMPORAL_DEV_PORT: String(ports.temporal),
      TEMPORAL_UI_PORT: String(ports.ui),
      EMBEDDED_PG_PORT: String(ports.pg),
      DEV_OIDC_PORT: String(ports.oidc),
      ANVIL_PORT: String(ports.anvil),
      BASE_ANVIL_PORT: String(ports.base),
      CHECKOUT_PORT: String(ports.relay),
      PDNS_LOCAL_DNS_PORT: String(ports.dns),
      PDNS_LOCAL_API_PORT: String(ports.pdnsApi),
      HANDSHAKE_ROOT_PORT: String(ports.root),
      // Accepted although npm start fills in the relay, USDC and receiver itself (issue 25 item 10).
      MPP_BASE_MAINNET_ENABLED: 'true',
    };
    // No NODE_ENV, as a newcomer runs it: development (jest sets "test"); no LOG_LEVEL either, so the
    // request logs are written at info, as a newcomer's are.
    delete env.NODE_ENV;
    delete env.LOG_LEVEL;
    // No PUBLIC_BASE_URL: the default base must be the address printed (issue 7 item 11).
    delete env.PUBLIC_BASE_URL;
    delete env.DATABASE_URL;
    delete env.TEMPORAL_ADDRESS;
    delete env.OIDC_ISSUER;
    delete env.CHAIN_RPC_URL;
    delete env.BASE_RPC_URL;
    delete env.CHECKOUT_URL;
    delete env.PDNS_API_URL;
    child = spawn(process.execPath, ['src/entry/start.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    const deadline = Date.now() + 150_000;
    while (!output.includes('Ready. Press Ctrl-C to stop.')) {
      if (child.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
      if (Date.now() > deadline) throw new Error(`npm start did not become ready:\n${output}`);
      await sleep(250);
    }
  }, 180_000);

  afterAll(async () => {
    // Stopped as a person stops it (the last test does, unless it was skipped or failed first): killed
    // outright, npm start would leave its parts running (an API, a worker, anvil, PowerDNS) for the rest
    // of the run. Killed only if it does not stop in time.
    if (child && child.exitCode === null) {
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGINT');
      const stopped = await Promise.race([exited.then(() => true), sleep(60_000, false, { ref: false })]);
      if (!stopped) child.kill('SIGKILL');
    }
    await rm(dataDir, { recursive: true, force: true });
  }, 90_000);

  it('prints its summary last, once ready, with no log line in or after it', () => {
    const lines = output.trimEnd().split('\n');
    expect(lines.at(-1)).toBe('Ready. Press Ctrl-C to stop.');
    // The summary: the block from PostgreSQL's line to Ready, with nothing else printed in between.
    const from = lines.findIndex((l) => /^PostgreSQL\s/.test(l));
    expect(from).toBeGreaterThan(0);
    const block = lines.slice(from, -1);
    expect(block.filter((l) => l.trimStart().startsWith('{'))).toEqual([]);
    expect(block.some((l) => l.includes('Temporal CLI'))).toBe(false);
    expect(block.find((l) => l.startsWith('Logs'))).toContain(join(dataDir, 'logs', 'api.log'));
    expect(block.find((l) => l.startsWith('Metrics'))).toMatch(/API http:\/\/127\.0\.0\.1:\d+\/metrics, worker/);
  });

  it('prints where each part listens', () => {
    expect(output).toMatch(
      new RegExp(`PostgreSQL\\s+postgres://postgres:\\*\\*\\*@127\\.0\\.0\\.1:${ports.pg}/registry \\(embedded`),
    );
    expect(output).toMatch(new RegExp(`Temporal\\s+127\\.0\\.0\\.1:${ports.temporal}`));
    expect(output).toContain(`Temporal UI http://127.0.0.1:${ports.ui}`);
    expect(output).toMatch(/Worker\s+task queue "registry"/);
    expect(output).toContain(`OIDC        http://127.0.0.1:${ports.oidc} (local dev provider`);
    expect(output).toMatch(
      new RegExp(
        `Chain\\s+http://127\\.0\\.0\\.1:${ports.anvil} \\(local anvil --network tempo, chain id 1337\\); pathUSD at 0x20c0{36}`,
      ),
    );
    expect(output).toMatch(
      new RegExp(
        `Base\\s+http://127\\.0\\.0\\.1:${ports.base} \\(local anvil, chain id 8453\\); USDC \\(FiatToken V2\\.2\\) at 0x[0-9a-fA-F]{40}`,
      ),
    );
    expect(output).toContain(`Relay       http://127.0.0.1:${ports.relay} (the USDC route's checkout relay)`);
    expect(output).toContain(`API         http://127.0.0.1:${ports.api}`);
    expect(output).toContain(`DNS         PowerDNS on 127.0.0.1:${ports.dns}`);
    expect(output).toContain(`Root        Handshake regtest root on 127.0.0.1:${ports.root} delegates .agent .boss`);
    expect(output).toContain(
      `USDC route  open: X-MPP-Network: base-mainnet settles through http://127.0.0.1:${ports.relay}`,
    );
    expect(output).toContain('Webhooks    http and loopback receivers allowed (development');
    expect(output).toContain('npm run ops -- token <username>');
  });

  it('hands a newcomer a bearer token (`ops token`) and takes a webhook receiver on this machine', async () => {
    const { execFile } = await import('node:child_process');
    const { promisify } = await import('node:util');
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(ports.api), DEV_OIDC_PORT: String(ports.oidc) };
    for (const name of ['NODE_ENV', 'DATABASE_URL', 'OIDC_ISSUER', 'PUBLIC_BASE_URL']) delete env[name];
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['src/entry/ops.ts', 'token', 'e2e-newcomer', '--raw'],
      {
        env,
      },
    );
    // A bearer-only route (spec 5 rule 7) accepts it.
    const mine = await api('/api/v1/user/domains', { headers: { authorization: `Bearer ${stdout.trim()}` } });
    expect(mine.status).toBe(200);

    const provisioned = await api('/api/v1/agents/provision', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const { api_key } = (await provisioned.json()) as { api_key: string };
    const subscribed = await api('/api/v1/webhooks/subscribe', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': api_key },
      body: JSON.stringify({ target_url: 'http://127.0.0.1:8787/hooks', events: ['domain.registered'] }),
    });
    expect(subscribed.status).toBe(200);
  }, 60_000);

  it('runs the checkout relay of the USDC route on the local Base chain', async () => {
    const res = await fetch(`http://127.0.0.1:${ports.relay}/.well-known/payment-methods`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { methods: unknown[] }).methods[0]).toMatchObject({
      network: 'eip155:8453',
      settlement_enabled: true,
    });
  });

  it('is ready, with the Temporal Web UI up', async () => {
    const ready = await api('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', parts: { database: 'ok', temporal: 'ok' } });
    const ui = await fetch(`http://127.0.0.1:${ports.ui}/`);
    expect(ui.status).toBe(200);
  });

  it('serves the discovery API from the catalog loaded at start', async () => {
    const search = await api('/api/v1/domains/search?q=e2e-scout');
    expect(search.status).toBe(200);
    expect(((await search.json()) as { results: unknown[] }).results).toHaveLength(10);
    const skill = await api('/tld/agent/skill.md');
    expect(skill.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const lookup = await api('/api/v1/lookup/e2e-scout.agent');
    expect(lookup.status).toBe(404);
  });

  it('signs in through the local identity provider at the printed address, and lands on the home page', async () => {
    const login = await api('/auth/login', { redirect: 'manual' });
    expect(login.status).toBe(302);
    expect(login.headers.get('location')).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${ports.oidc}/auth\\?`));
    expect((await api('/api/v1/agents/me')).status).toBe(401);

    const printed = /API\s+(http:\/\/\S+)/.exec(output)?.[1] as string;
    const { go, done } = await signIn(printed, 'e2e-person');
    expect(done.res.status).toBe(302);
    expect(done.location).toBe('/');
    const home = await go(`${printed}/`);
    expect(home.res.status).toBe(200);
    expect(home.res.headers.get('content-type')).toContain('text/html');
    expect(home.text).toContain('Signed in as <strong>e2e-person</strong>');
    expect((await go(`${printed}/api/v1/agents/me`)).res.status).toBe(200);
    // The API reference's server is that same address, so "Try it out" works from it.
    const doc = (await (await api('/openapi.json')).json()) as { servers: { url: string }[] };
    expect(doc.servers[0]?.url).toBe(printed);
  });

  it('registers a name paid on its local chain, as an agent would', async () => {
    const { payAndRegister } = await import('../../examples/pay-and-register.ts');
    const { ANVIL_PAYER_KEYS } = await import('../../src/infra/anvil.ts');
    const out = await payAndRegister({
      base: `http://127.0.0.1:${ports.api}`,
      rpcUrl: `http://127.0.0.1:${ports.anvil}`,
      privateKey: ANVIL_PAYER_KEYS[0],
      name: 'e2e-scout.agent',
    });
    expect(out.registered.status).toBe(200);
    expect(out.lookup.status).toBe(200);
  }, 60_000);

  it('expires names unattended: after `ops expire` the next sweep puts the name back in the pool', async () => {
    const name = 'e2e-scout.agent';
    // The embedded server's development password (src/infra/embedded-postgres.ts).
    const databaseUrl = `postgres://postgres:registry-dev@127.0.0.1:${ports.pg}/registry`;
    const { execFile } = await import('node:child_process');
    const { promisify } = await import('node:util');
    const { stdout } = await promisify(execFile)(process.execPath, ['src/entry/ops.ts', 'expire', name], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
    });
    expect(JSON.parse(stdout)).toMatchObject({ domain: name, stage: 'expired' });
    const started = Date.now();
    while ((await api(`/api/v1/lookup/${name}`)).status !== 404 && Date.now() - started < 20_000) await sleep(250);
    // `npm start` sweeps every 5 s: one interval (and the sweep itself), not the default minute.
    expect(Date.now() - started).toBeLessThan(10_000);
    const search = (await (await api(`/api/v1/domains/search?q=${name}`)).json()) as {
      results: { available: boolean }[];
    };
    expect(search.results[0]?.available).toBe(true);
    const { default: pg } = await import('pg');
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const events = await db.query<{ event_type: string }>(
        "select event_type from outbox_event where payload->>'domain' = $1 order by created_at",
        [name],
      );
      expect(events.rows.map((r) => r.event_type)).toEqual([
        'domain.registered',
        'domain.grace_started',
        'domain.expired',
      ]);
    } finally {
      await db.end();
    }
  }, 60_000);

  it('runs workflows on its worker', async () => {
    // The worker is the only one polling the "registry" task queue of this dev server.
    const { Connection, Client } = await import('@temporalio/client');
    const connection = await Connection.connect({ address: `127.0.0.1:${ports.temporal}` });
    try {
      const client = new Client({ connection });
      const result = await client.workflow.execute('catalogSyncWorkflow', {
        taskQueue: 'registry',
        workflowId: 'catalog-sync:e2e',
      });
      expect(result).toEqual({ version: '2026.11.1', count: 10 });
    } finally {
      await connection.close();
    }
  });

  // The operator's view (issue 51): an open registration in the Temporal UI that `npm start` serves, read in
  // a real Chromium: its summary in words, its timer named, and a Call Stack that reaches the workflow's own
  // code. Photographed into a temporary folder the run prints, or with
  // SCREENSHOTS=docs/screenshots into the committed ones.
  it('shows an operator an open registration in the Temporal UI, in words, with its own call stack', async () => {
    const { provisionKey, register, registerBody, readChallenge } = await import('../../examples/pay-and-register.ts');
    const base = `http://127.0.0.1:${ports.api}`;
    const name = 'e2e-operator.agent';
    const { required } = readChallenge(await register(base, await provisionKey(base), registerBody(name, 1)));
    const workflowId = `registration:${name}`;

    const { Connection, Client } = await import('@temporalio/client');
    const connection = await Connection.connect({ address: `127.0.0.1:${ports.temporal}` });
    let runId: string;
    try {
      const handle = new Client({ connection }).workflow.getHandle(workflowId);
      runId = (await handle.describe()).runId;
      // The stack query the UI's Call Stack shows: where the workflow's code waits.
      const stack = (await handle.query('__stack_trace')) as string;
      expect(stack).toMatch(/at paidCheckout \(.*workflows\/checkout\.ts:\d+/);
    } finally {
      await connection.close();
    }

    const { launchChromium } = await import('../helpers/chromium.ts');
    const shots = process.env.SCREENSHOTS
      ? join(process.cwd(), process.env.SCREENSHOTS)
      : await mkdtemp(join(tmpdir(), 'temporal-ui-'));
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
      const run = `http://127.0.0.1:${ports.ui}/namespaces/default/workflows/${encodeURIComponent(workflowId)}/${runId}`;
      // Each view photographed where it says what the run waits for (the UI scrolls inside its own pane).
      const photograph = async (text: string | RegExp, file: string) => {
        const at = page.getByText(text).first();
        await at.waitFor({ timeout: 30_000 });
        // The UI renders the view again as its requests answer (and it polls): scrolled on a later try.
        for (let tries = 1; ; tries++) {
          try {
            // Down to it, not sideways: a summary cell is wider than the pane.
            await at.evaluate(
              (el) => {
                // Typed here: the tests compile without the DOM's types.
                type Box = { scrollLeft: number; parentElement: Box | null; scrollIntoView(o: object): void };
                const box = el as unknown as Box;
                box.scrollIntoView({ block: 'center' });
                for (let n: Box | null = box; n; n = n.parentElement) n.scrollLeft = 0;
              },
              undefined,
              { timeout: 5_000 },
            );
            break;
          } catch (err) {
            if (tries === 5) throw err;
            await sleep(500);
          }
        }
        await page.screenshot({ path: join(shots, file) });
      };
      // The run's static summary and details (the SDK's user metadata), shown with its first event.
      await page.goto(`${run}/history`);
      await photograph(/waiting for payment \(mpp\) due/, 'temporal-timer.png');
      // The first event opened: the summary and the details in full.
      await page.getByText('Workflow Execution Started').first().click();
      await photograph(`registration of ${name}: 15.00 pathUSD by mpp`, 'temporal-registration.png');
      await page.goto(`${run}/call-stack`);
      await photograph(/paidCheckout.*workflows\/checkout\.ts/, 'temporal-call-stack.png');
      process.stdout.write(`temporal ui: screenshots in ${shots}\n`);
    } finally {
      await browser.close();
    }
    expect(required.session_id).toBeTruthy();
  }, 120_000);

  it('keeps the request logs in its log files, out of the terminal', async () => {
    for (let i = 0; i < 3; i++) expect((await api('/api/v1/domains/search?q=e2e-logs')).status).toBe(200);
    expect(output.split('\n').filter((l) => l.trimStart().startsWith('{'))).toEqual([]);
    const { readFile } = await import('node:fs/promises');
    const logged = (await readFile(join(dataDir, 'logs', 'api.log'), 'utf8'))
      .split('\n')
      .filter((l) => l.startsWith('{'));
    expect(
      logged.some((l) => (JSON.parse(l) as { req?: { url?: string } }).req?.url?.startsWith('/api/v1/domains/search')),
    ).toBe(true);
  });

  it('restarts an API that dies, saying why, while the other parts keep running', async () => {
    const { execFileSync } = await import('node:child_process');
    const childPid = (script: string) =>
      Number(execFileSync('pgrep', ['-P', String(child.pid), '-f', script], { encoding: 'utf8' }).trim());
    const [api0, worker0] = [childPid('src/entry/api.ts'), childPid('src/entry/worker.ts')];
    const before = output.length;
    process.kill(api0, 'SIGKILL');
    const deadline = Date.now() + 120_000;
    for (;;) {
      const ready = await api('/readyz').then(
        (r) => r.ok,
        () => false,
      );
      if (ready && output.length > before) break;
      if (child.exitCode !== null) throw new Error(`npm start stopped:\n${output.slice(before)}`);
      if (Date.now() > deadline) throw new Error(`the API did not come back:\n${output.slice(before)}`);
      await sleep(250);
    }
    expect(output.slice(before)).toContain('API exited unexpectedly (SIGKILL); restarting it in 1 s');
    expect(childPid('src/entry/api.ts')).not.toBe(api0);
    expect(childPid('src/entry/worker.ts')).toBe(worker0);
    expect((await api('/api/v1/domains/search?q=restarted')).status).toBe(200);
  }, 150_000);

  it('stops every part on Ctrl-C', async () => {
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    for (const port of [ports.api, ports.temporal, ports.pg, ports.oidc, ports.anvil]) {
      await expect(fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2000) })).rejects.toThrow();
    }
  }, 60_000);
});
