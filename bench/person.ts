import { sign } from '@fastify/cookie';
import pg from 'pg';
import { generateSessionToken } from '../src/auth/secrets.ts';
import { DAY_MS, YEAR_MS } from '../src/domain/time.ts';
import { SESSION_COOKIE } from '../src/http/session-cookie.ts';
import { prng } from './seed.ts';

// The dashboard's person (docs/dashboard.md): a human account signed in with a browser session, who owns
// PERSON_DOMAINS names and has claimed one agent that owns AGENT_DOMAINS more, so the overview lists
// 1,000-odd domains of two owners. Added after the seeded registry, by plain SQL like seed.ts: the names
// (`person-<n>-<word>`, `helper-<n>`) are not in the lookup and search pools, contain no "q" (search's
// unregistered labels) and do not start with "g-" (growth's). Expiry dates spread from 5 days to three
// years ahead, so some end within 30 days (the overview's "expire within 30 days" count); some names
// auto-renew and some are listed for sale, as the overview shows both.

export const PERSON_DOMAINS = 1000;
export const AGENT_DOMAINS = 5;

export interface BenchPerson {
  accountId: string;
  agentId: string;
  /** The Cookie header of the person's session, signed as @fastify/cookie signs it with SESSION_SECRET. */
  cookie: string;
  /** The person's names, soonest expiry first (page 1 of the overview shows the first fifty). */
  domains: string[];
  /** The agent's names. */
  agentDomains: string[];
}

const WORDS = ['atlas', 'echo', 'harbor', 'pilot', 'ranger', 'sage', 'orbit', 'pixel', 'nova', 'comet'];

export async function seedPerson(
  databaseUrl: string,
  opts: { sessionSecret: string; seed: number; namespace: string },
): Promise<BenchPerson> {
  const rnd = prng(opts.seed + 1);
  const now = Date.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const accountId = crypto.randomUUID();
    const agentId = crypto.randomUUID();
    const since = new Date(now - 2 * YEAR_MS);
    await client.query(
      `insert into account (id, kind, display_name, idp_issuer, idp_subject, created_at, updated_at)
       values ($1, 'human', 'Bench Person', 'https://idp.bench', 'bench-person', $2, $2)`,
      [accountId, since],
    );
    await client.query(
      `insert into account (id, kind, display_name, assurance, operator_account_id, claimed_at, created_at, updated_at)
       values ($1, 'agent', 'bench helper agent', 'claimed', $2, $3, $3, $3)`,
      [agentId, accountId, since],
    );
    const { token, hash } = generateSessionToken();
    await client.query(
      `insert into web_session (token_hash, account_id, created_at, expires_at) values ($1, $2, $3, $4)`,
      [hash, accountId, new Date(now), new Date(now + 7 * DAY_MS)],
    );

    const rows = [
      ...Array.from({ length: PERSON_DOMAINS }, (_, i) => ({
        label: `person-${i}-${WORDS[i % WORDS.length]}`,
        owner: accountId,
      })),
      ...Array.from({ length: AGENT_DOMAINS }, (_, i) => ({ label: `helper-${i}`, owner: agentId })),
    ].map((r, i) => {
      // The agent's first name ends within a week: page 1 of the overview lists it and names its owner.
      const expiry = new Date(now + (i === PERSON_DOMAINS ? 7 * DAY_MS : 5 * DAY_MS + rnd() * 3 * YEAR_MS));
      // Registered for one to three years, before today and not before the account was made.
      const registration = new Date(
        Math.max(since.getTime(), Math.min(now - DAY_MS, expiry.getTime() - (1 + Math.floor(rnd() * 3)) * YEAR_MS)),
      );
      return {
        ...r,
        name: `${r.label}.${opts.namespace}`,
        registration,
        expiry,
        // Auto-renew on (up to a cap of gems) for about a third; off is a null cap.
        autoRenew: rnd() < 0.3 ? 500 : null,
        forSale: rnd() < 0.05,
      };
    });
    const inserted = await client.query<{ id: number; name: string }>(
      `insert into domain (name, label, namespace_name, owner_id, status, registration_date, expiry_date,
                           capabilities, profile, auto_renew_max_gems, created_at, updated_at)
       select name, label, $3, owner, 'active', reg, exp, '["search"]'::jsonb,
              jsonb_build_object('display_name', label, 'description', 'A name of the dashboard''s bench person.'),
              renew, reg, reg
       from unnest($1::text[], $2::text[], $4::uuid[], $5::timestamptz[], $6::timestamptz[], $7::int[])
            as t(name, label, owner, reg, exp, renew)
       returning id, name`,
      [
        rows.map((r) => r.name),
        rows.map((r) => r.label),
        opts.namespace,
        rows.map((r) => r.owner),
        rows.map((r) => r.registration),
        rows.map((r) => r.expiry),
        rows.map((r) => r.autoRenew),
      ],
    );
    const ids = new Map(inserted.rows.map((r) => [r.name, r.id]));
    const listed = rows.filter((r) => r.forSale);
    await client.query(
      `insert into listing (domain_id, domain_name, seller_id, price_gems, created_at, updated_at)
       select id, name, seller, 2500, now(), now() from unnest($1::int[], $2::text[], $3::uuid[]) as t(id, name, seller)`,
      [listed.map((r) => ids.get(r.name)), listed.map((r) => r.name), listed.map((r) => r.owner)],
    );
    await client.query('analyze domain; analyze listing; analyze account; analyze web_session');

    const bySoonest = (owner: string) =>
      rows
        .filter((r) => r.owner === owner)
        .sort((a, b) => a.expiry.getTime() - b.expiry.getTime())
        .map((r) => r.name);
    return {
      accountId,
      agentId,
      cookie: `${SESSION_COOKIE}=${encodeURIComponent(sign(token, opts.sessionSecret))}`,
      domains: bySoonest(accountId),
      agentDomains: bySoonest(agentId),
    };
  } finally {
    await client.end();
  }
}
