import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  onSendHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import { routeKey } from '../declaration.ts';
import { answerSchemaOf, IDEMPOTENCY_HEADER, type HeldKey } from '../plugins/idempotency.ts';
import { heldKey } from './idempotency-step.ts';
import { pipeline } from './pipeline.ts';
import { runAfter, runAround, runBefore, runEnd } from './run.ts';
import type { EarlyAnswer, PipelineCall, Step } from './step.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request as the pipeline's steps see it, from the moment its caller is known. */
    pipelineCall: PipelineCall | null;
    /** The Idempotency-Key this request holds (the pipeline's idempotency step), for the operation to read. */
    idempotency: HeldKey | null;
  }
}

/** The request as a call of its route's operation. */
function callOf(req: FastifyRequest): PipelineCall {
  const declared = [req.routeOptions.method].flat()[0] ?? req.method;
  const url = req.routeOptions.url ?? req.url;
  const key = req.headers[IDEMPOTENCY_HEADER];
  return {
    channel: 'http',
    key: routeKey(declared, url),
    method: req.method,
    url,
    config: req.routeOptions.config,
    principal: req.principal,
    ip: req.ip,
    carrier: req.headers,
    params: (req.params ?? {}) as Record<string, unknown>,
    query: (req.query ?? {}) as Record<string, unknown>,
    body: req.body,
    target: req.url,
    answerSchema: answerSchemaOf(req.routeOptions.schema),
    idempotencyKey: Array.isArray(key) ? key.join(',') : key,
    log: req.log,
    held: new Map(),
  };
}

/** Sends a step's answer in the operation's place. */
function sendEarly(reply: FastifyReply, early: EarlyAnswer) {
  reply.code(early.status).headers(early.headers);
  if (early.contentType) reply.header('content-type', early.contentType);
  return reply.send(early.body);
}

/**
 * The HTTP adapter of the pipeline (pipeline.ts): the `caller` steps right after the route's guard has
 * authenticated the caller (before the body is read), the `input` steps once the input is checked, the
 * operation inside their `around`, and their `after` once the answer is made. Each route gets the hooks of
 * the steps that apply to it (`appliesTo`, read once as the route is added), and none when none does: a
 * public read costs nothing here. Registered after access control, whose guard it follows on every route.
 */
export const pipelinePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('pipelineCall', null);
    app.decorateRequest('idempotency', null);

    app.addHook('onRoute', (route) => {
      const config = route.config ?? {};
      const methods = [route.method].flat();
      const steps = pipeline.filter((step) =>
        methods.some((method) => step.appliesTo?.({ method, config }, 'http') ?? true),
      );
      if (steps.length === 0) return;
      // After the route's own hooks of the same kind (its guard's onRequest first).
      const add = (name: 'onRequest' | 'preHandler' | 'onSend' | 'onResponse' | 'onRequestAbort', hook: unknown) => {
        const hooks = route as unknown as Record<string, unknown>;
        hooks[name] = [...(hooks[name] ? [hooks[name]].flat() : []), hook];
      };
      const hooks = pipelineHooks(app, steps);
      add('onRequest', hooks.caller);
      if (steps.some((s) => s.when === 'input' || s.around)) add('preHandler', hooks.input);
      if (steps.some((s) => s.after)) add('onSend', hooks.answered);
      if (steps.some((s) => s.end)) {
        add('onResponse', hooks.end);
        add('onRequestAbort', hooks.end);
      }
    });
  },
  { name: 'pipeline', dependencies: ['access-control', 'idempotency'] },
);

/** The hooks that run `steps` for one route's requests. */
function pipelineHooks(app: FastifyInstance, steps: readonly Step[]) {
  const caller: onRequestHookHandler = async (req, reply) => {
    req.pipelineCall = callOf(req);
    const early = await runBefore(steps, 'caller', req.pipelineCall, app);
    if (early) return sendEarly(reply, early);
  };

  // Callback style: an early answer (a replay) is sent and `done` never called, so the route never runs after
  // it, even when the client hangs up while it is written (an async hook returning the reply would go on then).
  const input: preHandlerHookHandler = (req, reply, done) => {
    const call = req.pipelineCall;
    if (!call) return done();
    // The input as validated: coerced path values, query and body.
    call.params = (req.params ?? {}) as Record<string, unknown>;
    call.query = (req.query ?? {}) as Record<string, unknown>;
    call.body = req.body;
    runBefore(steps, 'input', call, app).then((early) => {
      if (early) return void sendEarly(reply, early);
      req.idempotency = heldKey(call);
      runAround(steps, call, () => done());
    }, done);
  };

  const answered: onSendHookHandler = async (req, reply, payload) => {
    const call = req.pipelineCall;
    if (!call) return payload;
    const contentType = reply.getHeader('content-type');
    await runAfter(
      steps,
      call,
      {
        status: reply.statusCode,
        contentType: typeof contentType === 'string' ? contentType : null,
        body: typeof payload === 'string' ? payload : null,
      },
      app,
    );
    return payload;
  };

  const end = async (req: FastifyRequest) => {
    if (req.pipelineCall) runEnd(steps, req.pipelineCall);
  };
  return { caller, input, answered, end };
}
