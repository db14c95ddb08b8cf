import { createHash } from 'node:crypto';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';

export interface VerifiedBearer {
  issuer: string;
  subject: string;
  /** Epoch seconds. */
  expiresAt: number;
  claims: Record<string, unknown>;
}

export interface BearerVerifier {
  verify(token: string): Promise<VerifiedBearer>;
}

export type InvalidBearerReason = 'expired' | 'invalid' | 'inactive' | 'unreachable' | 'unconfigured';

/** A bearer token was refused. `unreachable` means the provider could not answer: a 503, not a 401. */
export class InvalidBearerError extends Error {
  override name = 'InvalidBearerError';
  readonly reason: InvalidBearerReason;

  constructor(reason: InvalidBearerReason, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.reason = reason;
  }
}

export interface BearerVerifierOptions {
  issuer: string;
  audience: string;
  jwksUri?: string;
  introspection?: { url: string; clientId: string; clientSecret: string };
  cacheTtlSeconds: number;
  /**
   * This service's own client id at the provider. ID tokens are issued to it (their `aud`), so a token
   * for this audience that is not a typed access token is an ID token and is refused.
   */
  clientId?: string;
  /** Epoch milliseconds; defaults to Date.now. */
  now?: () => number;
}

const CACHE_MAX_ENTRIES = 10_000;
// Only ever extends validity past `exp`; kept small so short-lived tokens really expire.
const CLOCK_TOLERANCE_SECONDS = 1;
const HTTP_TIMEOUT_MS = 5_000;

export function createBearerVerifier(opts: BearerVerifierOptions): BearerVerifier {
  const now = opts.now ?? Date.now;
  const cache = new Map<string, { result: VerifiedBearer; until: number }>();
  const check = opts.introspection ? introspector(opts, opts.introspection, now) : jwtChecker(opts, now);

  return {
    async verify(token) {
      const key = createHash('sha256').update(token).digest('hex');
      const hit = cache.get(key);
      if (hit && hit.until > now()) return hit.result;
      if (hit) cache.delete(key);

      const result = await check(token);
      const until = Math.min(now() + opts.cacheTtlSeconds * 1000, result.expiresAt * 1000);
      if (until > now()) {
        // Map iteration order is insertion order, so the first key is the oldest entry.
        if (cache.size >= CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
        cache.set(key, { result, until });
      }
      return result;
    },
  };
}

function jwtChecker(opts: BearerVerifierOptions, now: () => number): (token: string) => Promise<VerifiedBearer> {
  let jwks: Promise<ReturnType<typeof createRemoteJWKSet>> | undefined;
  const keys = () => {
    if (!jwks) {
      jwks = (opts.jwksUri ? Promise.resolve(opts.jwksUri) : discoverJwksUri(opts.issuer)).then((uri) =>
        createRemoteJWKSet(new URL(uri), { timeoutDuration: HTTP_TIMEOUT_MS }),
      );
      // A failed discovery is retried on the next call rather than remembered.
      jwks.catch(() => (jwks = undefined));
    }
    return jwks;
  };

  return async (token) => {
    try {
      const { payload, protectedHeader } = await jwtVerify(token, await keys(), {
        issuer: opts.issuer,
        audience: opts.audience,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['sub', 'exp'],
        currentDate: new Date(now()),
      });
      // Only access tokens: an RFC 9068 `at+jwt`, or (for providers that still label access tokens
      // "JWT") a token whose audience is not our client id — an ID token is always issued to the client.
      if (!isTypedAccessToken(protectedHeader.typ) && audienceIncludes(payload.aud, opts.clientId)) {
        throw new InvalidBearerError('invalid', 'An ID token is not an access token.');
      }
      return toVerified(payload, opts.issuer);
    } catch (err) {
      if (err instanceof InvalidBearerError) throw err;
      if (err instanceof joseErrors.JWTExpired)
        throw new InvalidBearerError('expired', 'The bearer token has expired.');
      if (
        err instanceof joseErrors.JWKSTimeout ||
        err instanceof joseErrors.JWKSInvalid ||
        !(err instanceof joseErrors.JOSEError)
      ) {
        throw new InvalidBearerError('unreachable', 'The identity provider could not be reached.', { cause: err });
      }
      if (err.code === 'ERR_JOSE_GENERIC' && /JSON Web Key Set/.test(err.message)) {
        throw new InvalidBearerError('unreachable', 'The identity provider could not be reached.', { cause: err });
      }
      throw new InvalidBearerError('invalid', 'The bearer token is not valid.');
    }
  };
}

async function discoverJwksUri(issuer: string): Promise<string> {
  const res = await providerFetch(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`);
  const meta = (await res.json().catch(() => ({}))) as { jwks_uri?: unknown };
  if (typeof meta.jwks_uri !== 'string')
    throw new InvalidBearerError('unreachable', 'The identity provider publishes no jwks_uri.');
  return meta.jwks_uri;
}

function introspector(
  opts: BearerVerifierOptions,
  client: NonNullable<BearerVerifierOptions['introspection']>,
  now: () => number,
): (token: string) => Promise<VerifiedBearer> {
  const authorization = `Basic ${Buffer.from(`${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`).toString('base64')}`;
  return async (token) => {
    const res = await reach(client.url, {
      method: 'POST',
      headers: { authorization, accept: 'application/json' },
      body: new URLSearchParams({ token, token_type_hint: 'access_token' }),
    });
    const body = (await res.json().catch(() => undefined)) as Record<string, unknown> | undefined;
    // A 400 with an OAuth error judges the token (e.g. a JWT the provider will not introspect); anything else is the provider's problem.
    if (res.status === 400 && typeof body?.error === 'string')
      throw new InvalidBearerError('invalid', 'The provider refused to introspect the bearer token.');
    if (!res.ok) throw new InvalidBearerError('unreachable', `The introspection endpoint answered HTTP ${res.status}.`);
    if (!body || typeof body.active !== 'boolean')
      throw new InvalidBearerError('unreachable', 'The introspection endpoint gave no usable answer.');
    if (!body.active) throw new InvalidBearerError('inactive', 'The bearer token is not active.');
    // RFC 7662 `token_type` when the provider says it: only access tokens are credentials here.
    if (typeof body.token_type === 'string' && !ACCESS_TOKEN_TYPES.test(body.token_type)) {
      throw new InvalidBearerError('invalid', `A ${body.token_type} token is not an access token.`);
    }
    const audiences = typeof body.aud === 'string' ? [body.aud] : Array.isArray(body.aud) ? body.aud : [];
    if (body.aud !== undefined && !audiences.includes(opts.audience))
      throw new InvalidBearerError('invalid', 'The bearer token is for another audience.');
    if (body.iss !== undefined && body.iss !== opts.issuer)
      throw new InvalidBearerError('invalid', 'The bearer token is from another issuer.');
    // RFC 7662 makes `exp` optional; without it the answer is trusted only for one cache period.
    const exp = typeof body.exp === 'number' ? body.exp : Math.floor(now() / 1000) + opts.cacheTtlSeconds;
    return toVerified({ ...body, exp }, opts.issuer);
  };
}

/** Transport failures become `unreachable`: the token itself was never judged. */
async function reach(url: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) });
  } catch (err) {
    throw new InvalidBearerError('unreachable', 'The identity provider could not be reached.', { cause: err });
  }
}

async function providerFetch(url: string): Promise<Response> {
  const res = await reach(url);
  if (!res.ok) {
    await res.body?.cancel();
    throw new InvalidBearerError('unreachable', `The identity provider answered HTTP ${res.status}.`);
  }
  return res;
}

const ACCESS_TOKEN_TYPES = /^(bearer|dpop|access_token|urn:ietf:params:oauth:token-type:access_token)$/i;

function isTypedAccessToken(typ: string | undefined): boolean {
  return typeof typ === 'string' && /^(application\/)?at\+jwt$/i.test(typ);
}

function audienceIncludes(aud: unknown, id: string | undefined): boolean {
  if (!id) return false;
  return aud === id || (Array.isArray(aud) && aud.includes(id));
}

function toVerified(claims: JWTPayload | Record<string, unknown>, issuer: string): VerifiedBearer {
  const { sub, exp, iss } = claims;
  if (typeof sub !== 'string' || !sub) throw new InvalidBearerError('invalid', 'The bearer token has no subject.');
  if (typeof exp !== 'number') throw new InvalidBearerError('invalid', 'The bearer token has no expiry.');
  return { issuer: typeof iss === 'string' ? iss : issuer, subject: sub, expiresAt: exp, claims: { ...claims } };
}
