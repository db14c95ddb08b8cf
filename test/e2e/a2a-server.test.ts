import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { Role, TaskState, type Message, type Part, type Task } from '@a2a-js/sdk';
import { ClientFactory, ClientFactoryOptions, JsonRpcTransportFactory } from '@a2a-js/sdk/client';
import { grantGems } from '../../src/ledger/gems.ts';
import { randomLabel } from '../helpers/fixtures.ts';
import { provision } from '../helpers/identities.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';

// The registry as an A2A agent (docs/a2a.md), reached with the stock @a2a-js/sdk client as any A2A agent
// reaches another: it discovers the registry's card, picks the JSON-RPC interface, and sends messages that
// search, register with gems, and register paid by mpp through a task that waits for the payment.

const dataIn = (parts: Part[] | undefined) =>
  (parts ?? []).map((p) => (p.content?.$case === 'data' ? p.content.value : undefined)).find((v) => v !== undefined) as
    Record<string, unknown> | undefined;

const userMessage = (parts: Part[], ids: { taskId?: string; contextId?: string } = {}): Message => ({
  messageId: randomUUID(),
  contextId: ids.contextId ?? '',
  taskId: ids.taskId ?? '',
  role: Role.ROLE_USER,
  parts,
  metadata: undefined,
  extensions: [],
  referenceTaskIds: [],
});
const data = (value: unknown): Part => ({
  content: { $case: 'data', value },
  metadata: undefined,
  filename: '',
  mediaType: 'application/json',
});
const text = (value: string): Part => ({
  content: { $case: 'text', value },
  metadata: undefined,
  filename: '',
  mediaType: 'text/plain',
});

describe('A2A server at /a2a, with the stock A2A client', () => {
  let s: RegistryStack;
  let agent: { api_key: string; account_id: string };

  /** A client from the registry's card, sending the agent's key on every call (or none). */
  const client = (key?: string) =>
    new ClientFactory({
      ...ClientFactoryOptions.default,
      transports: [
        new JsonRpcTransportFactory({
          fetchImpl: (url, init) =>
            fetch(url, {
              ...init,
              headers: { ...(init?.headers as Record<string, string>), ...(key ? { 'x-api-key': key } : {}) },
            }),
        }),
      ],
    }).createFromUrl(s.baseUrl);
  const send = async (key: string | undefined, message: Message) =>
    (await client(key)).sendMessage({ tenant: '', message, configuration: undefined, metadata: undefined });

  beforeAll(async () => {
    s = await startRegistryStack();
    agent = await provision(s.t.app);
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('finds the A2A interface first on the card, and searches without a credential', async () => {
    const card = await (await client()).getAgentCard();
    expect(card.supportedInterfaces[0]).toMatchObject({ url: `${s.baseUrl}/a2a`, protocolBinding: 'JSONRPC' });
    expect(card.supportedInterfaces[1]?.url).toBe(`${s.baseUrl}/mcp`);
    const label = randomLabel('a2as');
    const answer = (await send(undefined, userMessage([text(`search ${label}`)]))) as Message;
    expect(answer.role).toBe(Role.ROLE_AGENT);
    const body = dataIn(answer.parts) as { results: { domain: string; available: boolean }[] };
    expect(body.results.find((r) => r.domain === `${label}.agent`)).toMatchObject({ available: true });
    // The same by a data part naming the tool.
    const same = (await send(
      undefined,
      userMessage([data({ tool: 'search_domains', arguments: { q: label } })]),
    )) as Message;
    expect(dataIn(same.parts)).toEqual(body);
    // The verifier as a skill: its report (this stack's resolver reaches no name, so DNSSEC is unreachable).
    const verified = (await send(undefined, userMessage([text(`verify ${label}.agent`)]))) as Message;
    expect(dataIn(verified.parts)).toMatchObject({ name: `${label}.agent`, verified: false });
    expect((dataIn(verified.parts) as { checks: { id: string }[] }).checks.map((c) => c.id)).toContain('dnssec');
  });

  it('registers with gems in one message: a completed task whose artifact is the registration', async () => {
    await grantGems(s.t.db.em(), { accountId: agent.account_id, amount: 10_000, reference: `a2a:${randomLabel()}` });
    const name = `${randomLabel('a2ag')}.agent`;
    const done = (await send(
      agent.api_key,
      userMessage([
        data({
          tool: 'register_domain',
          arguments: { domain: name, years: 1, agreed_to_terms: true, payment_method: 'gems' },
        }),
      ]),
    )) as Task;
    expect(done.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(dataIn(done.artifacts[0]?.parts)).toMatchObject({ status: 'success', domain: { name } });
    const lookup = await s.t.app.inject({ method: 'GET', url: `/api/v1/lookup/${name}` });
    expect(lookup.json().domain).toMatchObject({ name, status: 'active' });
  });

  it('registers paid by mpp: input-required with the challenge, then completed with the credential in the task', async () => {
    const name = `${randomLabel('a2am')}.agent`;
    const waiting = (await send(
      agent.api_key,
      userMessage([data({ tool: 'register_domain', arguments: { domain: name, years: 1, agreed_to_terms: true } })]),
    )) as Task;
    expect(waiting.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    const asked = dataIn(waiting.status?.message?.parts) as {
      payment_required: { www_authenticate: string; response: unknown };
    };
    expect(asked.payment_required.www_authenticate).toMatch(/^Payment /);
    const paid = await s.pay({
      headers: { 'www-authenticate': asked.payment_required.www_authenticate },
      json: () => asked.payment_required.response,
    });
    const done = (await send(
      agent.api_key,
      userMessage([data({ credential: paid.credential })], { taskId: waiting.id, contextId: waiting.contextId }),
    )) as Task;
    expect(done.id).toBe(waiting.id);
    expect(done.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(dataIn(done.artifacts[0]?.parts)).toMatchObject({ status: 'success', domain: { name } });
    // Sent again, the credential pays nothing twice: the task is no longer waiting.
    const again = (await send(
      agent.api_key,
      userMessage([data({ credential: paid.credential })], { taskId: waiting.id, contextId: waiting.contextId }),
    ).catch((err: Error) => err)) as Message | Error;
    if (!(again instanceof Error)) expect(dataIn(again.parts)).toMatchObject({ code: 'no_payment_awaited' });
  });

  it('says how to ask when a message is not understood', async () => {
    const answer = (await send(undefined, userMessage([text('hello there, registry')]))) as Message;
    expect(dataIn(answer.parts)).toMatchObject({ code: 'unreadable_message' });
  });
});
