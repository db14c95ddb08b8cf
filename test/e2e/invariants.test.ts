import { afterAll, beforeAll, describe, it } from '@jest/globals';
import fc from 'fast-check';
import type { DevOidcProvider } from '../../src/infra/dev-oidc/provider.ts';
import { registerDomain } from '../helpers/app.ts';
import { randomLabel } from '../helpers/fixtures.ts';
import {
  answerOf,
  api,
  codeOf,
  credsOf,
  dashboardCookie,
  dashboardForm,
  grant,
  mcp,
  mcpHeaders,
  newTeam,
  newWorld,
  provisioned,
  signUp,
  track,
  type Answer,
  type Cred,
  type Headers,
  type Real,
} from '../helpers/invariant-actors.ts';
import {
  aliasOf,
  approvalRefusal,
  checkLocks,
  counts,
  InvariantBroken,
  isMember,
  managingTeam,
  membershipProblems,
  moneyProblems,
  syncOperators,
  type Human,
  type MovedIn,
  type Person,
  type Role,
  type Team,
  type TrackedName,
  type World,
} from '../helpers/invariant-model.ts';
import { startTestOidc } from '../helpers/oidc.ts';
import { startTestPowerDns, type TestPowerDns } from '../helpers/powerdns.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';

// Issue 49 §2, as properties of the whole service: a model-based test (fast-check's commands) drives random
// sequences of team, agent, lock, market, DNS and batch operations — over the API, the MCP tools and the
// dashboard's forms — by four humans against the real stack (API in-process, worker, Temporal, PostgreSQL):
// the attacker, who holds one person's credentials and everything they can make with them (teams,
// invitations, second accounts they sign in as, agents they claim, keys); an honest owner and a colleague
// of an established team; and a stranger. After every step it checks:
// - a locked name keeps its owner, manager, delegation and NS records unless an unlock took effect by the
//   rule (docs/teams.md "Registrar lock"; the approver a different human: not the asker, not whoever claimed
//   the asking agent, not a member who joined after the lock was set or within the delay before the request;
//   or the delay passed — 24 h here, so within a run only a second person lifts a lock);
// - no one outside a team — a removed member above all, with any credential they still hold: a session or
//   bearer token naming the team, a key they made for it, the key of an agent they claimed for it — changes
//   anything of the team's;
// - every change answered as done wrote exactly one audit event, and a refusal none (nor any ledger line);
// - money is conserved: the ledger sums to zero (the chaos test's query), each transaction balances, no
//   balance is negative;
// - every answer is a 2xx or a 4xx: never a 5xx.
// A fresh seed each run, printed first; INVARIANT_SEED repeats one. INVARIANT_RUNS sequences of up to
// INVARIANT_STEPS steps (25 of up to 40 in `npm test`, about 500 steps, under a minute on a quiet machine);
// INVARIANT_RUNS=500 for a long run. A failure is shrunk and printed with the run step by step; its
// `path` (INVARIANT_PATH) with the counterexample's `replayPath` (INVARIANT_REPLAY) replays it alone.
// INVARIANT_TRACE prints every run's steps. Each run starts from a fresh world of its own on one shared stack.
const SEED = Number(process.env.INVARIANT_SEED ?? Math.floor(Math.random() * 2 ** 31));
const RUNS = Number(process.env.INVARIANT_RUNS ?? 25);
const STEPS = Number(process.env.INVARIANT_STEPS ?? 40);
const PATH = process.env.INVARIANT_PATH;
const REPLAY = process.env.INVARIANT_REPLAY;
const DELAY_SECONDS = 86_400;
// Past this, fast-check runs no further sequence (the closing line says how many ran) and, shrinking a
// failure, reports the smallest one found so far: a loaded machine keeps the file within CI's budget.
const TIME_LIMIT_MS = Number(process.env.INVARIANT_TIME_LIMIT_MS ?? Math.max(150_000, RUNS * STEPS * 150));

type Via = 'api' | 'mcp' | 'dashboard' | 'batch';
/** Whom a write acts for and on whose membership it rests: [team, person]. */
type Scope = [Team | null, Person | null];

interface Outcome {
  what: string;
  answer: Answer;
  mutating: boolean;
  /** Why whoever acts has no business acting for the team the write is for (judged before it was sent), or null. */
  outsider: string | null;
  /** An approval of an unlock, with why the rule refuses it (judged before it was sent; null: allowed). */
  approval?: { name: TrackedName; refusal: string | null };
}

const ok = (a: Answer) => a.status >= 200 && a.status < 300;
/** Why whoever acts for `team` has no business doing so (not, or no longer, a member), or null. */
const outsiderOf = (team: Team | null, by: Person | null) =>
  team && !(by && isMember(team, by.id)) ? `${by?.alias ?? 'nobody'} is not a member of ${team.alias}` : null;
const at = <T>(xs: readonly T[], i: number): T | undefined => (xs.length === 0 ? undefined : xs[i % xs.length]);

/** What the sequences did, over every run of the file (shrinking's included), for the closing line. */
const stats = {
  seconds: 0,
  failed: false,
  runs: 0,
  steps: 0,
  done: 0,
  refused: 0,
  approvalsDone: 0,
  approvalsRefused: 0,
};

class Step {
  outcomes: Outcome[] = [];
  movedIn: MovedIn | null = null;
  readonly w: World;
  readonly r: Real;
  readonly n: number;
  constructor(w: World, r: Real, n: number) {
    this.w = w;
    this.r = r;
    this.n = n;
  }

  /** Adds what the last answer made (a team's, a key's alias) to its line. */
  note(text: string) {
    const last = this.outcomes.at(-1);
    if (last) last.what += text;
  }

  /** Sends one request, after judging who it acts for with the model as it stood before it. */
  async send(
    what: string,
    mutating: boolean,
    [team, by]: Scope,
    call: () => Promise<Answer>,
    approval?: { name: TrackedName; approver: Person | null },
  ): Promise<Answer> {
    const outsider = outsiderOf(team, by);
    const refusal = approval ? approvalRefusal(this.w, approval.approver, approval.name.state) : null;
    const answer = await call();
    this.outcomes.push({
      what,
      answer,
      mutating,
      outsider,
      ...(approval ? { approval: { name: approval.name, refusal } } : {}),
    });
    return answer;
  }
}

/**
 * One step: its requests, then every invariant over what they answered and what the database holds now. A
 * broken one throws with the run so far, step by step, so the shrunk counterexample reads as a story.
 */
async function step(w: World, r: Real, act: (s: Step) => Promise<void>): Promise<void> {
  const s = new Step(w, r, w.trace.length + 1);
  const before = await counts(w);
  const problems: string[] = [];
  // A step that cannot go on (an answer that is no JSON, a set-up request refused) is broken too, with its story.
  await act(s).catch((err: unknown) => problems.push(`the step threw: ${(err as Error).stack ?? String(err)}`));
  for (const o of s.outcomes)
    if (!ok(o.answer) && (o.answer.status < 400 || o.answer.status >= 500))
      problems.push(`${o.what} answered ${o.answer.status}: ${JSON.stringify(o.answer.body)}`);
  const changes = s.outcomes.filter((o) => o.mutating && ok(o.answer));
  const after = await counts(w);
  if (after.audit - before.audit !== changes.length)
    problems.push(
      `${changes.length} change(s) answered as done (${changes.map((o) => o.what).join(', ') || 'none'}) wrote ${after.audit - before.audit} audit event(s)`,
    );
  if (changes.length === 0 && after.ledgerLines !== before.ledgerLines)
    problems.push(`refusals moved money: ${after.ledgerLines - before.ledgerLines} new ledger line(s)`);
  for (const o of changes) if (o.outsider) problems.push(`${o.outsider}, yet ${o.what} answered ${o.answer.status}`);
  for (const o of s.outcomes) {
    if (!o.approval) continue;
    if (!ok(o.answer)) {
      stats.approvalsRefused += 1;
      continue;
    }
    stats.approvalsDone += 1;
    if (o.approval.refusal) problems.push(`${o.what} answered ${o.answer.status}: ${o.approval.refusal}`);
    else if (o.approval.name.state.request) o.approval.name.state.request.allowed = true;
  }
  problems.push(...(await checkLocks(w, s.movedIn)));
  problems.push(...(await moneyProblems(w)));
  problems.push(...(await membershipProblems(w)));
  await syncOperators(w);
  if (s.movedIn)
    for (const a of w.agents)
      if (s.movedIn.agents.includes(a.id) && a.operator === s.movedIn.team) {
        const mover = w.people.find((p) => p.id === s.movedIn?.person) ?? null;
        if (mover) a.claimers.add(mover.id);
        a.claimedBy = mover;
      }
  stats.steps += 1;
  for (const o of s.outcomes) {
    if (ok(o.answer)) stats.done += 1;
    else stats.refused += 1;
  }
  w.trace.push(
    `${s.n}. ${s.outcomes.map((o) => `${o.what} → ${o.answer.status}${codeOf(o.answer) ? ` ${codeOf(o.answer)}` : ''}`).join('; ') || '(nothing to do)'}`,
  );
  if (problems.length > 0)
    throw new InvariantBroken(
      `seed ${SEED}: after step ${s.n}:\n  - ${problems.join('\n  - ')}\nthe run, step by step (names: ${w.names.map((n) => `${n.alias}=${n.name}`).join(', ')}):\n  ${w.trace.join('\n  ')}`,
    );
}

const personCred = (c: Cred | undefined): c is Cred & { person: Person } =>
  !!c && (c.kind === 'session' || c.kind === 'bearer') && !!c.person;
const peopleOf = (w: World, human: Human) => w.people.filter((p) => p.human === human);

// ---------------------------------------------------------------------------------------------------------
// Operations on a name, each over the channels that offer it; any other channel falls back to the API.

const NAME_OPS = [
  'lock',
  'ask',
  'approve',
  'cancel',
  'transfer',
  'list',
  'enable_dns',
  'records',
  'offer',
  'buy',
  'respond',
] as const;
type NameOp = (typeof NAME_OPS)[number];
const CHANNELS: Record<NameOp, Via[]> = {
  lock: ['api', 'mcp', 'dashboard', 'batch'],
  ask: ['api', 'mcp', 'dashboard'],
  approve: ['api', 'mcp', 'dashboard'],
  cancel: ['api', 'mcp', 'dashboard'],
  transfer: ['api', 'dashboard'],
  list: ['api', 'dashboard', 'batch'],
  enable_dns: ['api', 'mcp', 'dashboard'],
  records: ['api', 'mcp', 'batch'],
  offer: ['api', 'mcp'],
  buy: ['api', 'mcp'],
  respond: ['api', 'mcp', 'dashboard'],
};
const UNLOCK_STEPS = {
  ask: { path: 'unlock', tool: 'request_unlock', form: 'request_unlock' },
  approve: { path: 'unlock/approve', tool: 'approve_unlock', form: 'approve_unlock' },
  cancel: { path: 'unlock/cancel', tool: 'cancel_unlock', form: 'cancel_unlock' },
} as const;

/**
 * The records a step sets: a TXT record (a lock leaves those to the owner), or an NS record (refused, always).
 * The records route takes a person's bearer token, not their browser session (its forms are the dashboard's).
 */
const recordsFor = (s: Step, extra: number) =>
  extra % 2 === 1
    ? [{ type: 'NS', name: '@', content: 'ns1.elsewhere.example.' }]
    : [{ type: 'TXT', name: '_inv', content: `step ${s.n}` }];

async function onName(s: Step, op: NameOp, via: Via, c: Cred, n: TrackedName, extra: number): Promise<void> {
  const { w, r } = s;
  const name = n.name;
  const channel: Via = !CHANNELS[op].includes(via) || (via === 'dashboard' && !personCred(c)) ? 'api' : via;
  const what = `${op} ${n.alias} as ${c.alias}${channel === 'api' ? '' : ` via ${channel}`}`;
  // A manager's move acts for the team that manages the name; a buyer or bidder acts for their own account.
  const manager: Scope = [managingTeam(w, n.state) ?? c.team, c.person];
  const own: Scope = [c.team, c.person];
  const path = `/api/v1/domains/${name}`;
  const form = async (fields: Record<string, string>, page = name) =>
    dashboardForm(r, await dashboardCookie(r, c.person as Person, c.team), `/dashboard/domains/${page}`, fields);
  const tool = (t: string, args: object) => mcp(r, t, args, mcpHeaders(c));

  if (channel === 'batch') {
    const names = [n, at(w.names, w.names.indexOf(n) + 1 + (extra % 3)) ?? n];
    const item = (t: TrackedName) =>
      op === 'lock'
        ? { op: 'lock', domain: t.name }
        : op === 'list'
          ? { op: 'list_for_sale', domain: t.name, price: { gems: 500 } }
          : { op: 'patch_records', domain: t.name, records: recordsFor(s, extra) };
    const body = { operations: names.map(item) };
    const overMcp = extra % 2 === 1;
    // Its records items take a person's bearer token, as the records route does.
    const headers = mcpHeaders(c);
    const batch = await s.send(
      `batch of ${op} on ${names.map((t) => t.alias).join(', ')} as ${c.alias}${overMcp ? ' via mcp' : ''}`,
      false,
      [null, null],
      () => (overMcp ? tool('batch', body) : api(r, 'POST', '/api/v1/batch', headers, body)),
    );
    const results = ok(batch) ? ((batch.body as { results?: { status: number; body: unknown }[] }).results ?? []) : [];
    results.forEach((res, i) => {
      const t = names[i] as TrackedName;
      const [team, by] = [managingTeam(w, t.state) ?? c.team, c.person];
      s.outcomes.push({
        what: `  item ${i} (${op} ${t.alias})`,
        answer: { status: res.status, body: res.body },
        mutating: true,
        outsider: outsiderOf(team, by),
      });
    });
    return;
  }

  switch (op) {
    case 'lock':
      await s.send(what, true, manager, () =>
        channel === 'mcp'
          ? tool('lock_domain', { domain_name: name })
          : channel === 'dashboard'
            ? form({ action: 'lock' })
            : api(r, 'POST', `${path}/lock`, c.headers),
      );
      return;
    case 'ask':
    case 'approve':
    case 'cancel': {
      const u = UNLOCK_STEPS[op];
      const approval = op === 'approve' ? { name: n, approver: personCred(c) ? c.person : null } : undefined;
      await s.send(
        what,
        true,
        manager,
        () =>
          channel === 'mcp'
            ? tool(u.tool, { domain_name: name })
            : channel === 'dashboard'
              ? form({ action: u.form })
              : api(r, 'POST', `${path}/${u.path}`, c.headers),
        approval,
      );
      return;
    }
    case 'transfer': {
      // Mostly to the actor's own account, as a thief would; now and then to anyone the run knows.
      const everyone = [...w.accounts.keys()];
      const to = extra % 3 === 0 ? (at(everyone, extra) as string) : (c.person?.id ?? (at(everyone, extra) as string));
      await s.send(`${what} to ${aliasOf(w, to)}`, true, manager, () =>
        channel === 'dashboard'
          ? form({ action: 'transfer', to_account_id: to, reason: '' })
          : api(r, 'POST', '/api/v1/domains/transfer', c.headers, { domain: name, to_account_id: to }),
      );
      return;
    }
    case 'list':
      await s.send(what, true, manager, () =>
        channel === 'dashboard'
          ? form({ action: 'list_for_sale', price_gems: '500', price_usd: '', min_offer_gems: '', min_offer_usd: '' })
          : api(r, 'PUT', `${path}/listing`, c.headers, { price: { gems: 500 } }),
      );
      return;
    case 'enable_dns':
      await s.send(what, true, manager, () =>
        channel === 'mcp'
          ? tool('enable_dns', { domain_name: name })
          : channel === 'dashboard'
            ? form({ action: 'enable_dns' })
            : api(r, 'POST', `${path}/enable_dns`, c.headers),
      );
      return;
    case 'records': {
      const records = recordsFor(s, extra);
      await s.send(`${what} (${records[0]?.type})`, true, manager, () =>
        channel === 'mcp'
          ? tool('set_dns_records', { domain_name: name, records })
          : api(r, 'PATCH', `${path}/records`, mcpHeaders(c), { records }),
      );
      return;
    }
    case 'offer': {
      const body = { domain: name, amount: 300, currency: 'gems' };
      const a = await s.send(what, true, own, () =>
        channel === 'mcp' ? tool('make_offer', body) : api(r, 'POST', '/api/v1/domains/make-offer', c.headers, body),
      );
      const id = (a.body as { offer?: { offer_id?: string } } | null)?.offer?.offer_id;
      if (ok(a) && id) w.offers.push({ id, alias: `O${w.offers.length + 1}`, name });
      return;
    }
    case 'buy': {
      const body = { domain: name, payment_method: 'gems' };
      await s.send(what, true, own, () =>
        channel === 'mcp' ? tool('buy_domain', body) : api(r, 'POST', '/api/v1/domains/buy-secondary', c.headers, body),
      );
      return;
    }
    case 'respond': {
      const mine = w.offers.filter((o) => namesOf(w, c).some((t) => t.name === o.name));
      const offer = at(mine.length > 0 ? mine : w.offers, extra);
      if (!offer) return;
      const on = w.names.find((t) => t.name === offer.name) ?? n;
      const decision = extra % 3 === 0 ? 'reject' : 'accept';
      await s.send(
        `${decision} ${offer.alias} on ${on.alias} as ${c.alias}${channel === 'api' ? '' : ` via ${channel}`}`,
        true,
        [managingTeam(w, on.state) ?? c.team, c.person],
        () =>
          channel === 'mcp'
            ? tool('respond_to_offer', { offer_id: offer.id, action: decision })
            : channel === 'dashboard'
              ? form({ action: `${decision}_offer`, target: offer.id }, on.name)
              : api(r, 'POST', `/api/v1/domains/offers/${offer.id}/respond`, c.headers, { action: decision }),
      );
      return;
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// The commands fast-check strings together. Each holds only numbers; what they pick is read from the model
// when the step runs, so a shrunk sequence still means something.

type Cmd = fc.AsyncCommand<World, Real, false>;
const HUMANS: Human[] = ['attacker', 'attacker', 'attacker', 'attacker', 'honest', 'honest', 'colleague', 'stranger'];
const ROLES: Role[] = ['admin', 'admin', 'owner', 'operator', 'billing', 'auditor'];

/** A command: what fast-check generated (its label), when it applies, and the step it runs. */
const command = (
  label: string,
  check: (w: Readonly<World>) => boolean,
  run: (w: World, r: Real) => Promise<void>,
): Cmd => ({
  check,
  run,
  toString: () => label,
});

function nameCommand(op: NameOp, v: Via, who: Human, cred: number, name: number, extra: number): Cmd {
  return command(
    `${op}/${v}(${who} cred ${cred}, name ${name}, ${extra})`,
    (w) => w.names.length > 0 && (op !== 'respond' || w.offers.length > 0),
    (w, r) =>
      step(w, r, async (s) => {
        const [c, n] = aligned(w, op, who, cred, name, extra) ?? [at(credsOf(w, who), cred), undefined];
        const target = n ?? (c && targetOf(w, op, c, name));
        if (c && target) await onName(s, op, v, c, target, extra);
      }),
  );
}

/**
 * Half of the unlock steps and of the transfers start from the name instead: a locked one (with a pending
 * request, for an approval or a cancellation), and a credential of the human's that manages it when they have
 * one. Two people of a team deciding on the same request is what the rule is about, and it is rarely what two
 * independent picks meet.
 */
function aligned(
  w: World,
  op: NameOp,
  who: Human,
  cred: number,
  name: number,
  extra: number,
): [Cred, TrackedName] | null {
  if (extra % 2 === 1 || !['ask', 'approve', 'cancel', 'transfer'].includes(op)) return null;
  const locked = w.names.filter((n) => n.state.lockedAt !== null);
  const pending = locked.filter((n) => n.state.request);
  const n = at(op === 'approve' || op === 'cancel' ? (pending.length > 0 ? pending : locked) : locked, name);
  const c = n && managerOf(w, who, n, cred);
  return n && c ? [c, n] : null;
}

/** A credential of the human's that manages the name, when they hold one; any of theirs otherwise. */
function managerOf(w: World, who: Human, n: TrackedName, cred: number): Cred | undefined {
  const creds = credsOf(w, who);
  const managing = creds.filter((c) => namesOf(w, c).includes(n));
  return at(managing.length > 0 ? managing : creds, cred);
}

/**
 * An unlock asked and then approved, two steps: by whoever manages a locked name on each side — the attacker
 * and one of their own accounts or agents, or two people of a team. The rule decides which may finish it.
 */
function askThenApprove(asker: Human, approver: Human, cred: [number, number], name: number, via: [Via, Via]): Cmd {
  return command(
    `ask-then-approve(${asker} cred ${cred[0]} via ${via[0]}, ${approver} cred ${cred[1]} via ${via[1]}, name ${name})`,
    (w) => w.names.some((n) => n.state.lockedAt !== null),
    async (w, r) => {
      const n = at(
        w.names.filter((t) => t.state.lockedAt !== null),
        name,
      );
      if (!n) return;
      await step(w, r, async (s) => {
        const c = managerOf(w, asker, n, cred[0]);
        if (c) await onName(s, 'ask', via[0], c, n, 0);
      });
      await step(w, r, async (s) => {
        const c = managerOf(w, approver, n, cred[1]);
        if (c) await onName(s, 'approve', via[1], c, n, 0);
      });
    },
  );
}

/** A team for a person's step: mostly one they are or were in, now and then any. */
function teamFor(w: World, p: Person, pick: number): Team | undefined {
  const theirs = w.teams.filter((t) => t.ever.has(p.id));
  return at(pick % 3 !== 2 && theirs.length > 0 ? theirs : w.teams, Math.floor(pick / 3));
}

/** The account a credential acts for: the team it names or was made for, an agent's own, or the person. */
function actingAccount(c: Cred): string | null {
  if (c.kind === 'agent_key') return c.agent?.id ?? null;
  return c.team?.id ?? c.person?.id ?? null;
}

/** The names a credential's account holds or manages (through an agent it operates). */
const namesOf = (w: World, c: Cred) => {
  const account = actingAccount(c);
  return w.names.filter((n) => n.state.owner === account || n.state.manager === account);
};

/**
 * The name a step acts on. What a lock refuses is what the invariants are about, and a step that only meets
 * "you do not manage this" says little: a manager's move goes mostly to a locked name or one the credential's
 * account manages, an unlock step to a locked one, a purchase to a listed name of someone else's.
 */
function targetOf(w: World, op: NameOp, c: Cred, pick: number): TrackedName | undefined {
  const theirs = namesOf(w, c);
  const others = w.names.filter((n) => !theirs.includes(n));
  const locked = w.names.filter((n) => n.state.lockedAt !== null);
  const first = <T>(...pools: T[][]) => pools.find((p) => p.length > 0) ?? [];
  const i = Math.floor(pick / 3);
  if (op === 'buy')
    return at(
      first(
        others.filter((n) => n.state.listed),
        others,
        w.names,
      ),
      i,
    );
  if (op === 'offer') return at(first(others, w.names), i);
  if (op === 'ask' || op === 'approve' || op === 'cancel')
    return at(
      pick % 2 === 0
        ? first(
            locked.filter((n) => theirs.includes(n)),
            locked,
            w.names,
          )
        : first(locked, w.names),
      i,
    );
  return at(pick % 3 === 0 ? first(locked, w.names) : pick % 3 === 1 ? first(theirs, w.names) : w.names, i);
}

/** Who was removed from which team, while the run knows their credentials. */
const removed = (w: Readonly<World>) =>
  w.teams.flatMap((team) =>
    [...team.ever]
      .filter((id) => !team.members.has(id))
      .flatMap((id) => w.people.filter((p) => p.id === id).map((person) => ({ team, person }))),
  );

/** A write tried by someone removed from a team, with a credential of theirs that names it or was made for it. */
function removedMemberCommand(pair: number, cred: number, op: NameOp, v: Via, extra: number): Cmd {
  return command(
    `removed-member ${op}/${v}(pair ${pair}, cred ${cred}, ${extra})`,
    (w) => removed(w).length > 0,
    (w, r) =>
      step(w, r, async (s) => {
        const chosen = at(removed(w), pair);
        if (!chosen) return;
        const theirs = credsOf(w, chosen.person.human).filter(
          (c) => c.team === chosen.team && (c.person === chosen.person || c.agent?.claimedBy === chosen.person),
        );
        const c = at(theirs, cred);
        const targets = w.names.filter((n) => managingTeam(w, n.state) === chosen.team);
        const n = at(targets.length > 0 ? targets : w.names, extra);
        if (c && n) await onName(s, op, v, c, n, extra);
      }),
  );
}

function createTeam(who: Human, acc: number, bearer: boolean): Cmd {
  return command(
    `create-team(${who} ${acc}${bearer ? ' bearer' : ''})`,
    (w) => w.teams.length < 5,
    (w, r) =>
      step(w, r, async (s) => {
        const p = at(peopleOf(w, who), acc);
        if (!p) return;
        const since = Date.now();
        const headers: Headers = bearer ? { authorization: `Bearer ${p.bearer}` } : { cookie: p.cookie };
        const a = await s.send(`${p.alias} creates a team`, true, [null, p], () =>
          api(r, 'POST', '/api/v1/teams', headers, { name: `Team ${randomLabel()}` }),
        );
        const id = (a.body as { team?: { id?: string } } | null)?.team?.id;
        if (ok(a) && id) {
          s.note(` ${newTeam(w, id, p, since).alias}`);
          await grant(r, id);
        }
      }),
  );
}

function invite(who: Human, acc: number, team: number, role: Role): Cmd {
  return command(
    `invite(${who} ${acc}, team ${team}, ${role})`,
    (w) => w.teams.length > 0,
    (w, r) =>
      step(w, r, async (s) => {
        const p = at(peopleOf(w, who), acc);
        const t = p && teamFor(w, p, team);
        if (!p || !t) return;
        const a = await s.send(`${p.alias} invites a ${role} to ${t.alias}`, true, [t, p], () =>
          api(r, 'POST', `/api/v1/teams/${t.id}/invitations`, { authorization: `Bearer ${p.bearer}` }, { role }),
        );
        const token = (a.body as { token?: string } | null)?.token;
        if (ok(a) && token) {
          const alias = `I${w.invitations.length + 1}`;
          w.invitations.push({ alias, token, team: t, role });
          s.note(` (${alias})`);
        }
      }),
  );
}

function accept(who: Human, acc: number, inv: number, dashboard: boolean): Cmd {
  return command(
    `accept(${who} ${acc}, invitation ${inv}${dashboard ? ', dashboard' : ''})`,
    (w) => w.invitations.length > 0,
    (w, r) =>
      step(w, r, async (s) => {
        const p = at(peopleOf(w, who), acc);
        const i = at(w.invitations, inv);
        if (!p || !i) return;
        const since = Date.now();
        const a = await s.send(
          `${p.alias} accepts ${i.alias} (${i.role} of ${i.team.alias})${dashboard ? ' via dashboard' : ''}`,
          true,
          [null, p],
          () =>
            dashboard
              ? dashboardForm(r, p.cookie, `/dashboard/invitations/${i.token}`, { action: 'accept' })
              : api(r, 'POST', '/api/v1/teams/invitations/accept', { cookie: p.cookie }, { token: i.token }),
        );
        if (ok(a) && !i.team.members.has(p.id)) {
          i.team.members.set(p.id, { role: i.role, joinedAt: since });
          i.team.ever.add(p.id);
        }
      }),
  );
}

/**
 * Someone let into a team, two steps: an invitation made for a team of the inviter's, and accepted by the joiner
 * (the attacker's second account, the honest owner's colleague, the stranger, anyone).
 */
function join(
  inviter: Human,
  acc: number,
  team: number,
  role: Role,
  joiner: Human,
  joinerAcc: number,
  dashboard: boolean,
): Cmd {
  const inviting = invite(inviter, acc, team, role);
  return command(
    `join(${inviter} ${acc}, team ${team}, ${role}, ${joiner} ${joinerAcc}${dashboard ? ', dashboard' : ''})`,
    (w) => w.teams.length > 0,
    async (w, r) => {
      const before = w.invitations.length;
      await inviting.run(w, r);
      if (w.invitations.length > before) await accept(joiner, joinerAcc, w.invitations.length - 1, dashboard).run(w, r);
    },
  );
}

/** A team's member operations by one of its people (or anyone): role changes, removals (leaving too), moving in. */
function teamCommand(
  op: 'role' | 'remove' | 'move-in',
  who: Human,
  acc: number,
  team: number,
  member: number,
  role: Role,
  dashboard: boolean,
): Cmd {
  const label = `${op}(${who} ${acc}, team ${team}${op === 'move-in' ? '' : `, member ${member}`}${op === 'role' ? `, ${role}` : ''}${dashboard ? ', dashboard' : ''})`;
  return command(
    label,
    (w) => w.teams.length > 0,
    (w, r) =>
      step(w, r, async (s) => {
        const p = at(peopleOf(w, who), acc);
        const t = p && teamFor(w, p, team);
        if (!p || !t) return;
        const headers = { authorization: `Bearer ${p.bearer}` };
        const via = dashboard ? ' via dashboard' : '';
        const teamPage = async (fields: Record<string, string>) =>
          dashboardForm(r, await dashboardCookie(r, p, t), '/dashboard/team', fields);
        if (op === 'move-in') {
          const names = w.names.filter((n) => n.state.owner === p.id).map((n) => n.name);
          const agents = w.agents.filter((a) => a.operator === p.id).map((a) => a.id);
          const a = await s.send(`${p.alias} moves in to ${t.alias}${via}`, true, [t, p], () =>
            dashboard ? teamPage({ action: 'move_in' }) : api(r, 'POST', `/api/v1/teams/${t.id}/move-in`, headers),
          );
          if (ok(a)) s.movedIn = { person: p.id, team: t.id, names, agents };
          return;
        }
        // Mostly someone of the team (removed ones too); now and then the actor themselves (leaving, self-promotion).
        const target = member % 4 === 0 ? p.id : at([...t.ever], member);
        if (!target) return;
        const whom = aliasOf(w, target);
        if (op === 'role') {
          const a = await s.send(`${p.alias} makes ${whom} ${role} of ${t.alias}${via}`, true, [t, p], () =>
            dashboard
              ? teamPage({ action: 'set_role', target, role })
              : api(r, 'PATCH', `/api/v1/teams/${t.id}/members/${target}`, headers, { role }),
          );
          const m = t.members.get(target);
          if (ok(a) && m) m.role = role;
          return;
        }
        const a = await s.send(
          `${p.alias} ${target === p.id ? 'leaves' : `removes ${whom} from`} ${t.alias}${via}`,
          true,
          [t, p],
          () =>
            dashboard
              ? teamPage({ action: 'remove_member', target })
              : api(r, 'DELETE', `/api/v1/teams/${t.id}/members/${target}`, headers),
        );
        if (ok(a)) t.members.delete(target);
      }),
  );
}

/** The attacker signs in as another account of theirs: what they then invite is still one human. */
const secondAccount = (): Cmd =>
  command(
    'second-account()',
    (w) => w.people.filter((p) => p.human === 'attacker').length < 4,
    async (w, r) => {
      // Signing in is the identity provider's and the session's, not a request of the API's: done before the step.
      const p = await signUp(r, w, 'attacker', `A${peopleOf(w, 'attacker').length}`);
      await step(w, r, async (s) => {
        s.outcomes.push({
          what: `the attacker signs in as ${p.alias}`,
          answer: { status: 200, body: null },
          mutating: false,
          outsider: null,
        });
      });
    },
  );

/** Claims an agent (a fresh one provisioned first, its key and claim code kept by the human), for themselves or a team. */
function claimAgent(who: Human, cred: number, fresh: boolean): Cmd {
  return command(
    `claim-agent(${who} cred ${cred}${fresh ? ', fresh' : ''})`,
    (w) => w.agents.length < 8,
    (w, r) =>
      step(w, r, async (s) => {
        const c = at(credsOf(w, who).filter(personCred), cred);
        if (!personCred(c)) return;
        const waiting = w.agents.find((a) => a.holder.human === who && a.claimers.size === 0);
        let agent = fresh ? undefined : waiting;
        if (!agent) {
          agent = await provisioned(r, w, c.person);
          s.outcomes.push({
            what: `${c.person.alias} provisions ${agent.alias}`,
            answer: { status: 200, body: null },
            mutating: true,
            outsider: null,
          });
        }
        const x = agent;
        const a = await s.send(`claim ${x.alias} as ${c.alias}`, true, [c.team, c.person], () =>
          api(r, 'POST', '/api/v1/agents/claim', c.headers, { claim_code: x.claimCode }),
        );
        if (ok(a)) {
          x.claimers.add(c.person.id);
          x.claimedBy = c.person;
        }
      }),
  );
}

/** A live key made by a person, for themselves or for the team they act for. */
function makeKey(who: Human, cred: number): Cmd {
  return command(
    `make-key(${who} cred ${cred})`,
    (w) => w.keys.length < 8,
    (w, r) =>
      step(w, r, async (s) => {
        const c = at(credsOf(w, who).filter(personCred), cred);
        if (!personCred(c)) return;
        const a = await s.send(`key made as ${c.alias}`, true, [c.team, c.person], () =>
          api(r, 'POST', '/api/v1/keys', c.headers, { key_class: 'live', name: 'invariants' }),
        );
        const key = (a.body as { api_key?: string } | null)?.api_key;
        if (ok(a) && key) {
          const alias = `K${w.keys.length + 1}${c.team ? `(${c.team.alias})` : ''}`;
          w.keys.push({ alias, key, maker: c.person, team: c.team });
          s.note(`: ${alias}`);
        }
      }),
  );
}

/** A name registered with gems by whatever the credential acts for (a paid operation: its effect runs in the worker). */
function register(who: Human, cred: number): Cmd {
  return command(
    `register(${who} cred ${cred})`,
    (w) => w.names.length < 10,
    (w, r) =>
      step(w, r, async (s) => {
        const c = at(credsOf(w, who), cred);
        if (!c) return;
        const label = randomLabel('inv');
        const a = await s.send(`register ${label}.agent as ${c.alias}`, true, [c.team, c.person], async () =>
          answerOf(await registerDomain(r.s.t.app, label, { headers: c.headers, method: 'gems' })),
        );
        if (ok(a)) s.note(` (${track(w, `${label}.agent`).alias})`);
      }),
  );
}

const who = fc.constantFrom(...HUMANS);
const nat = fc.nat({ max: 1000 });
const via = fc.constantFrom<Via>('api', 'api', 'mcp', 'dashboard', 'batch');
/** The moves a lock is about weigh most; the rest keep the world changing around them. */
const nameOp = fc.constantFrom<NameOp>(
  'lock',
  'ask',
  'ask',
  'approve',
  'approve',
  'approve',
  'cancel',
  'transfer',
  'transfer',
  'transfer',
  'list',
  'enable_dns',
  'records',
  'offer',
  'buy',
  'respond',
);
const commands = fc.commands<World, Real, false>(
  [
    fc.tuple(nameOp, via, who, nat, nat, nat).map(([op, v, h, c, n, e]) => nameCommand(op, v, h, c, n, e)),
    fc.tuple(nameOp, via, who, nat, nat, nat).map(([op, v, h, c, n, e]) => nameCommand(op, v, h, c, n, e)),
    fc.tuple(nameOp, via, who, nat, nat, nat).map(([op, v, h, c, n, e]) => nameCommand(op, v, h, c, n, e)),
    fc.tuple(nat, nat, nameOp, via, nat).map(([p, c, op, v, e]) => removedMemberCommand(p, c, op, v, e)),
    fc
      .tuple(who, who, nat, nat, nat, via, via)
      .map(([a, b, c1, c2, n, v1, v2]) => askThenApprove(a, b, [c1, c2], n, [v1, v2])),
    fc.tuple(who, nat, fc.boolean()).map(([h, a, b]) => createTeam(h, a, b)),
    fc.tuple(who, nat, nat, fc.constantFrom(...ROLES)).map(([h, a, t, role]) => invite(h, a, t, role)),
    fc.tuple(who, nat, nat, fc.boolean()).map(([h, a, i, d]) => accept(h, a, i, d)),
    fc
      .tuple(who, nat, nat, fc.constantFrom(...ROLES), who, nat, fc.boolean())
      .map(([h, a, t, role, j, b, d]) => join(h, a, t, role, j, b, d)),
    ...(['role', 'remove', 'move-in'] as const).map((op) =>
      fc
        .tuple(who, nat, nat, nat, fc.constantFrom(...ROLES), fc.boolean())
        .map(([h, a, t, m, role, d]) => teamCommand(op, h, a, t, m, role, d)),
    ),
    fc.constant(null).map(() => secondAccount()),
    fc.tuple(who, nat, fc.boolean()).map(([h, c, f]) => claimAgent(h, c, f)),
    fc.tuple(who, nat).map(([h, c]) => makeKey(h, c)),
    fc.tuple(who, nat).map(([h, c]) => register(h, c)),
  ],
  { maxCommands: STEPS, size: 'max', ...(REPLAY ? { replayPath: REPLAY } : {}) },
);

describe('issue 49 §2: the lock, team membership, the audit trail and the ledger hold over random sequences', () => {
  let s: RegistryStack;
  let idp: DevOidcProvider;
  let pdns: TestPowerDns;
  let real: Real;

  beforeAll(async () => {
    // A real PowerDNS, so a delegation or a record a step publishes reaches its server as it would in production.
    [idp, pdns] = await Promise.all([startTestOidc(), startTestPowerDns()]);
    s = await startRegistryStack({
      ...pdns.env,
      OIDC_ISSUER: idp.issuer,
      REGISTRAR_UNLOCK_DELAY_SECONDS: String(DELAY_SECONDS),
    });
    real = { s, idp, csrf: new Map(), sessions: new Map() };
  }, 180_000);
  afterAll(async () => {
    const cut = !stats.failed && stats.runs < RUNS ? ` (the time limit stopped it short of ${RUNS})` : '';
    console.log(
      `invariant sequences: seed ${SEED}, ${stats.runs} sequences${cut}, ${stats.steps} steps in ${stats.seconds} s; ${stats.done} requests done, ${stats.refused} refused; unlock approvals ${stats.approvalsDone} done, ${stats.approvalsRefused} refused`,
    );
    await s?.stop();
    await Promise.all([idp?.stop(), pdns?.stop()]);
  }, 120_000);

  it(
    `keeps every invariant over ${RUNS} random sequences of up to ${STEPS} steps`,
    async () => {
      console.log(`invariant sequences: seed ${SEED} (INVARIANT_SEED=${SEED} repeats it)`);
      const started = Date.now();
      await fc
        .assert(
          fc.asyncProperty(commands, async (cmds) => {
            stats.runs += 1;
            let world: World | null = null;
            await fc.asyncModelRun(async () => {
              world = await newWorld(real, DELAY_SECONDS * 1000);
              return { model: world, real };
            }, cmds);
            if (process.env.INVARIANT_TRACE && world)
              process.stderr.write(`run:\n  ${(world as World).trace.join('\n  ')}\n`);
          }),
          {
            seed: SEED,
            numRuns: RUNS,
            verbose: fc.VerbosityLevel.Verbose,
            ...(PATH ? { path: PATH, endOnFailure: true } : {}),
            plugins: [fc.interruptAfterTimeLimit(TIME_LIMIT_MS)],
          },
        )
        .catch((err: unknown) => {
          stats.failed = true;
          throw err;
        })
        .finally(() => (stats.seconds = Math.round((Date.now() - started) / 1000)));
    },
    TIME_LIMIT_MS + 120_000,
  );
});
