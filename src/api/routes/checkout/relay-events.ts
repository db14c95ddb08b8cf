import { WorkflowNotFoundError } from '@temporalio/client';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { relaySessionChangedSignal, settlementWorkflowId } from '../../../../workflows/settlement-messages.ts';
import { AppError } from '../../../domain/errors.ts';
import { keepRawJsonBody, rawBodyOf } from '../../../http/raw-body.ts';
import { standardKey } from '../../../webhooks/signing.ts';
import { clientErrors, errorBodySchema } from '../../schemas/common.ts';
import { simpleResponse } from '../domains/register.schemas.ts';
import { declareRoute, PUBLIC } from '../../../http/declaration.ts';

export const relayEventsRoute = declareRoute({
  method: 'POST',
  url: '/api/v1/checkout/relay/events',
  access: PUBLIC,
  audited: false,
  openapi: {
    operationId: 'relaySessionEvent',
    description:
      'The checkout relay says a session changed (Standard Webhooks, signed with RELAY_WEBHOOK_SECRET). The run that follows the session looks at the relay at once; nothing in the notice is taken as fact.',
  },
});

const relayEventBody = z.object({
  type: z.literal('session.updated'),
  data: z.object({
    session_id: z.string().max(64),
    /** The registry's checkout session the relay session was opened for. */
    reference: z.string().min(1).max(200),
    status: z.string().max(32),
  }),
});

// The relay's notice (docs/payments.md "Waiting for a relay session"): it wakes the settlement run of the
// session, which then reads the relay itself, so a forged or replayed notice could at most cause one
// extra look; the signature keeps even that to the relay.
export const relayEventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const key = standardKey(app.deps.config.RELAY_WEBHOOK_SECRET);
  keepRawJsonBody(app);

  app.route({
    ...relayEventsRoute,
    schema: {
      tags: ['registration'],
      summary: 'Checkout relay notice (signed): a relay session changed; its settlement run looks now',
      body: relayEventBody,
      response: { 200: simpleResponse, 401: errorBodySchema, 503: errorBodySchema, ...clientErrors },
    },
    handler: async (req) => {
      try {
        key.verify(rawBodyOf(req), req.headers as Record<string, string>);
      } catch {
        throw new AppError('invalid_credential', 'Bad or stale relay signature.');
      }
      const temporal = app.deps.temporal;
      if (!temporal) throw new AppError('not_ready', 'Settlement runs need Temporal, which is not configured.');
      const run = temporal.workflow.getHandle(settlementWorkflowId(req.body.data.reference));
      const woken = await run.signal(relaySessionChangedSignal).then(
        () => true,
        (err: unknown) => {
          if (err instanceof WorkflowNotFoundError) return false;
          throw err;
        },
      );
      return {
        status: 'success' as const,
        message: woken ? 'The settlement run looks at the session now.' : 'No run follows this session any more.',
      };
    },
  });
};
