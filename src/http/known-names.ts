// Every name the database may hold — registered or held by an open checkout — as a Bloom filter, so that
// search and quote answer "free" for a name nobody holds without a query (docs/performance.md "The read
// cache"). A Bloom filter has no false negatives: a name it has never been told of is certainly unknown
// to the database, as long as it was told of every one. It is, by the same rules as the read cache:
// loaded only after LISTEN is up (a name committed before the load is in the load, one committed after
// is heard), told of every name a notification carries, and thrown away when the subscription drops.
// A false positive only costs the query it would have cost anyway. Written here rather than taken from
// a package: the ones on npm carry many dependencies for these forty lines.

/** The share of unknown names the filter may wrongly call known (each then costs one query). */
const FALSE_POSITIVES = 0.01;
const HASHES = 7; // optimal for 1%: ln 2 × bits per name
const BITS_PER_NAME = Math.ceil(-Math.log(FALSE_POSITIVES) / Math.LN2 ** 2);

/** FNV-1a over the UTF-16 code units, from two offsets: two independent 32-bit hashes. */
function hashes(name: string): [number, number] {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
  }
  return [a >>> 0, (b | 1) >>> 0]; // h2 odd, so the k positions differ
}

export interface BloomFilter {
  add(name: string): void;
  /** False: certainly never added. True: probably added. */
  has(name: string): boolean;
  /** How many names were added (with repeats). */
  readonly count: number;
  /** Names it was sized for: past this its false-positive rate climbs. */
  readonly capacity: number;
}

export function bloomFilter(capacity: number): BloomFilter {
  const bits = Math.max(64, capacity * BITS_PER_NAME);
  const words = new Uint32Array(Math.ceil(bits / 32));
  let count = 0;
  // Kirsch–Mitzenmacher: the k positions are h1 + i·h2, as good as k independent hashes.
  const positions = (name: string, visit: (bit: number) => boolean): boolean => {
    const [h1, h2] = hashes(name);
    for (let i = 0; i < HASHES; i++) if (!visit((h1 + i * h2) % bits)) return false;
    return true;
  };
  return {
    add(name) {
      count += 1;
      positions(name, (bit) => {
        words[bit >>> 5] = (words[bit >>> 5] as number) | (1 << (bit & 31));
        return true;
      });
    },
    has: (name) => positions(name, (bit) => ((words[bit >>> 5] as number) & (1 << (bit & 31))) !== 0),
    get count() {
      return count;
    },
    capacity,
  };
}

/** Where the names come from: the database, page by page in name order. */
export interface NameSource {
  /** About how many names there are (sizes the filter). */
  count(): Promise<number>;
  /** Up to `limit` names after `after`, in order. */
  page(after: string, limit: number): Promise<string[]>;
}

export interface KnownNames {
  /** False when the database certainly holds no such name; undefined while the filter is not loaded. */
  mayExist(name: string): boolean | undefined;
  /** A notification named this name (it may now be registered or held). */
  heard(name: string): void;
  /** The subscription is up: (re)load from the database. */
  load(): Promise<void>;
  /** The subscription dropped: names may be missed, so the filter is unusable until the next load. */
  forget(): void;
  /** Resolves once no load is reading the database (before its pool closes). */
  idle(): Promise<void>;
}

const PAGE = 10_000;
const MIN_CAPACITY = 100_000;

export function knownNames(source: NameSource, onError: (err: unknown) => void = () => undefined): KnownNames {
  let ready: BloomFilter | null = null;
  /** Names heard while a load runs: added to its filter at the end, so nothing heard meanwhile is lost. */
  let heardMeanwhile: string[] | null = null;
  let epoch = 0;
  let running: Promise<void> = Promise.resolve();

  const load = (): Promise<void> => {
    running = loadOnce();
    return running;
  };
  const loadOnce = async (): Promise<void> => {
    const mine = ++epoch;
    const meanwhile: string[] = [];
    heardMeanwhile = meanwhile;
    try {
      // Room for twice what is there: the filter grows with every name heard until the next load.
      const next = bloomFilter(Math.max(MIN_CAPACITY, 2 * (await source.count()), ready?.count ?? 0));
      let after = '';
      for (;;) {
        if (epoch !== mine) return;
        const names = await source.page(after, PAGE);
        for (const n of names) next.add(n);
        if (names.length < PAGE) break;
        after = names[names.length - 1] as string;
      }
      if (epoch !== mine) return;
      for (const n of meanwhile) next.add(n);
      heardMeanwhile = null;
      ready = next;
    } catch (err) {
      if (epoch === mine) heardMeanwhile = null;
      onError(err);
    }
  };

  return {
    mayExist: (name) => ready?.has(name),
    heard(name) {
      ready?.add(name);
      heardMeanwhile?.push(name);
      // Grown past its size (its false positives climb): load again, larger, while this one serves.
      if (ready && !heardMeanwhile && ready.count > ready.capacity) void load();
    },
    load,
    forget() {
      epoch += 1;
      ready = null;
      heardMeanwhile = null;
    },
    idle: () => running,
  };
}
