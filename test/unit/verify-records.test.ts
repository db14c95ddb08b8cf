import { describe, expect, it } from '@jest/globals';
import { erc7930Address } from '../../src/domain/onchain-identity.ts';
import { summarize, pass, fail, absent, unreachable } from '../../src/verify/check.ts';
import { parseAgentTexts, parseServiceRecord, readErc7930, txtText } from '../../src/verify/records.ts';
import { readAnswer } from '../../src/verify/resolver.ts';

// How the verifier reads what DNS and the validator say (src/verify): the records as unbound-host prints them,
// ERC-7930 addresses as ENSIP-25 writes them, and the verdict from the checks.

describe('the verifier reads', () => {
  it('a DNS-AID SVCB record as the registry writes it, quoted URL and all', () => {
    expect(
      parseServiceRecord(
        '1 scout.example. mandatory=alpn,port alpn=a2a,h2 port=8443 key65409="https://r.test/agents/a b\\"c"',
      ),
    ).toEqual({
      priority: 1,
      target: 'scout.example',
      alpn: ['a2a', 'h2'],
      port: 8443,
      wellKnown: 'https://r.test/agents/a b"c',
    });
    expect(parseServiceRecord('x y')).toBeNull();
    expect(parseServiceRecord('')).toBeNull();
  });

  it('ENSIP TXT strings, split ones joined, registrations only with a value', () => {
    expect(txtText('"agent-endpoint[a2a]=https://a" "/b"')).toBe('agent-endpoint[a2a]=https://a/b');
    const registry = erc7930Address(8453, '0x8004A169FB4a3325136EB29fA0ceB6D2e539a432');
    expect(
      parseAgentTexts([
        'agent-endpoint[a2a]=https://scout.example/a2a',
        `agent-registration[${registry}][7]=1`,
        `agent-registration[${registry}][8]=`,
        'not a key',
      ]),
    ).toEqual({ endpoints: { a2a: 'https://scout.example/a2a' }, registrations: [{ registry, agentId: '7' }] });
  });

  it('an ERC-7930 address back to its chain and address, and refuses what is not one', () => {
    for (const chainId of [1, 8453, 31337, 2 ** 40])
      expect(readErc7930(erc7930Address(chainId, '0x8004A169FB4a3325136EB29fA0ceB6D2e539a432'))).toEqual({
        chainId,
        address: '0x8004a169fb4a3325136eb29fa0ceb6d2e539a432',
      });
    expect(readErc7930('0x0001')).toBeNull();
    expect(readErc7930(`0x00010001${'00'.repeat(22)}`)).toBeNull(); // not eip155
  });

  it("unbound-host's verdicts: secure, insecure, bogus, no such name, no answer", () => {
    expect(readAnswer('a.agent has TXT record "x=1" (secure)\n', 'TXT')).toEqual({
      kind: 'records',
      security: 'secure',
      records: ['"x=1"'],
      why: null,
    });
    expect(readAnswer('a.agent has TXT record "x=1" (insecure)\n', 'TXT')).toMatchObject({ security: 'insecure' });
    expect(
      readAnswer(
        'a.agent has TXT record "x=1" (BOGUS (security failure))\nvalidation failure <a.agent. TXT IN>: no DS',
        'TXT',
      ),
    ).toMatchObject({ kind: 'records', security: 'bogus' });
    expect(readAnswer('Host a.agent not found: 3(NXDOMAIN). (secure)\n', 'SVCB')).toMatchObject({
      kind: 'none',
      security: 'secure',
    });
    expect(readAnswer('a.agent has no SVCB record (secure)\n', 'SVCB')).toMatchObject({ kind: 'none' });
    expect(readAnswer('Host a.agent not found: 2(SERVFAIL). (error)\n', 'SVCB')).toMatchObject({ kind: 'unreachable' });
  });

  it('verified needs the chain and the signature, and no published fact failing; reachable is apart', () => {
    const base = [pass('dnssec'), pass('card_signature'), absent('erc8004', 'none'), pass('a2a_endpoint')];
    expect(summarize(base)).toEqual({ verified: true, reachable: true });
    expect(summarize([...base, fail('erc8004', 'x')])).toMatchObject({ verified: false });
    expect(summarize([...base, unreachable('domain_proof', 'x')])).toMatchObject({ verified: true });
    expect(summarize([...base, unreachable('erc8004', 'x')])).toMatchObject({ verified: false });
    expect(summarize([pass('dnssec'), absent('card_signature', 'x')])).toEqual({ verified: false, reachable: false });
    expect(summarize([...base, unreachable('mcp_endpoint', 'x')])).toMatchObject({ verified: true, reachable: false });
  });
});
