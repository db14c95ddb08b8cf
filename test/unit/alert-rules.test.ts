import { describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, stringify } from 'yaml';

// The monitoring configuration of docs/monitoring (docs/operations.md "Monitoring"): promtool checks the
// alert rules and runs their unit tests (alerts.test.yml), checks the Prometheus configuration and every
// query of the Grafana dashboard; and what promtool does not know is checked here: each alert says how bad
// it is, what to look at and where its runbook is, the runbook section exists, and a test sees it fire.
// promtool comes with Debian's `prometheus` package (.ci/run installs it); without it these tests fail.
const root = fileURLToPath(new URL('../../', import.meta.url));
const monitoring = join(root, 'docs/monitoring');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

// promtool's own report ("  SUCCESS", or the failing case with what was expected and what came) is kept
// in a file, never printed: a failure puts it in the assertion.
const outputs = mkdtempSync(join(tmpdir(), 'alert-rules-'));

interface PromtoolRun {
  exitCode: number;
  output: string;
}

function promtool(name: string, args: string[]): Promise<PromtoolRun> {
  return new Promise((resolve, reject) => {
    execFile('promtool', args, { cwd: monitoring }, (err, stdout, stderr) => {
      const code = (err as NodeJS.ErrnoException | null)?.code;
      if (code === 'ENOENT') {
        reject(new Error('promtool is not installed: `apt-get install prometheus` (Debian) puts it on the PATH'));
        return;
      }
      const output = `$ promtool ${args.join(' ')}\n${stdout}${stderr}`;
      writeFileSync(join(outputs, `${name}.txt`), output);
      resolve({ exitCode: err ? (typeof code === 'number' ? code : 1) : 0, output });
    });
  });
}

/** Passes with exit code 0; otherwise fails showing promtool's whole report. */
function expectSuccess(run: PromtoolRun) {
  expect({ exitCode: run.exitCode, output: run.exitCode === 0 ? '(as expected)' : run.output }).toEqual({
    exitCode: 0,
    output: '(as expected)',
  });
}

interface Rule {
  alert?: string;
  record?: string;
  expr: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

interface AlertTestCase {
  alertname: string;
  exp_alerts?: unknown[] | null;
}

const alerts = (parse(read('docs/monitoring/alerts.yml')) as { groups: { rules: Rule[] }[] }).groups
  .flatMap((g) => g.rules)
  .filter((r): r is Rule & { alert: string } => typeof r.alert === 'string');

const testCases = (
  parse(read('docs/monitoring/alerts.test.yml')) as { tests: { alert_rule_test?: AlertTestCase[] }[] }
).tests.flatMap((t) => t.alert_rule_test ?? []);

/** GitHub's anchors for the headings of a markdown file (outside code fences); a repeated one gets -1, -2… */
function anchors(doc: string): Set<string> {
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of read(doc).split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const h = fenced ? null : /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!h?.[1]) continue;
    const slug = h[1]
      .toLowerCase()
      .replace(/[^\p{L}\p{N}_\- ]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(slug);
    seen.set(slug, (n ?? -1) + 1);
    if (n !== undefined) seen.set(`${slug}-${n + 1}`, 0);
  }
  return new Set(seen.keys());
}

describe('the alert rules (docs/monitoring/alerts.yml)', () => {
  it('are valid rules (promtool check rules)', async () => {
    expectSuccess(await promtool('check-rules', ['check', 'rules', 'alerts.yml']));
  });

  it('pass their unit tests (promtool test rules alerts.test.yml)', async () => {
    expectSuccess(await promtool('test-rules', ['test', 'rules', 'alerts.test.yml']));
  });

  it('each carry a severity, a summary, a description naming what to look at, and a runbook', () => {
    expect(alerts.length).toBeGreaterThanOrEqual(10);
    const incomplete = alerts.filter(
      ({ labels, annotations }) =>
        !['page', 'ticket'].includes(labels?.severity ?? '') ||
        !annotations?.summary ||
        // The Temporal UI query, the command or the SQL that finds what the alert is about, in backticks.
        !/`[^`]+`/.test(annotations.description ?? '') ||
        !/^docs\/operations\.md#[\w-]+$/.test(annotations.runbook_url ?? ''),
    );
    expect(incomplete.map((a) => a.alert)).toEqual([]);
  });

  it('link runbook sections that docs/operations.md has', () => {
    const have = anchors('docs/operations.md');
    const missing = alerts
      .map((a) => ({ alert: a.alert, anchor: (a.annotations?.runbook_url ?? '').split('#')[1] ?? '' }))
      .filter(({ anchor }) => !have.has(anchor));
    expect(missing).toEqual([]);
  });

  it('each have a test where they fire and one where they do not', () => {
    const firing = new Set(testCases.filter((c) => (c.exp_alerts ?? []).length > 0).map((c) => c.alertname));
    const quiet = new Set(testCases.filter((c) => (c.exp_alerts ?? []).length === 0).map((c) => c.alertname));
    expect(alerts.filter((a) => !firing.has(a.alert)).map((a) => `${a.alert}: never seen firing`)).toEqual([]);
    expect(alerts.filter((a) => !quiet.has(a.alert)).map((a) => `${a.alert}: never seen quiet`)).toEqual([]);
    const unknown = testCases.map((c) => c.alertname).filter((n) => !alerts.some((a) => a.alert === n));
    expect(unknown).toEqual([]);
  });
});

interface Panel {
  type: string;
  title?: string;
  datasource?: { type: string; uid: string };
  targets?: { expr?: string; datasource?: { uid: string } }[];
  panels?: Panel[];
}

describe('the Prometheus and Grafana configuration', () => {
  it('prometheus.yml is a valid configuration with the alert rules (promtool check config)', async () => {
    expectSuccess(await promtool('check-config', ['check', 'config', 'prometheus.yml']));
  });

  it('scrapes the jobs the rules and the dashboard name, at the ports docker-compose.yml opens', () => {
    const config = parse(read('docs/monitoring/prometheus.yml')) as {
      rule_files: string[];
      scrape_configs: { job_name: string; static_configs: { targets: string[] }[] }[];
    };
    const targets = Object.fromEntries(
      config.scrape_configs.map((s) => [s.job_name, s.static_configs.flatMap((c) => c.targets)]),
    );
    expect(targets).toEqual({ 'registry-api': ['api:9464'], 'registry-worker': ['worker:9465'] });
    expect(config.rule_files).toEqual(['alerts.yml']);
    const compose = parse(read('docker-compose.yml')) as {
      services: Record<string, { environment?: Record<string, string> }>;
    };
    expect(compose.services.api?.environment?.API_METRICS_ADDRESS).toBe('0.0.0.0:9464');
    expect(compose.services.worker?.environment?.WORKER_METRICS_ADDRESS).toBe('0.0.0.0:9465');
  });

  it("the dashboard's queries are valid PromQL on the provisioned data source", async () => {
    const dashboard = JSON.parse(read('docs/monitoring/grafana/registry-dashboard.json')) as { panels: Panel[] };
    const panels = dashboard.panels.flatMap((p) => [p, ...(p.panels ?? [])]).filter((p) => p.type !== 'row');
    const exprs = panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr ?? ''));
    expect(panels.length).toBeGreaterThan(20);
    expect(exprs.filter((e) => !e.trim())).toEqual([]);

    const datasources = parse(read('docs/monitoring/grafana/provisioning/datasources/registry.yml')) as {
      datasources: { uid: string; type: string }[];
    };
    const prometheus = datasources.datasources.find((d) => d.type === 'prometheus')?.uid;
    const elsewhere = panels.filter(
      (p) => p.datasource?.uid !== prometheus || (p.targets ?? []).some((t) => t.datasource?.uid !== prometheus),
    );
    expect(elsewhere.map((p) => p.title)).toEqual([]);

    // Grafana's interval variables become a duration; each query is checked as a recording rule.
    const rules = exprs.map((expr, i) => ({
      record: `dashboard:query_${i}`,
      expr: expr.replace(/\$__(rate_interval|interval|range)\b/g, '5m'),
    }));
    const file = join(outputs, 'dashboard-queries.yml');
    writeFileSync(file, stringify({ groups: [{ name: 'dashboard', rules }] }));
    expectSuccess(await promtool('check-dashboard', ['check', 'rules', file]));
  });
});
