import { Client, Connection } from '@temporalio/client';
import proto from '@temporalio/proto';

// What Temporal records of every run while the stack waits: a snapshot of each run's history length
// (describe: the run's own count, not visibility's, which a running run updates only now and then),
// taken before and after a window; then what each run added in between, workflow tasks counted from its
// history. A run that continued as new in the window is two runs here, the old one closed (its last
// events) and the new one started (all of its events).

const { EventType } = proto.temporal.api.enums.v1;

export interface RunState {
  workflowId: string;
  runId: string;
  type: string;
  historyLength: number;
  status: string;
  startTime: string;
}

export interface Snapshot {
  /** performance.now() halfway through the snapshot. */
  atMs: number;
  wall: string;
  runs: Map<string, RunState>;
}

/** What one run added during a window. */
export interface RunDelta {
  workflowId: string;
  runId: string;
  type: string;
  events: number;
  workflowTasks: number;
  activities: number;
  timers: number;
  /** Its history length at the end, and how long it had been running (seconds). */
  historyLength: number;
  ageSeconds: number;
  open: boolean;
}

const keyOf = (r: { workflowId: string; runId: string }) => `${r.workflowId}/${r.runId}`;
const DESCRIBE_CONCURRENCY = 8;

async function eachLimited<T>(items: readonly T[], task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(items.length, DESCRIBE_CONCURRENCY) }, async () => {
      while (next < items.length) await task(items[next++] as T);
    }),
  );
}

export interface Runs {
  client: Client;
  /**
   * Every run open now, and with `since` also every run started or closed since then; and the latest run
   * of each of `known` (visibility, which the listing reads, may not show a run started seconds ago).
   */
  snapshot(since?: string, known?: readonly string[]): Promise<Snapshot>;
  /** What each run of `after` added since `before`; events and tasks from its history. */
  deltas(before: Snapshot, after: Snapshot): Promise<RunDelta[]>;
  close(): Promise<void>;
}

export async function connectRuns(address: string, namespace = 'default'): Promise<Runs> {
  const connection = await Connection.connect({ address });
  const client = new Client({ connection, namespace });

  async function snapshot(since?: string, known: readonly string[] = []): Promise<Snapshot> {
    const started = performance.now();
    const wall = new Date().toISOString();
    const query = since
      ? `ExecutionStatus="Running" OR StartTime >= "${since}" OR CloseTime >= "${since}"`
      : 'ExecutionStatus="Running"';
    const listed: { workflowId: string; runId: string }[] = [];
    for await (const w of client.workflow.list({ query })) listed.push({ workflowId: w.workflowId, runId: w.runId });
    const seen = new Set(listed.map((w) => w.workflowId));
    for (const workflowId of known) if (!seen.has(workflowId)) listed.push({ workflowId, runId: '' });
    const runs = new Map<string, RunState>();
    await eachLimited(listed, async (w) => {
      const d = await client.workflow.getHandle(w.workflowId, w.runId || undefined).describe();
      runs.set(keyOf(d), {
        workflowId: d.workflowId,
        runId: d.runId,
        type: d.type,
        historyLength: d.historyLength,
        status: d.status.name,
        startTime: d.startTime.toISOString(),
      });
    });
    return { atMs: (started + performance.now()) / 2, wall, runs };
  }

  async function deltas(before: Snapshot, after: Snapshot): Promise<RunDelta[]> {
    const out: RunDelta[] = [];
    const endMs = Date.parse(after.wall);
    await eachLimited([...after.runs.values()], async (run) => {
      const from = before.runs.get(keyOf(run))?.historyLength ?? 0;
      const delta: RunDelta = {
        workflowId: run.workflowId,
        runId: run.runId,
        type: run.type,
        events: run.historyLength - from,
        workflowTasks: 0,
        activities: 0,
        timers: 0,
        historyLength: run.historyLength,
        ageSeconds: (endMs - Date.parse(run.startTime)) / 1000,
        open: run.status === 'RUNNING',
      };
      if (delta.events > 0) {
        const history = await client.workflow.getHandle(run.workflowId, run.runId).fetchHistory();
        for (const e of history.events ?? []) {
          if (Number(e.eventId) <= from || Number(e.eventId) > run.historyLength) continue;
          if (e.eventType === EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED) delta.workflowTasks += 1;
          else if (e.eventType === EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED) delta.activities += 1;
          else if (e.eventType === EventType.EVENT_TYPE_TIMER_STARTED) delta.timers += 1;
        }
      }
      out.push(delta);
    });
    return out;
  }

  return { client, snapshot, deltas, close: () => connection.close() };
}
