import type { IncomingMessage, ServerResponse } from 'node:http';

// The provider's one page: a username and no password, said plainly to be for development only.

/** The login form's body, refused past 4 KiB (it holds one username). */
export async function readLoginForm(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) {
    body += chunk;
    if (body.length > 4096) throw new Error('login form too large');
  }
  return body;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The sign-in form of interaction `uid`, the login hint filled in, with a problem to show if any. */
export function loginPage(res: ServerResponse, status: number, uid: string, hint: string, problem = ''): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
    .end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Dev sign-in</title></head>
<body style="font-family:system-ui;max-width:28rem;margin:4rem auto">
<h1>Development identity provider</h1>
<p><strong>For development only:</strong> any username signs in, with no password. Never expose this provider.</p>
${problem ? `<p role="alert">${escapeHtml(problem)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<label>Username <input name="username" value="${escapeHtml(hint)}" autofocus required maxlength="200"></label>
<button type="submit">Sign in</button>
</form></body></html>`);
}
