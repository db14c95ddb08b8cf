import {
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  keccak256,
  parseTransaction,
  TransactionReceiptNotFoundError,
  type Address,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/**
 * A key that sends transactions signed once and stored before they are sent (the market's payouts, names'
 * ERC-8004 registrations): its chain clients, and the steps both follow so that a retry sends the very same
 * transaction again and a new one is signed only when the chain proves the stored one can never be mined.
 * The caller stores the signed transaction and serialises signing (an advisory lock on the key).
 */
export function chainSender(s: { rpcUrl: string; chainId: number; privateKey: Hex }) {
  const chain = defineChain({
    id: s.chainId,
    name: `chain-${s.chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [s.rpcUrl] } },
  });
  const account = privateKeyToAccount(s.privateKey);
  const client = createPublicClient({ chain, transport: http(s.rpcUrl), pollingInterval: 500 });
  const wallet = createWalletClient({ chain, account, transport: http(s.rpcUrl) });

  async function receiptOf(hash: Hex) {
    try {
      return await client.getTransactionReceipt({ hash });
    } catch (err) {
      if (err instanceof TransactionReceiptNotFoundError) return null;
      throw err;
    }
  }

  return {
    address: account.address,
    client,
    receiptOf,

    /** A call signed with the key's next pending nonce (the caller holds the key's signing lock). */
    async signCall(to: Address, data: Hex): Promise<Hex> {
      const nonce = await client.getTransactionCount({ address: account.address, blockTag: 'pending' });
      return wallet.signTransaction(await wallet.prepareTransactionRequest({ to, data, nonce, chain }));
    },

    /** Sends a signed transaction; an error (already known, a node that hiccups) is for its receipt to settle. */
    send: (raw: Hex) => client.sendRawTransaction({ serializedTransaction: raw }).catch(() => undefined),

    /**
     * A stored transaction without a receipt, sent again: false when it can never be mined (its nonce used
     * by another mined transaction, and still no receipt of its own), so a new one must be signed.
     */
    async resend(raw: Hex): Promise<boolean> {
      await this.send(raw);
      const used = await client.getTransactionCount({ address: account.address, blockTag: 'latest' });
      return !(used > (parseTransaction(raw).nonce ?? 0) && !(await receiptOf(keccak256(raw))));
    },
  };
}

export type ChainSender = ReturnType<typeof chainSender>;
