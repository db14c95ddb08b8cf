import { Client, Connection, type ClientOptions } from '@temporalio/client';
import { OpenTelemetryWorkflowClientInterceptor } from '@temporalio/interceptors-opentelemetry';
import { connectionOptions, type TemporalTarget } from './target.ts';

export interface TemporalHandle {
  connection: Connection;
  client: Client;
  /** Resolves when the frontend answers within the deadline; rejects otherwise. */
  ping(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A client's part of a trace, when the process traces (docs/tracing.md): each start, signal, update and
 * query is a span (`StartWorkflow:registrationWorkflow`, …) whose context travels to the run in its
 * headers, so the workflow's spans continue the caller's trace. Untraced, the client is left plain.
 */
export function clientInterceptors(traced: boolean): ClientOptions['interceptors'] {
  return traced ? { workflow: [new OpenTelemetryWorkflowClientInterceptor()] } : undefined;
}

// Lazy: the API must come up (and report "not ready") even while Temporal is still starting or down.
export function connectTemporal(target: TemporalTarget, { traced = false } = {}): TemporalHandle {
  const { namespace } = target;
  const connection = Connection.lazy(connectionOptions(target));
  const client = new Client({ connection, namespace, interceptors: clientInterceptors(traced) });
  return {
    connection,
    client,
    async ping(timeoutMs = 2000) {
      await connection.withDeadline(Date.now() + timeoutMs, () =>
        connection.workflowService.describeNamespace({ namespace }),
      );
    },
    close: () => connection.close(),
  };
}
