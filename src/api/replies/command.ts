import type { FastifyBaseLogger, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ExpiringDomains, RenewalDryRun } from '../../management/commands.ts';
import { describeError } from '../../http/error-handler.ts';
import { answer, type Answer } from '../../http/operations/operation.ts';
import { sendAnswer } from '../../http/operations/route.ts';
import { commandBody, type renewDomainResult, type showExpiringResult } from '../routes/command.schemas.ts';
import { counted } from '../../domain/words.ts';

/** The command view's timestamps (spec 2.1): UTC with milliseconds, without the zone suffix. */
export const commandTimestamp = (d: Date) => d.toISOString().slice(0, -1);

export function showExpiringReply(r: ExpiringDomains): z.input<typeof showExpiringResult> {
  const n = r.domains.length;
  return {
    summary:
      n === 0
        ? `No domain you manage expires within ${counted(r.withinDays, 'day')}.`
        : `${counted(n, 'domain')} you manage ${n === 1 ? 'expires' : 'expire'} within ${counted(r.withinDays, 'day')}.`,
    requires_confirmation: false,
    requires_payment: false,
    warnings: [],
    resolved: { within_days: r.withinDays, managed_user_ids: r.managedUserIds },
    data: {
      count: n,
      domains: r.domains.map((d) => ({
        id: d.id,
        domain: d.name,
        status: d.status,
        is_active: d.status === 'active',
        owner_id: d.ownerId,
        expiry_date: commandTimestamp(d.expiryDate),
        days_until_expiry: d.daysUntilExpiry,
      })),
    },
    next_step: null,
  };
}

export function renewDomainReply({ domain, years, plan }: RenewalDryRun): z.input<typeof renewDomainResult> {
  const how = plan.purchaseChannel === 'agent' ? 'agent price, mpp' : 'human price, gems';
  return {
    summary: `Dry run: renewing ${domain.name} for ${counted(years, 'year')} costs ${plan.netPrice} ${plan.currencyUnit} (${how}); its expiry would move from ${commandTimestamp(plan.currentExpiry)} to ${commandTimestamp(plan.newExpiry)}. Nothing was charged or renewed.`,
    requires_confirmation: true,
    requires_payment: true,
    warnings: plan.warnings,
    resolved: {
      domain: domain.name,
      domain_id: domain.id,
      years,
      purchase_channel: plan.purchaseChannel,
      payment_method: plan.paymentMethod,
      namespace: domain.namespace,
      current_expiry_date: commandTimestamp(plan.currentExpiry),
    },
    pricing: {
      currency_unit: plan.currencyUnit,
      unit_price: plan.unitPrice,
      gross_price: plan.grossPrice,
      discount_amount: plan.discountAmount,
      net_price: plan.netPrice,
    },
    next_step: 'confirm',
  };
}

/**
 * The command endpoint answers every error in its own envelope (spec 7), from the credential check on:
 * `action` and `mode` are echoed once the request envelope (`body`, as sent) was read (so never with
 * `unauthorized`).
 */
export function commandErrorAnswer(err: FastifyError, body: unknown, log: FastifyBaseLogger): Answer {
  const e = describeError(err, { log });
  const read = commandBody.safeParse(body);
  return answer(
    e.statusCode,
    {
      success: false,
      ...(read.success ? { action: read.data.action, mode: read.data.mode } : {}),
      error: { code: e.code, message: e.message, ...(e.details ? { details: e.details } : {}) },
    },
    e.headers,
  );
}

/** The command plugin's error handler: its errors in the command envelope (commandErrorAnswer). */
export const commandErrorHandler = (err: FastifyError, req: FastifyRequest, reply: FastifyReply) =>
  sendAnswer(reply, commandErrorAnswer(err, req.body, req.log));
