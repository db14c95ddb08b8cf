import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { accountForIdentity } from '../../src/auth/accounts.ts';
import type { DevOidcProvider } from '../../src/infra/dev-oidc/provider.ts';
import { startDevOidcProvider } from '../../src/infra/dev-oidc/provider.ts';
import { declaredRoutes } from '../../src/server/declared.ts';
import { grantGems } from '../../src/ledger/gems.ts';
import { Account } from '../../src/db/entities/index.ts';
import { createDomain } from '../helpers/fixtures.ts';
import { launchChromium, seriousAxeViolations, type AxeViolation } from '../helpers/chromium.ts';
import { eventually } from '../helpers/hosted-checkout.ts';
import { freePort } from '../helpers/ports.ts';
import { startTestPowerDns, type TestPowerDns } from '../helpers/powerdns.ts';
import { startRegistryStack, type RegistryStack, type StackProcess } from '../helpers/registry-stack.ts';
import { startTestReceiver, type TestReceiver } from '../helpers/webhook-receiver.ts';

// Issue 27's journey in a real Chromium (Debian's `chromium`, or CHROMIUM_PATH), against the processes
// `npm start` runs: the production API and worker processes, PowerDNS and the local identity provider. A
// person signs in through the real login flow and works the dashboard by its visible labels; what each
// form did is checked over the API, as an agent would see it. axe-core checks every page visited, and
// each page is photographed at desktop width and 375 px: into a temporary folder the run prints, or with
// SCREENSHOTS=docs/screenshots into the committed ones the README shows (so a plain `npm test` leaves
// the tree as it was).

const SHOTS = process.env.SCREENSHOTS
  ? join(process.cwd(), process.env.SCREENSHOTS)
  : join(tmpdir(), `dashboard-screenshots-${process.pid}`);
/** The pages photographed for docs/screenshots/README.md, each in the state that shows most of it. */
const PHOTOS = new Set([
  'overview',
  'agents',
  'keys-created',
  'domain-offer',
  'domain-record-refused',
  'market',
  'webhooks',
  'webhook-redelivered',
  'activity',
  'activity-audit',
  'team',
  'team-invitation',
  'activity-team',
  'domain-unlock-pending',
  'mandate',
  'approvals-pending',
  'error-not-yours',
  'home',
]);
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };
/**
 * What the pages are known to fall short of, each to be fixed where it lives and then deleted here:
 * - a labelled control wider than the phone (the skill text, the payout address): in `form.block` a
 *   label is a flex item whose minimum width is its control's, so `max-width:100%` on the control does
 *   not bite; `form.block label{max-width:100%}` (or `min-width:0`) in layout.ts fixes it.
 * KNOWN_AXE names axe rules by id, with the reason, the same way (none now).
 */
const KNOWN_AXE: Record<string, string> = {};
const KNOWN_OVERFLOW: RegExp[] = [];
/**
 * What sticks out sideways at the phone's width: the document when it is wider than the window (issue 38
 * item 15: the home page was 386 px wide at 375), and every element that reaches past the window's right
 * edge, inside a scrolling box or not (a button scrolled out of sight in a table is out of reach).
 */
const OVERFLOWING = `(() => {
  const width = document.documentElement.clientWidth;
  const wide = document.documentElement.scrollWidth > width ? ['document: ' + document.documentElement.scrollWidth + ' px wide in ' + width] : [];
  const out = [...document.querySelectorAll('body *')]
    .filter((e) => {
      const r = e.getBoundingClientRect();
      if (r.width === 0 || r.right <= width + 0.5) return false;
      // Hidden from sight on purpose (a table's head on a phone, clipped to nothing): not on the screen.
      for (let a = e; a; a = a.parentElement) if (getComputedStyle(a).clipPath !== 'none') return false;
      return true;
    })
    .map((e) => e.tagName.toLowerCase() + (e.className ? '.' + e.className : '') + ': ' + (e.textContent || '').trim().slice(0, 40));
  return [...wide, ...out].slice(0, 8);
})()`;

describe('the dashboard journey in Chromium', () => {
  let pdns: TestPowerDns;
  let idp: DevOidcProvider;
  let receiver: TestReceiver | undefined;
  let receiverPort = 0;
  let s: RegistryStack;
  let api: StackProcess;
  let chromium: Browser;
  /** Alice's browser (the journey's person) and Bob's (the second person). */
  let alice: BrowserContext;
  let bob: BrowserContext;
  let page: Page;
  let aliceId: string;
  let bobId: string;
  const seen = new Set<string>();
  /** The name alice registers, lists and sells. */
  const NAME = 'journey-scout.agent';
  let aliceBearer: Record<string, string>;
  let bobBearer: Record<string, string>;

  const url = (path: string) => `${api.url}${path}`;
  /** The API as an agent calls it, with an API key or a bearer token. */
  const call = async (method: string, path: string, auth: Record<string, string>, body?: unknown) => {
    const res = await fetch(url(path), {
      method,
      headers: { ...auth, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, any> };
  };

  /** Signs `username` in through the login flow (the app, then the identity provider's form) and lands on `path`. */
  async function signIn(p: Page, username: string, path: string) {
    await p.goto(url(`/auth/login?return_to=${encodeURIComponent(path)}`));
    // The identity provider asks for the username unless it still remembers this browser's last sign-in.
    if (p.url() !== url(path)) {
      await p.getByLabel('Username').fill(username);
      await p.getByRole('button', { name: 'Sign in' }).click();
      await p.waitForURL(url(path));
    }
  }

  /** What a page fell short of (axe at either width, the phone's width), gathered for the last case. */
  const problems: { page: string; width: number; axe: AxeViolation[]; overflowing: string[] }[] = [];
  /** The known shortfalls (KNOWN_AXE, KNOWN_OVERFLOW) met on the way. */
  const tolerated = new Set<string>();

  /**
   * Checks the page as it is now: axe at desktop width (no serious or critical violation); the first time
   * a page is seen, axe again at 375 px, where nothing may stick out sideways, and a photograph at both
   * widths if it is one of PHOTOS. What falls short is gathered, so the journey goes on and the last
   * case names every page.
   */
  async function check(p: Page, name: string) {
    const look = async (width: number) => {
      const axe = (await seriousAxeViolations(p)).filter((v) => {
        if (!(v.id in KNOWN_AXE)) return true;
        tolerated.add(`axe ${v.id}`);
        return false;
      });
      const overflowing = (width === PHONE.width ? await p.evaluate<string[]>(OVERFLOWING) : []).filter((e) => {
        if (!KNOWN_OVERFLOW.some((k) => k.test(e))) return true;
        tolerated.add('overflow of a labelled control');
        return false;
      });
      if (axe.length > 0 || overflowing.length > 0) problems.push({ page: name, width, axe, overflowing });
    };
    await look(DESKTOP.width);
    if (seen.has(name)) return;
    seen.add(name);
    const photo = PHOTOS.has(name);
    if (photo) await p.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
    await p.setViewportSize(PHONE);
    try {
      await look(PHONE.width);
      if (photo) await p.screenshot({ path: join(SHOTS, `${name}-phone.png`), fullPage: true });
    } finally {
      await p.setViewportSize(DESKTOP);
    }
  }

  /** Opens a dashboard page and checks it. */
  async function open(p: Page, path: string, name: string) {
    const res = await p.goto(url(path));
    expect(res?.status()).toBe(200);
    await check(p, name);
  }

  /** A person's own browser: cookies of their own. */
  const person = () => chromium.newContext({ viewport: DESKTOP });

  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true });
    process.stdout.write(`dashboard: screenshots in ${SHOTS}\n`);
    chromium = await launchChromium();
    pdns = await startTestPowerDns();
    // The browser reaches a production API process on a port chosen now, so the identity provider can
    // know its callback before it starts.
    const port = String(await freePort());
    const base = `http://127.0.0.1:${port}`;
    idp = await startDevOidcProvider({
      port: 0,
      audience: 'agent-registry',
      clients: [
        { clientId: 'agent-registry', clientSecret: 'dev-registry-secret', redirectUris: [`${base}/auth/callback`] },
      ],
    });
    receiverPort = await freePort();
    // One attempt per event (WEBHOOK_RETRY_SCHEDULE 0): a delivery the receiver refuses is failed at once.
    s = await startRegistryStack(
      { OIDC_ISSUER: idp.issuer, WEBHOOK_ALLOW_INSECURE_LOCAL: 'true', WEBHOOK_RETRY_SCHEDULE: '0', ...pdns.env },
      { worker: false },
    );
    // The production processes: the API the browser reaches and the worker (src/entry/api.ts, worker.ts).
    s.spawnWorker({ PUBLIC_BASE_URL: base });
    api = await s.spawnApi({ PORT: port, PUBLIC_BASE_URL: base });
    alice = await person();
    bob = await person();
    aliceBearer = { authorization: `Bearer ${await idp.mintAccessToken('alice')}` };
    bobBearer = { authorization: `Bearer ${await idp.mintAccessToken('bob')}` };
    page = await alice.newPage();
    page.setDefaultTimeout(10_000);
  });

  afterAll(async () => {
    await chromium?.close();
    await s?.stop();
    await receiver?.stop();
    await idp?.stop();
    await pdns?.stop();
  });

  it('signs a person in through the identity provider and lands on their keys', async () => {
    await signIn(page, 'alice', '/dashboard/keys');
    await expect(page.getByRole('heading', { level: 1, name: 'API keys' }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('Signed in as').textContent()).resolves.toContain('alice');
    aliceId = await accountForIdentity(s.t.db.orm.em.fork(), idp.issuer, 'alice');
    await check(page, 'keys');
  });

  let keyValue = '';
  it('creates a key, which works over the API, then revokes it, which the API then refuses', async () => {
    await page.getByRole('textbox', { name: 'Name' }).fill('journey key');
    await page.getByRole('button', { name: 'Create key' }).click();
    await expect(page.getByRole('status').first().textContent()).resolves.toContain('created');
    keyValue =
      (await page.getByRole('status').filter({ hasText: 'Your new API key.' }).locator('code').textContent()) ?? '';
    expect(keyValue).toMatch(/^rk_agent_/);
    // The page the browser landed on is a GET (post/redirect/get), the secret not in its address.
    expect(page.url()).toBe(url('/dashboard/keys'));
    // The copy button works: its script runs under the page's CSP (issue 38 item 13).
    await alice.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: api.url });
    await page.getByRole('button', { name: 'Copy' }).click();
    // The button says so once the clipboard has taken it (a promise: waited for, not looked at once).
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(keyValue);
    await check(page, 'keys-created');
    // Reloading "Key created" shows the page again, without the secret, and makes no second key.
    const keysNow = async () => ((await call('GET', '/api/v1/keys', aliceBearer)).body.data as unknown[]).length;
    const made = await keysNow();
    await page.reload();
    await expect(page.getByText('It is shown this once').count()).resolves.toBe(0);
    expect(await keysNow()).toBe(made);
    const me = await call('GET', '/api/v1/agents/me', { 'x-api-key': keyValue });
    expect(me.status).toBe(200);
    expect(me.body.account.account_id).toBe(aliceId);

    const row = page.getByRole('row').filter({ hasText: 'journey key' });
    await row.getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByRole('status').first().textContent()).resolves.toContain('revoked');
    await check(page, 'keys-revoked');
    await expect(page.getByRole('row').filter({ hasText: 'journey key' }).textContent()).resolves.toContain('Revoked');
    expect((await call('GET', '/api/v1/agents/me', { 'x-api-key': keyValue })).status).toBe(401);
  });

  /** The agent alice claims: its mandate is set in the browser. */
  let claimed = { id: '', key: {} as Record<string, string> };
  it('claims an agent provisioned over the API by its claim code', async () => {
    const agent = await call('POST', '/api/v1/agents/provision', {}, {});
    expect(agent.status).toBe(200);
    const code = agent.body.claim_code as string;
    claimed = { id: agent.body.account_id as string, key: { 'x-api-key': agent.body.api_key as string } };
    await open(page, '/dashboard/agents', 'agents-empty');
    await expect(page.getByText('No agents yet').isVisible()).resolves.toBe(true);
    await page.getByLabel('Claim code').fill(code);
    await page.getByRole('button', { name: 'Claim agent' }).click();
    await expect(page.getByRole('status').first().textContent()).resolves.toContain('claimed by you');
    await expect(
      page
        .getByText(agent.body.account_id as string)
        .first()
        .isVisible(),
    ).resolves.toBe(true);
    await check(page, 'agents');
    // The claim is the API's: the agent is among alice's agents there too.
    expect(JSON.stringify((await call('GET', '/api/v1/agents', aliceBearer)).body)).toContain(agent.body.account_id);
    // A claim code works once: claiming again is refused beside the form, which keeps what was typed.
    await page.getByLabel('Claim code').fill(code);
    await page.getByRole('button', { name: 'Claim agent' }).click();
    await expect(page.getByRole('alert').first().isVisible()).resolves.toBe(true);
    await expect(page.getByLabel('Claim code').inputValue()).resolves.toBe(code);
    await check(page, 'agents-claim-refused');

    // The agent's spend mandate, from its link: set a daily budget, see it and its history; bad input is
    // the API's refusal beside the form.
    await page
      .getByRole('link', { name: /^Spend mandate/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Spend mandate' }).isVisible()).resolves.toBe(true);
    await check(page, 'mandate-none');
    await page.locator('input[name="per_day_usd"]').fill('50.00');
    await page.locator('input[name="approval_above_gems"]').fill('1000');
    await page.getByRole('checkbox', { name: /buy a listed name/ }).uncheck();
    await page.getByRole('button', { name: 'Set mandate' }).click();
    await expect(page.getByRole('status').first().textContent()).resolves.toContain('The mandate is saved');
    await check(page, 'mandate');
    const mandate = await call('GET', `/api/v1/agents/${agent.body.account_id as string}/mandate`, aliceBearer);
    expect(mandate.body.mandate).toMatchObject({
      per_day: { usd: '50.00' },
      allowed_operations: ['register', 'renew', 'offer', 'identity'],
    });
    await page.locator('input[name="per_operation_usd"]').fill('1.234');
    await page.getByRole('button', { name: 'Save mandate' }).click();
    await expect(page.getByRole('alert').first().textContent()).resolves.toContain('at most two decimals');
    await check(page, 'mandate-refused');
    await open(page, '/dashboard/approvals', 'approvals');
  });

  // Once the approval API is there (src/api/routes/approvals.ts): above the threshold set above, the agent's
  // purchase waits; alice sees it with its count on the nav, approves it, and the name is the agent's.
  (declaredRoutes.some((r) => r.url === '/api/v1/approvals') ? it : it.skip)(
    'approves in the browser a purchase above the mandate’s threshold, which then completes',
    async () => {
      await grantGems(s.t.db.orm.em.fork(), { accountId: claimed.id, amount: 10_000, reference: 'journey:agent' });
      const asked = await call('POST', '/api/v1/domains/register', claimed.key, {
        domain: 'journey-approved',
        namespace: 'agent',
        years: 1,
        agreed_to_terms: true,
        payment_method: 'gems',
      });
      expect(asked.status).toBe(202);
      await open(page, '/dashboard/approvals', 'approvals-pending');
      await expect(page.getByRole('navigation', { name: 'Dashboard' }).textContent()).resolves.toMatch(
        /Approvals\s*1 waiting/,
      );
      await page.getByRole('button', { name: /^Approve Register journey-approved\.agent/ }).click();
      await expect(page.getByRole('status').first().textContent()).resolves.toContain('Approved');
      await expect(page.getByText('Nothing waits for your approval.').isVisible()).resolves.toBe(true);
      await check(page, 'approvals-decided');
      const owns = async () =>
        JSON.stringify((await call('GET', '/api/v1/domains', claimed.key)).body).includes('journey-approved.agent');
      await eventually(owns);
      expect(await owns()).toBe(true);
    },
  );

  let subscriptionId = '';
  it('subscribes a webhook receiver, its secret shown once', async () => {
    await open(page, '/dashboard/webhooks', 'webhooks-empty');
    await page.getByLabel('Target URL').fill(`http://127.0.0.1:${receiverPort}/hooks`);
    await page.getByRole('button', { name: 'Create subscription' }).click();
    await expect(page.getByRole('status').first().textContent()).resolves.toContain('Subscription created');
    const secret =
      (await page.getByRole('status').filter({ hasText: 'It is shown this once' }).locator('code').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await check(page, 'webhooks');
    // The receiver checks every signature with that secret, and refuses deliveries until told otherwise.
    receiver = await startTestReceiver(secret, receiverPort);
    receiver.answerWith(503);
    const subs = await call('GET', '/api/v1/webhooks', aliceBearer);
    subscriptionId = (subs.body.subscriptions as { subscription_id: string }[])[0]?.subscription_id ?? '';
    expect(subscriptionId).not.toBe('');
  });

  it('registers a name with gems on the overview, which then lists it, and the activity shows it', async () => {
    await grantGems(s.t.db.orm.em.fork(), { accountId: aliceId, amount: 100_000, reference: 'journey:alice' });
    await open(page, '/dashboard', 'overview');
    await page.getByRole('textbox', { name: 'Name' }).fill(NAME);
    await page.getByLabel('I agree to the registration terms').check();
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('status').first().textContent()).resolves.toContain(`${NAME} is registered until`);
    const registered = await call('GET', `/api/v1/domains/${NAME}`, aliceBearer);
    expect(registered.status).toBe(200);
    await open(page, '/dashboard', 'overview');
    await expect(page.getByRole('row').filter({ hasText: NAME }).textContent()).resolves.toContain('active');
    await expect(page.getByText('Gems balance').textContent()).resolves.not.toContain('100,000');
    await open(page, '/dashboard/activity', 'activity');
    await expect(page.getByRole('row').filter({ hasText: NAME }).first().isVisible()).resolves.toBe(true);
  });

  /** What PowerDNS answers for a TXT name now (nothing while it serves no such name). */
  const txt = async (name: string) => {
    try {
      return (await pdns.resolver.resolveTxt(name)).map((parts) => parts.join(''));
    } catch {
      return [];
    }
  };
  const domainPage = `/dashboard/domains/${NAME}`;
  const storedRecords = async () =>
    JSON.stringify((await call('GET', `/api/v1/domains/${NAME}/records`, aliceBearer)).body.records);
  /** The first empty record of the records editor (a row or a group of fields marked new). */
  const blankRecord = () =>
    page
      .getByRole('group')
      .or(page.getByRole('row'))
      .filter({ hasText: /\bnew\b/i })
      .first();

  it('adds a TXT record on the domain page, which PowerDNS then answers', async () => {
    await open(page, domainPage, 'domain');
    await blankRecord().getByLabel('Type').selectOption('TXT');
    await blankRecord().getByRole('textbox', { name: 'Name', exact: true }).fill('_agent');
    await blankRecord()
      .getByRole('textbox', { name: 'Content', exact: true })
      .fill('v=agent1; endpoint=https://scout.example/a2a');
    await page.getByRole('button', { name: 'Save records' }).click();
    await expect(page.getByRole('status').first().isVisible()).resolves.toBe(true);
    // Kept, and served once the name is delegated: the person enables DNS from the same section.
    expect(await txt(`_agent.${NAME}`)).toEqual([]);
    await page.getByRole('button', { name: 'Enable DNS' }).click();
    await expect(page.getByText('Delegation is published').isVisible()).resolves.toBe(true);
    // The worker process pushes it (on a slow machine it may still be starting: it bundles the workflows).
    await eventually(async () => (await txt(`_agent.${NAME}`)).length > 0);
    expect(await txt(`_agent.${NAME}`)).toEqual(['v=agent1; endpoint=https://scout.example/a2a']);
    await check(page, 'domain-records-saved');
  });

  it('shows an invalid record its error and saves nothing', async () => {
    const before = await storedRecords();
    await blankRecord().getByLabel('Type').selectOption('A');
    await blankRecord().getByRole('textbox', { name: 'Name', exact: true }).fill('www');
    await blankRecord().getByRole('textbox', { name: 'Content', exact: true }).fill('not-an-address');
    await page.getByRole('button', { name: 'Save records' }).click();
    await expect(page.getByRole('alert').first().isVisible()).resolves.toBe(true);
    // What was typed stays in the form.
    const contents = await page.getByRole('textbox', { name: 'Content' }).all();
    expect(await Promise.all(contents.map((c) => c.inputValue()))).toContain('not-an-address');
    await check(page, 'domain-record-refused');
    expect(await storedRecords()).toBe(before);
  });

  it('locks an agent’s name, is refused approving the unlock the agent asked for, cancels it, and reads the audit trail', async () => {
    // The agent's own name, locked with its key: the person who claimed it sees the lock on its page.
    // (Written as a held name: the agent's mandate asks the person to approve a registration's spend.)
    const label = `lock${Date.now().toString(36)}`;
    const agentName = `${label}.agent`;
    const owner = await s.t.db.em().findOneOrFail(Account, { id: claimed.id });
    await createDomain(s.t.db.orm, { label, namespace: 'agent', owner });
    expect((await call('POST', `/api/v1/domains/${agentName}/lock`, claimed.key)).status).toBe(200);
    await open(page, `/dashboard/domains/${agentName}`, 'domain-locked');
    await expect(page.getByRole('region', { name: 'Registrar lock' }).textContent()).resolves.toContain('Locked');
    // The agent asks to unlock. The person who claimed it is the same human, not a second person (docs/teams.md
    // "The second person"): the browser shows the refusal; the person cancels the request instead.
    expect((await call('POST', `/api/v1/domains/${agentName}/unlock`, claimed.key)).status).toBe(200);
    await open(page, `/dashboard/domains/${agentName}`, 'domain-unlock-pending');
    await page.getByRole('button', { name: 'Approve unlock' }).click();
    await expect(page.getByRole('alert').first().textContent()).resolves.toContain('second person');
    await page.getByRole('button', { name: 'Cancel unlock' }).click();
    await expect(page.getByRole('status').first().textContent()).resolves.toContain('Unlock cancelled');
    expect((await call('GET', `/api/v1/domains/${agentName}/lock`, claimed.key)).body.locked).toBe(true);
    // The activity page's audit trail names the agent's lock and the person's cancellation.
    await open(page, '/dashboard/activity', 'activity-audit');
    const audit = page.getByRole('region', { name: 'Audit trail' });
    // In words (issue 51): "cancelled the unlock of <name>", "locked <name>", never the route template.
    await expect(
      audit.getByRole('row').filter({ hasText: 'cancelled the unlock of' }).first().textContent(),
    ).resolves.toContain('You');
    await expect(
      audit
        .getByRole('row')
        .filter({ hasText: /\blocked\b/ })
        .first()
        .isVisible(),
    ).resolves.toBe(true);
    await expect(audit.textContent()).resolves.not.toContain('/api/v1/domains/:domain_name');
  });

  it('keeps a second person out: their browser can neither open the first person’s pages nor post to them', async () => {
    const p = await bob.newPage();
    p.setDefaultTimeout(10_000);
    try {
      await signIn(p, 'bob', '/dashboard/keys');
      bobId = await accountForIdentity(s.t.db.orm.em.fork(), idp.issuer, 'bob');
      // Opening alice's domain page: an HTML error page, never her records.
      const opened = await p.goto(url(domainPage));
      expect(opened?.status()).toBeGreaterThanOrEqual(400);
      expect(opened?.headers()['content-type']).toContain('text/html');
      expect(await p.content()).not.toContain('v=agent1');
      await check(p, 'error-not-yours');
      const deliveries = await p.goto(url(`/dashboard/webhooks/${subscriptionId}`));
      expect(deliveries?.status()).toBeGreaterThanOrEqual(400);
      await check(p, 'error-not-yours');

      // Posting to her pages with Bob's own form token (his session's, so the form check passes): the
      // API refuses, and nothing of hers changes.
      await p.goto(url('/dashboard/keys'));
      const token = await p.locator('input[name="csrf_token"]').first().inputValue();
      const post = (path: string, fields: Record<string, string>) =>
        p.request.post(url(path), {
          form: { csrf_token: token, form_id: crypto.randomUUID(), ...fields },
          headers: { origin: api.url },
          maxRedirects: 0,
        });
      const recordsBefore = await storedRecords();
      const intoRecords = await post(domainPage, {
        action: 'save_records',
        type: 'TXT',
        name: '_agent',
        content: 'v=bob',
        ttl: '',
        orig: '',
      });
      expect(intoRecords.status()).toBeGreaterThanOrEqual(400);
      expect(intoRecords.headers()['content-type']).toContain('text/html');
      expect(await storedRecords()).toBe(recordsBefore);
      const kept = await call('POST', '/api/v1/keys', aliceBearer, { key_class: 'agent', name: 'kept key' });
      expect(kept.status).toBe(200);
      const revoke = await post('/dashboard/keys', { action: 'revoke_key', target: kept.body.key_id as string });
      expect(revoke.status()).toBeGreaterThanOrEqual(400);
      expect((await call('GET', '/api/v1/agents/me', { 'x-api-key': kept.body.api_key as string })).status).toBe(200);
    } finally {
      await p.close();
    }
  });

  const gemsOf = async (auth: Record<string, string>) =>
    (await call('GET', '/api/v1/agents/me/balance', auth)).body.gems_balance as number;
  let gemsBeforeSale = 0;
  it('lists the name for sale; a second person offers over the API; the owner accepts in the browser', async () => {
    await open(page, domainPage, 'domain');
    await page.getByLabel('Price in gems').fill('1000');
    await page.getByLabel('Lowest offer in gems').fill('200');
    await page.getByRole('button', { name: 'List for sale' }).click();
    await expect(page.getByText('For sale at').textContent()).resolves.toContain('1,000 gems');
    await check(page, 'domain-listed');
    const listings = await call('GET', '/api/v1/domains/listings', aliceBearer);
    expect(listings.body.data).toEqual([expect.objectContaining({ domain: NAME, price: { gems: 1000, usd: null } })]);

    await grantGems(s.t.db.orm.em.fork(), { accountId: bobId, amount: 1000, reference: 'journey:bob' });
    const offered = await call('POST', '/api/v1/domains/make-offer', bobBearer, {
      domain: NAME,
      amount: 300,
      currency: 'gems',
    });
    expect(offered.status).toBe(200);

    gemsBeforeSale = await gemsOf(aliceBearer);
    await open(page, domainPage, 'domain-offer');
    await page.getByRole('row').filter({ hasText: '300 gems' }).getByRole('button', { name: 'Accept offer' }).click();
    await expect(page.getByRole('status').first().isVisible()).resolves.toBe(true);
    await check(page, 'domain-sold');
    const owned = await call('GET', '/api/v1/user/domains', bobBearer);
    expect(JSON.stringify(owned.body)).toContain(NAME);
  });

  it('shows the sale with its split and the payout on the market page, and the payout in the balance', async () => {
    await open(page, '/dashboard/market', 'market');
    const sale = page.getByRole('row').filter({ hasText: NAME }).filter({ hasText: '300 gems' });
    await expect(sale.textContent()).resolves.toContain('270 gems');
    await expect(sale.textContent()).resolves.toContain('Paid into your gems balance');
    // The seller's 90% is in her balance, as the API and the overview both say.
    const now = await gemsOf(aliceBearer);
    expect(now).toBe(gemsBeforeSale + 270);
    await open(page, '/dashboard', 'overview-after-sale');
    await expect(page.getByText('Gems balance').textContent()).resolves.toContain(now.toLocaleString('en-US'));
    await expect(page.getByRole('row').filter({ hasText: NAME }).count()).resolves.toBe(0);
  });

  it('shows a failed webhook delivery, then redelivers it once the receiver answers', async () => {
    const deliveries = `/dashboard/webhooks/${subscriptionId}`;
    const registeredEvent = () => page.getByRole('row').filter({ hasText: 'domain.registered' }).first();
    await eventually(async () => {
      const events = await call('GET', `/api/v1/webhooks/${subscriptionId}/events`, aliceBearer);
      return (events.body.data as { event_type: string; status: string }[]).some(
        (e) => e.event_type === 'domain.registered' && e.status === 'failed',
      );
    });
    await open(page, deliveries, 'webhook-deliveries');
    await expect(registeredEvent().textContent()).resolves.toContain('failed');
    await expect(registeredEvent().textContent()).resolves.toContain('HTTP 503');

    receiver?.answerWith(200);
    const heard = receiver?.arrivals.length ?? 0;
    await registeredEvent().getByRole('button', { name: 'Redeliver' }).click();
    await expect(page.getByRole('status').first().isVisible()).resolves.toBe(true);
    await check(page, 'webhook-redelivering');
    await eventually(async () =>
      (receiver?.arrivals.slice(heard) ?? []).some((a) => a.event.event_type === 'domain.registered'),
    );
    await eventually(async () => {
      await page.goto(url(deliveries));
      return ((await registeredEvent().textContent()) ?? '').includes('delivered');
    });
    await check(page, 'webhook-redelivered');
  });

  it('changes nothing for a form whose token belongs to a session that ended', async () => {
    const stale = await alice.newPage();
    stale.setDefaultTimeout(10_000);
    try {
      await stale.goto(url('/dashboard/keys'));
      // Elsewhere in the same browser: sign out, and in again (a new session, a new form token).
      await page.goto(url('/dashboard/keys'));
      await page.getByRole('button', { name: 'Sign out' }).click();
      // A page, not the JSON answer (issue 38 item 13).
      await page.waitForURL(url('/'));
      await expect(page.getByRole('link', { name: 'Sign in' }).isVisible()).resolves.toBe(true);
      await signIn(page, 'alice', '/dashboard/keys');
      const keys = async () => ((await call('GET', '/api/v1/keys', aliceBearer)).body.data as unknown[]).length;
      const before = await keys();
      await stale.getByRole('textbox', { name: 'Name' }).fill('stale form key');
      await stale.getByRole('button', { name: 'Create key' }).click();
      await expect(stale.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Forbidden');
      await check(stale, 'error-stale-form');
      expect(await keys()).toBe(before);
    } finally {
      await stale.close();
    }
  });

  it('makes a team, invites a second member who joins by the link, changes their role, and lifts a lock with their approval', async () => {
    await open(page, '/dashboard/team', 'team-none');
    await page.getByRole('textbox', { name: 'Name' }).fill('Journey Labs');
    await page.getByRole('button', { name: 'Create team' }).click();
    await expect(page.getByRole('status').first().textContent()).resolves.toContain('Journey Labs');
    // The switcher: alice acts for the team; its page shows her as its owner.
    await page.getByLabel('Acting for').selectOption({ label: 'Journey Labs (owner)' });
    await page.getByRole('button', { name: 'Switch' }).click();
    await expect(page.getByRole('heading', { name: 'Journey Labs: members' }).isVisible()).resolves.toBe(true);
    const teamId = (await call('GET', '/api/v1/teams', aliceBearer)).body.data[0].team.id as string;
    const asTeam = { ...aliceBearer, 'x-team-id': teamId };
    // Her names and the agent she claimed move in, in one operation.
    await page.getByRole('button', { name: 'Move mine into Journey Labs' }).click();
    await expect(page.getByRole('status').first().textContent()).resolves.toMatch(/Moved \d+ names? and \d+ agents?/);
    // Acting for the team, what is the team's is said to be the team's, not hers ("You", "Me").
    await page.goto(url('/dashboard'));
    // (The register form's "For": its label's name carries the options' text, so the select is found by name.)
    await expect(page.locator('select[name="owner"] option:checked').textContent()).resolves.toContain('Journey Labs');
    const ownerCells = await page.getByRole('table').filter({ hasText: 'Auto-renew' }).textContent();
    // Her names moved in are the team's, the claimed agent's stay the agent's: none is hers ("You").
    expect(ownerCells).not.toMatch(/\bYou\b/);
    await page.goto(url('/dashboard/team'));
    // An invitation link for an operator, shown once; bob opens it in his browser and joins.
    await page.getByRole('region', { name: 'Invite someone' }).getByLabel('Role').selectOption('operator');
    await page.getByRole('button', { name: 'Make an invitation link' }).click();
    const link =
      (await page.getByRole('status').filter({ hasText: 'The invitation link.' }).locator('code').textContent()) ?? '';
    expect(link).toContain('/dashboard/invitations/');
    await check(page, 'team');
    const bobPage = await bob.newPage();
    try {
      await signIn(bobPage, 'bob', new URL(link).pathname);
      await check(bobPage, 'team-invitation');
      await bobPage.getByRole('button', { name: 'Join Journey Labs' }).click();
      await expect(bobPage.getByRole('status').first().textContent()).resolves.toContain(
        'joined Journey Labs as operator',
      );
      // Used once: the link now answers 410, in a page.
      expect((await bobPage.goto(link))?.status()).toBe(410);
      // Alice makes bob an admin from the members table; he then acts for the team as one.
      await page.reload();
      const team = (await call('GET', `/api/v1/teams/${teamId}`, aliceBearer)).body;
      const joined = (team.members as { role: string; account_id: string; display_name: string | null }[]).find(
        (m) => m.role === 'operator',
      )!;
      const bobRow = page
        .getByRole('row')
        .filter({ has: page.getByRole('button', { name: `Remove ${joined.display_name ?? joined.account_id}` }) });
      await bobRow.getByRole('combobox').selectOption('admin');
      await bobRow.getByRole('button', { name: /Change role/ }).click();
      await expect(page.getByRole('status').first().textContent()).resolves.toContain('Role changed to admin');
      const members = (await call('GET', `/api/v1/teams/${teamId}`, aliceBearer)).body.members as { role: string }[];
      expect(members.map((m) => m.role).sort()).toEqual(['admin', 'owner']);

      // Bob has been a member for longer than the unlock delay (24 h) before the lock (docs/teams.md "The second
      // person"): a member who joined a minute ago is what one person's invitation can make, and would be refused.
      await s.t.db.orm.em
        .fork()
        .getConnection()
        .execute(`update team_member set created_at = now() - interval '2 days' where team_id = ? and account_id = ?`, [
          teamId,
          joined.account_id,
        ]);
      // A name of the team, locked; alice asks to unlock it; bob, the second member, approves in his browser.
      const agentName = ((await call('GET', '/api/v1/domains', asTeam)).body.data as { name: string }[])[0]!.name;
      expect((await call('POST', `/api/v1/domains/${agentName}/lock`, asTeam)).status).toBe(200);
      expect((await call('POST', `/api/v1/domains/${agentName}/unlock`, asTeam)).body.unlock.status).toBe('pending');
      await bobPage.goto(url('/dashboard'));
      await bobPage.getByLabel('Acting for').selectOption({ label: 'Journey Labs (admin)' });
      await bobPage.getByRole('button', { name: 'Switch' }).click();
      await bobPage.goto(url(`/dashboard/domains/${agentName}`));
      await bobPage.getByRole('button', { name: 'Approve unlock' }).click();
      await expect(bobPage.getByRole('status').first().textContent()).resolves.toContain('Unlock approved');
      expect((await call('GET', `/api/v1/domains/${agentName}/lock`, asTeam)).body.locked).toBe(false);
    } finally {
      await bobPage.close();
    }
    // The team's trail on alice's activity page: bob's approval, as a member acting for the team.
    await open(page, '/dashboard/activity', 'activity-team');
    const approval = page
      .getByRole('region', { name: 'Audit trail' })
      .getByRole('row')
      .filter({ hasText: 'approved the unlock of' });
    // The member by name, not by an id (issue 51).
    await expect(approval.first().textContent()).resolves.toContain('bob');
    // Back to herself: the rest of the journey is alice's own.
    await page.getByLabel('Acting for').selectOption({ label: 'Myself' });
    await page.getByRole('button', { name: 'Switch' }).click();
  });

  // docs/teams.md "Roles": every page offers only what the role may use (issue 51). Bob, a member of alice's
  // team acting for it, is given each role in turn; his browser shows a team name's page and the team's page
  // with exactly the forms of his role (test/integration/dashboard-roles.test.ts sends each one shown).
  it('shows each role, in the browser, only the forms it may use', async () => {
    const teamId = (await call('GET', '/api/v1/teams', aliceBearer)).body.data[0].team.id as string;
    const asTeam = { ...aliceBearer, 'x-team-id': teamId };
    const members = (await call('GET', `/api/v1/teams/${teamId}`, aliceBearer)).body.members as {
      role: string;
      account_id: string;
    }[];
    const bobId = members.find((m) => m.role !== 'owner')!.account_id;
    const teamName = ((await call('GET', '/api/v1/domains', asTeam)).body.data as { name: string }[])[0]!.name;
    const nameForms = ['Renew with gems', 'Save auto-renew', 'Save records', 'List for sale', 'Save profile', 'Lock'];
    const teamForms = ['Move gems', 'Make an invitation link', 'Change role', 'Move mine into Journey Labs'];
    const bobPage = await bob.newPage();
    try {
      for (const role of ['operator', 'billing', 'auditor', 'admin'] as const) {
        const set = await call('PATCH', `/api/v1/teams/${teamId}/members/${bobId}`, aliceBearer, { role });
        expect(set.status).toBe(200);
        const shown = async (path: string, forms: string[]) => {
          await bobPage.goto(url(path));
          const seen: Record<string, boolean> = {};
          for (const f of forms) seen[f] = (await bobPage.getByRole('button', { name: f, exact: true }).count()) > 0;
          return seen;
        };
        const acts = role === 'operator' || role === 'admin';
        expect({ role, forms: await shown(`/dashboard/domains/${teamName}`, nameForms) }).toEqual({
          role,
          // Locking is `security`: an owner's or an admin's, not an operator's (docs/teams.md "Registrar lock").
          forms: { ...Object.fromEntries(nameForms.map((f) => [f, acts])), Lock: role === 'admin' },
        });
        await check(bobPage, `domain-as-${role}`);
        expect({ role, forms: await shown('/dashboard/team', teamForms) }).toEqual({
          role,
          forms: {
            'Move gems': role === 'admin' || role === 'billing',
            'Make an invitation link': false,
            'Change role': false,
            'Move mine into Journey Labs': role === 'admin',
          },
        });
        await check(bobPage, `team-as-${role}`);
      }
    } finally {
      await bobPage.close();
    }
  });

  it('the home page and a namespace page lead to the dashboard and fit a phone', async () => {
    await open(page, '/', 'home');
    await expect(page.getByRole('link', { name: 'Go to your dashboard' }).isVisible()).resolves.toBe(true);
    await open(page, '/tld/agent', 'landing');
    await expect(page.getByRole('link', { name: 'Your dashboard' }).isVisible()).resolves.toBe(true);
    const signedOut = await bob.newPage();
    try {
      await signedOut.context().clearCookies();
      await open(signedOut, '/', 'home-signed-out');
    } finally {
      await signedOut.close();
    }
  });

  it('every page visited passes axe (nothing serious or critical) and fits a 375-pixel screen', () => {
    expect([...PHOTOS].filter((name) => !seen.has(name))).toEqual([]);
    expect(problems).toEqual([]);
    // A known shortfall that no page shows any more is fixed: delete it from KNOWN_AXE or KNOWN_OVERFLOW.
    expect([...tolerated].sort()).toEqual([
      ...Object.keys(KNOWN_AXE).map((id) => `axe ${id}`),
      ...(KNOWN_OVERFLOW.length > 0 ? ['overflow of a labelled control'] : []),
    ]);
  });
});
