import type pg from 'pg';

/** How long a stop waits for a connection's goodbye before it cuts the socket. */
const END_WAIT_MS = 2000;

/**
 * Ends a LISTEN connection of its own on a stop, and cuts its socket if it has not ended in time. pg's
 * `end()` waits for the connection's close, and a client ended while its connect is still under way
 * (a reconnect after the database came back, on a loaded machine) can wait for a close that comes late
 * or never: a stopping process must not wait for ever on it.
 */
export async function endClient(client: pg.Client): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const ended = client.end().then(
    () => 'ended' as const,
    () => 'ended' as const,
  );
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), END_WAIT_MS);
  });
  try {
    if ((await Promise.race([ended, late])) === 'late')
      (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
  } finally {
    clearTimeout(timer);
  }
}
