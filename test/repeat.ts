// Runs one jest test file again and again and reports every run, stopping at nothing: a test that fails
// once in twenty runs is a defect to find (docs/development.md "Scripts").
//
//   node test/repeat.ts seeds test/e2e/chaos.test.ts   (npm run chaos:seeds)
//     CHAOS_SEED = CHAOS_SEEDS_FROM, +1, …: CHAOS_SEEDS_COUNT runs (20) from a random start by default
//   node test/repeat.ts runs test/e2e/idempotency.test.ts   (npm run idempotency:repeat)
//     REPEAT_RUNS runs (20)
//
// Each run's whole output goes to a log file of its own; the terminal gets one line per run (its seed or
// number, passed or failed, seconds, the log) and, at the end, the seeds or runs that failed. Exits 1 if
// any failed.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [mode, file] = process.argv.slice(2);
if ((mode !== 'seeds' && mode !== 'runs') || !file) {
  process.stderr.write('usage: node test/repeat.ts seeds|runs <test file>\n');
  process.exit(2);
}

const count = Number((mode === 'seeds' ? process.env.CHAOS_SEEDS_COUNT : process.env.REPEAT_RUNS) ?? 20);
const from = Number(process.env.CHAOS_SEEDS_FROM ?? Math.floor(Math.random() * 100_000));
const logs = await mkdtemp(join(tmpdir(), 'repeat-'));
const jest = ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', file];

/** One jest run of the file; its exit code. Output to `log`. */
function run(env: Record<string, string>, log: string): Promise<number | null> {
  const out = createWriteStream(log);
  const child = spawn(process.execPath, jest, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(out, { end: false });
  child.stderr.pipe(out, { end: false });
  return new Promise((resolve) => child.once('close', (code) => out.end(() => resolve(code))));
}

process.stdout.write(
  mode === 'seeds'
    ? `${file}: seeds ${from} to ${from + count - 1}; logs in ${logs}\n`
    : `${file}: ${count} runs; logs in ${logs}\n`,
);
const failed: string[] = [];
for (let i = 0; i < count; i++) {
  const label = mode === 'seeds' ? `seed ${from + i}` : `run ${i + 1} of ${count}`;
  const log = join(logs, mode === 'seeds' ? `seed-${from + i}.log` : `run-${i + 1}.log`);
  const started = Date.now();
  const code = await run(mode === 'seeds' ? { CHAOS_SEED: String(from + i) } : {}, log);
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  if (code !== 0) failed.push(mode === 'seeds' ? String(from + i) : String(i + 1));
  process.stdout.write(`${label}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`}, ${seconds} s, ${log}\n`);
}
const what = mode === 'seeds' ? 'seeds' : 'runs';
process.stdout.write(
  failed.length === 0
    ? `all ${count} ${what} passed\n`
    : `${failed.length} of ${count} ${what} failed: ${failed.join(', ')}\n`,
);
process.exitCode = failed.length === 0 ? 0 : 1;
