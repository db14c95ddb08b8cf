import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { ApplicationFailure } from '@temporalio/activity';
import { WorkflowFailedError, WorkflowUpdateFailedError } from '@temporalio/client';
import type { CheckoutActivities } from '../../activities/checkout.ts';
import type { RegistrationActivities } from '../../activities/registration.ts';
import type { SettlementActivities } from '../../activities/settlement.ts';
import {
  registrationStatusQuery,
  registrationWorkflowId,
  resetLockUpdate,
} from '../../workflows/registration-messages.ts';
import {
  lookNowUpdate,
  relaySessionChangedSignal,
  SETTLEMENT_UNVERIFIED,
  settlementWorkflowId,
  type RelaySessionState,
} from '../../workflows/settlement-messages.ts';
import { input, result } from '../helpers/registration-input.ts';
import { eventually } from '../helpers/hosted-checkout.ts';
import { useTemporal } from '../helpers/temporal.ts';

type Activities = RegistrationActivities & CheckoutActivities & SettlementActivities;

// The settlement-polling workflow driving a real registration run over fake activities, on the suite's
// dev server in real time (polls 50 ms apart; a lost answer is retried after Temporal's 1 s backoff):
// the relay's answers are scripted, lost answers included.
describe('settlementWorkflow (dev server, fake activities)', () => {
  const env = useTemporal('dev-server');

  const state = (status: RelaySessionState['status'], txHash: string | null = null): RelaySessionState => ({
    status,
    txHash,
    payer: txHash ? '0xpayer' : null,
  });

  interface Options {
    verify?: 'ok' | 'mismatch';
    pollMs?: number;
    /** When the challenge expired (default: a minute ahead). */
    expiresAtMs?: number;
    /** The effect refuses with this business code. */
    refuse?: string;
  }
  function setup(script: (RelaySessionState | 'lost')[], o: Options = {}) {
    const verify = o.verify ?? 'ok';
    const reg = input({
      currency: 'USDC',
      expiresAtMs: o.expiresAtMs ?? Date.now() + 60_000,
      chain: null,
      relay: {
        relaySessionId: randomUUID(),
        network: 'eip155:8453',
        asset: '0xusdc',
        payTo: '0xpayto',
        pollMs: o.pollMs ?? 50,
      },
    });
    // While held, the relay keeps answering awaiting_payment and the script does not advance.
    const calls = {
      reads: 0,
      held: false,
      verified: [] as string[],
      activated: [] as unknown[],
      credited: [] as string[],
    };
    const activities: Activities = {
      async readRelaySession() {
        if (calls.held) return state('awaiting_payment');
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
        if (o.refuse) throw ApplicationFailure.nonRetryable(`${input.name}: ${o.refuse}`, o.refuse);
        return result(input.name);
      },
      async verifyMppPayment() {
        throw new Error('not used');
      },
      async findMppPayment() {
        return null;
      },
      async closeApproval() {
        return 'approved' as const;
      },
      async closeCheckout() {},
      async creditRefusedPayment({ input, reason }) {
        calls.credited.push(reason);
        return { accountId: 'actor-1', gems: input.priceGems };
      },
    };
    return { reg, calls, activities };
  }

  /** The registration run of the setup's checkout, on the worker's task queue (it starts its settlement run). */
  const startRegistration = (s: ReturnType<typeof setup>, taskQueue: string) =>
    env.client.workflow.start('registrationWorkflow', {
      taskQueue,
      workflowId: registrationWorkflowId(s.reg.name),
      args: [s.reg],
    });
  const run = (s: ReturnType<typeof setup>) =>
    env.withWorker(s.activities, async (taskQueue) => {
      const registration = await startRegistration(s, taskQueue);
      // The registration run starts its settlement run as a child, under a readable id.
      const settlement = env.client.workflow.getHandle(settlementWorkflowId(s.reg.sessionId));
      await eventually(() =>
        settlement.describe().then(
          () => true,
          () => false,
        ),
      );
      const settled = await settlement.result().catch((e: unknown) => e);
      // The registration finishes on this worker (unless the settlement failed: then it holds the lock).
      const outcome = settled instanceof Error ? null : await registration.result();
      const stage = (await registration.describe()).searchAttributes.RegistryStage?.[0];
      return { registration, settlement, settled, outcome, stage };
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
    expect(r.outcome).toMatchObject({ outcome: 'registered' });
    expect(s.calls.verified).toEqual(['0xsettled']);
    expect(s.calls.activated).toEqual([{ kind: 'usdc', txHash: '0xsettled', payer: '0xpayer' }]);
    expect((await r.settlement.describe()).searchAttributes.RegistryStage).toEqual(['settled']);
  });

  it('releases the lock only when the relay reports expired_unpaid', async () => {
    const s = setup([state('awaiting_payment'), state('awaiting_payment'), state('expired_unpaid')]);
    const r = await run(s);
    expect(r.settled).toEqual({ outcome: 'expired_unpaid' });
    expect(r.outcome).toEqual({ outcome: 'expired_unpaid' });
    expect(s.calls.activated).toEqual([]);
  });

  it('a confirmation the chain does not bear out fails the run for an operator and activates nothing', async () => {
    const s = setup([state('confirmed', '0xbogus')], { verify: 'mismatch' });
    const r = await run(s);
    expect(r.settled).toBeInstanceOf(WorkflowFailedError);
    expect(r.stage).toBe('awaiting_payment'); // the lock holds: what happened to the money is for a person
    expect(s.calls.activated).toEqual([]);
    await r.registration.terminate('test cleanup').catch(() => undefined);
  });

  it("outlives its challenge: no local clock ends it, a reset is refused, and the relay's confirmation still activates", async () => {
    const s = setup([state('confirmed', '0xsettled')], { expiresAtMs: Date.now() - 3_600_000 });
    s.calls.held = true;
    const end = await env.withWorker(s.activities, async (taskQueue) => {
      const registration = await startRegistration(s, taskQueue);
      await sleep(500); // several polls, an hour past the challenge's end
      expect((await registration.query(registrationStatusQuery)).stage).toBe('awaiting_payment');
      const reset = registration.executeUpdate(resetLockUpdate, {
        args: [{ actorAccountId: 'actor-1', operator: true }],
      });
      await expect(reset).rejects.toBeInstanceOf(WorkflowUpdateFailedError);
      await reset.catch((e: WorkflowUpdateFailedError) =>
        expect((e.cause as ApplicationFailure).type).toBe('lock_busy'),
      );
      s.calls.held = false;
      return registration.result();
    });
    expect(end).toMatchObject({ outcome: 'registered' });
    expect(s.calls.activated).toEqual([{ kind: 'usdc', txHash: '0xsettled', payer: '0xpayer' }]);
  });

  it('lookNow (reconcile) reads the relay at once instead of at the next poll, and answers what it read', async () => {
    const s = setup([state('awaiting_payment'), state('confirmed', '0xsettled')], { pollMs: 600_000 });
    await env.withWorker(s.activities, async (taskQueue) => {
      const registration = await startRegistration(s, taskQueue);
      const settlement = env.client.workflow.getHandle(settlementWorkflowId(s.reg.sessionId));
      await eventually(async () => s.calls.reads === 1);
      // The next poll is ten minutes away; the update makes it now.
      expect(await settlement.executeUpdate(lookNowUpdate)).toMatchObject({ status: 'confirmed', txHash: '0xsettled' });
      expect(await registration.result()).toMatchObject({ outcome: 'registered' });
    });
    expect(s.calls.reads).toBe(2);
  });

  it('waits longer after each look that finds nothing, writes its stage once, and looks at once when the relay says the session moved', async () => {
    const s = setup([state('confirmed', '0xsettled')], { pollMs: 400 });
    s.calls.held = true;
    const looks: number[] = [];
    const read = s.activities.readRelaySession;
    s.activities.readRelaySession = async (a) => {
      looks.push(Date.now());
      return read(a);
    };
    await env.withWorker(s.activities, async (taskQueue) => {
      const registration = await startRegistration(s, taskQueue);
      const settlement = env.client.workflow.getHandle(settlementWorkflowId(s.reg.sessionId));
      // Looks at 0, 0.4, 1.2 and 2.8 s (the wait doubles). A timer never fires early, so each gap is at
      // least its wait however loaded the machine is; a look every 0.4 s would make the third gap 0.4 s.
      await eventually(async () => looks.length >= 4);
      const gaps = looks.slice(1, 4).map((at, i) => at - (looks[i] as number));
      expect(gaps[0]).toBeGreaterThanOrEqual(400);
      expect(gaps[1]).toBeGreaterThanOrEqual(800);
      expect(gaps[2]).toBeGreaterThanOrEqual(1_600);
      const { events } = await settlement.fetchHistory();
      const stages = (events ?? []).filter(
        (e) => e.upsertWorkflowSearchAttributesEventAttributes?.searchAttributes?.indexedFields?.RegistryStage,
      );
      expect(stages).toHaveLength(1); // relay-awaiting_payment, once
      // The next look is 3.2 s away; the relay's notice makes it now.
      s.calls.held = false;
      const signalled = Date.now();
      await settlement.signal(relaySessionChangedSignal);
      expect(await registration.result()).toMatchObject({ outcome: 'registered' });
      expect(Date.now() - signalled).toBeLessThan(2_500);
    });
  });

  it('looks again within seconds, not after its fallback wait, while the transfer is in flight', async () => {
    // The relay sends no notice here (as for a stock x402 payer on a stack without them), and the fallback
    // wait is ten minutes: only the in-flight backoff (1 s, then 2 s) gets the run to the confirmation.
    const s = setup([state('broadcast'), state('broadcast'), state('confirmed', '0xsettled')], {
      pollMs: 600_000,
      expiresAtMs: Date.now() + 600_000,
    });
    const started = Date.now();
    const r = await run(s);
    expect(r.outcome).toMatchObject({ outcome: 'registered' });
    expect(s.calls.reads).toBe(3);
    expect(Date.now() - started).toBeLessThan(60_000);
  });

  it('credits a settled payment back when activation is refused', async () => {
    const s = setup([state('confirmed', '0xsettled')], { refuse: 'name_taken' });
    const r = await run(s);
    expect(r.outcome).toMatchObject({ outcome: 'refused', code: 'name_taken', credit: { gems: 1500 } });
    expect(s.calls.credited).toEqual(['name_taken']);
  });
});
