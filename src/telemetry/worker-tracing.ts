// The worker entry's FIRST import (src/entry/worker.ts), and it must stay first: the pg instrumentation
// patches pg when it loads, so it has to be registered before the entry's other imports load MikroORM
// and pg. Imported later, the worker's activity spans would hold none of the SQL they ran.
import { startTracingFromEnvironment } from './tracing.ts';

export const tracing = await startTracingFromEnvironment('registry-worker');
