import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// The bundle boundary is the folder boundary: workflow code is replayed deterministically, so it may
// import only the workflow SDK, pure common types, its siblings, and activity *types*.
const dir = join(import.meta.dirname, '../../workflows');
const allowed = [/^@temporalio\/workflow$/, /^@temporalio\/common$/, /^\.\/[a-z0-9-]+\.ts$/];

describe('workflows/ imports', () => {
  const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));

  it.each(files)('%s imports only deterministic modules', (file) => {
    const source = readFileSync(join(dir, file), 'utf8');
    for (const m of source.matchAll(/^(import|export)\s+(type\s+)?[^'"]*from\s+'([^']+)'/gm)) {
      const [, , typeOnly, spec] = m as unknown as [string, string, string | undefined, string];
      if (typeOnly && spec.startsWith('../activities/')) continue;
      expect(allowed.some((re) => re.test(spec)) ? spec : `forbidden import "${spec}" in ${file}`).toBe(spec);
    }
  });
});
