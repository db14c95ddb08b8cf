import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import solc from 'solc';

// Compiles PathUsd.sol with the pinned solc-js (offline, no download) and writes PathUsd.json.
// Run: npm exec -- node contracts/build.ts. test/unit/contract-artifact.test.ts recompiles and
// compares, so the committed artifact always matches the committed source.

export const SOURCE_PATH = fileURLToPath(new URL('./PathUsd.sol', import.meta.url));
export const ARTIFACT_PATH = fileURLToPath(new URL('./PathUsd.json', import.meta.url));

export interface PathUsdArtifact {
  contractName: 'PathUsd';
  compiler: string;
  abi: unknown[];
  bytecode: `0x${string}`;
}

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
}

export function compilePathUsd(source = readFileSync(SOURCE_PATH, 'utf8')): PathUsdArtifact {
  const input = {
    language: 'Solidity',
    sources: { 'PathUsd.sol': { content: source } },
    settings: {
      // Fixed settings make the output a pure function of the source code. No metadata hash, so
      // editing a comment does not change the bytecode; cancun so any recent node runs it.
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'cancun',
      metadata: { bytecodeHash: 'none' },
      outputSelection: { 'PathUsd.sol': { PathUsd: ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)) as string) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  const contract = output.contracts?.['PathUsd.sol']?.PathUsd;
  if (!contract) throw new Error('solc produced no PathUsd contract');
  return {
    contractName: 'PathUsd',
    compiler: `solc-js ${solc.version() as string}`,
    abi: contract.abi,
    bytecode: `0x${contract.evm.bytecode.object}`,
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(ARTIFACT_PATH, `${JSON.stringify(compilePathUsd(), null, 2)}\n`);
  console.log(`wrote ${ARTIFACT_PATH}`);
}
