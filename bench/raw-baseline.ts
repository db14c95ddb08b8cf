// The raw yardstick of `npm run bench` (issue 14): what one lookup costs with nothing but Fastify and a
// `pg` pool. No plugins, no schemas, no ORM: one named prepared statement through the unique name index,
// the same joins and columns as lookup (src/db/domain-repository.ts), the same JSON document as
// GET /api/v1/lookup/:name, serialised by reply.send(object). A route of the API is compared with it.
//
// Beside it, the ceiling of a cached read (issue 52): the same Fastify answering each name's lookup
// document as bytes kept in a map (read once from the database, then never again) — what a constant answer
// costs plus one map lookup. Lookup, served from the API's read cache, is compared with that.
//
// Run as its own process beside the API: DATABASE_URL, PORT (0: any), POOL_MAX (the API's pool size),
// HOST (default 127.0.0.1), PUBLIC_BASE_URL (manifest links; default http://HOST:PORT).
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('raw-baseline: DATABASE_URL is required');
const host = process.env.HOST ?? '127.0.0.1';
const port = Number(process.env.PORT ?? 0);
const poolMax = Number(process.env.POOL_MAX ?? 10);

interface LookupRow {
  name: string;
  namespace_name: string;
  status: string;
  registration_date: Date;
  expiry_date: Date;
  squad_id: string | null;
  capabilities: unknown;
  profile: unknown;
  operator_account_id: string | null;
  price_gems: number | null;
  price_usd_minor: string | null;
  min_offer_gems: number | null;
  min_offer_usd_minor: string | null;
  locked_at: Date | null;
  agent_id: string | null;
  chain_id: number | null;
  registry: string | null;
}

// The columns lookup reads: the domain (its registrar lock included), its owner's operator (human_backed), its
// listing and its registered ERC-8004 entry, if any.
const LOOKUP_SQL = `select d.name, d.namespace_name, d.status, d.registration_date, d.expiry_date, d.squad_id,
       d.capabilities, d.profile, d.storefront_id, d.locked_at, o.operator_account_id,
       l.price_gems, l.price_usd_minor, l.min_offer_gems, l.min_offer_usd_minor,
       oi.agent_id, oi.chain_id, oi.registry
  from domain d join account o on o.id = d.owner_id left join listing l on l.domain_id = d.id
  left join onchain_identity oi on oi.domain_id = d.id and oi.status = 'registered'
 where d.name = $1 and d.status <> 'expired'`;
/** RFC 8056's statuses of a locked name, as lookup shows them. */
const LOCKED = ['client transfer prohibited', 'client update prohibited', 'client delete prohibited'];

const usd = (minor: string | null) => (minor === null ? null : Number(minor) / 1e6);

/** Spec 2.4's blocks, as lookup builds them: shown only while the name is listed and active. */
function forSale(r: LookupRow) {
  const listed = r.price_gems !== null || r.price_usd_minor !== null;
  if (!listed || r.status !== 'active') return { for_sale: null, min_offer: null };
  const hasFloor = r.min_offer_gems !== null || r.min_offer_usd_minor !== null;
  return {
    for_sale: { gems: r.price_gems, usd: usd(r.price_usd_minor), currency: 'pathUSD' },
    min_offer: hasFloor ? { gems: r.min_offer_gems, usd: usd(r.min_offer_usd_minor) } : null,
  };
}

/** The name's did:web identifier, as lookup gives it: host (its port as %3A), the base path, `agents`, the name. */
function didOf(baseUrl: string, name: string) {
  const u = new URL(baseUrl);
  const host = u.port ? `${u.hostname}%3A${u.port}` : u.hostname;
  return ['did:web', host, ...u.pathname.split('/').filter(Boolean), 'agents', name].join(':');
}

/** The A2A card is linked only while served: an active name whose profile names an A2A endpoint. */
function servesCard(r: LookupRow) {
  const endpoints = (r.profile as { endpoints?: unknown } | null)?.endpoints as
    Record<string, unknown> | null | undefined;
  const a2a = endpoints && typeof endpoints === 'object' ? endpoints.a2a : null;
  return typeof a2a === 'string' && a2a.trim() !== '' && r.status === 'active';
}

function lookupDocument(r: LookupRow, baseUrl: string) {
  const manifests = `${baseUrl}/api/v1/domains/${encodeURIComponent(r.name)}`;
  const documents = `${baseUrl}/agents/${encodeURIComponent(r.name)}`;
  return {
    status: 'success',
    domain: {
      name: r.name,
      namespace: r.namespace_name,
      status: r.status,
      registration_date: r.registration_date.toISOString(),
      expiry_date: r.expiry_date.toISOString(),
      locked: r.locked_at !== null,
      lock_statuses: r.locked_at ? LOCKED : [],
    },
    identity: {
      did: didOf(baseUrl, r.name),
      human_backed: r.operator_account_id !== null,
      squad_id: r.squad_id ?? '',
      capabilities_preview: r.capabilities,
      ...(r.agent_id !== null
        ? { erc8004: { agent_id: Number(r.agent_id), agent_registry: `eip155:${r.chain_id}:${r.registry}` } }
        : {}),
    },
    manifests: {
      agent_json: `${manifests}/agent.json`,
      skill_md: `${manifests}/skill.md`,
      agent_card: servesCard(r) ? `${documents}/agent-card.json` : null,
      did_document: `${documents}/did.json`,
      registration_file: `${documents}/registration.json`,
    },
    profile: r.profile,
    ...forSale(r),
  };
}

const pool = new pg.Pool({ connectionString: databaseUrl, max: poolMax });
const app = Fastify({ logger: false });
let baseUrl = process.env.PUBLIC_BASE_URL ?? '';

app.get<{ Params: { name: string } }>('/raw/lookup/:name', async (req, reply) => {
  const res = await pool.query<LookupRow>({ name: 'lookup', text: LOOKUP_SQL, values: [req.params.name] });
  const row = res.rows[0];
  if (!row) return reply.code(404).send({ status: 'error', code: 'domain_not_found', message: 'No such domain.' });
  return reply.send(lookupDocument(row, baseUrl));
});

/**
 * The ceiling's answers: each name's lookup document, encoded once, with its tag. CEILING_HEADERS (JSON) are
 * the headers every lookup answer of the API carries besides its own (security, CORS, rate limit: the bench
 * reads them off one lookup), sent as one constant block, so that both sides send the same bytes.
 */
const kept = new Map<string, { body: string; etag: string }>();
const constantHeaders = JSON.parse(process.env.CEILING_HEADERS ?? '{}') as Record<string, string>;
app.get<{ Params: { name: string } }>('/raw/ceiling/:name', async (req, reply) => {
  const name = req.params.name;
  let answer = kept.get(name);
  if (answer === undefined) {
    const res = await pool.query<LookupRow>({ name: 'lookup', text: LOOKUP_SQL, values: [name] });
    const row = res.rows[0];
    if (!row) return reply.code(404).send({ status: 'error', code: 'domain_not_found', message: 'No such domain.' });
    const body = JSON.stringify(lookupDocument(row, baseUrl));
    answer = { body, etag: `"${createHash('sha256').update(body).digest('base64url')}"` };
    kept.set(name, answer);
  }
  return reply
    .headers(constantHeaders)
    .headers({
      'cache-control': 'public, no-cache',
      etag: answer.etag,
      'content-type': 'application/json; charset=utf-8',
    })
    .send(answer.body);
});

const address = await app.listen({ host, port });
baseUrl ||= address;
// The parent reads this line to learn the port when PORT=0.
console.log(`raw-baseline listening on ${address}`);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void app
      .close()
      .then(() => pool.end())
      .finally(() => process.exit(0));
  });
}
