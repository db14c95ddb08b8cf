import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultPayloadConverter } from '@temporalio/common';
import { historyFromJSON, historyToJSON, type History } from '@temporalio/common/lib/proto-utils.js';
import type { Client } from '@temporalio/client';

// Recorded workflow histories (README "Workflow histories"): real runs of every workflow type, kept under
// test/histories/<workflow type>/ and replayed by test/workflows/replay.test.ts against the workflow
// code of today, so a change that would break a run in flight fails the suite.

export const HISTORIES_DIR = fileURLToPath(new URL('../histories/', import.meta.url));

/** What sets a run apart within its type: the registration's rail, else nothing. */
export function variantOf(type: string, input: unknown): string {
  if (type !== 'registrationWorkflow') return 'default';
  const i = input as { method?: string; relay?: unknown };
  return i.relay ? 'usdc' : (i.method ?? 'unknown');
}

/** The first argument the run was started with. */
export function inputOf(history: History): unknown {
  const started = history.events?.[0]?.workflowExecutionStartedEventAttributes;
  const payload = started?.input?.payloads?.[0];
  return payload ? defaultPayloadConverter.fromPayload(payload) : undefined;
}

export interface RecordedHistory {
  file: string;
  type: string;
  variant: string;
  workflowId: string;
  history: History;
}

export async function loadHistories(dir = HISTORIES_DIR): Promise<RecordedHistory[]> {
  const out: RecordedHistory[] = [];
  for (const type of await readdir(dir, { withFileTypes: true })) {
    if (!type.isDirectory()) continue;
    for (const f of await readdir(join(dir, type.name))) {
      if (!f.endsWith('.json')) continue;
      const file = join(dir, type.name, f);
      const history = historyFromJSON(JSON.parse(await readFile(file, 'utf8')));
      const workflowId = f.replace(/\.json$/, '');
      out.push({ file, type: type.name, variant: variantOf(type.name, inputOf(history)), workflowId, history });
    }
  }
  return out;
}

/**
 * With RECORD_HISTORIES=1, writes the history of every closed run on `taskQueue` (one test stack's runs)
 * to test/histories/<type>/<workflow id>.json. Commit the ones worth keeping: one per type and variant.
 */
export async function recordHistories(client: Client, taskQueue: string): Promise<void> {
  if (process.env.RECORD_HISTORIES !== '1') return;
  for await (const run of client.workflow.list({
    query: `TaskQueue = '${taskQueue}' AND ExecutionStatus != 'Running'`,
  })) {
    const history = await client.workflow.getHandle(run.workflowId, run.runId).fetchHistory();
    const dir = join(HISTORIES_DIR, run.type);
    await mkdir(dir, { recursive: true });
    const name = `${variantOf(run.type, inputOf(history))}--${run.workflowId.replace(/[^a-zA-Z0-9.-]+/g, '_')}`;
    await writeFile(join(dir, `${name}.json`), historyToJSON(history));
  }
}
