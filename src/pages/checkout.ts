import { createHash } from 'node:crypto';
import { escapeHtml, htmlPage } from './landing.ts';

// The human checkout (spec 4.7 `GET /checkout/{domain}`): a listed name bought with gems by a person
// signed in with a browser session. Pure renderers; every value that reaches the HTML is escaped.

export interface CheckoutReferrer {
  /** How the referrer is shown: a display name, the username or the account id. */
  label: string;
}

export interface CheckoutView {
  name: string;
  priceGems: number;
  /** The referrer as given in the link (passed on to the purchase as it is), and who it is when it is valid. */
  affiliateId: string | null;
  referrer: CheckoutReferrer | null;
  /** Where signing in starts (returning to this page). */
  signInUrl: string;
  /** The signed-in buyer; null: the page asks the visitor to sign in. */
  buyer: { accountId: string; label: string; balance: number; csrfToken: string } | null;
  /**
   * Development only (NODE_ENV=development, what `npm start` runs): the page says how the buyer gets
   * gems there, the operator CLI's grant; never shown elsewhere, where gems are bought for real.
   */
  development?: boolean;
}

export interface PurchasedView {
  name: string;
  price: number;
  sellerAmount: number;
  referrerAmount: number;
  platformAmount: number;
  balance: number;
  warnings: string[];
}

export interface RefusalView {
  /** "Not for sale" on the page, "Not bought" after the form. */
  heading: string;
  status: number;
  code: string;
  message: string;
  /** Back to the checkout page of the name, when the request named one. */
  backUrl: string | null;
  /** Offered when the refusal is about signing in. */
  signInUrl: string | null;
}

const extraStyle =
  '.price{font-size:1.6rem;font-weight:600;margin:.2rem 0}.note{color:#444}.short{color:#7f1d1d}' +
  '.error{border-left:4px solid #b91c1c;padding:.2rem .8rem;background:#fef2f2}.done{border-left:4px solid #15803d;padding:.2rem .8rem;background:#f0fdf4}';

// Keeps a second click from starting a second purchase while the first is on its way (it would be told
// the name is being bought), and gives the button back when the browser returns to the page from its cache.
const script = `
(function () {
  var form = document.getElementById('buy-form');
  if (!form) return;
  var button = form.querySelector('button');
  form.addEventListener('submit', function () {
    button.disabled = true;
    button.textContent = 'Buying...';
  });
  window.addEventListener('pageshow', function () {
    button.disabled = button.hasAttribute('data-short');
    button.textContent = 'Buy with gems';
  });
})();
`;

/** The Content-Security-Policy source that admits exactly the checkout page's inline script. */
export const checkoutScriptHash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

const home = '<p class="note"><a href="/">Agent domain registry</a></p>';

/** Development only: the one command that gives the buyer enough gems (an operator's grant), or a float. */
function devGemsLine(accountId: string, short: number): string {
  const amount = Math.max(short, 1000);
  return `<p id="dev-gems" class="note"><strong>Development only:</strong> give this account gems with <code>npm run ops -- grant-gems ${escapeHtml(accountId)} ${amount}</code> (beside <code>npm start</code> as it is; elsewhere with DATABASE_URL set to the stack's database; docs/operations.md "Operator CLI"), then reload this page.</p>`;
}

function referrerLine(v: CheckoutView): string {
  if (!v.affiliateId) return '';
  if (v.referrer)
    return `<p id="referrer">Referred by <strong>${escapeHtml(v.referrer.label)}</strong>, who earns 5% of the price.</p>`;
  return `<p id="referrer" class="note">The referral <code>${escapeHtml(v.affiliateId)}</code> is not valid here (it must be an existing account other than you and the seller); the purchase goes ahead without a referrer.</p>`;
}

export function renderCheckout(v: CheckoutView): string {
  const name = escapeHtml(v.name);
  let action: string;
  if (!v.buyer) {
    action = `<p id="signed-out">You are not signed in. <a id="sign-in" href="${escapeHtml(v.signInUrl)}">Sign in</a> to buy ${name} with your gems; you will come back to this page.</p>`;
  } else {
    const short = v.buyer.balance < v.priceGems;
    const affiliate = v.affiliateId
      ? `<input type="hidden" name="affiliate_id" value="${escapeHtml(v.affiliateId)}">`
      : '';
    action = `<p id="signed-in">Signed in as <strong>${escapeHtml(v.buyer.label)}</strong>. Your balance: <strong id="balance">${v.buyer.balance}</strong> gems.</p>
${short ? `<p id="short" class="short">Your balance does not cover the price: you need ${v.priceGems - v.buyer.balance} more gems.</p>` : ''}
${v.development ? devGemsLine(v.buyer.accountId, v.priceGems - v.buyer.balance) : ''}
<form id="buy-form" method="post" action="/checkout/${name}">
<input type="hidden" name="csrf_token" value="${escapeHtml(v.buyer.csrfToken)}">
${affiliate}
<button type="submit"${short ? ' disabled data-short' : ''}>Buy with gems</button>
</form>
<p class="note">The name moves to you at once; ${v.priceGems} gems leave your balance.</p>`;
  }
  return htmlPage({
    title: `Buy ${v.name}`,
    extraStyle,
    body: `<main>
${home}
<h1>Buy <span id="name">${name}</span></h1>
<p class="price" id="price">${v.priceGems} gems</p>
${referrerLine(v)}
${action}
</main>${v.buyer ? `\n<script>${script}</script>` : ''}`,
  });
}

export function renderPurchased(v: PurchasedView): string {
  const name = escapeHtml(v.name);
  const warnings = v.warnings.map((w) => `<p class="note warning">${escapeHtml(w)}</p>`).join('\n');
  const referrer = v.referrerAmount > 0 ? `, the referrer ${v.referrerAmount}` : '';
  return htmlPage({
    title: `You bought ${v.name}`,
    extraStyle,
    body: `<main>
${home}
<div class="done" id="purchased">
<h1>${name} is yours</h1>
<p>You paid <strong id="paid">${v.price}</strong> gems. The seller received ${v.sellerAmount}${referrer} and the registry ${v.platformAmount}.</p>
</div>
${warnings}
<p>Your balance: <strong id="balance">${v.balance}</strong> gems.</p>
<p><a href="/api/v1/lookup/${name}">The public record of ${name}</a></p>
</main>`,
  });
}

export function renderRefusal(v: RefusalView): string {
  const links = [
    v.signInUrl ? `<a id="sign-in" href="${escapeHtml(v.signInUrl)}">Sign in</a>` : '',
    v.backUrl ? `<a id="back" href="${escapeHtml(v.backUrl)}">Back to the checkout</a>` : '',
  ]
    .filter(Boolean)
    .join(' · ');
  return htmlPage({
    title: 'Checkout',
    extraStyle,
    body: `<main>
${home}
<div class="error" id="refusal" data-code="${escapeHtml(v.code)}">
<h1>${escapeHtml(v.heading)}</h1>
<p id="message">${escapeHtml(v.message)}</p>
<p class="note">Code <code id="code">${escapeHtml(v.code)}</code> (HTTP ${v.status}).</p>
</div>
${links ? `<p>${links}</p>` : ''}
</main>`,
  });
}
