import type { WorkerOptions } from '@temporalio/worker';

// Worker Versioning, the SDK's own mechanism for rolling out workflow code on a cluster
// (docs/operations.md "Rolling out a worker"). With WORKER_DEPLOYMENT_NAME and WORKER_BUILD_ID set, the
// worker polls as version <name>:<build id> and Temporal sends it the runs of the deployment's current
// (or ramping) version; the operator moves that pointer with `temporal worker deployment
// set-current-version`, and moves it back to roll back. Runs default to AUTO_UPGRADE: a waiting run (a
// checkout, a settlement, an approval) moves to the new version at its next task instead of stranding on
// old workers, which is safe because every change to a workflow is guarded by patched() and proven by
// the replay of committed histories (test/workflows/replay.test.ts). Unset, the worker is unversioned.

export interface DeploymentSettings {
  WORKER_DEPLOYMENT_NAME?: string | undefined;
  WORKER_BUILD_ID?: string | undefined;
  WORKER_VERSIONING_BEHAVIOR: 'AUTO_UPGRADE' | 'PINNED';
}

export function workerDeployment(c: DeploymentSettings): Pick<WorkerOptions, 'workerDeploymentOptions'> {
  if (!c.WORKER_DEPLOYMENT_NAME || !c.WORKER_BUILD_ID) return {};
  return {
    workerDeploymentOptions: {
      useWorkerVersioning: true,
      version: { deploymentName: c.WORKER_DEPLOYMENT_NAME, buildId: c.WORKER_BUILD_ID },
      defaultVersioningBehavior: c.WORKER_VERSIONING_BEHAVIOR,
    },
  };
}

/** For the start-up line: "version registry:2026-11-28.1 (AUTO_UPGRADE)", or "unversioned". */
export function deploymentText(c: DeploymentSettings): string {
  return c.WORKER_DEPLOYMENT_NAME && c.WORKER_BUILD_ID
    ? `version ${c.WORKER_DEPLOYMENT_NAME}:${c.WORKER_BUILD_ID} (${c.WORKER_VERSIONING_BEHAVIOR})`
    : 'unversioned';
}
