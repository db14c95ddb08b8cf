import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { personOf, type AccountPrincipal } from '../auth/principal.ts';
import { teamView } from './team-view.ts';
import { AppError, errorCodes, type ErrorCode } from '../domain/errors.ts';
import { accountRepository } from '../db/account-repository.ts';
import { dashboardPage, formKey } from './views/layout.ts';
import type { DashboardView, FailedForm } from './views/view.ts';
import { textOf, type DashboardPage, type OperationCall, type PageContext } from './page-definition.ts';
import { formGuard } from '../http/form-guard.ts';
import { invoke, type Caller, type Outcome } from '../http/operations/invoke.ts';
import type { Input, Operation, Output } from '../http/operations/operation.ts';
import { listApprovals } from '../api/routes/approvals.ts';
import { forgetEndedSession } from '../http/ended-session.ts';
import { dashboardFlash } from './flash.ts';

/** The person as the operations' caller: their session, from their address, through the dashboard. */
const callerOf = (req: FastifyRequest, person: AccountPrincipal): Caller => ({
  principal: person,
  ip: req.ip,
  log: req.log,
  channel: 'dashboard',
  headers: req.headers,
});

/** A refusal of the API in words, with the field it names, if any. */
function refusalOf(answer: Outcome): { message: string; field?: string } {
  const body = (answer.body ?? {}) as {
    message?: unknown;
    details?: { field?: unknown; issues?: { path?: unknown[]; message?: unknown }[] };
    error?: { message?: unknown };
  };
  if (answer.status >= 500)
    return { message: 'The registry could not do this just now; nothing was changed. Try again in a moment.' };
  const nested = body.error?.message;
  const message =
    typeof body.message === 'string'
      ? body.message
      : typeof nested === 'string'
        ? nested
        : 'The registry refused this.';
  const field = typeof body.details?.field === 'string' ? body.details.field : undefined;
  return field ? { message, field } : { message };
}

/** How many approvals wait for the person (GET /api/v1/approvals?status=pending), for the nav; null when it cannot say. */
async function pendingApprovalsOf(ctx: PageContext): Promise<number | null> {
  const answer = await ctx.call(listApprovals, { query: { status: 'pending', limit: PENDING_COUNTED } });
  if (!answer.ok) return null;
  return answer.body.data.filter((a) => a.status === 'pending').length;
}
const PENDING_COUNTED = 100;

/**
 * Makes the API call; while the same form's earlier sending is still being answered (a double click:
 * `409 idempotency_key_in_use`), waits for it and answers with its outcome, which the key then replays.
 */
async function callOnce(app: FastifyInstance, ctx: PageContext, c: OperationCall): Promise<Outcome> {
  const deadline = Date.now() + IN_FLIGHT_WAIT_MS;
  for (;;) {
    const answer = await invoke(app, c.op, callerOf(ctx.req, ctx.person), c.input);
    const code = textOf(answer.body, 'code');
    if (answer.status !== 409 || code !== 'idempotency_key_in_use' || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
const IN_FLIGHT_WAIT_MS = 10_000;

const formBody = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
const control = z.object({
  csrf_token: z.string().optional(),
  form_id: z.string().uuid().optional(),
  action: z.string().max(64),
  target: z.string().max(512).optional(),
});

/**
 * Serves one dashboard page: `GET` renders it for the signed-in person (signed out: to sign-in and
 * back); `POST` runs one of its actions after the form check (same origin, this session's token). What
 * worked is answered by a redirect to the page (303), which shows its notice and a new secret once; a
 * refusal renders the page at once with the API's status, beside the form it came from, keeping what
 * was typed. Nothing here decides who may do what: the API operation does.
 */
export function dashboardRoutes<D>(def: DashboardPage<D>): FastifyPluginAsyncZod {
  return async (app) => {
    const { orm, config, sessionSecret } = app.deps;
    const guard = formGuard(sessionSecret, config.publicBaseUrl);
    const forgetEnded = forgetEndedSession(orm);
    const flash = dashboardFlash(sessionSecret, config.publicBaseUrl.startsWith('https:'));

    async function contextOf(
      req: FastifyRequest,
      person: AccountPrincipal,
      afterAction: boolean,
    ): Promise<PageContext> {
      const caller = callerOf(req, person);
      const call = <O extends Operation>(op: O, input?: Input<O>) => invoke(app, op, caller, input);
      return {
        req,
        person,
        params: req.params as Record<string, string>,
        query: req.query as Record<string, string>,
        afterAction,
        call,
        async read<O extends Operation>(op: O, input?: Input<O>): Promise<Output<O>> {
          const answer = await call(op, input);
          if (!answer.ok) {
            // The API's own refusal, on the page: its code when it is one of ours, else "not now".
            const code = textOf(answer.body, 'code');
            const known = typeof code === 'string' && Object.hasOwn(errorCodes, code) && answer.status < 500;
            throw new AppError(known ? (code as ErrorCode) : 'not_ready', refusalOf(answer).message);
          }
          return answer.body;
        },
      };
    }

    async function show(
      reply: FastifyReply,
      ctx: PageContext,
      status: number,
      extra: Pick<DashboardView, 'notice' | 'reveal' | 'failed'>,
    ) {
      // The page's reads and the person's name at once: the page waits for the slower, not for both.
      const [data, name, pendingApprovals, teams] = await Promise.all([
        def.load(ctx),
        accountRepository(orm.em.fork()).displayNameOf(personOf(ctx.person)),
        pendingApprovalsOf(ctx),
        teamView(orm.em.fork(), def, ctx),
      ]);
      const view: DashboardView = {
        path: ctx.req.url.split('?')[0] ?? '/dashboard',
        query: ctx.query,
        // The person signed in, never the team they act for (that is `team`, said apart in the header).
        person: { accountId: personOf(ctx.person), name },
        csrfToken: guard.tokenFor(ctx.person.credentialId, 'dashboard'),
        pendingApprovals,
        development: config.NODE_ENV === 'development',
        ...teams,
        ...extra,
      };
      return reply
        .status(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .send(dashboardPage(view, { title: def.title(ctx, data), body: def.render(view, data) }));
    }

    /** The session principal, or a redirect to sign-in that comes back here. */
    function personOr(req: FastifyRequest, reply: FastifyReply): AccountPrincipal | null {
      if (req.principal?.kind === 'session') return req.principal;
      const back = def.signInReturn?.(req, reply) ?? req.url;
      void reply.redirect(`/auth/login?return_to=${encodeURIComponent(back)}`, 303);
      return null;
    }

    const download = def.download;
    if (download)
      app.route({
        ...download.route,
        config: { ...download.route.config, page: true },
        schema: { hide: true },
        onRequest: forgetEnded,
        handler: async (req, reply) => {
          const person = personOr(req, reply);
          if (!person) return reply;
          const c = download.call(await contextOf(req, person, false));
          const answer = await invoke(app, c.op, callerOf(req, person), c.input);
          if (!answer.ok) {
            const code = textOf(answer.body, 'code');
            const known = typeof code === 'string' && Object.hasOwn(errorCodes, code) && answer.status < 500;
            throw new AppError(known ? (code as ErrorCode) : 'not_ready', refusalOf(answer).message);
          }
          return reply
            .status(200)
            .headers(answer.headers)
            .header('cache-control', 'private, no-store')
            .send(answer.body);
        },
      });

    app.route({
      ...def.page,
      config: { ...def.page.config, page: true },
      schema: { hide: true, response: { 200: z.string().describe('text/html') } },
      onRequest: forgetEnded,
      handler: async (req, reply) => {
        const person = personOr(req, reply);
        if (!person) return reply;
        // What the action before the redirect said, shown this once.
        const said = flash.take(req, reply, person.credentialId, req.url.split('?')[0] ?? '');
        return show(reply, await contextOf(req, person, said !== null), 200, {
          notice: said?.notice ?? null,
          reveal: said?.reveal ?? null,
          failed: null,
        });
      },
    });

    if (!def.post) return;
    const actions = def.actions ?? {};
    app.route({
      ...def.post,
      config: { ...def.post.config, page: true },
      schema: {
        hide: true,
        consumes: ['application/x-www-form-urlencoded'],
        body: formBody,
        response: { 200: z.string().describe('text/html') },
      },
      onRequest: forgetEnded,
      handler: async (req, reply) => {
        const person = personOr(req, reply);
        if (!person) return reply;
        const posted = req.body;
        const head = control.safeParse(posted);
        guard.check(req, person.credentialId, 'dashboard', head.success ? head.data.csrf_token : undefined);
        const ctx = await contextOf(req, person, true);
        const chosen = head.success ? actions[head.data.action] : undefined;
        if (!head.success || !chosen)
          return show(reply, ctx, 400, {
            notice: null,
            reveal: null,
            failed: {
              key: '',
              message: 'This form is not one this page knows; reload the page and try again.',
              values: {},
            },
          });
        const key = formKey(head.data.action, head.data.target);
        const values = Object.fromEntries(
          Object.entries(posted).map(([k, v]) => [k, Array.isArray(v) ? v.join('\n') : v]),
        );
        const parsed = chosen.fields.safeParse(posted);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          const field = issue?.path.join('.') ?? '';
          const failed: FailedForm = {
            key,
            message: `${field ? `${field}: ` : ''}${issue?.message ?? 'invalid'}`,
            values,
            ...(field ? { field } : {}),
          };
          return show(reply, ctx, 400, { notice: null, reveal: null, failed });
        }
        const call = chosen.call(parsed.data, ctx);
        const answer = await callOnce(app, ctx, {
          op: call.op,
          input: { ...call.input, idempotencyKey: call.input.idempotencyKey ?? head.data.form_id },
        });
        if (answer.status < 400) {
          // Post/redirect/get: the browser lands on the page by a GET, so a reload asks for the page again
          // and does nothing; what the action said (and a new secret, once) follows in the sealed flash.
          // The action's own operation made this answer: `action` typed its `done` by that operation, and
          // erased it here, where every action of the page is one kind.
          const { notice, reveal } = chosen.done(parsed.data, answer as Outcome<never>);
          flash.put(reply, person.credentialId, req.url.split('?')[0] ?? '', { notice, reveal: reveal ?? null });
          return reply.header('cache-control', 'no-store').redirect(req.url, 303);
        }
        const refusal = refusalOf(answer);
        return show(reply, ctx, answer.status, { notice: null, reveal: null, failed: { key, values, ...refusal } });
      },
    });
  };
}
