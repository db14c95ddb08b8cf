import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { buildDocument, CLIENTS_DIR, generateClients, GENERATED } from '../../clients/generate.ts';

/** What running a client leaves behind, which is no part of it. */
const LEFTOVERS = new Set(['__pycache__', '.ruff_cache', '.pytest_cache']);

/** Every file under `path` (a file or a folder), relative to `root`. */
async function filesUnder(root: string, path: string): Promise<string[]> {
  const full = join(root, path);
  const info = await stat(full).catch(() => null);
  if (!info) return [];
  if (info.isFile()) return [path];
  const entries = await readdir(full, { withFileTypes: true, recursive: true });
  return entries
    .filter(
      (e) =>
        e.isFile() &&
        !relative(full, e.parentPath)
          .split('/')
          .some((part) => LEFTOVERS.has(part)),
    )
    .map((e) => relative(root, join(e.parentPath, e.name)))
    .sort();
}

/** Where two texts first part: the line, and a stretch of it around the first differing character. */
function firstDifference(committed: string, fresh: string): string {
  const a = committed.split('\n');
  const b = fresh.split('\n');
  const i = a.findIndex((line, n) => line !== b[n]);
  const at = i === -1 ? a.length : i;
  const [x = '(end of file)', y = '(end of file)'] = [a[at], b[at]];
  let col = 0;
  while (col < x.length && x[col] === y[col]) col++;
  const cut = (line: string) => `${col > 60 ? '…' : ''}${line.slice(Math.max(0, col - 60), col + 100)}`;
  return `line ${at + 1}, column ${col + 1}:\n  committed: ${cut(x)}\n  generated: ${cut(y)}`;
}

// Issue 28 part 3: the committed clients (clients/) are what the served document generates, so a route
// change without a client change cannot land. The fix is one command: npm run clients:generate.
describe('the committed clients', () => {
  let fresh: string;
  afterAll(() => (fresh ? rm(fresh, { recursive: true, force: true }) : undefined));

  it('are exactly what the served /openapi.json generates', async () => {
    fresh = await mkdtemp(join(tmpdir(), 'clients-'));
    await generateClients(await buildDocument(process.env.TEST_PG_ADMIN_URL!), fresh);
    const differing: string[] = [];
    let first = '';
    for (const path of GENERATED) {
      const committed = await filesUnder(CLIENTS_DIR, path);
      const generated = await filesUnder(fresh, path);
      for (const file of [...new Set([...committed, ...generated])].sort()) {
        const a = await readFile(join(CLIENTS_DIR, file), 'utf8').catch(() => null);
        const b = await readFile(join(fresh, file), 'utf8').catch(() => null);
        if (a === b) continue;
        differing.push(
          `clients/${file}${a === null ? ' (not committed)' : b === null ? ' (no longer generated)' : ''}`,
        );
        if (!first && a !== null && b !== null) first = `clients/${file}, ${firstDifference(a, b)}`;
      }
    }
    const message =
      `The committed clients differ from what /openapi.json generates: run \`npm run clients:generate\` ` +
      `(clients/README.md) and commit the result.\n${differing.slice(0, 20).join('\n')}\n${first}`;
    expect(differing.length === 0 ? '' : message).toBe('');
  });
});
