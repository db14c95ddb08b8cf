import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { DevOidcProvider } from '../../src/infra/dev-oidc/provider.ts';
import { buildTestApp, type TestApp } from './app.ts';
import { humanWithSession } from './identities.ts';
import { startTestOidc } from './oidc.ts';

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/**
 * A person's browser on the dashboard, driven through inject: GETs a page, reads a form's token from it
 * and posts the form as a browser on this site would (same-origin fetch metadata, the session cookie).
 * The Chromium journey (test/e2e/dashboard-journey.test.ts) covers the same pages in a real browser.
 */
export function dashboardBrowser(app: FastifyInstance, cookie: string) {
  const get = (url: string) => app.inject({ method: 'GET', url, headers: { accept: BROWSER, cookie } });

  /** The hidden fields of the first form on the page posting `action` (for `target`, when given). */
  function formOf(page: string, action: string, target?: string): Record<string, string> {
    const forms = page.match(/<form method="post"[\s\S]*?<\/form>/g) ?? [];
    for (const f of forms) {
      const hidden = Object.fromEntries(
        [...f.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\s*\/?>/g)].map((m) => [
          m[1],
          unescape(m[2] ?? ''),
        ]),
      );
      if (hidden.action === action && (target === undefined || hidden.target === target)) return hidden;
    }
    throw new Error(`no form for ${action}${target ? `:${target}` : ''} on the page`);
  }

  /** Loads `url`, fills the form for `action` with `fields` and posts it. */
  async function submit(
    url: string,
    action: string,
    fields: Record<string, string>,
    o: { target?: string; override?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse & { redirected: LightMyRequestResponse | null }> {
    const page = await get(url);
    const hidden = formOf(page.body, action, o.target);
    return post(url, { ...hidden, ...fields, ...o.override });
  }

  /** Posts a form as the browser does, without following the answer's redirect (pairs keep repeated fields apart). */
  const postOnly = (url: string, body: Record<string, string> | [string, string][]) =>
    app.inject({
      method: 'POST',
      url,
      headers: {
        accept: BROWSER,
        cookie,
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'same-origin',
      },
      payload: new URLSearchParams(body).toString(),
    });

  /**
   * Posts a form and, as a browser does, follows a 303 (post/redirect/get) with the cookies it set: the
   * answer is the page the browser lands on. `redirected` is the redirect itself, when there was one.
   */
  const post = async (url: string, body: Record<string, string>) =>
    followRedirect(app, cookie, await postOnly(url, body));

  return { get, formOf, submit, post, postOnly };
}

/**
 * The page a browser lands on after a form's answer: a 303 (post/redirect/get) is followed with the
 * cookies it set (the flash of what the action said); any other answer is the page itself.
 * `redirected` is the redirect, when there was one.
 */
export async function followRedirect(
  app: FastifyInstance,
  cookie: string,
  first: LightMyRequestResponse,
): Promise<LightMyRequestResponse & { redirected: LightMyRequestResponse | null }> {
  if (first.statusCode !== 303) return Object.assign(first, { redirected: null });
  const set = [first.headers['set-cookie'] ?? []]
    .flat()
    .map((c) => c.split(';')[0] ?? '')
    .filter(Boolean);
  const landed = await app.inject({
    method: 'GET',
    url: String(first.headers.location),
    headers: { accept: BROWSER, cookie: [cookie, ...set].join('; ') },
  });
  return Object.assign(landed, { redirected: first });
}

function unescape(s: string): string {
  return s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** What a visitor without a session gets for the page `url`, asked for as a browser asks: the status and where it is sent. */
export async function visitWithoutSession(app: FastifyInstance, url: string) {
  const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  return { status: res.statusCode, location: res.headers.location };
}

/** The text of an element with this id or class in a page (first match), tags stripped. */
export function textOf(page: string, selector: { id?: string; cls?: string }): string | null {
  const re = selector.id
    ? new RegExp(`id="${selector.id}"[^>]*>([\\s\\S]*?)</`)
    : new RegExp(`class="${selector.cls}"[^>]*>([\\s\\S]*?)</(p|div)>`);
  const m = re.exec(page);
  return m ? (m[1] ?? '').replace(/<[^>]+>/g, '') : null;
}

/** The app the dashboard tests drive: people sign in at a dev identity provider of its own. */
export interface DashboardTestApp extends TestApp {
  idp: DevOidcProvider;
  /** A person as the provider's `subject`: their account, session cookie, and browser on the dashboard. */
  signIn(subject: string): Promise<{ accountId: string; cookie: string; browser: ReturnType<typeof dashboardBrowser> }>;
}

/** `buildTestApp` with a dev OIDC provider as its issuer (OIDC_ISSUER); closing it stops both. */
export async function buildDashboardApp(env: Record<string, string> = {}): Promise<DashboardTestApp> {
  const idp = await startTestOidc();
  const t = await buildTestApp({ OIDC_ISSUER: idp.issuer, ...env }).catch(async (err: unknown) => {
    await idp.stop();
    throw err;
  });
  return {
    ...t,
    idp,
    async signIn(subject) {
      const { accountId, cookie } = await humanWithSession(t.app, t.db.orm, subject, idp.issuer);
      return { accountId, cookie, browser: dashboardBrowser(t.app, cookie) };
    },
    async close() {
      await t.close();
      await idp.stop();
    },
  };
}
