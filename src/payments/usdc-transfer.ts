import {
  createPublicClient,
  http,
  isAddressEqual,
  parseAbiItem,
  parseEventLogs,
  TransactionReceiptNotFoundError,
  type Hex,
} from 'viem';
import { PaymentVerificationError } from './refusal.ts';

const transferEvent = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

/**
 * The registry's own check of a settlement the relay reports as confirmed (docs/payments.md "USDC route"): the
 * relay is trusted to settle, never to say what was paid. A successful transaction whose logs hold a
 * `Transfer` emitted by the USDC contract itself, to our receiver, of exactly the amount (from the
 * payer, when known), with enough blocks on top. Refusals use the machine-payment reasons.
 */
export function usdcTransferVerifier(opts: { rpcUrl: string; token: Hex; payTo: Hex; confirmations?: number }) {
  const client = createPublicClient({ transport: http(opts.rpcUrl), cacheTime: 0 });
  const confirmations = BigInt(Math.max(1, opts.confirmations ?? 1));
  return async function verify(p: {
    txHash: Hex;
    amountMinor: bigint;
    payer?: Hex | null;
  }): Promise<{ payer: Hex; blockNumber: bigint }> {
    let receipt;
    try {
      receipt = await client.getTransactionReceipt({ hash: p.txHash });
    } catch (err) {
      if (err instanceof TransactionReceiptNotFoundError)
        throw new PaymentVerificationError('not_found', `No mined transaction ${p.txHash} (yet).`);
      throw err;
    }
    if (receipt.status !== 'success')
      throw new PaymentVerificationError('failed_tx', `Transaction ${p.txHash} reverted.`);
    const transfers = parseEventLogs({ abi: [transferEvent], eventName: 'Transfer', logs: receipt.logs });
    const ofToken = transfers.filter((l) => isAddressEqual(l.address, opts.token));
    if (ofToken.length === 0)
      throw new PaymentVerificationError('wrong_token', `Transaction ${p.txHash} moves no USDC.`);
    const toUs = ofToken.filter((l) => isAddressEqual(l.args.to, opts.payTo));
    if (toUs.length === 0)
      throw new PaymentVerificationError('wrong_receiver', `Transaction ${p.txHash} pays another receiver.`);
    const exact = toUs.find(
      (l) => l.args.value === p.amountMinor && (!p.payer || isAddressEqual(l.args.from, p.payer)),
    );
    if (!exact)
      throw new PaymentVerificationError(
        'wrong_amount',
        `Transaction ${p.txHash} does not pay exactly ${p.amountMinor}.`,
      );
    if (confirmations > 1n && (await client.getBlockNumber()) - receipt.blockNumber + 1n < confirmations)
      throw new PaymentVerificationError('not_confirmed', `Transaction ${p.txHash} has too few confirmations.`);
    return { payer: exact.args.from, blockNumber: receipt.blockNumber };
  };
}

export type UsdcTransferVerifier = ReturnType<typeof usdcTransferVerifier>;
