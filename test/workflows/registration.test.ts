import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from '@jest/globals';
import { ApplicationFailure } from '@temporalio/activity';
import { WorkflowFailedError, WorkflowNotFoundError, WorkflowUpdateFailedError } from '@temporalio/client';
import { input, result } from '../helpers/registration-input.ts';
import { useTemporal, type TemporalTestEnv } from '../helpers/temporal.ts';
import type { CheckoutActivities } from '../../activities/checkout.ts';
import type { RegistrationActivities } from '../../activities/registration.ts';
import {
  registrationStatusQuery,
  registrationWorkflowId,
  resetLockUpdate,
  submitPaymentUpdate,
  type RegistrationInput,
} from '../../workflows/registration-messages.ts';

/** What a registration run calls: the shared checkout activities and its own effect. */
type Activities = RegistrationActivities & CheckoutActivities;

/** Fake activities recording calls; `landed` simulates a payment found on chain for the session. */
function fakes(opts: { validReceipt?: string; landed?: boolean; verifyMs?: number } = {}) {
  const calls = { verify: 0, activate: 0, find: 0, closed: [] as string[], credited: [] as string[] };
  const activities: Activities = {
    async verifyMppPayment({ receipt }) {
      calls.verify += 1;
      if (opts.verifyMs) await sleep(opts.verifyMs);
      if (receipt !== (opts.validReceipt ?? 'good'))
        throw ApplicationFailure.nonRetryable('does not pay this checkout', 'invalid_receipt');
      return { txHash: '0xabc', payer: '0xpayer' };
    },
    async findMppPayment() {
      calls.find += 1;
      return opts.landed ? { txHash: '0xlanded', payer: '0xpayer' } : null;
    },
    async activateDomain({ input: i }) {
      calls.activate += 1;
      return result(i.name);
    },
    async closeApproval() {
      return 'approved' as const;
    },
    async closeCheckout({ outcome }) {
      calls.closed.push(outcome);
    },
    async creditRefusedPayment({ input: i, reason }) {
      calls.credited.push(reason);
      return { accountId: i.actorAccountId ?? 'wallet', gems: i.priceGems };
    },
  };
  return { calls, activities };
}

/** Starts a registration run of `i` on the test's task queue, under its production workflow id. */
const startRegistration = (env: TemporalTestEnv, taskQueue: string, i: RegistrationInput) =>
  env.client.workflow.start('registrationWorkflow', {
    taskQueue,
    workflowId: registrationWorkflowId(i.name),
    args: [i],
  });

// Time-skipping: checkout expiry (15 minutes) passes in milliseconds.
describe('registrationWorkflow (time-skipping, fake activities)', () => {
  const env = useTemporal('time-skipping');

  it('waits for a payment, refuses a bad receipt without closing the checkout, then activates once', async () => {
    const f = fakes();
    const i = input();
    await env.withWorker(f.activities, async (taskQueue) => {
      const handle = await startRegistration(env, taskQueue, i);
      expect((await handle.query(registrationStatusQuery)).stage).toBe('awaiting_payment');
      const bad = handle.executeUpdate(submitPaymentUpdate, { args: [{ receipt: 'bad' }] });
      await expect(bad).rejects.toBeInstanceOf(WorkflowUpdateFailedError);
      await bad.catch((e: WorkflowUpdateFailedError) =>
        expect((e.cause as ApplicationFailure).type).toBe('invalid_receipt'),
      );
      expect((await handle.query(registrationStatusQuery)).stage).toBe('awaiting_payment');
      const ok = await handle.executeUpdate(submitPaymentUpdate, { args: [{ receipt: 'good' }] });
      expect(ok.name).toBe(i.name);
      expect(await handle.result()).toEqual({ outcome: 'registered', result: ok });
      expect((await handle.query(registrationStatusQuery)).stage).toBe('done');
      // A second receipt after completion is refused: the run is closed, nothing is paid twice.
      await expect(handle.executeUpdate(submitPaymentUpdate, { args: [{ receipt: 'good' }] })).rejects.toThrow();
    });
    expect(f.calls).toMatchObject({ verify: 2, activate: 1, closed: ['registered'] });
  });

  it('ends Completed with expired_unpaid when the challenge expires and nothing landed', async () => {
    const f = fakes();
    const i = input();
    await env.withWorker(f.activities, async (taskQueue) => {
      const handle = await startRegistration(env, taskQueue, i);
      expect(await handle.result()).toEqual({ outcome: 'expired_unpaid' });
      expect((await handle.describe()).status.name).toBe('COMPLETED');
      expect((await handle.query(registrationStatusQuery)).stage).toBe('expired_unpaid');
    });
    expect(f.calls).toMatchObject({ find: 1, activate: 0, closed: ['expired_unpaid'] });
  });

  it('completes instead of expiring when a payment landed without a receipt', async () => {
    const f = fakes({ landed: true });
    const i = input();
    const r = await env.withWorker(f.activities, async (taskQueue) =>
      startRegistration(env, taskQueue, i).then((h) => h.result()),
    );
    expect(r).toMatchObject({ outcome: 'registered', result: { name: i.name } });
    expect(f.calls.activate).toBe(1);
  });

  it('activates at once when free or paid with gems; a business refusal completes, a fault fails', async () => {
    const f = fakes();
    const free = input({ method: 'free', priceGems: 0, chain: null });
    const r = await env.withWorker(f.activities, (taskQueue) =>
      startRegistration(env, taskQueue, free).then((h) => h.result()),
    );
    expect(r).toMatchObject({ outcome: 'registered', result: { name: free.name } });
    expect(f.calls.closed).toEqual([]); // nothing waited for a payment, so there is no checkout to close

    const broke: Activities = {
      ...f.activities,
      async activateDomain() {
        throw ApplicationFailure.nonRetryable('Insufficient gems', 'insufficient_gems');
      },
    };
    const gems = input({ method: 'gems', chain: null });
    const refused = await env.withWorker(broke, (taskQueue) =>
      startRegistration(env, taskQueue, gems).then((h) => h.result()),
    );
    expect(refused).toEqual({
      outcome: 'refused',
      code: 'insufficient_gems',
      message: 'Insufficient gems',
      credit: null,
    });
    expect(f.calls.credited).toEqual([]); // gems: the debit was in the refused transaction, nothing to give back

    const faulty: Activities = {
      ...f.activities,
      async activateDomain() {
        throw ApplicationFailure.nonRetryable('disk on fire', 'database_corrupt');
      },
    };
    const g2 = input({ method: 'gems', chain: null });
    const err = await env
      .withWorker(faulty, (taskQueue) => startRegistration(env, taskQueue, g2).then((h) => h.result()))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WorkflowFailedError);
  });
});

describe('registrationWorkflow compensation (time-skipping, fake activities)', () => {
  const env = useTemporal('time-skipping');

  const refusing = (type: string) => {
    const f = fakes();
    const activities: Activities = {
      ...f.activities,
      async activateDomain() {
        throw ApplicationFailure.nonRetryable(`refused: ${type}`, type);
      },
    };
    return { calls: f.calls, activities };
  };
  async function pay(activities: Activities, i: RegistrationInput) {
    return env.withWorker(activities, async (taskQueue) => {
      const handle = await startRegistration(env, taskQueue, i);
      const answer = await handle
        .executeUpdate(submitPaymentUpdate, { args: [{ receipt: 'good' }] })
        .catch((e: WorkflowUpdateFailedError) => e);
      return { answer, outcome: await handle.result() };
    });
  }

  it('a verified payment refused at activation is credited back, and the caller is told', async () => {
    const f = refusing('name_taken');
    const i = input();
    const { answer, outcome } = await pay(f.activities, i);
    expect(outcome).toEqual({
      outcome: 'refused',
      code: 'name_taken',
      message: 'refused: name_taken',
      credit: { accountId: 'actor-1', gems: 1500 },
    });
    const cause = (answer as WorkflowUpdateFailedError).cause as ApplicationFailure;
    expect(cause.type).toBe('name_taken');
    expect(cause.details).toEqual([{ accountId: 'actor-1', gems: 1500 }]);
    expect(f.calls).toMatchObject({ credited: ['name_taken'], closed: ['refused'] });
  });

  it('a payment that belongs to another session is not credited', async () => {
    const f = refusing('receipt_already_used');
    const { outcome } = await pay(f.activities, input());
    expect(outcome).toMatchObject({ outcome: 'refused', code: 'receipt_already_used', credit: null });
    expect(f.calls.credited).toEqual([]);
  });
});

// reset-lock needs wall-clock time to stand still while the test talks to the run, so it runs on the
// suite's real dev server rather than the time-skipping one.
// Real time: the verification runs as a local activity, which a time-skipping server cannot see, so it
// would skip past the workflow task's timeout while the verification is in flight and hand the task over.
describe('registrationWorkflow concurrent receipts (dev server, fake activities)', () => {
  const env = useTemporal('dev-server');

  it('concurrent retries while a receipt is being verified all wait for and get the same registration', async () => {
    const f = fakes({ verifyMs: 1500 });
    const i = input();
    await env.withWorker(f.activities, async (taskQueue) => {
      const handle = await startRegistration(env, taskQueue, i);
      // An update that reaches the server after the run's last task began is aborted as the run closes;
      // its caller reads the run's outcome instead, as the checkout service does (src/checkout).
      const fromOutcome = async (err: unknown) => {
        if (!(err instanceof WorkflowNotFoundError)) throw err;
        const end = await handle.result();
        if (end.outcome !== 'registered') throw err;
        return end.result;
      };
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          handle.executeUpdate(submitPaymentUpdate, { args: [{ receipt: 'good' }] }).catch(fromOutcome),
        ),
      );
      expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
      expect(answers[0]?.name).toBe(i.name);
    });
    expect(f.calls).toMatchObject({ verify: 1, activate: 1 });
  });
});

describe('registrationWorkflow reset-lock (dev server, fake activities)', () => {
  const env = useTemporal('dev-server');

  it('reset-lock: only the starter or an operator, and never over a landed payment', async () => {
    const f = fakes();
    const i = input({ expiresAtMs: Date.now() + 24 * 3600_000 });
    await env.withWorker(f.activities, async (taskQueue) => {
      const handle = await startRegistration(env, taskQueue, i);
      const stranger = await handle
        .executeUpdate(resetLockUpdate, { args: [{ actorAccountId: 'someone-else', operator: false }] })
        .catch((e: WorkflowUpdateFailedError) => e);
      expect(((stranger as WorkflowUpdateFailedError).cause as ApplicationFailure).type).toBe('forbidden');
      expect(
        await handle.executeUpdate(resetLockUpdate, { args: [{ actorAccountId: 'actor-1', operator: false }] }),
      ).toEqual({ outcome: 'released' });
      expect(await handle.result()).toEqual({ outcome: 'cancelled' });
    });
    const landed = fakes({ landed: true });
    const j = input({ expiresAtMs: Date.now() + 24 * 3600_000 });
    await env.withWorker(landed.activities, async (taskQueue) => {
      const handle = await startRegistration(env, taskQueue, j);
      expect(await handle.executeUpdate(resetLockUpdate, { args: [{ actorAccountId: 'op', operator: true }] })).toEqual(
        { outcome: 'payment_found' },
      );
      expect(await handle.result()).toMatchObject({ outcome: 'registered', result: { name: j.name } });
    });
    expect(landed.calls.activate).toBe(1);
  });
});
