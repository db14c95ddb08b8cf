import { describe, it, expect } from '@jest/globals';
import { readFileSync } from 'node:fs';
import type { CatalogEntry } from '../../src/domain/catalog.ts';
import type { NamespaceInfo } from '../../src/domain/namespace-directory.ts';
import { renderCheckout } from '../../src/pages/checkout.ts';
import { renderHome } from '../../src/pages/home.ts';
import { renderLanding } from '../../src/pages/landing.ts';
import type { PageContext } from '../../src/pages/landing.ts';
import { renderSkillMd } from '../../src/pages/skill-md.ts';
import { dashboardPage, dashboardScriptHash } from '../../src/dashboard/views/layout.ts';
import type { DashboardView } from '../../src/dashboard/views/view.ts';
import { renderOverview, type OverviewData } from '../../src/dashboard/views/overview.ts';
import { html } from '../../src/pages/html.ts';
import { createHash } from 'node:crypto';
import { tools } from '../../src/mcp/tools/index.ts';

const catalog = JSON.parse(readFileSync(new URL('../../catalog/namespaces.json', import.meta.url), 'utf8')) as {
  catalog_version: string;
  namespaces: CatalogEntry[];
};
const all: NamespaceInfo[] = catalog.namespaces.map((e) => ({ ...e, catalog_version: catalog.catalog_version }));
const ctx: PageContext = { baseUrl: 'https://registry.example/', gemUsdRate: '0.01', currency: 'USDC' };

function ns(name: string): NamespaceInfo {
  const found = all.find((n) => n.namespace === name);
  if (!found) throw new Error(`catalog has no .${name}`);
  return found;
}

const byPhase = (phase: NamespaceInfo['launch_phase']) => all.filter((n) => n.launch_phase === phase);

describe('renderSkillMd', () => {
  it('has the title, machine hint and the four sections in order', () => {
    const md = renderSkillMd(ns('agent'), ctx);
    const lines = md.split('\n');
    expect(lines[0]).toBe('# .agent — skill file');
    expect(lines[1]).toContain(`catalog_version=${catalog.catalog_version}`);
    const headings = lines.filter((l) => l.startsWith('## '));
    expect(headings).toEqual(['## Overview', '## Current status', '## How to register', '## Special rules']);
  });

  it('tells an MCP host where to connect and names every tool the server offers, and only those', () => {
    const md = renderSkillMd(ns('agent'), ctx);
    expect(md).toContain(
      '{"mcpServers":{"registry":{"url":"https://registry.example/mcp","headers":{"X-API-Key":"<API_KEY>"}}}}',
    );
    const section = md.slice(md.indexOf('### Over MCP'), md.indexOf('## Special rules'));
    const named = [...section.slice(section.indexOf('Tools take')).matchAll(/`([a-z]+(?:_[a-z]+)*)`/g)]
      .map((m) => m[1])
      .filter((n) => !['request_id', 'payment_method', 'domain', 'namespace', 'years', 'tempo'].includes(n as string));
    expect(named.sort()).toEqual(tools.map((t) => t.name).sort());
  });

  it('names the reads an agent’s key may make of its own account: balance, checkouts, listings, sales, events', () => {
    const md = renderSkillMd(ns('agent'), ctx);
    for (const route of [
      '/api/v1/agents/me/balance',
      '/api/v1/checkouts',
      '/api/v1/domains/listings',
      '/api/v1/domains/sales',
      '/events',
      '/auto-renew',
    ])
      expect(md).toContain(route);
  });

  it('tells an agent how to sell, buy and make offers', () => {
    const md = renderSkillMd(ns('agent'), ctx);
    for (const route of ['/listing', '/api/v1/domains/buy-secondary', '/api/v1/domains/make-offer', '/payout-address'])
      expect(md).toContain(route);
    expect(md).toContain('offer_below_minimum');
  });

  it('walks the USDC route step by step only when the operator opened it', () => {
    expect(renderSkillMd(ns('agent'), ctx)).not.toContain('Paying with USDC on Base');
    const md = renderSkillMd(ns('agent'), { ...ctx, usdcCheckoutUrl: 'https://checkout.example' });
    expect(md).toContain('### Paying with USDC on Base (`base-mainnet`)');
    expect(md).toContain('`GET https://checkout.example/.well-known/payment-methods`');
    for (const term of ['settlement_enabled', 'maxTimeoutSeconds', 'X-Checkout-Session-Token', 'Idempotency-Key'])
      expect(md).toContain(term);
    expect(md).toContain('https://registry.example/api/agent/register-status/<session_id>/reconcile');
    expect(md).toContain('never sign a replacement');
    // The example payer's loopback exception, stated (issue 25 item 15).
    expect(md).toContain('`settle_url` and `receipt_url` are HTTPS (one exception, local development only');
  });

  it('states the webhook signing keys and where a bearer for records comes from (issue 25 items 12, 15)', () => {
    const md = renderSkillMd(ns('agent'), ctx);
    expect(md).toContain('the key is the whole secret string exactly as returned, `whsec_` prefix included');
    expect(md).toContain('`npm run ops -- token <username>`');
  });

  it.each(all.map((n) => [n.namespace, n] as const))('.%s carries its catalog content', (_name, info) => {
    const md = renderSkillMd(info, ctx);
    expect(md).toContain(info.tagline);
    expect(md).toContain(info.description);
    for (const u of info.use_cases) expect(md).toContain(`- ${u}`);
    for (const r of info.reserved_names) expect(md).toContain(`\`${r}\``);
    expect(md).toContain(info.whitelist_rule);
    const usd = (gems: number) => (gems / 100).toFixed(2);
    expect(md).toContain(`${info.price_per_year.agent} gems / year (≈ ${usd(info.price_per_year.agent)} USDC)`);
    expect(md).toContain(`${info.price_per_year.human} gems / year (≈ ${usd(info.price_per_year.human)} USDC)`);
    expect(md).toContain(`https://registry.example/api/v1/domains/search?q=my-agent.${info.namespace}`);
    expect(md).toContain(`"domain":"my-agent","namespace":"${info.namespace}","years":1}`);
    expect(md).toContain(`https://registry.example/api/v1/lookup/my-agent.${info.namespace}`);
    expect(md).not.toContain('registry.example//');
  });

  it('computes the agent price and the 402 amount from the catalog and rate', () => {
    const md = renderSkillMd(ns('agent'), ctx);
    expect(md).toContain('1500 gems / year (≈ 15.00 USDC)');
    expect(md).toContain('2000 gems / year (≈ 20.00 USDC)');
    expect(md).toContain(
      '"status":"payment_required","protocol":"mpp","amount":15,"amount_minor":"15000000","currency":"USDC"',
    );
    expect(md).toContain('transferWithMemo(address,uint256,bytes32)');
    expect(md).toContain('WWW-Authenticate: Payment');
    expect(md).toContain("-H 'Authorization: Payment <RECEIPT>'");
    expect(md).toContain(
      "curl -s -X POST 'https://registry.example/api/v1/agents/provision' -H 'Content-Type: application/json' -d '{}'",
    );
    expect(md).toContain('"agreed_to_terms":true');
    expect(renderSkillMd(ns('agent'), { ...ctx, gemUsdRate: '0.0125', currency: 'pathUSD' })).toContain(
      '1500 gems / year (≈ 18.75 pathUSD)',
    );
  });

  it('states the general payment and name rules', () => {
    const md = renderSkillMd(ns('agent'), ctx);
    const rules = md.slice(md.indexOf('## Special rules'));
    expect(rules).toContain('1-63 characters');
    expect(rules).toContain('"payment_method":"gems"');
    expect(rules).toContain('never an implicit fallback');
    expect(rules).toContain('Never pay twice');
    expect(rules).toContain('Idempotency-Key: <a new UUID for each action>');
    expect(rules).toContain('409 idempotency_key_in_use');
    expect(rules).toContain('re-quote');
  });

  it('tells what each retryable error asks of the agent', () => {
    const md = renderSkillMd(ns('agent'), ctx);
    expect(md).toContain('`503 verification_unavailable`: the chain could not be read now. Re-send the same receipt');
    expect(md).toContain(
      '`503 not_ready` (any call): a part of the service was restarting and could not confirm your request',
    );
  });

  it('mentions sunrise and coming soon only for those phases', () => {
    for (const info of byPhase('sunrise')) {
      const md = renderSkillMd(info, ctx);
      expect(md).toContain('Sunrise (whitelist only)');
      expect(md).toContain('HTTP 403');
      expect(md).not.toMatch(/coming soon/i);
    }
    for (const info of byPhase('coming_soon')) {
      const md = renderSkillMd(info, ctx);
      expect(md).toContain('Coming Soon');
      expect(md).toContain('registration_open=false');
      expect(md).toMatch(/registration in \.\S+ is closed/i);
      expect(md).not.toMatch(/sunrise|whitelisted|403/i);
    }
    for (const info of byPhase('public')) {
      const md = renderSkillMd(info, ctx);
      expect(md).not.toMatch(/sunrise|coming soon|whitelisted|403/i);
      expect(md).toContain('registration_open=true');
    }
    expect(byPhase('sunrise').length).toBeGreaterThan(0);
    expect(byPhase('coming_soon').length).toBeGreaterThan(0);
  });

  it('adds the partner rules only for partner namespaces', () => {
    for (const info of all) {
      const md = renderSkillMd(info, ctx);
      const partnerRule = md.includes('provider preflight') && md.includes('gfavip_checkout');
      expect(partnerRule).toBe(info.source === 'partners');
    }
  });

  it('picks an example name that is not reserved', () => {
    const md = renderSkillMd({ ...ns('agent'), reserved_names: ['my-agent', 'my-agent-2'] }, ctx);
    expect(md).toContain('q=my-agent-3.agent');
  });
});

describe('renderLanding', () => {
  it('shows the badge, prices, rule, use cases, reserved names, skill link and search form', () => {
    const info = ns('agent');
    const html = renderLanding(info, ctx);
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<title>.agent</title>');
    expect(html).toMatch(/<span id="phase-badge"[^>]*>Public<\/span>/);
    expect(html).toContain('1500 gems / year (≈ 15.00 USDC)');
    expect(html).toContain('2000 gems / year (≈ 20.00 USDC)');
    expect(html).toContain(info.whitelist_rule);
    for (const u of info.use_cases) expect(html).toContain(`<li>${u}</li>`);
    for (const r of info.reserved_names) expect(html).toContain(`<code>${r}</code>`);
    expect(html).toContain('href="/tld/agent/skill.md"');
    for (const id of ['search-form', 'search-input', 'search-results']) expect(html).toContain(`id="${id}"`);
    expect(html).toMatch(/<form id="search-form" action="\/api\/v1\/domains\/search" method="get"/);
    expect(html).toMatch(/<input id="search-input" name="q"/);
    expect(Buffer.byteLength(html)).toBeLessThan(15_000);
  });

  it('labels each phase', () => {
    expect(renderLanding(byPhase('sunrise')[0]!, ctx)).toMatch(/id="phase-badge"[^>]*>Sunrise \(whitelist only\)</);
    expect(renderLanding(byPhase('coming_soon')[0]!, ctx)).toMatch(/id="phase-badge"[^>]*>Coming Soon</);
  });

  it('escapes catalog strings', () => {
    const hostile = {
      ...ns('agent'),
      tagline: '<script>alert("x")</script>',
      use_cases: ["Tom & Jerry's <b>bots</b>"],
    };
    const html = renderLanding(hostile, ctx);
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('<li>Tom &amp; Jerry&#39;s &lt;b&gt;bots&lt;/b&gt;</li>');
    expect(html).not.toContain('<script>alert');
    expect(html.match(/<script>/g)).toHaveLength(1);
  });
});

// A minimal stand-in for the few DOM calls the inline script makes, so its behaviour runs without a browser.
type FakeEl = {
  textContent: string;
  className: string;
  children: FakeEl[];
  attrs: Record<string, string>;
  value: string;
};

function runScript(html: string, response: { status: number; body: unknown }) {
  const source = /<script>([\s\S]*)<\/script>/.exec(html)?.[1] ?? '';
  const make = (): FakeEl & Record<string, unknown> => {
    const e = {
      textContent: '',
      className: '',
      children: [] as FakeEl[],
      attrs: {} as Record<string, string>,
      value: '',
    };
    return Object.assign(e, {
      appendChild: (c: FakeEl) => e.children.push(c),
      getAttribute: (k: string) => e.attrs[k] ?? null,
    });
  };
  const els: Record<string, ReturnType<typeof make>> = {
    'search-form': make(),
    'search-input': make(),
    'search-results': make(),
  };
  els['search-form']!.attrs['data-namespace'] = /data-namespace="([^"]+)"/.exec(html)?.[1] ?? '';
  let submit: ((e: { preventDefault(): void }) => Promise<void> | undefined) | undefined;
  els['search-form']!.addEventListener = (_t: string, fn: typeof submit) => (submit = fn);
  const results = els['search-results']!;
  Object.defineProperty(results, 'textContent', { get: () => '', set: () => (results.children = []) });
  const urls: string[] = [];
  const document = {
    getElementById: (id: string) => els[id],
    createElement: () => make(),
    createTextNode: (text: string) => Object.assign(make(), { textContent: text }),
  };
  const fetch = async (url: string) => {
    urls.push(url);
    return { status: response.status, json: async () => response.body };
  };
  // The page's own inline script, run over a fake DOM: evaluating it is the point of the test.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  new Function('document', 'fetch', source)(document, fetch);
  return {
    urls,
    results,
    async search(text: string) {
      els['search-input']!.value = text;
      await submit?.({ preventDefault() {} });
    },
  };
}

describe('landing search script', () => {
  it('appends the namespace, calls the search API and renders the items as text', async () => {
    const page = runScript(renderLanding(ns('agent'), ctx), {
      status: 200,
      body: {
        status: 'success',
        query: 'scout.agent',
        results: [
          {
            domain: 'scout.agent',
            tld: 'agent',
            available: true,
            reason: '<img src=x>',
            human_price: 2000,
            agent_price: 1500,
          },
        ],
      },
    });
    await page.search(' Scout ');
    expect(page.urls).toEqual(['/api/v1/domains/search?q=scout.agent']);
    const list = page.results.children[0]!;
    expect(list.children[0]!.textContent).toBe(
      'scout.agent: available (<img src=x>), agent 1500 gems/yr, human 2000 gems/yr',
    );
    expect(list.children[0]!.className).toBe('available');
  });

  it('does not double the namespace and shows error messages', async () => {
    const page = runScript(renderLanding(ns('agent'), ctx), {
      status: 400,
      body: { status: 'error', code: 'invalid_name', message: 'Only letters a-z are allowed.' },
    });
    await page.search('scout.agent');
    expect(page.urls).toEqual(['/api/v1/domains/search?q=scout.agent']);
    expect(page.results.children[0]!.textContent).toBe('Only letters a-z are allowed.');
  });
});

describe('home page search', () => {
  // It answered with the raw JSON of the search API (issue 25 item 15); now the landing pages' script
  // answers it on the page, across every namespace.
  it('searches the name as typed and renders the results on the page', async () => {
    const html = renderHome(all, ctx, null);
    expect(html.match(/<script>/g)).toHaveLength(1);
    for (const id of ['search-form', 'search-input', 'search-results']) expect(html).toContain(`id="${id}"`);
    const page = runScript(html, {
      status: 200,
      body: {
        status: 'success',
        query: 'scout',
        results: [
          { domain: 'scout.agent', tld: 'agent', available: false, reason: 'registered' },
          { domain: 'scout.zen', tld: 'zen', available: true, reason: 'available', human_price: 20, agent_price: 15 },
        ],
      },
    });
    await page.search(' Scout ');
    await page.search('scout.zen.');
    expect(page.urls).toEqual(['/api/v1/domains/search?q=scout', '/api/v1/domains/search?q=scout.zen']);
    const items = page.results.children[0]!.children;
    // Issue 38 item 18: "available (available)" said it twice, and nothing led on to registering it.
    expect(items.map((li) => li.textContent)).toEqual([
      'scout.agent: not available (registered)',
      'scout.zen: available, agent 15 gems/yr, human 20 gems/yr',
    ]);
    expect(items[0]!.children).toEqual([]);
    const link = items[1]!.children.find((c) => c.textContent === 'Register it') as FakeEl & { href?: string };
    expect(link.href).toBe('/dashboard?register=scout.zen#register');
  });
});

describe('human checkout page', () => {
  const view = (development: boolean) =>
    renderCheckout({
      name: 'scout.agent',
      priceGems: 2500,
      affiliateId: null,
      referrer: null,
      signInUrl: '/auth/login?return_to=%2Fcheckout%2Fscout.agent',
      buyer: { accountId: '0b7c1a5e-0000-4000-8000-000000000001', label: 'ada', balance: 100, csrfToken: 't' },
      development,
    });

  it('tells a developer how to get gems, in development only (issue 25 item 15)', () => {
    expect(view(true)).toContain('<code>npm run ops -- grant-gems 0b7c1a5e-0000-4000-8000-000000000001 2400</code>');
    expect(view(false)).not.toContain('id="dev-gems"');
    expect(view(false)).not.toContain('grant-gems');
  });
});

describe('dashboard pages', () => {
  const view = (development: boolean): DashboardView => ({
    path: '/dashboard',
    query: {},
    person: { accountId: '0b7c1a5e-0000-4000-8000-000000000002', name: 'ada' },
    csrfToken: 't',
    notice: null,
    reveal: { label: 'Your new API key.', value: 'rk_agent_x' },
    failed: null,
    development,
  });

  // Issue 38 item 13: the page served the script with whitespace the hash was not of, so the Copy button was dead.
  it('serves the one inline script byte for byte as its CSP hash was made', () => {
    const page = dashboardPage(view(false), { title: 'Keys', body: html`<p>x</p>` });
    const scripts = [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
    expect(scripts).toHaveLength(1);
    expect(`'sha256-${createHash('sha256').update(scripts[0]!).digest('base64')}'`).toBe(dashboardScriptHash);
    expect(page).toContain('data-copy="revealed-secret"');
  });

  // Issue 38 item 16: with no gems, the way to get some; in development the command, with the account id.
  it('tells a person with no gems how to get them: the command in development, the operator elsewhere', () => {
    const data: OverviewData = {
      now: Date.now(),
      balance: 0,
      owners: {},
      domains: { rows: [], total: 0, page: 1, hasMore: false },
      expiringSoon: 0,
      checkouts: { rows: [], total: 0 },
    };
    const dev = renderOverview(view(true), data).value;
    expect(dev).toContain('<code>npm run ops -- grant-gems 0b7c1a5e-0000-4000-8000-000000000002 10000</code>');
    const prod = renderOverview(view(false), data).value;
    expect(prod).not.toContain('grant-gems');
    expect(prod).toContain('operator credits them');
    expect(renderOverview(view(true), { ...data, balance: 5 }).value).not.toContain('id="gems-hint"');
  });

  // Issue 38 item 15: on a phone a table's rows are cards, each cell headed by its column's name.
  it('labels each cell with its column, for the cards a phone shows', () => {
    const data: OverviewData = {
      now: Date.parse('2026-11-28T00:00:00Z'),
      balance: 10,
      owners: { me: 'You' },
      domains: {
        rows: [
          {
            id: 1,
            name: 'scout.agent',
            tld: 'agent',
            status: 'active',
            owner_id: 'me',
            registration_date: '2026-11-28T00:00:00.000Z',
            expiry_date: '2027-11-28T00:00:00.000Z',
            squad_id: null,
            storefront_id: null,
            auto_renew: { enabled: true, max_gems: 50000 },
            for_sale: false,
          },
        ],
        total: 1,
        page: 1,
        hasMore: false,
      },
      expiringSoon: 0,
      checkouts: { rows: [], total: 0 },
    };
    const out = renderOverview(view(false), data).value;
    expect(out).toContain('<table class="cards">');
    expect(out).toContain('<td data-label="Owner">You</td>');
    expect(out).toContain('<td data-label="Auto-renew">On (up to 50,000 gems)</td>');
  });
});
