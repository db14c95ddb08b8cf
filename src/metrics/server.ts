import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import { metricsRegistry } from './registry.ts';

export interface MetricsServer {
  /** Where it listens (the port actually bound when asked for 0). */
  address: { host: string; port: number };
  close(): Promise<void>;
}

/**
 * A process's metrics on a port of its own: `GET /metrics` in Prometheus' text format, anything else
 * 404. Kept off the public API port, so the public never reads the service's internals and a scrape
 * never meets the API's rate limits or overload guard. `extra` adds text from elsewhere (the worker:
 * the Temporal SDK's own exporter); if it cannot be read, the scrape still answers with ours, and the
 * missing Temporal series are what an alert on them notices.
 */
export async function startMetricsServer(
  at: { host: string; port: number },
  extra: () => Promise<string> = async () => '',
): Promise<MetricsServer> {
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: the metrics are at GET /metrics.\n');
      return;
    }
    Promise.all([metricsRegistry.metrics(), extra().catch(() => '')])
      .then(([ours, theirs]) => {
        res.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(theirs ? `${ours}\n${theirs}` : ours);
      })
      .catch((err: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics unavailable: ${(err as Error).message}\n`);
      });
  });
  server.listen(at.port, at.host);
  await once(server, 'listening');
  const bound = server.address() as AddressInfo;
  return {
    address: { host: at.host, port: bound.port },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
