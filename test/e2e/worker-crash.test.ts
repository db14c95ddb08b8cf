import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Hex } from 'viem';
import { payChallenge, provisionKey, readChallenge, register, registerBody } from '../../examples/pay-and-register.ts';
import { Domain, DomainOrder, OutboxEvent, PaymentReceipt } from '../../src/db/entities/index.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';
import { randomLabel } from '../helpers/fixtures.ts';

// A worker killed with SIGKILL between payment verification and activation (and, worse, right after
// activation committed) is replaced by a fresh one: the registration completes with exactly one
// domain, one order, one stored receipt and one event. Temporal retries the lost activity after its
// start-to-close timeout (30 s), so each case takes about half a minute.
describe('worker crash during registration', () => {
  let s: RegistryStack;
  beforeAll(async () => {
    s = await startRegistryStack({}, { worker: false });
  });
  afterAll(() => s?.stop());

  it.each(['before', 'after-commit'] as const)(
    'killed %s activation: exactly one domain and one order',
    async (mode) => {
      const { died } = await s.spawnCrashingWorker({ mode });

      const name = `${randomLabel('crash')}.agent`;
      const key = await provisionKey(s.baseUrl);
      const { challenge, required } = readChallenge(await register(s.baseUrl, key, registerBody(name)));
      const paid = await payChallenge({
        rpcUrl: s.anvil.rpcUrl,
        privateKey: s.payerKeys[0] as Hex,
        challenge,
        required,
      });
      // The client keeps waiting on its paid retry while the worker dies under it.
      const answer = register(s.baseUrl, key, registerBody(name), paid.credential);
      expect(await died).toBe('SIGKILL');

      const worker = await s.startWorker();
      try {
        const res = await answer;
        expect(res.status).toBe(200);
        const em = s.t.db.em();
        expect(await em.count(Domain, { name })).toBe(1);
        expect(await em.count(DomainOrder, { domainName: name })).toBe(1);
        expect(await em.count(PaymentReceipt, { txHash: paid.txHash.toLowerCase() })).toBe(1);
        expect(
          (await em.find(OutboxEvent, { eventType: 'domain.registered' })).filter((e) => e.payload.domain === name),
        ).toHaveLength(1);
      } finally {
        await worker.stop();
      }
    },
  );

  // Found by the chaos test (docs/reliability.md "Chaos"): while no worker runs, a run cannot answer its
  // query; the API then reads the run's input and stage from the server instead of failing with a 500.
  it('answers the holder again while no worker is running: the same challenge, not a 500', async () => {
    const name = `${randomLabel('noworker')}.agent`;
    const key = await provisionKey(s.baseUrl);
    const first = readChallenge(await register(s.baseUrl, key, registerBody(name)));
    const again = await register(s.baseUrl, key, registerBody(name));
    expect(again.status).toBe(402);
    expect((again.body as { session_id: string }).session_id).toBe(first.required.session_id);
  });
});
