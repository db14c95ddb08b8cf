import { createServer } from 'node:net';
import type { Config } from '../../config/env.ts';

type ListenAt = { host: string; port: number } | null;

/** Where a process serves its metrics, and what the summary says of a port moved. */
export type MetricsAt = { at: ListenAt; moved: string };

/** Listens on host:port and lets go again: the port bound (any free one for 0), or null when it is taken. */
function tryPort(host: string, port: number): Promise<number | null> {
  return new Promise((done) => {
    const probe = createServer()
      .once('error', () => done(null))
      .listen(port, host, () => {
        const bound = (probe.address() as { port: number }).port;
        probe.close(() => done(bound));
      });
  });
}

/**
 * A process's metrics address: the configured one, or, when its port is taken on a development stack
 * (another `npm start` or API beside this one), a free port, said in the summary (issue 38 item 7).
 * Elsewhere the process itself stops with one line naming the setting.
 */
export async function metricsAt(config: Config, setting: string, at: ListenAt): Promise<MetricsAt> {
  // Port 0 (any free one) is chosen here, so the summary can say which.
  if (at?.port === 0) return { at: { ...at, port: (await tryPort(at.host, 0)) ?? 0 }, moved: '' };
  if (!at || config.NODE_ENV !== 'development' || (await tryPort(at.host, at.port)) !== null) return { at, moved: '' };
  const port = await tryPort(at.host, 0);
  return port === null
    ? { at, moved: '' }
    : { at: { ...at, port }, moved: ` (${at.port} is in use; ${setting} chooses)` };
}

/** The address as the process's setting takes it (`host:port`, `[v6]:port`, or `off`). */
export const listenAddress = (m: MetricsAt) =>
  m.at ? `${m.at.host.includes(':') ? `[${m.at.host}]` : m.at.host}:${m.at.port}` : 'off';

/** Where Prometheus scrapes each process (docs/operations.md "Monitoring"). */
export function metricsLine(api: MetricsAt, worker: MetricsAt): string {
  const at = (m: MetricsAt) => (m.at ? `http://${m.at.host}:${m.at.port}/metrics${m.moved}` : 'off');
  return `API ${at(api)}, worker ${at(worker)} (Prometheus text)`;
}
