import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AddressInfo } from 'node:net';
import { buildTestApp, holdSlot, type TestApp } from '../helpers/app.ts';

// Graceful overload (docs/performance.md "Overload"): past MAX_IN_FLIGHT, new requests are refused at
// once with 503 `overloaded` and Retry-After — never a 5xx of another kind, never a hang — and the
// probes still answer. A request whose body is still arriving holds its slot, so the bound is exact.
describe('overload', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await buildTestApp({ MAX_IN_FLIGHT: '1' });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it('refuses what exceeds the bound with 503 and Retry-After, and serves again once the slot is free', async () => {
    // A quote whose body is only half sent: it is in flight until the rest arrives.
    const held = await holdSlot(base);

    const refused = await fetch(`${base}/api/v1/lookup/nobody.agent`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toMatchObject({ status: 'error', code: 'overloaded' });
    expect((await fetch(`${base}/healthz`)).status).toBe(200);

    expect(await held.finish()).toMatch(/^HTTP\/1.1 200/);
    expect((await fetch(`${base}/api/v1/lookup/nobody.agent`)).status).toBe(404);
    held.release();
  });
});
