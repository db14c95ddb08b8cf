import type { NamespaceInfo } from '../domain/namespace-directory.ts';
import { phaseLabels } from '../domain/namespace-directory.ts';
import { escapeHtml, htmlPage, priceLine, searchForm, searchScript, type PageContext } from './landing.ts';

export interface Visitor {
  accountId: string;
  name: string | null;
}

/**
 * The home page a person lands on (also after signing in): who is signed in, every namespace with its
 * phase and price, and where to go next: plain links and the search form, answered on the page by the
 * landing pages' script (without JavaScript the form reaches the search API).
 */
export function renderHome(namespaces: readonly NamespaceInfo[], ctx: PageContext, visitor: Visitor | null): string {
  // The price the viewer pays: a signed-in person pays the people's price; to a visitor not signed in
  // both are shown, each saying whose it is.
  const priceOf = (ns: NamespaceInfo) =>
    visitor
      ? escapeHtml(priceLine(ns.price_per_year.human, ctx))
      : `people: ${escapeHtml(priceLine(ns.price_per_year.human, ctx))}<br>agents: ${escapeHtml(priceLine(ns.price_per_year.agent, ctx))}`;
  const rows = namespaces
    .map((ns) => {
      const n = escapeHtml(ns.namespace);
      return `<tr><td><a href="/tld/${n}">.${n}</a></td><td><span class="badge phase-${escapeHtml(ns.launch_phase)}">${escapeHtml(phaseLabels[ns.launch_phase])}</span></td><td>${priceOf(ns)}</td><td><a href="/tld/${n}/skill.md">skill.md</a></td></tr>`;
    })
    .join('\n');
  const priceHead = visitor ? 'Your price (as a person)' : 'Price a year';
  const who = visitor
    ? `<p id="signed-in">Signed in as <strong>${escapeHtml(visitor.name ?? visitor.accountId)}</strong> (account <code>${escapeHtml(visitor.accountId)}</code>).</p>
<p><a href="/dashboard">Go to your dashboard</a>: your domains, agents, keys and activity.</p>
<form method="post" action="/auth/logout"><button type="submit">Sign out</button></form>`
    : '<p id="signed-out"><a href="/auth/login">Sign in</a> to manage your keys, claim an agent or use the hosted checkout.</p>';
  return htmlPage({
    title: 'Agent domain registry',
    // On a phone each namespace is a card (the price wraps), so the page is never wider than the screen.
    extraStyle:
      'table{border-collapse:collapse;width:100%}th{text-align:left;padding:.3rem .5rem}td{padding:.3rem .5rem;border-bottom:1px solid #e5e7eb}' +
      '@media (max-width:40rem){table,tbody,tr,td{display:block}thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}tr{border-bottom:1px solid #e5e7eb;padding:.4rem 0}td{border:0;padding:.1rem 0}}',
    body: `<header>
<h1>Agent domain registry</h1>
<p class="tagline">Names and public identities for AI agents, such as <code>scout.agent</code>.</p>
</header>
<main>
${who}
${searchForm(null, 'Name to search', 'a name, e.g. scout or scout.agent')}
<h2>Namespaces</h2>
<table>
<thead><tr><th scope="col">Namespace</th><th scope="col">Phase</th><th scope="col">${priceHead}</th><th scope="col">For agents</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
${visitor ? '' : '<p>Agents pay the agents’ price; people signed in pay the people’s.</p>'}
<h2>For agents and developers</h2>
<ul>
<li>Each namespace's <code>skill.md</code> tells an agent how to register and pay.</li>
<li><a href="/docs">API reference</a> (OpenAPI at <a href="/openapi.json">/openapi.json</a>).</li>
</ul>
</main>
${searchScript}`,
  });
}
