import { describe, expect, it } from '@jest/globals';
import type { PaymentPayload, PaymentRequired, PaymentRequirements } from '@x402/core/types';
import { registerExactEvmScheme } from '@x402/evm/exact/client';
import {
  extractDiscoveryInfo,
  sanitizeResourceServiceMetadata,
  validateDiscoveryExtension,
  validateDiscoveryExtensionSpec,
  type DiscoveryExtension,
} from '@x402/extensions/bazaar';
import { x402Client } from '@x402/fetch';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { z } from 'zod';
import { registerBody, registeredResponse, registerHeaders } from '../../src/api/routes/domains/register.schemas.ts';
import { parsePaymentSignature, paymentRequiredHeader } from '../../src/payments/x402.ts';
import { x402Operations } from '../../src/payments/x402-bazaar.ts';

const USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const url = 'https://registry.test/api/v1/domains/register';
const accepted: PaymentRequirements = {
  scheme: 'exact',
  network: 'eip155:8453',
  asset: USDC,
  amount: '15000000',
  payTo: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  maxTimeoutSeconds: 300,
  extra: { assetTransferMethod: 'eip3009', name: 'USD Coin', version: '2' },
};
const resource = { url, description: 'Register scout.agent for 1 year(s)', mimeType: 'application/json' };
const decode = (header: string) => JSON.parse(Buffer.from(header, 'base64').toString('utf8')) as PaymentRequired;
type Schema = { type?: string; properties: Record<string, Record<string, unknown>>; required: string[] };

// x402's Bazaar discovery extension on the USDC route's 402 (docs/discovery.md "The registry itself"),
// checked with @x402/extensions' own validators, and read back the way a facilitator reads it: from the
// payment a stock x402 client signs over that 402.
describe('the x402 Bazaar extension of the register 402', () => {
  it('rides on every PAYMENT-REQUIRED, a refusal’s too, and validates with the package’s own validators', () => {
    for (const header of [
      paymentRequiredHeader({ resource, accepts: [accepted] }),
      paymentRequiredHeader({ resource, accepts: [accepted], error: 'validity_window_too_long' }),
    ]) {
      const required = decode(header);
      const bazaar = required.extensions?.bazaar as DiscoveryExtension;
      expect(validateDiscoveryExtension(bazaar)).toEqual({ valid: true });
      expect(validateDiscoveryExtensionSpec(bazaar as unknown as Record<string, unknown>)).toEqual({ valid: true });
      expect(bazaar.info.input).toMatchObject({ type: 'http', method: 'POST', bodyType: 'json' });
      expect(bazaar.info.output).toMatchObject({ type: 'json' });
      // The service metadata survives the spec's soft-drop rules whole.
      expect(sanitizeResourceServiceMetadata(required.resource)).toEqual({
        serviceName: required.resource.serviceName,
        tags: required.resource.tags,
      });
      expect(required.resource).toMatchObject(resource);
    }
  });

  it('describes the route as its own schemas do: the body fields and the 200', () => {
    const { bazaar, bodySchema } = x402Operations.register;
    const route = z.toJSONSchema(registerBody, { io: 'input' }) as unknown as Schema;
    const ours = bodySchema as unknown as Schema;
    // Each field is the route's own JSON Schema; an enum may only be narrowed to the rail's values.
    for (const [field, schema] of Object.entries(ours.properties)) {
      const { enum: narrowed, ...rest } = schema;
      const { enum: full, ...routeRest } = route.properties[field] ?? {};
      expect({ field, ...rest }).toEqual({ field, ...routeRest });
      if (narrowed) expect(full).toEqual(expect.arrayContaining(narrowed as unknown[]));
    }
    expect(ours.required).toEqual(expect.arrayContaining(route.required));
    // The example body is one the route takes on the USDC route; the example answer is its 200.
    expect(registerBody.parse(bazaar.info.input.body)).toMatchObject({ mpp_network: 'base-mainnet' });
    expect(Object.keys(bazaar.info.input.headers ?? {})).toEqual(['X-API-Key']);
    expect(() => registeredResponse.parse(bazaar.info.output?.example)).not.toThrow();
  });

  it('is echoed by a stock client within the route’s PAYMENT-SIGNATURE limit, and a facilitator catalogs it', async () => {
    const client = new x402Client().setSpendControls({
      allowedAssets: [{ network: 'eip155:8453', asset: USDC, maxAmountPerPayment: '20000000' }],
    });
    registerExactEvmScheme(client, { signer: privateKeyToAccount(generatePrivateKey()) });
    const required = decode(paymentRequiredHeader({ resource, accepts: [accepted] }));
    const payload: PaymentPayload = await client.createPaymentPayload(required);
    const signature = Buffer.from(JSON.stringify(payload)).toString('base64');

    expect(registerHeaders.shape['payment-signature'].safeParse(signature).success).toBe(true);
    expect(parsePaymentSignature(signature).extensions).toEqual(required.extensions);
    expect(extractDiscoveryInfo(payload, payload.accepted)).toMatchObject({
      resourceUrl: url,
      method: 'POST',
      x402Version: 2,
      serviceName: 'Agent domain registry',
      discoveryInfo: { input: { type: 'http', method: 'POST', body: { mpp_network: 'base-mainnet' } } },
    });
  });

  it('refuses to answer for an operation that declares nothing', () => {
    expect(() =>
      paymentRequiredHeader({ resource: { url: 'https://registry.test/api/v1/renew' }, accepts: [accepted] }),
    ).toThrow(/no Bazaar declaration/);
  });
});
