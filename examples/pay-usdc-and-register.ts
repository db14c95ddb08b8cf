// What a careful agent writes to buy a name on the USDC route (spec 4.6, steps 1 to 9): check that the
// relay settles, get an identity, quote, open the checkout, check every term, sign an EIP-3009
// authorization locally (the key never leaves this process), settle once, poll the receipt, reconcile,
// look the name up. The registry is called through its generated client (clients/typescript: types from
// the API's OpenAPI document, calls by openapi-fetch); the relay over plain HTTP; signing with viem.
//
//   npm exec -- node examples/pay-usdc-and-register.ts --base http://127.0.0.1:3000 \
//     --key 0x<payer private key> --name scout.agent --max-usdc 50
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { isAddressEqual, parseUnits, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { createRegistryClient, type Answer } from '../clients/typescript/index.ts';

/** The quote of spec 4.2 on the USDC route. */
export type UsdcQuote = Answer<'/api/v1/domains/quote', 'post', 200>;

/** The register 402 on the USDC route (spec 4.3): the relay session and what the payment is bound to. */
export type UsdcOffer = Extract<Answer<'/api/v1/domains/register', 'post', 402>, { protocol: 'x402' }>;

/** Spec 4.6 step 4: the flat challenge. */
export type FlatChallenge = UsdcOffer['payment_challenges'];

/** A checkout's state (spec 4.6 step 8), as register-status and reconcile answer it. */
export type RegisterStatus = Answer<'/api/agent/register-status/{order_id}', 'get', 200>;

/** What this payer signs (the relay's settle body; the relay is not part of the registry's document). */
export interface SignedAuthorization {
  authorization: { from: Hex; to: Hex; value: string; validAfter: string; validBefore: string; nonce: Hex };
  signature: Hex;
}

export interface HttpResult {
  status: number;
  body: unknown;
}

/** A term the payer refuses to sign for (spec 4.6 step 5); nothing was signed or sent. */
export class PayerCheckError extends Error {
  override name = 'PayerCheckError';
  readonly check: string;
  constructor(check: string, message: string) {
    super(message);
    this.check = check;
  }
}

export const BASE_NETWORK = 'eip155:8453';

async function call(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown; timeoutMs?: number } = {},
): Promise<HttpResult> {
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    headers: { ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    signal: AbortSignal.timeout(init.timeoutMs ?? 30_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body };
}

/** An openapi-fetch answer as a status and a body (the error body when it is not a success). */
const answer = ({ data, error, response }: { data?: unknown; error?: unknown; response: Response }): HttpResult => ({
  status: response.status,
  body: data ?? error,
});

/** Step 1: the relay's Base method must be there and settling; if not, the route is closed: do not pay. */
export async function relaySettles(checkoutUrl: string): Promise<boolean> {
  const res = await call(`${checkoutUrl.replace(/\/+$/, '')}/.well-known/payment-methods`);
  if (res.status !== 200) return false;
  const methods = (res.body as { methods?: { network?: string; settlement_enabled?: boolean }[] }).methods ?? [];
  return methods.some((m) => m.network === BASE_NETWORK && m.settlement_enabled === true);
}

/** Step 2: an anonymous identity; its key is sent as X-API-Key on every later call. */
export async function provisionKey(base: string): Promise<string> {
  const { data, error, response } = await createRegistryClient(base).POST('/api/v1/agents/provision', { body: {} });
  if (!data) throw new Error(`provision failed: ${response.status} ${JSON.stringify(error)}`);
  return data.api_key;
}

/** The headers that choose the USDC route (spec 4.6). */
const usdcRoute = { 'x-payment-method': 'mpp', 'x-mpp-network': 'base-mainnet' } as const;

const splitName = (fullName: string) => {
  const dot = fullName.indexOf('.');
  if (dot <= 0) throw new Error(`"${fullName}" is not a full name like scout.agent`);
  return { domain: fullName.slice(0, dot), namespace: fullName.slice(dot + 1) };
};

/** Step 3a: the non-binding quote on the USDC route. */
export async function quote(base: string, apiKey: string, fullName: string, years = 1): Promise<HttpResult> {
  return answer(
    await createRegistryClient(base, { apiKey }).POST('/api/v1/domains/quote', {
      params: { header: usdcRoute },
      body: { ...splitName(fullName), years },
      signal: AbortSignal.timeout(30_000),
    }),
  );
}

/** Step 3b: the register request, once per identity; the answer is the 402 with the relay session. */
export async function openCheckout(base: string, apiKey: string, fullName: string, years = 1): Promise<HttpResult> {
  return answer(
    await createRegistryClient(base, { apiKey }).POST('/api/v1/domains/register', {
      params: { header: usdcRoute },
      body: {
        ...splitName(fullName),
        years,
        agreed_to_terms: true,
        payment_method: 'mpp',
        mpp_network: 'base-mainnet',
      },
      signal: AbortSignal.timeout(30_000),
    }),
  );
}

/**
 * Step 5, every payer-side check before signing: the amount equals the quote exactly and is within the
 * payer's maximum; receiver, asset and network agree across the relay's method, the quote, the 402 and
 * the challenge; both URLs are HTTPS (outside local development); the name is still available; the
 * challenge is the EIP-3009 `exact` scheme. Throws PayerCheckError naming the check that failed.
 */
export function checkTerms(p: {
  quote: UsdcQuote;
  offer: UsdcOffer;
  maxAmountMinor: bigint;
  /** Local development (http on loopback) is allowed; production demands HTTPS. */
  allowInsecureLocal?: boolean;
  expected?: { asset?: string; payTo?: string };
}): void {
  const { quote: q, offer: o } = p;
  const c = o.payment_challenges;
  const fail = (check: string, message: string): never => {
    throw new PayerCheckError(check, message);
  };
  if (!q.available) fail('available', `${q.domain} is no longer available`);
  if (c.scheme !== 'exact' || c.extra?.assetTransferMethod !== 'eip3009')
    fail('scheme', 'not an EIP-3009 exact challenge');
  if (c.network !== BASE_NETWORK || q.chain_id !== 8453 || o.quote.chain_id !== 8453)
    fail('network', `network ${c.network} / chain ${q.chain_id} is not Base`);
  if (!/^\d+$/.test(c.amount)) fail('amount', `amount ${c.amount} is not in minor units`);
  if (c.amount !== q.price.amount_minor || o.quote.amount_minor !== q.price.amount_minor)
    fail('amount', `challenge amount ${c.amount} differs from the quote ${q.price.amount_minor}`);
  if (parseUnits(q.price.amount, 6) !== BigInt(c.amount))
    fail('amount', `the quote's display amount ${q.price.amount} is not ${c.amount} minor units`);
  if (BigInt(c.amount) > p.maxAmountMinor)
    fail('max_amount', `price ${c.amount} is above the maximum ${p.maxAmountMinor}`);
  if (q.price.currency !== 'USDC' || o.quote.currency !== 'USDC') fail('asset', 'the quote is not in USDC');
  if (p.expected?.asset && !isAddressEqual(c.asset as Hex, p.expected.asset as Hex))
    fail('asset', `asset ${c.asset} is not the USDC the relay announced`);
  if (p.expected?.payTo && !isAddressEqual(c.payTo as Hex, p.expected.payTo as Hex))
    fail('pay_to', `receiver ${c.payTo} is not the one the relay announced`);
  if (o.domain.name !== q.domain) fail('domain', `the checkout is for ${o.domain.name}, not ${q.domain}`);
  for (const url of [o.settle_url, o.receipt_url]) {
    const u = new URL(url);
    const local =
      p.allowInsecureLocal && u.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname);
    if (u.protocol !== 'https:' && !local) fail('https', `${url} is not HTTPS`);
  }
  if (!o.session_token) fail('session_token', 'no session token: this checkout was already handed out');
  if (!(c.maxTimeoutSeconds > 0)) fail('window', 'no maxTimeoutSeconds');
  if (Date.parse(o.expires_at) <= Date.now()) fail('expired', 'the checkout has expired: ask again');
}

/** What the relay announces of its Base method (step 1), to compare the challenge against. */
export async function relayMethod(checkoutUrl: string): Promise<{ asset?: string; payTo?: string }> {
  const res = await call(`${checkoutUrl.replace(/\/+$/, '')}/.well-known/payment-methods`);
  const methods = (res.body as { methods?: { network?: string; asset?: string; pay_to?: string }[] }).methods ?? [];
  const m = methods.find((x) => x.network === BASE_NETWORK);
  return { ...(m?.asset ? { asset: m.asset } : {}), ...(m?.pay_to ? { payTo: m.pay_to } : {}) };
}

/**
 * Signs a TransferWithAuthorization for the challenge, locally. The window (validBefore - validAfter,
 * backdating included) never exceeds maxTimeoutSeconds.
 */
export async function signAuthorization(p: {
  privateKey: Hex;
  challenge: FlatChallenge;
  /** Seconds of validity asked for; clamped to the challenge's maxTimeoutSeconds. */
  windowSeconds?: number;
}): Promise<SignedAuthorization> {
  const c = p.challenge;
  const account = privateKeyToAccount(p.privateKey);
  const backdate = 5;
  const span = Math.min(p.windowSeconds ?? c.maxTimeoutSeconds, c.maxTimeoutSeconds);
  if (span <= backdate) throw new PayerCheckError('window', `maxTimeoutSeconds ${c.maxTimeoutSeconds} is too short`);
  const now = Math.floor(Date.now() / 1000);
  const authorization = {
    from: account.address,
    to: c.payTo as Hex,
    value: c.amount,
    validAfter: String(now - backdate),
    validBefore: String(now - backdate + span),
    nonce: `0x${randomBytes(32).toString('hex')}` as Hex,
  };
  const signature = await account.signTypedData({
    domain: { name: c.extra.name, version: c.extra.version, chainId: 8453, verifyingContract: c.asset as Hex },
    types: {
      TransferWithAuthorization: [
        { name: 'from', type: 'address' },
        { name: 'to', type: 'address' },
        { name: 'value', type: 'uint256' },
        { name: 'validAfter', type: 'uint256' },
        { name: 'validBefore', type: 'uint256' },
        { name: 'nonce', type: 'bytes32' },
      ],
    },
    primaryType: 'TransferWithAuthorization',
    message: {
      ...authorization,
      value: BigInt(authorization.value),
      validAfter: BigInt(authorization.validAfter),
      validBefore: BigInt(authorization.validBefore),
    },
  });
  return { authorization, signature };
}

/** Step 6: the signed authorization, sent to settle_url with the session token and a stable idempotency key. */
export function settle(offer: UsdcOffer, signed: SignedAuthorization, idempotencyKey: string, accepted?: unknown) {
  return call(offer.settle_url, {
    method: 'POST',
    headers: { 'x-checkout-session-token': offer.session_token ?? '', 'idempotency-key': idempotencyKey },
    body: { ...signed, accepted: accepted ?? offer.payment_challenges },
  });
}

/** Step 7: polls the receipt until confirmed (or failed / expired). A lost answer is unknown: poll again. */
export async function pollReceipt(offer: UsdcOffer, opts: { timeoutMs?: number; everyMs?: number } = {}) {
  const deadline = Date.now() + (opts.timeoutMs ?? 120_000);
  for (;;) {
    const res = await call(offer.receipt_url, {
      headers: { 'x-checkout-session-token': offer.session_token ?? '' },
      timeoutMs: 10_000,
    }).catch(() => null);
    const status = (res?.body as { status?: string } | undefined)?.status;
    if (status === 'confirmed' || status === 'failed' || status === 'expired_unpaid')
      return res?.body as { status: string; tx_hash: Hex | null };
    if (Date.now() > deadline)
      throw new Error(`receipt still ${status ?? 'unknown'}: keep polling later, never re-sign`);
    await new Promise((r) => setTimeout(r, opts.everyMs ?? 500));
  }
}

/** Step 8: reconcile, then the status; both with the identity's key. */
export async function reconcile(base: string, apiKey: string, sessionId: string): Promise<HttpResult> {
  // The registry may wait a while for the activation it triggers: give it a minute.
  return answer(
    await createRegistryClient(base, { apiKey }).POST('/api/agent/register-status/{order_id}/reconcile', {
      params: { path: { order_id: sessionId } },
      signal: AbortSignal.timeout(60_000),
    }),
  );
}

export async function registerStatus(base: string, apiKey: string, sessionId: string): Promise<HttpResult> {
  return answer(
    await createRegistryClient(base, { apiKey }).GET('/api/agent/register-status/{order_id}', {
      params: { path: { order_id: sessionId } },
      signal: AbortSignal.timeout(30_000),
    }),
  );
}

/** Spec 4.6 step 8's completion: confirmed, paid, active, both ids, and the transaction of the transfer. */
export function isComplete(status: unknown): boolean {
  const s = status as Partial<RegisterStatus> | null | undefined;
  return (
    s?.settlement?.status === 'confirmed' &&
    s.order_status === 'paid' &&
    s.domain_status === 'active' &&
    typeof s.domain_id === 'number' &&
    typeof s.registration?.order_id === 'number' &&
    typeof s.tx_hash === 'string'
  );
}

/** Steps 1 to 9 in order, as one careful payer. */
export async function payUsdcAndRegister(p: {
  base: string;
  privateKey: Hex;
  name: string;
  years?: number;
  maxAmountMinor: bigint;
  apiKey?: string;
  allowInsecureLocal?: boolean;
  log?: (line: string) => void;
}) {
  const log = p.log ?? (() => undefined);
  const apiKey = p.apiKey ?? (await provisionKey(p.base));
  const q = await quote(p.base, apiKey, p.name, p.years);
  if (q.status !== 200) throw new Error(`quote refused: ${q.status} ${JSON.stringify(q.body)}`);
  const quoted = q.body as UsdcQuote;
  if (!quoted.checkout_url) throw new Error('the quote names no checkout relay');
  if (!(await relaySettles(quoted.checkout_url))) throw new Error('the relay does not settle on Base now: not paying');
  const expected = await relayMethod(quoted.checkout_url);
  log(`quoted ${quoted.price.amount} USDC for ${quoted.domain}`);
  const opened = await openCheckout(p.base, apiKey, p.name, p.years);
  if (opened.status !== 402) throw new Error(`register answered ${opened.status} ${JSON.stringify(opened.body)}`);
  const offer = opened.body as UsdcOffer;
  checkTerms({
    quote: quoted,
    offer,
    maxAmountMinor: p.maxAmountMinor,
    expected,
    ...(p.allowInsecureLocal ? { allowInsecureLocal: true } : {}),
  });
  const signed = await signAuthorization({ privateKey: p.privateKey, challenge: offer.payment_challenges });
  // One key per session and authorization: a retry after a lost answer sends the very same request.
  const idempotencyKey = `settle-${offer.session_id}-${signed.authorization.nonce.slice(2, 18)}`;
  let settled: HttpResult | null = null;
  for (let attempt = 0; attempt < 5 && (!settled || settled.status >= 500); attempt++)
    settled = await settle(offer, signed, idempotencyKey).catch(() => null);
  if (settled && settled.status >= 400 && settled.status < 500)
    throw new Error(`settle refused: ${settled.status} ${JSON.stringify(settled.body)}`);
  log(`settling session ${offer.session_id}`);
  const receipt = await pollReceipt(offer);
  if (receipt.status !== 'confirmed') throw new Error(`settlement ${receipt.status}`);
  // Reconcile; a lost or slow answer is only an unknown state: poll the status (reconcile is idempotent).
  let status: HttpResult = await reconcile(p.base, apiKey, offer.session_id).catch(() => ({ status: 0, body: null }));
  for (let i = 0; i < 60 && !isComplete(status.body); i++) {
    await new Promise((r) => setTimeout(r, 1000));
    status = await registerStatus(p.base, apiKey, offer.session_id).catch(() => ({ status: 0, body: null }));
  }
  if (!isComplete(status.body)) throw new Error(`not complete yet: ${JSON.stringify(status.body)}`);
  const lookup = answer(
    await createRegistryClient(p.base).GET('/api/v1/lookup/{domain_name}', {
      params: { path: { domain_name: p.name } },
    }),
  );
  log(`registered ${p.name}: tx ${receipt.tx_hash}`);
  return { apiKey, offer, receipt, status: status.body, lookup: lookup.body };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      base: { type: 'string', default: 'http://127.0.0.1:3000' },
      key: { type: 'string' },
      name: { type: 'string' },
      years: { type: 'string', default: '1' },
      'max-usdc': { type: 'string', default: '100' },
    },
  });
  if (!values.key || !values.name) {
    console.error(
      'usage: node examples/pay-usdc-and-register.ts --key 0x<private key> --name scout.agent [--max-usdc 100]',
    );
    process.exit(2);
  }
  const local = /^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(values.base);
  const done = await payUsdcAndRegister({
    base: values.base,
    privateKey: values.key as Hex,
    name: values.name,
    years: Number(values.years),
    maxAmountMinor: parseUnits(values['max-usdc'], 6),
    allowInsecureLocal: local,
    log: (l) => console.log(l),
  });
  console.log(JSON.stringify(done.lookup, null, 2));
}
