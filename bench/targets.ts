import { isDeepStrictEqual } from 'node:util';
import type { Target } from './load.ts';
import type { BenchPerson } from './person.ts';
import type { SeedResult } from './seed.ts';

// What the bench sends. Every request draws its own target: a random registered name, a label that is
// registered somewhere half of the time, a random agent's API key.

/** Where names are drawn from: the seeded registry, grown or not (see growth.ts). */
export interface NamePool {
  /** A random registered name. */
  pickName: () => string;
}

export interface Servers {
  api: string;
  raw: string;
  /** The API of another commit (BENCH_BEFORE), when one runs. */
  before?: string;
}

/** A write: one agent provisioned (an account, its key and claim code, in one transaction). */
export function provision(servers: Servers): Target {
  return {
    key: 'provision',
    title: 'POST /api/v1/agents/provision',
    base: servers.api,
    request: () => ({
      path: '/api/v1/agents/provision',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ display_name: 'bench writer' }),
    }),
  };
}

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)] as T;

/** Half registered labels, half labels no seeded name can have (seeded labels contain no "q"). */
const searchLabel = (data: SeedResult) => () =>
  Math.random() < 0.5 ? pick(data.labels) : `q${Math.floor(Math.random() * 1e9).toString(36)}`;

export function rawLookup(servers: Servers, names: NamePool): Target {
  return {
    key: 'raw',
    title: 'raw baseline GET /raw/lookup/:name',
    base: servers.raw,
    request: () => ({ path: `/raw/lookup/${encodeURIComponent(names.pickName())}` }),
  };
}

/** The ceiling of a cached read: the raw baseline's Fastify answering each name's document from a map. */
export function ceilingLookup(servers: Servers, names: NamePool): Target {
  return {
    key: 'ceiling',
    title: 'ceiling GET /raw/ceiling/:name (Fastify, the document from a map)',
    base: servers.raw,
    request: () => ({ path: `/raw/ceiling/${encodeURIComponent(names.pickName())}` }),
  };
}

export function lookup(servers: Servers, names: NamePool): Target {
  return {
    key: 'lookup',
    title: 'GET /api/v1/lookup/:name',
    base: servers.api,
    request: () => ({ path: `/api/v1/lookup/${encodeURIComponent(names.pickName())}` }),
  };
}

/** The ORM baseline of the API (BENCH_ROUTES): one primary-key findOne through the whole stack. */
export function ormBaseline(servers: Servers, data: SeedResult): Target {
  return {
    key: 'orm_baseline',
    title: 'GET /internal/bench/domain/:id (ORM baseline)',
    base: servers.api,
    request: () => ({ path: `/internal/bench/domain/${pick(data.domains).id}` }),
  };
}

export function searchAll(servers: Servers, data: SeedResult): Target {
  const label = searchLabel(data);
  return {
    key: 'search',
    title: 'GET /api/v1/domains/search?q=<label> (all namespaces)',
    base: servers.api,
    request: () => ({ path: `/api/v1/domains/search?q=${label()}` }),
  };
}

export function quote(servers: Servers, data: SeedResult): Target {
  const label = searchLabel(data);
  const namespaces = data.namespaces.map((n) => n.name);
  return {
    key: 'quote',
    title: 'POST /api/v1/domains/quote',
    base: servers.api,
    request: () => ({
      method: 'POST',
      path: '/api/v1/domains/quote',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ domain: label(), namespace: pick(namespaces), years: 1 + Math.floor(Math.random() * 3) }),
    }),
  };
}

export function agentsMe(servers: Servers, apiKeys: readonly string[]): Target {
  return {
    key: 'me',
    title: 'GET /api/v1/agents/me (X-API-Key)',
    base: servers.api,
    request: () => ({ path: '/api/v1/agents/me', headers: { 'x-api-key': pick(apiKeys) } }),
  };
}

/** The dashboard's overview (page 1) as the seeded person, signed in with their session cookie. */
export function dashboardOverview(servers: Servers, person: BenchPerson): Target {
  return {
    key: 'dashboard',
    title: 'GET /dashboard (overview, 1,005 domains)',
    base: servers.api,
    request: () => ({ path: '/dashboard', headers: { cookie: person.cookie, accept: 'text/html' } }),
  };
}

/** The dashboard's page of one of the person's domains (or their agent's), drawn per request. */
export function dashboardDomain(servers: Servers, person: BenchPerson): Target {
  const names = [...person.domains, ...person.agentDomains];
  return {
    key: 'dashboard_domain',
    title: 'GET /dashboard/domains/:name',
    base: servers.api,
    request: () => ({
      path: `/dashboard/domains/${encodeURIComponent(pick(names))}`,
      headers: { cookie: person.cookie, accept: 'text/html' },
    }),
  };
}

/** Provisions `count` anonymous agents; their API keys and account ids. */
export async function provisionAgents(api: string, count: number): Promise<{ key: string; accountId: string }[]> {
  const agents: { key: string; accountId: string }[] = [];
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${api}/api/v1/agents/provision`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ display_name: `bench agent ${i}` }),
    });
    const body = (await res.json()) as { api_key?: string; account_id?: string };
    if (res.status !== 200 || !body.api_key || !body.account_id)
      throw new Error(`POST /api/v1/agents/provision: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    agents.push({ key: body.api_key, accountId: body.account_id });
  }
  return agents;
}

/** One request to a target; anything but a 200 throws. */
export async function send(target: Target): Promise<{ status: number; json: Record<string, unknown>; text: string }> {
  const r = target.request();
  const res = await fetch(target.base + r.path, {
    method: r.method ?? 'GET',
    ...(r.headers ? { headers: r.headers } : {}),
    ...(r.body ? { body: r.body } : {}),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${target.title}: ${res.status} ${text.slice(0, 500)}`);
  const json = (res.headers.get('content-type') ?? '').includes('json')
    ? (JSON.parse(text) as Record<string, unknown>)
    : {};
  return { status: res.status, json, text };
}

/**
 * One request per target, checked by hand, so that a broken route fails loudly before it is timed; and
 * the raw baseline's document must equal lookup's for the same name (same fields, same bytes to send).
 */
export async function sanityCheck(
  servers: Servers,
  data: SeedResult,
  person: BenchPerson,
  targets: Target[],
): Promise<void> {
  for (const t of targets) await send(t);
  await dashboardCheck(servers, person);
  const d = data.domains[0];
  if (!d) throw new Error('nothing seeded');
  const one: NamePool = { pickName: () => d.name };
  const [api, raw, ceiling] = await Promise.all(
    [lookup, rawLookup, ceilingLookup].map((target) => send(target(servers, one))),
  );
  for (const [side, other] of [
    ['raw baseline', raw],
    ['ceiling', ceiling],
  ] as const)
    if (!isDeepStrictEqual(api?.json, other?.json))
      throw new Error(
        `the ${side}'s document differs from lookup's:\n  lookup ${JSON.stringify(api?.json)}\n  ${side} ${JSON.stringify(other?.json)}`,
      );
  const s = await send({
    ...searchAll(servers, data),
    request: () => ({ path: `/api/v1/domains/search?q=${d.label}` }),
  });
  const results = s.json.results as { domain: string; reason: string }[] | undefined;
  if (results?.length !== data.allNamespaces.length)
    throw new Error(`search returned ${results?.length} results, expected ${data.allNamespaces.length}`);
  if (results.find((r) => r.domain === d.name)?.reason !== 'registered')
    throw new Error(`search does not report ${d.name} as registered`);
}

/**
 * The dashboard pages render the person's data, not a sign-in redirect or an error page: the overview
 * counts all of the person's and the agent's domains, lists the soonest fifty (the agent's among them,
 * named) and pages on; a domain page shows its name.
 */
async function dashboardCheck(servers: Servers, person: BenchPerson): Promise<void> {
  const all = person.domains.length + person.agentDomains.length;
  const overview = await send(dashboardOverview(servers, person));
  const problems = [
    overview.text.includes(`${all} in all`) ? null : `does not say "${all} in all"`,
    overview.text.match(/href="\/dashboard\/domains\//g)?.length === 50 ? null : 'does not list fifty domains',
    overview.text.includes(person.domains[0] as string) ? null : `does not list ${person.domains[0]}`,
    overview.text.includes(person.agentDomains[0] as string) ? null : `does not list ${person.agentDomains[0]}`,
    overview.text.includes('bench helper agent') ? null : 'does not name the agent',
    overview.text.includes('href="/dashboard?page=2"') ? null : 'has no next page',
  ].filter((p) => p !== null);
  if (problems.length > 0) throw new Error(`GET /dashboard ${problems.join('; ')}`);
  const name = person.domains[0] as string;
  const page = await send({
    ...dashboardDomain(servers, person),
    request: () => ({ path: `/dashboard/domains/${name}`, headers: { cookie: person.cookie } }),
  });
  if (!page.text.includes(name)) throw new Error(`GET /dashboard/domains/${name} does not show the name`);
}
