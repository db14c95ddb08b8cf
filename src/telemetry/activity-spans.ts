import {
  OpenTelemetryActivityInboundInterceptor,
  OpenTelemetryActivityOutboundInterceptor,
} from '@temporalio/interceptors-opentelemetry';
import type { ActivityInterceptorsFactory } from '@temporalio/worker';
import type { Tracing } from './tracing.ts';

/**
 * The worker's activity interceptors when it traces: each activity (a local one too) runs in a
 * `RunActivity` span under the workflow's `StartActivity`, so the SQL it runs lands in the caller's
 * trace, and its log lines carry the trace id. Untraced: none.
 */
export function activitySpanInterceptors(tracing: Tracing | undefined): ActivityInterceptorsFactory[] {
  if (!tracing) return [];
  return [
    (ctx) => ({
      inbound: new OpenTelemetryActivityInboundInterceptor(ctx),
      outbound: new OpenTelemetryActivityOutboundInterceptor(ctx),
    }),
  ];
}
