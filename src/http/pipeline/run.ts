import type { FastifyInstance } from 'fastify';
import type { EarlyAnswer, PipelineCall, SentAnswer, Step } from './step.ts';

/** Runs the `before` of each step of one stage, in order: the first early answer ends the call there. */
export async function runBefore(
  steps: readonly Step[],
  stage: Step['when'],
  call: PipelineCall,
  app: FastifyInstance,
): Promise<EarlyAnswer | null> {
  for (const step of steps) {
    if (step.when !== stage || !step.before) continue;
    const early = await step.before(call, app);
    if (early) return early;
  }
  return null;
}

/** Runs `rest` inside every step's `around`, the first step's outermost. */
export function runAround<T>(steps: readonly Step[], call: PipelineCall, rest: () => T): T {
  return steps.reduceRight<() => T>((inner, step) => (step.around ? () => step.around!(call, inner) : inner), rest)();
}

/** Runs the `after` of each step, in order, once the call is answered. */
export async function runAfter(
  steps: readonly Step[],
  call: PipelineCall,
  sent: SentAnswer,
  app: FastifyInstance,
): Promise<void> {
  for (const step of steps) if (step.after) await step.after(call, sent, app);
}

/** Runs the `end` of each step, however the call ended. */
export function runEnd(steps: readonly Step[], call: PipelineCall): void {
  for (const step of steps) step.end?.(call);
}
