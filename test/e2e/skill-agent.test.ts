import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createPublicClient, createWalletClient, defineChain, http, parseAbiItem, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { Domain } from '../../src/db/entities/index.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';
import { randomLabel } from '../helpers/fixtures.ts';

interface Curl {
  method: string;
  url: string;
  headers: Record<string, string>;
  data?: string;
}

/** The shell commands of the skill file's code blocks, continuation lines joined. */
function curlCommands(markdown: string): string[] {
  const blocks = [...markdown.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1] as string);
  return blocks.map((b) => b.replace(/\\\n\s*/g, ' ').trim()).filter((c) => c.startsWith('curl '));
}

/** Enough of curl to run what the skill file shows: -X, -H, -d and one quoted URL. */
function parseCurl(command: string): Curl {
  const words = [...command.matchAll(/'([^']*)'|(\S+)/g)].map((m) => m[1] ?? (m[2] as string));
  const c: Curl = { method: 'GET', url: '', headers: {} };
  for (let i = 1; i < words.length; i++) {
    const w = words[i] as string;
    if (w === '-X') c.method = words[++i] as string;
    else if (w === '-H') {
      const [k, ...v] = (words[++i] as string).split(':');
      c.headers[(k as string).trim().toLowerCase()] = v.join(':').trim();
    } else if (w === '-d') c.data = words[++i];
    else if (!w.startsWith('-')) c.url = w;
  }
  return c;
}

async function run(c: Curl, replace: Record<string, string>) {
  const fill = (s: string) => Object.entries(replace).reduce((acc, [k, v]) => acc.split(k).join(v), s);
  const headers = Object.fromEntries(Object.entries(c.headers).map(([k, v]) => [k, fill(v)]));
  const res = await fetch(fill(c.url), { method: c.method, headers, ...(c.data ? { body: fill(c.data) } : {}) });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

// Issue 7 item 13: a scripted agent that has only the skill file and a funded wallet registers a name.
describe('an agent that reads only /tld/agent/skill.md', () => {
  let s: RegistryStack;
  beforeAll(async () => {
    s = await startRegistryStack();
  });
  afterAll(() => s?.stop());

  it('provisions, registers, pays as the file says, re-sends the receipt and finds its name', async () => {
    const skill = await (await fetch(`${s.baseUrl}/tld/agent/skill.md`)).text();
    const commands = curlCommands(skill).map(parseCurl);
    const find = (pred: (c: Curl) => boolean, what: string) => {
      const c = commands.find(pred);
      if (!c) throw new Error(`the skill file shows no command to ${what}`);
      return c;
    };
    // The example name is the one in the file; the file says to replace it with the name we want.
    const example = /The examples register `([a-z0-9-]+)\.agent`/.exec(skill)?.[1];
    expect(example).toBeDefined();
    const label = randomLabel('skill');
    const name = { [`${example}`]: label };

    const provision = await run(
      find((c) => c.url.endsWith('/api/v1/agents/provision'), 'provision'),
      {},
    );
    expect(provision.status).toBe(200);
    const key = provision.body.api_key as string;

    const registerCmd = find((c) => c.url.endsWith('/api/v1/domains/register') && !c.headers.authorization, 'register');
    const challenge = await run(registerCmd, { '<API_KEY>': key, ...name });
    expect(challenge.status).toBe(402);
    const required = challenge.body;

    // "call `transferWithMemo(address,uint256,bytes32)` on the token contract challenge.token, on chain
    // challenge.chain_id (RPC challenge.rpc_url), with challenge.pay_to, amount_minor and challenge.memo".
    const signature = /call `(transferWithMemo\([a-z0-9,]+\))` on the token contract `challenge\.token`/.exec(
      skill,
    )?.[1];
    expect(signature).toBeDefined();
    expect(skill).toMatch(/`challenge\.pay_to`, `amount_minor` and `challenge\.memo`/);
    const { token, pay_to, chain_id, memo, rpc_url } = required.challenge;
    const chain = defineChain({
      id: chain_id,
      name: 'skill-chain',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [rpc_url] } },
    });
    const account = privateKeyToAccount(s.payerKeys[2] as Hex);
    const wallet = createWalletClient({ chain, account, transport: http(rpc_url) });
    const hash = await wallet.writeContract({
      address: token,
      abi: [parseAbiItem(`function ${signature}`)],
      functionName: 'transferWithMemo',
      args: [pay_to, BigInt(required.amount_minor), memo],
    });
    await createPublicClient({ chain, transport: http(rpc_url), pollingInterval: 200 }).waitForTransactionReceipt({
      hash,
    });

    // "paid by hand, the transaction hash"; re-send with Authorization: Payment <RECEIPT>.
    expect(skill).toContain('paid by hand, the transaction hash');
    const paidCmd = find(
      (c) => c.url.endsWith('/api/v1/domains/register') && c.headers.authorization === 'Payment <RECEIPT>',
      'retry with the receipt',
    );
    const done = await run(paidCmd, { '<API_KEY>': key, '<RECEIPT>': hash, ...name });
    expect(done.status).toBe(200);
    expect(done.body.domain).toMatchObject({ name: `${label}.agent`, owner_id: provision.body.account_id });

    const lookup = await run(
      find((c) => c.url.includes('/api/v1/lookup/'), 'look the name up'),
      name,
    );
    expect(lookup.status).toBe(200);
    expect(lookup.body.domain.name).toBe(`${label}.agent`);
    expect(await s.t.db.orm.em.fork().count(Domain, { name: `${label}.agent` })).toBe(1);
  });
});
