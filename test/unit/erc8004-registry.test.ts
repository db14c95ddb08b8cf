import { describe, expect, it } from '@jest/globals';
import { ensip25Key, erc7930Address } from '../../src/domain/onchain-identity.ts';
import { readFileSync } from 'node:fs';
import { encodeFunctionData, toFunctionSelector, type AbiParameter } from 'viem';
import {
  ARTIFACT,
  artifactText,
  compileIdentityRegistry,
  type IdentityRegistryArtifact,
} from '../../src/identity/erc8004/compile.ts';
import { CANONICAL_IDENTITY_REGISTRY, identityRegistryAbi } from '../../src/identity/erc8004/registry.ts';

const committed = JSON.parse(readFileSync(ARTIFACT, 'utf8')) as IdentityRegistryArtifact;

describe('ERC-8004 Identity Registry artifact', () => {
  it('is exactly what compiling IdentityRegistry.sol gives now (run `npm run contracts:compile` after a change)', () => {
    const fresh = compileIdentityRegistry();
    expect(fresh.compiler).toBe(committed.compiler);
    expect(fresh.abi).toEqual(committed.abi);
    expect(fresh.bytecode).toBe(committed.bytecode);
    expect(artifactText(fresh)).toBe(readFileSync(ARTIFACT, 'utf8'));
  });

  it('was compiled by the solc that package.json pins', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(committed.compiler.split('+')[0]).toBe(pkg.devDependencies.solc);
  });

  it('has every function, event and error of identityRegistryAbi, with the same names, types and mutability', () => {
    // parseAbi leaves out internalType, which the compiler writes: compared without it.
    // The compiler writes `indexed: false` where parseAbi writes nothing.
    const plain = (params: readonly AbiParameter[] | undefined, event = false): unknown =>
      (params ?? []).map((p) => ({
        name: p.name ?? '',
        type: p.type,
        ...(event ? { indexed: ('indexed' in p && p.indexed) || false } : {}),
        ...('components' in p ? { components: plain(p.components) } : {}),
      }));
    const shape = (item: any) => ({
      type: item.type,
      name: item.name,
      inputs: plain(item.inputs, item.type === 'event'),
      ...(item.type === 'function' ? { outputs: plain(item.outputs), stateMutability: item.stateMutability } : {}),
      ...(item.type === 'event' ? { anonymous: item.anonymous ?? false } : {}),
    });
    const compiled = committed.abi.map(shape);
    for (const item of identityRegistryAbi) expect(compiled).toContainEqual(shape(item));
  });

  it('encodes register(string) for the overload that takes the agentURI alone', () => {
    const data = encodeFunctionData({ abi: identityRegistryAbi, functionName: 'register', args: ['ipfs://agent'] });
    expect(data.slice(0, 10)).toBe(toFunctionSelector('register(string)'));
  });
});

describe('erc7930Address', () => {
  it("gives ERC-7930's Example 1 (0xd8dA…6045 on Ethereum mainnet), in lowercase hex", () => {
    // ERC-7930, Test Cases, "Example 1: Ethereum mainnet address": 0x00010000010114D8DA6BF26964AF9D7EED9E03E53415D37AA96045
    expect(erc7930Address(1, '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045')).toBe(
      '0x00010000010114d8da6bf26964af9d7eed9e03e53415d37aa96045',
    );
  });

  it("gives ENSIP-25's example registry and text record key (the canonical registry on Ethereum mainnet, agent 167)", () => {
    // ENSIP-25, "Ethereum Example".
    expect(erc7930Address(1, CANONICAL_IDENTITY_REGISTRY)).toBe(
      '0x000100000101148004a169fb4a3325136eb29fa0ceb6d2e539a432',
    );
    expect(ensip25Key({ chainId: 1, registry: CANONICAL_IDENTITY_REGISTRY, agentId: 167 })).toBe(
      'agent-registration[0x000100000101148004a169fb4a3325136eb29fa0ceb6d2e539a432][167]',
    );
  });

  it('writes the chain id in the fewest big-endian bytes (CAIP-350 eip155 profile: Sepolia is 0xaa36a7)', () => {
    const address = '0x8004A818BFB912233c491871b3d84c89A494BD9e';
    expect(erc7930Address(11155111, address)).toBe('0x0001000003aa36a7148004a818bfb912233c491871b3d84c89a494bd9e');
    expect(erc7930Address(10, address)).toBe('0x00010000010a148004a818bfb912233c491871b3d84c89a494bd9e');
    // Base, 8453 = 0x2105: two bytes.
    expect(erc7930Address(8453, CANONICAL_IDENTITY_REGISTRY)).toBe(
      '0x0001000002210514' + '8004a169fb4a3325136eb29fa0ceb6d2e539a432',
    );
    expect(erc7930Address(256, address).slice(0, 16)).toBe('0x00010000020100');
  });

  it('refuses what is no chain id or no address', () => {
    expect(() => erc7930Address(0, CANONICAL_IDENTITY_REGISTRY)).toThrow(RangeError);
    expect(() => erc7930Address(1.5, CANONICAL_IDENTITY_REGISTRY)).toThrow(RangeError);
    expect(() => erc7930Address(1, '0x1234' as `0x${string}`)).toThrow(TypeError);
  });
});
