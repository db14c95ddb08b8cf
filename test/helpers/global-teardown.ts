import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { EmbeddedPg } from '../../src/infra/embedded-postgres.ts';

export default async function globalTeardown(): Promise<void> {
  const g = globalThis as Record<string, unknown>;
  await (g.__registryTemporal as TestWorkflowEnvironment | undefined)?.teardown();
  await (g.__registryPg as EmbeddedPg | undefined)?.stop();
}
