import type { z } from 'zod';
import { AppError } from '../domain/errors.ts';
import type { NamespaceDirectory } from '../domain/namespace-directory.ts';
import { parseBodyName } from '../http/domain-name-body.ts';
import {
  commandActions,
  DRY_RUN,
  renewDomainParams,
  showExpiringParams,
  type CommandAction,
} from './routes/command.schemas.ts';

export type Command =
  | { action: 'show_expiring_domains'; withinDays: number }
  | { action: 'renew_domain'; name: string; years: number; paymentPreference: string };

/** Params checked against their action's schema: a failure is `invalid_params` listing each issue. */
function parseParams<T extends z.ZodType>(schema: T, params: unknown): z.output<T> {
  const parsed = schema.safeParse(params);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => ({
    location: 'body',
    path: ['params', ...i.path.map(String)].join('.'),
    message: i.message,
  }));
  const where = issues.map((i) => `${i.path}: ${i.message}`).join('; ');
  throw new AppError('invalid_params', `Invalid params: ${where}`, { issues });
}

/**
 * A command request as the service takes it, refused in the order a caller should learn: an action we
 * do not run, then a mode other than `dry_run`, then its params.
 */
export function parseCommand(
  dir: NamespaceDirectory,
  body: { action: string; mode: string; params: Record<string, unknown> },
): Command {
  if (!(commandActions as readonly string[]).includes(body.action))
    throw new AppError(
      'unsupported_action',
      `Action "${body.action}" is not supported; use ${commandActions.join(' or ')}.`,
    );
  if (body.mode !== DRY_RUN)
    throw new AppError('mode_not_implemented', `Mode "${body.mode}" is not implemented; only ${DRY_RUN} is.`);
  const action = body.action as CommandAction;
  if (action === 'show_expiring_domains')
    return { action, withinDays: parseParams(showExpiringParams, body.params).within_days };
  const p = parseParams(renewDomainParams, body.params);
  return {
    action,
    name: parseBodyName(dir, p.domain),
    years: p.years,
    paymentPreference: p.payment_preference,
  };
}
