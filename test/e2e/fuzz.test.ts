import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { appendFile, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { declaredRoutes } from '../../src/server/declared.ts';
import { Account } from '../../src/db/entities/index.ts';
import { grantGems } from '../../src/ledger/gems.ts';
import { findExecutable } from '../../src/infra/temporal-dev-server.ts';
import { createDomain, randomLabel } from '../helpers/fixtures.ts';
import { provision } from '../helpers/identities.ts';
import { startTestOidc } from '../helpers/oidc.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';

// Fuzzing from the contract (docs/reliability.md "Fuzzing"; settings in test/fuzz/schemathesis.toml): Schemathesis generates requests for every
// operation of the OpenAPI document a running stack serves, valid and invalid, with a real agent's API
// key, and checks every answer: no 5xx, each status documented, each body matching its schema, bad input
// refused. Bounded (FUZZ_EXAMPLES per operation) so it fits CI; a failure fails the suite. FUZZ_PHASES
// picks Schemathesis phases (all four by default).
//
// The fixed-seed passes repeat the same cases on every machine; one more pass draws a fresh seed each run
// (printed, so a finding replays with FUZZ_SEED=<seed>), and `npm run fuzz` runs FUZZ_RANDOM_PASSES of
// them with more examples before a submission.
//
// Schemathesis's own report stays in a file whose path is printed: it ends in pytest-style lines
// ("=== 3 warnings in 35.79s ===") that CI would read as a Python test run that executed nothing.
//
// The passes run in two lanes at once, each a Schemathesis process of one thread with an agent of its
// own (the fixed seed, then the owner's routes; the fresh seeds, then the bearer-token routes), so the
// suite takes about the longer lane rather than the sum; each pass still draws its cases from its seed
// alone, and each test waits for its own pass.
const EXAMPLES = process.env.FUZZ_EXAMPLES ?? '25';
const FIXED_SEED = 14;
const RANDOM_PASSES = Number(process.env.FUZZ_RANDOM_PASSES ?? '1');
const freshSeed = () => (process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : randomInt(1, 2 ** 31));

/** The routes that take a bearer token and no API key, as Schemathesis names operations. */
const bearerOnly = declaredRoutes
  .filter(({ config: { access } }) => access.includes('bearer') && !access.includes('agent_key'))
  .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
const bearerOnlyPattern = new RegExp(`^(${bearerOnly.map((r) => r.replace(/[{}]/g, '\\$&')).join('|')})$`);

describe('the API under Schemathesis', () => {
  /** Each pass's exit code, by name, started in beforeAll. */
  const passes: Record<string, Promise<number | null>> = {};
  let s: RegistryStack;
  /** The agent of the fixed-seed lane, with a name of its own, and the agent of the fresh-seed lane. */
  let key: string;
  let agentName: string;
  let freshKey: string;
  let idp: Awaited<ReturnType<typeof startTestOidc>>;
  let bearer: string;
  let operatorName: string;

  /** A registered name of this account's, written straight to the database. */
  const nameOwnedBy = async (accountId: string) => {
    const owner = await s.t.db.orm.em.fork().findOneOrFail(Account, { id: accountId });
    return (await createDomain(s.t.db.orm, { label: randomLabel('fuzz'), namespace: 'agent', owner })).name;
  };

  beforeAll(async () => {
    idp = await startTestOidc();
    s = await startRegistryStack({ OIDC_ISSUER: idp.issuer });
    const agentWithGems = async () => {
      const agent = await provision(s.t.app);
      await grantGems(s.t.db.orm.em.fork(), {
        accountId: agent.account_id,
        amount: 10_000_000,
        reference: `g:${randomLabel()}`,
      });
      return agent;
    };
    const agent = await agentWithGems();
    key = agent.api_key;
    agentName = await nameOwnedBy(agent.account_id);
    freshKey = (await agentWithGems()).api_key;
    bearer = `Bearer ${await idp.mintAccessToken('fuzz-operator', { ttlSeconds: 3600 })}`;
    const me = await s.t.app.inject({ method: 'GET', url: '/api/v1/agents/me', headers: { authorization: bearer } });
    const operatorId = (me.json() as { account: { account_id: string } }).account.account_id;
    operatorName = await nameOwnedBy(operatorId);

    // The two lanes start now; each test below waits for its pass. A pass runs after the one before it
    // in its lane whatever that one's outcome.
    const after = (before: Promise<unknown>, next: () => Promise<number | null>) => before.catch(() => {}).then(next);
    passes.fixed = schemathesis(`X-API-Key: ${key}`);
    passes.owned = after(passes.fixed, () => schemathesis(`X-API-Key: ${key}`, /\{domain_name\}/, agentName));
    let fresh: Promise<unknown> = Promise.resolve();
    for (let pass = 1; pass <= RANDOM_PASSES; pass++)
      fresh = passes[`fresh${pass}`] = after(fresh, () =>
        schemathesis(`X-API-Key: ${freshKey}`, undefined, undefined, freshSeed()),
      );
    passes.bearer = after(fresh, () => schemathesis(`Authorization: ${bearer}`, bearerOnlyPattern, operatorName));
    // A pass that fails before its test waits for it is reported by that test, not as unhandled.
    for (const pass of Object.values(passes)) pass.catch(() => {});
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
    await idp?.stop();
  });

  /**
   * One bounded Schemathesis run over the operations `only` names (all when absent), each request
   * carrying `credential`; with `owned`, every `{domain_name}` in a path is that name (one the
   * credential's account owns), so the handlers behind the ownership check meet the generated input.
   * Resolves to the run's exit code; prints one line of our own naming the seed and the report file.
   */
  async function schemathesis(credential: string, only?: RegExp, owned?: string, seed = FIXED_SEED) {
    const st = findExecutable('st') ?? findExecutable('schemathesis');
    if (!st) throw new Error('Schemathesis is not installed: python3 -m pip install schemathesis');
    const reports = await mkdtemp(join(tmpdir(), 'fuzz-'));
    let config = await readFile(fileURLToPath(new URL('../fuzz/schemathesis.toml', import.meta.url)), 'utf8');
    if (owned)
      config += `\n[[operations]]\ninclude-path-regex = "\\\\{domain_name\\\\}"\nparameters = { "path.domain_name" = "${owned}" }\n`;
    const configFile = join(reports, 'schemathesis.toml');
    await writeFile(configFile, config);
    const args = [
      '--config-file',
      configFile,
      'run',
      `${s.baseUrl}/openapi.json`,
      ...(only ? ['--include-name-regex', only.source] : []),
      // Which checks run (all but two) is said in test/fuzz/schemathesis.toml, not here: a check named on
      // the command line would override the per-operation exceptions there.
      // The given credential is the one sent; generated Authorization/cookie values beside it would only
      // be refused as ambiguous credentials.
      '--generation-with-security-parameters',
      'false',
      '--max-examples',
      EXAMPLES,
      '--phases',
      process.env.FUZZ_PHASES ?? 'examples,coverage,fuzzing,stateful',
      '--header',
      credential,
      // One worker: generation in two threads at once shares Hypothesis strategies between them, and a
      // CI run saw Schemathesis fail inside its own coverage generation (an internal error, no request
      // sent); one thread takes about twice as long and makes the run repeatable from its seed.
      '--workers',
      '1',
      '--request-timeout',
      '20',
      '--seed',
      String(seed),
      '--generation-database',
      'none',
      '--no-color',
      '--report',
      'ndjson',
      '--report-dir',
      reports,
    ];
    // In a directory of its own: Schemathesis keeps a cache (.schemathesis/) where it runs.
    const child = spawn(st, args, { cwd: reports, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((r) => child.once('exit', r));
    const reportFile = join(reports, 'schemathesis-output.txt');
    await writeFile(reportFile, out);
    if (process.env.FUZZ_OUTPUT) await appendFile(process.env.FUZZ_OUTPUT, out);
    const scope = only ? ` on ${only.source.slice(0, 60)}` : '';
    process.stdout.write(
      `fuzz: Schemathesis seed ${seed}${scope} exited ${code}; its report: ${reportFile} (replay: FUZZ_SEED=${seed})\n`,
    );
    return code;
  }

  it('finds no server error, undocumented status or schema violation', async () => {
    expect(await passes.fixed).toBe(0);
  }, 900_000);

  // The fixed seed finds only what it found once; a fresh seed each run looks somewhere new.
  for (let pass = 1; pass <= RANDOM_PASSES; pass++) {
    it(`finds none with a fresh random seed (pass ${pass} of ${RANDOM_PASSES})`, async () => {
      expect(await passes[`fresh${pass}`]).toBe(0);
    }, 1_800_000);
  }

  // Above, a generated name is almost never one the agent owns, so every route on a name stops at 404
  // or 403. Here those routes act on the agent's own name: profile, skill file, storefront, listing,
  // auto-renew, DNS delegation, lock and registration views meet the generated bodies and queries.
  it('finds none on the routes of a name, called by its owner', async () => {
    expect(await passes.owned).toBe(0);
  }, 900_000);

  // The routes an API key may not call (the dashboard, records, the owner list, the command endpoint)
  // would only ever answer the key 403: they are fuzzed again with a real bearer token of the identity
  // provider, so their handlers meet the generated input too.
  it('finds none on the routes that take a bearer token and no key, called with a real one', async () => {
    expect(bearerOnly).toEqual(expect.arrayContaining(['GET /api/v1/user/domains', 'POST /api/v1/command']));
    expect(await passes.bearer).toBe(0);
  }, 1_800_000);
});
