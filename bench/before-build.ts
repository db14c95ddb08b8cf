import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onCleanup } from './lifecycle.ts';
import { ROOT } from './services.ts';
import { say } from './settings.ts';

/**
 * Another commit's tree (BENCH_BEFORE), written out beside this checkout so that its API can run in the
 * same rounds as this one's: `git archive` of the commit into a temporary folder, with this checkout's
 * node_modules linked in (said when the two lockfiles differ: that build then runs on today's packages).
 * Removed at cleanup.
 */
export function checkoutBefore(ref: string): { dir: string; commit: string } {
  const git = (...args: string[]) => execFileSync('git', ['-C', ROOT, ...args], { encoding: 'utf8' }).trim();
  const commit = git('rev-parse', '--verify', `${ref}^{commit}`);
  const dir = mkdtempSync(join(tmpdir(), 'bench-before-'));
  onCleanup('remove the before build', async () => rmSync(dir, { recursive: true, force: true }));
  execFileSync('sh', ['-c', `git -C "${ROOT}" archive "${commit}" | tar -x -C "${dir}"`]);
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  const lockChanged = git('diff', '--name-only', commit, '--', 'package-lock.json') !== '';
  say(
    `before build: ${commit.slice(0, 12)} (${ref}) in ${dir}` +
      (lockChanged ? '; its package-lock.json differs from this one: it runs on these node_modules' : ''),
  );
  return { dir, commit };
}
