import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Challenge } from 'mppx';
import { tempo } from 'mppx/client';
import type { Hex } from 'viem';
import { Actions } from 'viem/tempo';
import { checkoutSessions } from '../../src/db/checkout-sessions.ts';
import { Domain, LedgerTransaction, PaymentReceipt } from '../../src/db/entities/index.ts';
import { gemsBalance } from '../../src/ledger/gems.ts';
import { registerDomain } from '../helpers/app.ts';
import { randomLabel } from '../helpers/fixtures.ts';
import { provision } from '../helpers/identities.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';
import { fundedPayer, tempoClient } from '../helpers/tempo-chain.ts';

// Chaos seed 11351 (issue 38): a payment made while its challenge was open, whose paid retry reached
// the checkout only after the challenge had expired (Temporal away for seconds), was answered 402
// invalid_receipt `wrong_session` although the money had arrived. A payment mined in time is this
// checkout's payment whenever it is verified, and as often as its retry is sent.
describe('a payment verified after its challenge expired (chaos seed 11351)', () => {
  let s: RegistryStack;
  /** mppx's own client pays at once (push: it broadcasts and waits for the transfer to be mined). */
  async function payPush(challenge: Challenge.Challenge): Promise<string> {
    const method = tempo.charge({
      account: await fundedPayer(s.anvil.rpcUrl),
      mode: 'push',
      getClient: () => tempoClient(s.anvil.rpcUrl),
    });
    return method.createCredential({
      challenge: challenge as Parameters<typeof method.createCredential>[0]['challenge'],
      context: {},
    });
  }
  beforeAll(async () => {
    s = await startRegistryStack({ CHECKOUT_TTL_SECONDS: '15' });
  });
  afterAll(() => s?.stop());

  it('registers the name, once, for the same receipt sent twice after the expiry', async () => {
    const { api_key: key, account_id: accountId } = await provision(s.t.app);
    const label = randomLabel('late');
    const send = (headers: Record<string, string> = {}) =>
      registerDomain(s.t.app, label, { headers: { 'x-api-key': key, ...headers } });
    const first = await send();
    expect(first.statusCode).toBe(402);
    const challenge = Challenge.deserialize(first.headers['www-authenticate'] as string);
    const credential = await payPush(challenge);
    // The retry arrives late: the challenge expired meanwhile, the checkout's settle grace has not.
    await sleep(Date.parse(challenge.expires as string) - Date.now() + 1_000);
    const answers = await Promise.all([send({ authorization: credential }), send({ authorization: credential })]);
    for (const a of answers) expect({ status: a.statusCode, body: a.json() }).toMatchObject({ status: 200 });
    const em = s.t.db.em();
    const domains = await em.find(Domain, { name: `${label}.agent`, status: 'active' }, { populate: ['owner'] });
    expect(domains.map((d) => d.owner.id)).toEqual([accountId]);
    expect(await em.count(PaymentReceipt, { sessionId: (first.json() as { session_id: string }).session_id })).toBe(1);
  });

  // A CI run of chaos (issue 38): a holder can have two unclosed rows on one name (an API killed after
  // it recorded a row and before it started the run leaves one no run answers). A paid retry must reach
  // the checkout its challenge names, whichever row is newer; it was answered 402 invalid_receipt
  // `wrong_session` when the other row was the newer one.
  it('pays the checkout the challenge names when an orphaned row of the same holder is still open', async () => {
    const { api_key: key, account_id: accountId } = await provision(s.t.app);
    const label = randomLabel('orphan');
    const name = `${label}.agent`;
    const send = (headers: Record<string, string> = {}) =>
      registerDomain(s.t.app, label, { headers: { 'x-api-key': key, ...headers } });
    const first = await send();
    expect(first.statusCode).toBe(402);
    const challenge = Challenge.deserialize(first.headers['www-authenticate'] as string);
    await checkoutSessions(s.t.db.em()).open({
      sessionId: randomUUID(),
      name,
      operation: 'registration',
      holder: `account:${accountId}`,
      actorAccountId: accountId,
      method: 'mpp',
      relaySessionId: null,
      expiresAt: new Date(Date.now() + 600_000),
      max: 10,
    });
    const credential = await payPush(challenge);
    const paid = await send({ authorization: credential });
    expect({ status: paid.statusCode, body: paid.json() }).toMatchObject({ status: 200 });
    const domains = await s.t.db.em().find(Domain, { name, status: 'active' }, { populate: ['owner'] });
    expect(domains.map((d) => d.owner.id)).toEqual([accountId]);
  });

  // A payment mined after its checkout closed unpaid (reset here; a hand transfer has no validity
  // window, so it can also land after the challenge's last look) cannot register anything any more,
  // and must not be lost: its receipt, sent by the checkout's holder, is credited once as gems.
  describe('a payment that lands after its checkout closed unpaid', () => {
    async function closedCheckout() {
      const agent = await provision(s.t.app);
      const label = randomLabel('lapsed');
      const send = (key: string, headers: Record<string, string> = {}, receipt?: string) =>
        registerDomain(s.t.app, label, { headers: { 'x-api-key': key, ...headers }, body: receipt ? { receipt } : {} });
      const first = await send(agent.api_key);
      expect(first.statusCode).toBe(402);
      const reset = await s.t.app.inject({
        method: 'POST',
        url: `/api/v1/domains/${label}.agent/reset-lock`,
        headers: { 'x-api-key': agent.api_key },
      });
      expect(reset.statusCode).toBe(200);
      const body = first.json() as {
        session_id: string;
        amount_minor: string;
        challenge: { token: Hex; pay_to: Hex; memo: Hex };
      };
      return { agent, label, send, first, body };
    }

    async function credited(sessionId: string) {
      return s.t.db.em().count(LedgerTransaction, { reference: `credit:registration:${sessionId}` });
    }

    it('credits a hand transfer sent as a bare hash, once, and tells nobody else', async () => {
      const { agent, label, send, body } = await closedCheckout();
      const payer = await fundedPayer(s.anvil.rpcUrl);
      const { receipt } = await Actions.token.transferSync(tempoClient(s.anvil.rpcUrl), {
        account: payer,
        token: body.challenge.token,
        to: body.challenge.pay_to,
        amount: BigInt(body.amount_minor),
        memo: body.challenge.memo,
        feeToken: body.challenge.token,
      });
      const hash = receipt.transactionHash;
      const before = await gemsBalance(s.t.db.em(), agent.account_id);

      // Someone else who saw the hash on chain learns nothing and moves nothing.
      const stranger = await provision(s.t.app);
      const theirs = await send(stranger.api_key, {}, hash);
      expect({ status: theirs.statusCode, code: theirs.json().code }).toEqual({ status: 409, code: 'no_checkout' });
      expect(await credited(body.session_id)).toBe(0);

      const answers = [await send(agent.api_key, {}, hash), await send(agent.api_key, {}, hash)];
      for (const a of answers) {
        expect({ status: a.statusCode, body: a.json() }).toMatchObject({
          status: 409,
          body: {
            code: 'checkout_closed',
            details: { session_id: body.session_id, credited: { account_id: agent.account_id } },
          },
        });
      }
      const gems = (answers[0]?.json() as { details: { credited: { gems: number } } }).details.credited.gems;
      expect(gems).toBeGreaterThan(0);
      expect(await gemsBalance(s.t.db.em(), agent.account_id)).toBe(before + gems);
      expect(await credited(body.session_id)).toBe(1);
      const em = s.t.db.em();
      expect(await em.count(PaymentReceipt, { txHash: hash.toLowerCase() })).toBe(1);
      expect(await em.count(Domain, { name: `${label}.agent` })).toBe(0);
    });

    it('credits an MPP credential whose checkout was reset before it was sent', async () => {
      const { agent, send, first, body } = await closedCheckout();
      const challenge = Challenge.deserialize(first.headers['www-authenticate'] as string);
      const credential = await payPush(challenge);
      const answer = await send(agent.api_key, { authorization: credential });
      expect({ status: answer.statusCode, body: answer.json() }).toMatchObject({
        status: 409,
        body: { code: 'checkout_closed', details: { session_id: body.session_id } },
      });
      expect(await credited(body.session_id)).toBe(1);
    });
  });
});
