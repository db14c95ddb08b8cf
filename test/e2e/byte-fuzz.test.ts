import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { connect } from 'node:net';
import fc from 'fast-check';
import { declaredRoutes } from '../../src/server/declared.ts';
import { Account } from '../../src/db/entities/index.ts';
import { byteCase, describeCase, type ByteCase, type FuzzRoute } from '../fuzz/byte-requests.ts';
import { createDomain, randomLabel } from '../helpers/fixtures.ts';
import { humanWithSession, provision } from '../helpers/identities.ts';
import { startTestOidc } from '../helpers/oidc.ts';
import { rawRequest, type RawAnswer } from '../helpers/raw-http.ts';
import { startRegistryStack, type RegistryStack, type StackProcess } from '../helpers/registry-stack.ts';
import { startUsdcRoute, type UsdcRoute } from '../helpers/usdc-route.ts';

// Byte-level fuzzing (issue 49; docs/reliability.md "Fuzzing"): Schemathesis (fuzz.test.ts) sends only what
// the OpenAPI document describes; this sends what no client library would — bodies that are not UTF-8,
// percent-escaped bad bytes, NUL, a BOM, truncated, deep or oversize bodies, gzip and unknown encodings, a
// Content-Length that lies, chunked framing gone wrong, unknown methods, repeated or oversize headers, no
// Host — to every route the app serves (API, pages and forms, MCP, RDAP, sign-in, well-known documents)
// and to the checkout relay, each a production process. What must hold for every case: the process is the
// same one afterwards (no request ends it), no answer is a 5xx, none hangs, and a refusal comes in the
// route's own format (JSON; a page where a browser asked for one).
//
// A fresh seed every run, printed (BYTE_FUZZ_SEED replays one); BYTE_FUZZ_CASES bounds the count (CI's
// default below; `npm run fuzz:bytes -- --cases N --seed S` for long runs).
const CASES = Number(process.env.BYTE_FUZZ_CASES ?? 400);
const SEED = process.env.BYTE_FUZZ_SEED ? Number(process.env.BYTE_FUZZ_SEED) : randomInt(1, 2 ** 31);
/** Longer than any answer takes on a loaded machine, far shorter than Node's own request timeout (300 s). */
const ANSWER_WITHIN_MS = 30_000;

// The relay's routes (src/relay/app.ts): a process of its own, not in the app's route declarations.
const RELAY_ROUTES = [
  ['GET', '/.well-known/payment-methods'],
  ['POST', '/v1/sessions'],
  ['GET', '/v1/sessions/:session_id'],
  ['POST', '/v1/sessions/:session_id/close'],
  ['GET', '/v1/sessions/:session_id/receipt'],
  ['POST', '/v1/sessions/:session_id/settle'],
] as const;

/** The pid of the process listening on 127.0.0.1:port, as the kernel says. */
function listenerPid(port: number): number {
  const out = execFileSync('ss', ['-Htlnp', `sport = :${port}`], { encoding: 'utf8' });
  return Number(/pid=(\d+)/.exec(out)?.[1] ?? NaN);
}

const isJson = (type = '') => /^application\/([\w.+-]+\+)?json\b/i.test(type);

/** Why an answer breaks the rules, or null when it keeps them. */
function fault(c: ByteCase, a: RawAnswer): string | null {
  if (a.refused) return 'the server refused the connection: nothing listens any more';
  if (a.hung) return `no answer and no close within ${ANSWER_WITHIN_MS / 1000} s`;
  if (a.status === null)
    // A body shorter than its Content-Length never completes a request: closing is the only answer.
    return c.frame === 'long' ? null : `closed without an answer (${a.error ?? 'closed'}; ${a.body.length} bytes)`;
  if (a.status >= 500) return `answered ${a.status}: ${a.body.subarray(0, 300).toString()}`;
  if (a.trailing.length > 0)
    return `answered twice: after the ${a.status}, ${a.trailing.subarray(0, 120).toString('latin1')}`;
  if (a.status < 400 || c.method === 'HEAD' || a.body.length === 0) return null;
  const type = a.headers['content-type'];
  if (isJson(type)) {
    try {
      JSON.parse(a.body.toString('utf8'));
      return null;
    } catch {
      return `a ${a.status} whose JSON body does not parse`;
    }
  }
  if (c.wantsPage && type?.startsWith('text/html')) return null;
  return `a ${a.status} refusal as ${type ?? 'no content type'}, not the route's JSON${c.wantsPage ? ' or page' : ''}`;
}

describe('every route under byte-level fuzzing', () => {
  let s: RegistryStack;
  let usdc: UsdcRoute;
  let idp: Awaited<ReturnType<typeof startTestOidc>>;
  let api: StackProcess;
  const pids = { api: 0, relay: 0 };
  const ports = { api: 0, relay: 0 };
  let arbitrary: fc.Arbitrary<ByteCase>;

  beforeAll(async () => {
    idp = await startTestOidc();
    [s, usdc] = await Promise.all([startRegistryStack({ OIDC_ISSUER: idp.issuer }), startUsdcRoute()]);
    // Two requests in flight at most: the fuzzer sends one at a time, so a case that leaves its slot taken
    // (a request the API forgets to count down) soon makes every later case a 503, which fails the run.
    api = await s.spawnApi({ OIDC_ISSUER: idp.issuer, ...usdc.registryEnv, MAX_IN_FLIGHT: '2' });
    ports.api = Number(new URL(api.url).port);
    ports.relay = Number(new URL(usdc.relay.url).port);
    pids.api = listenerPid(ports.api);
    pids.relay = listenerPid(ports.relay);
    const agent = await provision(s.t.app);
    const owner = await s.t.db.orm.em.fork().findOneOrFail(Account, { id: agent.account_id });
    const ownedName = (await createDomain(s.t.db.orm, { label: randomLabel('bf'), namespace: 'agent', owner })).name;
    const person = await humanWithSession(s.t.app, s.t.db.orm, randomLabel('bf'), idp.issuer);
    const routes: FuzzRoute[] = [
      ...declaredRoutes.map((r) => ({ method: r.method, url: r.url, port: ports.api })),
      ...RELAY_ROUTES.map(([method, url]) => ({ method, url, port: ports.relay })),
    ];
    arbitrary = byteCase(routes, {
      apiKey: agent.api_key,
      bearer: `Bearer ${await idp.mintAccessToken(randomLabel('bf'), { ttlSeconds: 3600 })}`,
      cookie: person.cookie,
      ownedName,
    });
  }, 180_000);
  afterAll(async () => {
    await api?.stop();
    await usdc?.stop();
    await s?.stop();
    await idp?.stop();
  });

  it(`keeps every process up and answers each case with a 4xx in the route's format (${CASES} cases)`, async () => {
    process.stdout.write(`byte fuzz: seed ${SEED}, ${CASES} cases (replay: BYTE_FUZZ_SEED=${SEED})\n`);
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    await fc.assert(
      fc.asyncProperty(arbitrary, async (c) => {
        const answer = await rawRequest(c.route.port, c.bytes, ANSWER_WITHIN_MS, { halfClose: c.frame === 'long' });
        const why = fault(c, answer) ?? (alive(pids.api) && alive(pids.relay) ? null : 'a process ended');
        if (why) throw new Error(`${why}\n  case: ${describeCase(c)}`);
      }),
      { seed: SEED, numRuns: CASES, endOnFailure: true },
    );
    // The same processes still listen, and still serve.
    expect(listenerPid(ports.api)).toBe(pids.api);
    expect(listenerPid(ports.relay)).toBe(pids.relay);
    expect((await fetch(`${api.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${usdc.relay.url}/.well-known/payment-methods`)).status).toBe(200);
    // And the fuzzed API still stops as it should: whatever the cases left behind, SIGTERM ends it with 0
    // (a stop that overran its deadline exits 1 naming the part it waited on, in the output above).
    const stoppedAt = Date.now();
    await api.stop();
    process.stdout.write(`byte fuzz: the fuzzed API stopped ${Date.now() - stoppedAt} ms after SIGTERM\n`);
    expect(api.child.exitCode).toBe(0);
  }, 900_000);

  // A client that keeps its connection open after the answer (here, one still
  // sending a body the API refused before reading it) kept a stopping API from exiting for ever: the
  // graceful close waited on that connection (src/entry/shared.ts closeWithin cuts it after a grace).
  it('stops on SIGTERM while a client holds a connection open', async () => {
    const fresh = await s.spawnApi({ OIDC_ISSUER: idp.issuer });
    const held = connect({ host: '127.0.0.1', port: Number(new URL(fresh.url).port) });
    held.on('error', () => undefined);
    const answered = new Promise<string>((resolve) => held.once('data', (d: Buffer) => resolve(d.toString('latin1'))));
    held.write(
      `POST /api/v1/teams HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 900000000\r\n\r\n`,
    );
    held.write(Buffer.alloc(256 * 1024, 0x20));
    expect(await answered).toMatch(/^HTTP\/1\.1 4\d\d /);
    const stoppedAt = Date.now();
    await fresh.stop();
    held.destroy();
    process.stdout.write(
      `byte fuzz: the API stopped ${Date.now() - stoppedAt} ms after SIGTERM with a connection held\n`,
    );
    expect(fresh.child.exitCode).toBe(0);
  }, 120_000);
});
