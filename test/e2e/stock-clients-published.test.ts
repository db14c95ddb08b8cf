import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Hex } from 'viem';
import { Domain } from '../../src/db/entities/index.ts';
import { ANVIL_PAYER_KEYS, anvilBinary } from '../../src/infra/anvil.ts';
import { provisionKey } from '../../examples/pay-and-register.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';
import { randomLabel } from '../helpers/fixtures.ts';
import { freePort } from '../helpers/ports.ts';
import { pathUsdBalance } from '../helpers/tempo-chain.ts';
import { waitFor } from '../helpers/wait.ts';

// The stock mppx client as a newcomer gets it today, not as this project's lockfile pins it: the install
// command and program of README "For agents: the tools they already carry" run as written from an empty
// folder, and so does its `mppx` CLI line; then the newest mppx and viem the npm registry publishes try the
// same program. A newer release that breaks the README's way, or that makes a sentence of it wrong, fails
// here the day it is published. Each install writes its output to a file in its scratch folder (named in
// the failure), never to the test output; an unreachable registry is a failure that says so, not a skip.

const root = fileURLToPath(new URL('../../', import.meta.url));
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const run = promisify(execFile);

/** What the README tells a newcomer: the install command, the program (`pay.mjs`) and the CLI line. */
function readmeClient() {
  const install = /from an empty folder with Node 24: `(npm install [^`]+)`/.exec(readme)?.[1];
  const program = /save this as\s+`pay\.mjs`[\s\S]*?```js\n([\s\S]*?)```/.exec(readme)?.[1];
  const cli = /^\| `mppx` CLI \| `([^`]+)`/m.exec(readme)?.[1];
  if (!install || !program || !cli)
    throw new Error('README: the mppx install command, pay.mjs or the CLI line is gone');
  return { install, program, cli };
}

/** The addresses `npm start` listens on, as the README writes them, turned into this stack's. */
function onStack(text: string, s: RegistryStack, apiKey: string, label: string): string {
  return text
    .replaceAll('http://127.0.0.1:8545', s.anvil.rpcUrl)
    .replaceAll('http://127.0.0.1:3000', s.baseUrl)
    .replaceAll('<key>', apiKey)
    .replaceAll('0x5de4…365a', ANVIL_PAYER_KEYS[0])
    .replace(/(["']?domain["']?\s*:\s*["'])scout(["'])/, `$1${label}$2`);
}

/**
 * npm's own variables (set when jest runs under `npm test`) would point a child npm at this project
 * (`npm_config_local_prefix`, `npm_package_*`, ...): all go but those saying how to reach the registry.
 */
const registrySettings =
  /^npm_config_(registry|cafile|cache|userconfig|globalconfig|noproxy|proxy|https_proxy|strict_ssl)$/i;
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k) || registrySettings.test(k)),
  );
  return { ...env, NO_COLOR: '1', npm_config_update_notifier: 'false', npm_config_fund: 'false', ...extra };
}

/** Runs a shell command in `dir` with its output in `log`; resolves to its exit code. */
async function shell(dir: string, command: string, log: string, env = cleanEnv()): Promise<number> {
  const out = await open(log, 'w');
  try {
    return await new Promise<number>((resolve, reject) => {
      const child = spawn('bash', ['-c', command], { cwd: dir, env, stdio: ['ignore', out.fd, out.fd] });
      const timer = setTimeout(() => child.kill('SIGKILL'), 240_000);
      child.once('error', reject);
      child.once('exit', (code) => {
        clearTimeout(timer);
        resolve(code ?? -1);
      });
    });
  } finally {
    await out.close();
  }
}

/** An empty folder the way `npm init` leaves it, for an install. */
async function scratchProject(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'scratch', private: true }, null, 2));
  return dir;
}

async function installed(dir: string, pkg: string): Promise<string> {
  return (JSON.parse(await readFile(join(dir, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string })
    .version;
}

async function newestPublished(pkg: string): Promise<string> {
  try {
    const { stdout } = await run('npm', ['view', pkg, 'version'], { env: cleanEnv(), timeout: 60_000 });
    return stdout.trim();
  } catch (err) {
    const why = /npm error (?:code )?(.+)/.exec((err as { stderr?: string }).stderr ?? '')?.[1];
    throw new Error(
      `the npm registry could not be reached (npm view ${pkg} version: ${why ?? (err as Error).message}). ` +
        'This test installs the newest published mppx and viem; it needs the registry that npm ci used.',
    );
  }
}

/**
 * Whether this anvil can run the local chain at a Tempo hardfork: it exits at once on an unknown one, and
 * listens on its port on a known one. Waited for either, not for a fixed time a loaded machine can outlast.
 */
async function anvilRunsTempoHardfork(hardfork: string): Promise<boolean> {
  const port = await freePort();
  const child = spawn(anvilBinary(), ['--network', 'tempo', '--hardfork', hardfork, '--port', String(port)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
  const listening = () =>
    new Promise<boolean>((r) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => (socket.end(), r(true)));
      socket.once('error', () => r(false));
    });
  await waitFor(
    `anvil --hardfork ${hardfork} to exit or listen`,
    async () => child.exitCode !== null || (await listening()),
  );
  if (child.exitCode !== null) return !/unknown hardfork/i.test(stderr);
  child.kill('SIGKILL');
  await once(child, 'exit');
  return true;
}

/** Runs the README's program in `dir` against the stack: its exit code and output. */
async function payWithProgram(dir: string, program: string) {
  await writeFile(join(dir, 'pay.mjs'), program);
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, ['pay.mjs'], { cwd: dir, env: cleanEnv(), timeout: 90_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr }),
    );
  });
}

describe("stock MPP clients as published today, installed the README's way", () => {
  let s: RegistryStack;
  let scratch: string;
  const newest = { mppx: '', viem: '' };
  let readmeInstall: { dir: string; log: string; code: number };
  let bareInstall: { dir: string; log: string; code: number; forced: boolean };

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'stock-clients-'));
    const { install } = readmeClient();
    const installs = (async () => {
      newest.mppx = await newestPublished('mppx');
      newest.viem = await newestPublished('viem');
      const readmeDir = await scratchProject(join(scratch, 'readme'));
      const bareDir = await scratchProject(join(scratch, 'newest'));
      // Both at once: each is mostly waiting on the registry.
      const [readmeCode, bareCode] = await Promise.all([
        shell(readmeDir, `${install} --no-audit`, join(readmeDir, 'install.log')),
        shell(bareDir, `npm install --no-audit mppx@${newest.mppx} viem@${newest.viem}`, join(bareDir, 'install.log')),
      ]);
      readmeInstall = { dir: readmeDir, log: join(readmeDir, 'install.log'), code: readmeCode };
      bareInstall = { dir: bareDir, log: join(bareDir, 'install.log'), code: bareCode, forced: false };
      if (bareCode !== 0) {
        // The newest pair's own code still deserves a try when npm's resolver refuses the pair.
        const log = join(bareDir, 'install-legacy-peer-deps.log');
        const code = await shell(
          bareDir,
          `npm install --no-audit --legacy-peer-deps mppx@${newest.mppx} viem@${newest.viem}`,
          log,
        );
        if (code !== 0)
          throw new Error(`npm install --legacy-peer-deps of the newest mppx and viem failed: see ${log}`);
        bareInstall.forced = true;
      }
    })();
    // Both settle before a failure is thrown, so afterAll stops a stack that started.
    const [stack, done] = await Promise.allSettled([startRegistryStack(), installs]);
    if (stack.status === 'fulfilled') s = stack.value;
    for (const r of [done, stack]) if (r.status === 'rejected') throw r.reason;
  }, 400_000);
  afterAll(async () => {
    await s?.stop();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  const balance = (address: Hex) => pathUsdBalance(s.anvil.rpcUrl, address);

  it("the README's install command installs the versions the project itself tests", async () => {
    if (readmeInstall.code !== 0) {
      throw new Error(`the README's \`${readmeClient().install}\` failed: see ${readmeInstall.log}`);
    }
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    // The README pins what `npm test` runs everywhere else (package.json's exact viem, the lockfile's mppx).
    expect(await installed(readmeInstall.dir, 'viem')).toBe(pkg.dependencies.viem);
    expect(await installed(readmeInstall.dir, 'mppx')).toBe(await installed(root, 'mppx'));
  });

  it("the README's pay.mjs, as written, registers a name and pays for it once", async () => {
    const apiKey = await provisionKey(s.baseUrl);
    const label = randomLabel('readme');
    const before = await balance(s.payTo);
    const res = await payWithProgram(readmeInstall.dir, onStack(readmeClient().program, s, apiKey, label));
    expect({ code: res.code, stderr: res.stderr }).toEqual({ code: 0, stderr: '' });
    expect(res.stdout).toMatch(/^200 /);
    expect(JSON.parse(res.stdout.slice(4))).toMatchObject({
      domain: { name: `${label}.agent` },
      order: { payment_method: 'mpp', amount: '15.00' },
    });
    expect(await balance(s.payTo)).toBe(before + 15_000_000n);
    expect(await s.t.db.orm.em.fork().count(Domain, { name: `${label}.agent` })).toBe(1);
  });

  it("the README's `mppx` CLI line, run as written from an empty folder, registers a name", async () => {
    const apiKey = await provisionKey(s.baseUrl);
    const label = randomLabel('readmecli');
    const dir = await scratchProject(join(scratch, 'cli'));
    const log = join(dir, 'cli.log');
    // Its own HOME (the CLI keeps accounts there); npm's cache stays the user's.
    const code = await shell(
      dir,
      `${onStack(readmeClient().cli, s, apiKey, label)} -i`,
      log,
      cleanEnv({ HOME: dir, npm_config_cache: join(homedir(), '.npm') }),
    );
    const out = await readFile(log, 'utf8');
    if (code !== 0) throw new Error(`the README's mppx CLI line exited ${code}: see ${log}\n${out.slice(-2_000)}`);
    expect(out).toMatch(/\b200\b/);
    expect(await s.t.db.orm.em.fork().count(Domain, { name: `${label}.agent` })).toBe(1);
  });

  it("the skill file tells an agent the README's install, CLI and getClient, which the tests above ran", async () => {
    const skill = await (await fetch(`${s.baseUrl}/tld/agent/skill.md`)).text();
    const { install, cli, program } = readmeClient();
    expect(skill).toContain(`\`${install}\``);
    // The CLI's command itself, from `npx` to `mppx` (the addresses differ: the skill file names the 402's).
    expect(skill).toContain(/npx --yes -p \S+ -p \S+ mppx/.exec(cli)?.[0]);
    expect(program).toContain('getClient: () => client');
    expect(program).toContain("createClient({ transport: http('http://127.0.0.1:8545') })");
    expect(skill).toContain("getClient: () => createClient({ transport: http('<challenge.rpc_url>') })");
  });

  it('the newest published mppx and viem: what the README says of them is still what happens', async () => {
    // A bare install of the newest pair: the README says npm's resolver refuses it (ERESOLVE).
    const bareLog = await readFile(bareInstall.log, 'utf8');
    const readmeSaysEresolve = /a bare `npm install mppx viem` stops on\s+`ERESOLVE`/.test(readme);
    if (bareInstall.code === 0 && readmeSaysEresolve) {
      throw new Error(
        `\`npm install mppx@${newest.mppx} viem@${newest.viem}\` installs now: the README's sentence about ERESOLVE ` +
          'is out of date (and the pins may be lifted once the program below pays)',
      );
    }
    if (bareInstall.code !== 0) {
      expect(readmeSaysEresolve).toBe(true);
      expect(bareLog).toContain('ERESOLVE');
    }

    // The same program, with the newest code.
    const apiKey = await provisionKey(s.baseUrl);
    const label = randomLabel('newest');
    const before = await balance(s.payTo);
    const res = await payWithProgram(bareInstall.dir, onStack(readmeClient().program, s, apiKey, label));
    const versions = `mppx ${await installed(bareInstall.dir, 'mppx')} and viem ${await installed(bareInstall.dir, 'viem')}`;
    const paid = res.code === 0 && res.stdout.startsWith('200 ');
    const refusedNonce = /expiring nonce transaction must have nonce == 0/.test(res.stderr);
    const t12 = await anvilRunsTempoHardfork('t12');

    if (paid) {
      // Good news is drift too: the README says the newest cannot pay here.
      throw new Error(
        `${versions} pay the local stack now: lift the version pins of README "For agents: the tools they already carry" ` +
          'and its sentences on why they were needed',
      );
    }
    if (!refusedNonce) {
      throw new Error(
        `${versions}, the newest published, cannot pay the local stack, and not for the reason the README gives:\n` +
          `exit ${res.code}\n${res.stdout.slice(-2_000)}\n${res.stderr.slice(-4_000)}`,
      );
    }
    if (t12) {
      throw new Error(
        `${versions} are refused by the local chain's Tempo T4 for their random expiring nonce, and this anvil ` +
          '(src/infra/anvil.ts) now runs Tempo T12, which accepts it (TIP-1106): raise its hardfork and lift the README pins',
      );
    }
    // The refusal came before anything was sent: nothing paid, nothing registered.
    expect(await balance(s.payTo)).toBe(before);
    expect(await s.t.db.orm.em.fork().count(Domain, { name: `${label}.agent` })).toBe(0);
  });
});
