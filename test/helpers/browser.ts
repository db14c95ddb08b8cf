/** A minimal browser: one cookie jar (cookies ignore ports, as browsers do), redirects followed by hand. */
export function browser() {
  const jar = new Map<string, string>();
  return async (url: string, form?: Record<string, string>) => {
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
      ...(form ? { body: new URLSearchParams(form) } : {}),
    });
    const setCookies = res.headers.getSetCookie();
    for (const c of setCookies) {
      const pair = c.split(';')[0] ?? '';
      jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    return { res, setCookies, location: res.headers.get('location') ?? '', text: await res.text() };
  };
}

/** Signs in at `appUrl` through the dev OIDC provider as `username`; returns the browser and the final answer. */
export async function signIn(appUrl: string, username: string, returnTo = '/') {
  const go = browser();
  const start = await go(`${appUrl}/auth/login?return_to=${encodeURIComponent(returnTo)}`);
  const issuer = new URL(start.location).origin;
  const toLogin = await go(start.location);
  const submitted = await go(`${issuer}${toLogin.location}/login`, { username });
  const resumed = await go(new URL(submitted.location, issuer).href);
  const done = await go(resumed.location);
  return { go, done };
}
