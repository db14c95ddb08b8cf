// The static checks of `npm test` (tsc, ESLint, prettier), run at once rather than one after another:
// each is one process on one core. Each tool's report goes to a file; the terminal gets one line per
// tool and, for a tool that failed, its report. Exits 1 if any failed.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const bin = (name: string) => join('node_modules', '.bin', name);
const checks: [string, string, string[]][] = [
  ['typecheck', bin('tsc'), ['--noEmit']],
  ['lint', bin('eslint'), ['.']],
  ['format', bin('prettier'), ['--check', '.']],
];
const reports = await mkdtemp(join(tmpdir(), 'static-checks-'));

const results = await Promise.all(
  checks.map(async ([name, command, args]) => {
    const started = Date.now();
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    const report = join(reports, `${name}.txt`);
    await writeFile(report, out);
    return { name, code, report, seconds: Math.round((Date.now() - started) / 1000) };
  }),
);
for (const { name, code, report, seconds } of results) {
  process.stdout.write(`${name}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${seconds} s, report ${report}\n`);
  if (code !== 0) process.stdout.write(await readFile(report, 'utf8'));
}
process.exitCode = results.every((r) => r.code === 0) ? 0 : 1;
