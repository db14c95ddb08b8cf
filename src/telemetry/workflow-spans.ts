import type { InstrumentationScope } from '@opentelemetry/core';
import type { ReadableSpan, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { makeWorkflowExporter, type OpenTelemetryWorkflowExporter } from '@temporalio/interceptors-opentelemetry';
import type { InjectedSink } from '@temporalio/worker';
import type { Tracing } from './tracing.ts';

/** A workflow span as the sandbox hands it over: OpenTelemetry JS 1.x's shape (see below). */
type V1Span = ReadableSpan & { instrumentationLibrary?: InstrumentationScope; parentSpanId?: string };

/**
 * The workflow spans are built inside the workflow sandbox by the interceptors package's own OpenTelemetry
 * SDK 1.x, and reach us in 1.x's shape: `instrumentationLibrary` and `parentSpanId`, where SDK 2.x (ours)
 * reads `instrumentationScope` and `parentSpanContext`. Unconverted, the OTLP serializer throws on the
 * missing scope and every workflow span loses its parent. Only `onEnd` is used by the sink.
 */
function fromV1Shape(next: SpanProcessor): SpanProcessor {
  return {
    onStart: () => undefined,
    onEnd(span: V1Span) {
      const context = span.spanContext();
      const parentSpanContext =
        span.parentSpanContext ??
        (span.parentSpanId
          ? { traceId: context.traceId, spanId: span.parentSpanId, traceFlags: context.traceFlags, isRemote: false }
          : undefined);
      next.onEnd({
        ...span,
        spanContext: () => context,
        instrumentationScope: span.instrumentationScope ??
          span.instrumentationLibrary ?? { name: '@temporalio/interceptor-workflow' },
        parentSpanContext,
      });
    },
    forceFlush: () => next.forceFlush(),
    // The process's provider shuts the processor down; the sink does not own it.
    shutdown: async () => undefined,
  };
}

/**
 * The `exporter` sink that every Worker over our bundle must register: the bundle always holds the
 * OpenTelemetry workflow interceptors (src/entry/workflow-bundle.ts), whose spans leave the sandbox
 * through it, and a Worker without it logs an error for each. With tracing off, the spans are dropped.
 * Sinks are not called on replay, so a replayed history exports nothing twice.
 */
export function workflowSpanSink(tracing?: Tracing): InjectedSink<OpenTelemetryWorkflowExporter> {
  if (!tracing) return { export: { fn: () => undefined } };
  // The package's signature names its nested SDK 1.x types; what it calls (`onEnd`) is converted above.
  type Processor = Parameters<typeof makeWorkflowExporter>[0];
  type WorkflowResource = Parameters<typeof makeWorkflowExporter>[1];
  return makeWorkflowExporter(
    fromV1Shape(tracing.processor) as unknown as Processor,
    tracing.resource as unknown as WorkflowResource,
  );
}
