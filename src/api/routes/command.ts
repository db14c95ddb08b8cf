import type { FastifyPluginAsync } from 'fastify';
import { planDomainRenewal, showExpiringDomains } from '../../management/commands.ts';
import { accountPrincipal } from '../../http/auth.ts';
import { parseCommand } from '../command-request.ts';
import { commandErrorHandler, renewDomainReply, showExpiringReply } from '../replies/command.ts';
import { commandBody, commandErrorSchema, commandResponse } from './command.schemas.ts';
import { WITHIN_DAYS } from '../../domain/expiring.ts';
import { declareRoute, DASHBOARD } from '../../http/declaration.ts';
import { defineOperation } from '../../http/operations/operation.ts';
import { operationRoute } from '../../http/operations/route.ts';

const errors = Object.fromEntries(
  [400, 401, 403, 404, 409, 413, 415, 429, 500, 503].map((s) => [s, commandErrorSchema]),
);

// Spec 4.8 and 5: the command endpoint takes a browser session or a bearer token, never a key.
export const runCommandRoute = declareRoute({
  method: 'POST',
  url: '/api/v1/command',
  access: DASHBOARD,
  audited: false,
  area: 'read',
  openapi: {
    operationId: 'runCommand',
    description: `A structured command, \`dry_run\` only. \`show_expiring_domains\` lists the domains you and the agents you claimed own that expire within \`within_days\` (${WITHIN_DAYS.min}–${WITHIN_DAYS.max}: ten years of terms and the longest grace period; default ${WITHIN_DAYS.default}); \`renew_domain\` says what renewing a domain you own or manage would cost (\`mpp\`, \`agent_mpp\`, \`agent\`: agent price in USD on the mpp route; anything else: human price in gems) and where its expiry would move. Nothing is charged, renewed or written. Every answer, errors included, is the command envelope (spec 7).`,
    responses: {
      '200':
        'The dry run: `result` with `summary`, both `requires_*` flags, `resolved`, `data` or `pricing`, `next_step`',
      '400':
        '`unsupported_action` (anything but the two actions), `mode_not_implemented` (a mode other than `dry_run`: `confirm` and `execute` are planned), `invalid_params` (`error.details.issues`), `term_too_long` (`error.details.max_years`), `invalid_name`, `unknown_namespace`, `validation_failed` (the envelope itself), `invalid_json`',
      '403': '`credential_not_accepted` (an API key: sessions and bearer tokens only) or `forbidden` (not your domain)',
      '404': '`domain_not_found`',
    },
  },
});

export const runCommand = defineOperation(
  runCommandRoute,
  {
    tags: ['command'],
    summary: 'Structured command (dry run only): expiring domains, or what a renewal would cost',
    body: commandBody,
    response: { 200: commandResponse, ...errors },
  },
  async (call, services) => {
    const { namespaces, config } = services;
    const { request_id } = call.body;
    const command = parseCommand(namespaces, call.body);
    const principal = accountPrincipal(call);
    const em = call.db;
    const now = new Date();
    const result =
      command.action === 'show_expiring_domains'
        ? showExpiringReply(await showExpiringDomains(em, principal, command.withinDays, now))
        : renewDomainReply(
            await planDomainRenewal(em, principal, namespaces, command, {
              now,
              gemUsdRate: config.GEM_USD_RATE,
              currency: config.MPP_CURRENCY,
            }),
          );
    return {
      success: true as const,
      action: command.action,
      mode: 'dry_run' as const,
      request_id: request_id ?? null,
      result,
    };
  },
);

export const commandRoutes: FastifyPluginAsync = async (app) => {
  // This plugin is encapsulated: its errors, the credential check's included, keep the command envelope
  // (an in-process caller builds the same answer with commandErrorAnswer).
  app.setErrorHandler(commandErrorHandler);
  app.route(operationRoute(app, runCommand));
};
