import pg from 'pg';
import { DAY_MS, YEAR_MS } from '../src/domain/time.ts';

// Seeds a freshly migrated database with a realistic registry: a few hundred accounts owning exactly
// `domains` active domains spread (unevenly) over the public namespaces. Plain SQL through `pg`, one
// `insert ... select from unnest(...)` per batch, so 10,000 rows take well under a second. The data is
// generated from a seeded PRNG: the same seed gives the same registry, so runs are comparable.

export interface SeedOptions {
  domains: number;
  accounts: number;
  seed: number;
  batchSize?: number;
}

export interface SeededDomain {
  id: number;
  name: string;
  label: string;
  namespace: string;
}

export interface SeedResult {
  accounts: number;
  domains: SeededDomain[];
  /** Distinct labels of the seeded domains (a label may be registered in several namespaces). */
  labels: string[];
  namespaces: { name: string; count: number }[];
  /** Which namespaces the search routes check: every one in the catalog. */
  allNamespaces: string[];
  ms: number;
}

/** mulberry32: small, fast, good enough for test data. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const adjectives = [
  'swift',
  'quiet',
  'bright',
  'clever',
  'lucky',
  'brave',
  'calm',
  'eager',
  'gentle',
  'happy',
  'jolly',
  'kind',
  'lively',
  'merry',
  'nimble',
  'polite',
  'proud',
  'silly',
  'witty',
  'zany',
  'bold',
  'cosmic',
  'crisp',
  'deep',
  'electric',
  'fuzzy',
  'golden',
  'hidden',
  'iron',
  'lunar',
  'mighty',
  'neon',
  'noble',
  'rapid',
  'red',
  'blue',
  'green',
  'silver',
  'solar',
  'stellar',
  'sunny',
  'tiny',
  'urban',
  'vivid',
  'wild',
  'young',
  'ancient',
  'agile',
  'atomic',
  'binary',
  'cyber',
  'digital',
  'early',
  'fair',
  'grand',
  'honest',
  'smart',
  'open',
  'prime',
  'true',
];
const nouns = [
  'scout',
  'atlas',
  'echo',
  'falcon',
  'harbor',
  'pilot',
  'ranger',
  'sage',
  'sentry',
  'tiger',
  'orbit',
  'pixel',
  'nova',
  'comet',
  'raven',
  'otter',
  'panda',
  'fox',
  'wolf',
  'lynx',
  'owl',
  'heron',
  'beacon',
  'bridge',
  'cipher',
  'compass',
  'forge',
  'garden',
  'helper',
  'keeper',
  'ledger',
  'lens',
  'mentor',
  'muse',
  'oracle',
  'planner',
  'quill',
  'relay',
  'runner',
  'scribe',
  'shepherd',
  'signal',
  'spark',
  'steward',
  'tutor',
  'voyager',
  'warden',
  'weaver',
  'analyst',
  'broker',
  'butler',
  'clerk',
  'concierge',
  'courier',
  'curator',
  'dispatcher',
  'editor',
  'finder',
  'guide',
  'herald',
  'juggler',
  'maker',
  'navigator',
  'operator',
  'porter',
  'seeker',
  'shop',
  'studio',
  'labs',
  'works',
  'desk',
  'hub',
  'bot',
  'mind',
  'loop',
  'stack',
  'flow',
  'grid',
  'node',
];
const capabilityPool = [
  'search',
  'browse',
  'code',
  'payments',
  'email',
  'calendar',
  'scheduling',
  'translation',
  'summarize',
  'vision',
  'voice',
  'shopping',
  'research',
  'support',
  'booking',
  'data-analysis',
];
const languages = ['en', 'de', 'fr', 'es', 'ja', 'pt', 'it', 'nl'];
const tagPool = [
  'assistant',
  'ops',
  'finance',
  'travel',
  'devtools',
  'retail',
  'health',
  'education',
  'media',
  'legal',
  'hr',
  'sales',
];

export async function seed(databaseUrl: string, opts: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const rnd = prng(opts.seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const hex = (n: number) => Array.from({ length: n }, () => Math.floor(rnd() * 16).toString(16)).join('');
  const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-${pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`;
  const batchSize = opts.batchSize ?? 2000;
  const now = Date.now();

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const nsRows = await client.query<{ name: string; launch_phase: string }>(
      'select name, launch_phase from namespace order by position',
    );
    const allNamespaces = nsRows.rows.map((r) => r.name);
    const publicNs = nsRows.rows.filter((r) => r.launch_phase === 'public').map((r) => r.name);
    if (publicNs.length === 0) throw new Error('no public namespace in the catalog: nothing to seed');
    const existing = await client.query<{ n: string }>('select count(*)::text as n from domain');
    if (existing.rows[0]?.n !== '0')
      throw new Error(`refusing to seed: the database already holds ${existing.rows[0]?.n} domains`);

    // Accounts: ~60% agents, created over the last four years.
    const accounts = Array.from({ length: opts.accounts }, (_, i) => {
      const kind = rnd() < 0.6 ? 'agent' : 'human';
      const created = new Date(now - 30 * DAY_MS - rnd() * 4 * YEAR_MS);
      return {
        id: uuid(),
        kind,
        displayName: rnd() < 0.8 ? `${pick(adjectives)} ${pick(nouns)} ${i}` : null,
        assurance: kind === 'agent' ? (rnd() < 0.7 ? 'claimed' : 'anonymous') : null,
        createdAt: created,
        updatedAt: new Date(created.getTime() + rnd() * (now - created.getTime())),
      };
    });
    for (let i = 0; i < accounts.length; i += batchSize) {
      const b = accounts.slice(i, i + batchSize);
      await client.query(
        `insert into account (id, kind, display_name, assurance, created_at, updated_at)
         select * from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::timestamptz[], $6::timestamptz[])`,
        [
          b.map((a) => a.id),
          b.map((a) => a.kind),
          b.map((a) => a.displayName),
          b.map((a) => a.assurance),
          b.map((a) => a.createdAt),
          b.map((a) => a.updatedAt),
        ],
      );
    }
    // Claimed agents point at an operator: a human account (the lookup shows it as human_backed).
    await client.query(
      `update account a set operator_account_id = (select id from account h where h.kind = 'human' order by h.id limit 1)
       where a.assurance = 'claimed'`,
    );

    // Earlier namespaces in the catalog are more popular: weights 1, 1/2^0.8, 1/3^0.8, ...
    const weights = publicNs.map((_, i) => 1 / (i + 1) ** 0.8);
    const total = weights.reduce((a, b) => a + b, 0);
    const pickNamespace = () => {
      let r = rnd() * total;
      for (let i = 0; i < publicNs.length; i++) {
        r -= weights[i] as number;
        if (r <= 0) return publicNs[i] as string;
      }
      return publicNs[publicNs.length - 1] as string;
    };
    const squads = Array.from({ length: 150 }, () => `squad-${hex(8)}`);

    // Labels: "<adjective>-<noun>", "<noun>", "<noun><n>", "<adjective><noun>-<n>"; a label often
    // appears in more than one namespace, as owners register the same name in several.
    const makeLabel = () => {
      const r = rnd();
      if (r < 0.45) return `${pick(adjectives)}-${pick(nouns)}`;
      if (r < 0.55) return pick(nouns);
      if (r < 0.8) return `${pick(nouns)}${Math.floor(rnd() * 1000)}`;
      return `${pick(adjectives)}${pick(nouns)}-${Math.floor(rnd() * 100)}`;
    };

    const names = new Set<string>();
    const rows: {
      name: string;
      label: string;
      namespace: string;
      ownerId: string;
      registration: Date;
      expiry: Date;
      squadId: string | null;
      capabilities: string;
      profile: string;
      storefrontId: string | null;
      createdAt: Date;
      updatedAt: Date;
    }[] = [];
    while (rows.length < opts.domains) {
      const label = makeLabel();
      const namespace = pickNamespace();
      const name = `${label}.${namespace}`;
      if (names.has(name)) continue;
      names.add(name);
      // Owners are skewed: a few accounts hold many names, most hold a handful.
      const owner = accounts[Math.floor(accounts.length * rnd() ** 2)] as (typeof accounts)[number];
      const ownerSince = owner.createdAt.getTime();
      const registration = new Date(ownerSince + rnd() * (now - DAY_MS - ownerSince));
      const term = rnd() < 0.6 ? 1 : 1 + Math.floor(rnd() * 5);
      let expiry = registration.getTime() + term * YEAR_MS;
      let renewed = registration.getTime();
      while (expiry < now + DAY_MS) {
        renewed = expiry - 30 * DAY_MS * rnd();
        expiry += YEAR_MS;
      }
      const capabilities = Array.from(
        new Set(Array.from({ length: Math.floor(rnd() * 6) }, () => pick(capabilityPool))),
      );
      const storefrontId = rnd() < 0.06 ? `sf_${hex(16)}` : null;
      const profile: Record<string, unknown> = {
        display_name: `${label.replace(/[-\d]+/g, ' ').trim()} (${namespace})`,
        description: `${pick(adjectives)} ${pick(nouns)} agent for ${pick(tagPool)} and ${pick(tagPool)} tasks.`,
        languages: Array.from(new Set([pick(languages), pick(languages)])),
        tags: Array.from(new Set([pick(tagPool), pick(tagPool), pick(tagPool)])),
      };
      if (rnd() < 0.6) profile.avatar_url = `https://cdn.example.com/avatars/${hex(12)}.png`;
      if (rnd() < 0.4) profile.homepage = `https://${label}.example.com`;
      if (rnd() < 0.3)
        profile.contact = { email: `${label}@example.com`, webhook: `https://hooks.example.com/${hex(10)}` };
      if (storefrontId) {
        profile.commerce_catalog = {
          provider: 'shopify',
          storefront_id: storefrontId,
          feed_url: `https://shop.example.com/feeds/${storefrontId}.json`,
          status: 'active',
        };
      }
      rows.push({
        name,
        label,
        namespace,
        ownerId: owner.id,
        registration,
        expiry: new Date(expiry),
        squadId: rnd() < 0.2 ? pick(squads) : null,
        capabilities: JSON.stringify(capabilities),
        profile: JSON.stringify(profile),
        storefrontId,
        createdAt: registration,
        updatedAt: new Date(renewed),
      });
    }

    const domains: SeededDomain[] = [];
    for (let i = 0; i < rows.length; i += batchSize) {
      const b = rows.slice(i, i + batchSize);
      const res = await client.query<{ id: number; name: string; label: string; namespace_name: string }>(
        `insert into domain (name, label, namespace_name, owner_id, status, registration_date, expiry_date, squad_id,
                             capabilities, profile, storefront_id, created_at, updated_at)
         select name, label, ns, owner, 'active', reg, exp, squad, caps::jsonb, prof::jsonb, sf, created, updated
         from unnest($1::text[], $2::text[], $3::text[], $4::uuid[], $5::timestamptz[], $6::timestamptz[], $7::text[],
                     $8::text[], $9::text[], $10::text[], $11::timestamptz[], $12::timestamptz[])
              as t(name, label, ns, owner, reg, exp, squad, caps, prof, sf, created, updated)
         returning id, name, label, namespace_name`,
        [
          b.map((r) => r.name),
          b.map((r) => r.label),
          b.map((r) => r.namespace),
          b.map((r) => r.ownerId),
          b.map((r) => r.registration),
          b.map((r) => r.expiry),
          b.map((r) => r.squadId),
          b.map((r) => r.capabilities),
          b.map((r) => r.profile),
          b.map((r) => r.storefrontId),
          b.map((r) => r.createdAt),
          b.map((r) => r.updatedAt),
        ],
      );
      for (const r of res.rows) domains.push({ id: r.id, name: r.name, label: r.label, namespace: r.namespace_name });
    }
    await client.query('analyze');

    const perNs = new Map<string, number>();
    for (const d of domains) perNs.set(d.namespace, (perNs.get(d.namespace) ?? 0) + 1);
    return {
      accounts: accounts.length,
      domains,
      labels: Array.from(new Set(domains.map((d) => d.label))),
      namespaces: publicNs.map((name) => ({ name, count: perNs.get(name) ?? 0 })),
      allNamespaces,
      ms: performance.now() - started,
    };
  } finally {
    await client.end();
  }
}
