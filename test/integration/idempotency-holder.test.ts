import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Writable } from 'node:stream';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { idempotencyKeys } from '../../src/db/idempotency-keys.ts';
import { registerErrorHandling } from '../../src/http/error-handler.ts';
import type { AppDeps } from '../../src/http/deps.ts';
import { idempotencyPlugin } from '../../src/http/plugins/idempotency.ts';
import { pipelinePlugin } from '../../src/http/pipeline/http-steps.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { randomLabel } from '../helpers/fixtures.ts';

// Issue 25 B: a request that stalls past its hold is taken over by a retry; when the stalled one wakes and
// writes, nothing it writes may touch the key, which now belongs to the retry (its holder token).
describe('idempotency keys: only the claim that holds a key writes to it', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase({ loadCatalog: false });
  });
  afterAll(() => db.drop());

  const keys = () => idempotencyKeys(db.orm.em.fork());
  /** The hold lapses, as when its request's process stalls and stops renewing for longer than HOLD_MS. */
  const lapse = (scope: string, key: string) =>
    db.orm.em
      .fork()
      .execute(`update idempotency_key set held_until = now() - interval '1 second' where scope = ? and key = ?`, [
        scope,
        key,
      ]);
  const answerOf = (body: string) => ({ status: 201, contentType: 'application/json', body });

  it('a stale holder records no answer over the one that took over, and cannot end its hold', async () => {
    const scope = `account:${randomLabel('s')}`;
    const key = randomLabel('k');
    const first = await keys().claim(scope, key, 'f');
    if (first.kind !== 'claimed') throw new Error(`first claim: ${first.kind}`);
    expect(await keys().claim(scope, key, 'f')).toEqual({ kind: 'in_flight' });

    await lapse(scope, key);
    const second = await keys().claim(scope, key, 'f');
    if (second.kind !== 'claimed') throw new Error(`takeover: ${second.kind}`);
    expect(second.holder).not.toBe(first.holder);
    // One operation: the takeover keeps the first claim time.
    expect(second.since).toEqual(first.since);

    // The stalled first request wakes: its renewal, release and answer change nothing.
    expect(await keys().renew(scope, key, first.holder)).toBe(false);
    expect(await keys().release(scope, key, first.holder)).toBe(false);
    expect(await keys().claim(scope, key, 'f')).toEqual({ kind: 'in_flight' });
    expect(await keys().answer(scope, key, first.holder, answerOf('{"from":"first"}'))).toBe(false);
    expect(await keys().claim(scope, key, 'f')).toEqual({ kind: 'in_flight' });

    expect(await keys().renew(scope, key, second.holder)).toBe(true);
    expect(await keys().answer(scope, key, second.holder, answerOf('{"from":"second"}'))).toBe(true);
    expect(await keys().claim(scope, key, 'f')).toEqual({ kind: 'answered', ...answerOf('{"from":"second"}') });
    // Answered: the first's answer arriving even later changes nothing either.
    expect(await keys().answer(scope, key, first.holder, answerOf('{"from":"first"}'))).toBe(false);
    expect(await keys().claim(scope, key, 'f')).toEqual({ kind: 'answered', ...answerOf('{"from":"second"}') });
  });

  it('a stale holder releasing after a takeover leaves the new hold in place', async () => {
    const scope = `account:${randomLabel('s')}`;
    const key = randomLabel('k');
    const first = await keys().claim(scope, key, 'f');
    if (first.kind !== 'claimed') throw new Error(`first claim: ${first.kind}`);
    await lapse(scope, key);
    const second = await keys().claim(scope, key, 'f');
    if (second.kind !== 'claimed') throw new Error(`takeover: ${second.kind}`);
    expect(await keys().release(scope, key, first.holder)).toBe(false);
    // Still held by the second: a third claim is told the key is in use, not handed it.
    expect(await keys().claim(scope, key, 'f')).toEqual({ kind: 'in_flight' });
    expect(await keys().release(scope, key, second.holder)).toBe(true);
    expect((await keys().claim(scope, key, 'f')).kind).toBe('claimed');
  });

  // Issue 38 item 2: an offer answered 503 after its 30 s wait released its key while the renewal its 5 s
  // timer had just fired was still on its way; landing after the release, it held the key again for 15 s and
  // the client's retry with the same key was refused 409 idempotency_key_in_use about once in 14 runs.
  it('a renewal that lands after its request released the key does not hold it again', async () => {
    const scope = `account:${randomLabel('s')}`;
    const key = randomLabel('k');
    const first = await keys().claim(scope, key, 'f');
    if (first.kind !== 'claimed') throw new Error(`first claim: ${first.kind}`);
    expect(await keys().release(scope, key, first.holder)).toBe(true);
    expect(await keys().renew(scope, key, first.holder)).toBe(false);
    const retry = await keys().claim(scope, key, 'f');
    expect(retry.kind).toBe('claimed');
    // The retry continues the released request's operation (the same first claim time).
    if (retry.kind === 'claimed') expect(retry.since).toEqual(first.since);
  });

  it('a renewal racing the release, in either order, never leaves the key held', async () => {
    for (let i = 0; i < 40; i++) {
      const scope = `account:${randomLabel('s')}`;
      const key = randomLabel('k');
      const first = await keys().claim(scope, key, 'f');
      if (first.kind !== 'claimed') throw new Error(`first claim: ${first.kind}`);
      // Each on its own connection, as the plugin's timer and its onSend hook are.
      const renewal = sleep(i % 4).then(() => keys().renew(scope, key, first.holder));
      await Promise.all([renewal, keys().release(scope, key, first.holder)]);
      expect((await keys().claim(scope, key, 'f')).kind).toBe('claimed');
    }
  });

  describe('through the pipeline', () => {
    let app: FastifyInstance;
    const logs: { level: number; msg: string }[] = [];
    // Each call's handler waits until the test lets it answer.
    const gates = [0, 1].map(() => {
      let open!: () => void;
      return { passed: new Promise<void>((resolve) => (open = resolve)), open: () => open() };
    });
    let calls = 0;
    const callsReach = async (n: number) => {
      while (calls < n) await sleep(10);
    };

    beforeAll(async () => {
      const stream = new Writable({
        write(chunk: Buffer, _enc, done) {
          for (const line of chunk.toString().split('\n').filter(Boolean)) logs.push(JSON.parse(line));
          done();
        },
      });
      app = Fastify({ logger: { level: 'warn', stream } });
      // An idempotent route's schema gains the header and its refusals (our error body), in zod as the app's own.
      app.setValidatorCompiler(validatorCompiler);
      app.setSerializerCompiler(serializerCompiler);
      registerErrorHandling(app);
      // The plugin's one dependency: the app's database.
      const services = fp(
        async (a) => {
          a.decorate('deps', { orm: db.orm } as AppDeps);
        },
        { name: 'services' },
      );
      await app.register(services);
      // The pipeline follows access control, whose guard authenticates; this route is public and has none.
      await app.register(fp(async () => undefined, { name: 'access-control' }));
      await app.register(idempotencyPlugin);
      await app.register(pipelinePlugin);
      app.post('/thing', { config: { idempotent: true } }, async (_req, reply) => {
        calls += 1;
        const mine = calls;
        await gates[mine - 1]?.passed;
        return reply.code(201).send({ from: mine === 1 ? 'first' : 'second' });
      });
      await app.ready();
    });
    afterAll(() => app.close());

    it('a stalled request that answers after a takeover records nothing; the takeover answer is kept', async () => {
      const key = randomLabel('p');
      const post = () =>
        app.inject({ method: 'POST', url: '/thing', headers: { 'idempotency-key': key }, payload: {} });
      const first = post();
      await callsReach(1);
      expect((await post()).statusCode).toBe(409);

      const [row] = await db.orm.em
        .fork()
        .execute<{ scope: string }[]>('select scope from idempotency_key where key = ?', [key]);
      await lapse(row!.scope, key);
      const second = post();
      await callsReach(2);

      // The stalled first request answers while the second still runs: its caller hears it, the key does not.
      gates[0]!.open();
      expect((await first).json()).toEqual({ from: 'first' });
      expect((await post()).statusCode).toBe(409);

      gates[1]!.open();
      expect((await second).json()).toEqual({ from: 'second' });
      const replay = await post();
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.json()).toEqual({ from: 'second' });
      expect(calls).toBe(2);
      expect(logs.map((l) => l.msg)).toContain(
        'idempotency key taken over while this request ran: its answer is not recorded',
      );
    });
  });
});
