// What an agent writes to buy (or renew) a name over the Machine Payments Protocol, step by step: ask,
// get a 402 challenge, let mppx's own Tempo client pay it, re-send with the credential, look the name
// up. (`Mppx.create({ methods: [tempo(...)] }).fetch` does the middle three steps in one call; this
// file keeps them apart so each step's answer can be shown.) It depends only on public packages (viem,
// mppx) and the registry's generated client (clients/typescript: types from its OpenAPI document, calls
// by openapi-fetch), never on the registry's own code.
//
//   npm exec -- node examples/pay-and-register.ts --base http://127.0.0.1:3000 \
//     --rpc http://127.0.0.1:8545 --key 0x<payer private key> --name scout.agent [--renew]
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { Challenge, Credential, type z } from 'mppx';
import { tempo } from 'mppx/client';
import type { Methods } from 'mppx/tempo';
import { createClient, formatUnits, http, isAddressEqual, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { tempoLocalnet } from 'viem/chains';
import { createRegistryClient, type Answer, type RequestBody } from '../clients/typescript/index.ts';

/** The register request (spec 4.3), as the API's document types it. */
export type RegisterBody = RequestBody<'/api/v1/domains/register', 'post'>;

/** The 402 body of the default route (spec 4.3) plus the chain details the registry adds. */
export type PaymentRequired = Extract<Answer<'/api/v1/domains/register', 'post', 402>, { protocol: 'mpp' }>;

/** An answer as this script keeps it: the status, the headers (the challenge, the receipt) and the JSON body. */
export interface HttpResult<B = unknown> {
  status: number;
  headers: Headers;
  body: B;
}

/** Any call of the generated client, kept as an HttpResult whatever its status. */
async function kept<D, E>(call: Promise<{ data?: D; error?: E; response: Response }>): Promise<HttpResult<D | E>> {
  const { data, error, response } = await call;
  return { status: response.status, headers: response.headers, body: (data ?? error) as D | E };
}

export function registerBody(fullName: string, years = 1): RegisterBody {
  const dot = fullName.indexOf('.');
  if (dot <= 0) throw new Error(`"${fullName}" is not a full name like scout.agent`);
  return { domain: fullName.slice(0, dot), namespace: fullName.slice(dot + 1), years, agreed_to_terms: true };
}

/** An anonymous agent identity; its key is the actor of every later call. */
export async function provisionKey(base: string): Promise<string> {
  const { data, error, response } = await createRegistryClient(base).POST('/api/v1/agents/provision', { body: {} });
  if (!data) throw new Error(`provision failed: ${response.status} ${JSON.stringify(error)}`);
  return data.api_key;
}

/** The register call; `credential` (a receipt) goes in `Authorization: Payment`, the key stays the actor. */
export function register(base: string, apiKey: string, body: RegisterBody, credential?: string) {
  return kept(
    createRegistryClient(base, { apiKey }).POST('/api/v1/domains/register', {
      body,
      ...(credential ? { headers: { authorization: credential } } : {}),
    }),
  );
}

/** Reads the 402: the JSON body and the standard `WWW-Authenticate: Payment` challenge (mppx parses it). */
export function readChallenge(res: HttpResult): { required: PaymentRequired; challenge: Challenge.Challenge } {
  if (res.status !== 402) throw new Error(`expected 402, got ${res.status} ${JSON.stringify(res.body)}`);
  const header = res.headers.get('www-authenticate');
  if (!header) throw new Error('402 without a WWW-Authenticate challenge');
  return { required: res.body as PaymentRequired, challenge: Challenge.deserialize(header) };
}

/** What a Tempo charge challenge asks, as mppx's own method describes it. */
type TempoChargeRequest = z.output<typeof Methods.charge.schema.request>;

/** A challenge needs this much time left to be paid (Tempo's validity margin and the broadcast). */
export const CHALLENGE_MIN_LEFT_MS = 10_000;

/** The challenge expires too soon to pay: nothing was sent. */
export class ChallengeTooLate extends Error {
  constructor() {
    super('challenge expired or about to: ask again');
  }
}

/**
 * Pays the challenge once with mppx's Tempo client (push mode: it broadcasts the transfer and waits
 * for it, so the hash is known). Before signing it checks that the header and the body agree, so a
 * tampered body cannot redirect funds. Returns the `Authorization: Payment` credential that proves it.
 */
export async function payChallenge(opts: {
  rpcUrl: string;
  privateKey: Hex;
  challenge: Challenge.Challenge;
  required?: PaymentRequired;
  maxAmountMinor?: bigint;
}): Promise<{ txHash: Hex; payer: Hex; credential: string }> {
  const { challenge, required } = opts;
  if (challenge.method !== 'tempo' || challenge.intent !== 'charge')
    throw new Error(`unsupported payment ${challenge.method}/${challenge.intent}`);
  const r = challenge.request as unknown as TempoChargeRequest;
  const chainId = r.methodDetails?.chainId;
  if (chainId === undefined || !r.recipient) throw new Error('the challenge names no chain or receiver: not paying');
  const amount = BigInt(r.amount);
  if (required) {
    const c = required.challenge;
    const agrees =
      BigInt(required.amount_minor) === amount &&
      isAddressEqual(c.token as Hex, r.currency as Hex) &&
      isAddressEqual(c.pay_to as Hex, r.recipient as Hex) &&
      c.chain_id === chainId;
    if (!agrees) throw new Error('the 402 body and its WWW-Authenticate challenge disagree: not paying');
  }
  if (opts.maxAmountMinor !== undefined && amount > opts.maxAmountMinor)
    throw new Error(`price ${formatUnits(amount, 6)} is above the limit`);
  // Tempo refuses a transaction whose validity ends within 3 s, and the transfer's validity is the
  // challenge's: one that ends this soon is not paid (its checkout lapses; ask again after it).
  if (challenge.expires && Date.parse(challenge.expires) - Date.now() < CHALLENGE_MIN_LEFT_MS)
    throw new ChallengeTooLate();

  const account = privateKeyToAccount(opts.privateKey);
  const chain = { ...tempoLocalnet, id: chainId, rpcUrls: { default: { http: [opts.rpcUrl] } } };
  const client = createClient({ chain, pollingInterval: 100, transport: http(opts.rpcUrl) });
  const method = tempo.charge({ account, mode: 'push', getClient: () => client });
  const credential = await method.createCredential({
    challenge: challenge as Parameters<typeof method.createCredential>[0]['challenge'],
    context: {},
  });
  const { payload } = Credential.deserialize(credential) as { payload: { hash: Hex } };
  return { txHash: payload.hash, payer: account.address, credential };
}

/**
 * Re-sends the request with the credential. A lost answer or a busy server is retried with the SAME
 * credential: one payment, never a second one.
 */
export async function submitPaid(
  base: string,
  apiKey: string,
  body: RegisterBody,
  credential: string,
  attempts = 10,
): Promise<HttpResult> {
  for (let attempt = 1; ; attempt++) {
    let res: HttpResult | undefined;
    try {
      res = await register(base, apiKey, body, credential);
    } catch (err) {
      if (attempt >= attempts) throw err;
    }
    if (res && res.status < 500 && res.status !== 429 && res.status !== 202) return res;
    if (attempt >= attempts) return res as HttpResult;
    await new Promise((r) => setTimeout(r, 1_000));
  }
}

/** A renewal request (spec 4.4): no key needed, the payment is the identity. */
export function renew(base: string, body: { domain: string; years: number }, credential?: string) {
  return kept(
    createRegistryClient(base).POST('/api/v1/renew', {
      body: { ...body, payment_method: 'mpp' },
      ...(credential ? { headers: { authorization: credential } } : {}),
    }),
  );
}

/** Renews a name: 402 → pay once → re-send with the credential (the same one on every retry). */
export async function payAndRenew(opts: {
  base: string;
  rpcUrl: string;
  privateKey: Hex;
  name: string;
  years?: number;
}) {
  const body = { domain: opts.name, years: opts.years ?? 1 };
  const { required, challenge } = readChallenge(await renew(opts.base, body));
  const payment = await payChallenge({ rpcUrl: opts.rpcUrl, privateKey: opts.privateKey, challenge, required });
  let renewed = await renew(opts.base, body, payment.credential);
  for (let attempt = 1; attempt < 10 && (renewed.status >= 500 || renewed.status === 429); attempt++) {
    await new Promise((r) => setTimeout(r, 1_000));
    renewed = await renew(opts.base, body, payment.credential);
  }
  return { required, challenge, payment, renewed, lookup: await lookup(opts.base, opts.name) };
}

export function lookup(base: string, fullName: string) {
  return kept(
    createRegistryClient(base).GET('/api/v1/lookup/{domain_name}', { params: { path: { domain_name: fullName } } }),
  );
}

/** The whole flow; every step's result is returned so a test can assert on it. */
export async function payAndRegister(opts: {
  base: string;
  rpcUrl: string;
  privateKey: Hex;
  name: string;
  years?: number;
}) {
  const apiKey = await provisionKey(opts.base);
  const body = registerBody(opts.name, opts.years);
  const { required, challenge } = readChallenge(await register(opts.base, apiKey, body));
  const payment = await payChallenge({ rpcUrl: opts.rpcUrl, privateKey: opts.privateKey, challenge, required });
  const registered = await submitPaid(opts.base, apiKey, body, payment.credential);
  const found = await lookup(opts.base, opts.name);
  return { apiKey, required, challenge, payment, registered, lookup: found };
}

async function main() {
  const { values } = parseArgs({
    options: {
      base: { type: 'string' },
      rpc: { type: 'string' },
      key: { type: 'string' },
      name: { type: 'string' },
      years: { type: 'string' },
      renew: { type: 'boolean' },
    },
  });
  if (!values.base || !values.rpc || !values.key || !values.name) {
    console.error(
      'usage: pay-and-register.ts --base <api> --rpc <rpc url> --key <0x private key> --name <label.namespace> [--years n] [--renew]',
    );
    process.exit(2);
  }
  if (values.renew) {
    const r = await payAndRenew({
      base: values.base,
      rpcUrl: values.rpc,
      privateKey: values.key as Hex,
      name: values.name,
      years: Number(values.years ?? 1),
    });
    console.log(`402: pay ${r.required.amount} ${r.required.currency} (session ${r.required.session_id})`);
    console.log(`paid: ${r.payment.txHash} from ${r.payment.payer}`);
    console.log(`renew: ${r.renewed.status}`, JSON.stringify(r.renewed.body, null, 2));
    if (r.renewed.status !== 200) process.exit(1);
    return;
  }
  const r = await payAndRegister({
    base: values.base,
    rpcUrl: values.rpc,
    privateKey: values.key as Hex,
    name: values.name,
    years: Number(values.years ?? 1),
  });
  console.log(`402: pay ${r.required.amount} ${r.required.currency} (session ${r.required.session_id})`);
  console.log(`paid: ${r.payment.txHash} from ${r.payment.payer}`);
  console.log(`register: ${r.registered.status}`, JSON.stringify(r.registered.body, null, 2));
  console.log(`lookup: ${r.lookup.status}`, JSON.stringify(r.lookup.body, null, 2));
  if (r.registered.status !== 200) process.exit(1);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
