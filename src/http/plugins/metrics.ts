import fp from 'fastify-plugin';
import { httpRequestDuration } from '../../metrics/http.ts';
import { metricsRegistry } from '../../metrics/registry.ts';

/**
 * Every answer counted and timed by its route's pattern (`/api/v1/domains/:name`, never the name
 * itself, so the series stay few; `unmatched` for a path no route has). The metrics are served on the
 * API's own metrics port (src/entry/api.ts); `METRICS_ON_API_PORT=true` also serves them here, at
 * `/metrics`, for an operator who can only scrape the public port (keep it behind the proxy then).
 */
export const metricsPlugin = fp(
  async (app) => {
    const { config } = app.deps;
    // Served nowhere: not counted either (what the bench's baseline runs, docs/performance.md).
    if (!config.API_METRICS_ADDRESS && !config.METRICS_ON_API_PORT) return;
    // A callback hook, not an async one: no promise per answer; the series is found by one map read.
    app.addHook('onResponse', (req, reply, done) => {
      const series = httpRequestDuration.series(req.method, req.routeOptions.url ?? 'unmatched', reply.statusCode);
      httpRequestDuration.observe(series, reply.elapsedTime / 1000);
      done();
    });
    if (config.METRICS_ON_API_PORT) {
      app.get('/metrics', { schema: { hide: true } }, async (_req, reply) =>
        reply.type(metricsRegistry.contentType).send(await metricsRegistry.metrics()),
      );
    }
  },
  { name: 'metrics', dependencies: ['services'] },
);
