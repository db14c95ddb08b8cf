import { createHash } from 'node:crypto';
import type { NamespaceInfo } from '../domain/namespace-directory.ts';
import { phaseLabels } from '../domain/namespace-directory.ts';
import { formatUsd, gemsToUsdMicros } from '../domain/money.ts';

export type PageContext = {
  baseUrl: string;
  gemUsdRate: string;
  currency: string;
  /** The payment chain, and its public RPC when the operator publishes one. */
  chainId?: number;
  rpcUrl?: string | null;
  /** The USDC route's checkout relay, when the operator opened the route. */
  usdcCheckoutUrl?: string | null;
};

const htmlEntities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => htmlEntities[c] ?? c);
}

export function priceLine(gems: number, ctx: PageContext): string {
  return `${gems} gems / year (≈ ${formatUsd(gemsToUsdMicros(gems, ctx.gemUsdRate))} ${ctx.currency})`;
}

const style = `
body{font-family:system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem;color:#1d1d1f;line-height:1.5}
h1{font-size:2.4rem;margin:.2rem 0}.tagline{font-size:1.2rem;color:#444;margin-top:0}
.badge{display:inline-block;padding:.15rem .6rem;border-radius:1rem;font-size:.85rem;font-weight:600}
.phase-public{background:#d9f5dd;color:#14532d}.phase-sunrise{background:#fff1c2;color:#713f12}.phase-coming_soon{background:#e5e7eb;color:#374151}
form{display:flex;gap:.5rem;margin:1rem 0}input{flex:1;min-width:0;padding:.5rem;font-size:1rem}button{padding:.5rem 1rem;font-size:1rem}
.suffix{align-self:center;font-weight:600}#search-results li.available{color:#14532d}#search-results li.taken{color:#7f1d1d}
dt{font-weight:600}dd{margin:0 0 .6rem 0}code{background:#f3f4f6;padding:0 .25rem}
`;

// The search of the landing pages and the home page. The namespace reaches the script through a data
// attribute, so no catalog string is ever inside <script>; without one (the home page) the name is
// searched as typed: a bare name in every namespace, a full name in its own.
const script = `
(function () {
  var form = document.getElementById('search-form');
  var input = document.getElementById('search-input');
  var out = document.getElementById('search-results');
  var ns = form.getAttribute('data-namespace') || '';
  function el(tag, text, cls) {
    var e = document.createElement(tag);
    e.textContent = text;
    if (cls) e.className = cls;
    return e;
  }
  function show(node) {
    out.textContent = '';
    out.appendChild(node);
  }
  function render(body) {
    if (!body || body.status === 'error' || !Array.isArray(body.results)) {
      show(el('p', (body && body.message) || 'Search failed.', 'error'));
      return;
    }
    if (body.results.length === 0) return show(el('p', 'No results.'));
    var list = document.createElement('ul');
    body.results.forEach(function (it) {
      var text = it.domain + ': ' + (it.available ? 'available' : 'not available');
      if (it.reason && it.reason !== 'available') text += ' (' + it.reason + ')';
      if (it.available) text += ', agent ' + it.agent_price + ' gems/yr, human ' + it.human_price + ' gems/yr';
      var item = el('li', text, it.available ? 'available' : 'taken');
      if (it.available) {
        // A person registers it on the dashboard (signing in first if need be), the name filled in.
        var link = el('a', 'Register it');
        link.href = '/dashboard?register=' + encodeURIComponent(it.domain) + '#register';
        item.appendChild(document.createTextNode(' '));
        item.appendChild(link);
      }
      list.appendChild(item);
    });
    show(list);
  }
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var name = input.value.trim().toLowerCase().replace(/\\.$/, '');
    if (ns && name.slice(-(ns.length + 1)) === '.' + ns) name = name.slice(0, -(ns.length + 1));
    if (!name) return show(el('p', 'Type a name first.', 'error'));
    show(el('p', 'Searching...'));
    var q = ns ? name + '.' + ns : name;
    return fetch('/api/v1/domains/search?q=' + encodeURIComponent(q), { headers: { accept: 'application/json' } })
      .then(function (res) {
        return res.json().catch(function () {
          return { status: 'error', message: 'Unexpected response (HTTP ' + res.status + ').' };
        });
      })
      .then(render, function () {
        show(el('p', 'Search failed: the service could not be reached.', 'error'));
      });
  });
})();
`;

/** The Content-Security-Policy source that admits exactly the search pages' inline script. */
export const landingScriptHash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/**
 * A search form answered on the page (the script above renders the results as text): within
 * `namespace`, or across every namespace when it is null. Without JavaScript the form still reaches the
 * search API.
 */
export function searchForm(namespace: string | null, label: string, placeholder: string): string {
  const ns = namespace === null ? '' : escapeHtml(namespace);
  return `<form id="search-form" action="/api/v1/domains/search" method="get" data-namespace="${ns}">
<input id="search-input" name="q" type="text" placeholder="${escapeHtml(placeholder)}" autocomplete="off" spellcheck="false" maxlength="${namespace === null ? 253 : 63}" aria-label="${escapeHtml(label)}" required>
${namespace === null ? '' : `<span class="suffix">.${ns}</span>\n`}<button type="submit">Search</button>
</form>
<div id="search-results" aria-live="polite"></div>`;
}

/** The search script, placed once at the end of a page that has a searchForm. */
export const searchScript = `<script>${script}</script>`;

/** The HTML shell every page shares: head, the common style, and the body given. */
export function htmlPage(p: { title: string; description?: string; extraStyle?: string; body: string }): string {
  const description = p.description ? `\n<meta name="description" content="${escapeHtml(p.description)}">` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(p.title)}</title>${description}
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${style}${p.extraStyle ?? ''}</style>
</head>
<body>
${p.body}
</body>
</html>
`;
}

export function renderLanding(ns: NamespaceInfo, ctx: PageContext): string {
  const name = escapeHtml(ns.namespace);
  const phase = ns.launch_phase;
  const li = (items: readonly string[]) => items.map((s) => `<li>${escapeHtml(s)}</li>`).join('');
  const reserved = ns.reserved_names.length
    ? `<p>${ns.reserved_names.map((r) => `<code>${escapeHtml(r)}</code>`).join(' ')}</p>`
    : '<p>None.</p>';
  return htmlPage({
    title: `.${ns.namespace}`,
    description: ns.tagline,
    body: `<nav aria-label="Site"><a href="/">Agent domain registry</a> · <a href="/dashboard">Your dashboard</a></nav>
<header>
<span id="phase-badge" class="badge phase-${escapeHtml(phase)}">${escapeHtml(phaseLabels[phase])}</span>
<h1>.${name}</h1>
<p class="tagline">${escapeHtml(ns.tagline)}</p>
</header>
<main>
${searchForm(ns.namespace, `Name to search in .${ns.namespace}`, 'your-name')}
<p>${escapeHtml(ns.description)}</p>
<dl>
<dt>Price for agents</dt><dd>${escapeHtml(priceLine(ns.price_per_year.agent, ctx))}</dd>
<dt>Price for humans</dt><dd>${escapeHtml(priceLine(ns.price_per_year.human, ctx))}</dd>
<dt>Who may register</dt><dd>${escapeHtml(ns.whitelist_rule)}</dd>
</dl>
<h2>Use cases</h2>
<ul>${li(ns.use_cases)}</ul>
<h2>Reserved names</h2>
${reserved}
<h2>For agents</h2>
<p>Agents register through the API. Everything an agent needs is in the <a id="skill-link" href="/tld/${name}/skill.md">.${name} skill file</a>.</p>
</main>
${searchScript}`,
  });
}
