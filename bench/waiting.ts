import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { register, registerBody } from '../examples/pay-and-register.ts';
import { openCheckout, provisionKey } from '../examples/pay-usdc-and-register.ts';
import { registrationWorkflowId } from '../workflows/registration-messages.ts';
import { settlementWorkflowId } from '../workflows/settlement-messages.ts';
import { cpuSpent, readCpu, type CpuReading } from './cpu.ts';
import { say, settings } from './settings.ts';
import { connectRuns, type RunDelta, type Runs, type Snapshot } from './waiting-runs.ts';
import { startWaitingStack, type WaitingStack } from './waiting-stack.ts';

// What waiting costs (issue 40 part 3; bench/README.md, step 11): `npm start` as a user runs it, first
// with nothing open, then with unpaid USDC checkouts (relay route: a registration run and its settlement
// run each) and unpaid mpp checkouts (Tempo route: a registration run on one timer). In each window of
// BENCH_WAITING_SECONDS: the CPU of the Temporal dev server and the worker (and the rest, for
// information), and what every run added to its history: events, workflow tasks, activities, timers.

export type Rail = 'usdc' | 'mpp';

/** Every run of one kind (a workflow type, or a checkout's run by its rail) over one window. */
export interface KindFigure {
  kind: string;
  runs: number;
  open_runs: number;
  events: number;
  workflow_tasks: number;
  activities: number;
  timers: number;
  /** All runs of the kind together, per hour of the window. */
  events_per_hour: number;
}

export interface WaitingWindow {
  /** The CPU window (seconds), and the time between the two snapshots of the runs. */
  seconds: number;
  events_seconds: number;
  cpu_s: CpuReading;
  /** CPU seconds per second: the share of one core. */
  cpu_share: Record<string, number | null>;
  kinds: KindFigure[];
}

export interface RailFigure {
  rail: Rail;
  checkouts: number;
  /** Runs that ended during the window (a checkout that was not waiting any more). */
  closed_runs: number;
  events: number;
  workflow_tasks: number;
  events_per_checkout_per_hour: number;
  tasks_per_checkout_per_30s: number;
  /** Since each checkout opened, to the window's end: its runs' history length / its age. */
  lifetime_events_per_checkout_per_hour: number;
  mean_age_s: number;
}

export interface WaitingResult {
  start_s: number;
  open_s: number;
  settle_s: number;
  idle: WaitingWindow;
  open: WaitingWindow;
  rails: RailFigure[];
  section_s: number;
}

/** The kind of a run: its workflow type, a checkout's runs by their rail. */
function kindOf(rails: Map<string, Rail>) {
  return (d: RunDelta) => {
    const rail = rails.get(d.workflowId);
    return rail ? `${d.type} (${rail} checkout)` : d.type;
  };
}

function kinds(deltas: RunDelta[], kind: (d: RunDelta) => string, seconds: number): KindFigure[] {
  const byKind = new Map<string, KindFigure>();
  for (const d of deltas) {
    const k = kind(d);
    const f = byKind.get(k) ?? {
      kind: k,
      runs: 0,
      open_runs: 0,
      events: 0,
      workflow_tasks: 0,
      activities: 0,
      timers: 0,
      events_per_hour: 0,
    };
    f.runs += 1;
    f.open_runs += d.open ? 1 : 0;
    f.events += d.events;
    f.workflow_tasks += d.workflowTasks;
    f.activities += d.activities;
    f.timers += d.timers;
    f.events_per_hour = (f.events / seconds) * 3600;
    byKind.set(k, f);
  }
  return [...byKind.values()].sort((a, b) => a.kind.localeCompare(b.kind));
}

/** One window: the runs described, CPU read, `seconds` of nothing, CPU read, the runs described again. */
async function window(
  stack: WaitingStack,
  runs: Runs,
  label: string,
  kind: (d: RunDelta) => string,
  known: readonly string[] = [],
  seconds0 = settings.waitingSeconds,
): Promise<{ figures: WaitingWindow; deltas: RunDelta[] }> {
  const before: Snapshot = await runs.snapshot(undefined, known);
  const cpuBefore = readCpu(stack.probes);
  const t0 = performance.now();
  say(`waiting: ${label}: ${before.runs.size} runs open; measuring for ${seconds0} s...`);
  await sleep(seconds0 * 1000);
  const cpu = cpuSpent(cpuBefore, readCpu(stack.probes));
  const seconds = (performance.now() - t0) / 1000;
  const after = await runs.snapshot(before.wall, known);
  // A run started before the first look but not shown by it would count its whole history here.
  const missed = [...after.runs.values()].filter(
    (r) => r.startTime < before.wall && !before.runs.has(`${r.workflowId}/${r.runId}`),
  );
  if (missed.length > 0)
    say(`waiting: note: ${missed.length} runs started before the window were not seen at its start (visibility lag)`);
  const deltas = await runs.deltas(before, after);
  const eventsSeconds = (after.atMs - before.atMs) / 1000;
  const share = Object.fromEntries(Object.entries(cpu).map(([k, v]) => [k, v === null ? null : v / seconds]));
  return {
    figures: {
      seconds,
      events_seconds: eventsSeconds,
      cpu_s: cpu,
      cpu_share: share,
      kinds: kinds(deltas, kind, eventsSeconds),
    },
    deltas,
  };
}

/** `count` fresh names asked for on one rail without paying: each a 402 and an open checkout. */
async function openCheckouts(api: string, keys: string[], rail: Rail, count: number) {
  const opened: { name: string; sessionId: string }[] = [];
  let next = 0;
  const tag = randomUUID().slice(0, 6);
  const one = async (i: number) => {
    const name = `wait-${rail}-${tag}-${i}.agent`;
    const key = keys[i % keys.length] as string;
    // The USDC route as examples/pay-usdc-and-register.ts asks for it; the default route as the skill file does.
    const res = rail === 'usdc' ? await openCheckout(api, key, name) : await register(api, key, registerBody(name));
    const body = res.body as { session_id?: string };
    if (res.status !== 402 || !body.session_id)
      throw new Error(`${rail} checkout of ${name}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    opened.push({ name, sessionId: body.session_id });
  };
  await Promise.all(
    Array.from({ length: Math.min(count, 4) }, async () => {
      while (next < count) await one(next++);
    }),
  );
  return opened;
}

function railFigure(rail: Rail, checkouts: number, ids: Set<string>, deltas: RunDelta[], seconds: number): RailFigure {
  const mine = deltas.filter((d) => ids.has(d.workflowId));
  const events = mine.reduce((a, d) => a + d.events, 0);
  const tasks = mine.reduce((a, d) => a + d.workflowTasks, 0);
  const open = mine.filter((d) => d.open);
  const registrations = open.filter((d) => d.workflowId.startsWith('registration:'));
  const age = registrations.reduce((a, d) => a + d.ageSeconds, 0);
  return {
    rail,
    checkouts,
    closed_runs: mine.length - open.length,
    events,
    workflow_tasks: tasks,
    events_per_checkout_per_hour: checkouts ? (events / checkouts / seconds) * 3600 : NaN,
    tasks_per_checkout_per_30s: checkouts ? (tasks / checkouts / seconds) * 30 : NaN,
    lifetime_events_per_checkout_per_hour: age ? (open.reduce((a, d) => a + d.historyLength, 0) / age) * 3600 : NaN,
    mean_age_s: registrations.length ? age / registrations.length : NaN,
  };
}

/** The whole section: npm start, the idle window, the checkouts opened, the window with them open. */
export async function measureWaiting(): Promise<WaitingResult> {
  const t0 = performance.now();
  say('waiting: starting npm start (the whole stack, embedded defaults)...');
  const stack = await startWaitingStack();
  say(
    `waiting: npm start ready in ${stack.startSeconds.toFixed(0)} s (${stack.api}, Temporal ${stack.temporalAddress})`,
  );
  const runs = await connectRuns(stack.temporalAddress);
  try {
    const rails = new Map<string, Rail>();
    const kind = kindOf(rails);
    // What start-up left (the worker's first sweeps, the schedule's first run) is over before the baseline.
    await sleep(10_000);
    const idle = await window(stack, runs, 'nothing open', kind, [], settings.waitingIdleSeconds);
    say('waiting: opening the checkouts...');
    const opening = performance.now();
    const keys: string[] = [];
    for (let i = 0; i < 10; i++) keys.push(await provisionKey(stack.api));
    const usdc = await openCheckouts(stack.api, keys, 'usdc', settings.waitingCheckouts);
    const mpp = await openCheckouts(stack.api, keys, 'mpp', settings.waitingMppCheckouts);
    const ids = { usdc: new Set<string>(), mpp: new Set<string>() };
    for (const [rail, list] of [['usdc', usdc] as const, ['mpp', mpp] as const])
      for (const c of list) {
        const wid = registrationWorkflowId(c.name);
        rails.set(wid, rail);
        ids[rail].add(wid);
        if (rail === 'usdc') {
          rails.set(settlementWorkflowId(c.sessionId), rail);
          ids[rail].add(settlementWorkflowId(c.sessionId));
        }
      }
    const openS = (performance.now() - opening) / 1000;
    say(`waiting: ${usdc.length} USDC and ${mpp.length} mpp checkouts open (402) in ${openS.toFixed(0)} s`);
    await sleep(settings.waitingSettle * 1000);
    const label = `${usdc.length} USDC and ${mpp.length} mpp checkouts open`;
    const open = await window(stack, runs, label, kind, [...rails.keys()]);
    const s = open.figures.events_seconds;
    return {
      start_s: stack.startSeconds,
      open_s: openS,
      settle_s: settings.waitingSettle,
      idle: idle.figures,
      open: open.figures,
      rails: [
        railFigure('usdc', usdc.length, ids.usdc, open.deltas, s),
        railFigure('mpp', mpp.length, ids.mpp, open.deltas, s),
      ],
      section_s: (performance.now() - t0) / 1000,
    };
  } finally {
    await runs.close();
  }
}
