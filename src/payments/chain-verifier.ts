import {
  createPublicClient,
  http,
  isAddressEqual,
  keccak256,
  parseAbiItem,
  parseEventLogs,
  stringToBytes,
  TransactionReceiptNotFoundError,
  type Hex,
} from 'viem';

// The TIP-20 event a memo payment leaves (same signature on Tempo's pathUSD and contracts/PathUsd.sol).
export const transferWithMemoEvent = parseAbiItem(
  'event TransferWithMemo(address indexed from, address indexed to, uint256 amount, bytes32 indexed memo)',
);

export type PaymentRefusalReason =
  | 'not_found'
  | 'not_confirmed'
  | 'failed_tx'
  | 'wrong_token'
  | 'wrong_receiver'
  | 'wrong_amount'
  | 'wrong_session'
  | 'not_a_transfer';

/**
 * A receipt that does not (or not yet) pay what was asked. `retryable` reasons (the transaction is not
 * mined or not deep enough yet) may succeed later; the others never will for this transaction.
 * RPC and network failures are plain errors instead: transient, for the caller's retry policy.
 */
export class PaymentVerificationError extends Error {
  override name = 'PaymentVerificationError';
  readonly reason: PaymentRefusalReason;
  readonly retryable: boolean;

  constructor(reason: PaymentRefusalReason, message: string) {
    super(message);
    this.reason = reason;
    this.retryable = reason === 'not_found' || reason === 'not_confirmed';
  }
}

/** The memo that binds a payment to one checkout session: keccak256 of the session id's UTF-8 bytes. */
export function sessionMemo(sessionId: string): Hex {
  return keccak256(stringToBytes(sessionId));
}

export interface VerifiedTransfer {
  payer: Hex;
  amountMinor: bigint;
  blockNumber: bigint;
  txHash: Hex;
}

export interface ChainVerifier {
  verifyTransfer(input: { txHash: Hex; amountMinor: bigint; memo: Hex }): Promise<VerifiedTransfer>;
  findTransferByMemo(input: {
    memo: Hex;
    amountMinor: bigint;
    fromBlock: bigint;
  }): Promise<{ txHash: Hex; payer: Hex } | null>;
  blockNumber(): Promise<bigint>;
}

export function createChainVerifier(opts: {
  rpcUrl: string;
  chainId: number;
  token: Hex;
  payTo: Hex;
  /** Blocks a payment must be buried under, counting its own (1 = mined is enough). */
  confirmations?: number;
}): ChainVerifier {
  // cacheTime 0: viem otherwise serves a block number up to 4 s old, and confirmations need the real head.
  const client = createPublicClient({ cacheTime: 0, transport: http(opts.rpcUrl, { retryCount: 0 }) });
  const confirmations = BigInt(Math.max(1, opts.confirmations ?? 1));
  const deepEnough = (mined: bigint, head: bigint) => head - mined + 1n >= confirmations;
  // A misconfigured RPC must not "verify" a look-alike payment on another chain (dev chains even share
  // contract addresses), so the node's chain id is checked once before anything is trusted.
  let chainChecked: Promise<void> | undefined;
  const checkChain = () =>
    (chainChecked ??= client.getChainId().then((id) => {
      if (id !== opts.chainId) throw new Error(`RPC ${opts.rpcUrl} serves chain ${id}, expected ${opts.chainId}`);
    })).catch((err: unknown) => {
      chainChecked = undefined;
      throw err;
    });

  return {
    async verifyTransfer({ txHash, amountMinor, memo }) {
      await checkChain();
      let receipt;
      try {
        receipt = await client.getTransactionReceipt({ hash: txHash });
      } catch (err) {
        if (err instanceof TransactionReceiptNotFoundError) {
          throw new PaymentVerificationError(
            'not_found',
            `No mined transaction ${txHash} on chain ${opts.chainId} (yet).`,
          );
        }
        throw err;
      }
      if (receipt.status !== 'success')
        throw new PaymentVerificationError('failed_tx', `Transaction ${txHash} reverted.`);

      // Narrow step by step so the refusal names the first thing that is wrong. Only logs emitted by
      // the configured token contract count: any contract can emit an event with the same shape.
      const memoLogs = parseEventLogs({
        abi: [transferWithMemoEvent],
        eventName: 'TransferWithMemo',
        logs: receipt.logs,
      });
      if (memoLogs.length === 0)
        throw new PaymentVerificationError('not_a_transfer', `Transaction ${txHash} has no transferWithMemo.`);
      const ofToken = memoLogs.filter((l) => isAddressEqual(l.address, opts.token));
      if (ofToken.length === 0)
        throw new PaymentVerificationError('wrong_token', `Transaction ${txHash} moves another token.`);
      const toUs = ofToken.filter((l) => isAddressEqual(l.args.to, opts.payTo));
      if (toUs.length === 0)
        throw new PaymentVerificationError('wrong_receiver', `Transaction ${txHash} pays another receiver.`);
      const bound = toUs.filter((l) => l.args.memo.toLowerCase() === memo.toLowerCase());
      if (bound.length === 0)
        throw new PaymentVerificationError('wrong_session', `Transaction ${txHash} carries another session's memo.`);
      const exact = bound.find((l) => l.args.amount === amountMinor);
      if (!exact)
        throw new PaymentVerificationError(
          'wrong_amount',
          `Transaction ${txHash} does not pay exactly ${amountMinor}.`,
        );

      if (confirmations > 1n && !deepEnough(receipt.blockNumber, await client.getBlockNumber())) {
        throw new PaymentVerificationError(
          'not_confirmed',
          `Transaction ${txHash} has fewer than ${confirmations} confirmations.`,
        );
      }
      return { payer: exact.args.from, amountMinor, blockNumber: receipt.blockNumber, txHash: receipt.transactionHash };
    },

    async findTransferByMemo({ memo, amountMinor, fromBlock }) {
      // Reverted transactions leave no logs, so every log found here belongs to a successful transfer.
      await checkChain();
      const head = await client.getBlockNumber();
      if (fromBlock > head) return null;
      const logs = await client.getLogs({
        address: opts.token,
        event: transferWithMemoEvent,
        args: { to: opts.payTo, memo },
        fromBlock,
        toBlock: head,
        strict: true,
      });
      const hit = logs.find((l) => l.args.amount === amountMinor && deepEnough(l.blockNumber, head));
      return hit ? { txHash: hit.transactionHash, payer: hit.args.from } : null;
    },

    blockNumber: () => client.getBlockNumber(),
  };
}
