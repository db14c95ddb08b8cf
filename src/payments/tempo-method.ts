import { Challenge, Credential, Errors } from 'mppx';
import { Mppx, tempo } from 'mppx/server';
import { Methods } from 'mppx/tempo';
import {
  createClient,
  createPublicClient,
  formatUnits,
  http,
  isAddressEqual,
  keccak256,
  parseEventLogs,
  stringToBytes,
  TransactionReceiptNotFoundError,
  type Hex,
} from 'viem';
import { getTransactionReceipt } from 'viem/actions';
import { Abis, Transaction } from 'viem/tempo';
import { tempo as tempoMainnet } from 'viem/tempo/chains';
import { PaymentVerificationError, type PaymentRefusalReason } from './refusal.ts';
import type { PaymentVerifier } from './verifier.ts';

/*
 * mppx's own Tempo `charge` method (method "tempo", intent "charge"), for a configured Tempo RPC.
 *
 * Binding, the mppx way: the challenge id is mppx's HMAC over the whole challenge (amount, token,
 * recipient, chain, expiry, and our session id in `opaque`). The paying client puts an attribution
 * memo in `transferWithMemo`: tag "mpp" | version | keccak(realm)[0..10] | keccak(clientId)[0..10] |
 * keccak256(challengeId)[0..7]; mppx's server refuses a transfer whose memo does not carry this
 * challenge's nonce and realm. So a payment belongs to exactly one challenge, and through it to one
 * session. The session's "memo" for PaymentVerifier is therefore `challengeMemo(challengeId)` =
 * keccak256(challenge id); the on-chain nonce is its first 7 bytes. Challenges are deterministic
 * (same input, same id), so the memo can be computed when the session is created.
 *
 * Credentials: push `{ type: 'hash' }` (client broadcast) and pull `{ type: 'transaction' }` (a signed
 * Tempo 0x76 transaction that mppx's `broadcastCredential` checks against the challenge and broadcasts).
 * mppx's default client mode for a local key is pull. A bare transaction hash is read too: a payer
 * without an MPP client calls transferWithMemo by hand with the attribution memo the 402 body gives.
 * Every payment on chain, whatever form named it, is judged by its transfer log against the session
 * (token, receiver, memo, amount), as mppx judges a push credential, but without mppx's two stateful
 * checks: the challenge's expiry (a payment mined in time must still register the name when it is
 * verified late) and its in-memory replay store (a verification that runs again after its answer was
 * lost is the same payment, not a replay). Single use is ours: the memo binds a transfer to one
 * challenge, and the receipt's (chain, hash) row to one session.
 */

export const TEMPO_DECIMALS = 6;
const MPP_TAG = keccak256(stringToBytes('mpp')).slice(2, 10);

/** keccak256 of the challenge id: what PaymentVerifier calls the session memo for this method. */
export function challengeMemo(challengeId: string): Hex {
  return keccak256(stringToBytes(challengeId));
}

/** mppx's attribution memo for a challenge (anonymous client), as its Tempo client writes it. */
export function attributionMemo(input: { challengeId: string; realm: string; clientId?: string }): Hex {
  const fp = (s: string) => keccak256(stringToBytes(s)).slice(2, 22);
  const client = input.clientId ? fp(input.clientId) : '0'.repeat(20);
  return `0x${MPP_TAG}01${fp(input.realm)}${client}${challengeMemo(input.challengeId).slice(2, 16)}`;
}

/** An attribution memo from this realm for the challenge whose memo is `memo` (any client id). */
function memoMatches(onChain: Hex, memo: Hex, realm: string): boolean {
  const m = onChain.toLowerCase();
  const expected = attributionMemo({ challengeId: '', realm }).toLowerCase();
  return m.length === 66 && m.slice(0, 32) === expected.slice(0, 32) && m.slice(52) === memo.toLowerCase().slice(2, 16);
}

function tempoClient(rpcUrl: string, chainId: number) {
  const chain = { ...tempoMainnet, id: chainId, rpcUrls: { default: { http: [rpcUrl] } } };
  return createClient({ chain, pollingInterval: 100, transport: http(rpcUrl, { retryCount: 0 }) });
}

export interface TempoChallengeInput {
  sessionId: string;
  realm: string;
  amountMinor: bigint;
  expiresAt: Date;
  secret: string;
  chainId: number;
  payTo: string;
  /** The TIP-20 token (pathUSD is 0x20c0…0000). */
  currency: string;
  description?: string;
  decimals?: number;
}

/** The `WWW-Authenticate: Payment …` value asking for a Tempo charge for one session. No I/O. */
export function buildTempoChallenge(input: TempoChallengeInput): { header: string; challengeId: string; memo: Hex } {
  if (new TextEncoder().encode(input.secret).byteLength < 32)
    throw new Error('MPP challenge secret must be at least 32 bytes');
  const decimals = input.decimals ?? TEMPO_DECIMALS;
  const challenge = Challenge.fromMethod(Methods.charge, {
    secretKey: input.secret,
    realm: input.realm,
    expires: input.expiresAt.toISOString(),
    meta: { session_id: input.sessionId },
    ...(input.description ? { description: input.description } : {}),
    request: {
      amount: formatUnits(input.amountMinor, decimals),
      decimals,
      currency: input.currency,
      recipient: input.payTo,
      chainId: input.chainId,
      externalId: input.sessionId,
    },
  });
  return { header: Challenge.serialize(challenge), challengeId: challenge.id, memo: challengeMemo(challenge.id) };
}

export interface TempoVerifierOptions {
  rpcUrl: string;
  chainId: number;
  payTo: string;
  token: string;
  secret: string;
  /** The realm challenges are issued with (the attribution memo's server id). */
  realm: string;
  /** Where findByMemo starts looking (default: genesis, fine for a local chain only). */
  fromBlock?: bigint;
}

export function createTempoVerifier(opts: TempoVerifierOptions): PaymentVerifier {
  const client = tempoClient(opts.rpcUrl, opts.chainId);
  const reader = createPublicClient({ cacheTime: 0, transport: http(opts.rpcUrl, { retryCount: 0 }) });
  const mppx = Mppx.create({
    methods: [tempo.charge({ currency: opts.token as Hex, recipient: opts.payTo as Hex, getClient: () => client })],
    secretKey: opts.secret,
    realm: opts.realm,
  });
  let chainChecked: Promise<void> | undefined;
  const checkChain = () =>
    (chainChecked ??= reader.getChainId().then((id) => {
      if (id !== opts.chainId) throw new Error(`RPC ${opts.rpcUrl} serves chain ${id}, expected ${opts.chainId}`);
    })).catch((err: unknown) => {
      chainChecked = undefined;
      throw err;
    });

  const minedReceipt = (hash: Hex) =>
    getTransactionReceipt(client, { hash }).catch((err: unknown) => {
      if (err instanceof TransactionReceiptNotFoundError) return null;
      throw err;
    });

  /**
   * A transaction on chain, judged by its logs: one TransferWithMemo of the token, to us, of exactly the
   * amount, with this session's memo. Every mined payment is judged here (a hand transfer's bare hash, a
   * push credential, a pull credential once broadcast), and only by what the chain holds: the memo binds
   * the transfer to this challenge for good, so neither the challenge's expiry (a payment mined in time may
   * be verified after it, when a dependency was away) nor a verification run twice changes the verdict.
   */
  const verifyTransfer = async (hash: Hex, amountMinor: bigint, memo: Hex, realm = opts.realm) => {
    const mined = await minedReceipt(hash);
    if (!mined) throw new PaymentVerificationError('not_found', `No mined transaction ${hash} (yet).`);
    if (mined.status !== 'success') throw new PaymentVerificationError('failed_tx', `Transaction ${hash} reverted.`);
    const logs = parseEventLogs({ abi: Abis.tip20, eventName: 'TransferWithMemo', logs: mined.logs });
    // Narrow step by step so the refusal names the first thing that is wrong; only the token's own logs count.
    const steps: [PaymentRefusalReason, string, (l: (typeof logs)[number]) => boolean][] = [
      ['not_a_transfer', 'has no transferWithMemo', () => true],
      ['wrong_token', 'moves another token', (l) => isAddressEqual(l.address, opts.token as Hex)],
      ['wrong_receiver', 'pays another receiver', (l) => isAddressEqual(l.args.to, opts.payTo as Hex)],
      ['wrong_session', "carries another checkout's memo", (l) => memoMatches(l.args.memo, memo, realm)],
      ['wrong_amount', `does not pay exactly ${amountMinor}`, (l) => l.args.amount === amountMinor],
    ];
    let left = logs;
    for (const [reason, what, keep] of steps) {
      left = left.filter(keep);
      if (left.length === 0) throw new PaymentVerificationError(reason, `Transaction ${hash} ${what}.`);
    }
    return { txHash: hash.toLowerCase(), payer: (left[0] as (typeof logs)[number]).args.from.toLowerCase() };
  };

  /**
   * A pull credential: mppx checks the signed transaction against the challenge and broadcasts it, once.
   * Idempotent: a transaction already mined (a verification run again after its answer was lost) is
   * judged on chain; one this process broadcast that is not mined yet is waited for (mppx's replay store
   * then says "already been used", which is our own earlier broadcast, not another session's use).
   */
  const broadcastOnce = async (credential: Credential.Credential, amountMinor: bigint, memo: string) => {
    const { realm } = credential.challenge;
    const signed = (credential.payload as { signature: Hex }).signature;
    const tx = Transaction.deserialize(signed as Transaction.TransactionSerializedTempo);
    const hash = keccak256(await Transaction.serialize(tx));
    if (await minedReceipt(hash)) return verifyTransfer(hash, amountMinor, memo as Hex, realm);
    try {
      const done = await mppx.broadcastCredential(Credential.serialize(credential));
      return { txHash: done.reference.toLowerCase(), payer: String(tx.from).toLowerCase() };
    } catch (err) {
      if (!(err instanceof Errors.PaymentError) || !/already been used/.test(err.message)) throw err;
      throw new PaymentVerificationError('not_found', `Transaction ${hash} was broadcast and is not mined yet.`);
    }
  };

  return {
    chainId: opts.chainId,
    token: opts.token.toLowerCase(),

    async verify({ receipt, amountMinor, memo }) {
      await checkChain();
      const bare = receipt.trim().replace(/^Payment\s+/i, '');
      if (/^0x[0-9a-fA-F]{64}$/.test(bare)) return verifyTransfer(bare as Hex, amountMinor, memo as Hex);
      const credential = parse(receipt);
      if (!credential)
        throw new PaymentVerificationError('not_a_transfer', 'The receipt is not a Tempo charge credential.');
      const { challenge } = credential;
      if (!Challenge.verify(challenge, { secretKey: opts.secret })) {
        throw new PaymentVerificationError(
          'wrong_session',
          'The credential answers a challenge this server did not issue.',
        );
      }
      if (challengeMemo(challenge.id) !== memo.toLowerCase()) {
        throw new PaymentVerificationError('wrong_session', "The credential answers another session's challenge.");
      }
      const request = challenge.request as {
        amount: string;
        currency: string;
        recipient: string;
        methodDetails?: { chainId?: number };
      };
      if (!isAddressEqual(request.currency as Hex, opts.token as Hex))
        throw new PaymentVerificationError('wrong_token', 'The challenge asks for another token.');
      if (!isAddressEqual(request.recipient as Hex, opts.payTo as Hex))
        throw new PaymentVerificationError('wrong_receiver', 'The challenge pays another receiver.');
      if (request.methodDetails?.chainId !== opts.chainId)
        throw new PaymentVerificationError('wrong_token', 'The challenge is for another chain.');
      if (BigInt(request.amount) !== amountMinor)
        throw new PaymentVerificationError('wrong_amount', `The challenge does not ask for exactly ${amountMinor}.`);

      const payload = credential.payload as { type: string; hash?: Hex; signature?: Hex };
      try {
        // The memo commits to the realm the challenge was issued with (verified ours above): the API's
        // public host, even where this worker was configured with another.
        if (payload.type === 'hash' && payload.hash)
          return await verifyTransfer(payload.hash, amountMinor, memo as Hex, challenge.realm);
        if (payload.type === 'transaction' && payload.signature)
          return await broadcastOnce(credential, amountMinor, memo);
      } catch (err) {
        throw refusal(err);
      }
      throw new PaymentVerificationError('not_a_transfer', `Unsupported Tempo credential payload "${payload.type}".`);
    },

    async findByMemo({ amountMinor, memo }) {
      await checkChain();
      const logs = await reader.getLogs({
        address: opts.token as Hex,
        event: Abis.tip20.find((i) => i.type === 'event' && i.name === 'TransferWithMemo') as TransferWithMemoEvent,
        args: { to: opts.payTo as Hex },
        fromBlock: opts.fromBlock ?? 0n,
        toBlock: 'latest',
        strict: true,
      });
      const hit = logs.find((l) => l.args.amount === amountMinor && memoMatches(l.args.memo, memo as Hex, opts.realm));
      return hit ? { txHash: hit.transactionHash.toLowerCase(), payer: hit.args.from.toLowerCase() } : null;
    },
  };
}

type TransferWithMemoEvent = Extract<(typeof Abis.tip20)[number], { type: 'event'; name: 'TransferWithMemo' }>;

function parse(value: string): Credential.Credential | null {
  const text = value.trim();
  if (text.length === 0 || text.length > 32 * 1024) return null;
  try {
    const c = Credential.deserialize(/^Payment\s/i.test(text) ? text : `Payment ${text}`);
    return c.challenge.method === 'tempo' && c.challenge.intent === 'charge' ? c : null;
  } catch {
    return null;
  }
}

/** mppx's verdicts as our refusal reasons; anything else (RPC, network) stays a transient error. */
function refusal(err: unknown): unknown {
  if (err instanceof PaymentVerificationError) return err;
  if (err instanceof TransactionReceiptNotFoundError)
    return new PaymentVerificationError('not_found', 'The transaction is not mined (yet).');
  const message = (err as Error)?.message ?? String(err);
  // Only a transaction not yet on chain meets the expiry: it was never sent, so nothing was paid.
  if (err instanceof Errors.PaymentExpiredError)
    return new PaymentVerificationError(
      'expired',
      `The challenge expired before its payment was sent; nothing was paid. Ask for a new challenge: ${message}`,
    );
  if (err instanceof Errors.PaymentError) {
    if (/not bound to this challenge/.test(message)) return new PaymentVerificationError('wrong_session', message);
    return new PaymentVerificationError(
      'wrong_amount',
      `The transaction does not pay what the challenge asks: ${message}`,
    );
  }
  if (/^Transaction reverted/.test(message)) return new PaymentVerificationError('failed_tx', message);
  // A pull transaction that cannot execute (simulation reverts): it never will.
  if ((err as { name?: string })?.name === 'CallExecutionError')
    return new PaymentVerificationError('failed_tx', message.split('\n')[0] ?? message);
  return err;
}
