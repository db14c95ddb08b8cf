import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Hex } from 'viem';
import { payAndRegister } from '../../examples/pay-and-register.ts';
import { testTemporalAddress } from '../helpers/app.ts';
import { randomLabel } from '../helpers/fixtures.ts';
import { startTlsGrpcProxy, type GrpcProxy } from '../helpers/nginx.ts';
import { startRegistryStack, type RegistryStack, type StackProcess } from '../helpers/registry-stack.ts';
import { createTestCa, type TestCa } from '../helpers/test-ca.ts';

// A secured Temporal (docs/operations.md "A secured Temporal"): Debian's nginx in front of the suite's
// dev server as a TLS gRPC proxy that requires a client certificate of a test CA and an API key, as a
// self-hosted cluster with mTLS or Temporal Cloud would. The API and the worker, production processes
// configured only through Temporal's own variables (TEMPORAL_TLS_*, TEMPORAL_API_KEY), complete a paid
// registration through it; each setting missing or wrong stops them at start with the setting named.
const SERVER_NAME = 'temporal.registry.test';
const API_KEY = 'test-temporal-api-key-0123456789';

describe('a secured Temporal: TLS, client certificate and API key', () => {
  let s: RegistryStack;
  let ca: TestCa;
  let proxy: GrpcProxy;
  let secured: Record<string, string>;

  beforeAll(async () => {
    // The proxy and the stack side by side (each assigned as it comes up, so afterAll stops what did).
    await Promise.all([
      (async () => {
        ca = await createTestCa(SERVER_NAME);
        proxy = await startTlsGrpcProxy({ upstream: testTemporalAddress(), ca, apiKey: API_KEY });
      })(),
      startRegistryStack({}, { worker: false }).then((stack) => (s = stack)),
    ]);
    secured = {
      TEMPORAL_ADDRESS: proxy.address,
      TEMPORAL_TLS_SERVER_CA_CERT_PATH: ca.ca,
      TEMPORAL_TLS_SERVER_NAME: SERVER_NAME,
      TEMPORAL_TLS_CLIENT_CERT_PATH: ca.client.cert,
      TEMPORAL_TLS_CLIENT_KEY_PATH: ca.client.key,
      TEMPORAL_API_KEY: API_KEY,
    };
  });
  afterAll(async () => {
    await s?.stop();
    await proxy?.stop();
    await ca?.remove();
  });

  it('registers a paid name with the API and the worker both behind the proxy', async () => {
    let api: StackProcess | undefined;
    try {
      s.spawnWorker(secured);
      api = await s.spawnApi(secured);
      const name = `${randomLabel('tls')}.agent`;
      const flow = await payAndRegister({
        base: api.url,
        rpcUrl: s.anvil.rpcUrl,
        privateKey: s.payerKeys[2] as Hex,
        name,
      });
      expect(flow.registered.status).toBe(200);
      expect(flow.lookup.body).toMatchObject({ domain: { name, status: 'active' } });
      // The run went through the proxy: the stack's own API (plain, to the dev server) sees it completed.
      const run = await s.t.temporal.client.workflow.getHandle(`registration:${name}`).describe();
      expect(run.status.name).toBe('COMPLETED');
    } finally {
      await api?.stop();
    }
  });

  const refusals: [string, Record<string, string | undefined>, RegExp][] = [
    [
      'without the client certificate',
      { TEMPORAL_TLS_CLIENT_CERT_PATH: undefined, TEMPORAL_TLS_CLIENT_KEY_PATH: undefined },
      /TEMPORAL_TLS_CLIENT_CERT_PATH/,
    ],
    ['with a wrong API key', { TEMPORAL_API_KEY: 'wrong-key' }, /refused our credentials.*TEMPORAL_API_KEY/],
    [
      'with a certificate of another CA',
      { TEMPORAL_TLS_CLIENT_CERT_PATH: '@stranger.cert', TEMPORAL_TLS_CLIENT_KEY_PATH: '@stranger.key' },
      /TEMPORAL_TLS_CLIENT_CERT_PATH/,
    ],
    [
      'without the server CA',
      { TEMPORAL_TLS_SERVER_CA_CERT_PATH: undefined },
      /certificate is not trusted.*TEMPORAL_TLS_SERVER_CA_CERT_PATH/,
    ],
    [
      'with a certificate file that is not there',
      { TEMPORAL_TLS_CLIENT_CERT_PATH: '/nonexistent/client.pem' },
      /TEMPORAL_TLS_CLIENT_CERT_PATH: cannot read \/nonexistent\/client.pem/,
    ],
  ];

  // Every case on the worker; on the API (the same code reads and checks the settings) the two the
  // server itself refuses.
  it.each([
    ['worker', refusals],
    ['api', refusals.slice(0, 2)],
  ] as const)('the %s refuses to start, naming the setting', async (entry, cases) => {
    // The cases run side by side: one after another, five cold starts of the worker under a loaded
    // CI machine came close to the timeout. Each names itself, so a process that did not stop says which.
    // A setting missing or wrong is said before the worker loads the rest of its code (src/entry/worker.ts):
    // a process that printed its line and then took minutes to exit was writing the compile cache of it.
    const outcomes = await Promise.all(
      cases.map(async ([what, change, says]) => {
        const env: Record<string, string> = { ...secured };
        for (const [k, v] of Object.entries(change)) {
          if (v === undefined) delete env[k];
          else env[k] = v.startsWith('@stranger.') ? ca.stranger[v.slice('@stranger.'.length) as 'cert' | 'key'] : v;
        }
        const { code, output } = await s.runToExit(entry, env, 150_000);
        return { what, code, says: says.test(output), trace: /^\s+at /m.test(output), ...(code !== 2 && { output }) };
      }),
    );
    expect(outcomes).toEqual(cases.map(([what]) => ({ what, code: 2, says: true, trace: false })));
  });
});
