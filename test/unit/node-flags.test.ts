import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { API_NODE_FLAGS } from '../../src/entry/node-flags.ts';

// The API's heap flags (src/entry/node-flags.ts) are written where each way of starting it says them:
// one list for `npm start` and the bench, the same words in package.json, the Dockerfile and compose.
describe('the API process heap flags', () => {
  const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');

  it('are passed by npm run api, the Dockerfile and docker-compose.yml', () => {
    const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    expect(pkg.scripts.api).toBe(`node ${API_NODE_FLAGS.join(' ')} src/entry/api.ts`);
    const quoted = (q: string) => [...API_NODE_FLAGS, 'src/entry/api.ts'].map((f) => `${q}${f}${q}`).join(', ');
    expect(read('Dockerfile')).toContain(`CMD ["node", ${quoted('"')}]`);
    expect(read('docker-compose.yml')).toContain(`command: ['node', ${quoted("'")}]`);
  });

  it('are flags this node accepts, and bound the young generation it would otherwise grow', () => {
    // Allocates young garbage (some of it surviving a while) and reports the largest new space seen.
    const churn = `const v8 = require('v8'); const keep = []; let max = 0;
      for (let i = 0; i < 3e6; i++) {
        keep.push({ i, s: 'x' + i }); if (keep.length > 2e5) keep.splice(0, 1e5);
        if (i % 1e5 === 0) max = Math.max(max, v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size);
      }
      console.log(max / 1048576);`;
    const youngMb = (flags: readonly string[]) => {
      const run = spawnSync(process.execPath, [...flags, '-e', churn], { encoding: 'utf8' });
      expect(run.status).toBe(0);
      return Number(run.stdout);
    };
    // Without them V8 grows it past what three 16 MB semi-spaces allow (128 MB on these machines).
    expect(youngMb([])).toBeGreaterThan(48);
    expect(youngMb(API_NODE_FLAGS)).toBeLessThanOrEqual(48);
  });
});
