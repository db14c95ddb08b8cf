import { setTimeout as sleep } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import type { Hex } from 'viem';
import { register, registerBody, type RegisterBody } from '../examples/pay-and-register.ts';
import { isChallenge402, payChallenges, type Challenge402 } from './tempo-payer.ts';

// What the registration section times against the empty workflow (bench/README.md step 9), each an
// operation an agent performs end to end over HTTP, until its 200:
//   gems     POST /api/v1/domains/register, payment_method gems, a fresh .agent name → domain active;
//   renewal  POST /api/v1/renew, payment_method gems, a name the agent owns → the new expiry date;
//   receipt  POST /api/v1/domains/register on the default route (Tempo, pathUSD) with the receipt of a
//            payment already on chain, `Authorization: Payment <tx hash>` → domain active.
// What an operation needs beforehand (names to renew; checkouts opened with a 402 and paid on chain) is
// prepared untimed before the round, enough for it (`want` operations); a round that uses it all up
// ends early.

export type ScenarioKey = 'gems' | 'renewal' | 'receipt';
export const SCENARIOS: readonly ScenarioKey[] = ['gems', 'renewal', 'receipt'];

export interface Scenario {
  key: ScenarioKey;
  title: string;
  /**
   * Prepare once before the warm-up for it and every round (names to renew: their registrations' DNS
   * runs must be over before a round), rather than before each round (paid checkouts, which expire).
   */
  prepareAhead: boolean;
  /** Untimed: makes at least `want` operations ready for `callers` callers; what it did, for the log. */
  prepare(want: number, callers: number): Promise<string | null>;
  /** One timed operation, until its 200; false when nothing prepared is left (the round ends). */
  once(caller: number): Promise<boolean>;
  /** Answers that were retried (a busy or not-yet-judged answer re-sent), for the report. */
  retried(): number;
}

export interface ScenarioContext {
  api: string;
  keys: readonly string[];
  /** The local Tempo chain (the receipt scenario's payers). */
  rpcUrl: string;
}

/**
 * A year's term may be renewed while the whole term stays within 10 years of today (src/domain/renewal.ts):
 * nine times for a name registered for one year. The bench renews each at most eight times, a margin for
 * calendar years.
 */
const RENEWALS_PER_NAME = 8;
/** Concurrent requests of the untimed preparation. */
const PREPARE_CONCURRENCY = 10;
/** How long a receipt is re-sent while the answer is busy (5xx, 429) or the checkout still verifying. */
const RESUBMIT_FOR_MS = 60_000;
const RESUBMIT_EVERY_MS = 100;

let labels = 0;
const freshName = (prefix: string) => `${prefix}${(labels++).toString(36)}x${randomUUID().slice(0, 8)}.agent`;

const brief = (body: unknown) => JSON.stringify(body).slice(0, 300);

/** Runs `task(i)` for i < n, `PREPARE_CONCURRENCY` at a time. */
async function inParallel(n: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, PREPARE_CONCURRENCY) }, async () => {
      while (next < n) await task(next++);
    }),
  );
}

async function registerWithGems(ctx: ScenarioContext, key: string, name: string): Promise<void> {
  const res = await register(ctx.api, key, { ...registerBody(name), payment_method: 'gems' });
  const body = res.body as { domain?: { status?: string } };
  if (res.status !== 200 || body.domain?.status !== 'active')
    throw new Error(`register ${name} with gems: ${res.status} ${brief(body)}`);
}

function gems(ctx: ScenarioContext): Scenario {
  return {
    key: 'gems',
    title: 'registration paid with gems',
    prepareAhead: false,
    prepare: () => Promise.resolve(null),
    async once(caller) {
      await registerWithGems(ctx, ctx.keys[caller % ctx.keys.length] as string, freshName(`g${caller}x`));
      return true;
    },
    retried: () => 0,
  };
}

interface Owned {
  name: string;
  key: string;
  left: number;
}

/** Renewals of names the agents registered (untimed) for this, each taken by one caller at a time. */
function renewal(ctx: ScenarioContext): Scenario {
  const queue: Owned[] = [];
  return {
    key: 'renewal',
    title: 'renewal paid with gems',
    prepareAhead: true,
    async prepare(want, callers) {
      const room = queue.reduce((a, o) => a + o.left, 0);
      // At least two names per caller, so that no caller finds the queue empty while renewals remain.
      const count = Math.max(Math.ceil((want - room) / RENEWALS_PER_NAME), 2 * callers - queue.length, 0);
      await inParallel(count, async (i) => {
        const key = ctx.keys[i % ctx.keys.length] as string;
        const name = freshName('n');
        await registerWithGems(ctx, key, name);
        queue.push({ name, key, left: RENEWALS_PER_NAME });
      });
      return count > 0 ? `registered ${count} names to renew (up to ${RENEWALS_PER_NAME} renewals each)` : null;
    },
    async once() {
      const owned = queue.shift();
      if (!owned) return false;
      try {
        const res = await fetch(`${ctx.api}/api/v1/renew`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': owned.key },
          body: JSON.stringify({ domain: owned.name, years: 1, payment_method: 'gems' }),
        });
        const body = (await res.json()) as { domain?: { previous_expiry_date?: string; new_expiry_date?: string } };
        const d = body.domain;
        if (res.status !== 200 || !d?.new_expiry_date || !(d.new_expiry_date > (d.previous_expiry_date ?? '')))
          throw new Error(`renew ${owned.name} with gems: ${res.status} ${brief(body)}`);
        return true;
      } finally {
        owned.left -= 1;
        if (owned.left > 0) queue.push(owned);
      }
    },
    retried: () => 0,
  };
}

interface Paid {
  key: string;
  body: RegisterBody;
  receipt: Hex;
}

/**
 * Registrations paid by receipt on the default route. Untimed: fresh names are asked for without
 * payment (402 with the challenge), every challenge is paid by hand on chain and mined. Timed: the
 * request the skill file says to re-send, with `Authorization: Payment <tx hash>`, until 200.
 */
function receipt(ctx: ScenarioContext): Scenario {
  const pool: Paid[] = [];
  let retried = 0;
  return {
    key: 'receipt',
    title: 'registration paid by receipt (Tempo, pathUSD)',
    prepareAhead: false,
    async prepare(want) {
      const count = want - pool.length;
      if (count <= 0) return null;
      const started = performance.now();
      const opened: { key: string; body: RegisterBody; challenge: Challenge402 }[] = [];
      await inParallel(count, async (i) => {
        const key = ctx.keys[i % ctx.keys.length] as string;
        const body = registerBody(freshName('p'));
        const res = await register(ctx.api, key, body);
        if (res.status !== 402 || !isChallenge402(res.body))
          throw new Error(
            `register ${body.domain}.${body.namespace} without payment: ${res.status} ${brief(res.body)}`,
          );
        opened.push({ key, body, challenge: res.body });
      });
      const hashes = await payChallenges(
        ctx.rpcUrl,
        opened.map((o) => o.challenge),
      );
      opened.forEach((o, i) => pool.push({ key: o.key, body: o.body, receipt: hashes[i] as Hex }));
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      return `opened ${count} checkouts (402) and paid each on chain in ${seconds} s`;
    },
    async once() {
      const paid = pool.shift();
      if (!paid) return false;
      const name = `${paid.body.domain}.${paid.body.namespace}`;
      const until = performance.now() + RESUBMIT_FOR_MS;
      for (;;) {
        const res = await register(ctx.api, paid.key, paid.body, `Payment ${paid.receipt}`);
        const body = res.body as { domain?: { status?: string }; code?: string };
        if (res.status === 200 && body.domain?.status === 'active') return true;
        const busy =
          res.status >= 500 || res.status === 429 || (res.status === 409 && body.code === 'name_being_registered');
        if (!busy || performance.now() > until)
          throw new Error(`register ${name} with its receipt: ${res.status} ${brief(body)}`);
        retried += 1;
        await sleep(RESUBMIT_EVERY_MS);
      }
    },
    retried: () => retried,
  };
}

export function scenarios(ctx: ScenarioContext): Scenario[] {
  return [gems(ctx), renewal(ctx), receipt(ctx)];
}
