import type { Resource } from '@opentelemetry/resources';
import type { SpanProcessor } from '@opentelemetry/sdk-trace-node';
import { ConfigError, loadConfig, type Config } from '../config/env.ts';
import { redactedUrl, SECRET_QUERY_PARAMS } from './redacted-url.ts';
import { withoutLiterals } from './sql-text.ts';
import { isUntracedPath } from './untraced-paths.ts';

/** A process's tracing, when it is on (docs/tracing.md). */
export interface Tracing {
  /** Where every finished span goes: the workflow spans the worker receives from its sandbox go here too. */
  processor: SpanProcessor;
  /** The process's `service.name`, given to the spans built outside the provider (workflow spans). */
  resource: Resource;
  /** Exports what is still buffered, then stops: the last thing a process does on its way out. */
  shutdown(): Promise<void>;
}

/**
 * Starts tracing when `OTEL_EXPORTER_OTLP_ENDPOINT` is set, and does nothing at all otherwise: no
 * provider, no instrumentation, so the API's calls stay plain and cost nothing.
 *
 * The exporter reads the endpoint (appending `/v1/traces`) and the other standard `OTEL_EXPORTER_OTLP_*`
 * and `OTEL_BSP_*` variables itself; the config only decides whether it runs and names the service. Spans
 * leave in batches, so a request never waits for the collector. The pg and outgoing-http spans need a
 * parent: the outbox's poll and LISTEN, and the probes' queries, are not a trace of their own. SQL is
 * kept without its values.
 *
 * The SDK and its instrumentations are loaded only then: they are most of what an entry loads before it
 * checks its settings, and most processes (a development stack, the tests' hundred) trace nothing.
 */
export async function startTracing(
  config: Pick<Config, 'OTEL_EXPORTER_OTLP_ENDPOINT' | 'OTEL_SERVICE_NAME'>,
  defaultServiceName: string,
): Promise<Tracing | undefined> {
  if (!config.OTEL_EXPORTER_OTLP_ENDPOINT) return undefined;
  const [
    { OTLPTraceExporter },
    { registerInstrumentations },
    { HttpInstrumentation },
    { PgInstrumentation },
    { defaultResource, resourceFromAttributes },
    { BatchSpanProcessor, NodeTracerProvider },
  ] = await Promise.all([
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/instrumentation'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/sdk-trace-node'),
  ]);
  const resource = defaultResource().merge(
    resourceFromAttributes({ 'service.name': config.OTEL_SERVICE_NAME ?? defaultServiceName }),
  );
  const processor = new BatchSpanProcessor(new OTLPTraceExporter());
  const provider = new NodeTracerProvider({ resource, spanProcessors: [processor] });
  // The async-local-storage context manager and the W3C trace-context propagator: a `traceparent` sent
  // to the API continues its caller's trace.
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => isUntracedPath(request.url),
        // The secrets a URL carries stay out of the spans as out of the access log: the query's by name, the
        // path's (an invitation's token) by this hook, whose attributes replace the instrumentation's own.
        redactedQueryParamsServer: [...SECRET_QUERY_PARAMS],
        startIncomingSpanHook: (request) => {
          const path = ('url' in request ? (request.url ?? '') : '').split('?')[0] ?? '';
          return { 'url.path': redactedUrl(path) };
        },
        requireParentforOutgoingSpans: true,
      }),
      new PgInstrumentation({
        requireParentSpan: true,
        // The statement's shape only: the values MikroORM inlines stay out of the traces (sql-text.ts).
        requestHook: (span, { query }) => void span.setAttribute('db.query.text', withoutLiterals(query.text)),
      }),
    ],
  });
  return { processor, resource, shutdown: () => provider.shutdown() };
}

/**
 * Tracing for an entry, from the environment. The entry parses the configuration too, a moment later:
 * this runs before the entry's other imports (see api-tracing.ts), so it cannot be handed the entry's
 * parse. An invalid configuration starts nothing here and is reported by the entry, which then exits.
 */
export async function startTracingFromEnvironment(defaultServiceName: string): Promise<Tracing | undefined> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) return undefined;
    throw err;
  }
  return startTracing(config, defaultServiceName);
}
