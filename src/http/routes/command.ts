import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { planDomainRenewal, showExpiringDomains } from '../../services/commands.ts';
import { accountPrincipal } from '../auth.ts';
import { parseCommand } from '../command-request.ts';
import { commandErrorHandler, renewDomainReply, showExpiringReply } from '../replies/command.ts';
import { commandBody, commandErrorSchema, commandResponse } from '../schemas/command.ts';

const errors = Object.fromEntries(
  [400, 401, 403, 404, 409, 413, 415, 429, 500, 503].map((s) => [s, commandErrorSchema]),
);

export const commandRoutes: FastifyPluginAsyncZod = async (app) => {
  const { orm, namespaces, config } = app.deps;
  // This plugin is encapsulated: its errors, the credential check's included, keep the command envelope.
  app.setErrorHandler(commandErrorHandler);

  app.post(
    '/api/v1/command',
    {
      schema: {
        tags: ['command'],
        summary: 'Structured command (dry run only): expiring domains, or what a renewal would cost',
        body: commandBody,
        response: { 200: commandResponse, ...errors },
      },
    },
    async (req) => {
      const { request_id } = req.body;
      const command = parseCommand(namespaces, req.body);
      const principal = accountPrincipal(req);
      const em = orm.em.fork();
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
};
