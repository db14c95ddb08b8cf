import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { setTimeout as sleep } from 'node:timers/promises';
import { DomainOrder, RegistrarUnlock } from '../../src/db/entities/index.ts';
import { registerDomain } from '../helpers/app.ts';
import { randomLabel } from '../helpers/fixtures.ts';
import { eventually } from '../helpers/hosted-checkout.ts';
import { claimedAgent, humanWithSession } from '../helpers/identities.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';

const DELAY_SECONDS = 4;

// A name's registrar lock over real parts (API, worker, Temporal, PostgreSQL): every move refused while it
// holds, and an unlock that waits durably for a second person or its delay (docs/teams.md "Registrar lock").
describe('registrar lock', () => {
  let s: RegistryStack;
  let person: { accountId: string; cookie: string };
  let other: { accountId: string; cookie: string };
  beforeAll(async () => {
    s = await startRegistryStack({ RATE_LIMIT_MAX: '10000', REGISTRAR_UNLOCK_DELAY_SECONDS: String(DELAY_SECONDS) });
    person = await humanWithSession(s.t.app, s.t.db.orm, `lock-${randomLabel()}`);
    other = await humanWithSession(s.t.app, s.t.db.orm, `lock-other-${randomLabel()}`);
  }, 120_000);
  afterAll(() => s?.stop());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) =>
    s.t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const asPerson = () => ({ cookie: person.cookie });
  const keys = new Map<string, Record<string, string>>();
  /** An agent the person claimed, with a name of its own. */
  async function agentWithName() {
    const agent = await claimedAgent(s.t.app, s.t.db.orm, person.cookie);
    const label = randomLabel('lock');
    expect((await registerDomain(s.t.app, label, { headers: agent.key, method: 'gems' })).statusCode).toBe(200);
    keys.set(`${label}.agent`, agent.key);
    return { agent, name: `${label}.agent` };
  }
  // Read with the agent's key: once the agent moved into a team, the person manages its names only for the team.
  const lockState = async (name: string) =>
    (await call('GET', `/api/v1/domains/${name}/lock`, keys.get(name) ?? {})).json();
  /**
   * A team the person owns, with an admin who joined an hour ago (before any lock of this test, and more than
   * the delay before any request); `join` makes another admin now.
   */
  async function teamWithMember() {
    const team = (await call('POST', '/api/v1/teams', asPerson(), { name: `lock ${randomLabel()}` })).json().team
      .id as string;
    const join = async (who: { accountId: string; cookie: string }) => {
      const { token } = (await call('POST', `/api/v1/teams/${team}/invitations`, asPerson(), { role: 'admin' })).json();
      expect(
        (await call('POST', '/api/v1/teams/invitations/accept', { cookie: who.cookie }, { token })).statusCode,
      ).toBe(200);
    };
    const member = await humanWithSession(s.t.app, s.t.db.orm, `lock-member-${randomLabel()}`);
    await join(member);
    await s.t.db.orm.em
      .fork()
      .getConnection()
      .execute(`update team_member set created_at = now() - interval '1 hour' where team_id = ? and account_id = ?`, [
        team,
        member.accountId,
      ]);
    return { team, member, join };
  }

  it('locks at once and refuses every move with 423 name_locked; lookup and RDAP show RFC 8056 statuses', async () => {
    const { agent, name } = await agentWithName();
    const locked = await call('POST', `/api/v1/domains/${name}/lock`, agent.key);
    expect(locked.statusCode).toBe(200);
    expect(locked.json()).toMatchObject({
      locked: true,
      statuses: ['client transfer prohibited', 'client update prohibited', 'client delete prohibited'],
      unlock: null,
    });
    // Locking again changes nothing.
    expect((await call('POST', `/api/v1/domains/${name}/lock`, agent.key)).json().lock).toEqual(locked.json().lock);

    const refused = [
      await call('POST', '/api/v1/domains/transfer', agent.key, { domain: name, to_account_id: other.accountId }),
      await call('PUT', `/api/v1/domains/${name}/listing`, agent.key, { price: { gems: 5000 } }),
      await call('POST', `/api/v1/domains/${name}/enable_dns`, agent.key),
    ];
    for (const r of refused) {
      expect(r.statusCode).toBe(423);
      expect(r.json()).toMatchObject({ code: 'name_locked', details: { lock: { locked_at: expect.any(String) } } });
    }
    await s.t.settled();
    expect((await call('GET', `/api/v1/lookup/${name}`, {})).json().domain).toMatchObject({
      locked: true,
      lock_statuses: ['client transfer prohibited', 'client update prohibited', 'client delete prohibited'],
    });
    expect((await call('GET', `/rdap/domain/${name}`, {})).json().status).toEqual([
      'active',
      'client transfer prohibited',
      'client update prohibited',
      'client delete prohibited',
    ]);
    // Nothing moved: the name is still the agent's, unlisted, undelegated.
    expect(await s.t.db.em().count(DomainOrder, { domainName: name, kind: 'transfer' })).toBe(0);
    // A stranger can neither lock nor read the lock.
    expect((await call('GET', `/api/v1/domains/${name}/lock`, { cookie: other.cookie })).statusCode).toBe(403);
  });

  it('an unlock the agent asks for waits for its delay: neither its key nor the person who claimed it is a second person', async () => {
    const { agent, name } = await agentWithName();
    await call('POST', `/api/v1/domains/${name}/lock`, agent.key);
    const asked = await call('POST', `/api/v1/domains/${name}/unlock`, agent.key);
    expect(asked.statusCode).toBe(200);
    const pending = asked.json().unlock;
    expect(pending).toMatchObject({ status: 'pending', requested_by: agent.id });
    expect(Date.parse(pending.effective_at) - Date.now()).toBeGreaterThan((DELAY_SECONDS - 2) * 1000);
    // Asking again answers the same request.
    expect((await call('POST', `/api/v1/domains/${name}/unlock`, agent.key)).json().unlock.id).toBe(pending.id);
    // The agent's key is not a person; the person who claimed the agent is the same human as the agent.
    expect((await call('POST', `/api/v1/domains/${name}/unlock/approve`, agent.key)).statusCode).toBe(403);
    const byClaimer = await call('POST', `/api/v1/domains/${name}/unlock/approve`, asPerson());
    expect({ status: byClaimer.statusCode, rule: byClaimer.json().details?.rule }).toEqual({
      status: 403,
      rule: 'same_person',
    });
    expect(
      (await call('POST', '/api/v1/domains/transfer', agent.key, { domain: name, to_account_id: other.accountId }))
        .statusCode,
    ).toBe(423);
    expect(await s.t.db.em().findOneOrFail(RegistrarUnlock, { id: pending.id })).toMatchObject({ status: 'pending' });
    // The delay alone lifts it.
    await eventually(async () => (await lockState(name)).locked === false, (DELAY_SECONDS + 10) * 1000);
    const run = s.t.temporal.client.workflow.getHandle(`registrar-unlock:${name}:${pending.id}`);
    expect(await run.result()).toEqual({ outcome: 'unlocked' });
  }, 60_000);

  it('in a team, a member there before the lock and the delay approves at once; the asker, the agent’s claimer and a newcomer cannot', async () => {
    const { team, member, join } = await teamWithMember();
    const { agent, name } = await agentWithName();
    await call('POST', `/api/v1/teams/${team}/move-in`, asPerson());
    await call('POST', `/api/v1/domains/${name}/lock`, agent.key);
    const newcomer = await humanWithSession(s.t.app, s.t.db.orm, `lock-new-${randomLabel()}`);
    await join(newcomer);
    const pending = (await call('POST', `/api/v1/domains/${name}/unlock`, agent.key)).json().unlock;
    const approve = (who: { cookie: string }) =>
      call('POST', `/api/v1/domains/${name}/unlock/approve`, { cookie: who.cookie, 'x-team-id': team });
    // The asking agent's key is no person (refused by the route's credentials); the person who claimed it is
    // the same human; an admin who joined after the lock is what one person's invitation can make.
    expect((await call('POST', `/api/v1/domains/${name}/unlock/approve`, agent.key)).statusCode).toBe(403);
    const refusals = [await approve(person), await approve(newcomer)].map((r) => ({
      status: r.statusCode,
      rule: r.json().details?.rule,
    }));
    expect(refusals).toEqual([
      { status: 403, rule: 'same_person' },
      { status: 403, rule: 'joined_too_recently' },
    ]);
    const approved = await approve(member);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ locked: false, statuses: [], unlock: null });
    const row = await s.t.db.em().findOneOrFail(RegistrarUnlock, { id: pending.id });
    expect(row).toMatchObject({ status: 'applied', decidedBy: member.accountId });
    const run = s.t.temporal.client.workflow.getHandle(`registrar-unlock:${name}:${pending.id}`);
    expect(await run.result()).toEqual({ outcome: 'unlocked' });
    expect(
      (await call('PUT', `/api/v1/domains/${name}/listing`, agent.key, { price: { gems: 5000 } })).statusCode,
    ).toBe(200);
  });

  it('an unlock cancelled during its delay leaves the name locked; one left alone lifts after the delay', async () => {
    const { agent, name } = await agentWithName();
    await call('POST', `/api/v1/domains/${name}/lock`, agent.key);
    const first = (await call('POST', `/api/v1/domains/${name}/unlock`, agent.key)).json().unlock;
    const cancelled = await call('POST', `/api/v1/domains/${name}/unlock/cancel`, asPerson());
    expect(cancelled.json()).toMatchObject({ locked: true, unlock: null });
    await sleep(DELAY_SECONDS * 1000 + 1500);
    expect(await lockState(name)).toMatchObject({ locked: true });
    expect(await s.t.temporal.client.workflow.getHandle(`registrar-unlock:${name}:${first.id}`).result()).toEqual({
      outcome: 'cancelled',
    });
    expect((await call('POST', `/api/v1/domains/${name}/unlock/cancel`, asPerson())).json().code).toBe(
      'unlock_not_found',
    );

    // Asked again and left alone: the delay lifts it, with nobody's approval.
    const second = (await call('POST', `/api/v1/domains/${name}/unlock`, agent.key)).json().unlock;
    expect(second.id).not.toBe(first.id);
    await eventually(async () => (await lockState(name)).locked === false, (DELAY_SECONDS + 10) * 1000);
  }, 60_000);

  it('a transfer racing an approved unlock either waits for it or is refused: never while locked', async () => {
    const { team, member } = await teamWithMember();
    for (let round = 0; round < 3; round++) {
      const { agent, name } = await agentWithName();
      await call('POST', `/api/v1/teams/${team}/move-in`, asPerson());
      await call('POST', `/api/v1/domains/${name}/lock`, agent.key);
      const request = (await call('POST', `/api/v1/domains/${name}/unlock`, agent.key)).json().unlock;
      const [transfer, approved] = await Promise.all([
        call('POST', '/api/v1/domains/transfer', agent.key, { domain: name, to_account_id: other.accountId }),
        call('POST', `/api/v1/domains/${name}/unlock/approve`, { cookie: member.cookie, 'x-team-id': team }),
      ]);
      expect(approved.statusCode).toBe(200);
      expect([200, 423]).toContain(transfer.statusCode);
      if (transfer.statusCode === 200) {
        const row = await s.t.db.em().findOneOrFail(RegistrarUnlock, { id: request.id });
        const order = await s.t.db.em().findOneOrFail(DomainOrder, { domainName: name, kind: 'transfer' });
        expect(row.status).toBe('applied');
        expect(order.createdAt.getTime()).toBeGreaterThanOrEqual((row.decidedAt as Date).getTime());
      }
    }
  });
});
