import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configSchema } from '../../src/config/schema.ts';

// docs/configuration.md is the configuration reference: its tables name, in their first column, every
// variable the config schema reads, and no other (variables read elsewhere are described in prose).
const root = fileURLToPath(new URL('../../', import.meta.url));
const doc = readFileSync(join(root, 'docs/configuration.md'), 'utf8');
const documented = new Set(
  doc
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1] ?? '')),
);
const schemaKeys = Object.keys(configSchema.shape);

describe('docs/configuration.md', () => {
  it('documents every variable of the config schema', () => {
    expect(schemaKeys.filter((key) => !documented.has(key))).toEqual([]);
  });

  it('documents in its tables no variable the schema does not read', () => {
    expect([...documented].filter((name) => !schemaKeys.includes(name))).toEqual([]);
  });
});
