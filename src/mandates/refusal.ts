import { AppError } from '../domain/errors.ts';
import { formatUsd } from '../domain/money.ts';
import type { MandateVerdict } from './limits.ts';

type Refused = Extract<MandateVerdict, { kind: 'forbids' | 'exceeded' }>;

const limitText = { per_operation: 'per-operation cap', per_day: 'daily budget', per_30_days: '30-day budget' };
const amount = (unit: 'usd' | 'gems', v: bigint) => (unit === 'usd' ? formatUsd(v) : Number(v));

/** What an agent can act on: which rule or limit, what remains of it, when it refills. */
export function refusalDetails(v: Refused): Record<string, unknown> {
  if (v.kind === 'forbids') return { rule: v.rule, value: v.value, allowed: v.allowed };
  return {
    limit: v.limit,
    unit: v.unit,
    max: amount(v.unit, v.max),
    remaining: amount(v.unit, v.remaining),
    refills_at: v.refillsAt?.toISOString() ?? null,
  };
}

export function refusalMessage(v: Refused): string {
  if (v.kind === 'forbids')
    return `Your mandate does not allow this ${v.rule} (${v.value}); allowed: ${v.allowed.join(', ') || 'none'}.`;
  const unit = v.unit === 'usd' ? 'USD' : 'gems';
  const refill = v.refillsAt ? ` It refills enough at ${v.refillsAt.toISOString()}.` : '';
  return `This exceeds your mandate's ${limitText[v.limit]} (${amount(v.unit, v.max)} ${unit}; ${amount(v.unit, v.remaining)} ${unit} remaining).${refill}`;
}

/** A mandate's refusal, thrown inside a transaction; `toAppError` is how a client sees it (403). */
export class MandateRefusal extends Error {
  override name = 'MandateRefusal';
  readonly code: 'mandate_forbids' | 'mandate_exceeded';
  readonly details: Record<string, unknown>;
  readonly verdict: Refused;
  constructor(verdict: Refused) {
    super(refusalMessage(verdict));
    this.verdict = verdict;
    this.code = verdict.kind === 'forbids' ? 'mandate_forbids' : 'mandate_exceeded';
    this.details = refusalDetails(verdict);
  }
  toAppError(): AppError {
    return new AppError(this.code, this.message, this.details);
  }
}

/** A verdict that refuses, as the error to throw; null when it does not refuse. */
export function mandateRefusal(v: MandateVerdict): MandateRefusal | null {
  return v.kind === 'forbids' || v.kind === 'exceeded' ? new MandateRefusal(v) : null;
}

/**
 * A spend above the approval threshold where nobody can wait for the person (the expiry sweep's
 * auto-renewal): refused, never paid silently (docs/mandates.md "Approvals").
 */
export class ApprovalNeeded extends Error {
  override name = 'ApprovalNeeded';
  readonly code = 'mandate_approval_required' as const;
  readonly verdict: Extract<MandateVerdict, { kind: 'requires_approval' }>;
  constructor(verdict: Extract<MandateVerdict, { kind: 'requires_approval' }>) {
    super(
      `This spend is above the mandate's approval threshold (${amount(verdict.unit, verdict.threshold)} ${verdict.unit === 'usd' ? 'USD' : 'gems'}) and nobody is waiting to approve it.`,
    );
    this.verdict = verdict;
  }
}
