// A name's on-chain identity (docs/discovery.md "On chain"): paid, then its registration transaction
// signed and sent, then registered with the agent id the identity registry minted.
export const onchainIdentityStatuses = ['paid', 'sent', 'registered'] as const;
export type OnchainIdentityStatus = (typeof onchainIdentityStatuses)[number];

/** A recorded entry as the name's public reads show it. */
export interface OnchainEntry {
  agentId: number;
  chainId: number;
  /** The identity registry's address. */
  registry: string;
}

/** `eip155:<chain id>:<registry address>`: the registration file's `agentRegistry`. */
export const agentRegistryOf = (e: { chainId: number; registry: string }) => `eip155:${e.chainId}:${e.registry}`;

/**
 * The ERC-7930 Interoperable Address (v1, binary form, as `0x` + lowercase hex) of an EVM address on the
 * eip155 chain `chainId`: Version 0x0001, ChainType 0x0000 (eip155), ChainReferenceLength, ChainReference
 * (the chain id as a big-endian unsigned integer in the fewest bytes: CAIP-350's eip155 profile),
 * AddressLength 0x14 and the address's 20 bytes. As read in ethereum/ERCs ERCS/erc-7930.md at 00b90e9 (Last
 * Call) and ChainAgnostic/namespaces eip155/caip350.md at 08ad356.
 *
 * ENSIP-25 (ensdomains/ensips ensips/25.md at 6fd7c35, the text-record revision, draft) names the registry
 * in its key `agent-registration[<registry>][<agentId>]` by exactly this form, lowercase as in its example.
 */
export function erc7930Address(chainId: number, address: string): string {
  if (!Number.isSafeInteger(chainId) || chainId < 1) throw new RangeError(`not an EVM chain id: ${chainId}`);
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) throw new TypeError(`not an EVM address: ${address}`);
  const hex = chainId.toString(16);
  const reference = hex.length % 2 ? `0${hex}` : hex;
  const referenceLength = (reference.length / 2).toString(16).padStart(2, '0');
  return `0x0001` + `0000` + referenceLength + reference + '14' + address.slice(2).toLowerCase();
}

/** The ENSIP-25 text record key that binds a name to its registry entry: `agent-registration[<registry>][<id>]`. */
export const ensip25Key = (e: OnchainEntry) =>
  `agent-registration[${erc7930Address(e.chainId, e.registry)}][${e.agentId}]`;
