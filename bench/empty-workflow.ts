import { proxyActivities } from '@temporalio/workflow';
import { dbWrite } from '../workflows/retry-profiles.ts';

// The yardstick of registration throughput (issue 14): a workflow that does nothing but call one no-op
// activity, with the retry profile registration's own activity uses. What registration costs beyond it
// (the HTTP route, its checks, activation's transaction) is what the bench's ratio measures. Bundled by
// the worker like workflows/: deterministic code only.

export interface EmptyActivities {
  noop(): Promise<void>;
}

const { noop } = proxyActivities<EmptyActivities>(dbWrite);

export async function emptyWorkflow(): Promise<void> {
  await noop();
}
