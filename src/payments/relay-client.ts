import { z } from 'zod';

// The registry's side of the checkout relay's merchant API (docs/payments.md "USDC route"): what it asks the
// relay, and what it accepts back. Answers are parsed, never trusted; a relay that does not answer in
// time is an unknown state for the caller to poll again, never a reason to ask for a second payment.

const challenge = z.object({
  scheme: z.literal('exact'),
  network: z.string(),
  asset: z.string(),
  payTo: z.string(),
  amount: z.string().regex(/^\d+$/),
  maxTimeoutSeconds: z.number().int(),
  extra: z.object({ assetTransferMethod: z.literal('eip3009'), name: z.string(), version: z.string() }),
});

const sessionView = z.object({
  session_id: z.string(),
  reference: z.string(),
  status: z.enum(['awaiting_payment', 'prepared', 'broadcast', 'confirmed', 'failed', 'expired_unpaid']),
  amount: z.string(),
  payer: z.string().nullable(),
  /** The nonce of the authorization the session took (null before one was accepted). */
  nonce: z.string().nullable().optional(),
  tx_hash: z.string().nullable(),
  expires_at: z.string(),
});

const openedSession = sessionView.extend({
  settle_url: z.url(),
  receipt_url: z.url(),
  session_token: z.string().nullable(),
  payment_challenges: challenge,
});

const methods = z.object({
  methods: z.array(z.object({ network: z.string(), settlement_enabled: z.boolean() }).loose()),
});

export type RelaySessionView = z.infer<typeof sessionView>;
export type OpenedRelaySession = z.infer<typeof openedSession>;

export class RelayUnavailableError extends Error {
  override name = 'RelayUnavailableError';
}

/** The relay judged a settle request and refused it (4xx): its status, code and message, as data. */
export class RelayRefusal extends Error {
  override name = 'RelayRefusal';
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** An EIP-3009 authorization and its signature, with the challenge it answers, as the relay's settle takes it. */
export interface SignedAuthorization {
  authorization: { from: string; to: string; value: string; validAfter: string; validBefore: string; nonce: string };
  signature: string;
  accepted: Record<string, unknown>;
}

export function relayClient(opts: { baseUrl: string; apiKey: string; timeoutMs?: number }) {
  const base = opts.baseUrl.replace(/\/+$/, '');
  async function send(path: string, init: RequestInit): Promise<{ res: Response; body: unknown }> {
    try {
      const res = await fetch(`${base}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${opts.apiKey}`, 'content-type': 'application/json', ...init.headers },
        signal: AbortSignal.timeout(opts.timeoutMs ?? 5000),
      });
      return { res, body: await res.json().catch(() => null) };
    } catch (err) {
      throw new RelayUnavailableError(`The checkout relay did not answer: ${(err as Error).message}`);
    }
  }
  async function call<T>(schema: z.ZodType<T>, path: string, init: RequestInit = {}): Promise<T> {
    const { res, body } = await send(path, init);
    if (!res.ok) {
      const code = (body as { code?: string } | null)?.code ?? `http_${res.status}`;
      throw new RelayUnavailableError(`The checkout relay refused (${res.status} ${code}).`);
    }
    return schema.parse(body);
  }
  return {
    /** Whether the Base method is there and settling (spec 4.6 step 1). */
    async settlementEnabled(network: string): Promise<boolean> {
      const m = await call(methods, '/.well-known/payment-methods', { method: 'GET' });
      return m.methods.some((x) => x.network === network && x.settlement_enabled);
    },
    /** A session for one registry checkout; the same reference again returns the same session. */
    openSession: (s: { reference: string; amount: string; expiresInSeconds: number }) =>
      call(openedSession, '/v1/sessions', {
        method: 'POST',
        body: JSON.stringify({ reference: s.reference, amount: s.amount, expires_in_seconds: s.expiresInSeconds }),
      }),
    session: (id: string) => call(sessionView, `/v1/sessions/${encodeURIComponent(id)}`, { method: 'GET' }),
    /**
     * Gives a session up: the relay closes it as `expired_unpaid` only if no authorization was ever
     * accepted for it (then nothing can land and no later settle is taken), and answers where it stands.
     */
    closeSession: (id: string) =>
      call(sessionView, `/v1/sessions/${encodeURIComponent(id)}/close`, { method: 'POST', body: '{}' }),
    /**
     * Settles an authorization on a session as its merchant (the relay as facilitator). A refusal the
     * relay judged (4xx) is a RelayRefusal with its code; no answer, or a 5xx, is RelayUnavailableError:
     * an unknown state, in which the authorization may have been accepted.
     */
    async settle(id: string, signed: SignedAuthorization, idempotencyKey: string): Promise<RelaySessionView> {
      const { res, body } = await send(`/v1/sessions/${encodeURIComponent(id)}/settle`, {
        method: 'POST',
        headers: { 'idempotency-key': idempotencyKey },
        body: JSON.stringify(signed),
      });
      if (res.ok) return sessionView.parse(body);
      const b = body as { code?: string; message?: string } | null;
      if (res.status >= 500 || !b?.code)
        throw new RelayUnavailableError(`The checkout relay failed to settle (${res.status}).`);
      throw new RelayRefusal(res.status, b.code, b.message ?? b.code);
    },
  };
}

export type RelayClient = ReturnType<typeof relayClient>;
