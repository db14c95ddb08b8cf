import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Paths of PEM files a test CA issued, in a temporary folder of their own. */
export interface TestCa {
  dir: string;
  /** The CA's certificate: what a client or server trusts. */
  ca: string;
  /** A server certificate for `serverName` and 127.0.0.1, and its key. */
  server: { cert: string; key: string };
  /** A client certificate (CN `client`), and its key. */
  client: { cert: string; key: string };
  /** Another CA's client certificate, which the servers must refuse. */
  stranger: { cert: string; key: string };
  remove(): Promise<void>;
}

const openssl = (cwd: string, ...args: string[]) => run('openssl', args, { cwd });

async function issue(cwd: string, name: string, ca: string, cn: string, extensions: string): Promise<void> {
  await openssl(
    cwd,
    'req',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-keyout',
    `${name}.key`,
    '-out',
    `${name}.csr`,
    '-subj',
    `/CN=${cn}`,
  );
  await writeFile(join(cwd, `${name}.ext`), extensions);
  await openssl(
    cwd,
    'x509',
    '-req',
    '-in',
    `${name}.csr`,
    '-CA',
    `${ca}.pem`,
    '-CAkey',
    `${ca}.key`,
    '-CAcreateserial',
    '-out',
    `${name}.pem`,
    '-days',
    '2',
    '-extfile',
    `${name}.ext`,
  );
}

/**
 * A CA made for one test file with Debian's openssl: a server certificate for `serverName` (and
 * 127.0.0.1), a client certificate, and a client certificate of a second, untrusted CA.
 */
export async function createTestCa(serverName: string): Promise<TestCa> {
  const dir = await mkdtemp(join(tmpdir(), 'registry-test-ca-'));
  for (const ca of ['ca', 'other-ca'])
    await openssl(
      dir,
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      `${ca}.key`,
      '-out',
      `${ca}.pem`,
      '-days',
      '2',
      '-subj',
      `/CN=registry test ${ca}`,
    );
  await issue(
    dir,
    'server',
    'ca',
    serverName,
    `subjectAltName=DNS:${serverName},IP:127.0.0.1\nextendedKeyUsage=serverAuth\n`,
  );
  await issue(dir, 'client', 'ca', 'client', 'extendedKeyUsage=clientAuth\n');
  await issue(dir, 'stranger', 'other-ca', 'client', 'extendedKeyUsage=clientAuth\n');
  const pair = (n: string) => ({ cert: join(dir, `${n}.pem`), key: join(dir, `${n}.key`) });
  return {
    dir,
    ca: join(dir, 'ca.pem'),
    server: pair('server'),
    client: pair('client'),
    stranger: pair('stranger'),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
