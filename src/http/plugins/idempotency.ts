import { createHash } from 'node:crypto';
import { nameUuid } from '../../domain/name-uuid.ts';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../domain/errors.ts';
import { idempotencyKeys, RENEW_MS, type IdempotencyKeys } from '../../db/idempotency-keys.ts';
import type { Principal } from '../../auth/principal.ts';
import { errorBodySchema } from '../../domain/error-body.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A mutating route that honours `Idempotency-Key` (docs/api.md "Idempotency keys"). */
    idempotent?: boolean;
    /**
     * Top-level fields of the JSON answer never stored with the key (a secret shown once): a replay leaves
     * out those its answer's schema lets it leave out, and carries the others as null, which the route
     * documents.
     */
    keptWithout?: readonly string[];
  }
}

/**
 * A key this request holds. `operationId` names the operation the key stands for: the same for a retry
 * that takes over the key of a request that died in flight, so what the dead request started is found
 * and answered rather than done again (register, renew and buy-secondary use it as their session id;
 * make-offer as the offer id, transfer as its order's reference, subscribe as the subscription id).
 */
export interface HeldKey {
  scope: string;
  key: string;
  fingerprint: string;
  /** This claim's token: the key's writes name it, so once another request took the key over they do nothing. */
  holder: string;
  operationId: string;
  renewal: NodeJS.Timeout;
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Printable ASCII, as Stripe and the IETF draft allow: a UUID fits, so does any client's own scheme. */
const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;
const PURGE_EVERY_MS = 3_600_000;

const idempotencyHeader = {
  [IDEMPOTENCY_HEADER]: z.string().regex(KEY_PATTERN).optional().meta({
    description:
      'Optional, 1-255 printable ASCII characters (a UUID). The same key with the same request and credential within 24 hours replays the first answer (status and body, header Idempotent-Replayed: true); with a different request 422 idempotency_key_reused; while the first is running 409 idempotency_key_in_use (a request whose server died frees its key within 15 s, and the retry then gets the outcome of what that request started). 402 challenges, 429, 503 and other 5xx are not kept: the same request retried with the key continues what the first one started, never a second operation.',
  }),
};

/**
 * Answers that are kept and replayed: every outcome the request reached. Not kept, so that a retry with
 * the same key runs again: 402 (a payment challenge: the request waits for its payment, and the paid retry
 * must reach the checkout), 408/425/429/503 (refused, or cut short) and any other 5xx (a fault). Such a
 * retry keeps the key's operation id (release ends the hold, not the row): it continues what the first
 * attempt started, as a takeover of a dead request's key does.
 */
export const keepsAnswer = (status: number) => status < 500 && ![402, 408, 425, 429].includes(status);

/**
 * Who the key belongs to: the principal that sent it, that is its credential and the account it acts for (a
 * person acting for a team, by `X-Team-Id` or the session's chosen team, is another principal than the person
 * alone, whose kept answer it must never be given); for an anonymous call, its address. A credential alone
 * names one account, so the scope of a call outside a team is the credential's, as keys kept before said it.
 */
export const scopeOf = (p: Principal | null, ip: string): string => {
  if (!p) return `ip:${ip}`;
  const credential = `${p.kind}:${p.credentialId}`;
  return p.kind !== 'org_key' && p.member ? `${credential}:team:${p.accountId}` : credential;
};

/** The request as the key promises it: method, path with query, body. */
export const fingerprintOf = (req: { method: string; url: string; body?: unknown }): string =>
  createHash('sha256')
    .update(`${req.method} ${req.url}\n${JSON.stringify(req.body ?? null)}`)
    .digest('hex');

/** A UUID (version 8: name-based, our own hash) for the operation a key stands for. */
export function operationIdOf(scope: string, key: string, since: Date): string {
  return nameUuid(`${scope}\n${key}\n${since.toISOString()}`);
}

/**
 * Idempotency keys on the mutating routes declared `idempotent` (src/http/declaration.ts), as Stripe and the IETF
 * Idempotency-Key draft describe: the same key with the same request and credential replays the first
 * answer (status and body, with `Idempotent-Replayed: true`); with another request it is 422
 * `idempotency_key_reused`; while the first is still running, 409 `idempotency_key_in_use`. The key is
 * taken after authentication and validation, so a refused credential or a malformed body takes nothing
 * (by the pipeline's idempotency step, src/http/pipeline/idempotency-step.ts). This plugin documents the
 * header on those routes and purges old keys.
 */
export const idempotencyPlugin = fp(
  async (app) => {
    const keys = () => idempotencyKeys(app.deps.orm.em.fork());

    // The routes declared idempotent take the header (documented in their OpenAPI operation) and may answer 409/422.
    app.addHook('onRoute', (route) => {
      if (route.config?.idempotent !== true) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      refuseKeptSecrets(`${methods.join(',')} ${route.url}`, answerSchemaOf(route.schema), route.config.keptWithout);
      const schema = route.schema ?? {};
      const headers = schema.headers;
      schema.headers = headers instanceof z.ZodObject ? headers.extend(idempotencyHeader) : z.object(idempotencyHeader);
      schema.response = { 409: errorBodySchema, 422: errorBodySchema, ...(schema.response as object) };
      route.schema = schema;
    });

    // Keys older than a day (and an hour) go; the table holds one day of mutating requests at most. A
    // purge still running when the app closes is awaited, so the pool is never closed under it.
    let purging: Promise<unknown> = Promise.resolve();
    const purge = () => {
      purging = keys()
        .purge()
        .catch((err: unknown) => app.log.warn({ err }, 'could not purge old idempotency keys'));
    };
    const timer = setInterval(purge, PURGE_EVERY_MS);
    timer.unref();
    app.addHook('onReady', async () => purge());
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await purging;
    });
  },
  { name: 'idempotency', dependencies: ['services'] },
);

/**
 * Top-level fields of an answer that hold a secret the service makes and shows once: an idempotent route whose
 * 200 carries one must keep it out of the stored answer (`keptWithout`), or the API refuses to start.
 */
const SECRET_FIELDS = ['api_key', 'secret', 'claim_code', 'token'] as const;

const objectSchema = (schema: unknown) => (schema instanceof z.ZodObject ? schema : undefined);
/** A route's 200 schema, when it is an object whose fields can be read. */
export const answerSchemaOf = (routeSchema: unknown) =>
  objectSchema((routeSchema as { response?: Record<number, unknown> } | undefined)?.response?.[200]);

function refuseKeptSecrets(route: string, answer: z.ZodObject | undefined, keptWithout: readonly string[] = []) {
  const kept = SECRET_FIELDS.filter((f) => answer?.shape[f] !== undefined && !keptWithout.includes(f));
  if (kept.length > 0)
    throw new Error(
      `${route}: its answer's ${kept.join(', ')} would be kept with an Idempotency-Key; list it in keptWithout`,
    );
}

/**
 * The answer as kept: the named secrets of a JSON body left out where the answer's schema allows their absence,
 * set to null where it does not (a body that is not JSON is kept whole).
 */
function withoutFields(payload: string, fields: readonly string[], answer: z.ZodObject | undefined): string {
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    return payload;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return payload;
  const kept: Record<string, unknown> = { ...body };
  for (const f of fields) {
    const field: unknown = answer?.shape[f];
    if (field instanceof z.ZodType && field.safeParse(undefined).success) delete kept[f];
    else kept[f] = null;
  }
  return JSON.stringify(kept);
}

/** A key's earlier answer, replayed as it was sent. */
export interface Replay {
  replay: { status: number; contentType: string | null; body: string };
}

/**
 * Claims a key for a call (the pipeline's idempotency step, whichever adapter made the call): its earlier
 * answer to replay, or the hold, renewed while the call runs;
 * a key still held by another request, or used with another request, is refused.
 */
export async function takeKey(
  keys: IdempotencyKeys,
  scope: string,
  key: string,
  fingerprint: string,
  log: FastifyBaseLogger,
): Promise<HeldKey | Replay> {
  const claim = await keys.claim(scope, key, fingerprint);
  if (claim.kind === 'in_flight')
    throw new AppError(
      'idempotency_key_in_use',
      'A request with this Idempotency-Key is still being processed; retry once it has been answered.',
    );
  if (claim.kind === 'reused')
    throw new AppError(
      'idempotency_key_reused',
      'This Idempotency-Key was used with a different request; use a new key for a new request.',
    );
  if (claim.kind === 'answered')
    return { replay: { status: claim.status, contentType: claim.contentType, body: claim.body } };
  // Held while the request runs, however long a paid operation takes; a process that dies (or stalls
  // past HOLD_MS) stops renewing, and a retry may take the key over once the hold lapses.
  const { holder } = claim;
  const renewal = setInterval(() => {
    keys
      .renew(scope, key, holder)
      .then((held) => {
        if (!held) clearInterval(renewal);
      })
      .catch((err: unknown) => log.warn({ err }, 'could not renew an idempotency key'));
  }, RENEW_MS);
  renewal.unref();
  return { scope, key, fingerprint, holder, operationId: operationIdOf(scope, key, claim.since), renewal };
}

/** Records a held key's answer (when it is one that is kept), or releases the key for a retry. */
export async function settleKey(
  keys: IdempotencyKeys,
  held: HeldKey,
  a: {
    status: number;
    contentType: string | null;
    body: string | null;
    keptWithout: readonly string[] | undefined;
    /** The operation's 200 schema: which kept-without fields a replay may leave out. */
    answerSchema?: unknown;
    log: FastifyBaseLogger;
  },
): Promise<void> {
  clearInterval(held.renewal);
  const kept = keepsAnswer(a.status) && a.body !== null;
  let written: boolean;
  try {
    written =
      kept && a.body !== null
        ? await keys.answer(held.scope, held.key, held.holder, {
            status: a.status,
            contentType: a.contentType,
            body:
              a.keptWithout && a.status < 300
                ? withoutFields(a.body, a.keptWithout, objectSchema(a.answerSchema))
                : a.body,
          })
        : await keys.release(held.scope, held.key, held.holder);
  } catch (err) {
    // The database went away after the answer was made (the answer may itself be the 503 saying so).
    // The caller still gets this answer; the key's hold lapses unrenewed, and a retry with the same key
    // takes it over and continues the same operation, so nothing is done twice.
    a.log.warn({ err, idempotencyKey: held.key, status: a.status }, 'could not record the idempotency answer');
    return;
  }
  // This request stalled past its hold and a retry took the key over: the retry's answer is the key's.
  if (!written)
    a.log.warn(
      { idempotencyKey: held.key, operationId: held.operationId, status: a.status },
      kept
        ? 'idempotency key taken over while this request ran: its answer is not recorded'
        : 'idempotency key taken over while this request ran: its hold was not released',
    );
}
