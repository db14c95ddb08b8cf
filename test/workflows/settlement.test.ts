import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { ApplicationFailure } from '@temporalio/activity';
import { WorkflowFailedError } from '@temporalio/client';
import type { CheckoutActivities } from '../../activities/checkout.ts';
import type { RegistrationActivities } from '../../activities/registration.ts';
import type { SettlementActivities } from '../../activities/settlement.ts';
import { registrationStatusQuery, registrationWorkflowId } from '../../workflows/registration-messages.ts';
import {
  SETTLEMENT_UNVERIFIED,
  settlementWorkflowId,
  type RelaySessionState,
  type SettlementInput,
} from '../../workflows/settlement-messages.ts';
import { input, result } from '../helpers/registration-input.ts';
import { useTemporal } from '../helpers/temporal.ts';

type Activities = RegistrationActivities & CheckoutActivities & SettlementActivities;

// The settlement-polling workflow driving a real registration run over fake activities, on the suite's
// dev server in real time (polls 50 ms apart; a lost answer is retried after Temporal's 1 s backoff):
// the relay's answers are scripted, lost answers included.
describe('settlementWorkflow (dev server, fake activities)', () => {
  const env = useTemporal('dev-server');

  function setup(script: (RelaySessionState | 'lost')[], verify: 'ok' | 'mismatch' = 'ok') {
    const reg = input({
      currency: 'USDC',
      expiresAtMs: Date.now() + 60_000,
      chain: null,
      relay: { relaySessionId: randomUUID(), network: 'eip155:8453', asset: '0xusdc', payTo: '0xpayto' },
    });
    const { name } = reg;
    const settlement: SettlementInput = {
      sessionId: reg.sessionId,
      name,
      relaySessionId: reg.relay?.relaySessionId as string,
      amountMinor: reg.amountMinor,
      checkoutWorkflowId: registrationWorkflowId(name),
      pollMs: 50,
    };
    const calls = { reads: 0, verified: [] as string[], activated: [] as unknown[] };
    const activities: Activities = {
      async readRelaySession() {
        const next = script[Math.min(calls.reads, script.length - 1)];
        calls.reads += 1;
        if (next === 'lost') throw new Error('socket hang up');
        return next as RelaySessionState;
      },
      async verifyUsdcSettlement({ txHash }) {
        calls.verified.push(txHash);
        if (verify === 'mismatch') throw ApplicationFailure.nonRetryable('chain disagrees', SETTLEMENT_UNVERIFIED);
        return { payer: '0xpayer' };
      },
      async activateDomain({ input, payment }) {
        calls.activated.push(payment);
        return result(input.name);
      },
      async verifyMppPayment() {
        throw new Error('not used');
      },
      async findMppPayment() {
        return null;
      },
      async closeCheckout() {},
      async creditRefusedPayment({ input }) {
        return { accountId: 'actor-1', gems: input.priceGems };
      },
    };
    return { reg, settlement, calls, activities };
  }
  const state = (status: RelaySessionState['status'], txHash: string | null = null): RelaySessionState => ({
    status,
    txHash,
    payer: txHash ? '0xpayer' : null,
  });

  const run = (s: ReturnType<typeof setup>) =>
    env.withWorker(s.activities, async (taskQueue) => {
      const registration = await env.client.workflow.start('registrationWorkflow', {
        taskQueue,
        workflowId: registrationWorkflowId(s.reg.name),
        args: [s.reg],
      });
      const settlement = await env.client.workflow.start('settlementWorkflow', {
        taskQueue,
        workflowId: settlementWorkflowId(s.reg.sessionId),
        args: [s.settlement],
      });
      const settled = await settlement.result().catch((e: unknown) => e);
      const stage = (await registration.query(registrationStatusQuery)).stage;
      return { registration, settlement, settled, stage };
    });

  it('polls through the relay states and lost answers, checks the chain, and completes the registration', async () => {
    // (real time: two lost answers cost about 3 s of backoff)
    const s = setup([
      state('awaiting_payment'),
      'lost',
      state('prepared'),
      state('broadcast', '0xsettled'),
      'lost',
      state('confirmed', '0xsettled'),
    ]);
    const r = await run(s);
    expect(r.settled).toEqual({ outcome: 'settled', txHash: '0xsettled', payer: '0xpayer' });
    expect(await r.registration.result()).toMatchObject({ outcome: 'registered' });
    expect(s.calls.verified).toEqual(['0xsettled']);
    expect(s.calls.activated).toEqual([{ kind: 'usdc', txHash: '0xsettled', payer: '0xpayer' }]);
    expect((await r.settlement.describe()).searchAttributes.RegistryStage).toEqual(['settled']);
  });

  it('releases the lock only when the relay reports expired_unpaid', async () => {
    const s = setup([state('awaiting_payment'), state('awaiting_payment'), state('expired_unpaid')]);
    const r = await run(s);
    expect(r.settled).toEqual({ outcome: 'expired_unpaid' });
    expect(await r.registration.result()).toEqual({ outcome: 'expired_unpaid' });
    expect(s.calls.activated).toEqual([]);
  });

  it('a confirmation the chain does not bear out fails the run for an operator and activates nothing', async () => {
    const s = setup([state('confirmed', '0xbogus')], 'mismatch');
    const r = await run(s);
    expect(r.settled).toBeInstanceOf(WorkflowFailedError);
    expect(r.stage).toBe('awaiting_payment'); // the lock holds: what happened to the money is for a person
    expect(s.calls.activated).toEqual([]);
    await r.registration.terminate('test cleanup').catch(() => undefined);
  });
});
