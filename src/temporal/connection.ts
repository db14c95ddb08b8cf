import { Client, Connection } from '@temporalio/client';

export interface TemporalHandle {
  connection: Connection;
  client: Client;
  /** Resolves when the frontend answers within the deadline; rejects otherwise. */
  ping(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

// Lazy: the API must come up (and report "not ready") even while Temporal is still starting or down.
export function connectTemporal(address: string, namespace: string): TemporalHandle {
  const connection = Connection.lazy({ address });
  const client = new Client({ connection, namespace });
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
