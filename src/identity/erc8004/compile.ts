import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import solc from 'solc';

// Compiles IdentityRegistry.sol with solc-js (the exact version pinned in package.json) into the artifact
// IdentityRegistry.json beside it, which is committed: the service and the local chain's deploy read the
// artifact and never need solc at run time. Every setting that reaches the bytecode is fixed here, and the
// metadata hash (which would change with a comment or a path) is left out, so the same source and the
// same solc give the same bytes on any machine; test/unit/erc8004-registry.test.ts recompiles and compares.
//
//   npm run contracts:compile

const HERE = dirname(fileURLToPath(import.meta.url));
const SOURCE = join(HERE, 'IdentityRegistry.sol');
export const ARTIFACT = join(HERE, 'IdentityRegistry.json');
/** The source unit's name in the compiler input (fixed, so the output never depends on the checkout's path). */
const UNIT = 'src/identity/erc8004/IdentityRegistry.sol';
const CONTRACT = 'IdentityRegistry';
const OPENZEPPELIN = '@openzeppelin/contracts/';

export interface IdentityRegistryArtifact {
  /** solc's version, as `0.8.37+commit.f401782d`. */
  compiler: string;
  abi: unknown[];
  bytecode: `0x${string}`;
}

interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
}

/** OpenZeppelin's sources from node_modules (the pinned devDependency); nothing else may be imported. */
function findImport(path: string): { contents: string } | { error: string } {
  if (!path.startsWith(OPENZEPPELIN) || path.includes('..')) return { error: `import not allowed: ${path}` };
  let root: string;
  try {
    root = dirname(createRequire(import.meta.url).resolve(`${OPENZEPPELIN}package.json`));
  } catch {
    return { error: '@openzeppelin/contracts is missing: run `npm ci` (it is a devDependency)' };
  }
  try {
    return { contents: readFileSync(join(root, path.slice(OPENZEPPELIN.length)), 'utf8') };
  } catch (err) {
    return { error: `cannot read ${path}: ${(err as Error).message}` };
  }
}

/** Compiles the source as it is now; throws on any compiler error or warning. */
export function compileIdentityRegistry(): IdentityRegistryArtifact {
  const input = {
    language: 'Solidity',
    sources: { [UNIT]: { content: readFileSync(SOURCE, 'utf8') } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'cancun',
      metadata: { bytecodeHash: 'none' },
      outputSelection: { [UNIT]: { [CONTRACT]: ['abi', 'evm.bytecode.object'] } },
    },
  };
  const compile = solc.compile as (input: string, callbacks: { import: typeof findImport }) => string;
  const output = JSON.parse(compile(JSON.stringify(input), { import: findImport })) as SolcOutput;
  const problems = (output.errors ?? []).filter((e) => e.severity !== 'info');
  if (problems.length) throw new Error(`solc:\n${problems.map((e) => e.formattedMessage).join('\n')}`);
  const contract = output.contracts?.[UNIT]?.[CONTRACT];
  if (!contract?.evm.bytecode.object) throw new Error(`solc produced no bytecode for ${CONTRACT}`);
  return {
    compiler: (solc.version as () => string)().replace(/\.Emscripten\..*$/, ''),
    abi: contract.abi,
    bytecode: `0x${contract.evm.bytecode.object}`,
  };
}

/** The artifact file's text: two-space JSON and a final newline. */
export function artifactText(artifact: IdentityRegistryArtifact): string {
  return `${JSON.stringify(artifact, null, 2)}\n`;
}

if (import.meta.main) {
  const started = performance.now();
  const artifact = compileIdentityRegistry();
  writeFileSync(ARTIFACT, artifactText(artifact));
  const bytes = (artifact.bytecode.length - 2) / 2;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`${ARTIFACT}: solc ${artifact.compiler}, ${bytes} bytes of bytecode, in ${seconds} s`);
}
