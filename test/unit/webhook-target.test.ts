import { describe, expect, it } from '@jest/globals';
import { AppError } from '../../src/domain/errors.ts';
import { checkTarget } from '../../src/webhooks/target.ts';

const strict = { allowInsecureLocal: false };
const local = { allowInsecureLocal: true };

const refusedOf = async (url: string, policy = strict) => {
  try {
    await checkTarget(url, policy);
    return null;
  } catch (err) {
    return err instanceof AppError ? err.code : String(err);
  }
};

// Never a door into our own network: every spelling of every non-public address is refused, at
// subscribe and before each delivery (the same check). Literal addresses: no DNS is involved.
const refused: string[] = [
  // loopback, in every IPv4 spelling the URL parser accepts
  'https://127.0.0.1/hook',
  'https://127.1/hook',
  'https://2130706433/hook',
  'https://0x7f000001/hook',
  'https://0x7f.0.0.1/hook',
  'https://0177.0.0.1/hook',
  'https://017700000001/hook',
  'https://127.255.255.254/hook',
  // unspecified
  'https://0.0.0.0/hook',
  'https://0/hook',
  // RFC 1918
  'https://10.0.0.1/hook',
  'https://10.255.255.255/hook',
  'https://172.16.0.1/hook',
  'https://172.31.255.254/hook',
  'https://192.168.1.1/hook',
  'https://0xc0a80101/hook',
  'https://3232235777/hook',
  // CGNAT
  'https://100.64.0.1/hook',
  'https://100.127.255.254/hook',
  // link-local, cloud metadata included
  'https://169.254.169.254/latest/meta-data',
  'https://0xa9fea9fe/latest/meta-data',
  'https://2852039166/latest/meta-data',
  'https://169.254.0.1/hook',
  // multicast, broadcast, reserved
  'https://224.0.0.1/hook',
  'https://239.255.255.250/hook',
  'https://255.255.255.255/hook',
  'https://240.0.0.1/hook',
  // IPv6 loopback, unspecified, link-local, unique-local, multicast
  'https://[::1]/hook',
  'https://[0:0:0:0:0:0:0:1]/hook',
  'https://[::]/hook',
  'https://[fe80::1]/hook',
  'https://[fc00::1]/hook',
  'https://[fd12:3456:789a::1]/hook',
  'https://[ff02::1]/hook',
  // IPv6 forms that carry an IPv4 address: mapped, 6to4, NAT64, Teredo
  'https://[::ffff:127.0.0.1]/hook',
  'https://[::ffff:7f00:1]/hook',
  'https://[::ffff:10.0.0.1]/hook',
  'https://[::ffff:169.254.169.254]/hook',
  'https://[2002:7f00:1::]/hook',
  'https://[64:ff9b::7f00:1]/hook',
  'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hook',
  // names that resolve to loopback
  'https://localhost/hook',
  'https://localhost./hook',
  // not https, or not a URL, or credentials in it
  'http://93.184.215.14/hook',
  'ftp://93.184.215.14/hook',
  'file:///etc/passwd',
  'not a url',
  'https://user:pass@93.184.215.14/hook',
];

describe('webhook targets', () => {
  it(`refuses ${refused.length} targets that point into a private network or are not https`, async () => {
    expect(refused.length).toBeGreaterThanOrEqual(40);
    const answers = await Promise.all(refused.map(async (url) => [url, await refusedOf(url)]));
    expect(answers.filter(([, code]) => code !== 'invalid_target')).toEqual([]);
  });

  it('accepts a public https address and connects to the very address it checked', async () => {
    expect(await checkTarget('https://93.184.215.14/hook', strict)).toMatchObject({ address: '93.184.215.14' });
    expect(await checkTarget('https://[2606:4700:4700::1111]/hook', strict)).toMatchObject({
      address: '2606:4700:4700::1111',
    });
  });

  it('the local-development switch allows http and loopback, and nothing private beyond them', async () => {
    expect(await checkTarget('http://127.0.0.1:4000/hook', local)).toMatchObject({ address: '127.0.0.1' });
    expect(await checkTarget('http://[::1]:4000/hook', local)).toMatchObject({ address: '::1' });
    for (const url of ['http://10.0.0.1/hook', 'http://169.254.169.254/', 'http://[fd00::1]/hook'])
      expect(await refusedOf(url, local)).toBe('invalid_target');
  });
});
