import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { writeFileSync } from 'node:fs';
import { decodePaymentResponseHeader, wrapFetchWithPayment, x402Client } from '@x402/fetch';
import type { PaymentPayload } from '@x402/core/types';
import { registerExactEvmScheme } from '@x402/evm/exact/client';
import { extractDiscoveryInfo, validateDiscoveryExtension, type DiscoveryExtension } from '@x402/extensions/bazaar';
import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { provisionKey, registerStatus } from '../../examples/pay-usdc-and-register.ts';
import { Domain, DomainOrder } from '../../src/db/entities/index.ts';
import { randomLabel } from '../helpers/fixtures.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';
import { startUsdcRoute, usdcBalance, usdcTransfersToUs, type UsdcRoute } from '../helpers/usdc-route.ts';

const PRICE = 15_000_000n; // .agent: 1,500 gems at 0.01 USD
const decode = (header: string | null): unknown =>
  header ? JSON.parse(Buffer.from(header, 'base64').toString('utf8')) : null;

interface Exchange {
  request: { method: string; url: string; headers: Record<string, unknown>; body: unknown };
  response: { status: number; headers: Record<string, unknown>; body: unknown };
}

// The USDC route paid by a stock x402 client (docs/payments.md "A stock x402 client"): @x402/fetch's
// wrapFetchWithPayment with @x402/evm's exact scheme and a viem account, nothing of ours on the client
// side. The only thing it is told is its own spend policy: the local chain's USDC is not at Base's
// address, so it is allowed (with a cap) through the client's documented `spendControls.allowedAssets`.
describe('a stock x402 client on the USDC route', () => {
  let route: UsdcRoute;
  let s: RegistryStack;

  beforeAll(async () => {
    route = await startUsdcRoute();
    s = await startRegistryStack({ ...route.registryEnv, CHECKOUT_TTL_SECONDS: '60' });
  });
  afterAll(async () => {
    await s?.stop();
    await route?.stop();
  });

  const balanceOf = (who: Hex) => usdcBalance(route, who);
  const transfersToUs = async () => (await usdcTransfersToUs(route)).length;
  const counts = async (name: string) => {
    const em = s.t.db.orm.em.fork();
    return { domains: await em.count(Domain, { name }), orders: await em.count(DomainOrder, { domainName: name }) };
  };

  /** The register request, as any client would send it on the USDC route. */
  const registerRequest = (apiKey: string, fullName: string, extra: Record<string, string> = {}): RequestInit => {
    const [domain, namespace] = fullName.split('.');
    return {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-api-key': apiKey,
        'x-payment-method': 'mpp',
        'x-mpp-network': 'base-mainnet',
        ...extra,
      },
      body: JSON.stringify({
        domain,
        namespace,
        years: 1,
        agreed_to_terms: true,
        payment_method: 'mpp',
        mpp_network: 'base-mainnet',
      }),
    };
  };
  const registerUrl = () => `${s.baseUrl}/api/v1/domains/register`;

  /** fetch, recording each request and answer with the x402 headers decoded (the transcript). */
  const recording = (log: Exchange[]): typeof fetch =>
    (async (input: string | URL | Request, init?: RequestInit) => {
      const req = new Request(input, init);
      const body: unknown = await req
        .clone()
        .text()
        .then((t) => (t ? JSON.parse(t) : null));
      const res = await fetch(req);
      const text = await res.clone().text();
      log.push({
        request: {
          method: req.method,
          url: req.url,
          headers: {
            'x-api-key': req.headers.get('x-api-key') ? '<key>' : undefined,
            'x-mpp-network': req.headers.get('x-mpp-network') ?? undefined,
            'payment-signature': decode(req.headers.get('payment-signature')) ?? undefined,
          },
          body,
        },
        response: {
          status: res.status,
          headers: {
            'payment-required': decode(res.headers.get('payment-required')) ?? undefined,
            'payment-response': decode(res.headers.get('payment-response')) ?? undefined,
          },
          body: text ? JSON.parse(text) : null,
        },
      });
      return res;
    }) as typeof fetch;

  /** The stock client: a viem account, the exact EVM scheme, and its spend policy for the local USDC. */
  const stockClient = (key: Hex, log: Exchange[]) => {
    const client = new x402Client().setSpendControls({
      allowedAssets: [{ network: 'eip155:8453', asset: route.usdc, maxAmountPerPayment: '20000000' }],
    });
    registerExactEvmScheme(client, { signer: privateKeyToAccount(key) });
    return wrapFetchWithPayment(recording(log), client);
  };

  it('registers a name in one call: 402 with PAYMENT-REQUIRED, a PAYMENT-SIGNATURE retry, 200 with PAYMENT-RESPONSE', async () => {
    const name = `${randomLabel('x402')}.agent`;
    const apiKey = await provisionKey(s.baseUrl);
    const key = s.payerKeys[1] as Hex;
    const payer = privateKeyToAccount(key).address;
    const before = { received: await balanceOf(route.payTo), transfers: await transfersToUs() };
    const log: Exchange[] = [];

    const res = await stockClient(key, log)(registerUrl(), registerRequest(apiKey, name));

    expect(res.status).toBe(200);
    const body = (await res.json()) as { domain: { name: string; status: string }; session_id: string };
    expect(body.domain).toMatchObject({ name, status: 'active' });
    const settled = decodePaymentResponseHeader(res.headers.get('payment-response') ?? '');
    const order = await s.t.db.orm.em.fork().findOneOrFail(DomainOrder, { domainName: name });
    expect(settled).toEqual({ success: true, transaction: order.paymentReference, network: 'eip155:8453', payer });
    expect(order).toMatchObject({ currency: 'USDC', amountMinor: PRICE });
    expect((await balanceOf(route.payTo)) - before.received).toBe(PRICE);
    expect(await transfersToUs()).toBe(before.transfers + 1);
    expect(await counts(name)).toEqual({ domains: 1, orders: 1 });
    const status = await registerStatus(s.baseUrl, apiKey, body.session_id);
    expect(status.body).toMatchObject({ order_status: 'paid', settlement: { status: 'confirmed' } });

    // The client's two requests: the 402 it read, and the retry it signed (validAfter 0, the stock signer's).
    expect(log.map((x) => x.response.status)).toEqual([402, 200]);
    const [challenge, paid] = log as [Exchange, Exchange];
    const required = challenge.response.headers['payment-required'] as { extensions: { bazaar: DiscoveryExtension } };
    const flat = (challenge.response.body as { payment_challenges: unknown }).payment_challenges;
    expect(required).toEqual({
      x402Version: 2,
      resource: {
        url: registerUrl(),
        description: `Register ${name} for 1 year(s)`,
        mimeType: 'application/json',
        serviceName: 'Agent domain registry',
        tags: ['domains', 'agents', 'identity', 'registry'],
      },
      accepts: [flat],
      extensions: { bazaar: expect.objectContaining({ info: expect.anything(), schema: expect.anything() }) },
    });
    expect(flat).toMatchObject({ scheme: 'exact', network: 'eip155:8453', asset: route.usdc, amount: '15000000' });
    // The Bazaar discovery extension (x402 specs/extensions/bazaar.md), valid by @x402/extensions' own
    // validator, describing this very request: POST, the JSON body fields the route takes, its 200.
    const { bazaar } = required.extensions;
    expect(validateDiscoveryExtension(bazaar)).toEqual({ valid: true });
    expect(bazaar.info).toMatchObject({
      input: { type: 'http', method: 'POST', bodyType: 'json', body: { mpp_network: 'base-mainnet', years: 1 } },
      output: { type: 'json', example: { status: 'success', domain: { status: 'active' } } },
    });
    const signature = paid.request.headers['payment-signature'] as PaymentPayload;
    expect(signature).toMatchObject({
      x402Version: 2,
      accepted: flat,
      payload: { authorization: { validAfter: '0' } },
      extensions: required.extensions,
    });
    // A facilitator catalogs the operation from the payment the stock client signed, as the package does.
    expect(extractDiscoveryInfo(signature, signature.accepted)).toMatchObject({
      resourceUrl: registerUrl(),
      method: 'POST',
      serviceName: 'Agent domain registry',
      discoveryInfo: bazaar.info,
    });
    if (process.env.X402_TRANSCRIPT) writeFileSync(process.env.X402_TRANSCRIPT, JSON.stringify(log, null, 2));
  });

  it('a client whose own policy refused to sign simply tries again: a fresh challenge, one payment (issue 51)', async () => {
    const name = `${randomLabel('x402')}.agent`;
    const apiKey = await provisionKey(s.baseUrl);
    const key = s.payerKeys[1] as Hex;
    const before = { received: await balanceOf(route.payTo), transfers: await transfersToUs() };
    // The stock client's default policy ($1 a payment, Base's own USDC only) refuses to sign our 402.
    const cautious = new x402Client();
    registerExactEvmScheme(cautious, { signer: privateKeyToAccount(key) });
    const refusedLog: Exchange[] = [];
    const refused = await wrapFetchWithPayment(recording(refusedLog), cautious)(
      registerUrl(),
      registerRequest(apiKey, name),
    ).then(
      (res) => res.status,
      (err: Error) => err.message,
    );
    expect(refused).not.toBe(200);
    expect(refusedLog.map((x) => x.response.status)).toEqual([402]); // nothing signed reached us
    const first = (refusedLog[0] as Exchange).response.body as { session_id: string };

    // Its holder raises the limit and asks again: not "a payment may be in flight", but a fresh 402, paid once.
    const log: Exchange[] = [];
    const res = await stockClient(key, log)(registerUrl(), registerRequest(apiKey, name));
    expect(res.status).toBe(200);
    expect(log.map((x) => x.response.status)).toEqual([402, 200]);
    expect(((log[0] as Exchange).response.body as { session_id: string }).session_id).not.toBe(first.session_id);
    expect(await counts(name)).toEqual({ domains: 1, orders: 1 });
    expect((await balanceOf(route.payTo)) - before.received).toBe(PRICE);
    expect(await transfersToUs()).toBe(before.transfers + 1);
    // The first checkout ended unpaid at the relay: nothing can land on it any more.
    expect((await registerStatus(s.baseUrl, apiKey, first.session_id)).body).toMatchObject({
      order_status: expect.stringMatching(/^(expired_unpaid|cancelled)$/) as unknown,
      settlement: { status: 'expired_unpaid' },
    });
  });

  it('the same PAYMENT-SIGNATURE again: the same request gets its registration, no second charge; another name is refused', async () => {
    const name = `${randomLabel('x402')}.agent`;
    const other = `${randomLabel('x402')}.agent`;
    const apiKey = await provisionKey(s.baseUrl);
    const key = s.payerKeys[1] as Hex;
    const log: Exchange[] = [];
    expect((await stockClient(key, log)(registerUrl(), registerRequest(apiKey, name))).status).toBe(200);
    const sent = (log[1] as Exchange).request.headers['payment-signature'];
    const header = Buffer.from(JSON.stringify(sent)).toString('base64');
    const transfers = await transfersToUs();
    const received = await balanceOf(route.payTo);
    const replays: Exchange[] = [];
    const send = recording(replays);

    // The answer was lost; the client sends the very same retry: the same registration, nothing charged.
    const again = await send(registerUrl(), registerRequest(apiKey, name, { 'payment-signature': header }));
    expect(again.status).toBe(200);
    expect(decodePaymentResponseHeader(again.headers.get('payment-response') ?? '')).toMatchObject({
      success: true,
      transaction: (await s.t.db.orm.em.fork().findOneOrFail(DomainOrder, { domainName: name })).paymentReference,
    });
    expect(await counts(name)).toEqual({ domains: 1, orders: 1 });

    // For another name with no checkout: refused, and nothing is opened.
    const elsewhere = await send(registerUrl(), registerRequest(apiKey, other, { 'payment-signature': header }));
    expect(elsewhere.status).toBe(409);
    expect(await elsewhere.json()).toMatchObject({ code: 'no_checkout' });
    // For another name whose checkout is open (its 402 in hand): the relay refuses the spent authorization,
    // and that checkout stays unpaid.
    const opened = await send(registerUrl(), registerRequest(apiKey, other));
    expect(opened.status).toBe(402);
    const sessionId = ((await opened.json()) as { session_id: string }).session_id;
    const replayed = await send(registerUrl(), registerRequest(apiKey, other, { 'payment-signature': header }));
    expect([402, 409]).toContain(replayed.status);
    expect(await replayed.json()).toMatchObject({
      code: expect.stringMatching(/^(authorization_refused|authorization_bound_elsewhere)$/) as unknown,
    });
    // Every 402 on the rail carries the Bazaar extension: the challenge's, and a refusal's PAYMENT-REQUIRED.
    const challenged = decode(opened.headers.get('payment-required')) as { extensions?: { bazaar?: unknown } };
    expect(validateDiscoveryExtension(challenged.extensions?.bazaar as DiscoveryExtension)).toEqual({ valid: true });
    if (replayed.status === 402)
      expect(decode(replayed.headers.get('payment-required'))).toMatchObject({ extensions: challenged.extensions });
    expect((await registerStatus(s.baseUrl, apiKey, sessionId)).body).toMatchObject({ order_status: 'pending' });
    expect(await counts(other)).toEqual({ domains: 0, orders: 0 });
    expect(await transfersToUs()).toBe(transfers);
    expect(await balanceOf(route.payTo)).toBe(received);
    if (process.env.X402_TRANSCRIPT)
      writeFileSync(`${process.env.X402_TRANSCRIPT}.replays.json`, JSON.stringify(replays, null, 2));
  });
});
