import type { PublicChangeHandlers } from '../db/public-changes.ts';
import { tagOf } from './etag.ts';
import type { KnownKey } from '../auth/authenticate.ts';
import type { KnownNames } from './known-names.ts';
import { notificationLag, readCacheHits, readCacheMisses } from '../metrics/read-cache.ts';

// The read cache of public documents (docs/performance.md "The read cache"): the exact bytes of a
// lookup answer (or the fact that no record holds the name), kept per name until the database says the
// name changed. It is never wrong, by three rules:
// 1. It serves only while its LISTEN subscription is up: losing it empties the cache and turns it off
//    until the subscription is back (changes in between could not be heard).
// 2. Every change heard removes the name's entries (`*`, an account change, removes all).
// 3. An answer computed from a read is stored only if no change at all was heard since that read
//    began (the generation stamp), so a read that raced a change is never kept.
// 4. Read-your-writes: before a request that may have written answers, a barrier notification is sent
//    and awaited (barrier()); notifications arrive in commit order, so once it is back every change that
//    request committed has been heard, and until then the cache is not consulted.

/** A cached answer: its JSON text and strong ETag; `absent` records that no record holds the name. */
export type CachedAnswer = { body: string; etag: string } | 'absent';

/**
 * What each kind of entry holds: a lookup answer, or whether a name is registered (for search). The API adds
 * the kinds of its own views to this interface (src/api/routes/agents/agents.schemas.ts: the account).
 */
export interface CacheKinds {
  lookup: CachedAnswer;
  state: 'registered' | 'free';
  /** Under `key:<id>`: an API key as authentication checks it. */
  key: KnownKey;
  /** Under `account:<id>`: whether the account has a spend mandate (its standing is always read live). */
  mandate: boolean;
}

export interface PublicCache {
  /** The LISTEN handlers that keep the cache truthful. */
  handlers: PublicChangeHandlers;
  get<K extends keyof CacheKinds>(name: string, kind: K): CacheKinds[K] | undefined;
  /** As get, but counted by no metric: for a caller that counts a hit only once it answers with it. */
  peek<K extends keyof CacheKinds>(name: string, kind: K): CacheKinds[K] | undefined;
  /** Taken before the database read whose result is to be stored. */
  stamp(): number;
  set<K extends keyof CacheKinds>(name: string, kind: K, value: CacheKinds[K], stamp: number): void;
  /**
   * Sends a barrier through the database (`send` issues the NOTIFY with the token) and resolves once it
   * has come back, or after `timeoutMs` (then the cache is emptied, as if the subscription were lost).
   */
  barrier(send: (token: string) => Promise<unknown>, timeoutMs?: number): Promise<void>;
  /**
   * False when the database certainly holds no record or hold of the name (known-names.ts); undefined
   * when that cannot be said now (not loaded, not live, or a barrier pending).
   */
  mayExist(name: string): boolean | undefined;
  readonly size: number;
}

/** Barrier tokens travel on the same channel; no name starts with `!`. */
const BARRIER = '!';

const KINDS: (keyof CacheKinds)[] = ['lookup', 'state', 'key', 'account', 'mandate'];
const entryKey = (name: string, kind: string) => `${kind} ${name}`;

/** Notifications that name something other than a domain: `key:<id>`, `account:<id>`, `*`. */
const isDomainName = (name: string) => name !== '*' && !name.includes(':');

export function publicCache(opts: { maxEntries?: number; names?: KnownNames } = {}): PublicCache {
  const { maxEntries = 50_000, names } = opts;
  // One flat map (kind and name in the key): a few small strings per entry, no map per name.
  const entries = new Map<string, unknown>();
  let generation = 0;
  let live = false;
  let barrierSeq = 0;
  const barriers = new Map<string, () => void>();
  const forgetAll = () => {
    generation += 1;
    entries.clear();
  };

  return {
    handlers: {
      changed(name) {
        if (name.startsWith(BARRIER)) {
          barriers.get(name)?.();
          return;
        }
        generation += 1;
        if (isDomainName(name)) names?.heard(name);
        if (name === '*') entries.clear();
        else for (const kind of KINDS) entries.delete(entryKey(name, kind));
      },
      lost() {
        live = false;
        forgetAll();
        names?.forget();
      },
      resumed() {
        forgetAll();
        live = true;
        void names?.load();
      },
    },
    get<K extends keyof CacheKinds>(name: string, kind: K) {
      const value = this.peek(name, kind);
      (value === undefined ? readCacheMisses : readCacheHits).inc();
      return value;
    },
    peek<K extends keyof CacheKinds>(name: string, kind: K) {
      if (!live || barriers.size > 0) return undefined;
      // Oldest first out when full (insertion order): a hit costs one map read, and a popular name
      // evicted is read again once.
      return entries.get(entryKey(name, kind)) as CacheKinds[K] | undefined;
    },
    stamp: () => generation,
    set(name, kind, value, stamp) {
      if (!live || stamp !== generation) return;
      entries.set(entryKey(name, kind), value);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    },
    async barrier(send, timeoutMs = 2000) {
      if (!live) return;
      const token = `${BARRIER}${process.pid}-${++barrierSeq}`;
      let timer: NodeJS.Timeout | undefined;
      const sent = performance.now();
      const back = new Promise<void>((resolve) => {
        barriers.set(token, () => {
          notificationLag.observe((performance.now() - sent) / 1000);
          resolve();
        });
        timer = setTimeout(() => {
          forgetAll();
          resolve();
        }, timeoutMs);
      });
      try {
        await send(token);
        await back;
      } catch {
        forgetAll(); // the barrier could not be sent: nothing heard since can be trusted
      } finally {
        clearTimeout(timer);
        barriers.delete(token);
      }
    },
    mayExist(name) {
      if (!live || barriers.size > 0) return undefined;
      return names?.mayExist(name);
    },
    get size() {
      return entries.size;
    },
  };
}

/** A JSON answer ready to send again: its bytes and a strong tag of them. */
export function cachedJson(body: string): { body: string; etag: string } {
  return { body, etag: tagOf(body) };
}
