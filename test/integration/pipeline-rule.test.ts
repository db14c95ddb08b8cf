import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Account } from '../../src/db/entities/index.ts';
import { AppError } from '../../src/domain/errors.ts';
import { pipeline } from '../../src/http/pipeline/pipeline.ts';
import type { Step } from '../../src/http/pipeline/step.ts';
import { buildDashboardApp, dashboardBrowser, type DashboardTestApp } from '../helpers/dashboard.ts';
import { createDomain, randomLabel } from '../helpers/fixtures.ts';
import { claimedAgent } from '../helpers/identities.ts';

const LOCK = 'POST /api/v1/domains/:domain_name/lock';
const TICKET = 'x-change-ticket';

/** The rule under test: a lock must carry a change ticket on the request that carries it. */
const ticketRule: Step = {
  name: 'change-ticket',
  when: 'caller',
  before(call) {
    if (call.key === LOCK && !call.carrier[TICKET])
      throw new AppError('forbidden', 'Locking a name needs an X-Change-Ticket header.');
  },
};

// One rule added to the pipeline (src/http/pipeline/pipeline.ts) and nothing else (issue 50): it holds for
// the lock operation called as its route, as an MCP tool, as a batch item and as a dashboard form. Without
// the header each is refused with the rule's code and the name stays unlocked; with it, each locks.
describe('one request pipeline for every adapter', () => {
  let t: DashboardTestApp;
  let cookie = '';
  let personId = '';
  let agentKey: Record<string, string> = {};
  let agentId = '';
  beforeAll(async () => {
    // Added to the list before the app is built, as a rule written into pipeline.ts is: the HTTP adapter
    // reads which steps apply to each route as the route is added.
    pipeline.push(ticketRule);
    t = await buildDashboardApp();
    ({ cookie, accountId: personId } = await t.signIn(`pipeline-${randomLabel()}`));
    const agent = await claimedAgent(t.app, t.db.orm, cookie, 0);
    agentKey = agent.key;
    agentId = agent.id;
  }, 120_000);
  afterAll(async () => {
    pipeline.splice(pipeline.indexOf(ticketRule), 1);
    await t?.close();
  });

  const nameOf = async (owner: string) =>
    (await createDomain(t.db.orm, { label: randomLabel('pipe'), namespace: 'agent', owner: { id: owner } as Account }))
      .name;
  const locked = async (name: string, headers: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/domains/${name}/lock`, headers })).json<{
      locked: boolean;
    }>().locked;
  const ticket = (on: boolean): Record<string, string> => (on ? { [TICKET]: 'CHG-1' } : {});

  /** Each adapter's call of the lock: its answer's status and error code (null on success). */
  const adapters: Record<
    string,
    (name: string, withTicket: boolean) => Promise<{ status: number; code: string | null }>
  > = {
    async route(name, withTicket) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/domains/${name}/lock`,
        headers: { ...agentKey, ...ticket(withTicket) },
      });
      return { status: res.statusCode, code: res.statusCode === 200 ? null : res.json<{ code: string }>().code };
    },
    async tool(name, withTicket) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/mcp',
        headers: {
          ...agentKey,
          ...ticket(withTicket),
          accept: 'application/json, text/event-stream',
          'content-type': 'application/json',
        },
        payload: {
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'lock_domain', arguments: { domain_name: name } },
        },
      });
      expect(res.statusCode).toBe(200);
      const result = res.json<{ result: { isError?: boolean; content: { text: string }[] } }>().result;
      if (!result.isError) return { status: 200, code: null };
      const refusal = JSON.parse(result.content[0]?.text ?? '{}') as { code: string; http_status: number };
      return { status: refusal.http_status, code: refusal.code };
    },
    async batch(name, withTicket) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/batch',
        headers: { ...agentKey, ...ticket(withTicket) },
        payload: { operations: [{ op: 'lock', domain: name }] },
      });
      // The batch itself is not the lock: it answers 200 with the item's own answer.
      expect(res.statusCode).toBe(200);
      const item = res.json<{ results: { status: number; body: { code?: string } }[] }>().results[0]!;
      return { status: item.status, code: item.status === 200 ? null : (item.body.code ?? null) };
    },
    async form(name, withTicket) {
      const page = `/dashboard/domains/${name}`;
      const browser = dashboardBrowser(t.app, cookie);
      const fields = browser.formOf((await browser.get(page)).body, 'lock');
      const res = await t.app.inject({
        method: 'POST',
        url: page,
        headers: {
          cookie,
          accept: 'text/html',
          'content-type': 'application/x-www-form-urlencoded',
          'sec-fetch-site': 'same-origin',
          ...ticket(withTicket),
        },
        payload: new URLSearchParams(fields).toString(),
      });
      // Done is post/redirect/get; a refusal is the page at the API's status with its message by the form.
      if (res.statusCode === 303) return { status: 200, code: null };
      return {
        status: res.statusCode,
        code: res.body.includes('Locking a name needs an X-Change-Ticket header.')
          ? 'forbidden'
          : res.body.slice(0, 200),
      };
    },
  };

  for (const adapter of Object.keys(adapters)) {
    it(`holds for the lock as ${adapter === 'tool' ? 'an MCP tool' : `a ${adapter === 'batch' ? 'batch item' : adapter}`}`, async () => {
      // The form acts for the person on their own name; the others with the agent's key on the agent's name.
      const name = await nameOf(adapter === 'form' ? personId : agentId);
      const reader = adapter === 'form' ? { cookie } : agentKey;
      const asked = adapters[adapter]!;
      expect(await asked(name, false)).toEqual({ status: 403, code: 'forbidden' });
      expect(await locked(name, reader)).toBe(false);
      expect(await asked(name, true)).toEqual({ status: 200, code: null });
      expect(await locked(name, reader)).toBe(true);
    });
  }
});
