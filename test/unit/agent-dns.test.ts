import { ensip25Key, erc7930Address } from '../../src/domain/onchain-identity.ts';
import { describe, expect, it } from '@jest/globals';
import { agentRecords } from '../../src/domain/agent-dns.ts';
import { planRecordChanges } from '../../src/domain/dns-records.ts';

const urls = {
  agentCard: 'https://r.example/agents/scout.agent/agent-card.json',
  agentJson: 'https://r.example/a.json',
};

describe('agent discovery records (DNS-AID -02 SVCB, ENSIP-26 TXT)', () => {
  it('writes one SVCB record per protocol, MCP first, and the text records, from the profile', () => {
    const sets = agentRecords(
      'Scout.agent',
      {
        description: ' Finds  sources.\n\tAnd "quotes" them. ',
        endpoints: { a2a: 'https://a2a.scout.example/rpc', mcp: 'http://mcp.scout.example:8080/mcp', web: 'x' },
        website: 'https://scout.example',
      },
      urls,
    );
    expect(sets).toEqual([
      {
        name: 'scout.agent.',
        type: 'SVCB',
        ttl: 300,
        contents: [
          '1 mcp.scout.example. mandatory=alpn,port alpn=mcp,http/1.1 port=8080 key65409="https://r.example/a.json"',
          '2 a2a.scout.example. mandatory=alpn,port alpn=a2a,h2 port=443 key65409="https://r.example/agents/scout.agent/agent-card.json"',
        ],
      },
      {
        name: 'scout.agent.',
        type: 'TXT',
        ttl: 300,
        contents: [
          '"agent-endpoint[mcp]=http://mcp.scout.example:8080/mcp"',
          '"agent-endpoint[a2a]=https://a2a.scout.example/rpc"',
          '"agent-endpoint[web]=https://scout.example"',
          '"agent-context=Finds sources. And \\"quotes\\" them."',
        ],
      },
    ]);
  });

  it('writes no SVCB for an endpoint at an IP address (an SVCB target is a host name), and nothing for an empty profile', () => {
    const sets = agentRecords('ip.agent', { endpoints: { mcp: 'https://192.0.2.7/mcp' } }, urls);
    expect(sets).toEqual([
      { name: 'ip.agent.', type: 'TXT', ttl: 300, contents: ['"agent-endpoint[mcp]=https://192.0.2.7/mcp"'] },
    ]);
    expect(agentRecords('empty.agent', {}, urls)).toEqual([]);
    expect(agentRecords('odd.agent', { endpoints: ['https://x.example'] }, urls)).toEqual([]);
  });

  it('splits a long context into 255-character strings instead of cutting it', () => {
    const [set] = agentRecords('long.agent', { description: 'a'.repeat(600) }, urls);
    const content = set?.contents[0] as string;
    expect(content.match(/"[^"]*"/g)?.map((s) => s.length - 2)).toEqual([255, 255, 104]);
  });

  it("refuses an owner's apex TXT with a key the registry writes, anywhere else it is the owner's", () => {
    for (const content of [
      'agent-endpoint[mcp]=https://evil.example',
      'agent-context=x',
      'AGENT-MANIFEST=x',
      '"skill-md=x"',
    ])
      expect(() => planRecordChanges([], [{ type: 'TXT', name: '@', content }], 'scout.agent')).toThrow(
        expect.objectContaining({ code: 'invalid_record' }),
      );
    expect(
      planRecordChanges([], [{ type: 'TXT', name: '_agent', content: 'agent-context=x' }], 'scout.agent').changedRrsets,
    ).toHaveLength(1);
    expect(
      planRecordChanges([], [{ type: 'TXT', name: '@', content: 'agent-contextual' }], 'scout.agent').next,
    ).toHaveLength(1);
  });

  it('binds the name to its ERC-8004 entry with the ENSIP-25 text record, its registry as an ERC-7930 address', () => {
    // ENSIP-25's own example: agent 26433 in the identity registry at 0x8004A169… on Ethereum mainnet.
    expect(ensip25Key({ agentId: 26433, chainId: 1, registry: '0x8004A169FB4a3325136EB29fA0ceB6D2e539a432' })).toBe(
      'agent-registration[0x000100000101148004a169fb4a3325136eb29fa0ceb6d2e539a432][26433]',
    );
    // On Base (8453 = 0x2105: two bytes of chain reference).
    expect(erc7930Address(8453, '0x8004A169FB4a3325136EB29fA0ceB6D2e539a432')).toBe(
      '0x00010000022105148004a169fb4a3325136eb29fa0ceb6d2e539a432',
    );
    const entry = { agentId: 7, chainId: 8453, registry: '0x8004A169FB4a3325136EB29fA0ceB6D2e539a432' };
    const [txt] = agentRecords('scout.agent', {}, urls, entry);
    expect(txt).toEqual({
      name: 'scout.agent.',
      type: 'TXT',
      ttl: 300,
      contents: ['"agent-registration[0x00010000022105148004a169fb4a3325136eb29fa0ceb6d2e539a432][7]=1"'],
    });
    expect(() =>
      planRecordChanges([], [{ type: 'TXT', name: '@', content: `${ensip25Key(entry)}=1` }], 'scout.agent'),
    ).toThrow(expect.objectContaining({ code: 'invalid_record' }));
  });
});
