import { describe, expect, it } from '@jest/globals';
import { bloomFilter, knownNames, type NameSource } from '../../src/http/known-names.ts';

const names = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i.toString(36)}.agent`);

/** Names in order, served in pages as the database would; `gate` holds each page until released. */
function source(all: string[], gate?: () => Promise<void>): NameSource & { pages: number; sorted: string[] } {
  const sorted = [...all].sort();
  const s = {
    pages: 0,
    sorted,
    count: async () => sorted.length,
    async page(after: string, limit: number) {
      s.pages += 1;
      await gate?.();
      return sorted.filter((n) => n > after).slice(0, limit);
    },
  };
  return s;
}

describe('bloomFilter', () => {
  it('never forgets a name it was told, and calls few unknown names known', () => {
    const f = bloomFilter(100_000);
    const added = names(100_000, 'in');
    for (const n of added) f.add(n);
    expect(added.every((n) => f.has(n))).toBe(true);
    const unknown = names(100_000, 'out');
    const wrong = unknown.filter((n) => f.has(n)).length;
    // Sized for 1% false positives at capacity.
    expect(wrong / unknown.length).toBeLessThan(0.02);
    expect(f.count).toBe(100_000);
  });
});

describe('knownNames', () => {
  it('says nothing until loaded, then tells every loaded name from unknown ones', async () => {
    const loaded = names(25_000, 'reg');
    const src = source(loaded);
    const k = knownNames(src);
    expect(k.mayExist('reg0.agent')).toBeUndefined();
    await k.load();
    expect(src.pages).toBe(3); // 10,000 a page, the last one short
    expect(loaded.every((n) => k.mayExist(n) === true)).toBe(true);
    expect(k.mayExist('nobody-holds-this.agent')).toBe(false);
  });

  it('keeps a name heard while it loads, although the load never saw it', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const k = knownNames(source(['a.agent'], () => held));
    const loading = k.load();
    k.heard('late.agent');
    release();
    await loading;
    expect(k.mayExist('late.agent')).toBe(true);
    expect(k.mayExist('a.agent')).toBe(true);
  });

  it('adds names heard after the load, and knows nothing once the subscription is lost', async () => {
    const k = knownNames(source([]));
    await k.load();
    expect(k.mayExist('new.agent')).toBe(false);
    k.heard('new.agent');
    expect(k.mayExist('new.agent')).toBe(true);
    k.forget();
    expect(k.mayExist('new.agent')).toBeUndefined();
  });

  it('drops a load overtaken by a lost subscription', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const k = knownNames(source(['a.agent'], () => held));
    const loading = k.load();
    k.forget();
    release();
    await loading;
    expect(k.mayExist('a.agent')).toBeUndefined();
  });

  it('loads again, larger, once it has heard more names than it was sized for', async () => {
    const src = source([]);
    const k = knownNames(src);
    await k.load();
    const before = src.pages;
    // As in the database: a name is heard once it is committed, so the next load reads it too.
    for (const n of names(100_001, 'grow')) {
      src.sorted.push(n);
      k.heard(n);
    }
    src.sorted.sort();
    await new Promise((r) => setImmediate(r));
    expect(src.pages).toBeGreaterThan(before);
    expect(k.mayExist('grow0.agent')).toBe(true);
  });

  it('reports a failed load and stays unloaded', async () => {
    const errors: unknown[] = [];
    const k = knownNames({ count: async () => 1, page: async () => Promise.reject(new Error('database down')) }, (e) =>
      errors.push(e),
    );
    await k.load();
    expect(errors).toHaveLength(1);
    expect(k.mayExist('a.agent')).toBeUndefined();
  });
});
