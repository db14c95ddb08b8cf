import { encodeFunctionData, keccak256, parseAbi, type Hex } from 'viem';
import { chainSender } from '../payments/chain-sender.ts';
import { accountRepository } from '../db/account-repository.ts';
import { findOrder, recordOrder } from '../db/orders.ts';
import type { Config } from '../config/env.ts';
import type { Orm } from '../db/orm.ts';
import { saleRepository, type SaleRecord } from '../db/sale-repository.ts';
import { accountBook, CHAIN_BOOK, postJournal } from '../ledger/journal.ts';

const erc20 = parseAbi(['function transfer(address to, uint256 amount) returns (bool)']);

/**
 * The payout service from the configuration: the machine-payment chain, its token and the treasury's
 * key (PAYOUT_PRIVATE_KEY). Null without a key: proceeds stay held as a withdrawable balance.
 */
export function payoutServiceFromConfig(config: Config, orm: Orm): PayoutService | null {
  const { CHAIN_RPC_URL, MPP_TOKEN_ADDRESS, PAYOUT_PRIVATE_KEY } = config;
  if (!CHAIN_RPC_URL || !MPP_TOKEN_ADDRESS || !PAYOUT_PRIVATE_KEY) return null;
  return payoutService({
    orm,
    rpcUrl: CHAIN_RPC_URL,
    chainId: config.TEMPO_CHAIN_ID,
    token: MPP_TOKEN_ADDRESS as Hex,
    privateKey: PAYOUT_PRIVATE_KEY as Hex,
  });
}

export interface PayoutSettings {
  orm: Orm;
  rpcUrl: string;
  chainId: number;
  /** The pathUSD token payments land in. */
  token: Hex;
  /** The treasury's key: the receiver of payments, which pays proceeds out. */
  privateKey: Hex;
}

/**
 * Pays a sale's pathUSD proceeds to the seller's payout address, never twice (docs/market.md
 * "Payouts"). The transaction is signed and stored on the sale BEFORE it is sent, so a retry after a
 * crash sends the very same transaction again (same nonce, same hash): the chain takes it once. Only
 * when the chain proves the stored one can never be mined (its nonce was used by another transaction
 * and no receipt exists) is a new one signed. Signing is serialised across workers by an advisory lock,
 * so two payouts never take one nonce. Once mined, the seller's ledger book pays the chain book.
 */
export function payoutService(s: PayoutSettings) {
  const sender = chainSender(s);
  const { client, receiptOf } = sender;

  /**
   * Signs the payout and stores it on the sale (committed before anything is sent), then sends it. A
   * second signer may take the same nonce before this one is sent; then only one of the two can be
   * mined, and the other is re-signed by its retry (see payOut): never two payments.
   */
  async function signAndStore(sale: SaleRecord): Promise<Hex> {
    const raw = await s.orm.em.fork().transactional(async (tx) => {
      await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [`payout-signer:${sender.address}`]);
      const data = encodeFunctionData({
        abi: erc20,
        functionName: 'transfer',
        args: [sale.payoutAddress as Hex, sale.sellerAmount],
      });
      const raw = await sender.signCall(s.token, data);
      await saleRepository(tx).storePayoutTx(sale.id, raw, keccak256(raw));
      return raw;
    });
    await sender.send(raw);
    return raw;
  }

  /** Records a mined payout: the seller's book pays the chain book, and a `payout` order. Once. */
  async function settle(sale: SaleRecord, hash: Hex): Promise<void> {
    await s.orm.em.fork().transactional(async (tx) => {
      await postJournal(tx, {
        reference: `payout:sale:${sale.id}`,
        kind: 'payout',
        memo: sale.domainName,
        currency: 'pathusd',
        covered: [],
        lines: [
          { book: accountBook(sale.sellerId), amount: -sale.sellerAmount },
          { book: CHAIN_BOOK, amount: sale.sellerAmount },
        ],
      });
      const order = await findOrder(tx, `payout:${sale.id}`);
      if (!order)
        recordOrder(tx, {
          reference: `payout:${sale.id}`,
          kind: 'payout',
          domainName: sale.domainName,
          domainId: sale.domainId,
          accountId: sale.sellerId,
          ownerId: sale.sellerId,
          status: 'completed',
          paymentMethod: 'mpp',
          amountGems: 0,
          amountMinor: sale.sellerAmount,
          currency: 'pathusd',
          paymentReference: hash,
          details: { sale_id: sale.id, payout_address: sale.payoutAddress },
        });
      await saleRepository(tx).markPaid(sale.id, hash);
    });
  }

  /** The sale's payout status after this attempt: `paid`, or `held` when there is nothing to send. */
  async function payOut(saleId: number): Promise<string> {
    const sale = await saleRepository(s.orm.em.fork()).get(saleId);
    if (sale.payoutStatus === 'held') {
      // Held for want of an address: taken now if the seller has one (once: a conditional update).
      const address = await accountRepository(s.orm.em.fork()).payoutAddressOf(sale.sellerId);
      if (!address) return 'held';
      await saleRepository(s.orm.em.fork()).takeHeld(saleId, address);
      return payOut(saleId);
    }
    if (sale.payoutStatus === 'paid' || !sale.payoutAddress) return sale.payoutStatus ?? 'held';
    let raw = sale.payoutRawTx as Hex | null;
    if (raw) {
      const hash = keccak256(raw);
      const mined = await receiptOf(hash);
      if (mined?.status === 'success') {
        await settle(sale, hash);
        return 'paid';
      }
      if (mined) throw new Error(`payout ${hash} of sale ${saleId} reverted; an operator must look`);
      if (!(await sender.resend(raw))) raw = null;
    }
    raw ??= await signAndStore(sale);
    const hash = keccak256(raw);
    const receipt = await client.waitForTransactionReceipt({ hash, timeout: 30_000 });
    if (receipt.status !== 'success') throw new Error(`payout ${hash} of sale ${saleId} reverted`);
    await settle(sale, hash);
    return 'paid';
  }

  return { address: sender.address, payOut };
}

export type PayoutService = ReturnType<typeof payoutService>;
