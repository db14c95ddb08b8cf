import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Domain, IdempotencyKey, LedgerTransaction } from '../../src/db/entities/index.ts';
import { IDEMPOTENT_ROUTES } from '../../src/http/plugins/idempotency.ts';
import { grantGems } from '../../src/ledger/gems.ts';
import { randomLabel } from '../helpers/fixtures.ts';
import { eventually } from '../helpers/hosted-checkout.ts';
import { provision } from '../helpers/identities.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';

// Idempotency-Key on mutating calls (README "API notes → Idempotency keys"), through the real API,
// PostgreSQL, Temporal and worker: a retry with the same key gets the first answer and never pays twice.
describe('Idempotency-Key', () => {
  let s: RegistryStack;
  let key: Record<string, string>;
  let accountId: string;

  const register = (label: string, idem: string, headers = key, years = 1) =>
    s.t.app.inject({
      method: 'POST',
      url: '/api/v1/domains/register',
      headers: { ...headers, 'idempotency-key': idem },
      payload: { domain: label, namespace: 'agent', years, agreed_to_terms: true, payment_method: 'gems' },
    });
  const em = () => s.t.db.orm.em.fork();
  const debits = (name: string) => em().count(LedgerTransaction, { memo: name });

  beforeAll(async () => {
    // No worker at first: a gems registration then stays in flight until the test starts one.
    s = await startRegistryStack({}, { worker: false });
    const agent = await provision(s.t.app);
    key = { 'x-api-key': agent.api_key };
    accountId = agent.account_id;
    await grantGems(em(), { accountId, amount: 100_000, reference: `g:${randomLabel()}` });
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });

  it('answers 409 while the first request runs, then replays its answer; one domain, one debit', async () => {
    const label = randomLabel('idem');
    const idem = `k-${label}`;
    const first = register(label, idem);
    await eventually(async () => (await em().count(IdempotencyKey, { key: idem })) === 1, 10_000);
    const during = await register(label, idem);
    expect(during.statusCode).toBe(409);
    expect(during.json()).toMatchObject({ status: 'error', code: 'idempotency_key_in_use' });

    s.worker = await s.startWorker();
    const answered = await first;
    expect(answered.statusCode).toBe(200);
    expect(answered.json().domain).toMatchObject({ name: `${label}.agent`, status: 'active' });

    const again = await register(label, idem);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(answered.body);
    expect(await em().count(Domain, { name: `${label}.agent` })).toBe(1);
    expect(await debits(`${label}.agent`)).toBe(1);
  }, 60_000);

  it('refuses the same key with another request (422) and changes nothing', async () => {
    const label = randomLabel('idem');
    const idem = `k-${label}`;
    expect((await register(label, idem)).statusCode).toBe(200);
    const other = await register(label, idem, key, 2);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ status: 'error', code: 'idempotency_key_reused' });
    const elsewhere = await register(randomLabel('idem'), idem);
    expect(elsewhere.statusCode).toBe(422);
    expect(await debits(`${label}.agent`)).toBe(1);
  });

  it('keeps a key per credential: another agent’s request with the same key runs on its own', async () => {
    const other = await provision(s.t.app);
    await grantGems(em(), { accountId: other.account_id, amount: 100_000, reference: `g:${randomLabel()}` });
    const idem = `shared-${randomLabel()}`;
    const mine = await register(randomLabel('idem'), idem);
    const theirs = await register(randomLabel('idem'), idem, { 'x-api-key': other.api_key });
    expect(mine.statusCode).toBe(200);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().domain.name).not.toBe(mine.json().domain.name);
  });

  it('replays a business refusal, but not a payment challenge (the paid retry must reach the checkout)', async () => {
    const taken = randomLabel('idem');
    expect((await register(taken, `k-${taken}`)).statusCode).toBe(200);
    const refused = await register(taken, `k2-${taken}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('name_taken');
    const replayed = await register(taken, `k2-${taken}`);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.body).toBe(refused.body);

    const label = randomLabel('idem');
    const challenge = () =>
      s.t.app.inject({
        method: 'POST',
        url: '/api/v1/domains/register',
        headers: { ...key, 'idempotency-key': `pay-${label}` },
        payload: { domain: label, namespace: 'agent', years: 1, agreed_to_terms: true, payment_method: 'mpp' },
      });
    const first = await challenge();
    expect(first.statusCode).toBe(402);
    const second = await challenge();
    expect(second.statusCode).toBe(402);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(await em().count(IdempotencyKey, { key: `pay-${label}` })).toBe(0);
  });

  it('replays a profile change, and refuses a malformed key before doing anything', async () => {
    const label = randomLabel('idem');
    expect((await register(label, `k-${label}`)).statusCode).toBe(200);
    const edit = (display_name: string, idem: string) =>
      s.t.app.inject({
        method: 'PATCH',
        url: `/api/v1/domains/${label}.agent/profile`,
        headers: { ...key, 'idempotency-key': idem },
        payload: { display_name },
      });
    const first = await edit('Once', `p-${label}`);
    expect(first.statusCode).toBe(200);
    expect((await edit('Once', `p-${label}`)).headers['idempotent-replayed']).toBe('true');
    expect((await edit('Twice', `p-${label}`)).statusCode).toBe(422);
    const bad = await edit('Never', 'x'.repeat(256));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_failed');
    const shown = await s.t.app.inject({ method: 'GET', url: `/api/v1/lookup/${label}.agent` });
    expect(shown.json().profile.display_name).toBe('Once');
  });

  it('is documented on every route that takes it', async () => {
    const doc = (await s.t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; responses: object }>>;
    };
    for (const route of IDEMPOTENT_ROUTES) {
      const [method, url] = route.split(' ') as [string, string];
      const op = doc.paths[url.replace(/:([a-z_]+)/g, '{$1}')]?.[method.toLowerCase()];
      expect({ route, header: op?.parameters?.some((p) => p.in === 'header' && p.name === 'idempotency-key') }).toEqual(
        {
          route,
          header: true,
        },
      );
      expect(Object.keys(op?.responses ?? {})).toEqual(expect.arrayContaining(['409', '422']));
    }
  });
});
