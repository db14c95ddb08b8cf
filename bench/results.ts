import { execFileSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { targetOf, type GrowthResult, type Outcome } from './outcome.ts';
import type { Goal } from './report.ts';
import { ROOT } from './services.ts';
import { say, settings } from './settings.ts';

// bench/results/ (not versioned): latest.json holds every figure of the last run; latest-10k.json those
// of the last run without growth, for reference beside a growth run.

const LATEST = resolve(ROOT, 'bench/results/latest.json');
const LATEST_10K = resolve(ROOT, 'bench/results/latest-10k.json');

/** Lookup's req/s in the last default run, for reference beside the growth figure of this run. */
export async function previous10k(): Promise<GrowthResult['previous_10k']> {
  try {
    const last = JSON.parse(await readFile(LATEST_10K, 'utf8')) as Partial<Outcome> & {
      finished_at?: string;
      settings?: Partial<typeof settings>;
    };
    const rps = targetOf({ groups: last.groups ?? [] }, 'lookup')?.rps;
    const how = `${last.settings?.trials ?? '?'} rounds of ${last.settings?.duration ?? '?'} s`;
    return rps && last.finished_at ? { finished_at: last.finished_at, settings: how, lookup_rps: rps } : null;
  } catch {
    return null;
  }
}

export function gitCommit(): string | null {
  try {
    const git = (...args: string[]) =>
      execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return (
      git('rev-parse', '--short', 'HEAD') +
      (git('status', '--porcelain', '--untracked-files=no') !== '' ? '-dirty' : '')
    );
  } catch {
    return null;
  }
}

export async function writeResults(o: Outcome, goals: Goal[], extra: Record<string, unknown>): Promise<void> {
  await mkdir(resolve(LATEST, '..'), { recursive: true });
  const json =
    JSON.stringify({ finished_at: new Date().toISOString(), ...extra, settings, ...o, goals }, null, 2) + '\n';
  await writeFile(LATEST, json);
  // The 10k figures of the last default run, kept apart so that a growth run (or one without the route
  // groups, BENCH_ONLY) does not overwrite them.
  if (!o.growth && o.groups.length > 0) await writeFile(LATEST_10K, json);
  say(`results written to ${relative(process.cwd(), LATEST) || LATEST}`);
}
