import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { EmbeddedPg } from '../../src/infra/embedded-postgres.ts';
import { dropDatabase } from '../../src/infra/embedded-postgres.ts';

export default async function globalTeardown(): Promise<void> {
  const g = globalThis as Record<string, unknown>;
  await (g.__registryTemporal as TestWorkflowEnvironment | undefined)?.teardown();
  // On a server the run did not start (DATABASE_URL), the template database is all it leaves behind.
  const template = g.__registryPgTemplate as string | undefined;
  if (template && !g.__registryPg && process.env.TEST_PG_ADMIN_URL)
    await dropDatabase(process.env.TEST_PG_ADMIN_URL, new URL(template).pathname.slice(1));
  await (g.__registryPg as EmbeddedPg | undefined)?.stop();
}
