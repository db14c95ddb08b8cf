import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { getAbiItem, toEventSelector, toFunctionSelector, type Abi } from 'viem';
import { Abis } from 'viem/tempo';
import { ARTIFACT_PATH, compilePathUsd, type PathUsdArtifact } from '../../contracts/build.ts';

// The committed artifact is what the stack deploys; it must be exactly what the committed source
// compiles to (regenerate with `npm exec -- node contracts/build.ts`).
function selector(abi: Abi, name: string): string | undefined {
  const item = getAbiItem({ abi, name });
  if (item?.type === 'event') return toEventSelector(item);
  if (item?.type === 'function') return toFunctionSelector(item);
  return undefined;
}

describe('contracts/PathUsd.json', () => {
  const committed = JSON.parse(readFileSync(ARTIFACT_PATH, 'utf8')) as PathUsdArtifact;

  it('is exactly what solc makes of contracts/PathUsd.sol', () => {
    const fresh = compilePathUsd();
    expect(fresh.compiler).toBe(committed.compiler);
    expect(fresh.bytecode).toBe(committed.bytecode);
    expect(fresh.abi).toEqual(committed.abi);
  });

  it("speaks TIP-20's transfer surface, so one verifier and one client work here and on Tempo", () => {
    const names = [
      'Transfer',
      'TransferWithMemo',
      'Approval',
      'transfer',
      'transferWithMemo',
      'transferFrom',
      'approve',
      'balanceOf',
      'allowance',
      'decimals',
      'symbol',
      'name',
    ];
    for (const name of names) {
      expect({ name, selector: selector(committed.abi as Abi, name) }).toEqual({
        name,
        selector: selector(Abis.tip20, name),
      });
    }
  });
});
