import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configSchema } from '../../src/config/schema.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const lines = readFileSync(join(root, '.env.example'), 'utf8').split('\n');

// The file documents each variable as a commented-out assignment of its default (`# NAME=value`), so
// that a copy changes nothing until a line is uncommented; the line above says what it is for.
const assignment = /^#\s?([A-Z][A-Z0-9_]*)=/;
const documented = lines.flatMap((line, index) => {
  const name = assignment.exec(line)?.[1];
  return name ? [{ name, index }] : [];
});
const names = documented.map((d) => d.name);

/** The source the service, the benchmark and the test helpers are written in. */
function sourceText(): string {
  return ['src', 'bench', 'test/helpers']
    .flatMap((dir) =>
      readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.ts'))
        .map((file) => readFileSync(join(root, dir, file), 'utf8')),
    )
    .join('\n');
}

describe('.env.example', () => {
  it('documents every variable of the config schema', () => {
    expect(Object.keys(configSchema.shape).filter((key) => !names.includes(key))).toEqual([]);
  });

  it('documents each variable once, under a line that says what it is for', () => {
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
    const undescribed = documented.filter(({ index }) => {
      const above = lines[index - 1] ?? '';
      return !above.startsWith('# ') || assignment.test(above);
    });
    expect(undescribed.map((d) => d.name)).toEqual([]);
  });

  it('documents nothing that is not read: variables outside the schema are read by name in the code', () => {
    const schemaKeys = new Set(Object.keys(configSchema.shape));
    const code = sourceText();
    const unread = names.filter(
      (name) => !schemaKeys.has(name) && !code.includes(`process.env.${name}`) && !code.includes(`'${name}'`),
    );
    expect(unread).toEqual([]);
  });
});
