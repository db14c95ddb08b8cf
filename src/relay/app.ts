import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { challengeOf, sameChallenge } from './challenge.ts';
import type { Settlement } from './settlement.ts';
import { AuthorizationBoundError, type Authorization, type RelaySession, type RelayStore } from './store.ts';

export interface RelaySettings {
  /** Where payers reach this relay (the settle and receipt URLs are built on it). */
  publicUrl: string;
  /** The merchant's secret (the registry's CHECKOUT_API_KEY). */
  apiKey: string;
  asset: `0x${string}`;
  payTo: `0x${string}`;
  network: string;
  maxTimeoutSeconds: number;
  settlementEnabled: boolean;
}

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/);
const uint = z.string().regex(/^\d{1,78}$/);
const authorizationSchema = z.strictObject({
  from: address,
  to: address,
  value: uint,
  validAfter: uint,
  validBefore: uint,
  nonce: z.string().regex(/^0x[0-9a-fA-F]{64}$/),
});
const settleBody = z.strictObject({
  authorization: authorizationSchema,
  signature: z.string().regex(/^0x[0-9a-fA-F]{130,}$/),
  accepted: z.record(z.string(), z.unknown()),
});
const sessionParams = z.object({ session_id: z.uuid() });

class RelayError extends Error {
  readonly statusCode: number;
  readonly code: string;
  constructor(statusCode: number, code: string, message: string) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
  }
}

/** The same authorization, whatever the case of its hex. */
const sameAuthorization = (a: Authorization | null, b: Authorization) =>
  a !== null && sameChallenge(JSON.parse(JSON.stringify(a).toLowerCase()), JSON.parse(JSON.stringify(b).toLowerCase()));

/**
 * CONNECT (a request to become a tunnel) goes to a `'connect'` listener, not to Fastify, and Node closes
 * the connection unanswered when there is none: the relay answers it 405 in its envelope, then closes.
 * (The registry has its own, src/http/refuse-connect.ts: the relay imports nothing of the registry.)
 */
function refuseConnect(_req: IncomingMessage, socket: Duplex): void {
  const payload = JSON.stringify({ status: 'error', code: 'method_not_allowed', message: 'The relay is no proxy.' });
  socket.on('error', () => undefined);
  // Node no longer tracks a socket handed to this listener, so one left open (a client that never closes its
  // side) kept a stopping server from exiting (the byte-level fuzzer, docs/reliability.md). What the client
  // still sends is read and dropped, so its close arrives; one that never closes is cut after a while.
  const gone = setTimeout(() => socket.destroy(), 5_000);
  gone.unref();
  socket.once('close', () => clearTimeout(gone));
  socket.resume();
  socket.end(
    `HTTP/1.1 405 Method Not Allowed\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(payload)}\r\nConnection: close\r\n\r\n${payload}`,
  );
}

/**
 * A request Node cannot parse gets a 400 in the relay's envelope, unless an answer to it already began (its
 * chunked body breaking while the route answers): Fastify's default handler would write a second status line
 * into that answer, which a client reading the connection takes for the answer to its next request.
 */
function refuseUnparsable(err: Error & { code?: string }, socket: Socket): void {
  const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
  if (err.code !== 'ECONNRESET' && socket.writable && !answering) {
    const payload = JSON.stringify({ status: 'error', code: 'bad_request', message: 'The request is not valid HTTP.' });
    socket.write(
      `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(payload)}\r\nConnection: close\r\n\r\n${payload}`,
    );
  }
  socket.destroy(err);
}

/**
 * The checkout relay's HTTP API: what an external relay would offer the registry (sessions, behind the
 * merchant secret) and the payer (settle and receipt, behind the session token). Errors are JSON
 * `{status: "error", code, message}` like the registry's.
 */
export async function buildRelayApp(deps: {
  store: RelayStore;
  settlement: Settlement;
  settings: RelaySettings;
  logger?: FastifyBaseLogger;
}) {
  const { store, settlement, settings } = deps;
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    clientErrorHandler: refuseUnparsable,
  }).withTypeProvider<ZodTypeProvider>();
  app.server.on('connect', refuseConnect);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler((err, _req, reply) => {
    if (err instanceof RelayError)
      return reply.code(err.statusCode).send({ status: 'error', code: err.code, message: err.message });
    const e = err as { validation?: unknown; statusCode?: number; message: string };
    if (e.validation || (e.statusCode && e.statusCode < 500))
      return reply.code(e.statusCode ?? 400).send({ status: 'error', code: 'invalid_request', message: e.message });
    app.log.error(err);
    return reply.code(500).send({ status: 'error', code: 'internal_error', message: 'The relay failed.' });
  });

  const inFlight = new Set<string>();
  /** Settles in the background, once per session per process; recovery picks up what a crash dropped. */
  const settleInBackground = (s: RelaySession) => {
    if (inFlight.has(s.id)) return;
    inFlight.add(s.id);
    void settlement
      .settle(s)
      .catch((err: unknown) => app.log.warn({ err, session: s.id }, 'settlement interrupted; recovery retries'))
      .finally(() => inFlight.delete(s.id));
  };

  const view = (s: RelaySession) => ({
    session_id: s.id,
    reference: s.reference,
    status: s.status,
    amount: s.amount,
    payer: s.authorization?.from ?? null,
    // Which authorization the session took (public on chain once settled): lets the merchant find the
    // session a presented authorization paid, when the answer to its payer was lost.
    nonce: s.authorization?.nonce ?? null,
    tx_hash: s.txHash,
    expires_at: s.expiresAt.toISOString(),
    confirmed_at: s.confirmedAt?.toISOString() ?? null,
  });
  const urls = (s: RelaySession) => ({
    settle_url: `${settings.publicUrl}/v1/sessions/${s.id}/settle`,
    receipt_url: `${settings.publicUrl}/v1/sessions/${s.id}/receipt`,
  });
  const merchant = (authorization: string | undefined) => {
    if (authorization !== `Bearer ${settings.apiKey}`)
      throw new RelayError(401, 'unauthorized', 'The merchant secret is missing or wrong.');
  };
  const payer = async (id: string, token: string | undefined) => {
    const s = token ? await store.withToken(id, token) : null;
    if (!s) throw new RelayError(404, 'session_not_found', 'No such session for this token.');
    return s;
  };

  app.get('/.well-known/payment-methods', async () => ({
    methods: [
      {
        method: 'x402-exact-eip3009',
        scheme: 'exact',
        network: settings.network,
        asset: settings.asset,
        pay_to: settings.payTo,
        settlement_enabled: settings.settlementEnabled,
      },
    ],
  }));

  app.post(
    '/v1/sessions',
    {
      schema: {
        body: z.strictObject({
          reference: z.string().min(1).max(200),
          amount: uint,
          expires_in_seconds: z.number().int().min(30).max(86_400).default(900),
        }),
      },
    },
    async (req, reply) => {
      merchant(req.headers.authorization);
      if (!settings.settlementEnabled)
        throw new RelayError(503, 'settlement_disabled', 'Settlement is disabled at this relay.');
      const token = `cst_${randomBytes(24).toString('base64url')}`;
      const { session, created } = await store.create(
        {
          id: randomUUID(),
          reference: req.body.reference,
          amount: req.body.amount,
          asset: settings.asset,
          payTo: settings.payTo,
          network: settings.network,
          maxTimeoutSeconds: settings.maxTimeoutSeconds,
          expiresAt: new Date(Date.now() + req.body.expires_in_seconds * 1000),
        },
        token,
      );
      return reply.code(created ? 201 : 200).send({
        ...view(session),
        ...urls(session),
        // The token is shown once, to the merchant that created the session.
        session_token: created ? token : null,
        payment_challenges: challengeOf(session),
      });
    },
  );

  app.get('/v1/sessions/:session_id', { schema: { params: sessionParams } }, async (req) => {
    merchant(req.headers.authorization);
    const s = await store.get(req.params.session_id);
    if (!s) throw new RelayError(404, 'session_not_found', 'No such session.');
    return view(s);
  });

  // The merchant gives a session up (its lock holder reset it): closed as expired_unpaid only if no
  // authorization was ever accepted for it, so nothing can land and no later settle is taken. The
  // answer is the session as it stands: expired_unpaid when closed, else where its payment is.
  app.post('/v1/sessions/:session_id/close', { schema: { params: sessionParams } }, async (req) => {
    merchant(req.headers.authorization);
    const s = (await store.close(req.params.session_id)) ?? (await store.get(req.params.session_id));
    if (!s) throw new RelayError(404, 'session_not_found', 'No such session.');
    return view(s);
  });

  app.get('/v1/sessions/:session_id/receipt', { schema: { params: sessionParams } }, async (req) => {
    const s = await payer(req.params.session_id, req.headers['x-checkout-session-token'] as string | undefined);
    return view(s);
  });

  // The payer settles with its session token; the merchant may settle for it with its secret (the
  // registry does, as an x402 resource server asks its facilitator, for a PAYMENT-SIGNATURE it was sent).
  // Either way the same checks and the same one-authorization-per-session rule apply.
  const payerOrMerchant = async (id: string, token: string | undefined, authorization: string | undefined) => {
    if (authorization === undefined) return payer(id, token);
    merchant(authorization);
    const s = await store.get(id);
    if (!s) throw new RelayError(404, 'session_not_found', 'No such session.');
    return s;
  };

  app.post('/v1/sessions/:session_id/settle', { schema: { params: sessionParams, body: settleBody } }, async (req) => {
    const s = await payerOrMerchant(
      req.params.session_id,
      req.headers['x-checkout-session-token'] as string | undefined,
      req.headers.authorization,
    );
    const key = req.headers['idempotency-key'];
    if (typeof key !== 'string' || key.length < 8 || key.length > 200)
      throw new RelayError(400, 'idempotency_key_required', 'Send an Idempotency-Key (8 to 200 characters).');
    const { signature } = req.body;
    const authorization = req.body.authorization as Authorization;

    const replay = (current: RelaySession) => {
      if (current.idempotencyKey === key && sameAuthorization(current.authorization, authorization)) {
        if (current.status === 'prepared') settleInBackground(current);
        return view(current);
      }
      if (current.status === 'expired_unpaid')
        throw new RelayError(410, 'expired_unpaid', 'The session expired unpaid; ask the merchant for a new one.');
      throw new RelayError(
        409,
        'session_already_paying',
        'This session already has a payment; poll its receipt. Never sign a replacement.',
      );
    };
    if (s.status !== 'awaiting_payment') return replay(s);
    if (!sameChallenge(req.body.accepted, challengeOf(s)))
      throw new RelayError(400, 'challenge_mismatch', '`accepted` must be the challenge of this session, unchanged.');
    const refusal = await settlement.verify(s, authorization, signature);
    if (refusal) throw new RelayError(402, refusal.reason, refusal.message);
    const prepared = await store.prepare(s.id, key, authorization, signature).catch((err: unknown) => {
      if (err instanceof AuthorizationBoundError)
        throw new RelayError(
          409,
          'authorization_bound_elsewhere',
          'This authorization (its nonce) was already accepted for another checkout session and can pay only that one. This session stays unpaid.',
        );
      throw err;
    });
    if (!prepared) {
      // Another settle call won the session first (or it expired this instant): answer as a replay.
      const now = await store.get(s.id);
      if (!now) throw new RelayError(404, 'session_not_found', 'No such session.');
      return replay(now);
    }
    settleInBackground(prepared);
    return view(prepared);
  });

  return app;
}
