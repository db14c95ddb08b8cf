import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { Account } from '../../src/db/entities/index.ts';
import { createSession } from '../../src/auth/accounts.ts';
import { sha256Hex } from '../../src/auth/secrets.ts';
import { SESSION_COOKIE } from '../../src/server/app.ts';
import type { DevOidcProvider } from '../../src/infra/dev-oidc/provider.ts';
import { grantGems } from '../../src/ledger/gems.ts';
import { dashboardBrowser } from './dashboard.ts';
import { createDomain, randomLabel } from './fixtures.ts';
import { humanWithSession, provision } from './identities.ts';
import {
  readNames,
  type Agent,
  type Human,
  type LiveKey,
  type Person,
  type Team,
  type TrackedName,
  type World,
} from './invariant-model.ts';
import type { RegistryStack } from './registry-stack.ts';

// The actors of test/e2e/invariants.test.ts and the ways they reach the service: the API, the MCP endpoint,
// a batch, and the dashboard's forms, all injected into the stack's in-process app (no sockets), each
// answering a status and a body the same way so the invariants judge them alike.

export interface Real {
  s: RegistryStack;
  idp: DevOidcProvider;
  /** Each dashboard session's form token (the page embeds it; it depends on the session only). */
  csrf: Map<string, string>;
  /** The token digest of each dashboard session this file made, by cookie: where its switcher choice is kept. */
  sessions: Map<string, string>;
}

export interface Answer {
  status: number;
  body: unknown;
}

export type Headers = Record<string, string>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export const codeOf = (a: Answer): string => ((a.body as { code?: unknown } | null)?.code as string | undefined) ?? '';

/** An injected answer as the invariants read it: its status, and its JSON (or the start of its text). */
export function answerOf(res: LightMyRequestResponse): Answer {
  try {
    return { status: res.statusCode, body: res.json() };
  } catch {
    return { status: res.statusCode, body: res.body.slice(0, 200) };
  }
}

export async function api(r: Real, method: Method, url: string, headers: Headers, payload?: object): Promise<Answer> {
  return answerOf(await r.s.t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) }));
}

/**
 * One MCP tool call (JSON-RPC `tools/call` on a stateless /mcp), answered as the route it invokes would: the
 * tool error's `http_status`, a payment-required error as 402, a result as 200.
 */
export async function mcp(r: Real, tool: string, args: object, headers: Headers): Promise<Answer> {
  const res = await r.s.t.app.inject({
    method: 'POST',
    url: '/mcp',
    headers: { ...headers, accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
    payload: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: tool, arguments: args } },
  });
  if (res.statusCode !== 200) return { status: res.statusCode, body: res.body.slice(0, 200) };
  const rpc = res.json<{
    error?: { code: number; message: string };
    result?: { isError?: boolean; structuredContent?: unknown; content?: { type: string; text?: string }[] };
  }>();
  if (rpc.error) return { status: rpc.error.code === -32042 ? 402 : 400, body: rpc.error };
  if (rpc.result?.isError) {
    const text = rpc.result.content?.[0]?.text ?? '{}';
    const body = JSON.parse(text) as { http_status?: number };
    return { status: body.http_status ?? 400, body };
  }
  return { status: 200, body: rpc.result?.structuredContent ?? null };
}

/** A dashboard form posted as the browser posts it: its 303 (done) is a 200 here, a refusal its page's status. */
export async function dashboardForm(r: Real, cookie: string, path: string, fields: Headers): Promise<Answer> {
  const app = r.s.t.app;
  let csrf = r.csrf.get(cookie);
  if (csrf === undefined) {
    const page = await dashboardBrowser(app, cookie).get('/dashboard');
    csrf = /name="csrf_token" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    r.csrf.set(cookie, csrf);
  }
  const res = await dashboardBrowser(app, cookie).postOnly(path, {
    csrf_token: csrf,
    form_id: randomUUID(),
    ...fields,
  });
  // Done is post/redirect/get back to the page; a redirect anywhere else (to sign in) is no success.
  if (res.statusCode === 303 && res.headers.location === path) return { status: 200, body: null };
  const failed = /class="[^"]*error[^"]*"[^>]*>([\s\S]*?)</.exec(res.body)?.[1]?.trim() ?? '';
  return { status: res.statusCode, body: { page: failed.slice(0, 160) } };
}

/**
 * The dashboard session of `person` with the switcher on `team` (their own session when null). The choice is
 * written where the switcher writes it, every time, as a person choosing it again would; for someone no longer
 * in the team the service must treat the choice as void (docs/teams.md "Organizations", Acting for a team).
 */
export async function dashboardCookie(r: Real, person: Person, team: Team | null): Promise<string> {
  if (!team) return person.cookie;
  const orm = r.s.t.db.orm;
  let cookie = person.dashboards.get(team.id);
  if (!cookie) {
    const session = await createSession(orm.em.fork(), person.id, 4);
    cookie = `${SESSION_COOKIE}=${r.s.t.app.signCookie(session.id)}`;
    person.dashboards.set(team.id, cookie);
    r.sessions.set(cookie, sha256Hex(session.id));
  }
  await orm.em
    .fork()
    .getConnection()
    .execute('update web_session set team_id = ? where token_hash = ?', [team.id, r.sessions.get(cookie)]);
  return cookie;
}

/** One credential someone holds, with what it is: whose, for which team, through which agent or key. */
export interface Cred {
  alias: string;
  kind: 'session' | 'bearer' | 'live_key' | 'agent_key';
  /** The person behind it: the signed-in person, a key's maker, an agent's claimer (or holder). */
  person: Person | null;
  /** The team it acts for: X-Team-Id, a team's key; an agent key acts for the team that operates its agent. */
  team: Team | null;
  agent: Agent | null;
  headers: Headers;
}

const teamById = (w: World, id: string | null) => w.teams.find((t) => t.id === id) ?? null;

/** What a human can reach for: each account's session and bearer token, alone and for each team it was ever in, their keys and their agents. */
export function credsOf(w: World, human: Human): Cred[] {
  const out: Cred[] = [];
  for (const p of w.people.filter((x) => x.human === human)) {
    out.push({
      alias: `${p.alias} session`,
      kind: 'session',
      person: p,
      team: null,
      agent: null,
      headers: { cookie: p.cookie },
    });
    out.push({
      alias: `${p.alias} bearer`,
      kind: 'bearer',
      person: p,
      team: null,
      agent: null,
      headers: { authorization: `Bearer ${p.bearer}` },
    });
    for (const t of w.teams.filter((x) => x.ever.has(p.id))) {
      out.push({
        alias: `${p.alias} session for ${t.alias}`,
        kind: 'session',
        person: p,
        team: t,
        agent: null,
        headers: { cookie: p.cookie, 'x-team-id': t.id },
      });
      out.push({
        alias: `${p.alias} bearer for ${t.alias}`,
        kind: 'bearer',
        person: p,
        team: t,
        agent: null,
        headers: { authorization: `Bearer ${p.bearer}`, 'x-team-id': t.id },
      });
    }
  }
  for (const k of w.keys.filter((x: LiveKey) => x.maker.human === human))
    out.push({
      alias: k.alias,
      kind: 'live_key',
      person: k.maker,
      team: k.team,
      agent: null,
      headers: { 'x-api-key': k.key },
    });
  for (const a of w.agents.filter((x) => x.holder.human === human))
    out.push({
      alias: `${a.alias}'s key`,
      kind: 'agent_key',
      person: a.claimedBy ?? a.holder,
      team: teamById(w, a.operator),
      agent: a,
      headers: { 'x-api-key': a.key },
    });
  return out;
}

/** The same credential over MCP: a browser session is no MCP credential, so a person's bearer token stands in. */
export function mcpHeaders(c: Cred): Headers {
  if (c.kind !== 'session' || !c.person) return c.headers;
  return { authorization: `Bearer ${c.person.bearer}`, ...(c.team ? { 'x-team-id': c.team.id } : {}) };
}

const GEMS = 200_000;

export async function grant(r: Real, accountId: string, amount = GEMS) {
  await grantGems(r.s.t.db.em(), { accountId, amount, reference: `invariants:${randomLabel()}` });
}

/** A person signed in at the test identity provider: a session and a bearer token for one account, with gems. */
export async function signUp(r: Real, w: World, human: Human, alias: string): Promise<Person> {
  const subject = `inv-${alias}-${randomLabel()}`;
  const { accountId, cookie } = await humanWithSession(r.s.t.app, r.s.t.db.orm, subject, r.idp.issuer);
  const person: Person = {
    id: accountId,
    alias,
    human,
    cookie,
    bearer: await r.idp.mintAccessToken(subject, { ttlSeconds: 3600 }),
    dashboards: new Map(),
  };
  w.people.push(person);
  w.accounts.set(person.id, { kind: 'person', person });
  await grant(r, person.id);
  return person;
}

/** An agent provisioned by `holder` (who keeps its key and claim code), with gems of its own. */
export async function provisioned(r: Real, w: World, holder: Person): Promise<Agent> {
  const p = await provision(r.s.t.app);
  const agent: Agent = {
    id: p.account_id,
    alias: `X${w.agents.length + 1}`,
    key: p.api_key,
    claimCode: p.claim_code,
    holder,
    claimers: new Set(),
    claimedBy: null,
    operator: null,
  };
  w.agents.push(agent);
  w.accounts.set(agent.id, { kind: 'agent', agent });
  await grant(r, agent.id);
  return agent;
}

export function track(w: World, name: string): TrackedName {
  const t: TrackedName = {
    name,
    alias: `n${w.names.length + 1}`,
    state: { owner: '', manager: null, lockedAt: null, dnsEnabled: false, ns: '', listed: false, request: null },
  };
  w.names.push(t);
  return t;
}

export function newTeam(w: World, id: string, owner: Person, joinedAt: number): Team {
  const team: Team = { id, alias: `T${w.teams.length + 1}`, members: new Map(), ever: new Set() };
  team.members.set(owner.id, { role: 'owner', joinedAt });
  team.ever.add(owner.id);
  w.teams.push(team);
  w.accounts.set(id, { kind: 'team', team });
  return team;
}

const must = async (what: string, a: Promise<Answer>) => {
  const answer = await a;
  if (answer.status !== 200)
    throw new Error(`setting up the run: ${what} answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as Record<string, unknown> & { team?: { id: string }; token?: string };
};

const ESTABLISHED_MS = 2 * 24 * 3600_000;

/**
 * Makes a team's memberships two days old, as an established team's are: every timestamp of its member rows
 * (whatever column the service reads a join's time from), so its members joined before any lock this run sets
 * and longer than the unlock delay before any request.
 */
async function establish(r: Real, teamId: string) {
  const conn = r.s.t.db.orm.em.fork().getConnection();
  const columns = await conn.execute<{ column_name: string }[]>(
    `select column_name from information_schema.columns where table_name = 'team_member' and data_type like 'timestamp%'`,
  );
  const set = columns.map((c) => `"${c.column_name}" = now() - interval '2 days'`).join(', ');
  await conn.execute(`update team_member set ${set} where team_id = ?`, [teamId]);
}

/**
 * A fresh world for one run, made through the API before the first step: the attacker (one person), whose
 * claimed agent owns a name locked before the credentials were stolen and another, and who owns a name
 * directly; an honest established team (owner and admin joined two days ago) with a locked name and an agent
 * each of its two people claimed for it, each agent with a name; a stranger with a name. Nothing here is
 * counted: the invariants start from the state it leaves.
 */
export async function newWorld(r: Real, delayMs: number): Promise<World> {
  const w: World = {
    orm: r.s.t.db.orm,
    delayMs,
    people: [],
    teams: [],
    agents: [],
    keys: [],
    invitations: [],
    offers: [],
    names: [],
    accounts: new Map(),
    trace: [],
  };
  const [attacker, honest, colleague, stranger] = await Promise.all([
    signUp(r, w, 'attacker', 'A0'),
    signUp(r, w, 'honest', 'H'),
    signUp(r, w, 'colleague', 'H2'),
    signUp(r, w, 'stranger', 'S'),
  ]);
  const made = await must(
    'creating the honest team',
    api(r, 'POST', '/api/v1/teams', { cookie: honest.cookie }, { name: 'Honest Labs' }),
  );
  const teamId = (made.team as { id: string }).id;
  const invited = await must(
    'inviting the colleague',
    api(r, 'POST', `/api/v1/teams/${teamId}/invitations`, { cookie: honest.cookie }, { role: 'admin' }),
  );
  await must(
    'the colleague joining',
    api(
      r,
      'POST',
      '/api/v1/teams/invitations/accept',
      { cookie: colleague.cookie },
      { token: invited.token as string },
    ),
  );
  await establish(r, teamId);
  const long = Date.now() - ESTABLISHED_MS;
  const team = newTeam(w, teamId, honest, long);
  team.members.set(colleague.id, { role: 'admin', joinedAt: long });
  team.ever.add(colleague.id);
  await grant(r, teamId);

  const theirs = await provisioned(r, w, attacker);
  await must(
    'the attacker claiming their agent',
    api(r, 'POST', '/api/v1/agents/claim', { cookie: attacker.cookie }, { claim_code: theirs.claimCode }),
  );
  theirs.claimers.add(attacker.id);
  theirs.claimedBy = attacker;
  const ours = await provisioned(r, w, honest);
  await must(
    'the honest owner claiming an agent for the team',
    api(
      r,
      'POST',
      '/api/v1/agents/claim',
      { cookie: honest.cookie, 'x-team-id': teamId },
      { claim_code: ours.claimCode },
    ),
  );
  ours.claimers.add(honest.id);
  ours.claimedBy = honest;
  const colleagues = await provisioned(r, w, colleague);
  await must(
    'the colleague claiming an agent for the team',
    api(
      r,
      'POST',
      '/api/v1/agents/claim',
      { cookie: colleague.cookie, 'x-team-id': teamId },
      { claim_code: colleagues.claimCode },
    ),
  );
  colleagues.claimers.add(colleague.id);
  colleagues.claimedBy = colleague;

  // The attacker's agent's locked name first, the team's locked name third: the lock calls below name them.
  const owners: string[] = [theirs.id, attacker.id, teamId, ours.id, colleagues.id, theirs.id, stranger.id];
  const names: string[] = [];
  for (const owner of owners) {
    const d = await createDomain(r.s.t.db.orm, {
      label: randomLabel('inv'),
      namespace: 'agent',
      owner: { id: owner } as Account,
    });
    names.push(d.name);
    track(w, d.name);
  }
  await must(
    'locking the attacker’s agent’s name',
    api(r, 'POST', `/api/v1/domains/${names[0]}/lock`, { cookie: attacker.cookie }),
  );
  await must(
    'locking the team’s name',
    api(r, 'POST', `/api/v1/domains/${names[2]}/lock`, { cookie: honest.cookie, 'x-team-id': teamId }),
  );
  const { now } = await readNames(w);
  for (const n of w.names) n.state = now.get(n.name) ?? n.state;
  for (const a of w.agents) a.operator = a === theirs ? attacker.id : teamId;
  return w;
}
