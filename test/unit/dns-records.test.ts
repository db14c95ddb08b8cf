import { describe, expect, it } from '@jest/globals';
import { AppError } from '../../src/domain/errors.ts';
import { canonicalContent, planRecordChanges, recordName, type DnsRecord } from '../../src/domain/dns-records.ts';

const D = 'scout.agent';
const refused = (f: () => unknown) => {
  try {
    f();
    return null;
  } catch (err) {
    return err instanceof AppError ? err.code : String(err);
  }
};

describe('DNS record rules', () => {
  it('names: the apex, relative and absolute names inside the domain, never outside', () => {
    expect(recordName('@', D)).toBe('scout.agent.');
    expect(recordName('', D)).toBe('scout.agent.');
    expect(recordName('www', D)).toBe('www.scout.agent.');
    expect(recordName('WWW.Scout.Agent.', D)).toBe('www.scout.agent.');
    expect(recordName('_agent._tcp', D)).toBe('_agent._tcp.scout.agent.');
    expect(recordName('www.scout.agent', D)).toBe('www.scout.agent.');
    // Ending in the namespace means absolute, even without the root dot: never "www.other.agent.scout.agent".
    for (const bad of ['evil.agent.', 'www.other.agent', 'agent', 'other.example.', 'a..b', '-x', 'x'.repeat(64)])
      expect(refused(() => recordName(bad, D))).toBe('invalid_record');
  });

  it('content is checked for its type and written canonically', () => {
    expect(canonicalContent('A', ' 192.0.2.1 ')).toBe('192.0.2.1');
    expect(canonicalContent('AAAA', '2001:DB8::1')).toBe('2001:db8::1');
    expect(canonicalContent('AAAA', '2001:0db8:0:0:0:0:0:0001')).toBe('2001:db8::1');
    expect(canonicalContent('CNAME', 'Target.Example')).toBe('target.example.');
    expect(canonicalContent('MX', '10 mail.example')).toBe('10 mail.example.');
    expect(canonicalContent('SRV', '0 5 443 host.example.')).toBe('0 5 443 host.example.');
    expect(canonicalContent('CAA', '0 issue "letsencrypt.org"')).toBe('0 issue "letsencrypt.org"');
    expect(canonicalContent('TXT', 'say "hi"')).toBe('"say \\"hi\\""');
    expect(canonicalContent('TXT', 'x'.repeat(300))).toBe(`"${'x'.repeat(255)}" "${'x'.repeat(45)}"`);
    for (const [type, content] of [
      ['A', '999.1.1.1'],
      ['A', '2001:db8::1'],
      ['AAAA', '192.0.2.1'],
      ['CNAME', 'not a host'],
      ['MX', 'mail.example'],
      ['MX', '70000 mail.example'],
      ['SRV', '0 5 host.example'],
      ['CAA', '0 unknown "x"'],
      ['TXT', 'x'.repeat(2049)],
      ['TXT', 'bell\u0007'],
    ] as const)
      expect([type, content, refused(() => canonicalContent(type, content))]).toEqual([
        type,
        content,
        'invalid_record',
      ]);
  });

  it('a PATCH replaces the rrsets it names and reports each item', () => {
    const current: DnsRecord[] = [
      { type: 'A', name: 'scout.agent.', content: '192.0.2.1', ttl: 3600 },
      { type: 'TXT', name: 'scout.agent.', content: '"keep"', ttl: 3600 },
      { type: 'A', name: 'old.scout.agent.', content: '192.0.2.9', ttl: 3600 },
    ];
    const plan = planRecordChanges(
      current,
      [
        { type: 'A', name: '@', content: '192.0.2.2' },
        { type: 'TXT', name: '@', content: 'keep' },
        { type: 'AAAA', name: 'www', content: '2001:db8::1', ttl: 600 },
        { type: 'A', name: 'old', delete: true },
      ],
      D,
    );
    expect(plan.details.map((d) => d.status)).toEqual(['updated', 'unchanged', 'created', 'deleted']);
    expect(plan.next.map((r) => `${r.name} ${r.type} ${r.content}`).sort()).toEqual([
      'scout.agent. A 192.0.2.2',
      'scout.agent. TXT "keep"',
      'www.scout.agent. AAAA 2001:db8::1',
    ]);
    expect(plan.changedRrsets.sort()).toEqual(['old.scout.agent. A', 'scout.agent. A', 'www.scout.agent. AAAA']);
  });

  it('refuses a whole request for one bad item, a CNAME beside other records or at the apex, and bad sizes', () => {
    const cur: DnsRecord[] = [{ type: 'A', name: 'www.scout.agent.', content: '192.0.2.1', ttl: 3600 }];
    expect(refused(() => planRecordChanges(cur, [{ type: 'CNAME', name: 'www', content: 'x.example' }], D))).toBe(
      'invalid_record',
    );
    expect(refused(() => planRecordChanges([], [{ type: 'CNAME', name: '@', content: 'x.example' }], D))).toBe(
      'invalid_record',
    );
    expect(
      refused(() =>
        planRecordChanges(
          [],
          [
            { type: 'A', name: 'a', content: '192.0.2.1' },
            { type: 'A', name: 'b', content: 'nope' },
          ],
          D,
        ),
      ),
    ).toBe('invalid_record');
    expect(refused(() => planRecordChanges([], [{ type: 'NS', name: 'a', content: 'ns.example' }], D))).toBe(
      'invalid_record',
    );
    expect(refused(() => planRecordChanges([], [{ type: 'A', name: 'a', content: '192.0.2.1', ttl: 5 }], D))).toBe(
      'invalid_record',
    );
    expect(refused(() => planRecordChanges([], [], D))).toBe('invalid_record');
    const many = Array.from({ length: 101 }, (_, i) => ({ type: 'A', name: `h${i}`, content: '192.0.2.1' }));
    expect(refused(() => planRecordChanges([], many, D))).toBe('invalid_record');
  });

  it('names the item at fault (details.index and details.field), for a rule of the whole set too', () => {
    const detailsOf = (f: () => unknown) => {
      try {
        f();
        return null;
      } catch (err) {
        return err instanceof AppError ? err.details : null;
      }
    };
    const items = [
      { type: 'A', name: 'a', content: '192.0.2.1' },
      { type: 'A', name: 'b', content: 'nope' },
    ];
    expect(detailsOf(() => planRecordChanges([], items, D))).toEqual({ index: 1, field: 'records.1' });
    // A CNAME beside a record already stored: the item that set records at that name.
    const stored = [{ type: 'A' as const, name: `www.${D}.`, content: '192.0.2.1', ttl: 3600 }];
    const cname = [
      { type: 'TXT', name: 'other', content: 'x' },
      { type: 'CNAME', name: 'www', content: 'target.example.com' },
    ];
    expect(detailsOf(() => planRecordChanges(stored, cname, D))).toEqual({ index: 1, field: 'records.1' });
    expect(detailsOf(() => planRecordChanges([], [{ type: 'CNAME', name: '@', content: 'x.example.com' }], D))).toEqual(
      { index: 0, field: 'records.0' },
    );
  });
});
