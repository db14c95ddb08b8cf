import { accessStep } from './access-step.ts';
import { auditStep } from './audit-step.ts';
import { idempotencyStep } from './idempotency-step.ts';
import type { Step } from './step.ts';

/**
 * The steps every operation call passes, in order, declared once: the HTTP adapter runs them as the
 * request's hooks (http-steps.ts), and the in-process adapter of MCP tools, batch items and dashboard forms
 * runs them around the operation (src/http/operations/invoke.ts). A rule added here holds on every path.
 * Authentication, the rate limits and the body guards belong to the HTTP request that carries a call and
 * run once per request (src/http/plugins).
 */
export const pipeline: Step[] = [accessStep, idempotencyStep, auditStep];
