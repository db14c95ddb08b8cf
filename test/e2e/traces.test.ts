import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { trace } from '@opentelemetry/api';
import { register, registerBody } from '../../examples/pay-and-register.ts';
import { grantGems } from '../../src/ledger/gems.ts';
import { startTracing } from '../../src/telemetry/tracing.ts';
import { randomLabel } from '../helpers/fixtures.ts';
import { eventually } from '../helpers/hosted-checkout.ts';
import { provision } from '../helpers/identities.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';

// Traces (docs/tracing.md): one registration is one trace, from the API's HTTP request through the
// workflow and its activities to their SQL. The http and pg instrumentations patch modules as they load,
// which jest's module registry hides from them, so the production processes (src/entry/api.ts and
// worker.ts) run here as they run in production, exporting to a small OTLP/JSON receiver.

interface ReceivedSpan {
  service: string;
  scope: string;
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  /** A pg span's statement (`db.query.text`). */
  query?: string;
  /** Every string attribute's value. */
  values: string[];
}

type OtlpAttributes = { key: string; value: { stringValue?: string } }[];
const stringValues = (attributes: OtlpAttributes | undefined) =>
  (attributes ?? []).flatMap((a) => (a.value.stringValue === undefined ? [] : [a.value.stringValue]));
interface OtlpExport {
  resourceSpans?: {
    resource?: { attributes?: OtlpAttributes };
    scopeSpans?: {
      scope?: { name: string };
      spans?: (Omit<ReceivedSpan, 'service' | 'scope' | 'query' | 'values'> & { attributes?: OtlpAttributes })[];
    }[];
  }[];
}

const attribute = (attributes: OtlpAttributes | undefined, key: string) =>
  attributes?.find((a) => a.key === key)?.value.stringValue;

/** A collector's OTLP/HTTP JSON endpoint (POST /v1/traces) keeping every span it is sent. */
async function startReceiver(): Promise<{ url: string; spans: ReceivedSpan[]; server: Server }> {
  const spans: ReceivedSpan[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport;
        for (const rs of body.resourceSpans ?? []) {
          const service = attribute(rs.resource?.attributes, 'service.name') ?? '';
          for (const ss of rs.scopeSpans ?? [])
            for (const { attributes, ...span } of ss.spans ?? [])
              spans.push({
                ...span,
                service,
                scope: ss.scope?.name ?? '',
                query: attribute(attributes, 'db.query.text'),
                values: stringValues(attributes),
              });
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans, server };
}

describe('traces', () => {
  let s: RegistryStack;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let api: string;

  beforeAll(async () => {
    receiver = await startReceiver();
    // No in-process worker: the traced worker process is the only one polling the stack's task queue.
    s = await startRegistryStack({}, { worker: false });
    const otel = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: '100' };
    api = (await s.spawnApi(otel)).url;
    s.spawnWorker(otel);
    await eventually(async () => {
      const res = await s.t.temporal.client.workflowService.describeTaskQueue({
        namespace: 'default',
        taskQueue: { name: s.taskQueue },
        taskQueueType: 1,
      });
      return (res.pollers ?? []).length > 0;
    });
  });
  afterAll(async () => {
    await s?.stop();
    receiver?.server.close();
  });

  it('follows one registration from the HTTP request through the workflow and its activities to the SQL', async () => {
    const name = `${randomLabel('traced')}.agent`;
    const agent = await provision(s.t.app);
    await grantGems(s.t.db.orm.em.fork(), { accountId: agent.account_id, amount: 100_000, reference: `g:${name}` });
    const res = await register(api, agent.api_key, { ...registerBody(name), payment_method: 'gems' });
    expect(res.status).toBe(200);

    // The registration's trace is the one its HTTP server span roots; its spans arrive in batches from
    // two processes, so wait until the SQL of the registration's effect and every span's parent are in.
    const server = () =>
      receiver.spans.find(
        (x) => x.name === 'POST /api/v1/domains/register' && x.scope.endsWith('instrumentation-http'),
      );
    const inTrace = () => receiver.spans.filter((x) => x.traceId === server()?.traceId);
    const effectSql = () => {
      const spans = inTrace();
      const activities = new Set(spans.filter((x) => x.name.startsWith('RunActivity:')).map((x) => x.spanId));
      return spans.find((x) => x.name.startsWith('pg.query:INSERT') && activities.has(x.parentSpanId ?? ''));
    };
    const loose = (spans: ReceivedSpan[]) => {
      const ids = new Set(spans.map((x) => x.spanId));
      return spans.filter((x) => x.parentSpanId && !ids.has(x.parentSpanId));
    };
    await eventually(async () => effectSql() !== undefined && loose(inTrace()).length === 0);

    const spans = inTrace();
    const byId = new Map(spans.map((x) => [x.spanId, x]));
    /** The names from a span up to the trace's root, following parent links within the trace. */
    const path = (from: ReceivedSpan) => {
      const names: string[] = [];
      for (let at: ReceivedSpan | undefined = from; at; at = byId.get(at.parentSpanId ?? '')) names.push(at.name);
      return names;
    };
    // One root, and every other span's parent is in the same trace: nothing hangs loose.
    expect(spans.filter((x) => !x.parentSpanId).map((x) => x.name)).toEqual(['POST /api/v1/domains/register']);
    expect(loose(spans).map((x) => x.name)).toEqual([]);

    // The effect's SQL, up through the local activity (activateDomain) and the workflow to the request.
    const sql = effectSql() as ReceivedSpan;
    expect(path(sql)).toEqual([
      expect.stringMatching(/^pg\.query:INSERT/),
      'RunActivity:activateDomain',
      'StartActivity:activateDomain',
      'RunWorkflow:registrationWorkflow',
      'StartWorkflow:registrationWorkflow',
      expect.stringMatching(/^handler/),
      'request',
      'POST /api/v1/domains/register',
    ]);
    const service = (spanName: string) => spans.find((x) => x.name === spanName)?.service;
    expect(service('POST /api/v1/domains/register')).toBe('registry-api');
    expect(service('StartWorkflow:registrationWorkflow')).toBe('registry-api');
    expect(service('RunWorkflow:registrationWorkflow')).toBe('registry-worker');
    expect(sql.service).toBe('registry-worker');
    // The statement's shape, without the values MikroORM inlines into it.
    expect(sql.query).toMatch(/^insert into /);
    expect(spans.filter((x) => x.query?.includes(name)).map((x) => x.query)).toEqual([]);
    // The API's own queries are in the trace too, under the request.
    const apiSql = spans.filter((x) => x.service === 'registry-api' && x.name.startsWith('pg.query:'));
    expect(apiSql.length).toBeGreaterThan(0);
    expect(apiSql.every((x) => path(x).at(-1) === 'POST /api/v1/domains/register')).toBe(true);
  });

  it("keeps a URL's secrets out of the spans: an invitation's token, a sign-in callback's code and state", async () => {
    const token = `tok-${randomLabel()}`;
    const code = `code-${randomLabel()}`;
    const state = `state-${randomLabel()}`;
    await fetch(`${api}/dashboard/invitations/${token}`, { redirect: 'manual' });
    await fetch(`${api}/auth/callback?code=${code}&state=${state}`, { redirect: 'manual' });
    const serverSpans = () => receiver.spans.filter((x) => x.scope.endsWith('instrumentation-http'));
    await eventually(async () =>
      ['/dashboard/invitations/[redacted]', '/auth/callback'].every((p) =>
        serverSpans().some((x) => x.values.includes(p)),
      ),
    );
    const recorded = receiver.spans.flatMap((x) => x.values).join('\n');
    for (const secret of [token, code, state]) expect(recorded).not.toContain(secret);
  });

  it('starts nothing without OTEL_EXPORTER_OTLP_ENDPOINT', async () => {
    expect(
      await startTracing({ OTEL_EXPORTER_OTLP_ENDPOINT: undefined, OTEL_SERVICE_NAME: undefined }, 'x'),
    ).toBeUndefined();
    expect(trace.getTracer('test').startSpan('nothing').isRecording()).toBe(false);
    expect(s.t.app.hasPlugin('@fastify/otel')).toBe(false);
  });
});
