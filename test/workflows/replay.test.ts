import { describe, expect, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import { bundleWorkflowCode, DefaultLogger, Worker } from '@temporalio/worker';
import { loadHistories } from '../helpers/histories.ts';
import { bundleSinks, workflowBundle } from '../helpers/workflow-bundle.ts';

// Determinism guarded (docs/development.md "Workflow histories"): every recorded history (test/histories/, real runs
// of each workflow type recorded from the end-to-end tests) is replayed against today's workflow code.
// A change that would make a run in flight take another path fails here; such a change goes behind
// `patched()` so old runs keep their path.

/** Every workflow type, and each registration rail, must have at least one recorded run. */
const REQUIRED = [
  'registrationWorkflow/gems',
  'registrationWorkflow/free',
  'registrationWorkflow/mpp',
  'registrationWorkflow/gfavip_checkout',
  'registrationWorkflow/usdc',
  'renewalWorkflow/default',
  // Runs since the checkout took local steps (workflows/checkout-messages.ts LOCAL_STEPS).
  'registrationWorkflow/gems+local-steps',
  'registrationWorkflow/free+local-steps',
  'registrationWorkflow/mpp+local-steps',
  'registrationWorkflow/gfavip_checkout+local-steps',
  'renewalWorkflow/default+local-steps',
  'expirySweepWorkflow/default',
  // Sweeps that ask first which steps have work (workflows/expiry-sweep.ts PROBE_FIRST_PATCH).
  'expirySweepWorkflow/default+probe-first',
  'webhookDeliveryWorkflow/default',
  'settlementWorkflow/default',
  'purchaseWorkflow/default',
  'offerWorkflow/default',
  'dnsSyncWorkflow/default',
  'dnsZoneWorkflow/default',
  'payoutWorkflow/default',
  'catalogSyncWorkflow/default',
];

describe('recorded workflow histories', () => {
  it('cover every workflow type and every registration rail', async () => {
    const have = new Set((await loadHistories()).map((h) => `${h.type}/${h.variant}`));
    expect(REQUIRED.filter((r) => !have.has(r))).toEqual([]);
  });

  // Both bundles the worker may run (src/entry/workflow-bundle.ts): with tracing off, and with the
  // OpenTelemetry interceptors, which add no commands; histories were recorded by either.
  it.each([false, true])(
    'replay against the current workflow code without a nondeterminism error (traced: %s)',
    async (traced) => {
      const histories = await loadHistories();
      const failures: string[] = [];
      let replayed = 0;
      for await (const result of Worker.runReplayHistories(
        { workflowBundle: await workflowBundle({ traced }), sinks: bundleSinks(), replayName: 'recorded-histories' },
        histories.map((h) => ({ workflowId: h.workflowId, history: h.history })),
      )) {
        replayed += 1;
        if (result.error) failures.push(`${result.workflowId}: ${result.error.message}`);
      }
      expect(failures).toEqual([]);
      expect(replayed).toBe(histories.length);
    },
  );

  // The negative control: the same replay over a workflow changed on purpose must fail, so the case above
  // is shown able to catch a change (a replay that silently passed everything would look the same).
  it('refuses a workflow whose commands differ from the recorded run', async () => {
    const recorded = (await loadHistories()).find((h) => h.type === 'catalogSyncWorkflow');
    if (!recorded) throw new Error('no recorded catalogSyncWorkflow history');
    const changed = await bundleWorkflowCode({
      workflowsPath: fileURLToPath(new URL('./fixtures/changed-catalog-sync.ts', import.meta.url)),
      logger: new DefaultLogger('WARN'),
    });
    const replay = Worker.runReplayHistory(
      { workflowBundle: changed, replayName: 'changed-catalog-sync' },
      recorded.history,
      recorded.workflowId,
    );
    await expect(replay).rejects.toMatchObject({ name: 'DeterminismViolationError' });
  });
});
