import { parseAbi, type Address } from 'viem';

// What the registry's code calls of an ERC-8004 Identity Registry: the canonical deployment on Base and our
// own IdentityRegistry.sol (deployed on the local chain by src/infra/erc8004.ts) answer the same calls.

/** The canonical ERC-8004 Identity Registry on Base mainnet (chain id 8453) and on Ethereum mainnet. */
export const CANONICAL_IDENTITY_REGISTRY: Address = '0x8004A169FB4a3325136EB29fA0ceB6D2e539a432';

/**
 * The functions, events and errors of the Identity Registry that we use, typed for viem. Written out rather
 * than imported from IdentityRegistry.json, whose JSON types are too wide for viem to infer names and
 * arguments from; test/unit/erc8004-registry.test.ts checks each entry against the compiled ABI.
 */
export const identityRegistryAbi = parseAbi([
  'struct MetadataEntry { string metadataKey; bytes metadataValue; }',
  'function register() returns (uint256 agentId)',
  'function register(string agentURI) returns (uint256 agentId)',
  'function register(string agentURI, MetadataEntry[] metadata) returns (uint256 agentId)',
  'function setAgentURI(uint256 agentId, string newURI)',
  'function getMetadata(uint256 agentId, string metadataKey) view returns (bytes)',
  'function setMetadata(uint256 agentId, string metadataKey, bytes metadataValue)',
  'function getAgentWallet(uint256 agentId) view returns (address)',
  'function setAgentWallet(uint256 agentId, address newWallet, uint256 deadline, bytes signature)',
  'function unsetAgentWallet(uint256 agentId)',
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function tokenURI(uint256 tokenId) view returns (string)',
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function balanceOf(address owner) view returns (uint256)',
  'function approve(address to, uint256 tokenId)',
  'function transferFrom(address from, address to, uint256 tokenId)',
  'event Registered(uint256 indexed agentId, string agentURI, address indexed owner)',
  'event MetadataSet(uint256 indexed agentId, string indexed indexedMetadataKey, string metadataKey, bytes metadataValue)',
  'event URIUpdated(uint256 indexed agentId, string newURI, address indexed updatedBy)',
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
  'error ERC721NonexistentToken(uint256 tokenId)',
  'error ERC721InsufficientApproval(address operator, uint256 tokenId)',
  'error ReservedMetadataKey(string metadataKey)',
  'error WalletSignatureExpired(uint256 deadline)',
  'error WalletDeadlineTooFar(uint256 deadline)',
  'error InvalidWalletSignature(address newWallet)',
  'error ZeroWallet()',
]);
