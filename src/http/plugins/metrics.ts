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
    // One labelled child per (method, route, status), found by one map read: the hook runs on every
    // answer, and prom-client's own label lookup costs more than the observation. The set is bounded:
    // route patterns, HTTP methods and status codes. A callback hook, not an async one: no promise per answer.
    const series = new Map<string, ReturnType<typeof httpRequestDuration.labels>>();
    app.addHook('onResponse', (req, reply, done) => {
      const route = req.routeOptions.url ?? 'unmatched';
      const key = `${req.method} ${reply.statusCode} ${route}`;
      let child = series.get(key);
      if (!child) {
        child = httpRequestDuration.labels({ method: req.method, route, status_code: String(reply.statusCode) });
        series.set(key, child);
      }
      child.observe(reply.elapsedTime / 1000);
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
