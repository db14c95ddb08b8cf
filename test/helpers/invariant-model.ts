import type { Orm } from '../../src/db/orm.ts';

// The model of test/e2e/invariants.test.ts: who is who (which accounts one human holds), what each team's
// membership is as the commands made it, and the invariants of issue 49 checked against the database after
// every step. The model never predicts an answer: it keeps what it must know to judge one (who asked an
// unlock, when a member joined, who claimed an agent) and what the database held after the previous step.

/** The humans behind the accounts: the attacker holds one person's credentials and whatever they create. */
export type Human = 'attacker' | 'honest' | 'colleague' | 'stranger';
export type Role = 'owner' | 'admin' | 'operator' | 'billing' | 'auditor';

export interface Person {
  id: string;
  alias: string;
  human: Human;
  cookie: string;
  bearer: string;
  /** Dashboard sessions whose switcher chose a team, by team id (made when first used). */
  dashboards: Map<string, string>;
}

export interface Membership {
  role: Role;
  /** The earliest the join could have committed (the model's clock before the request; backdated for an established team). */
  joinedAt: number;
}

export interface Team {
  id: string;
  alias: string;
  members: Map<string, Membership>;
  /** Everyone who was ever a member: the removed ones keep credentials they may try. */
  ever: Set<string>;
}

export interface Agent {
  id: string;
  alias: string;
  key: string;
  claimCode: string;
  /** The person who provisioned it and so holds its key. */
  holder: Person;
  /** Who claimed it or moved it into a team: the people the rule says cannot approve what it asks. */
  claimers: Set<string>;
  /** The last claimer: whose membership of the operating team its key acts with (docs/teams.md, issue 49 §2). */
  claimedBy: Person | null;
  /** Its operator as the database said after the last step: a person, a team, or nobody. */
  operator: string | null;
}

export interface LiveKey {
  alias: string;
  key: string;
  maker: Person;
  team: Team | null;
}

export interface Invitation {
  alias: string;
  token: string;
  team: Team;
  role: Role;
}

export interface Offer {
  id: string;
  alias: string;
  name: string;
}

export interface UnlockRequest {
  id: string;
  requestedBy: string;
  createdAt: number;
  effectiveAt: number;
  status: string;
  /** An approval the rule allows has answered 200: the only way besides the delay a lock may lift. */
  allowed: boolean;
}

/** What the database held for a name after the last step. */
export interface NameState {
  owner: string;
  manager: string | null;
  lockedAt: number | null;
  dnsEnabled: boolean;
  ns: string;
  /** Listed for sale: what a purchase step looks for. */
  listed: boolean;
  request: UnlockRequest | null;
}

export interface TrackedName {
  name: string;
  alias: string;
  state: NameState;
}

/** The account registry: every account the run made, by id, with what it is. */
export type AccountInfo =
  { kind: 'person'; person: Person } | { kind: 'team'; team: Team } | { kind: 'agent'; agent: Agent };

export interface World {
  orm: Orm;
  /** REGISTRAR_UNLOCK_DELAY_SECONDS in ms: an unlock asked at t lifts unapproved at t + delay. */
  delayMs: number;
  people: Person[];
  teams: Team[];
  agents: Agent[];
  keys: LiveKey[];
  invitations: Invitation[];
  offers: Offer[];
  names: TrackedName[];
  accounts: Map<string, AccountInfo>;
  /** One line per step of this run, printed with any broken invariant. */
  trace: string[];
}

export const aliasOf = (w: World, id: string | null): string => {
  if (id === null) return 'nobody';
  const a = w.accounts.get(id);
  if (!a) return id.slice(0, 8);
  return a.kind === 'person' ? a.person.alias : a.kind === 'team' ? a.team.alias : a.agent.alias;
};

/** The human behind an account: a person's, an agent's holder's; a team is nobody's. */
export function humanOf(w: World, id: string): Human | null {
  const a = w.accounts.get(id);
  if (!a) return null;
  if (a.kind === 'person') return a.person.human;
  if (a.kind === 'agent') return a.agent.holder.human;
  return null;
}

export const isMember = (team: Team, personId: string) => team.members.has(personId);

/** The team that manages a name: its owner, or the operator of the agent that owns it; null for a person's own. */
export function managingTeam(w: World, state: NameState): Team | null {
  for (const id of [state.owner, state.manager]) {
    const a = id ? w.accounts.get(id) : undefined;
    if (a?.kind === 'team') return a.team;
  }
  return null;
}

/**
 * Why the rule of issue 49 §2 refuses this approval, or null when it allows it: the approver is a person (never
 * a key), not the one who asked, not whoever claimed the asking agent, and — for a name a team manages — not a
 * member who joined after the lock was set or within the delay before the request. The humans are checked too: no
 * account of the asker's human (the attacker's second account) counts as a second person.
 */
export function approvalRefusal(w: World, approver: Person | null, state: NameState): string | null {
  const req = state.request;
  if (!approver) return 'a key approved an unlock: a key is never a second person';
  if (!req) return 'approved with no pending request';
  if (req.requestedBy === approver.id) return `${approver.alias} approved their own request`;
  const asker = w.accounts.get(req.requestedBy);
  if (asker?.kind === 'agent' && asker.agent.claimers.has(approver.id))
    return `${approver.alias} claimed ${asker.agent.alias}, which asked`;
  const askerHuman = humanOf(w, req.requestedBy);
  if (askerHuman && askerHuman === approver.human)
    return `${approver.alias} is the same human (${askerHuman}) as ${aliasOf(w, req.requestedBy)}, who asked`;
  if (asker?.kind === 'agent')
    for (const c of asker.agent.claimers)
      if (humanOf(w, c) === approver.human)
        return `${approver.alias} is the same human as ${aliasOf(w, c)}, who claimed the asking agent`;
  const team = managingTeam(w, state);
  if (team) {
    const m = team.members.get(approver.id);
    if (!m) return `${approver.alias} is not a member of ${team.alias}, which manages the name`;
    if (state.lockedAt !== null && m.joinedAt > state.lockedAt)
      return `${approver.alias} joined ${team.alias} after the lock was set`;
    if (m.joinedAt > req.createdAt - w.delayMs)
      return `${approver.alias} joined ${team.alias} within the unlock delay before the request`;
  }
  return null;
}

/** A broken invariant: the message names it, the step, and the run so far. */
export class InvariantBroken extends Error {
  override name = 'InvariantBroken';
}

const sql = <T>(w: World, q: string, params: unknown[] = []) => w.orm.em.fork().getConnection().execute<T[]>(q, params);

/** What the counted invariants read before and after a step. */
export interface Counts {
  audit: number;
  ledgerLines: number;
}

export async function counts(w: World): Promise<Counts> {
  // The registry's own events (the expiry sweep, an unlock its delay lifted) are no request's change.
  const [row] = await sql<{ audit: number; lines: number }>(
    w,
    `select (select count(*) from audit_event where credential_kind is distinct from 'registry')::int as audit,
            (select count(*) from ledger_line)::int as lines`,
  );
  return { audit: row?.audit ?? 0, ledgerLines: row?.lines ?? 0 };
}

/**
 * Money is conserved: the ledger sums to zero in each currency (the query test/e2e/chaos.test.ts ends with),
 * every transaction balances, and no account's gems go below zero.
 */
export async function moneyProblems(w: World): Promise<string[]> {
  const [sums] = await sql<{ gems: string; usd: string }>(
    w,
    `select coalesce(sum(amount) filter (where book not like 'pathusd:%'), 0)::text as gems,
            coalesce(sum(amount) filter (where book like 'pathusd:%'), 0)::text as usd from ledger_line`,
  );
  const unbalanced = await sql<{ transaction_id: number; total: string }>(
    w,
    `select transaction_id, sum(amount)::text as total from ledger_line group by transaction_id having sum(amount) <> 0 limit 5`,
  );
  const negative = await sql<{ book: string; balance: string }>(
    w,
    `select book, sum(amount)::text as balance from ledger_line where book like 'user:%' group by book having sum(amount) < 0 limit 5`,
  );
  const problems: string[] = [];
  if (sums?.gems !== '0' || sums.usd !== '0')
    problems.push(`the ledger sums to gems ${sums?.gems}, pathUSD ${sums?.usd}, not zero`);
  for (const u of unbalanced) problems.push(`ledger transaction ${u.transaction_id} sums to ${u.total}`);
  for (const n of negative) problems.push(`${n.book} holds ${n.balance} gems`);
  return problems;
}

interface NameRow {
  name: string;
  owner_id: string;
  manager: string | null;
  locked_at: Date | null;
  dns_enabled: boolean;
  ns: string;
  listed: boolean;
}
interface UnlockRow {
  id: string;
  domain_name: string;
  requested_by: string;
  effective_at: Date;
  status: string;
  created_at: Date;
}

/** The names' states as the database holds them now, and every unlock request of theirs, by id. */
export async function readNames(w: World): Promise<{ now: Map<string, NameState>; unlocks: Map<string, UnlockRow> }> {
  const names = w.names.map((n) => n.name);
  const now = new Map<string, NameState>();
  const unlocks = new Map<string, UnlockRow>();
  if (names.length === 0) return { now, unlocks };
  const rows = await sql<NameRow>(
    w,
    `select d.name, d.owner_id, a.operator_account_id as manager, d.locked_at, d.dns_enabled,
            coalesce((select string_agg(r.name || ' ' || r.content, ',' order by r.name, r.content)
                        from dns_record r where r.domain_id = d.id and r.type = 'NS'), '') as ns,
            exists (select 1 from listing l where l.domain_id = d.id) as listed
       from domain d join account a on a.id = d.owner_id
      where d.name in (?) and d.status <> 'expired'`,
    [names],
  );
  const requests = await sql<UnlockRow>(
    w,
    `select id, domain_name, requested_by, effective_at, status, created_at from registrar_unlock where domain_name in (?)`,
    [names],
  );
  for (const r of requests) unlocks.set(r.id, r);
  for (const r of rows) {
    const open = requests.find((q) => q.domain_name === r.name && (q.status === 'pending' || q.status === 'approved'));
    now.set(r.name, {
      owner: r.owner_id,
      manager: r.manager,
      lockedAt: r.locked_at ? new Date(r.locked_at).getTime() : null,
      dnsEnabled: r.dns_enabled,
      ns: r.ns,
      listed: r.listed,
      request: open
        ? {
            id: open.id,
            requestedBy: open.requested_by,
            createdAt: new Date(open.created_at).getTime(),
            effectiveAt: new Date(open.effective_at).getTime(),
            status: open.status,
            allowed: false,
          }
        : null,
    });
  }
  return { now, unlocks };
}

/** A move-in that answered 200 in this step: what it said it moved. */
export interface MovedIn {
  person: string;
  team: string;
  names: string[];
  agents: string[];
}

/**
 * The lock invariant over one step: a name locked before it keeps its owner, manager, delegation and NS
 * records unless an unlock took effect by the rule (an allowed approval, or its delay), and its pending
 * request is only ever decided, never dropped. Moving in keeps both: a locked name that moves with its agent
 * (or, if the service moves it, by itself) changes hands only into the mover's team, its lock and request as
 * they were. Then the model takes the database's state.
 */
export async function checkLocks(w: World, movedIn: MovedIn | null): Promise<string[]> {
  const { now, unlocks } = await readNames(w);
  const problems: string[] = [];
  const at = Date.now();
  for (const n of w.names) {
    const before = n.state;
    const after = now.get(n.name);
    if (!after) {
      problems.push(`${n.alias} (${n.name}) is no longer a live name`);
      continue;
    }
    // The request open before this step: still open, or decided (cancelled, or applied below).
    if (before.request) {
      const row = unlocks.get(before.request.id);
      if (after.request?.id === before.request.id) after.request.allowed = before.request.allowed;
      else if (!row || (row.status !== 'cancelled' && row.status !== 'applied'))
        problems.push(
          `${n.alias}'s pending unlock request ${before.request.id} is ${row ? row.status : 'gone'} without a decision`,
        );
    }
    if (before.lockedAt !== null) {
      const lifted = after.lockedAt !== before.lockedAt;
      const req = before.request;
      const applied = req && unlocks.get(req.id)?.status === 'applied';
      const lawful = applied && (req.allowed || req.effectiveAt <= at);
      if (lifted && !lawful)
        problems.push(
          `${n.alias} (${aliasOf(w, before.owner)}'s, locked) was unlocked ${
            !req
              ? 'with no request to lift it'
              : !applied
                ? `while its request is ${unlocks.get(req.id)?.status}`
                : `by an approval the rule refuses, ${Math.round((req.effectiveAt - at) / 1000)} s before its delay ends`
          }`,
        );
      if (!lifted) {
        const movedName = movedIn?.names.includes(n.name) && before.owner === movedIn.person;
        const movedAgent = movedIn?.agents.includes(before.owner) && before.manager === movedIn.person;
        const ownerOk =
          after.owner === before.owner || (movedName && after.owner === movedIn?.team && after.manager === null);
        const managerOk = after.manager === before.manager || (movedAgent && after.manager === movedIn?.team);
        if (!ownerOk || !managerOk)
          problems.push(
            `${n.alias} is locked, yet its owner went ${aliasOf(w, before.owner)} → ${aliasOf(w, after.owner)} and its manager ${aliasOf(w, before.manager)} → ${aliasOf(w, after.manager)}`,
          );
        if ((movedName || movedAgent) && after.request?.id !== before.request?.id)
          problems.push(`moving ${n.alias} into a team changed its pending unlock request`);
        if (after.dnsEnabled !== before.dnsEnabled || after.ns !== before.ns)
          problems.push(
            `${n.alias} is locked, yet its delegation went ${before.dnsEnabled} → ${after.dnsEnabled}, NS "${before.ns}" → "${after.ns}"`,
          );
      }
    }
    n.state = after;
  }
  return problems;
}

/** The model's memberships (made by the commands' answers) against the database's. */
export async function membershipProblems(w: World): Promise<string[]> {
  if (w.teams.length === 0) return [];
  const rows = await sql<{ team_id: string; account_id: string; role: string }>(
    w,
    'select team_id, account_id, role from team_member where team_id in (?)',
    [w.teams.map((t) => t.id)],
  );
  const problems: string[] = [];
  for (const t of w.teams) {
    const db = rows.filter((r) => r.team_id === t.id);
    const said = [...t.members].map(([id, m]) => `${aliasOf(w, id)}:${m.role}`).sort();
    const held = db.map((r) => `${aliasOf(w, r.account_id)}:${r.role}`).sort();
    if (said.join(',') !== held.join(','))
      problems.push(`${t.alias}'s members are ${held.join(', ')} where the answers said ${said.join(', ')}`);
  }
  return problems;
}

/** Agents' operators as the database holds them now (a claim, a move-in, or a rule that passes the claim on). */
export async function syncOperators(w: World): Promise<void> {
  if (w.agents.length === 0) return;
  const rows = await sql<{ id: string; operator_account_id: string | null }>(
    w,
    'select id, operator_account_id from account where id in (?)',
    [w.agents.map((a) => a.id)],
  );
  for (const r of rows) {
    const a = w.agents.find((x) => x.id === r.id);
    if (a) a.operator = r.operator_account_id;
  }
}
